// Where container-too-tight applies (docs/lint.md): the checklist's
// "container radius ≥ content radius + padding" holds for content *at* its
// container's corner. Padding is part of that rule, so it never takes content
// away from the corner, however large; only the distance that something else
// adds — alignment (centring a smaller shape), stack spacing and siblings —
// can. The line: a corner is at its container's corner when, on both axes,
// that added distance (the inset less the padding in between) is below the
// container's radius R there; at exactly R it floats. With no padding this is
// the plain rule d < R. A square container corner (R = 0) needs nothing.
// The screen is not a container content is padded into (a top-level shape is
// placed on it by its padding, and the display's radius is fixed): against it
// only the plain rule applies.
import SceneLang

extension Context {
    /// Whether corner k of shape `i`, resolved as `r`, is at its container's corner.
    mutating func atCorner(_ i: Int, _ k: Corner, _ r: CornerReason) -> Bool {
        guard let R = r.containerRadius, let d = r.distance else { return false }
        return atCorner(i, k, R: R, d: d, dx: r.dx, dy: r.dy)
    }

    /// The same from the corner's numbers: the container's radius R there and the
    /// distance d (with its insets dx, dy when known). The padding is read only
    /// when d alone does not settle it.
    mutating func atCorner(_ i: Int, _ k: Corner, R: Double, d: Double, dx: Double?, dy: Double?) -> Bool {
        guard R > 0 else { return false }
        if d < R { return true }
        guard case .node = scene.shapes[i].enclosing else { return false }
        return Self.atCorner(k, R: R, d: d, dx: dx, dy: dy, padding: padding(i))
    }

    /// The rule for a corner of content in a node container, given the padding
    /// between them (`padding(_:)`).
    static func atCorner(_ k: Corner, _ r: CornerReason, padding p: Insets) -> Bool {
        guard let R = r.containerRadius, let d = r.distance else { return false }
        return atCorner(k, R: R, d: d, dx: r.dx, dy: r.dy, padding: p)
    }

    static func atCorner(_ k: Corner, R: Double, d: Double, dx: Double?, dy: Double?, padding p: Insets) -> Bool {
        guard R > 0 else { return false }
        if d < R { return true }
        let (px, py): (Double, Double)
        switch k {
        case .topLeading: (px, py) = (p.leading, p.top)
        case .topTrailing: (px, py) = (p.trailing, p.top)
        case .bottomTrailing: (px, py) = (p.trailing, p.bottom)
        case .bottomLeading: (px, py) = (p.leading, p.bottom)
        }
        let added = max((dx ?? d) - px, (dy ?? d) - py)
        return added < R - 1e-9
    }

    /// The padding between shape `i` and its container: its own `pad` and that
    /// of every node between it and the container (the container's own `pad`
    /// is outside its frame). Memoised, walked without recursion.
    mutating func padding(_ i: Int) -> Insets {
        if paddingMemo.isEmpty { paddingMemo = PaddingMemo(count: scene.shapes.count) }
        if let known = paddingMemo[i] { return known }
        // The container (−1: the screen, never reached) and the parent, as indices.
        let stop = Int(scene.shapes[i].enclosingIndex)
        let parent = Int(scene.shapes[i].parentIndex)
        // Usually the parent is the container, or was asked first: only `i` itself
        // is not known, and no chain is kept.
        if parent < 0 || parent == stop || paddingMemo[parent] != nil {
            let base = (parent < 0 || parent == stop ? Insets() : paddingMemo[parent]!) + Self.padding(of: nodes.items(i), env: env)
            paddingMemo[i] = base
            return base
        }
        // How many nodes, from `i` up, are not yet known.
        var count = 0
        var at = i
        var base = Insets()
        while at >= 0, at != stop {
            if let known = paddingMemo[at] { base = known; break }
            count += 1
            at = Int(scene.shapes[at].parentIndex)
        }
        var chain: [Int] = []
        chain.reserveCapacity(count)
        var a = i
        for _ in 0..<count { chain.append(a); a = scene.shapes[a].parent ?? a }
        for k in stride(from: count - 1, through: 0, by: -1) {
            base = base + Self.padding(of: nodes.items(chain[k]), env: env)
            paddingMemo[chain[k]] = base
        }
        return base
    }

    /// A node's `pad`, as the evaluator reads it (a later item wins per edge),
    /// under `env` (the file's unless given: a trial's edited bindings).
    func ownPadding(_ i: Int, env: [String: Double]? = nil) -> Insets {
        Self.padding(of: nodes.items(i), env: env ?? self.env)
    }

    /// `ownPadding` of a node's items. (Static: a call of a method of the context
    /// from `padding`, which the checker makes for most shapes, copied the context.)
    static func padding(of items: Items, env: [String: Double]) -> Insets {
        var p = Insets()
        // (Only the `pad` items' edges are read: no other item is built; a
        // number needs no bindings, so the common `pad h 6` reads none.)
        items.padEdges { edge, e in
            if let v = ExprValue.constant(e) { p.set(edge, v); return }
            guard let v = ExprValue.eval(e, env) else { return }
            p.set(edge, v)
        }
        return p
    }
}

/// Node → the padding between it and its container, `Context.padding`'s memo,
/// in 4 bytes a node (it was 40, an `Insets?` each): an index into the paddings
/// met, each kept once where a table of 1,024 of the last ones met, by their bits,
/// finds it (siblings, and a grid's rows, repeat a few), or again when not.
/// What is read back is what was stored, to the bit.
struct PaddingMemo {
    /// Node → index into `values`; −1: not known.
    private var index: [Int32] = []
    private var values: [Insets] = []
    /// A padding's bits, hashed → where it is in `values` (−1: none yet).
    private var recent: [Int32] = []
    static let recentBits = 10

    init() {}

    init(count: Int) {
        index = Array(repeating: -1, count: count)
        recent = Array(repeating: -1, count: 1 << Self.recentBits)
    }

    var isEmpty: Bool { index.isEmpty }

    /// How many distinct entries are kept (tests).
    var kept: Int { values.count }

    subscript(i: Int) -> Insets? {
        get {
            let k = index[i]
            return k < 0 ? nil : values[Int(k)]
        }
        set {
            guard let v = newValue else { index[i] = -1; return }
            index[i] = intern(v)
        }
    }

    private mutating func intern(_ v: Insets) -> Int32 {
        let bits = (v.top.bitPattern, v.leading.bitPattern, v.bottom.bitPattern, v.trailing.bitPattern)
        var h = bits.0 &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ bits.1) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ bits.2) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ bits.3) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: h >> UInt64(64 - Self.recentBits))  // (the hash's top bits)
        let k = recent[slot]
        if k >= 0 {
            let w = values[Int(k)]
            if (w.top.bitPattern, w.leading.bitPattern, w.bottom.bitPattern, w.trailing.bitPattern) == bits { return k }
        }
        values.append(v)
        let new = Int32(values.count - 1)
        recent[slot] = new
        return new
    }
}

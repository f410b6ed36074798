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
        guard let R = r.containerRadius, R > 0, let d = r.distance else { return false }
        if d < R { return true }
        guard case .node = scene.shapes[i].enclosing else { return false }
        return Self.atCorner(k, r, padding: padding(i))
    }

    /// The rule for a corner of content in a node container, given the padding
    /// between them (`padding(_:)`).
    static func atCorner(_ k: Corner, _ r: CornerReason, padding p: Insets) -> Bool {
        guard let R = r.containerRadius, R > 0, let d = r.distance else { return false }
        if d < R { return true }
        let (px, py): (Double, Double)
        switch k {
        case .topLeading: (px, py) = (p.leading, p.top)
        case .topTrailing: (px, py) = (p.trailing, p.top)
        case .bottomTrailing: (px, py) = (p.trailing, p.bottom)
        case .bottomLeading: (px, py) = (p.leading, p.bottom)
        }
        let added = max((r.dx ?? d) - px, (r.dy ?? d) - py)
        return added < R - 1e-9
    }

    /// The padding between shape `i` and its container: its own `pad` and that
    /// of every node between it and the container (the container's own `pad`
    /// is outside its frame). Memoised, walked without recursion.
    mutating func padding(_ i: Int) -> Insets {
        let stop: Int? = { if case .node(let j) = scene.shapes[i].enclosing { return j } else { return nil } }()
        if paddingMemo.isEmpty { paddingMemo = Array(repeating: nil, count: scene.shapes.count) }
        if let known = paddingMemo[i] { return known }
        // The nodes not yet known, from `i` up (on the stack: no array per call).
        var count = 0
        var at: Int? = i
        var base = Insets()
        while let a = at, a != stop {
            if let known = paddingMemo[a] { base = known; break }
            count += 1
            at = scene.shapes[a].parent
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { chain in
            var a = i
            for k in 0..<count { chain[k] = a; a = scene.shapes[a].parent ?? a }
            for k in stride(from: count - 1, through: 0, by: -1) {
                let own = ownPadding(chain[k])
                base = Insets(top: base.top + own.top, leading: base.leading + own.leading,
                              bottom: base.bottom + own.bottom, trailing: base.trailing + own.trailing)
                paddingMemo[chain[k]] = base
            }
            return base
        }
    }

    /// A node's `pad`, as the evaluator reads it (a later item wins per edge),
    /// under `env` (the file's unless given: a trial's edited bindings).
    func ownPadding(_ i: Int, env: [String: Double]? = nil) -> Insets {
        var p = Insets()
        // (Only the `pad` items' edges are read: no other item is built; a
        // number needs no bindings, so the common `pad h 6` reads none.)
        nodes[i].items.padEdges { edge, e in
            if let v = ExprValue.constant(e) { p.set(edge, v); return }
            guard let v = ExprValue.eval(e, env ?? self.env) else { return }
            p.set(edge, v)
        }
        return p
    }
}

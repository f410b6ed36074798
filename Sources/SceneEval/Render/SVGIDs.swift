import SceneLang

/// Every `id` the SVG writer has used, so each is unique across the document (a
/// taken id becomes `id-2`, `id-3`, …; first come, first served). An unlabelled
/// shape's id is `node-N`, N its ordinal + 1 (`ResolvedShape.id`); where the ordinal
/// is the shape's index (always, from the evaluator) those ids are distinct within
/// a panel by construction: they are not kept one by one (a 100,000-node scene
/// would hash them all and hold a set of them), only known from how far each panel
/// has been written. What is kept: labels, the fixed names (`screen`, `centers`,
/// …), every renamed id and any other shape's id.
struct SVGIDs {
    struct Panel {
        var prefix: String
        var shapes: [ResolvedShape]
        /// Shapes before this index have been written (their ids are taken).
        var done = 0
        /// No earlier panel's `node-N` ids can be this one's: every earlier prefix
        /// differs from this one at the same length.
        var apart = true
    }

    private var named = IDSet()
    /// Whether some kept id ends in `node-` and digits (it might be a shape's).
    private var nodeLike = false
    private var panels: [Panel] = []

    /// A panel starts: its shapes' ids are `prefix` + `node-N` or `prefix` + label.
    mutating func begin(prefix: String, shapes: [ResolvedShape]) {
        let n = prefix.utf8.count
        let apart = panels.allSatisfy { $0.prefix.utf8.count == n && $0.prefix != prefix }
        panels.append(Panel(prefix: prefix, shapes: shapes, apart: apart))
        // Room for every label's id at once (no regrowth rehashing them all, twice per
        // doubling), and for their bytes (no array of them doubled, copied and left
        // behind: 1 MB at 100k labels); an unlabelled scene reserves nothing.
        var labelled = 0, bytes = 0
        for k in shapes.indices { if let l = shapes[k].label { labelled += 1; bytes += n + l.utf8.count } }
        if labelled > 0 { named.reserve(named.count + labelled + 8, bytes: named.byteCount + bytes + 64) }
    }

    /// `id`'s slot among the kept ids brought into the cache, for `unique` soon
    /// after; its hash, for `unique`.
    func prefetch(_ id: String) -> Int { named.prefetch(id) }

    /// Shapes before `index` of the current panel have been written.
    mutating func written(upTo index: Int) { panels[panels.count - 1].done = index }

    /// `id`, or `id-2`, `id-3`, … if it is taken; the result is taken from now on.
    /// `hash`: `TaggedSlot.hash(id, seed:)`, from `prefetch`.
    mutating func unique(_ id: String, hash: Int? = nil) -> String {
        // The usual case, a label not of the `node-N` form and not yet taken: one hash.
        if Self.nodeNumber(id[...]) == nil, named.insert(id, hash: hash) { return id }
        var n = 1, candidate = id
        while taken(candidate) {
            n += 1
            candidate = "\(id)-\(n)"
        }
        named.insert(candidate)
        if !nodeLike, Self.nodeNumber(candidate[...]) != nil { nodeLike = true }
        return candidate
    }

    /// Whether unlabelled shape `index` of the current panel, whose ordinal is its
    /// index, may use `prefix` + `node-N` as is. When it may, that id is taken once `written(upTo:)` passes it.
    /// (`mutating`, though it changes nothing, and the panel's two fields read in
    /// place: asked for every unlabelled shape from `panel`'s loop, which holds the
    /// document inout, a plain method was handed a copy of the ids, and the panel
    /// was copied, six references retained and released a shape.)
    mutating func generatedFree(_ index: Int) -> Bool {
        let last = panels.count - 1
        // A kept id of that form, or another panel's shape (never: panels have
        // distinct targets), may hold it: ask the general question.
        if nodeLike || !panels[last].apart { return !taken(panels[last].prefix + "node-" + String(index + 1)) }
        return true
    }

    func taken(_ id: String) -> Bool {
        if named.contains(id) { return true }
        guard let n = Self.nodeNumber(id[...]) else { return false }
        for p in panels {
            let digits = String(n).utf8.count
            // `id` is the prefix, `node-`, then N.
            guard id.utf8.count == p.prefix.utf8.count + 5 + digits, id.hasPrefix(p.prefix) else { continue }
            let i = n - 1
            if i < p.done, p.shapes[i].label == nil, p.shapes[i].ordinal == i, p.shapes[i].kind != .group { return true }
        }
        return false
    }

    /// N where `s` ends in `node-N` (N canonical: no sign, no leading zero, ≥ 1).
    static func nodeNumber(_ s: Substring) -> Int? {
        // Read in place as contiguous bytes (every label is asked, and the
        // String.UTF8View's index steps are calls, ~9 a label).
        var s = s
        return s.withUTF8 { u -> Int? in
            var start = u.count
            while start > 0, u[start - 1] >= 0x30, u[start - 1] <= 0x39 { start -= 1 }
            let digits = u.count - start
            guard digits > 0, digits <= 18, u[start] != 0x30, start >= 5, u[start - 5] == 0x6E, u[start - 4] == 0x6F,
                  u[start - 3] == 0x64, u[start - 2] == 0x65, u[start - 1] == 0x2D else { return nil }
            return u[start...].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }
}

import SceneLang
import SceneEval

/// The radii a node wrote as more than a number, worked out for `:show` (and so for the
/// watch page's panel and the editor's hover): `minimum 22 (map - inset = 34 − 12 = 22)`.
extension Report {
    struct Written {
        /// Each a ` (…)` to append, or "" when everything was written as a number.
        var radius = "", minimum = "", container = ""
    }

    /// The written radii of shape `s`: the drawn shape's (`rect r`, `uneven …`), its
    /// concentric minimum, and the container's it declares.
    static func written(_ s: ResolvedShape, file: SourceFile, syntax: Scene?,
                        values bindings: [(name: String, value: Double, range: SourceRange)]) -> Written {
        guard let node = node(at: s.range, in: syntax ?? Parser.parse(file).scene) else { return Written() }
        var values: [String: Double] = [:]
        for b in bindings { values[b.name] = b.value }
        func said(_ es: [Expr]) -> String {
            let parts = es.compactMap { say($0, file: file, values: values) }
            return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
        }
        var w = Written()
        for it in node.items {
            if case .container(.radii(_, let es)) = it.value { w.container = said(es) }
        }
        // The drawn shape, as grammar rule 2 picks it (a drawn container's is said above).
        let drawn = node.items.drawnItem
        switch drawn?.use == .container ? nil : drawn?.shape {
        case .radii(_, let es)?: w.radius = said(es)
        case .concentric(.concentric(let m?), _, _)?: w.minimum = said([m])
        default: break
        }
        return w
    }

    /// `map - inset = 34 − 12 = 22`, `map = 34`; nil for a number (it says itself).
    static func say(_ e: Expr, file: SourceFile, values: [String: Double]) -> String? {
        if case .number = e { return nil }
        guard let (sum, value) = Format.arithmetic(e, values: values) else { return nil }
        let text = file.text(e.range.start..<e.range.end)
        if case .name = e { return "\(text) = \(sum)" }
        return "\(text) = \(sum) = \(n(value))"
    }

    /// The node whose range is `range`, looked for only inside the nodes that hold it.
    static func node(at range: SourceRange, in syntax: Scene) -> Node? {
        var level: [Node] = syntax.statements.compactMap { if case .node(let n) = $0 { n } else { nil } }
        while true {
            guard let n = level.first(where: { $0.range.start <= range.start && range.end <= $0.range.end }) else { return nil }
            if n.range == range { return n }
            level = n.children
        }
    }
}

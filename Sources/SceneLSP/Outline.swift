import SceneLang
import SceneEval

/// One node of the syntax tree, flattened: where its label and items end (the
/// place for its inlay hint), its resolved shape, and its family.
struct NodeInfo {
    var node: Node
    /// From the label (or first item) to the end of the last item.
    var header: SourceRange
    var shape: Int?
    var parent: Int?
    var children: [Int] = []

    static func collect(_ n: Node, parent: Int?, shapeAt: [Int: Int], into out: inout [NodeInfo]) {
        let start = n.label?.range.start ?? n.items.first?.range.start ?? n.range.start
        let end = n.items.last?.range.end ?? n.label?.range.end ?? n.block?.start ?? n.range.start
        let index = out.count
        out.append(NodeInfo(node: n, header: SourceRange(start, end), shape: shapeAt[n.range.start], parent: parent))
        if let parent { out[parent].children.append(index) }
        for c in n.children { collect(c, parent: index, shapeAt: shapeAt, into: &out) }
    }
}

extension Analysis {
    /// The node whose label-and-items line holds `offset` (the innermost one).
    func node(at offset: Int) -> Int? {
        var best: Int? = nil
        for (i, n) in nodes.enumerated() where n.header.start <= offset && offset <= n.header.end {
            best = i
        }
        return best
    }

    func node(shape: Int) -> Int? { nodes.firstIndex { $0.shape == shape } }

    /// Where a label or a `let` name is declared.
    func declaration(of name: String) -> SourceRange? { declarations[name] }

    func binding(named name: String) -> (name: Identifier, value: Expr, range: SourceRange)? {
        bindings.first { $0.name.name == name }
    }

    func value(of name: String) -> Double? { scene?.bindings.first { $0.name == name }?.value }

    /// Whether the token is a label (`card:`), not a use of a name: a name
    /// followed by `:` (corner sets before `:` are keywords).
    func isLabel(_ t: Token) -> Bool {
        guard t.kind == .identifier, t.keyword == nil, let i = tokenIndex(t) else { return false }
        return i + 1 < tokens.count && tokens[i + 1].kind == .colon
    }

    func tokenIndex(_ t: Token) -> Int? {
        var lo = 0, hi = tokens.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if tokens[mid].range.start == t.range.start { return mid }
            if tokens[mid].range.start < t.range.start { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// Where a name is used in expressions (its `let` and labels left out).
    func uses(of name: String, in file: SourceFile) -> [SourceRange] {
        let declared = binding(named: name)?.name.range
        var out: [SourceRange] = []
        for (i, t) in tokens.enumerated() where t.kind == .identifier && t.keyword == nil && t.range != declared {
            if i + 1 < tokens.count, tokens[i + 1].kind == .colon { continue }
            if file.text(t.range.start..<t.range.end) == name { out.append(t.range) }
        }
        return out
    }

    /// A shape's radii and what they resolved against: `16 16 16 16 ← card`.
    func radiiHint(shape i: Int) -> String? {
        guard let scene, i < scene.shapes.count else { return nil }
        let s = scene.shapes[i]
        guard s.kind != .group else { return nil }
        var text = s.radii.values.map(Format.number).joined(separator: " ")
        // The screen as container: `window` on a Mac window.
        if s.container == .screen { text += " ← " + scene.screen.noun }
        else if let c = scene.containerName(s.container) { text += " ← " + c }
        return text
    }
}

import SceneLang

/// `:edit`'s wider changes, and `:add`, made to a node as it is written. The
/// node's block is taken apart line by line: each child with the comment
/// lines above it and the comment after it on its line. A child the edit left
/// alone keeps all of that; a changed child is merged the same way, one level
/// down; a new child gets a line of its own at its siblings' indentation; a
/// removed child's lines go with it. Where the block is not one child per line
/// (`< a; b >` on one line), the caller falls back to the one-line edit.
enum EditMerge {
    typealias Bytes = [UInt8]

    /// `original` (one statement as written) changed as `edited` (its one-line
    /// form, edited) says; nil when that cannot be done line by line.
    static func apply(original: String, edited: String) -> String? {
        let o = Array(original.utf8), e = Array(edited.utf8)
        guard let on = node(o), let en = node(e), let merged = merge(o, on, e, en) else { return nil }
        return String(decoding: Bytes(o[..<on.range.start]) + merged + Bytes(o[on.range.end...]), as: UTF8.self)
    }

    /// `original` with `children` (each one node's text) added at the end of
    /// its block, one line each, indented as its children are (two spaces when
    /// it has none); nil when `original` is not one node.
    static func adding(_ children: [String], to original: String) -> String? {
        let o = Array(original.utf8)
        guard let n = node(o) else { return nil }
        let kids = children.map { Bytes($0.utf8) }
        let lf = UInt8(ascii: "\n")
        guard let block = n.block else {
            // No block yet: one, after the node's line (and its comment).
            let rest = o[n.range.end...]
            let eol = rest.firstIndex(of: lf) ?? o.count
            var out = Bytes(o[..<n.range.end]) + Bytes(" <".utf8) + Bytes(o[n.range.end..<eol])
            for k in kids { out += [lf] + Bytes("  ".utf8) + k }
            return String(decoding: out + [lf] + Bytes(">".utf8) + Bytes(o[eol...]), as: UTF8.self)
        }
        if let lines = Lines(o, n) {
            var out = Bytes(o[..<block.start]) + lines.open
            for c in lines.children { out += [lf] + c.lead + Bytes(o[c.node.range.start..<c.node.range.end]) + c.trail }
            for k in kids { out += [lf] + lines.indent + k }
            return String(decoding: out + [lf] + lines.close + Bytes(o[block.end...]), as: UTF8.self)
        }
        // A block on one line: `; CHILD` before its `>`.
        let at = n.children.last?.range.end ?? (block.start + 1)
        let glue = n.children.isEmpty ? " " : "; "
        let added = kids.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "; ")
        return String(decoding: Bytes(o[..<at]) + Bytes((glue + added).utf8) + Bytes(o[at...]), as: UTF8.self)
    }

    static func node(_ text: Bytes) -> Node? {
        let p = Parser.parse(SourceFile(name: "", bytes: text))
        guard !p.diagnostics.hasErrors, p.scene.statements.count == 1, case .node(let n) = p.scene.statements[0] else { return nil }
        return n
    }

    /// A block written one child per line: what comes after `<` on its line,
    /// each child's lines, and from the line after the last child to `>`.
    struct Lines {
        struct Child { var node: Node; var lead: Bytes; var trail: Bytes }
        /// `<` and the rest of its line.
        var open: Bytes
        var children: [Child]
        /// The lines after the last child's, to `>` (comment lines, indentation).
        var close: Bytes
        /// The children's indentation.
        var indent: Bytes

        init?(_ text: Bytes, _ n: Node) {
            guard let block = n.block, !n.children.isEmpty else { return nil }
            let lf = UInt8(ascii: "\n")
            // The text between two neighbours, split at its first line break: nil when there is none.
            func split(_ lo: Int, _ hi: Int) -> (Bytes, Bytes)? {
                guard let nl = text[lo..<hi].firstIndex(of: lf) else { return nil }
                return (Bytes(text[lo..<nl]), Bytes(text[(nl + 1)..<hi]))
            }
            guard let (open, firstLead) = split(block.start, n.children[0].range.start) else { return nil }
            var leads = [firstLead], trails: [Bytes] = []
            for (a, b) in zip(n.children, n.children.dropFirst()) {
                guard let (t, l) = split(a.range.end, b.range.start) else { return nil }
                trails.append(t); leads.append(l)
            }
            guard let (lastTrail, close) = split(n.children.last!.range.end, block.end) else { return nil }
            trails.append(lastTrail)
            self.open = open
            self.close = close
            children = n.children.indices.map { Child(node: n.children[$0], lead: leads[$0], trail: trails[$0]) }
            let lastLine = firstLead.split(separator: lf, omittingEmptySubsequences: false).last ?? []
            indent = Bytes(lastLine.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        }
    }

    /// The new text of `o`'s range (in `ot`) for the edited node `e` (in `et`).
    static func merge(_ ot: Bytes, _ o: Node, _ et: Bytes, _ e: Node) -> Bytes? {
        let oText = String(decoding: ot[o.range.start..<o.range.end], as: UTF8.self)
        let eText = String(decoding: et[e.range.start..<e.range.end], as: UTF8.self)
        if same(oText, eText) { return Bytes(ot[o.range.start..<o.range.end]) }
        guard let oBlock = o.block, let eBlock = e.block, let lines = Lines(ot, o) else {
            // Not one child per line: within a line, or not at all.
            let offered = InputBuffer.joined(oText.split(separator: "\n").map(String.init), strict: false) ?? oText
            return EditPatch.apply(original: oText, offered: offered, edited: eText).map { Bytes($0.utf8) }
        }
        // The head (shape and modifiers), as `:edit` patches a line.
        let oHead = String(decoding: ot[o.range.start..<oBlock.start], as: UTF8.self)
        let eHead = String(decoding: et[e.range.start..<eBlock.start], as: UTF8.self)
        var out: Bytes
        if same(oHead, eHead) {
            out = Bytes(oHead.utf8)
        } else {
            let offered = InputBuffer.joined(oHead.split(separator: "\n").map(String.init), strict: false) ?? oHead
            guard let head = EditPatch.apply(original: oHead, offered: offered, edited: eHead) else { return nil }
            out = Bytes(head.utf8)
        }
        out += lines.open
        // Children matched by label (else by their text), in order.
        let oKeys = o.children.map { key(ot, $0) }, eKeys = e.children.map { key(et, $0) }
        let pairs = Dictionary(uniqueKeysWithValues: lcs(oKeys, eKeys).map { ($0.1, $0.0) })
        let lf = UInt8(ascii: "\n")
        for (j, d) in e.children.enumerated() {
            if let i = pairs[j] {
                let c = lines.children[i]
                let text = merge(ot, c.node, et, d) ?? Bytes(et[d.range.start..<d.range.end])
                out += [lf] + c.lead + text + c.trail
            } else {
                out += [lf] + lines.indent + Bytes(et[d.range.start..<d.range.end])
            }
        }
        return out + [lf] + lines.close + Bytes(ot[oBlock.end..<o.range.end])
    }

    /// Whether two texts are the same tokens (comments, layout and `;` aside).
    static func same(_ a: String, _ b: String) -> Bool {
        let x = EditPatch.tokens(a).0.filter { $0.kind != .semicolon }, y = EditPatch.tokens(b).0.filter { $0.kind != .semicolon }
        return x.count == y.count && zip(x, y).allSatisfy { $0.kind == $1.kind && $0.text == $1.text }
    }

    static func key(_ text: Bytes, _ n: Node) -> String {
        if let l = n.label { return "label " + l.name }
        return EditPatch.tokens(String(decoding: text[n.range.start..<n.range.end], as: UTF8.self)).0
            .filter { $0.kind != .semicolon }.map(\.text).joined(separator: " ")
    }

    /// The longest common subsequence of `a` and `b`: pairs of indices.
    static func lcs(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        var t = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : max(t[i + 1][j], t[i][j + 1])
            }
        }
        var out: [(Int, Int)] = [], i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { out.append((i, j)); i += 1; j += 1 } else if t[i + 1][j] >= t[i][j + 1] { i += 1 } else { j += 1 }
        }
        return out
    }
}

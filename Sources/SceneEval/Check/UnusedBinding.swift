// The `unused-binding` rule (docs/lint.md): a `let` that nothing uses — no
// node, no `screen` or `margin`, no binding that is itself used. Often one a
// fix left behind (a radius switched to concentric no longer needs its `let`)
// or one whose every user was deleted. Its fix deletes the `let`.
//
// It reads every statement, so it runs once per check over the whole file
// (`Context.finish`), not per top-level node. The walk stops as soon as every
// binding is seen used by a node, the screen or the margin: in a scene whose
// names are all used near the top, it reads a few nodes. After an edit (the
// incremental check, Incremental.swift) each top-level node's names are those
// kept with its findings (`rootNames`), read again only for the nodes checked
// again, so a binding nothing uses does not cost a walk of the whole scene.
import SceneLang

extension Context {
    /// Calls `visit` with each node of `root`'s subtree (`root` first, then each run
    /// of siblings whole, deepest last: the order does not matter to the names
    /// read), each read in place through a pointer, until it returns false; false
    /// then. (A stack of nodes copied each one, three reference counts, and its
    /// children reversed into it copied them all again: a walk of every node.)
    @discardableResult
    static func eachNode(under root: Node, _ visit: (UnsafePointer<Node>) -> Bool) -> Bool {
        var runs: [[Node]] = [[root]]
        while let run = runs.popLast() {
            let stop: Bool = run.withUnsafeBufferPointer { b in
                for i in b.indices {
                    let n = b.baseAddress! + i
                    guard visit(n) else { return true }
                    if !n.pointee.children.isEmpty { runs.append(n.pointee.children) }
                }
                return false
            }
            if stop { return false }
        }
        return true
    }

    /// The names node `root`'s subtree uses, each once.
    static func namesUsed(by root: Node) -> [String] {
        var names: [String] = [], seen = Set<String>(), out: [String] = []
        eachNode(under: root) { n in
            ExprValue.names(of: n.pointee.items, into: &names)
            for name in names where seen.insert(name).inserted { out.append(name) }
            names.removeAll(keepingCapacity: true)
            return true
        }
        return out
    }

    mutating func unusedBindings() {
        var bindings: [(id: Identifier, value: Expr, range: SourceRange)] = []
        for s in statements { if case .binding(let id, let e, let r) = s { bindings.append((id, e, r)) } }
        guard !bindings.isEmpty else { return }
        var waiting = Set(bindings.map(\.id.name))
        var live = Set<String>()
        var names: [String] = []
        func take() {
            for n in names where waiting.remove(n) != nil { live.insert(n) }
            names.removeAll(keepingCapacity: true)
        }
        var k = 0  // the top-level node's number
        walk: for s in statements {
            switch s {
            case .node(let root):
                defer { k += 1 }
                if let known = rootNames, k < known.count {
                    names += known[k]
                    take()
                    break
                }
                let more = Self.eachNode(under: root) { n in
                    ExprValue.names(of: n.pointee.items, into: &names)
                    take()
                    return !waiting.isEmpty
                }
                if !more { break walk }
            case .screen(let spec, _):
                switch spec {
                case .preset(_, let size, let radius):
                    if let size { ExprValue.names(size.0, into: &names); ExprValue.names(size.1, into: &names) }
                    if let radius { ExprValue.names(radius, into: &names) }
                case .custom(let w, let h, let radius):
                    ExprValue.names(w, into: &names); ExprValue.names(h, into: &names)
                    if let radius { ExprValue.names(radius, into: &names) }
                }
                take()
            case .margin(let e, _):
                ExprValue.names(e, into: &names)
                take()
            case .binding, .target: break
            }
            if waiting.isEmpty { break }
        }
        guard !waiting.isEmpty else { return }
        // A binding uses only those before it: from the last, a live one makes the names it uses live.
        for b in bindings.reversed() where live.contains(b.id.name) {
            ExprValue.names(b.value, into: &names)
            for n in names { live.insert(n) }
            names.removeAll(keepingCapacity: true)
        }
        for b in bindings where !live.contains(b.id.name) {
            let written = text(b.range)
            let fix = deletion(of: b.range)
            add(.unusedBinding, "`\(b.id.name)` is never used: no node, `screen`, `margin` or used binding names it",
                at: b.id.range, help: "remove `\(written)`, or use it", fixes: fix.map { [$0] } ?? [])
        }
    }

    /// The edit that deletes the statement at `range`: its whole line (and a
    /// comment on it) when nothing else is on it; nil when something is.
    func deletion(of range: SourceRange) -> TextEdit? {
        let bytes = file.bytes
        var start = range.start
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") || start == file.bodyStart else { return nil }
        var end = range.end
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") || bytes[end] == UInt8(ascii: "\r") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        }
        guard end == bytes.count || bytes[end] == UInt8(ascii: "\n") else { return nil }
        return TextEdit(SourceRange(start, min(end + 1, bytes.count)), "")
    }
}

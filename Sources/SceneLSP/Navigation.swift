import SceneLang
import SceneEval

/// Definition, outline, formatting and quick fixes.
extension Server {
    func location(_ doc: Document, _ r: SourceRange) -> JSON {
        ["uri": JSON(doc.uri), "range": doc.range(r, encoding)]
    }

    /// A name → its `let`; a shape (its label or keyword) → the container it
    /// resolved against (or the `screen` statement).
    func definition(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        guard let offset = doc.offset(params["position"], encoding) else { return .failure(.params("`position` is missing")) }
        let a = doc.analysis
        guard let t = a.token(at: offset) else { return .success(.null) }
        if t.kind == .identifier, t.keyword == nil, !a.isLabel(t) {
            let name = doc.file.text(t.range.start..<t.range.end)
            return .success(a.binding(named: name).map { location(doc, $0.name.range) } ?? .null)
        }
        guard let scene = a.scene, let n = a.node(at: offset), let shape = a.nodes[n].shape else { return .success(.null) }
        switch scene.shapes[shape].container {
        case .node(let c):
            guard let cn = a.node(shape: c) else { return .success(.null) }
            return .success(location(doc, a.nodes[cn].node.label?.range ?? a.nodes[cn].header))
        case .screen:
            for s in a.ast.statements { if case .screen(_, let r) = s { return .success(location(doc, r)) } }
            return .success(.null)
        case .none:
            return .success(.null)
        }
    }

    func documentSymbols(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        let a = doc.analysis
        var out: [JSON] = []
        for s in a.ast.statements {
            switch s {
            case .binding(let name, _, let r):
                let detail = a.value(of: name.name).map { "= " + Format.number($0) } ?? ""
                out.append(["name": JSON(name.name), "detail": JSON(detail), "kind": 13,
                            "range": doc.range(r, encoding), "selectionRange": doc.range(name.range, encoding)])
            case .node(let n):
                if let i = a.nodes.firstIndex(where: { $0.node.range == n.range && $0.parent == nil }) { out.append(symbol(i, a, doc)) }
            default: break
            }
        }
        return .success(.array(out))
    }

    func symbol(_ i: Int, _ a: Analysis, _ doc: Document) -> JSON {
        let info = a.nodes[i]
        let n = info.node
        var name = n.label?.name ?? ""
        if name.isEmpty {
            let header = doc.file.text(info.header.start..<info.header.end)
            name = header.isEmpty ? "group" : String(header.prefix(40))
        }
        let isContainer = n.items.contains { if case .container = $0.value { return true }; return false }
        return ["name": JSON(name), "detail": JSON(info.shape.flatMap { a.radiiHint(shape: $0) } ?? ""),
                "kind": JSON(isContainer ? 5 : 19),
                "range": doc.range(n.range, encoding), "selectionRange": doc.range(n.label?.range ?? info.header, encoding),
                "children": .array(info.children.map { symbol($0, a, doc) })]
    }

    func edit(_ doc: Document, _ e: SceneLang.TextEdit) -> JSON {
        ["range": doc.range(e.range, encoding), "newText": JSON(e.replacement)]
    }

    func formatting(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        switch SourceFormat.format(doc.file) {
        case .formatted(let text):
            if text.utf8.elementsEqual(doc.file.bytes) { return .success([]) }
            return .success([["range": doc.fullRange(encoding), "newText": JSON(text)]])
        case .errors:
            return .failure(RPCError(code: RPCError.requestFailed, message: "the scene does not parse: fix its errors, then format"))
        case .changedMeaning:
            return .failure(RPCError(code: RPCError.requestFailed, message: "internal error: formatting would change what the scene means; left unchanged"))
        }
    }

    /// Each lint finding's fix (`scene check --fix`'s edits, with the computed
    /// numbers) as a quick fix, and all of them at once as `source.fixAll`.
    func codeActions(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        let a = doc.analysis
        let lo = doc.offset(params["range"]?["start"], encoding) ?? 0
        let hi = doc.offset(params["range"]?["end"], encoding) ?? doc.file.bytes.count
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind.hasPrefix($0) } } ?? true }
        var actions: [JSON] = []
        if wanted("quickfix") {
            for d in a.diagnostics where !d.fixes.isEmpty && d.range.start <= hi && d.range.end >= lo {
                actions.append(["title": JSON("Fix: " + (d.help ?? d.message)), "kind": "quickfix", "isPreferred": true,
                                "diagnostics": [lspDiagnostic(d, in: doc)],
                                "edit": ["changes": [doc.uri: .array(d.fixes.map { edit(doc, $0) })]]])
            }
        }
        if wanted("source.fixAll"), a.diagnostics.contains(where: { !$0.fixes.isEmpty }),
           let fixed = Fixer.fixAll(doc.file).text {
            actions.append(["title": "Fix all lint findings (scene check --fix)", "kind": "source.fixAll",
                            "edit": ["changes": [doc.uri: [["range": doc.fullRange(encoding), "newText": JSON(fixed)]]]]])
        }
        return .success(.array(actions))
    }
}

import SceneLang
import SceneEval
import SceneREPL

/// Hover, inlay hints, completion: what the editor shows while you type.
extension Server {
    func hover(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        guard let offset = doc.offset(params["position"], encoding) else { return .failure(.params("`position` is missing")) }
        let a = doc.analysis
        guard let t = a.token(at: offset) else { return .success(.null) }
        let text = doc.file.text(t.range.start..<t.range.end)
        var parts: [String] = []
        if t.kind == .identifier, t.keyword == nil, !a.isLabel(t) {
            parts.append(nameHover(text, a, doc))
        } else if let shape = shapeUnder(t, a) {
            if let k = t.keyword { parts.append(KeywordDocs.line(k)) }
            parts.append("```text\n" + Report.detail(a.scene!, shape, file: doc.file, syntax: a.ast, paint: Painter(color: false)) + "```")
        } else if let k = t.keyword {
            parts.append(KeywordDocs.line(k))
        } else if t.kind == .identifier {
            parts.append("`\(text)` (the scene does not resolve yet)")
        } else {
            return .success(.null)
        }
        return .success(["contents": ["kind": "markdown", "value": JSON(parts.joined(separator: "\n\n"))],
                         "range": doc.range(t.range, encoding)])
    }

    /// The shape whose label or shape keyword `t` is.
    func shapeUnder(_ t: Token, _ a: Analysis) -> Int? {
        guard a.scene != nil, let n = a.node(at: t.range.start), let shape = a.nodes[n].shape else { return nil }
        if a.isLabel(t) { return shape }
        if let k = t.keyword, ShapeKind(keyword: k) != nil || k == .container || k == .glass { return shape }
        return nil
    }

    func nameHover(_ name: String, _ a: Analysis, _ doc: Document) -> String {
        guard let b = a.binding(named: name) else { return "`\(name)`: not bound by any `let`" }
        var s = "`let \(name) = \(doc.file.text(b.value.range.start..<b.value.range.end))`"
        if let v = a.value(of: name) { s += " = **\(Format.number(v))**" }
        let uses = a.uses(of: name, in: doc.file)
        let lines = uses.map { String(doc.file.location(of: $0.start).line) }
        s += uses.isEmpty ? "\n\nnot used" : "\n\nused \(uses.count == 1 ? "once" : "\(uses.count) times"), on line\(uses.count == 1 ? "" : "s") " + lines.joined(separator: ", ")
        return s
    }

    func inlayHints(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        let a = doc.analysis
        let lo = doc.offset(params["range"]?["start"], encoding) ?? 0
        let hi = doc.offset(params["range"]?["end"], encoding) ?? doc.file.bytes.count
        var hints: [JSON] = []
        for b in a.bindings where b.range.end >= lo && b.range.end <= hi {
            guard let v = a.value(of: b.name.name) else { continue }
            if case .number = b.value { continue }  // `let inset = 12` says it already
            hints.append(["position": doc.position(b.range.end, encoding), "label": JSON("= " + Format.number(v)),
                          "paddingLeft": true])
        }
        for n in a.nodes where n.header.end >= lo && n.header.end <= hi {
            guard let shape = n.shape, let text = a.radiiHint(shape: shape) else { continue }
            hints.append(["position": doc.position(n.header.end, encoding), "label": JSON(text), "paddingLeft": true])
        }
        return .success(.array(hints))
    }

    /// What may come at the cursor, by the grammar: SceneLang's `Completer`, the
    /// engine the REPL's Tab uses, over the document up to the cursor.
    func completion(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        guard let offset = doc.offset(params["position"], encoding) else { return .failure(.params("`position` is missing")) }
        let a = doc.analysis
        let names = a.bindings.map(\.name.name)
        let r = Completer.complete(doc.file.text(0..<offset), names: names)
        let range: JSON = ["start": doc.position(r.wordStart, encoding), "end": doc.position(offset, encoding)]
        let items: [JSON] = r.candidates.map { c in
            var item: [String: JSON] = ["label": JSON(c.text), "textEdit": ["range": range, "newText": JSON(c.text)]]
            switch c.kind {
            case .keyword:
                item["kind"] = 14
                if let k = Keyword.lookup(c.text) { item["detail"] = JSON(KeywordDocs.line(k)) }
            case .function:
                item["kind"] = 3
                item["detail"] = JSON("`\(c.text)(a, b, …)` — the \(c.text == "min" ? "smallest" : "largest") of the values")
            case .name:
                item["kind"] = 6
                if let v = a.value(of: c.text) { item["detail"] = JSON("= " + Format.number(v)) }
            case .label: item["kind"] = 18
            case .preset:
                item["kind"] = 12
                if let p = ScreenPreset.named(c.text) {
                    let radius = p.radius.map { "radius \(Format.number($0))" } ?? "radius not published: give `radius R`"
                    item["detail"] = JSON("\(Format.number(p.width))×\(Format.number(p.height)) \(radius)")
                }
            case .value: item["kind"] = 20
            case .punctuation: item["kind"] = 24
            }
            return .object(item)
        }
        return .success(["isIncomplete": false, "items": .array(items)])
    }
}

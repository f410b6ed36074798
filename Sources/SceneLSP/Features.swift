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
            parts.append("```text\n" + Report.detail(a.scene!, shape, file: doc.file, paint: Painter(color: false)) + "```")
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

    func completion(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        guard let offset = doc.offset(params["position"], encoding) else { return .failure(.params("`position` is missing")) }
        let a = doc.analysis
        let bytes = doc.file.bytes
        let lineStart = doc.file.lineStarts[doc.file.location(of: offset).line - 1]
        var wordStart = offset
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D || b >= 0x80
        }
        while wordStart > lineStart, isWord(bytes[wordStart - 1]) { wordStart -= 1 }
        var before = doc.file.text(lineStart..<wordStart)
        var word = doc.file.text(wordStart..<offset)
        // `-` joins words only in screen presets; elsewhere it is an operator.
        if word.contains("-"), !before.trimmingLeadingSpaces.hasPrefix("screen"), let dash = word.lastIndex(of: "-") {
            before += word[...dash]
            word = String(word[word.index(after: dash)...])
        }
        let names = a.bindings.map(\.name.name)
        let labels = a.nodes.compactMap { $0.node.label?.name }
        guard case .words(let words) = Completion.candidates(before: before, word: word, names: names, labels: labels) else {
            return .success(["isIncomplete": false, "items": []])
        }
        let items: [JSON] = words.map { w in
            var item: [String: JSON] = ["label": JSON(w)]
            if let k = Keyword.lookup(w) {
                item["kind"] = 14
                item["detail"] = JSON(KeywordDocs.line(k))
            } else if names.contains(w) {
                item["kind"] = 6
                if let v = a.value(of: w) { item["detail"] = JSON("= " + Format.number(v)) }
            } else if labels.contains(w) {
                item["kind"] = 18
            } else if let p = ScreenPreset.named(w) {
                item["kind"] = 12
                let radius = p.radius.map { "radius \(Format.number($0))" } ?? "radius not published: give `radius R`"
                item["detail"] = JSON("\(Format.number(p.width))×\(Format.number(p.height)) \(radius)")
            } else {
                item["kind"] = 12
            }
            return .object(item)
        }
        return .success(["isIncomplete": false, "items": .array(items)])
    }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " || $0 == "\t" } }
}

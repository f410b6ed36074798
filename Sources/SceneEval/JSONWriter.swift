import SceneLang

/// `scene run --json`: `{"screen", "target", "shapes", "diagnostics"}`, shapes in
/// document order. Numbers go through `Format.number`.
public enum JSONWriter {
    public static func write(_ scene: ResolvedScene?, diagnostics: [Diagnostic], file: SourceFile) -> String {
        var locator = Locator(file: file)
        var o = "{\n"
        if let scene {
            let s = scene.screen
            o += "  \"screen\": {\"name\": \(s.name.map(string) ?? "null"), \"width\": \(num(s.width)), \"height\": \(num(s.height)), \"radius\": \(num(s.radius))},\n"
            o += "  \"target\": \(string(scene.target.rawValue)),\n"
            o += "  \"margin\": \(num(scene.margin)),\n"
            o += "  \"shapes\": ["
            for (i, sh) in scene.shapes.enumerated() {
                o += i == 0 ? "\n" : ",\n"
                o += "    " + shape(sh, in: scene, index: i, location: locator.location(of: sh.range.start))
            }
            o += scene.shapes.isEmpty ? "],\n" : "\n  ],\n"
        } else {
            o += "  \"screen\": null,\n  \"target\": null,\n  \"shapes\": [],\n"
        }
        o += "  \"diagnostics\": ["
        for (i, d) in diagnostics.enumerated() {
            o += i == 0 ? "\n" : ",\n"
            o += "    " + diagnostic(d, file: file)
        }
        o += diagnostics.isEmpty ? "]\n" : "\n  ]\n"
        return o + "}\n"
    }

    public static func shape(_ sh: ResolvedShape, in scene: ResolvedScene, index: Int? = nil,
                             location: SourceLocation? = nil) -> String {
        var o = "{\"id\": \(string(sh.id)), \"label\": \(sh.label.map(string) ?? "null"), \"kind\": \(string(sh.kind.rawValue))"
        o += ", \"parent\": \(sh.parent.map { string(scene.shapes[$0].id) } ?? "null")"
        o += ", \"container\": \(scene.containerName(sh.container).map(string) ?? "null")"
        o += ", \"isContainer\": \(sh.isContainer)"
        o += ", \"frame\": {\"x\": \(num(sh.frame.x)), \"y\": \(num(sh.frame.y)), \"width\": \(num(sh.frame.width)), \"height\": \(num(sh.frame.height))}"
        o += ", \"radii\": " + radii(sh.radii)
        if let cr = sh.containerRadii { o += ", \"containerRadii\": " + radii(cr) }
        o += ", \"style\": \(string(sh.style.rawValue))"
        if let f = sh.fill { o += ", \"fill\": \(string(f.hex))" }
        if sh.glass { o += ", \"glass\": true" }
        if let r = sh.role { o += ", \"role\": \(string(r.rawValue))" }
        if let m = sh.minimum { o += ", \"minimum\": \(num(m))" }
        if sh.uniform { o += ", \"uniform\": true" }
        if !sh.decisions.isEmpty {
            o += ", \"decisions\": [" + sh.decisions.list.map { string($0.rawValue) }.joined(separator: ", ") + "]"
        }
        if sh.kind == .concentric || sh.kind == .relative, let index {
            let reasons = scene.reasons(for: index)
            o += ", \"corners\": {"
            o += Corner.allCases.map { k in
                let c = reasons[k.rawValue]
                var f = ["\"rule\": \(string(c.rule.rawValue))"]
                if let v = c.containerRadius { f.append("\"containerRadius\": \(num(v))") }
                if let v = c.dx { f.append("\"dx\": \(num(v))") }
                if let v = c.dy { f.append("\"dy\": \(num(v))") }
                if let v = c.distance { f.append("\"distance\": \(num(v))") }
                if let v = c.computed { f.append("\"computed\": \(num(v))") }
                if let v = c.minimum { f.append("\"minimum\": \(num(v))") }
                if let v = c.fixed { f.append("\"fixed\": \(num(v))") }
                return "\(string(k.name)): {" + f.joined(separator: ", ") + "}"
            }.joined(separator: ", ")
            o += "}"
        }
        if let location { o += ", \"line\": \(location.line), \"column\": \(location.column)" }
        o += "}"
        return o
    }

    static func radii(_ r: Radii) -> String {
        "{\"topLeading\": \(num(r.topLeading)), \"topTrailing\": \(num(r.topTrailing)), \"bottomTrailing\": \(num(r.bottomTrailing)), \"bottomLeading\": \(num(r.bottomLeading))}"
    }

    public static func diagnostic(_ d: Diagnostic, file: SourceFile) -> String {
        let loc = file.location(of: d.range.start)
        let end = file.location(of: d.range.end)
        var o = "{\"severity\": \(string(d.severity.rawValue)), \"code\": \(string(d.code)), \"message\": \(string(d.message))"
        o += ", \"file\": \(string(file.name)), \"line\": \(loc.line), \"column\": \(loc.column)"
        o += ", \"endLine\": \(end.line), \"endColumn\": \(end.column)"
        if let h = d.help { o += ", \"help\": \(string(h))" }
        if !d.notes.isEmpty { o += ", \"notes\": [" + d.notes.map(string).joined(separator: ", ") + "]" }
        if !d.values.isEmpty {
            o += ", \"values\": {" + d.values.keys.sorted().map { "\(string($0)): \(num(d.values[$0]!))" }.joined(separator: ", ") + "}"
        }
        return o + "}"
    }

    static func num(_ v: Double) -> String { v.isFinite ? Format.number(v) : "null" }

    /// A JSON string literal with every control character escaped.
    public static func string(_ s: String) -> String {
        var o = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": o += "\\\""
            case "\\": o += "\\\\"
            case "\n": o += "\\n"
            case "\r": o += "\\r"
            case "\t": o += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0x2028 || u.value == 0x2029 {
                    let h = String(u.value, radix: 16)
                    o += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    o.unicodeScalars.append(u)
                }
            }
        }
        return o + "\""
    }
}

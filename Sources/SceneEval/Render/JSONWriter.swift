import SceneLang

/// `scene run --json`: `{"screen", "target", "shapes", "diagnostics"}`, shapes in
/// document order. Numbers go through `Format.number`.
public enum JSONWriter {
    public static func write(_ scene: ResolvedScene?, diagnostics: [Diagnostic], file: SourceFile) -> String {
        var all = ""
        write(scene, diagnostics: diagnostics, file: file) { all += $0 }
        return all
    }

    /// The same document, streamed to `sink` in pieces of about a megabyte.
    public static func write(_ scene: ResolvedScene?, diagnostics: [Diagnostic], file: SourceFile,
                             to sink: (String) -> Void) {
        var locator = Locator(file: file)
        var o = "{\n"
        o.reserveCapacity(1 << 20 + 4096)
        func flushIfFull() { if o.utf8.count >= 1 << 20 { sink(o); o = ""; o.reserveCapacity(1 << 20 + 4096) } }
        if let scene {
            let s = scene.screen
            o += "  \"screen\": {\"name\": \(s.name.map(string) ?? "null"), \"width\": \(num(s.width)), \"height\": \(num(s.height)), \"radius\": \(num(s.radius))},\n"
            o += "  \"target\": \(string(scene.target.rawValue)),\n"
            o += "  \"margin\": \(num(scene.margin)),\n"
            o += "  \"shapes\": ["
            for (i, sh) in scene.shapes.enumerated() {
                o += i == 0 ? "\n" : ",\n"
                o += "    "
                appendShape(sh, in: scene, index: i, location: locator.location(of: sh.range.start), to: &o)
                flushIfFull()
            }
            o += scene.shapes.isEmpty ? "],\n" : "\n  ],\n"
        } else {
            o += "  \"screen\": null,\n  \"target\": null,\n  \"shapes\": [],\n"
        }
        o += "  \"diagnostics\": ["
        for (i, d) in diagnostics.enumerated() {
            o += i == 0 ? "\n" : ",\n"
            o += "    "
            o += diagnostic(d, file: file)
            flushIfFull()
        }
        o += diagnostics.isEmpty ? "]\n" : "\n  ]\n"
        o += "}\n"
        sink(o)
    }

    public static func shape(_ sh: ResolvedShape, in scene: ResolvedScene, index: Int? = nil,
                             location: SourceLocation? = nil) -> String {
        var o = ""
        appendShape(sh, in: scene, index: index, location: location, to: &o)
        return o
    }

    /// One shape's object, appended piece by piece (this runs once per shape).
    static func appendShape(_ sh: ResolvedShape, in scene: ResolvedScene, index: Int?,
                            location: SourceLocation?, to o: inout String) {
        o += "{\"id\": "; appendString(sh.id, to: &o)
        o += ", \"label\": "
        if let l = sh.label { appendString(l, to: &o) } else { o += "null" }
        o += ", \"kind\": \""; o += sh.kind.rawValue
        o += "\", \"parent\": "
        if let p = sh.parent { appendString(scene.shapes[p].id, to: &o) } else { o += "null" }
        o += ", \"container\": "
        if let c = scene.containerName(sh.container) { appendString(c, to: &o) } else { o += "null" }
        o += sh.isContainer ? ", \"isContainer\": true" : ", \"isContainer\": false"
        o += ", \"frame\": {\"x\": "; o += num(sh.frame.x)
        o += ", \"y\": "; o += num(sh.frame.y)
        o += ", \"width\": "; o += num(sh.frame.width)
        o += ", \"height\": "; o += num(sh.frame.height)
        o += "}, \"radii\": "; appendRadii(sh.radii, to: &o)
        if let cr = sh.containerRadii { o += ", \"containerRadii\": "; appendRadii(cr, to: &o) }
        o += ", \"style\": \""; o += sh.style.rawValue; o += "\""
        if let f = sh.fill { o += ", \"fill\": \""; o += f.hex; o += "\"" }
        if sh.glass { o += ", \"glass\": true" }
        if let r = sh.role { o += ", \"role\": \""; o += r.rawValue; o += "\"" }
        if let m = sh.minimum { o += ", \"minimum\": "; o += num(m) }
        if sh.uniform { o += ", \"uniform\": true" }
        if !sh.decisions.isEmpty {
            o += ", \"decisions\": ["
            for (i, d) in sh.decisions.list.enumerated() { if i > 0 { o += ", " }; o += "\""; o += d.rawValue; o += "\"" }
            o += "]"
        }
        if !sh.overflows.isEmpty {
            o += ", \"overflows\": ["
            for (i, v) in sh.overflows.enumerated() {
                if i > 0 { o += ", " }
                o += "{\"role\": \""; o += v.role; o += "\", \"written\": "; appendRadii(v.written, to: &o)
                o += ", \"drawn\": "; appendRadii(v.drawn, to: &o); o += "}"
            }
            o += "]"
        }
        if sh.kind.followsContainer, let index {
            let reasons = scene.reasons(for: index)
            o += ", \"corners\": {"
            for k in Corner.allCases {
                let c = reasons[k.rawValue]
                if k.rawValue > 0 { o += ", " }
                o += "\""; o += k.name; o += "\": {\"rule\": \""; o += c.rule.rawValue; o += "\""
                func field(_ name: String, _ v: Double?) {
                    guard let v else { return }
                    o += ", \""; o += name; o += "\": "; o += num(v)
                }
                field("containerRadius", c.containerRadius)
                field("dx", c.dx)
                field("dy", c.dy)
                field("distance", c.distance)
                field("computed", c.computed)
                field("minimum", c.minimum)
                field("fixed", c.fixed)
                o += "}"
            }
            o += "}"
        }
        if let location {
            o += ", \"line\": "; o += String(location.line)
            o += ", \"column\": "; o += String(location.column)
        }
        o += "}"
    }

    static func appendRadii(_ r: Radii, to o: inout String) {
        o += "{\"topLeading\": "; o += num(r.topLeading)
        o += ", \"topTrailing\": "; o += num(r.topTrailing)
        o += ", \"bottomTrailing\": "; o += num(r.bottomTrailing)
        o += ", \"bottomLeading\": "; o += num(r.bottomLeading)
        o += "}"
    }

    /// A JSON string literal, appended (the common case, nothing to escape, is one copy).
    static func appendString(_ s: String, to o: inout String) {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 < 0x7F }) {
            o += "\""; o += s; o += "\""
        } else {
            o += string(s)
        }
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

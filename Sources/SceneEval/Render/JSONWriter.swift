import SceneLang

/// `scene run --json`: `{"screen", "target", "shapes", "diagnostics"}`, shapes in
/// document order. Numbers go through `Format.number`.
public enum JSONWriter {
    public static func write(_ scene: ResolvedScene?, diagnostics: some Collection<Diagnostic>, file: SourceFile) -> String {
        var all: [UInt8] = []
        write(scene, diagnostics: diagnostics, file: file) { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }

    /// The same document, streamed to `sink` as UTF-8 in pieces of up to a megabyte
    /// (written straight into bytes: this runs once per shape of a 100k-node scene).
    /// (`diagnostics` are read once, in order: `Findings` builds each as it is written.)
    public static func write(_ scene: ResolvedScene?, diagnostics: some Collection<Diagnostic>, file: SourceFile,
                             to sink: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var o = SVGBuffer(cacheCorners: false, flush: sink)
            write(scene, diagnostics: diagnostics, file: file, into: &o)
            o.finish()
        }
    }

    static func write(_ scene: ResolvedScene?, diagnostics: some Collection<Diagnostic>, file: SourceFile,
                      into o: inout SVGBuffer) {
        var locator = Locator(file: file)
        o.raw("{\n")
        if let scene {
            appendSceneHead(scene, to: &o)
            // (Each shape handed over in place, through a pointer to it: through the
            // array's subscript each was copied first, its box retained and released.)
            scene.shapes.withUnsafeBufferPointer { all in
                for i in all.indices {
                    let sh = all.baseAddress! + i
                    ResolvedShape.prefetchLabel(of: i + ResolvedShape.labelsAhead, in: all)
                    o.raw(i == 0 ? "\n    " : ",\n    ")
                    appendShape(sh, in: scene, index: i, location: locator.location(of: sh.pointee.range.start), to: &o)
                }
            }
            o.raw(scene.shapes.isEmpty ? "],\n" : "\n  ],\n")
        } else {
            o.raw("  \"screen\": null,\n  \"target\": null,\n  \"shapes\": [],\n")
        }
        o.raw("  \"diagnostics\": [")
        // The file's name, quoted once; starts and ends located in one pass
        // each, from the top (findings come roughly in document order;
        // `Locator` looks an earlier offset up from scratch).
        var name = SVGBuffer.Bytes()
        appendString(file.name, to: &name)
        var starts = Locator(file: file), ends = Locator(file: file)
        if let findings = diagnostics as? Findings {
            // (Each written as it is read: a container-too-tight finding, on
            // nearly every node of a grid, goes straight from its words to bytes.)
            for k in findings.indices {
                o.raw(k == 0 ? "\n    " : ",\n    ")
                let r = findings.range(at: k)
                findings.appendJSON(at: k, fileName: name, start: starts.location(of: r.start), end: ends.location(of: r.end), to: &o)
            }
        } else {
            for (i, d) in diagnostics.enumerated() {
                o.raw(i == 0 ? "\n    " : ",\n    ")
                appendDiagnostic(d, fileName: name, start: starts.location(of: d.range.start), end: ends.location(of: d.range.end), to: &o)
            }
        }
        o.raw(diagnostics.isEmpty ? "]\n" : "\n  ]\n")
        o.raw("}\n")
    }

    public static func shape(_ sh: ResolvedShape, in scene: ResolvedScene, index: Int? = nil,
                             location: SourceLocation? = nil) -> String {
        var all: [UInt8] = []
        withoutActuallyEscaping({ (b: UnsafeRawBufferPointer) in all.append(contentsOf: b) }) { sink in
            var o = SVGBuffer(cacheCorners: false, flush: sink)
            withUnsafePointer(to: sh) { appendShape($0, in: scene, index: index, location: location, to: &o) }
            o.finish()
        }
        return String(decoding: all, as: UTF8.self)
    }

    /// One shape's object, appended piece by piece (this runs once per shape). The
    /// shape is read in place: handed over as a value, it was copied at each call.
    static func appendShape(_ sh: UnsafePointer<ResolvedShape>, in scene: ResolvedScene, index: Int?,
                            location: SourceLocation?, fileName: SVGBuffer.Bytes? = nil, to o: inout SVGBuffer) {
        o.raw("{\"id\": "); appendID(sh, to: &o)
        o.raw(", \"label\": ")
        if let l = sh.pointee.label { appendString(l, to: &o) } else { o.raw("null") }
        o.raw(", \"kind\": \""); o.raw(sh.pointee.kind.rawValue.utf8)
        o.raw("\", \"parent\": ")
        if let p = sh.pointee.parent { appendID(p, in: scene.shapes, to: &o) } else { o.raw("null") }
        o.raw(", \"container\": ")
        switch sh.pointee.container {
        case .screen: o.raw("\"screen\"")
        case .node(let j): appendID(j, in: scene.shapes, to: &o)
        case .none: o.raw("null")
        }
        o.raw(sh.pointee.isContainer ? ", \"isContainer\": true" : ", \"isContainer\": false")
        // (At a pointer, room made first, as `appendCorners`.)
        o.room(cornerRoom)
        var p = putNumber(sh.pointee.frame.x, at: put(", \"frame\": {\"x\": ", at: o.base + o.count), &o)
        p = putNumber(sh.pointee.frame.y, at: put(", \"y\": ", at: p), &o)
        p = putNumber(sh.pointee.frame.width, at: put(", \"width\": ", at: p), &o)
        p = putNumber(sh.pointee.frame.height, at: put(", \"height\": ", at: p), &o)
        o.count = put("}, \"radii\": ", at: p) - o.base
        appendRadii(sh.pointee.radii, to: &o)
        if let cr = sh.pointee.containerRadii { o.raw(", \"containerRadii\": "); appendRadii(cr, to: &o) }
        o.raw(", \"style\": \""); o.raw(sh.pointee.style.rawValue.utf8); o.raw("\"")
        if let f = sh.pointee.fill { o.raw(", \"fill\": \""); o.raw(f.hex.utf8); o.raw("\"") }
        if sh.pointee.glass { o.raw(", \"glass\": true") }
        if sh.pointee.extras?.hasLayers == true, case let layers = sh.pointee.layersBesidesDrawn, !layers.isEmpty {
            o.raw(", \"layers\": [")
            for (k, l) in layers.enumerated() {
                if k > 0 { o.raw(", ") }
                o.raw("{\"role\": \""); o.raw(l.role.utf8); o.raw("\", \"kind\": \""); o.raw(l.kind.rawValue.utf8)
                o.raw("\", \"radii\": "); appendRadii(l.radii, to: &o); o.raw("}")
            }
            o.raw("]")
        }
        if let r = sh.pointee.role { o.raw(", \"role\": \""); o.raw(r.rawValue.utf8); o.raw("\"") }
        if let m = sh.pointee.minimum { o.raw(", \"minimum\": "); num(m, &o) }
        if let m = sh.pointee.spacerMinimum { o.raw(", \"spacer\": {\"minimum\": "); num(m, &o); o.raw("}") }
        if let d = sh.pointee.offset {
            o.raw(", \"offset\": {\"x\": "); num(d.x, &o)
            o.raw(", \"y\": "); num(d.y, &o); o.raw("}")
        }
        if sh.pointee.uniform { o.raw(", \"uniform\": true") }
        if !sh.pointee.decisions.isEmpty {
            o.raw(", \"decisions\": [")
            var first = true
            // (In declaration order, as `Decisions.list` gives them, with no array built.)
            sh.pointee.decisions.forEach { d in
                if !first { o.raw(", ") }
                first = false
                o.raw("\""); o.raw(d.rawValue.utf8); o.raw("\"")
            }
            o.raw("]")
        }
        let overflows = sh.pointee.overflows  // (read once: each read builds the shape's extras)
        if !overflows.isEmpty {
            o.raw(", \"overflows\": [")
            // (Each read in place: `enumerated()` copied each overflow, and made and
            // dropped an optional pair for each; a clamped shape has one or two.)
            overflows.withUnsafeBufferPointer { vs in
                for i in vs.indices {
                    if i > 0 { o.raw(", ") }
                    o.raw("{\"role\": \""); o.raw(vs[i].role.utf8); o.raw("\", \"written\": "); appendRadii(vs[i].written, to: &o)
                    o.raw(", \"drawn\": "); appendRadii(vs[i].drawn, to: &o); o.raw("}")
                }
            }
            o.raw("]")
        }
        if sh.pointee.kind.followsContainer, let index { appendCorners(scene.reasons(for: index), to: &o) }
        if let fileName { o.raw(", \"file\": "); o.raw(fileName) }
        if let location {
            o.raw(", \"line\": "); o.fixed(Int64(location.line) * 1000)
            o.raw(", \"column\": "); o.fixed(Int64(location.column) * 1000)
        }
        o.raw("}")
    }

    /// `appendString(sh.id)`: the id said into the string (`ResolvedShape.say(id:)`,
    /// which a test holds to `id`), so an unlabelled node's `node-N` is written,
    /// not built as a string (a shape's own; its parent's and its container's below).
    static func appendID(_ sh: UnsafePointer<ResolvedShape>, to o: inout SVGBuffer) {
        o.byte(0x22)
        withUnsafeMutablePointer(to: &o) { var w = JSONWords(o: $0); ResolvedShape.say(idAt: sh, to: &w) }
        o.byte(0x22)
    }

    /// `appendID(shapes[j])`, the shape read in place (`ResolvedShape.say(idOf:in:to:)`), not copied.
    static func appendID(_ j: Int, in shapes: [ResolvedShape], to o: inout SVGBuffer) {
        o.byte(0x22)
        // (Said straight from the shape: a sink made for one id has none said before it to copy.)
        withUnsafeMutablePointer(to: &o) { var w = JSONWords(o: $0); ResolvedShape.say(idOf: j, in: shapes, to: &w) }
        o.byte(0x22)
    }

    /// `"corners": {…}`: why each corner came out as it did.
    static func appendCorners(_ reasons: [CornerReason], to o: inout SVGBuffer) {
        o.raw(", \"corners\": {")
        for k in Corner.four {
            let c = reasons[k.rawValue]
            // Room for the whole object first, then each piece written at a
            // pointer: no check of room and no count kept per piece (this runs
            // four times a shape, seven fields each).
            o.room(cornerRoom)
            var p = put(cornerHead(k), at: o.base + o.count)
            p = put(ruleName(c.rule), at: p)
            p.pointee = 0x22; p += 1
            p = field(", \"containerRadius\": ", c.containerRadius, at: p, &o)
            p = field(", \"dx\": ", c.dx, at: p, &o)
            p = field(", \"dy\": ", c.dy, at: p, &o)
            p = field(", \"distance\": ", c.distance, at: p, &o)
            p = field(", \"computed\": ", c.computed, at: p, &o)
            p = field(", \"minimum\": ", c.minimum, at: p, &o)
            p = field(", \"fixed\": ", c.fixed, at: p, &o)
            p.pointee = 0x7D; p += 1
            o.count = p - o.base
        }
        o.raw("}")
    }

    /// The most bytes one corner's object takes: its head and rule (under 48),
    /// the closing quote, seven keys (each under 24) with a number each, the brace.
    static let cornerRoom = 48 + 1 + 7 * (24 + SVGBuffer.maxFixed) + 1

    /// `key` and `v` at `p` (nothing for nil), room made for them; returns where they end.
    @inline(__always) static func field(_ key: StaticString, _ v: Double?, at p: UnsafeMutablePointer<UInt8>,
                                        _ o: inout SVGBuffer) -> UnsafeMutablePointer<UInt8> {
        guard let v else { return p }
        return putNumber(v, at: put(key, at: p), &o)
    }

    /// `s` at `p`, room made for it; returns where it ends.
    @inline(__always) static func put(_ s: StaticString, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        p.update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        return p + s.utf8CodeUnitCount
    }

    /// `num(v, &o)` at `p` in `o`'s chunk, room made for it (`maxFixed` bytes);
    /// returns where it ends. A number off the fast path (not finite, or past
    /// `SVGBuffer.fastLimit`: never, in practice) is written through `o`,
    /// which then has room for `cornerRoom` more bytes again.
    @inline(__always) static func putNumber(_ v: Double, at p: UnsafeMutablePointer<UInt8>, _ o: inout SVGBuffer)
        -> UnsafeMutablePointer<UInt8> {
        if v.magnitude < SVGBuffer.fastLimit { return SVGBuffer.writeFixed(SVGBuffer.quantize(v), to: p) }
        return putSlowly(v, at: p, &o)
    }

    /// `putNumber` off the fast path (kept out of line, so that the fast path is inlined).
    @inline(never) static func putSlowly(_ v: Double, at p: UnsafeMutablePointer<UInt8>, _ o: inout SVGBuffer)
        -> UnsafeMutablePointer<UInt8> {
        o.count = p - o.base
        num(v, &o)
        o.room(cornerRoom)
        return o.base + o.count
    }

    /// What opens corner `k`'s object, up to its rule's name: `, "topTrailing": {"rule": "`
    /// (no comma before the first). Constant text: `JSONStringTests` holds it to `Corner.name`.
    static func cornerHead(_ k: Corner) -> StaticString {
        switch k {
        case .topLeading: return "\"topLeading\": {\"rule\": \""
        case .topTrailing: return ", \"topTrailing\": {\"rule\": \""
        case .bottomTrailing: return ", \"bottomTrailing\": {\"rule\": \""
        case .bottomLeading: return ", \"bottomLeading\": {\"rule\": \""
        }
    }

    /// A rule's name as constant text (`JSONStringTests` holds it to the raw value).
    static func ruleName(_ r: CornerReason.Rule) -> StaticString {
        switch r {
        case .fixed: return "fixed"
        case .concentric: return "concentric"
        case .minimum: return "minimum"
        case .uniform: return "uniform"
        case .fallback: return "fallback"
        case .relative: return "relative"
        case .clamped: return "clamped"
        case .shape: return "shape"
        }
    }

    static func appendRadii(_ r: Radii, to o: inout SVGBuffer) {
        // (Room for all of it first, as `appendCorners`; under `cornerRoom`.)
        o.room(cornerRoom)
        var p = putNumber(r.topLeading, at: put("{\"topLeading\": ", at: o.base + o.count), &o)
        p = putNumber(r.topTrailing, at: put(", \"topTrailing\": ", at: p), &o)
        p = putNumber(r.bottomTrailing, at: put(", \"bottomTrailing\": ", at: p), &o)
        p = putNumber(r.bottomLeading, at: put(", \"bottomLeading\": ", at: p), &o)
        p.pointee = 0x7D; p += 1
        o.count = p - o.base
    }

    /// A JSON string literal, appended (the common case, nothing to escape, is one copy).
    static func appendString(_ s: String, to o: inout SVGBuffer) {
        o.byte(0x22); appendContent(s, to: &o); o.byte(0x22)
    }

    /// The same, onto bytes kept for writing again.
    static func appendString(_ s: String, to o: inout SVGBuffer.Bytes) {
        if needsNoEscape(s) {
            o.bytes.append(0x22); o.bytes += s.utf8; o.bytes.append(0x22)
        } else {
            o.bytes += string(s).utf8
        }
    }

    /// The same, onto a string.
    static func appendString(_ s: String, to o: inout String) {
        if needsNoEscape(s) {
            o += "\""; o += s; o += "\""
        } else {
            o += string(s)
        }
    }

    /// A number as `Format.number` writes it; `null` when not finite.
    @inline(__always) static func num(_ v: Double, _ o: inout SVGBuffer) {
        if v.isFinite { o.number(v) } else { o.raw("null") }
    }

    static func radii(_ r: Radii) -> String {
        "{\"topLeading\": \(num(r.topLeading)), \"topTrailing\": \(num(r.topTrailing)), \"bottomTrailing\": \(num(r.bottomTrailing)), \"bottomLeading\": \(num(r.bottomLeading))}"
    }

    /// One diagnostic's object (`scene check --json`, the scene-swift tools).
    public static func diagnostic(_ d: Diagnostic, file: SourceFile) -> String {
        var name = SVGBuffer.Bytes()
        appendString(file.name, to: &name)
        return String(decoding: bytes { o in
            appendDiagnostic(d, fileName: name, start: file.location(of: d.range.start), end: file.location(of: d.range.end), to: &o)
        }, as: UTF8.self)
    }

    /// The same object, appended piece by piece (a scene where every node
    /// warns writes one per node): `fileName` is the file's name already quoted.
    static func appendDiagnostic(_ d: Diagnostic, fileName: SVGBuffer.Bytes, start loc: SourceLocation, end: SourceLocation,
                                 to o: inout SVGBuffer) {
        appendDiagnostic(severity: d.severity, code: d.code, message: d.message, fileName: fileName, start: loc, end: end,
                         help: d.help, notes: d.notes, values: d.values.sorted(by: { $0.key < $1.key }), to: &o)
    }

    /// A diagnostic's object from its parts, the words as a `String` or as bytes
    /// (`Prose`, which a finding built on every node hands over without making a
    /// `Diagnostic`); `values` in key order.
    static func appendDiagnostic(severity: Diagnostic.Severity, code: String, message: some JSONText,
                                 fileName: SVGBuffer.Bytes, start loc: SourceLocation, end: SourceLocation,
                                 help: (some JSONText)?, notes: [String], values: [(key: String, value: Double)],
                                 to o: inout SVGBuffer) {
        appendHead(severity: severity, code: code, to: &o)
        message.appendJSON(to: &o)
        appendPlace(fileName: fileName, start: loc, end: end, to: &o)
        appendTail(help: help, notes: notes, values: values, to: &o)
    }

    /// A diagnostic object's start, up to its message: `{"severity": …, "code": …, "message": `.
    static func appendHead(severity: Diagnostic.Severity, code: String, to o: inout SVGBuffer) {
        o.raw("{\"severity\": "); appendString(severity.rawValue, to: &o)
        o.raw(", \"code\": "); appendString(code, to: &o)
        o.raw(", \"message\": ")
    }

    /// After the message: `, "file": …, "line": …, "column": …, "endLine": …, "endColumn": …`.
    static func appendPlace(fileName: SVGBuffer.Bytes, start loc: SourceLocation, end: SourceLocation, to o: inout SVGBuffer) {
        o.raw(", \"file\": "); o.raw(fileName)
        o.raw(", \"line\": "); o.fixed(Int64(loc.line) * 1000)
        o.raw(", \"column\": "); o.fixed(Int64(loc.column) * 1000)
        o.raw(", \"endLine\": "); o.fixed(Int64(end.line) * 1000)
        o.raw(", \"endColumn\": "); o.fixed(Int64(end.column) * 1000)
    }

    /// The object's end: help, notes and values (in key order) when there are any, and `}`.
    static func appendTail(help: (some JSONText)?, notes: [String], values: [(key: String, value: Double)],
                           to o: inout SVGBuffer) {
        assert(values.indices.dropFirst().allSatisfy { values[$0 - 1].key < values[$0].key })
        if let h = help { o.raw(", \"help\": "); h.appendJSON(to: &o) }
        if !notes.isEmpty {
            o.raw(", \"notes\": [")
            for (k, note) in notes.enumerated() {
                if k > 0 { o.raw(", ") }
                appendString(note, to: &o)
            }
            o.raw("]")
        }
        if !values.isEmpty {
            for (k, (key, v)) in values.enumerated() {
                appendValueKey(k, key, to: &o); num(v, &o)
            }
            o.raw("}")
        }
        o.raw("}")
    }

    /// What goes before value `k` of an object's `values` (`, "values": {"key": `
    /// for the first, `, "key": ` after it); `values` ends with `}`.
    static func appendValueKey(_ k: Int, _ key: String, to o: inout SVGBuffer) {
        o.raw(k == 0 ? ", \"values\": {" : ", ")
        appendString(key, to: &o); o.raw(": ")
    }

    /// What `body` writes, as bytes.
    static func bytes(_ body: (inout SVGBuffer) -> Void) -> [UInt8] {
        var all: [UInt8] = []
        withoutActuallyEscaping({ (b: UnsafeRawBufferPointer) in all.append(contentsOf: b) }) { sink in
            var o = SVGBuffer(cacheCorners: false, flush: sink)
            body(&o)
            o.finish()
        }
        return all
    }

    /// A string's text as it goes between a JSON string's quotes.
    /// The bytes are looked at and copied in one access to the string's storage
    /// (a finding on every node of a grid names shapes ten times: each id came
    /// here, was opened once to be looked at and again to be copied).
    static func appendContent(_ s: String, to o: inout SVGBuffer) {
        let copied: Bool? = s.utf8.withContiguousStorageIfAvailable { b in
            // An id, 1 to 16 bytes: looked at as two words and stored as two, no
            // loop and no call (a finding on every node of a grid names ten).
            if let p = b.baseAddress, b.count > 0, b.count <= 16 {
                let n = b.count, w = shortWords(p, n)
                if !mayNeedEscape(w.0), n < 8 || !mayNeedEscape(w.1) {  // (under 8 bytes the two are one)
                    o.room(16)
                    let d = UnsafeMutableRawPointer(o.base + o.count)
                    if n >= 8 {
                        d.storeBytes(of: w.0, as: UInt64.self)
                        d.storeBytes(of: w.1, toByteOffset: n - 8, as: UInt64.self)
                    } else if n >= 4 {
                        d.storeBytes(of: UInt32(truncatingIfNeeded: w.0), as: UInt32.self)
                        d.storeBytes(of: UInt32(truncatingIfNeeded: w.0 >> 32), toByteOffset: n - 4, as: UInt32.self)
                    } else {
                        d.storeBytes(of: p[0], as: UInt8.self)
                        d.storeBytes(of: p[n >> 1], toByteOffset: n >> 1, as: UInt8.self)
                        d.storeBytes(of: p[n - 1], toByteOffset: n - 1, as: UInt8.self)
                    }
                    o.count += n
                    return true
                }
            }
            guard needsNoEscape(bytes: b) else { return false }
            o.raw(bytes: b)
            return true
        }
        if copied == true { return }
        if copied == nil, needsNoEscape(s) { o.raw(s.utf8); return }
        let quoted = Array(string(s).utf8)
        quoted[1..<quoted.count - 1].withUnsafeBufferPointer { o.raw(bytes: $0) }
    }

    static func num(_ v: Double) -> String { v.isFinite ? Format.number(v) : "null" }

    /// Whether `string(s)` is `s` in quotes: no control character, quote,
    /// backslash, DEL or line/paragraph separator (U+2028/9, E2 80 A8/9 in
    /// UTF-8). Other non-ASCII text (`−`, `×`) is copied as it is.
    static func needsNoEscape(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { needsNoEscape(bytes: $0) }
    }

    /// The same, of UTF-8 bytes.
    static func needsNoEscape(bytes b: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes at a time: a word with none of the bytes that need a
        // look (below 0x20, `"`, `\`, DEL, or E2 that may start U+2028/9)
        // is skipped whole; a word with one is read byte by byte.
        // The last one to seven bytes are one word too, the rest of it `A`s (a
        // byte that needs no look): an id is a few bytes, and ids are most of
        // the strings a finding on every node writes.
        let n = b.count
        guard let p = b.baseAddress else { return true }
        var k = 0
        while k + 8 <= n {
            let w = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
            if !mayNeedEscape(w) { k += 8; continue }
            for i in k..<k + 8 where !plain(b, i) { return false }
            k += 8
        }
        guard k < n else { return true }
        var w: UInt64 = 0x4141_4141_4141_4141
        withUnsafeMutableBytes(of: &w) { $0.baseAddress!.copyMemory(from: p + k, byteCount: n - k) }
        if mayNeedEscape(w) {
            for i in k..<n where !plain(b, i) { return false }
        }
        return true
    }

    /// The bytes of a text of 1 to 16 bytes as two words that hold every one of
    /// them, for `mayNeedEscape`, without a loop: from 8 bytes, its first eight
    /// and its last eight (overlapping); from 4, its first four and its last four
    /// in one word (twice); under 4, its first, middle and last
    /// bytes (every byte of it) and `A`s (a byte that needs no look).
    @inline(__always) static func shortWords(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        if n >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        }
        if n >= 4 {
            let first = UInt64(raw.loadUnaligned(as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            let w = first | last << 32
            return (w, w)
        }
        let w = UInt64(p[0]) | UInt64(p[n >> 1]) << 8 | UInt64(p[n - 1]) << 16 | 0x4141_4141_4100_0000
        return (w, w)
    }

    /// Whether byte `k` of `b` is copied as it is.
    @inline(__always) static func plain(_ b: UnsafeBufferPointer<UInt8>, _ k: Int) -> Bool {
        let c = b[k]
        if c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F { return false }
        if c == 0xE2, k + 2 < b.count, b[k + 1] == 0x80, b[k + 2] == 0xA8 || b[k + 2] == 0xA9 { return false }
        return true
    }

    /// Whether any byte of `w` is below 0x20 or is 0x22, 0x5C, 0x7F or 0xE2
    /// (never false when one is; may be true when none is).
    @inline(__always) static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        func zero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let below = (w &- 0x2020_2020_2020_2020) & ~w & high
        return (below | zero(w ^ 0x2222_2222_2222_2222) | zero(w ^ 0x5C5C_5C5C_5C5C_5C5C)
                | zero(w ^ 0x7F7F_7F7F_7F7F_7F7F) | zero(w ^ 0xE2E2_E2E2_E2E2_E2E2)) != 0
    }

    /// A JSON string literal with every control character escaped.
    public static func string(_ s: String) -> String {
        if needsNoEscape(s) { return "\"" + s + "\"" }
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

/// Text a JSON string is written from: a `String`, or `Prose`'s bytes.
protocol JSONText {
    /// The text as a JSON string literal (escaped where it must be).
    func appendJSON(to o: inout SVGBuffer)
}

extension String: JSONText {
    func appendJSON(to o: inout SVGBuffer) { JSONWriter.appendString(self, to: &o) }
}

extension Prose: JSONText {
    func appendJSON(to o: inout SVGBuffer) {
        bytes.withUnsafeBufferPointer { b in
            if JSONWriter.needsNoEscape(bytes: b) {
                o.byte(0x22); o.raw(bytes: b); o.byte(0x22)
            } else {
                o.raw(JSONWriter.string(string).utf8)
            }
        }
    }
}

/// Words written straight into a JSON string's content in `o` (the quotes are
/// the caller's): our own words as they are, anything else escaped where it must be.
struct JSONWords: WordSink {
    let o: UnsafeMutablePointer<SVGBuffer>
    /// The last two ids said, and where their bytes are in the buffer's chunk
    /// while no flush has come since: said again, an id is copied from there, not
    /// read from its shape and looked at again (a container-too-tight finding
    /// names its container four times and its node four, the two in turn).
    /// (Each kept with the array it was read from: the same index in another
    /// scene's shapes is another shape.)
    private var said = (Said(), Said())
    private struct Said { var shape = -1, at = 0, count = 0, flushes = -1, array: UnsafeRawPointer? = nil }

    init(o: UnsafeMutablePointer<SVGBuffer>) { self.o = o }

    mutating func id(_ j: Int, in shapes: [ResolvedShape]) {
        let array = shapes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let s = said.0.shape == j && said.0.array == array ? said.0 : said.1.shape == j && said.1.array == array ? said.1 : Said()
        if s.shape >= 0, s.flushes == o.pointee.flushes, o.pointee.count + s.count <= SVGBuffer.chunkSize {
            (o.pointee.base + o.pointee.count).update(from: o.pointee.base + s.at, count: s.count)
            o.pointee.count += s.count
            return
        }
        let at = o.pointee.count, flushes = o.pointee.flushes
        ResolvedShape.say(idOf: j, in: shapes, to: &self)
        guard o.pointee.flushes == flushes else { return }  // (split by a flush: not kept)
        said = (Said(shape: j, at: at, count: o.pointee.count - at, flushes: flushes, array: array), said.0)
    }

    // (Inlined where words are said: a literal's length is then a constant, and
    // its copy a few moves, not a call; a finding on every node says ~24 a finding.)
    @inline(__always) mutating func literal(_ s: StaticString) {
        assert(JSONWriter.needsNoEscape(s.description))
        o.pointee.raw(s)
    }
    mutating func text(_ s: String) { JSONWriter.appendContent(s, to: &o.pointee) }
    @inline(__always) mutating func number(_ v: Double) { o.pointee.number(v) }
    mutating func prose(_ p: Prose) {
        p.bytes.withUnsafeBufferPointer { b in
            if JSONWriter.needsNoEscape(bytes: b) { o.pointee.raw(bytes: b) } else { JSONWriter.appendContent(p.string, to: &o.pointee) }
        }
    }
}

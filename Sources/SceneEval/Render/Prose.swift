import SceneLang

/// Text built as UTF-8 bytes, for the words a finding says when a scene may
/// have one on every node. Written as a string interpolation
/// (`"… \(who) needs \(n: m) + \(n: d) …" as Prose`), it appends each piece
/// as bytes and makes one `String` at the end: Swift's own interpolation into a
/// `String` costs a few hundred instructions a piece, more than the bytes it
/// copies. Numbers (`\(n: v)`) are written as `Format.number` writes them
/// (`SVGBuffer.number`'s digits, byte for byte).
struct Prose: ExpressibleByStringInterpolation, Sendable {
    var bytes: [UInt8]

    init(stringLiteral s: String) { bytes = []; Self.put(s, into: &bytes) }
    /// A string's text.
    init(_ s: String) { bytes = []; Self.put(s, into: &bytes) }
    init(stringInterpolation p: Interpolation) { bytes = p.bytes }
    /// Empty, with room for `capacity` bytes.
    init(capacity: Int = 0) { bytes = []; bytes.reserveCapacity(capacity) }

    /// The text, as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ p: Prose) { bytes += p.bytes }
    mutating func append(string s: String) { Self.put(s, into: &bytes) }
    /// Words with nothing interpolated (no `Prose` made for them).
    mutating func append(literal s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
    mutating func append(n v: Double) { Self.number(v, into: &bytes) }
    static func + (a: Prose, b: Prose) -> Prose {
        var p = Prose(capacity: a.bytes.count + b.bytes.count)
        p.bytes += a.bytes
        p.bytes += b.bytes
        return p
    }

    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []
        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }
        mutating func appendLiteral(_ s: String) { Prose.put(s, into: &bytes) }
        mutating func appendInterpolation(_ s: String) { Prose.put(s, into: &bytes) }
        mutating func appendInterpolation(_ p: Prose) { bytes += p.bytes }
        /// A number as `Format.number` writes it.
        mutating func appendInterpolation(n v: Double) { Prose.number(v, into: &bytes) }
        /// `Format.concentric(R, minus: d)`.
        mutating func appendInterpolation(concentric R: Double, minus d: Double) {
            // (The bytes moved into a Prose and back: no copy.)
            var p = Prose()
            swap(&p.bytes, &bytes)
            p.concentric(R, minus: d)
            swap(&p.bytes, &bytes)
        }
    }

    /// A string's UTF-8, appended in one copy.
    @inline(__always) static func put(_ s: String, into bytes: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `Format.number(v)`'s bytes.
    static func number(_ v: Double, into bytes: inout [UInt8]) {
        guard v.magnitude < SVGBuffer.fastLimit else { put(Format.number(v), into: &bytes); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SVGBuffer.maxFixed) { buf in
            let start = buf.baseAddress!
            let end = SVGBuffer.writeFixed(SVGBuffer.quantize(v), to: start)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }
}

/// Where words go as they are said, piece by piece: into `Prose` (a finding's
/// text), or straight into `scene run --json`'s string (`JSONWords`), so a
/// finding said on nearly every node needs no text of its own in between.
protocol WordSink {
    /// Words of our own (never anything that needs escaping in JSON).
    mutating func literal(_ s: StaticString)
    /// Any other text: a name, an id, source text.
    mutating func text(_ s: String)
    /// A number as `Format.number` writes it.
    mutating func number(_ v: Double)
    /// Words built apart.
    mutating func prose(_ p: Prose)
    /// Shape `j`'s id, read from `shapes` in place (`ResolvedShape.say(idOf:in:to:)`,
    /// the default; `JSONWords` copies an id it said a moment ago).
    mutating func id(_ j: Int, in shapes: [ResolvedShape])
}

extension WordSink {
    mutating func id(_ j: Int, in shapes: [ResolvedShape]) { ResolvedShape.say(idOf: j, in: shapes, to: &self) }

    /// `Format.concentric(R, minus: d, written:)`: R − d, and what it comes to.
    mutating func concentric(_ R: Double, minus d: Double, written distance: String? = nil) {
        signed(R)
        literal(" − ")
        if let distance { text(distance) } else { signed(d) }
        if R - d < 0 {
            literal(" → 0 (clamped)")
        } else {
            literal(" = ")
            number(R - d)
        }
    }

    /// `Format.signed(v)`: `Format.number`'s text with its `-` made `−`. (A
    /// number is written with `-` exactly when it is below zero in thousandths.)
    mutating func signed(_ v: Double) {
        guard v.magnitude < SVGBuffer.fastLimit else {
            let s = Format.number(v)
            text(s.hasPrefix("-") ? "−" + s.dropFirst() : s)
            return
        }
        if SVGBuffer.quantize(v) < 0 { literal("−"); number(-v) } else { number(v) }
    }

    /// Shape `s`'s id (`ResolvedShape.id`), said without making it.
    mutating func id(of s: ResolvedShape) { s.say(id: &self) }
}

extension Prose: WordSink {
    mutating func literal(_ s: StaticString) { append(literal: s) }
    mutating func text(_ s: String) { append(string: s) }
    mutating func number(_ v: Double) { append(n: v) }
    mutating func prose(_ p: Prose) { append(p) }
}

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

    init(stringLiteral s: String) { bytes = Array(s.utf8) }
    init(stringInterpolation p: Interpolation) { bytes = p.bytes }
    init() { bytes = [] }

    /// The text, as a `String`.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ p: Prose) { bytes += p.bytes }
    static func + (a: Prose, b: Prose) -> Prose { var p = a; p.bytes += b.bytes; return p }
    mutating func append(string s: String) { bytes += s.utf8 }
    mutating func append(n v: Double) { Self.number(v, into: &bytes) }

    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []
        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }
        mutating func appendLiteral(_ s: String) { bytes += s.utf8 }
        mutating func appendInterpolation(_ s: String) { bytes += s.utf8 }
        mutating func appendInterpolation(_ p: Prose) { bytes += p.bytes }
        /// A number as `Format.number` writes it.
        mutating func appendInterpolation(n v: Double) { Prose.number(v, into: &bytes) }
        /// `Format.concentric(R, minus: d)`.
        mutating func appendInterpolation(concentric R: Double, minus d: Double) {
            var p = Prose()
            Format.concentric(R, minus: d, written: nil, into: &p)
            bytes += p.bytes
        }
    }

    /// `Format.number(v)`'s bytes.
    static func number(_ v: Double, into bytes: inout [UInt8]) {
        guard v.magnitude < SVGBuffer.fastLimit else { bytes += Format.number(v).utf8; return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SVGBuffer.maxFixed) { buf in
            let start = buf.baseAddress!
            let end = SVGBuffer.writeFixed(SVGBuffer.quantize(v), to: start)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }
}

/// JSON-RPC's base protocol: each message is `Content-Length: N` (other
/// headers ignored), a blank line, then N bytes of JSON. The reader takes
/// bytes as they come and hands out whole messages; a header block without a
/// usable length is reported and skipped, so garbage cannot stall the stream.
public struct MessageReader: Sendable {
    public enum Item: Equatable, Sendable {
        case message([UInt8])
        /// A header block that could not be used (what was wrong with it).
        case bad(String)
    }

    /// Larger bodies are refused (their header skipped): 256 MB, like the CLI's input cap.
    public static let maxBody = 256 << 20
    var buffer: [UInt8] = []
    var start = 0

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += bytes
    }

    /// Whether bytes are waiting that do not yet make a whole message.
    public var hasPartial: Bool { start < buffer.count }

    public mutating func next() -> Item? {
        // Stray line breaks between messages are ignored.
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        guard start < buffer.count, let (headerEnd, bodyStart) = headerBoundary() else { return nil }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int? = nil
        for line in header.split(whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces.lowercased() == "content-length" {
                length = Int(parts[1].trimmingSpaces)
            }
        }
        guard let n = length, n >= 0, n <= Self.maxBody else {
            start = bodyStart
            let shown = header.count > 60 ? String(header.prefix(60)) + "…" : header
            return .bad(length == nil ? "no Content-Length header in `\(shown)`" : "unusable Content-Length in `\(shown)`")
        }
        guard buffer.count - bodyStart >= n else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + n])
        start = bodyStart + n
        return .message(body)
    }

    /// The end of the header block and the start of the body: the first blank
    /// line (`\r\n\r\n`, or `\n\n` from lenient clients).
    func headerBoundary() -> (Int, Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// One message with its header.
    public static func frame(_ json: JSON) -> [UInt8] { frame(body: json.bytes) }

    /// A message body (JSON already written) with its header.
    public static func frame(body: [UInt8]) -> [UInt8] {
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.reserveCapacity(out.count + body.count)
        out += body
        return out
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}

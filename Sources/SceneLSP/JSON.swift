/// A JSON value, with a parser that never traps (depth-limited, every byte
/// checked) and a serializer. The server speaks JSON-RPC with these.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var array: [JSON]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: JSON]? { if case .object(let o) = self { return o }; return nil }
    /// A whole number that fits an `Int`.
    public var int: Int? {
        guard let n = number, n.isFinite, n == n.rounded(), abs(n) < 9e15 else { return nil }
        return Int(n)
    }

    public init(_ s: String) { self = .string(s) }
    public init(_ n: Int) { self = .number(Double(n)) }

    // MARK: - Writing

    /// Compact JSON, object keys sorted (so output is deterministic).
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)) }
            else if n.isFinite { out += String(n) } else { out += "null" }
        case .string(let s): Self.quote(s, to: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() { if i > 0 { out += "," }; v.write(to: &out) }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                Self.quote(k, to: &out)
                out += ":"
                o[k]!.write(to: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }

    // MARK: - Reading

    public static let maxDepth = 256

    /// The value `bytes` hold, or nil when they are not exactly one JSON value.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        var p = Reader(bytes: bytes)
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == bytes.count ? v : nil
    }

    public static func parse(_ text: String) -> JSON? { parse(Array(text.utf8)) }

    struct Reader {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func literal(_ word: String, _ v: JSON) -> JSON? {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { return nil }
            i += w.count
            return v
        }

        mutating func value(depth: Int) -> JSON? {
            guard depth < JSON.maxDepth else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "{"): return object(depth: depth)
            default: return number()
            }
        }

        mutating func array(depth: Int) -> JSON? {
            i += 1
            var out: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
            while true {
                guard let v = value(depth: depth + 1) else { return nil }
                out.append(v)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
                return nil
            }
        }

        mutating func object(depth: Int) -> JSON? {
            i += 1
            var out: [String: JSON] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let k = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard let v = value(depth: depth + 1) else { return nil }
                out[k] = v
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
                return nil
            }
        }

        mutating func number() -> JSON? {
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard i > start, let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
            return .number(d)
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
            i += 4
            return v
        }

        mutating func string() -> String? {
            i += 1
            var scalars = String.UnicodeScalarView()
            var run = [UInt8]()
            func flush() { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; flush(); return String(scalars) }
                if b < 0x20 { return nil }
                guard b == UInt8(ascii: "\\") else { run.append(b); i += 1; continue }
                flush()
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var v = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(v), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        guard let lo = hex4(), (0xDC00..<0xE000).contains(lo) else { return nil }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                default: return nil
                }
            }
            return nil
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral s: String) { self = .string(s) }
    public init(integerLiteral n: Int) { self = .number(Double(n)) }
    public init(booleanLiteral b: Bool) { self = .bool(b) }
    public init(arrayLiteral xs: JSON...) { self = .array(xs) }
    public init(dictionaryLiteral kv: (String, JSON)...) {
        var o: [String: JSON] = [:]
        for (k, v) in kv { o[k] = v }
        self = .object(o)
    }
    public init(nilLiteral: ()) { self = .null }
}

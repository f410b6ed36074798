/// A JSON value, with a parser that never traps (depth-limited, every byte
/// checked) and a serializer. The server speaks JSON-RPC with these.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// A value already written as JSON bytes (a list of thousands of diagnostics written
    /// straight out): sent as it is. Reading never makes one.
    case encoded([UInt8])

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
    public var serialized: String { String(decoding: bytes, as: UTF8.self) }

    /// The same, as UTF-8 bytes (built in one buffer: large documents stay linear).
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): Self.number(n, to: &out)
        case .string(let s): Self.quote(s, to: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() { if i > 0 { out.append(UInt8(ascii: ",")) }; v.write(to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.quote(k, to: &out)
                out.append(UInt8(ascii: ":"))
                o[k]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .encoded(let b): out += b
        }
    }

    static func number(_ n: Double, to out: inout [UInt8]) {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)).utf8 }
        else if n.isFinite { out += String(n).utf8 } else { out += "null".utf8 }
    }

    static func quote(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Bytes that need no escaping are copied in runs (a diagnostic's
        // message has a line break before its help, and 9,800 diagnostics a
        // publish on a large scene: byte by byte was a tenth of the server's time).
        var s = s
        s.withUTF8 { u in
            var run = 0
            for i in 0..<u.count {
                let b = u[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: u[run..<i]))
                escape(b, to: &out)
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: u[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// One byte that JSON does not allow in a string as it is.
    static func escape(_ b: UInt8, to out: inout [UInt8]) {
        switch b {
        case UInt8(ascii: "\""): out += [0x5C, 0x22]
        case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        default:
            let h = Array("0123456789abcdef".utf8)
            out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, h[Int(b >> 4)], h[Int(b & 15)]]
        }
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

    /// The members named `keys` of the object `bytes` hold, the other members'
    /// values skipped over rather than built (a message forwarded whole needs
    /// only its `id` and whether it has a `method`); nil when `bytes` are not
    /// an object. Skipped values are checked only for where they end.
    public static func members(_ keys: Set<String>, of bytes: [UInt8]) -> [String: JSON]? {
        var p = Reader(bytes: bytes)
        p.skipSpace()
        guard p.i < bytes.count, bytes[p.i] == UInt8(ascii: "{") else { return nil }
        p.i += 1
        var out: [String: JSON] = [:]
        p.skipSpace()
        if p.i < bytes.count, bytes[p.i] == UInt8(ascii: "}") { return out }
        while true {
            p.skipSpace()
            guard p.i < bytes.count, bytes[p.i] == UInt8(ascii: "\""), let k = p.string() else { return nil }
            p.skipSpace()
            guard p.i < bytes.count, bytes[p.i] == UInt8(ascii: ":") else { return nil }
            p.i += 1
            if keys.contains(k) {
                guard let v = p.value(depth: 1) else { return nil }
                out[k] = v
            } else {
                guard p.skip() else { return nil }
            }
            p.skipSpace()
            guard p.i < bytes.count else { return nil }
            if bytes[p.i] == UInt8(ascii: ",") { p.i += 1; continue }
            if bytes[p.i] == UInt8(ascii: "}") { return out }
            return nil
        }
    }

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

        /// Past one value without building it: strings to their closing quote,
        /// arrays and objects to their matching bracket.
        mutating func skip() -> Bool {
            skipSpace()
            var depth = 0
            repeat {
                guard i < bytes.count else { return false }
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard i < bytes.count else { return false }
                    i += 1
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    guard depth < JSON.maxDepth else { return false }
                    i += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    i += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                    guard depth > 0 else { return false }
                    i += 1
                default:
                    // A number or literal: to the next delimiter.
                    let start = i
                    while i < bytes.count, !",:]}\" \n\r\t[{".utf8.contains(bytes[i]) { i += 1 }
                    guard i > start else { return false }
                }
            } while depth > 0
            return true
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
            var out = [UInt8]()
            func append(_ u: Unicode.Scalar) { out.append(contentsOf: Array(String(Character(u)).utf8)) }
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
                if b < 0x20 { return nil }
                guard b == UInt8(ascii: "\\") else { out.append(b); i += 1; continue }
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var v = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(v), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        guard let lo = hex4(), (0xDC00..<0xE000).contains(lo) else { return nil }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    }
                    append(Unicode.Scalar(v) ?? "\u{FFFD}")
                default: return nil
                }
            }
            return nil
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral s: String) { self = .string(s) }
    public init(integerLiteral n: Int) { self = .number(Double(n)) }
    public init(booleanLiteral b: Bool) { self = .bool(b) }
    public init(arrayLiteral xs: JSON...) { self = .array(xs) }
    public init(dictionaryLiteral kv: (String, JSON)...) {
        var o: [String: JSON] = [:]
        for (k, v) in kv { o[k] = v }
        self = .object(o)
    }
}

/// Token classes. Keywords are identifiers whose `keyword` is set: the lexer
/// knows the reserved words, the parser decides what each means where it stands.
public enum TokenKind: String, Sendable, Equatable {
    case number, identifier, color
    case plus = "+", minus = "-", star = "*", slash = "/"
    case lparen = "(", rparen = ")", comma = ",", colon = ":", equals = "="
    case less = "<", greater = ">", semicolon = ";"
    /// The `x` of `400x300` written with no spaces (a spaced `x` is the keyword).
    case cross
    case newline, eof
    /// Something the lexer could not read; its diagnostic is already reported.
    case invalid
}

/// A token is 24 bytes: its spelling is not copied, but read back from the
/// source through its range (`SourceFile.text(token.range)`).
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    public var keyword: Keyword? = nil
    public var range: SourceRange
    /// The value of a `number`.
    public var number: Double = 0

    public init(_ kind: TokenKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// How the token reads in a message: `x`, `<`, a number, end of input.
    public func display(_ text: String) -> String {
        switch kind {
        case .number: return "`\(Self.format(number))`"
        case .identifier, .color: return "`\(text.count > 24 ? String(text.prefix(24)) + "…" : text)`"
        case .newline: return "end of line"
        case .eof: return "end of input"
        case .cross: return text == "×" ? "`×`" : "`x`"
        case .invalid: return "invalid input"
        default: return "`\(kind.rawValue)`"
        }
    }

    public static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

/// The reserved words. A keyword cannot name a binding or a label.
public enum Keyword: String, Sendable, CaseIterable {
    // statements
    case `let`, screen, target, margin
    // shapes
    case rect, rectangle, capsule, circle, uneven, concentric, relative, fixed
    case min, max, uniform
    // items
    case container, size, width, height, pad, align, spacing, fill, style, glass
    case hstack, vstack, zstack, radius
    case clip, background, hit, role, transition
    case spacer, offset
    // edges, corners and alignments
    case top, bottom, leading, trailing, h, v, center, all
    case topLeading, topTrailing, bottomLeading, bottomTrailing
    // corner styles
    case continuous, circular

    /// The keywords that start a top-level statement (the parser, REPL completion).
    public static let statements: [Keyword] = [.let, .screen, .target, .margin]

    public static func lookup(_ s: String) -> Keyword? { Keyword(rawValue: s) }

    /// The keyword spelled by `bytes[start..<end]`, if any. The lookup behind it
    /// (`KeywordLookup.swift`) is generated from this enum's cases, and a test fails
    /// when the two disagree: after changing the cases, run
    /// `SCENE_RECORD=1 swift test --filter KeywordLookup`.
    public static func lookup(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Keyword? {
        let n = end - start
        guard n > 0, n <= longest, start >= 0, end <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { lookup($0.baseAddress! + start, n) }
    }

    /// Whether the `n` bytes at `a` are the `n` at `b` (the generated lookup's
    /// `rest`): up to 16 bytes as two loads from each side, the first `n` bytes' start
    /// and end (overlapping when `n` is under twice the width), not a loop a byte at a
    /// time; longer (the line memo's texts, `Parser.replayLine`), eight bytes at a time,
    /// then the last eight. Reads nothing outside either run.
    @inline(__always) static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        @inline(__always) func ends<T: FixedWidthInteger>(_: T.Type) -> Bool {
            let w = MemoryLayout<T>.size
            return x.loadUnaligned(as: T.self) == y.loadUnaligned(as: T.self)
                && x.loadUnaligned(fromByteOffset: n - w, as: T.self) == y.loadUnaligned(fromByteOffset: n - w, as: T.self)
        }
        switch n {
        case 8...16: return ends(UInt64.self)
        case 4...7: return ends(UInt32.self)
        case 2...3: return ends(UInt16.self)
        case 1: return a[0] == b[0]
        case 0: return true
        default:
            var j = 0
            while j + 8 <= n {
                if x.loadUnaligned(fromByteOffset: j, as: UInt64.self) != y.loadUnaligned(fromByteOffset: j, as: UInt64.self) { return false }
                j += 8
            }
            return j == n || x.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
    }
}

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
        case .cross: return "`x`"
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
    // edges, corners and alignments
    case top, bottom, leading, trailing, h, v, center, all
    case topLeading, topTrailing, bottomLeading, bottomTrailing
    // corner styles
    case continuous, circular

    /// The keywords that start a top-level statement (the parser, REPL completion).
    public static let statements: [Keyword] = [.let, .screen, .target, .margin]

    public static func lookup(_ s: String) -> Keyword? { Keyword(rawValue: s) }

    /// The keyword spelled by `bytes[start..<end]`, if any.
    public static func lookup(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Keyword? {
        let n = end - start
        guard n > 0, n <= 14, start >= 0, end <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { lookup($0.baseAddress! + start, n) }
    }

    /// The keyword spelled by the `n` bytes at `p`, if any: a switch on the length and
    /// the first byte, then the rest compared, with no String made or hashed
    /// (generated from the cases above; LexerTests checks it against `allCases`).
    static func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        n <= 5 ? lookupShort(p, n) : lookupLong(p, n)
    }

    /// Keywords of 1 to 5 bytes.
    static func lookupShort(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        @inline(__always) func rest(_ s: StaticString) -> Bool {
            let q = s.utf8Start
            for j in 1..<n where p[j] != q[j] { return false }
            return true
        }
        switch n {
        case 1:
            switch p[0] {
            case UInt8(ascii: "h"): return .h
            case UInt8(ascii: "v"): return .v
            default: return nil
            }
        case 3:
            switch p[0] {
            case UInt8(ascii: "a"): return rest("all") ? .all : nil
            case UInt8(ascii: "h"): return rest("hit") ? .hit : nil
            case UInt8(ascii: "l"): return rest("let") ? .`let` : nil
            case UInt8(ascii: "m"):
                if rest("min") { return .min }
                if rest("max") { return .max }
                return nil
            case UInt8(ascii: "p"): return rest("pad") ? .pad : nil
            case UInt8(ascii: "t"): return rest("top") ? .top : nil
            default: return nil
            }
        case 4:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("clip") ? .clip : nil
            case UInt8(ascii: "f"): return rest("fill") ? .fill : nil
            case UInt8(ascii: "r"):
                if rest("rect") { return .rect }
                if rest("role") { return .role }
                return nil
            case UInt8(ascii: "s"): return rest("size") ? .size : nil
            default: return nil
            }
        case 5:
            switch p[0] {
            case UInt8(ascii: "a"): return rest("align") ? .align : nil
            case UInt8(ascii: "f"): return rest("fixed") ? .fixed : nil
            case UInt8(ascii: "g"): return rest("glass") ? .glass : nil
            case UInt8(ascii: "s"): return rest("style") ? .style : nil
            case UInt8(ascii: "w"): return rest("width") ? .width : nil
            default: return nil
            }
        default: return nil
        }
    }

    /// Keywords of 6 to 14 bytes.
    static func lookupLong(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
        @inline(__always) func rest(_ s: StaticString) -> Bool {
            let q = s.utf8Start
            for j in 1..<n where p[j] != q[j] { return false }
            return true
        }
        switch n {
        case 6:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottom") ? .bottom : nil
            case UInt8(ascii: "c"):
                if rest("circle") { return .circle }
                if rest("center") { return .center }
                return nil
            case UInt8(ascii: "h"):
                if rest("height") { return .height }
                if rest("hstack") { return .hstack }
                return nil
            case UInt8(ascii: "m"): return rest("margin") ? .margin : nil
            case UInt8(ascii: "r"): return rest("radius") ? .radius : nil
            case UInt8(ascii: "s"): return rest("screen") ? .screen : nil
            case UInt8(ascii: "t"): return rest("target") ? .target : nil
            case UInt8(ascii: "u"): return rest("uneven") ? .uneven : nil
            case UInt8(ascii: "v"): return rest("vstack") ? .vstack : nil
            case UInt8(ascii: "z"): return rest("zstack") ? .zstack : nil
            default: return nil
            }
        case 7:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("capsule") ? .capsule : nil
            case UInt8(ascii: "l"): return rest("leading") ? .leading : nil
            case UInt8(ascii: "s"): return rest("spacing") ? .spacing : nil
            case UInt8(ascii: "u"): return rest("uniform") ? .uniform : nil
            default: return nil
            }
        case 8:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("circular") ? .circular : nil
            case UInt8(ascii: "r"): return rest("relative") ? .relative : nil
            case UInt8(ascii: "t"): return rest("trailing") ? .trailing : nil
            default: return nil
            }
        case 9:
            switch p[0] {
            case UInt8(ascii: "c"): return rest("container") ? .container : nil
            case UInt8(ascii: "r"): return rest("rectangle") ? .rectangle : nil
            default: return nil
            }
        case 10:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("background") ? .background : nil
            case UInt8(ascii: "c"):
                if rest("concentric") { return .concentric }
                if rest("continuous") { return .continuous }
                return nil
            case UInt8(ascii: "t"):
                if rest("transition") { return .transition }
                if rest("topLeading") { return .topLeading }
                return nil
            default: return nil
            }
        case 11:
            switch p[0] {
            case UInt8(ascii: "t"): return rest("topTrailing") ? .topTrailing : nil
            default: return nil
            }
        case 13:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottomLeading") ? .bottomLeading : nil
            default: return nil
            }
        case 14:
            switch p[0] {
            case UInt8(ascii: "b"): return rest("bottomTrailing") ? .bottomTrailing : nil
            default: return nil
            }
        default: return nil
        }
    }
}

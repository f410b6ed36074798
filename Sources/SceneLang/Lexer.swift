/// Turns source bytes into tokens. It never throws and never stops early: a
/// byte it cannot read becomes an `invalid` token, and its diagnostic goes in
/// `diagnostics`. A run of unreadable bytes is one token and one diagnostic, so
/// binary garbage cannot flood the report.
public struct Lexer {
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Past this many errors the lexer only counts them (a 1 MB line of `1a`
    /// must not become 300,000 diagnostics); `Parser.parse` reports the count.
    public static let maxErrors = 1000
    public private(set) var suppressed = 0
    let bytes: [UInt8]
    var i = 0
    /// Whether `next()` reads the usual token (blanks, then an ASCII name, a
    /// one-byte token, a newline or a whole number) on its short path first; a test
    /// turns it off to compare every token the two ways over random input
    /// (`LexerTests.usualPathReadsAsTheGeneralOne`). Off for a file of `Int32.max`
    /// bytes or more: the short path makes its ranges without `SourceRange`'s
    /// clamping (16 instructions a token), so every offset must fit.
    var usualPath = true

    public init(_ file: SourceFile) {
        self.bytes = file.bytes
        usualPath = bytes.count < Int(Int32.max)
        // A UTF-8 byte order mark is not part of the program.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    }

    /// Lex the whole file. The last token is always `eof`.
    public static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file)
        let tokens = lexer.run()
        var diagnostics = lexer.diagnostics
        if lexer.suppressed > 0 {
            diagnostics.append(Diagnostic(.tooManyErrors, "\(lexer.suppressed) more syntax errors not reported",
                                          at: SourceRange(file.bytes.count, file.bytes.count), help: "fix the errors above first"))
        }
        return (tokens, diagnostics)
    }

    static let maxNumberDigits = 40

    /// Lex everything into an array (for dumps and the REPL's `:tokens`; the
    /// parser pulls tokens one at a time with `next()` instead).
    public mutating func run() -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(bytes.count / 2 + 1)
        while true {
            let t = next()
            out.append(t)
            if t.kind == .eof { return out }
        }
    }

    /// The next token; `eof` forever once the input is used up. (The short path
    /// is inlined into the caller, the parser's `advance`: a call, and the long
    /// path's saved registers, cost a third of a usual token.)
    @inline(__always) public mutating func next() -> Token {
        if usualPath, let t = usual() { return t }
        return nextInFull()
    }

    /// `next()` past its short path: everything else a token can be.
    @inline(never) mutating func nextInFull() -> Token {
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            let start = i
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                i += 1
            case UInt8(ascii: "\n"):
                i += 1
                return Token(.newline, SourceRange(start, i))
            case UInt8(ascii: "#"):
                if let tok = lexColor() { return tok }
                skipComment()
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                if b == UInt8(ascii: "."), !(i + 1 < n && isDigit(bytes[i + 1])) {
                    return lexInvalid()
                }
                return lexNumber()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                return lexIdentifier()
            default:
                if let k = Self.oneByteKind(b) { return single(k) }
                if b >= 0x80, isLetterScalar(at: i) { return lexIdentifier() }
                return lexInvalid()
            }
        }
        return Token(.eof, SourceRange(n, n))
    }

    /// The usual token, read through one pointer, or nil (the lexer where it was,
    /// or past the blanks) for `next()` to read in full: blanks, then an ASCII name
    /// (a keyword or a binding), a one-byte token, a newline, or a whole number
    /// of digits alone. Anything else — a name glued to a digit (the cross of
    /// `400x300`), a name or a number running into a non-ASCII byte, a number
    /// with a point or glued to letters, a comment, the end — is left to `next()`.
    @inline(__always) private mutating func usual() -> Token? {
        let n = bytes.count, from = i
        let (t, end): (Token?, Int) = bytes.withUnsafeBufferPointer { b in
            guard let p = b.baseAddress else { return (nil, from) }
            var j = from
            while j < n, p[j] == 0x20 || p[j] == 0x09 { j += 1 }
            guard j < n else { return (nil, j) }
            let c = p[j]
            let names = Self.nameByteTable.utf8Start
            if names[Int(c)] == 0x31 {
                // A name starts with a name byte that is not a digit (a letter or
                // `_`), and not glued to a digit before it.
                if isDigit(c) {
                    // A whole number: digits, then neither a point, a name byte nor a
                    // non-ASCII byte; its value summed as `lexNumber` sums it.
                    var k = j, value: Double = 0
                    while k < n, isDigit(p[k]) {
                        value = value * 10 + Double(p[k] &- 48)
                        k += 1
                    }
                    guard k - j <= Self.maxNumberDigits else { return (nil, j) }
                    if k < n, p[k] == UInt8(ascii: ".") || names[Int(p[k])] == 0x31 || p[k] >= 0x80 { return (nil, j) }
                    var t = Token(.number, Self.range(j, k))
                    t.number = value
                    return (t, k)
                }
                guard j == 0 || !isDigit(p[j - 1]) else { return (nil, j) }
                var k = j + 1
                while k < n, names[Int(p[k])] == 0x31 { k += 1 }
                if k < n, p[k] >= 0x80 { return (nil, j) }
                var t = Token(.identifier, Self.range(j, k))
                t.keyword = Keyword.lookup(p + j, k - j)
                return (t, k)
            }
            if c == UInt8(ascii: "\n") { return (Token(.newline, Self.range(j, j + 1)), j + 1) }
            if let kind = Self.oneByteKind(c) { return (Token(kind, Self.range(j, j + 1)), j + 1) }
            return (nil, j)
        }
        i = end
        return t
    }

    /// `SourceRange(start, end)` for offsets known to fit (`usualPath` is on only for
    /// a file under `Int32.max` bytes, and `start <= end`).
    @inline(__always) static func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(raw: Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: end))
    }

    /// The token a byte is by itself (`+`, `(`, `;`, …), or nil: the one list of
    /// them, for `next()`, its short path and `startsToken`.
    @inline(__always) static func oneByteKind(_ b: UInt8) -> TokenKind? {
        switch b {
        case UInt8(ascii: "+"): return .plus
        case UInt8(ascii: "-"): return .minus
        case UInt8(ascii: "*"): return .star
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "("): return .lparen
        case UInt8(ascii: ")"): return .rparen
        case UInt8(ascii: ","): return .comma
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: "="): return .equals
        case UInt8(ascii: "<"): return .less
        case UInt8(ascii: ">"): return .greater
        case UInt8(ascii: ";"): return .semicolon
        default: return nil
        }
    }

    mutating func report(_ d: Diagnostic) {
        if diagnostics.count >= Self.maxErrors { suppressed += 1 } else { diagnostics.append(d) }
    }

    private mutating func single(_ k: TokenKind) -> Token {
        i += 1
        return Token(k, SourceRange(i - 1, i))
    }

    /// `1` at each byte that continues an ASCII name (`isIdentByte`), `0` elsewhere:
    /// one load a byte in the usual token's loop (a test checks it against `isIdentByte`).
    @inline(__always) static var nameByteTable: StaticString {
        "0000000000000000000000000000000000000000000000001111111111000000011111111111111111111111111000010111111111111111111111111110000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    @inline(__always) func isIdentByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95
    }

    /// A valid non-ASCII scalar that is a letter may appear in names and labels.
    /// (Never inlined: `Unicode.Scalar.Properties` is a type of unknown size, and
    /// a caller it is inlined into sizes and allocates stack space for one on every call.)
    @inline(never)
    func isLetterScalar(at p: Int) -> Bool {
        let len = SourceFile.utf8SequenceLength(bytes, at: p)
        guard len > 1 || bytes[p] < 0x80 else { return false }
        let s = String(decoding: bytes[p..<p + len], as: UTF8.self)
        guard let u = s.unicodeScalars.first else { return false }
        return u.properties.isAlphabetic
    }

    private mutating func lexIdentifier() -> Token {
        let start = i
        // `400x300` and `400×300`: the cross glued between two numbers.
        if i > 0, isDigit(bytes[i - 1]), startsCross(at: i) {
            i += 1
            return Token(.cross, SourceRange(start, i))
        }
        var ascii = true
        while i < bytes.count {
            let b = bytes[i]
            if isIdentByte(b) { i += 1; continue }
            if b >= 0x80, isLetterScalar(at: i) || isContinuingScalar(at: i) {
                ascii = false
                i += SourceFile.utf8SequenceLength(bytes, at: i)
                continue
            }
            break
        }
        var t = Token(.identifier, SourceRange(start, i))
        if ascii { t.keyword = Keyword.lookup(bytes, start, i) }
        return t
    }

    /// Digits and combining marks may continue a non-ASCII name (never inlined: see `isLetterScalar`).
    @inline(never)
    func isContinuingScalar(at p: Int) -> Bool {
        let len = SourceFile.utf8SequenceLength(bytes, at: p)
        guard len > 1 else { return false }
        let s = String(decoding: bytes[p..<p + len], as: UTF8.self)
        guard let u = s.unicodeScalars.first else { return false }
        return u.properties.numericType != nil || u.properties.generalCategory == .nonspacingMark
            || u.properties.generalCategory == .spacingMark
    }

    /// The help for a number glued to letters (`12pt`, `1e9`, `400X300`).
    public static func gluedNumberHelp(_ numberText: String, _ unit: String) -> String {
        if let h = unitSize(unit) {
            // `100ptx100pt`: a size with units on its numbers.
            return "lengths are in points with no unit: write `\(numberText)x\(h)`"
        } else if ["pt", "px", "dp"].contains(unit) {
            return "lengths are in points with no unit: write `\(numberText)`"
        } else if unit.first == "X", unit.count > 1, unit.dropFirst().allSatisfy(\.isNumber) {
            return "write sizes with a lowercase x: `\(numberText)x\(unit.dropFirst())`"
        } else if unit.first == "e" || unit.first == "E" {
            return "exponents are not supported: write the number out in full"
        }
        return "put a space between `\(numberText)` and `\(unit)`"
    }

    /// `ptx100pt` / `x100pt` / `pxX2.5px` (what follows the width of a size written with units) → `100`.
    static func unitSize(_ unit: String) -> String? {
        var rest = Substring(unit), units = 0
        for u in ["pt", "px", "dp"] where rest.hasPrefix(u) { rest = rest.dropFirst(2); units += 1; break }
        guard rest.first == "x" || rest.first == "X" else { return nil }
        rest = rest.dropFirst()
        for u in ["pt", "px", "dp"] where rest.hasSuffix(u) { rest = rest.dropLast(2); units += 1; break }
        guard units > 0, let first = rest.first, first.isNumber, rest.allSatisfy({ $0.isNumber || $0 == "." }) else {
            return nil
        }
        return String(rest)
    }

    private mutating func lexNumber() -> Token {
        let start = i
        var value: Double = 0
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) {
            value = value * 10 + Double(bytes[i] - 48)
            digits += 1
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
            value = Double(String(decoding: bytes[start..<i], as: UTF8.self)) ?? .infinity
            // `1.2.3`: a second decimal point makes the whole dotted run one bad number.
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "."), isDigit(bytes[i + 1]) { return lexDottedNumber(from: start) }
        }
        // `12pt`, `3px`, `1e9`: a number glued to letters is one bad token.
        if i < bytes.count, isIdentByte(bytes[i]) || bytes[i] >= 0x80,
           !(startsCross(at: i)) {
            if bytes[i] >= 0x80, !isLetterScalar(at: i) {
                // e.g. `12°`: let the invalid byte be reported on its own.
            } else {
                let unitStart = i
                while i < bytes.count, isIdentByte(bytes[i]) { i += 1 }
                // The part of a dashed preset name after a word and a glued dash,
                // such as `16e` in `iphone-16e`: a name, not a number with a unit.
                if start >= 2, bytes[start - 1] == UInt8(ascii: "-"), digits == unitStart - start,
                   isIdentByte(bytes[start - 2]), !isDigit(bytes[start - 2]) {
                    return Token(.identifier, SourceRange(start, i))
                }
                let unit = String(decoding: bytes[unitStart..<i], as: UTF8.self)
                let t = Token(.invalid, SourceRange(start, i))
                let text = String(decoding: bytes[start..<i], as: UTF8.self)
                let numberText = String(decoding: bytes[start..<unitStart], as: UTF8.self)
                if unit == "x" || unit == "X" {
                    // `size 100x`: the height is missing.
                    report(Diagnostic(.invalidNumber, "the height is missing after `\(text)`", at: t.range,
                                      help: missingHeightHelp(numberText, after: i)))
                    return t
                }
                report(Diagnostic(.invalidNumber, "invalid number `\(text)`", at: t.range, help: Self.gluedNumberHelp(numberText, unit)))
                return t
            }
        }
        var t = Token(.number, SourceRange(start, i))
        t.number = value
        if digits > Self.maxNumberDigits { t.number = .infinity }
        return t
    }

    /// `1.2.3` (from `start`, the lexer past `1.2`): the whole run of digits and
    /// points is one invalid number; the help keeps its first point (`1.23`).
    private mutating func lexDottedNumber(from start: Int) -> Token {
        while i < bytes.count, isDigit(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && i + 1 < bytes.count && isDigit(bytes[i + 1])) {
            i += 1
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fixed = parts[0] + "." + parts.dropFirst().joined()
        let t = Token(.invalid, SourceRange(start, i))
        report(Diagnostic(.invalidNumber, "invalid number `\(text)`: a number has one decimal point at most", at: t.range,
                          help: "write one number, such as `\(fixed)` (or `\(parts[0]).\(parts[1])`)"))
        return t
    }

    /// `100x` with nothing glued after the `x`: `100x 60` → `100x60`, else `100x100`.
    func missingHeightHelp(_ width: String, after p: Int) -> String {
        var q = p
        while q < bytes.count, bytes[q] == UInt8(ascii: " ") || bytes[q] == UInt8(ascii: "\t") { q += 1 }
        var e = q
        while e < bytes.count, isDigit(bytes[e]) || bytes[e] == UInt8(ascii: ".") { e += 1 }
        if e > q, q > p {
            return "write the size with no space after the `x`: `\(width)x\(String(decoding: bytes[q..<e], as: UTF8.self))`"
        }
        return "a size is a width and a height: `size \(width)x\(width)` (or `size \(width)` for a square)"
    }

    /// `x` or `×` directly followed by a digit or a decimal point and digit.
    func startsCross(at p: Int) -> Bool {
        var q = p
        if q < bytes.count, bytes[q] == UInt8(ascii: "x") { q += 1 }
        else if q + 1 < bytes.count, bytes[q] == 0xC3, bytes[q + 1] == 0x97 { q += 2 }
        else { return false }
        guard q < bytes.count else { return false }
        if isDigit(bytes[q]) { return true }
        return bytes[q] == UInt8(ascii: ".") && q + 1 < bytes.count && isDigit(bytes[q + 1])
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` followed by a non-name character.
    /// Anything else after `#` is a comment.
    private mutating func lexColor() -> Token? {
        guard let j = colorEnd(at: i) else { return nil }
        let t = Token(.color, SourceRange(i, j))
        i = j
        return t
    }

    /// Where the colour that starts with the `#` at `p` ends; nil when that `#` starts a
    /// comment (the parser's helps that quote a line cut it there too).
    @inline(__always) public func colorEnd(at p: Int) -> Int? {
        var j = p + 1
        while j < bytes.count, isHex(bytes[j]) { j += 1 }
        let count = j - p - 1
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        if j < bytes.count, isIdentByte(bytes[j]) || bytes[j] >= 0x80 { return nil }
        return j
    }

    func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 97 && b <= 102) || (b >= 65 && b <= 70)
    }

    private mutating func skipComment() {
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
    }

    /// A run of characters that start no token: one token, one diagnostic.
    private mutating func lexInvalid() -> Token {
        let start = i
        // A quoted word is one mistake, not two stray quotes ("…", '…', “…”, ‘…’).
        let curly: [UInt8: [UInt8]] = [0x9C: [0xE2, 0x80, 0x9D], 0x98: [0xE2, 0x80, 0x99]]
        var closing: [UInt8]? = nil
        var openLength = 1
        if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { closing = [bytes[i]] }
        else if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, let c = curly[bytes[i + 2]] {
            closing = c
            openLength = 3
        }
        if let closing {
            var j = i + openLength
            func closesAt(_ p: Int) -> Bool { p + closing.count <= bytes.count && Array(bytes[p..<p + closing.count]) == closing }
            while j < bytes.count, !closesAt(j), bytes[j] != UInt8(ascii: "\n") { j += 1 }
            if j < bytes.count, closesAt(j) {
                i = j + closing.count
                let t = Token(.invalid, SourceRange(start, i))
                let inner = String(decoding: bytes[(start + openLength)..<j], as: UTF8.self)
                report(Diagnostic(.invalidCharacter, "quoted text is not part of the language", at: t.range,
                                              help: Self.looksLikeNumbers(inner) ? "sizes and numbers are written without quotes: `\(inner)`"
                                                : "labels and names are written without quotes: `\(inner)`"))
                return t
            }
        }
        // `×`, the multiplication sign, is the cross wherever it stands: glued between
        // two numbers (`400×300`), spaced (`40 × 30`) or between names (`size btn × btn`),
        // as a spaced `x` is (it is no operator: `*` multiplies).
        if isTimesSign(at: i) {
            i += 2
            return Token(.cross, SourceRange(start, i))
        }
        var sawInvalidUTF8 = false
        var sawControl = false
        repeat {
            let len = SourceFile.utf8SequenceLength(bytes, at: i)
            if len == 1 && bytes[i] >= 0x80 { sawInvalidUTF8 = true }
            if bytes[i] < 0x20 || bytes[i] == 0x7F { sawControl = true }
            i += len
        } while i < bytes.count && !startsToken(at: i)
        let t = Token(.invalid, SourceRange(start, i))
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        let d: Diagnostic
        if sawInvalidUTF8 {
            d = Diagnostic(.invalidUTF8, "invalid UTF-8 in source", at: t.range,
                           help: "save the file as UTF-8 text")
        } else if sawControl {
            d = Diagnostic(.invalidCharacter, "unexpected control character", at: t.range,
                           help: "scene files are plain text: remove the binary data")
        } else {
            let shown = text.count > 12 ? String(text.prefix(12)) + "…" : text
            var help: String? = nil
            if text.hasPrefix("{") || text.hasPrefix("}") { help = "children go between `<` and `>`" }
            else if text.hasPrefix("\"") || text.hasPrefix("'") { help = "labels and names are written without quotes" }
            else if text == ".", i < bytes.count, isIdentByte(bytes[i]) {
                var j = i
                while j < bytes.count, isIdentByte(bytes[j]) { j += 1 }
                let word = String(decoding: bytes[i..<j], as: UTF8.self)
                help = ["regular", "clear", "identity"].contains(word)
                    ? "SwiftUI's glass variant `.\(word)` does not change the shape: write `glass`"
                    : "SwiftUI's dot syntax is written without the dot: `\(word)`"
            }
            d = Diagnostic(.invalidCharacter, "unexpected character\(text.unicodeScalars.count > 1 ? "s" : "") `\(shown)`",
                           at: t.range, help: help)
        }
        report(d)
        return t
    }

    /// Whether a valid token (or whitespace) begins at `p`, ending an invalid run.
    func startsToken(at p: Int) -> Bool {
        let b = bytes[p]
        if b < 0x80 {
            if isIdentByte(b) { return true }
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0x0C, UInt8(ascii: "#"):
                return true
            default: return Self.oneByteKind(b) != nil
            }
        }
        return isLetterScalar(at: p) || isTimesSign(at: p)
    }

    /// Text that is numbers, crosses and blanks (`100x100`, `12`, `40 × 30`): quoted, a size or a number.
    static func looksLikeNumbers(_ s: String) -> Bool {
        s.contains(where: \.isNumber) && s.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "x" || $0 == "×" || $0 == " " }
    }

    /// `×` (U+00D7, UTF-8 C3 97) at `p`.
    @inline(__always) func isTimesSign(at p: Int) -> Bool {
        p + 1 < bytes.count && bytes[p] == 0xC3 && bytes[p + 1] == 0x97
    }
}

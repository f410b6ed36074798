import Testing
import SceneTestSupport
@testable import SceneLang

/// Table tests: source text → the token classes (and values) the lexer reads.
struct LexerTests {
    static func kinds(_ text: String) -> [String] {
        let file = SourceFile(name: "t", text: text)
        let (tokens, _) = Lexer.tokenize(file)
        return tokens.dropLast().map { t in
            switch t.kind {
            case .number: return "num(\(Token.format(t.number)))"
            case .identifier:
                let s = file.text(t.range.start..<t.range.end)
                return t.keyword != nil ? "kw(\(s))" : "id(\(s))"
            case .color: return "color(\(file.text(t.range.start..<t.range.end)))"
            case .newline: return "nl"
            case .cross: return "cross"
            case .invalid: return "invalid"
            default: return t.kind.rawValue
            }
        }
    }

    @Test(arguments: [
        ("let inner = 16", ["kw(let)", "id(inner)", "=", "num(16)"]),
        ("size 400x300", ["kw(size)", "num(400)", "cross", "num(300)"]),
        ("rect 1.2.3 pad 1", ["kw(rect)", "invalid", "kw(pad)", "num(1)"]),
        ("rect 1.2 .3", ["kw(rect)", "num(1.2)", "num(0.3)"]),
        ("size 100x", ["kw(size)", "invalid"]),
        ("size 100x1", ["kw(size)", "num(100)", "cross", "num(1)"]),
        ("size 400 x 300", ["kw(size)", "num(400)", "id(x)", "num(300)"]),
        ("size 64.5×20", ["kw(size)", "num(64.5)", "cross", "num(20)"]),
        // `×` is the cross wherever it stands, not only glued between numbers.
        ("size 40 × 30", ["kw(size)", "num(40)", "cross", "num(30)"]),
        ("size btn × btn", ["kw(size)", "id(btn)", "cross", "id(btn)"]),
        ("size btn×btn", ["kw(size)", "id(btn)", "cross", "id(btn)"]),
        ("é×", ["id(é)", "cross"]),
        ("fill #4a8", ["kw(fill)", "color(#4a8)"]),
        ("fill #44AA88cc", ["kw(fill)", "color(#44AA88cc)"]),
        ("# a comment\nrect 4", ["nl", "kw(rect)", "num(4)"]),
        ("#4a8b2 is a comment", []),
        ("map - inset", ["id(map)", "-", "id(inset)"]),
        ("map-inset", ["id(map)", "-", "id(inset)"]),
        ("min(a, b) * (2 / .5)", ["kw(min)", "(", "id(a)", ",", "id(b)", ")", "*", "(", "num(2)", "/", "num(0.5)", ")"]),
        ("a: rect 4 < b >;", ["id(a)", ":", "kw(rect)", "num(4)", "<", "id(b)", ">", ";"]),
        ("café: rect 4", ["id(café)", ":", "kw(rect)", "num(4)"]),
        ("topLeading bottomTrailing", ["kw(topLeading)", "kw(bottomTrailing)"]),
        ("ios18 iphone", ["id(ios18)", "id(iphone)"]),
        ("12pt", ["invalid"]),
        ("x1", ["id(x1)"]),
        ("\u{FEFF}rect 1", ["kw(rect)", "num(1)"]),
        ("a\r\nb", ["id(a)", "nl", "id(b)"]),
    ])
    func tokens(_ source: String, _ expected: [String]) {
        #expect(Self.kinds(source) == expected)
    }

    @Test(arguments: [
        ("rect 12pt", "invalid-number"),
        ("rect 1e9", "invalid-number"),
        ("rect $", "invalid-character"),
        ("rect \u{1}\u{2}", "invalid-character"),
        ("\"map\": rect 1", "invalid-character"),
        (".concentric", "invalid-character"),
    ])
    func invalidInputIsOneDiagnostic(_ source: String, _ code: String) {
        let (_, ds) = Lexer.tokenize(SourceFile(name: "t", text: source))
        #expect(ds.map(\.code) == [code])
    }

    @Test func invalidUTF8IsReportedOnceAndLexingGoesOn() {
        let bytes: [UInt8] = Array("rect ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" 4\nsize 1x2".utf8)
        let (tokens, ds) = Lexer.tokenize(SourceFile(name: "t", bytes: bytes))
        #expect(ds.map(\.code) == ["invalid-utf8"])
        #expect(tokens.filter { $0.kind == .number }.count == 3)
        #expect(tokens.last?.kind == .eof)
    }

    /// 100,000 random bytes (seeded: the seed is printed, `SCENE_SEED=N` replays it).
    @Test func binaryGarbageGivesFewDiagnosticsAndEnds() {
        var rng = SeededGenerator.fromEnvironment("binaryGarbageGivesFewDiagnosticsAndEnds")
        let bytes = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let (tokens, ds) = Lexer.tokenize(SourceFile(name: "t", bytes: bytes))
        #expect(tokens.last?.kind == .eof, "SCENE_SEED=\(rng.seed)")
        #expect(ds.count < 60_000, "SCENE_SEED=\(rng.seed)")
        #expect(ds.allSatisfy { $0.range.end <= bytes.count }, "SCENE_SEED=\(rng.seed)")
    }

    @Test func aByteOrderMarkIsNotAColumn() {
        let file = SourceFile(name: "t", text: "\u{FEFF}c: rect zz\nd: rect 1")
        let zz = Array("\u{FEFF}c: rect ".utf8).count
        #expect(file.location(of: zz) == SceneLang.SourceLocation(offset: zz, line: 1, column: 9))
        #expect(file.text(file.lineRange(1)) == "c: rect zz")
        var locator = Locator(file: file)
        #expect(locator.location(of: 3).column == 1)
        #expect(locator.location(of: zz).column == 9)
        let d = Array("\u{FEFF}c: rect zz\nd: rect ".utf8).count
        #expect(file.location(of: d).column == 9)
        // The lexer's first token starts after the mark.
        let (tokens, diagnostics) = Lexer.tokenize(file)
        #expect(diagnostics.isEmpty)
        #expect(tokens.first?.range.start == 3)
    }

    @Test func locationsCountScalarsNotBytes() {
        let file = SourceFile(name: "t", text: "let é = 1\n  café: rect x")
        #expect(file.location(of: 0) == SceneLang.SourceLocation(offset: 0, line: 1, column: 1))
        let offset = Array("let é = 1\n  café: ".utf8).count
        #expect(file.location(of: offset).line == 2)
        #expect(file.location(of: offset).column == 9)
    }
}

extension LexerTests {
    /// The usual token's loop reads name bytes from a table: it must say what
    /// `isIdentByte` says of every byte.
    @Test func nameByteTableIsIsIdentByte() throws {
        let lexer = Lexer(SourceFile(name: "t", text: ""))
        let table = Lexer.nameByteTable
        try #require(table.utf8CodeUnitCount == 256)
        for b in 0...255 {
            #expect((table.utf8Start[b] == UInt8(ascii: "1")) == lexer.isIdentByte(UInt8(b)), "byte \(b)")
        }
    }

    /// The usual token (blanks, then an ASCII name) is read apart from the rest:
    /// the names it must leave to the general path read as before.
    @Test(arguments: [
        ("400x300", ["num(400)", "cross", "num(300)"]),
        ("a\u{301}b c", ["id(a\u{301}b)", "id(c)"]),
        ("\tk1 \t k2", ["id(k1)", "id(k2)"]),
        ("fixed_min", ["id(fixed_min)"]),
        ("min(", ["kw(min)", "("]),
        ("_", ["id(_)"]),
        ("9 a", ["num(9)", "id(a)"]),
        ("\r\u{0C}k1", ["id(k1)"]),
        ("min\u{B0} x", ["kw(min)", "invalid", "id(x)"]),
        ("", []),
    ])
    func usualTokensReadAsBefore(_ source: String, _ expected: [String]) {
        #expect(Self.kinds(source) == expected, "\(source)")
    }

    /// The short path for the usual token must give every token (kind, range,
    /// keyword, number) and every diagnostic the general path gives: random
    /// bytes from an alphabet heavy in what borders a name (digits, `x`, `×`,
    /// letters, a combining mark, invalid bytes, blanks of every kind, a BOM),
    /// lexed both ways.
    @Test func usualPathReadsAsTheGeneralOne() {
        var rng = SeededGenerator.fromEnvironment("usualPathReadsAsTheGeneralOne")
        let alphabet: [[UInt8]] = [
            [0x20], [0x09], [0x0D], [0x0C], [0x0A], Array("x".utf8), Array("×".utf8), Array("é".utf8), [0xCC, 0x81],
            [0x80], [0xFF], [0xEF, 0xBB, 0xBF], Array("4".utf8), Array("0".utf8), Array("_".utf8), Array("a".utf8),
            Array("Z".utf8), Array("min".utf8), Array("concentric".utf8), Array("k1".utf8), Array(".".utf8),
            Array("(".utf8), Array(",".utf8), Array("#".utf8), Array(":".utf8), Array("°".utf8), [0x00],
            Array("12x".utf8), Array("x3".utf8), Array("4×5".utf8), Array(" max".utf8),
            // One-byte tokens and numbers beside names, and what borders a number (a
            // point, units, a dashed preset, too many digits).
            Array("+".utf8), Array("-".utf8), Array("*".utf8), Array("/".utf8), Array(")".utf8), Array("=".utf8),
            Array("<".utf8), Array(">".utf8), Array(";".utf8), Array("1.5".utf8), Array("3.".utf8), Array("12pt".utf8),
            Array("7e".utf8), Array("iphone-16e".utf8), Array(String(repeating: "9", count: 41).utf8),
            Array(String(repeating: "8", count: 40).utf8), Array("#fff".utf8),
        ]
        var compared = 0
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &rng) { bytes += alphabet.randomElement(using: &rng)! }
            let file = SourceFile(name: "t", bytes: bytes)
            var quick = Lexer(file), general = Lexer(file)
            general.usualPath = false
            while true {
                let a = quick.next(), b = general.next()
                #expect(a == b, "\(bytes): \(a) vs \(b)")
                compared += 1
                if a.kind == .eof || a != b { break }
            }
            #expect(quick.diagnostics.map(\.message) == general.diagnostics.map(\.message), "\(bytes)")
        }
        #expect(compared > 25_000)
    }
}

import Testing
import SceneTestSupport
@testable import SceneLang

/// AST dumps with `@line:col` positions, and the parser's error recovery.
struct ParserTests {
    static func dump(_ text: String) -> (String, [String]) {
        let file = SourceFile(name: "t", text: text)
        let r = Parser.parse(file)
        return (Dump.scene(r.scene, in: file), r.diagnostics.map { "\(file.location(of: $0.range.start)) \($0.code)" })
    }

    @Test func bindingsAndPrecedence() {
        let (ast, ds) = Self.dump("let a = 1 + 2 * 3\nlet b = -(a - 1) / max(a, 2, 3)")
        #expect(ds.isEmpty)
        #expect(ast == """
        let a = (1 + (2 * 3)) @1:1
        let b = ((-(a - 1)) / max(a, 2, 3)) @2:1

        """)
    }

    @Test func theIssueExampleParses() {
        let source = """
        let map = 28
        let inset = 12
        screen iphone-16-pro
        target ios26
        container rect 28 < pad 12 concentric min 16 uniform >
        map: container rect map size 360x240 fill #4a8 <
          card: glass concentric min map - inset uniform container rect map - inset size 336x88 align bottom pad inset <
            thumb: concentric min 10 size 64x64 align leading pad 12
          >
        >
        """
        let (ast, ds) = Self.dump(source)
        #expect(ds.isEmpty)
        #expect(ast == """
        let map = 28 @1:1
        let inset = 12 @2:1
        screen iphone-16-pro @3:1
        target ios26 @4:1
        node @5:1
          container rect 28 @5:1
          node @5:21
            pad 12 @5:21
            concentric min 16 uniform @5:28
        node map: @6:1
          container rect map @6:6
          size 360 x 240 @6:25
          fill #44aa88 @6:38
          node card: @7:3
            glass concentric min (map - inset) uniform @7:9
            container rect (map - inset) @7:50
            size 336 x 88 @7:77
            align bottom @7:89
            pad inset @7:102
            node thumb: @8:5
              concentric min 10 @8:12
              size 64 x 64 @8:30
              align leading @8:41
              pad 12 @8:55

        """)
    }

    @Test func cornerClausesAndUneven() {
        let (ast, ds) = Self.dump("""
        s: concentric(top: fixed 24 uniform, bottom: concentric uniform)
        m: concentric(topLeading: concentric min 12, topTrailing: 24, bottomLeading: concentric, bottomTrailing: fixed 0)
        u: container uneven(24, 24, 0, 0)
        """)
        #expect(ds.isEmpty)
        #expect(ast.contains("concentric(top: fixed 24 uniform, bottom: concentric uniform) @1:4"))
        #expect(ast.contains("concentric(topLeading: concentric min 12, topTrailing: fixed 24, bottomLeading: concentric, bottomTrailing: fixed 0) @2:4"))
        #expect(ast.contains("container uneven(24, 24, 0, 0) @3:4"))
    }

    @Test func coloursDumpAsWritten() {
        let (ast, ds) = Self.dump("a: fill red\nb: fill #4A8")
        #expect(ds.isEmpty)
        #expect(ast.contains("fill red @1:4"))
        #expect(ast.contains("fill #44aa88 @2:4"))
    }

    /// `parseColor` reads a colour's hex digits from the bytes as Swift reads them
    /// from the text (`Character.hexDigitValue`), for every length the lexer
    /// allows, and rejects the rest; every named colour is found with its name.
    @Test func hexColoursReadFromTheBytes() {
        func reference(_ hex: String) -> Color? {
            let d = hex.compactMap { $0.hexDigitValue }.map(UInt8.init)
            switch d.count {
            case 3, 4: return Color(r: d[0] * 17, g: d[1] * 17, b: d[2] * 17, a: d.count == 4 ? d[3] * 17 : 255)
            case 6, 8: return Color(r: d[0] * 16 + d[1], g: d[2] * 16 + d[3], b: d[4] * 16 + d[5], a: d.count == 8 ? d[6] * 16 + d[7] : 255)
            default: return nil
            }
        }
        let alphabet = Array("0123456789abcdefABCDEF")
        var rng = SystemRandomNumberGenerator()
        for n in [3, 4, 6, 8] {
            for _ in 0..<200 {
                let hex = String((0..<n).map { _ in alphabet.randomElement(using: &rng)! })
                #expect(Parser.parseColor(ArraySlice(hex.utf8)) == reference(hex), "#\(hex)")
            }
        }
        #expect(Parser.parseColor(ArraySlice("ffffffff".utf8)) == Color(r: 255, g: 255, b: 255, a: 255))
        #expect(Parser.parseColor(ArraySlice("0F0".utf8)) == Color(r: 0, g: 255, b: 0))
        for bad in ["", "12", "12345", "1234567", "123456789", "12g", "1 2"] { #expect(Parser.parseColor(ArraySlice(bad.utf8)) == nil, "\(bad)") }
        for (name, c) in Color.named {
            var named = c
            named.name = name
            #expect(Color.withName[name] == named && Color.withName[name]?.name == name)
        }
        #expect(Color.withName.count == Color.named.count)
    }

    @Test func screensAndPadding() {
        let (ast, ds) = Self.dump("screen 400 x 300 radius 20\nn: pad h 8 v 16 pad top 2 hstack spacing 4 width 10 height 20")
        #expect(ds.isEmpty)
        #expect(ast.contains("screen 400 x 300 radius 20 @1:1"))
        #expect(ast.contains("pad h 8 v 16 @2:4"))
        #expect(ast.contains("hstack spacing 4"))
    }

    /// Each bad input gives exactly the listed diagnostics: one per mistake, no cascades.
    @Test(arguments: [
        ("concentirc min 4", ["1:1 unknown-keyword"]),
        ("a: rect 4 <\n  b: rect 2\n", ["1:11 unterminated-block"]),
        ("a: rect 4\n>\nb: rect 2", ["2:1 unmatched-close"]),
        ("let a = 3 +\nb: rect a", ["1:11 missing-operand"]),
        ("let a =\nb: rect 2", ["1:8 missing-operand"]),
        ("let x = 2\nx: rect x size x x x", []),
        ("a: rect 2000000000", ["1:9 number-too-large"]),
        ("a: rect 4 rect 5\nb: rect 1", ["1:11 duplicate-item"]),
        ("a: rect 4 < bad 1\n c: rect 2 >\nd: rect 1 >", ["1:13 unknown-keyword", "3:11 unmatched-close"]),
        ("rect: rect 2", ["1:1 reserved-word"]),
        ("let h = 2", ["1:5 reserved-word"]),
        ("a: uneven(1, 2, 3)", ["1:10 wrong-radius-count"]),
        ("a: concentric(top: 1, topLeading: 2)", ["1:23 corner-specified-twice"]),
        ("a: align middle", ["1:10 expected-alignment"]),
        ("target ios17", ["1:8 unknown-target"]),
        ("a: fill mauve", ["1:9 expected-color"]),
        ("gap = 4", ["1:1 unknown-keyword"]),
        ("a: rect\nb: rect 1", ["1:4 missing-operand"]),
        ("a: rect 4 < let x = 1 >", ["1:13 misplaced-statement"]),
        ("a: size 10 x", ["1:12 missing-operand"]),
        ("a: min(1)", ["1:4 misplaced-keyword"]),
        ("a: rect min(1)", ["1:9 wrong-argument-count"]),
    ])
    func errorsAreReportedOnce(_ source: String, _ expected: [String]) {
        #expect(Self.dump(source).1 == expected)
    }

    @Test func recoveryKeepsTheRestOfTheScene() {
        let file = SourceFile(name: "t", text: "a: rect 4\nb: bogus 1\nc: rect 5 < d: rect 1 >\n")
        let r = Parser.parse(file)
        #expect(r.diagnostics.count == 1)
        #expect(r.scene.statements.count == 3)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 10_000
        let text = String(repeating: "rect 1 <\n", count: depth) + String(repeating: ">\n", count: depth)
        let r = Parser.parse(SourceFile(name: "t", text: text))
        #expect(r.diagnostics.map(\.code) == ["nesting-too-deep"])
    }

    /// grammar.md: "Nodes nest at most 1,000 levels and expressions 200" (the
    /// literals the docs state, not the parser's constants, so changing a limit
    /// without the docs fails here).
    @Test func nestingUpToTheDocumentedLimitParses() {
        func nodes(_ levels: Int) -> String {
            String(repeating: "rect 1 <\n", count: levels - 1) + "rect 1\n" + String(repeating: ">\n", count: levels - 1)
        }
        #expect(Parser.parse(SourceFile(name: "t", text: nodes(1_000))).diagnostics.isEmpty, "1,000 levels of nodes must parse")
        let deeper = Parser.parse(SourceFile(name: "t", text: nodes(1_001)))
        #expect(deeper.diagnostics.map(\.code) == ["nesting-too-deep"])
        #expect(deeper.diagnostics.first?.message == "nodes nest deeper than 1000 levels")
        // An expression 200 deep: 199 parentheses around a number, or 199 signs before it.
        func parens(_ n: Int) -> String { "let a = " + String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n) }
        #expect(Parser.parse(SourceFile(name: "t", text: parens(199))).diagnostics.isEmpty)
        #expect(Parser.parse(SourceFile(name: "t", text: parens(200))).diagnostics.map(\.code) == ["nesting-too-deep"])
        #expect(Parser.parse(SourceFile(name: "t", text: "let a = " + String(repeating: "-", count: 199) + "1")).diagnostics.isEmpty)
        #expect(Parser.parse(SourceFile(name: "t", text: "let a = " + String(repeating: "-", count: 200) + "1")).diagnostics.map(\.code) == ["nesting-too-deep"])
    }

    @Test func deepExpressionsAreAnErrorNotACrash() {
        let text = "let a = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let r = Parser.parse(SourceFile(name: "t", text: text))
        #expect(r.diagnostics.map(\.code) == ["nesting-too-deep"])
        let text2 = "let a = " + String(repeating: "-", count: 100_000) + "1"
        #expect(Parser.parse(SourceFile(name: "t", text: text2)).diagnostics.map(\.code) == ["nesting-too-deep"])
    }

    @Test func aOneMegabyteLineParses() {
        let item = "pad 1 "
        let text = "a: " + String(repeating: item, count: 1_000_000 / item.count)
        let r = Parser.parse(SourceFile(name: "t", text: text))
        #expect(r.diagnostics.isEmpty)
        let long = "let " + String(repeating: "a", count: 1_000_000) + " = 1"
        #expect(Parser.parse(SourceFile(name: "t", text: long)).diagnostics.isEmpty)
    }

    /// Random token soup (seeded: the seed is printed, `SCENE_SEED=N` replays it):
    /// the parser ends, reports errors inside the input, at most `maxErrors` of them
    /// plus the count line, the same ones on a second parse, and input with no
    /// diagnostic dumps as a tree.
    @Test func garbageNeverCrashes() {
        var rng = SeededGenerator.fromEnvironment("garbageNeverCrashes")
        let seed = rng.seed
        let alphabet = Array("<>():;=,+-*/#x 0123456789.\nabc rect concentric min uniform pad size let screen".utf8)
        var withErrors = 0
        for i in 0..<200 {
            let n = Int.random(in: 0..<400, using: &rng)
            let bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            let file = SourceFile(name: "t", bytes: bytes)
            let r = Parser.parse(file)
            let replay = "SCENE_SEED=\(seed), input \(i): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            #expect(r.diagnostics.count <= Parser.maxErrors + 1, "\(replay)")
            for d in r.diagnostics {
                #expect(d.range.start <= d.range.end && d.range.end <= bytes.count, "\(d.code) at \(d.range) outside the input; \(replay)")
            }
            let again = Parser.parse(SourceFile(name: "t", bytes: bytes))
            #expect(again.diagnostics.map(\.code) == r.diagnostics.map(\.code) && again.diagnostics.map(\.range) == r.diagnostics.map(\.range),
                    "a second parse differs; \(replay)")
            if r.diagnostics.isEmpty { #expect(!Dump.scene(r.scene, in: file).contains("\u{0}"), "\(replay)") } else { withErrors += 1 }
        }
        // Token soup is mostly wrong: a parser that accepted everything would fail here.
        #expect(withErrors >= 100, "only \(withErrors) of 200 random inputs had errors (SCENE_SEED=\(seed))")
    }
}

/// The help lines a newcomer sees for the mistakes they are likely to make.
struct ParserHelpTests {
    static func help(_ text: String) -> String? {
        Parser.parse(SourceFile(name: "t", text: text)).diagnostics.first?.help
    }

    @Test(arguments: [
        ("card: RoundedRectangle(cornerRadius: 12)", "`RoundedRectangle(cornerRadius: R)` is `rect R`"),
        ("card: rect 12 padding 8", "`.padding(N)` is `pad N`"),
        ("card: rect 12 size 100 by 200", "write sizes as `size W x H`"),
        ("card: concentric(minimum: 12)", "a minimum for every corner goes after the keyword: `concentric min 12`"),
        ("screen iphone 16 pro", "preset names are joined with dashes: `screen iphone-16-pro`"),
        ("card: rect 12 fill #12", "a colour is `#` and 3, 4, 6 or 8 hex digits: `#4a8`, `#44aa88`, `#44aa88cc`"),
        ("card: rect 12 align bottom-leading", "write `align bottomLeading`"),
        ("card: concentirc", "did you mean `concentric`?"),
        ("wat", "to label the node, write `wat:`"),
        ("card: rect 4 uniform", "write `concentric uniform`"),
        ("card: rect 4 pad .bottom", "SwiftUI's dot syntax is written without the dot: `bottom`"),
        ("card: rect 4 size 100X100", "write sizes with a lowercase x: `100x100`"),
        ("card: rect 4 #bad", "a colour follows `fill`; a comment needs a space after `#`: `# bad`"),
        ("card: concentric min(10, 12)", "write `concentric min 10`, or `concentric min min(10, 12)` for the smaller of two values"),
        ("card: concentric(topLeading: concentric(minimum: 12))", "write `topLeading: concentric min 12`; SwiftUI's `.concentric(minimum: 12)`"),
        ("col: vstack width 300 spacing 10", "write `hstack spacing 8` (or `vstack`, `zstack`)"),
        // A new user's mistakes (2026-12-06 trial), which had no help or a wrong one.
        ("card: rect 12 size 300 x", "a size is `W x H`: give the height after `x`"),
        ("card: rect 12 size 300 ×", "a size is `W x H`: give the height after `×`"),
        ("card: rect 12, size 10x10 fill #4a8 # the card", "a node's items are separated by spaces, not commas: `card: rect 12 size 10x10 fill #4a8`"),
        ("a: rect 4 size \"100x100\"", "sizes and numbers are written without quotes: `100x100`"),
        ("card: rect 20 size 300x200\n  a: rect 8 size 10x10\n\n  # a comment\n  b: rect 8\n>\n",
         "add `<` at the end of line 1 (`card: rect 20 size 300x200 <`), whose children are indented under it; or remove this `>`"),
        ("card: rect 20 size 300x200 <\n  a: rect 8 size 10x10\n  b: rect 8\nc: rect 4\n",
         "add `>` on a line of its own after line 3, the last one indented under it, to close the children of `card`"),
        ("x: rect 4\n>\n", "remove it, or add the `<` it is meant to close"),
        // A colour is no comment; a byte order mark is not part of the line (review of 286a8f73).
        ("card: rect 20 size 300x200 fill #4a8 # note\n  a: rect 8 size 10x10\n>\n",
         "add `<` at the end of line 1 (`card: rect 20 size 300x200 fill #4a8 <`), whose children are indented under it; or remove this `>`"),
        ("\u{FEFF}card: rect 12, size 10x10\n", "a node's items are separated by spaces, not commas: `card: rect 12 size 10x10`"),
        ("let a = 3 × 4\n", "`×` is the cross of a size, `size W x H`; `*` multiplies"),
        ("a: rect 4 pad \"-10\"", "sizes and numbers are written without quotes: `-10`"),
    ])
    func helps(_ source: String, _ expected: String) {
        #expect(Self.help(source) == expected)
    }
}

/// Issue 14's first-use mistakes: each is one diagnostic whose help names a fix, and the fix parses.
struct FirstUseHelpTests {
    @Test(arguments: [
        ("a: rect 4 size 100ptx100pt", "lengths are in points with no unit: write `100x100`", "a: rect 4 size 100x100"),
        ("a: concentric minimum 16", "the minimum is `min`: write `min 16` (`concentric min 16`)", "a: concentric min 16"),
        ("rect 20 card: size 300x200", "a label comes first on its line: `card: rect 20 size 300x200`", "card: rect 20 size 300x200"),
        ("a: rect 4 glass(.regular)", "write `glass` (SwiftUI's `.regular`, `.clear` and tints do not change the shape), or `glass capsule` / `glass rect 12` for the glass's own shape", "a: rect 4 glass"),
        ("a: rect 4 size 300, 200", "write `size 300x200`", "a: rect 4 size 300x200"),
        ("a: rect 4 size w + 1, 200", "write `size w + 1 x 200`", "let w = 2\na: rect 4 size w + 1 x 200"),
        ("c: container rect 1.2.3", "write one number, such as `1.23` (or `1.2`)", "c: container rect 1.23"),
        ("a: rect 4 size 100x", "a size is a width and a height: `size 100x100` (or `size 100` for a square)", "a: rect 4 size 100x100"),
        ("a: rect 4 size 100x 60", "write the size with no space after the `x`: `100x60`", "a: rect 4 size 100x60"),
        ("a: rect 4 pad top", "give the edge its padding in points: `pad top 12`", "a: rect 4 pad top 12"),
        ("a: rect 4 pad h 8 v", "give the edge its padding in points: `pad v 12`", "a: rect 4 pad h 8 v 12"),
        ("a: rect 4 pad top size 9", "`size` is a keyword, not a value: give the edge its padding in points: `pad top 12`", "a: rect 4 pad top 12 size 9"),
        // Two alignment words are one SwiftUI alignment, in either order (not `align leading`).
        ("a: rect 10 align top leading", "write `align topLeading`", "a: rect 10 align topLeading"),
        ("a: rect 10 align leading bottom", "write `align bottomLeading`", "a: rect 10 align bottomLeading"),
        ("a: rect 10 align bottom trailing size 9", "write `align bottomTrailing`", "a: rect 10 align bottomTrailing size 9"),
        // SwiftUI's argument label, where a label of a node does not belong.
        ("a: rect cornerRadius: 20", "SwiftUI's `cornerRadius:` is `rect 20`", "a: rect 20"),
        ("a: cornerRadius: 20 size 40", "SwiftUI's `cornerRadius:` is `rect 20`", "a: rect 20 size 40"),
        ("a: rect 4 container cornerRadius: 12", "SwiftUI's `cornerRadius:` is `rect 12`", "a: rect 4 container rect 12"),
    ])
    func oneDiagnosticWithAHelpThatWorks(_ source: String, _ help: String, _ fixed: String) {
        let r = Parser.parse(SourceFile(name: "t", text: source))
        #expect(r.diagnostics.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first?.help == help)
        #expect(Parser.parse(SourceFile(name: "t", text: fixed)).diagnostics.isEmpty)
    }
}

/// An unclosed inner block is blamed on the block the indentation shows was left open.
struct UnclosedBlockTests {
    @Test func theIndentationPointsAtTheInnerBlock() throws {
        let text = "list: vstack <\n  row1: hstack <\n    a: rect 4 size 10x10\n  row2: hstack <\n    b: rect 4 size 10x10\n  >\n>\n"
        let file = SourceFile(name: "t", text: text)
        let ds = Parser.parse(file).diagnostics
        #expect(ds.count == 1)
        let d = try #require(ds.first)
        #expect(d.code == "unterminated-block")
        #expect(d.message == "the children of `row1` are never closed")
        #expect(file.location(of: d.range.start).line == 2)
        #expect(d.help == "add `>` at `row1`'s indentation (column 3) after its last child")
        #expect(d.notes == ["the `>` on line 7 is indented for an outer block but closes `row1`, so the `<` of `list` on line 1 is left open"])
    }

    @Test func withoutAMisleadingIndentTheOpenBlockIsTheOneBlamed() throws {
        // The inner block is closed at its own indentation; the outer one is simply missing its `>`.
        let file = SourceFile(name: "t", text: "list: vstack <\n  row1: hstack <\n    a: rect 4\n  >\n")
        let d = try #require(Parser.parse(file).diagnostics.first)
        #expect(d.message == "`<` is never closed")
        #expect(file.location(of: d.range.start).line == 1)
        #expect(d.help == "add `>` on a line of its own after line 4, the last one indented under it, to close the children of `list`")
    }
}

struct ParserStyleTests {
    @Test func braceOnItsOwnLineOpensTheNodeAbove() {
        let file = SourceFile(name: "t", text: "card: container rect 28\n<\n  photo: concentric\n>\n")
        let r = Parser.parse(file)
        #expect(r.diagnostics.isEmpty)
        #expect(r.scene.statements.count == 1)
        guard case .node(let n)? = r.scene.statements.first else {
            Issue.record("the first statement is not a node: \(r.scene.statements)")
            return
        }
        #expect(n.children.count == 1)
    }

    @Test func presetWithASize() {
        let r = Parser.parse(SourceFile(name: "t", text: "screen mac-window 1280x800"))
        #expect(r.diagnostics.isEmpty)
    }

    /// `×` spaced, or between names, is the size cross as a spaced `x` is; where no
    /// size is, it is an error that says what it is and that `*` multiplies.
    @Test func theTimesSignIsTheCrossWhereverItStands() {
        let spaced = ParserTests.dump("let btn = 44\nscreen 400 × 300\nb: rect 8 size btn × btn\nc: rect 8 size 40 × 30")
        let words = ParserTests.dump("let btn = 44\nscreen 400 x 300\nb: rect 8 size btn x btn\nc: rect 8 size 40 x 30")
        #expect(spaced.1.isEmpty, "\(spaced.1)")
        #expect(spaced.0 == words.0)
        let r = Parser.parse(SourceFile(name: "t", text: "e: rect 8 × 2"))
        #expect(r.diagnostics.map(\.message) == ["unexpected `×` in a node"])
        #expect(r.diagnostics.first?.help?.contains("`*` multiplies") == true)
    }

    @Test func curlyQuotesAreOneMistake() {
        let r = Parser.parse(SourceFile(name: "t", text: "“card”: rect 1"))
        #expect(r.diagnostics.count == 1)
        #expect(r.diagnostics.first?.help?.contains("`card`") == true)
    }
}

struct ParserLimitTests {
    @Test func errorsAreCappedAndCounted() {
        let r = Parser.parse(SourceFile(name: "t", text: String(repeating: ">", count: 5000)))
        #expect(r.diagnostics.count == Parser.maxErrors + 1)
        #expect(r.diagnostics.last?.code == "too-many-errors")
        #expect(r.diagnostics.last?.message == "\(5000 - Parser.maxErrors) more syntax errors not reported")
    }
}

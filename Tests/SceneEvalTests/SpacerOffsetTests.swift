import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `spacer [min N]` (SwiftUI's `Spacer(minLength:)`) and `offset X Y` (`.offset(x:y:)`):
/// parsed, laid out, drawn, exported and formatted (grammar.md, "Layout").
@Suite("spacer and offset")
struct SpacerOffsetTests {
    func frame(_ s: ResolvedScene?, _ label: String) -> [Double]? {
        guard let s, let i = s.index(ofLabel: label) else { return nil }
        let f = s.shapes[i].frame
        return [f.x, f.y, f.width, f.height]
    }

    static func dump(_ text: String) -> (String, [String]) {
        let file = SourceFile(name: "t", text: text)
        let r = Parser.parse(file)
        return (Dump.scene(r.scene, in: file), r.diagnostics.map { "\(file.location(of: $0.range.start)) \($0.code): \($0.message) | \($0.help ?? "")" })
    }

    // MARK: Parsing

    @Test("both items parse; each offset coordinate is a term, so `-` starts the second")
    func parses() {
        let (ast, ds) = Self.dump("""
        let w = 40
        row: hstack <
          gap: spacer
          wide: spacer min 12
          a: rect 4 offset 10 -5
          b: rect 4 offset w / 2 (w - 1)
          c: rect 4 offset -3 - 4
        >
        """)
        #expect(ds.isEmpty, "\(ds)")
        #expect(ast.contains("  node gap: @3:3\n    spacer @3:8\n"), "\(ast)")
        #expect(ast.contains("    spacer min 12 @4:9\n"), "\(ast)")
        #expect(ast.contains("    offset 10 (-5) @5:13\n"), "\(ast)")
        #expect(ast.contains("    offset (w / 2) (w - 1) @6:13\n"), "\(ast)")
        #expect(ast.contains("    offset (-3) (-4) @7:13\n"), "\(ast)")
    }

    @Test(arguments: [
        ("a: rect 4 offset 10", "missing-operand", "write `offset 10 0` to move it sideways only, or `offset 0 10` to move it down"),
        ("a: rect 4 offset", "missing-operand", "write `offset 10 0` to move it 10 pt right, `offset 0 -10` to move it 10 pt up"),
        ("a: rect 4 offset size 3", "missing-operand", "`size` is a keyword, not a value: write `offset 10 0` to move it 10 pt right, `offset 0 -10` to move it 10 pt up"),
        ("a: rect 4 offset 10, 5", "unexpected-token", "write `offset 10 5`"),
        ("a: rect 4 offset(x: 10, y: -5)", "unexpected-token", "SwiftUI's `.offset(x: 10, y: -5)` is `offset 10 -5`"),
        ("a: rect 4 offset(y: 6)", "unexpected-token", "SwiftUI's `.offset(y: 6)` is `offset 0 6`"),
        ("a: spacer(minLength: 12)", "unexpected-token", "SwiftUI's `Spacer(minLength: 12)` is `spacer min 12`"),
        ("a: spacer min(4, 8)", "ambiguous-min", "write `spacer min 4`, or `spacer min min(4, 8)` for the smaller of two values"),
        ("a: Spacer()", "unknown-keyword", "`Spacer()` is `spacer`, in an `hstack` or `vstack`; `Spacer(minLength: N)` is `spacer min N`"),
        ("a: rect 4 offset 1 2 offset 3 4", "duplicate-item", "keep one of them"),
    ])
    func parseErrorsSayTheFix(_ source: String, _ code: String, _ help: String) {
        let r = Parser.parse(SourceFile(name: "t", text: source))
        #expect(r.diagnostics.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first?.code == code, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first?.help == help)
    }

    @Test(arguments: [
        ("spacer", "a `spacer` goes in an `hstack` or `vstack`, not at the top level"),
        ("z: zstack size 100 < s: spacer >", "a `spacer` goes in an `hstack` or `vstack`, not in a `zstack`"),
        ("p: rect 4 size 100 < s: spacer >", "a `spacer` goes in an `hstack` or `vstack`: `p` is not a stack"),
        ("row: hstack < s: spacer size 10 >", "a `spacer` stands alone: it takes no other item"),
        ("row: hstack < s: spacer offset 1 1 >", "a `spacer` stands alone: it takes no other item"),
        ("row: hstack < s: spacer < a: rect 4 > >", "a `spacer` stands alone: it has no children"),
    ])
    func misplacedSpacers(_ source: String, _ message: String) {
        let c = compile(source)
        let errors = c.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == [.misplacedSpacer], "\(c.diagnostics.map(\.message))")
        #expect(errors.first?.message == message)
        #expect(errors.first?.help != nil)
        #expect(c.scene == nil)
    }

    @Test("a negative spacer minimum is an error")
    func negativeMinimum() {
        let c = compile("row: hstack < s: spacer min -4 >")
        #expect(c.diagnostics.map(\.id) == [.negativeSize], "\(c.diagnostics.map(\.message))")
    }

    // MARK: Layout

    @Test("a spacer takes the free space along its stack; two share it equally")
    func spacersTakeTheFreeSpace() {
        let s = resolve("""
        screen 400x300
        bar: hstack spacing 0 size 300x40 <
          a: rect 4 size 40x40
          gap: spacer
          b: rect 4 size 40x40
        >
        two: vstack spacing 10 size 100x300 align topLeading <
          c: rect 4 size 100x20
          s1: spacer
          d: rect 4 size 100x20
          s2: spacer
          e: rect 4 size 100x20
        >
        """)
        #expect(frame(s, "a") == [50, 130, 40, 40])
        #expect(frame(s, "gap") == [90, 150, 220, 0])
        #expect(frame(s, "b") == [310, 130, 40, 40])
        // 300 − 3 × 20 − 4 × 10 = 200, 100 a spacer.
        #expect(frame(s, "c") == [0, 0, 100, 20])
        #expect(frame(s, "s1") == [50, 30, 0, 100])
        #expect(frame(s, "d") == [0, 140, 100, 20])
        #expect(frame(s, "s2") == [50, 170, 0, 100])
        #expect(frame(s, "e") == [0, 280, 100, 20])
    }

    @Test("a spacer's minimum holds; the flexible children after it share what is left")
    func minimumHolds() {
        let s = resolve("""
        screen 400x300
        bar: hstack spacing 0 size 300x40 <
          gap: spacer min 200
          f: rect 4
          g: rect 4
        >
        """)
        // Offered 100, the spacer takes 200; f and g share the last 100.
        #expect(frame(s, "gap")?[2] == 200)
        #expect(frame(s, "f") == [250, 130, 50, 40])
        #expect(frame(s, "g") == [300, 130, 50, 40])
    }

    @Test("a bare spacer is at least 8 (SwiftUI's default spacing), and a stack with one fills its axis")
    func defaultMinimumAndFilling() {
        let s = resolve("""
        screen 400x300
        bar: hstack spacing 0 <
          a: rect 4 size 200x30
          gap: spacer
          b: rect 4 size 200x30
        >
        """)
        // The stack fills the width (the spacer is flexible) and fits the height (it is 0 across).
        #expect(frame(s, "bar") == [0, 135, 400, 30])
        // 400 − 400 leaves 0, and the spacer takes its 8: the run overflows by 8, centred.
        #expect(frame(s, "gap") == [196, 150, 8, 0])
        #expect(frame(s, "a") == [-4, 135, 200, 30])
    }

    @Test("an offset moves the drawing, not the layout: siblings and the parent stay")
    func offsetMovesOnlyTheDrawing() {
        let plain = resolve("""
        screen 400x300
        row: hstack spacing 10 <
          a: rect 4 size 50x50
          b: rect 4 size 50x50 <
            inner: rectangle size 10x10
          >
          c: rect 4 size 50x50
        >
        """)
        let moved = resolve("""
        screen 400x300
        row: hstack spacing 10 <
          a: rect 4 size 50x50
          b: rect 4 size 50x50 offset 12 -7 <
            inner: rectangle size 10x10
          >
          c: rect 4 size 50x50
        >
        """)
        for l in ["row", "a", "c"] { #expect(frame(moved, l) == frame(plain, l), "\(l) moved") }
        let b0 = frame(plain, "b")!, i0 = frame(plain, "inner")!
        #expect(frame(moved, "b") == [b0[0] + 12, b0[1] - 7, 50, 50])
        #expect(frame(moved, "inner") == [i0[0] + 12, i0[1] - 7, 10, 10], "the content moves with its node")
        let i = moved!.index(ofLabel: "b")!
        #expect(moved!.shapes[i].offset == Offset(x: 12, y: -7))
    }

    @Test("corners resolve where the shape is drawn: an offset shape is measured at its drawn place")
    func offsetShapesResolveWhereDrawn() {
        let s = resolve("""
        screen 400x300
        card: container rect 30 size 200x200 <
          k: concentric size 60x60 align topLeading offset 10 6
        >
        """)
        let i = s!.index(ofLabel: "k")!
        // Laid out flush in the corner (30), drawn 10 right and 6 down: 30 − max(10, 6) = 20.
        #expect(s!.shapes[i].radii.topLeading == 20)
    }

    // MARK: Outputs

    @Test("the SVG draws an offset shape where it is moved to, and a spacer draws nothing")
    func svg() throws {
        let scene = try #require(resolve("""
        screen 400x300
        bar: hstack spacing 0 size 300x40 <
          a: rectangle size 40x40 offset 5 7
          gap: spacer
          b: rectangle size 40x40
        >
        """))
        let svg = SVGWriter.write(scene)
        let a = try #require(SVGTest.attribute("d", of: "a", in: svg))
        #expect(a.hasPrefix("M55 137"), "\(a)")
        let b = try #require(SVGTest.attribute("d", of: "b", in: svg))
        #expect(b.hasPrefix("M310 130"), "\(b)")
        #expect(!svg.contains("id=\"gap\""), "a spacer draws nothing")
    }

    @Test("JSON gives the offset and the spacer's minimum")
    func json() throws {
        let file = SourceFile(name: "t.scene", text: "screen 400x300\nbar: hstack size 300x40 <\n  gap: spacer min 12\n  a: rect 4 size 40x40 offset 5 -2\n>\n")
        let scene = try #require(Pipeline.compile(file).scene)
        let json = JSONWriter.write(scene, diagnostics: [Diagnostic](), file: file)
        #expect(json.contains("\"kind\": \"group\""))
        #expect(json.contains("\"spacer\": {\"minimum\": 12}"), "\(json)")
        #expect(json.contains("\"offset\": {\"x\": 5, \"y\": -2}"), "\(json)")
    }

    @Test("the formatter writes the canonical form, and `-` before the second coordinate stays unary")
    func format() throws {
        let text = "row: hstack <\n  gap:   spacer   min   4\n  a: rect 4 offset  10 - 5\n  b: rect 4 offset (w - 1)   -w\n>\n"
        let file = SourceFile(name: "t", text: "let w = 3\n" + text)
        let parsed = Parser.parse(file)
        #expect(parsed.diagnostics.isEmpty)
        let out = Formatter.format(file, scene: parsed.scene)
        #expect(out == "let w = 3\nrow: hstack <\n  gap: spacer min 4\n  a: rect 4 offset 10 -5\n  b: rect 4 offset (w - 1) -w\n>\n")
        let again = SourceFile(name: "t", text: out)
        #expect(Formatter.format(again, scene: Parser.parse(again).scene) == out)
        #expect(Dump.scene(Parser.parse(again).scene, in: again).contains("offset 10 (-5)"))
    }

    @Test("SwiftUI: Spacer(minLength:) and .offset(x:y:), typechecked and laid out by the model as the scene")
    func swiftUI() throws {
        let scene = """
        screen 400x300
        bar: hstack spacing 0 size 300x40 <
          a: rect 4 size 40x40 offset 5 -3
          gap: spacer
          b: rect 4 size 40x40
          spacer min 12
          c: rect 4 size 40x40
        >

        """
        let code = try #require(SwiftUIWriter.export(SourceFile(name: "spacers.scene", text: scene))).code
        #expect(code.contains("Spacer()"), "\(code)")
        #expect(code.contains("Spacer(minLength: 12)"), "\(code)")
        #expect(code.contains(".offset(x: 5, y: -3)"), "\(code)")
        if let output = try SwiftUITest.typecheck([("spacers.swift", code)]) { Issue.record("\(output)") }
        var out = SwiftUILayoutModelTests.Outcome()
        try SwiftUILayoutModelTests.check("spacers.scene", scene, into: &out)
        #expect(out.failures.isEmpty && out.compared == 2, "\(out.failures) \(out.skipped)")
    }
}

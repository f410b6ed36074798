import Testing
import SceneLang
@testable import SceneEval

/// Evaluation errors: one diagnostic per mistake, with a useful help line.
struct EvaluatorErrorTests {
    static func codes(_ text: String) -> [String] {
        let file = SourceFile(name: "t", text: text)
        let c = Pipeline.compile(file)
        return c.diagnostics.map { "\(file.location(of: $0.range.start)) \($0.code)" }
    }

    @Test(arguments: [
        ("let a = 1\nx: rect b", ["2:9 undefined-name"]),
        ("let a = b\nlet b = 1", ["1:9 undefined-name"]),
        // A `let` that uses its own name is an error (it went through silently, and every
        // use of it with it: a width that filled the screen, a shape that vanished).
        ("let w = w\nc: rect 4 size w x 50", ["1:9 undefined-name"]),
        ("let w = 2 * (w + 1)\nc: rect w size 50x50", ["1:14 undefined-name"]),
        ("x: rect b\nlet b = 1", []),
        ("let a = 1\nlet a = 2", ["2:5 duplicate-binding"]),
        ("a: rect 1\na: rect 2", ["2:1 duplicate-label"]),
        // Labels equal as Swift compares them, spelled with other bytes: `é` as one
        // scalar and as `e` with a combining accent; the Kelvin sign and `K`.
        ("caf\u{E9}: rect 1\ncafe\u{301}: rect 2", ["2:1 duplicate-label"]),
        ("\u{212A}: rect 1\nK: rect 2", ["2:1 duplicate-label"]),
        ("let z = 0\nx: rect 4 / z", ["2:9 division-by-zero"]),
        ("x: rect 1 size -4 x 10", ["1:16 negative-size"]),
        ("x: rect -1", ["1:9 negative-radius"]),
        ("screen ipone-16-pro", ["1:8 unknown-screen"]),
        ("screen iphone-16-pro\nscreen iphone-se", ["2:1 duplicate-screen"]),
        ("let a = 1000000 * 1000000\nx: rect a", ["1:9 number-too-large"]),
        ("x: concentric min -2", ["1:19 negative-radius"]),
        ("x: container relative", ["1:4 relative-container"]),
        // `fill` colours the drawn shape: said where a node draws none, and only there.
        ("x: fill red size 20x20", ["1:4 fill-draws-nothing"]),
        ("x: size 20x20 fill #336 <\n  y: rect 2\n>", ["1:15 fill-draws-nothing"]),
        ("x: rect 4 fill red", []),
        ("x: glass fill red", []),
        ("x: container rect 8 fill red", []),
        ("x: background rect 8 fill red", []),
        ("x: hstack <\n  spacer fill red\n>", ["2:10 misplaced-spacer"]),
        // A shape that failed to evaluate is reported once: the fill beside it is not.
        ("x: rect nope size 40x40 fill red", ["1:9 undefined-name"]),
        ("x: background rect nope fill red", ["1:20 undefined-name"]),
    ])
    func errors(_ source: String, _ expected: [String]) {
        #expect(Self.codes(source) == expected)
    }

    @Test func aLetThatUsesItsOwnNameSaysSo() throws {
        let d = try #require(Pipeline.compile(SourceFile(name: "t", text: "let gap = gap + 1\n")).diagnostics.first)
        #expect(d.message == "`gap` is used in its own definition")
        #expect(d.help == "a `let` cannot use its own name: give its value, or use a binding defined above it")
    }

    @Test func aFillOnANodeThatDrawsNothingSaysSoWithTheFix() throws {
        let file = SourceFile(name: "t", text: "row: fill red size 200x60\n")
        let d = try #require(Pipeline.compile(file).diagnostics.first)
        #expect(d.severity == .warning)
        #expect(d.message == "`fill red` colours nothing: `row` draws no shape")
        #expect(d.help == "give `row` a shape to fill (`background rectangle` fills its frame, as SwiftUI's `.background(Color…)` does), or remove `fill red`")
        #expect(file.text(d.range.start..<d.range.end) == "fill red")
        // A warning: the scene still compiles, and draws nothing there.
        #expect(Pipeline.compile(file).scene?.shapes.first?.kind == .group)
    }

    /// 3,000 labelled nodes, nested and not, every tenth label used again later
    /// (and one three times): each reuse is one error whose note names the first
    /// use's line, and no other label is taken for a duplicate.
    @Test func everyDuplicateLabelPointsAtItsFirstUse() {
        var lines: [String] = [], expected: [String] = []
        for i in 0..<3000 { lines.append(i % 2 == 0 ? "n\(i): rect 1 <\n  m\(i): rect 1\n>" : "n\(i): rect 1") }
        var line = lines.joined(separator: "\n").split(separator: "\n").count
        for i in stride(from: 0, to: 3000, by: 10) {
            lines.append("n\(i): rect 2")
            line += 1
            // `n<i>`'s line: each node before it takes one line, an even one three.
            expected.append("\(line) n\(i) \(1 + (i / 2) * 3 + (i - i / 2))")
        }
        lines.append("m4: rect 2")
        expected.append("\(line + 1) m4 \(1 + 2 * 3 + 2 + 1)")
        lines.append("m4: rect 3")
        expected.append("\(line + 2) m4 \(1 + 2 * 3 + 2 + 1)")
        let file = SourceFile(name: "t", text: lines.joined(separator: "\n"))
        let got = Pipeline.compile(file).diagnostics.filter { $0.code == "duplicate-label" }.map { d in
            let name = d.message.split(separator: "`")[1]
            return "\(file.location(of: d.range.start).line) \(name) \(d.notes.first!.split(separator: " ").last!)"
        }
        #expect(got == expected)
    }

    /// The table of labels grows past the room it was made with, and finds every label after.
    @Test func labelTableGrows() throws {
        let text = (0..<500).map { "l\($0): rect 1" }.joined(separator: "\n")
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: text)).scene)
        var table = LabelTable(labels: 0)
        for (i, sh) in scene.shapes.enumerated() {
            let label = try #require(sh.label)
            #expect(table.firstUse(of: label, index: i, in: Array(scene.shapes[..<i])) == nil)
        }
        for (i, sh) in scene.shapes.enumerated() {
            #expect(table.firstUse(of: sh.label!, index: 9999, in: scene.shapes) == i)
        }
        #expect(table.firstUse(of: "l500", index: 500, in: scene.shapes) == nil)
    }

    /// A label of a shape numbered past the table's index bits (2^21 and on; made
    /// for few shapes) widens them: the labels before it are found where they were,
    /// and the table takes more after it. (The far shape's own label is not looked up,
    /// nor the table grown again: either reads its shape, and two million are not made here.)
    @Test func labelTableWidensItsIndexBits() {
        func shape(_ i: Int) -> ResolvedShape {
            ResolvedShape(index: i, label: "s\(i)", parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 1, height: 1),
                          style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: nil,
                          range: SourceRange(i, i + 1), shapeRange: nil, containerRange: nil)
        }
        var shapes: [ResolvedShape] = []
        var table = LabelTable(labels: 0)
        for i in 0..<3 {
            #expect(table.firstUse(of: "s\(i)", index: i, in: shapes) == nil)
            shapes.append(shape(i))
        }
        #expect(table.firstUse(of: "far", index: (1 << 21) + 5, in: shapes) == nil)
        for i in 0..<3 { #expect(table.firstUse(of: "s\(i)", index: 99, in: shapes) == i) }
        // (Four more fill the 16 slots to half: the next would grow the table again,
        // which reads every label back from its shape, the far one's too.)
        for i in 3..<7 {
            #expect(table.firstUse(of: "s\(i)", index: i, in: shapes) == nil)
            shapes.append(shape(i))
        }
        for i in 0..<7 { #expect(table.firstUse(of: "s\(i)", index: 99, in: shapes) == i) }
    }

    /// 60,000 different labels, enough that many share a slot's tag (10 bits of
    /// their hash) on the way to their own slot: none is taken for another, and
    /// each is found again as the first use it was.
    @Test func labelsSharingATagAreStillDifferent() {
        let n = 60_000
        func shape(_ i: Int) -> ResolvedShape {
            ResolvedShape(index: i, label: "label\(i)", parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 1, height: 1),
                          style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: nil,
                          range: SourceRange(i, i + 1), shapeRange: nil, containerRange: nil)
        }
        var shapes: [ResolvedShape] = []
        shapes.reserveCapacity(n)
        var table = LabelTable(labels: n)
        var taken = 0
        for i in 0..<n {
            if table.firstUse(of: "label\(i)", index: i, in: shapes) != nil { taken += 1 }
            shapes.append(shape(i))
        }
        #expect(taken == 0)
        var found = 0
        for i in stride(from: 0, to: n, by: 7) where table.firstUse(of: "label\(i)", index: n, in: shapes) == i {
            found += 1
        }
        #expect(found == (n + 6) / 7)
    }

    @Test func didYouMeanNames() {
        let c = compile("let inset = 12\nx: rect insett")
        #expect(c.diagnostics.first?.help == "did you mean `inset`?")
        let d = compile("let a = gap\nlet gap = 3")
        #expect(d.diagnostics.first?.help?.contains("move `let gap = …`") == true)
    }

    @Test func aFailedBindingIsReportedOnce() {
        let c = compile("let a = 1 / 0\nx: rect a\ny: rect a")
        #expect(c.diagnostics.map(\.code) == ["division-by-zero"])
    }
}

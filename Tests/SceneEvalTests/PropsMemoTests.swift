import Foundation
import Testing
@testable import SceneEval
@testable import SceneLang
import SceneTestSupport

/// The evaluator's memo of what shared items came to (PropsMemo.swift) gives a node
/// what folding its items again gives: the same scene, every range and diagnostic.
struct PropsMemoTests {
    /// Evaluates `text` with the memo and without; returns how many nodes took their properties from it.
    @discardableResult
    static func sameBothWays(_ text: String, _ name: String = "t.scene",
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let file = SourceFile(name: name, text: text)
        let parsed = Parser.parse(file)
        var on = Evaluator(file: file), off = Evaluator(file: file)
        off.propsMemo.on = false
        let a = on.run(parsed.scene), b = off.run(parsed.scene)
        #expect(off.propsMemo.found == 0, sourceLocation: sourceLocation)
        // (Compared apart: a failure prints the name, not two whole scenes.)
        let sameScene = a.scene == b.scene, sameDiagnostics = a.diagnostics == b.diagnostics
        #expect(sameScene, "\(name): the scenes differ", sourceLocation: sourceLocation)
        #expect(sameDiagnostics, "\(name): \(a.diagnostics.prefix(3)) vs \(b.diagnostics.prefix(3))",
                sourceLocation: sourceLocation)
        return on.propsMemo.found
    }

    /// Every member of the bench family: the same scene both ways, and the members
    /// whose lines come again take most nodes' properties from the memo (as many as
    /// the parser shared past the first of each text: a small scene's first thousand
    /// nodes share few, `LineMemo`); `deep`'s runs of two slots are folded each time.
    @Test(arguments: BenchFamily.members) func everyBenchMemberEvaluatesTheSameBothWays(_ name: String) throws {
        let nodes = name == "deep" ? 5_000 : 3_000
        let text = BenchFamily.scene(name, nodes: nodes)
        #expect(!text.isEmpty)
        let found = Self.sameBothWays(text, name)
        if ["list", "list-labels", "grid", "grid-labels", "lets", "corners", "glass"].contains(name) {
            #expect(found > 1_500, "\(name): \(found) of \(nodes) nodes")
        }
        if name == "deep" { #expect(found == 0, "deep: \(found) of \(nodes) nodes") }
    }

    /// The examples (few of whose rows come again often enough to be kept): the
    /// same scenes both ways.
    @Test func everyExampleEvaluatesTheSameBothWays() throws {
        let examples = try BenchFamily.examples()
        #expect(examples.count > 20)
        for (name, text) in examples { Self.sameBothWays(text, name) }
    }

    /// A column of `copies` of `row` (with a `let k`), each node's items shared by the parser.
    static func column(_ row: String, copies: Int = 120) -> String {
        "let k = 12\nscreen 400x40000 radius 40\nc: container rect 40 size 390x39990 vstack <\n"
            + String(repeating: "  " + row + "\n", count: copies) + ">\n"
    }

    /// Rows that come again, each of a kind the memo must carry: every range a shared
    /// row can hold (its shape's, its container's, its fill's, its layers'), clauses
    /// through a `let`; each row's nodes mostly take the memo's properties.
    @Test(arguments: [
        "concentric min 15 height 30 pad h 6",
        "container rect 12 rect 10 fill #ff0000 size 30x30 pad leading 2 top 3",
        "rect 12 size 30x30 glass capsule clip rect 4 background circle",
        "concentric(top: fixed min(k, k - 2 / 2) uniform, bottom: concentric min 8) height 30",
    ]) func repeatedRowsOfEveryKindEvaluateTheSame(_ row: String) {
        let found = Self.sameBothWays(Self.column(row), row)
        #expect(found > 40, "\(row): \(found) of 120")
    }

    /// A shared row whose fold says something (a name that is not defined, in a
    /// clause the parser shares) is folded, and said, for every copy: never kept.
    @Test func aRowThatSaysSomethingIsSaidForEveryCopy() {
        let file = SourceFile(name: "t.scene", text: Self.column("concentric(top: fixed q) height 30 pad h 6"))
        var on = Evaluator(file: file)
        let evaluation = on.run(Parser.parse(file).scene)
        #expect(evaluation.diagnostics.filter { $0.id == .undefinedName }.count == 120)
        #expect(on.propsMemo.asked > 40 && on.propsMemo.found == 0, "\(on.propsMemo.asked) asked, \(on.propsMemo.found) found")
        Self.sameBothWays(Self.column("concentric(top: fixed q) height 30 pad h 6"))
    }

    /// `Props.move(by:)` moves every range `Props` holds: the fields that hold one,
    /// read from the type, are the ones it moves (a range added to `Props` fails here
    /// until `move` moves it too).
    @Test func moveMovesEveryRangeOfProps() {
        let holding = Mirror(reflecting: Props()).children.compactMap { child -> String? in
            String(describing: type(of: child.value)).contains("SourceRange") ? child.label : nil
        }
        #expect(Set(holding) == ["shapeRange", "containerRange", "fillRange", "spacerRange", "layers"], "\(holding)")
        var p = Props()
        p.shapeRange = SourceRange(1, 2); p.containerRange = SourceRange(3, 4); p.fillRange = SourceRange(5, 6)
        p.spacerRange = SourceRange(7, 8); p.layers = [(.clip, .plain(.circle), SourceRange(9, 10))]
        p.move(by: 100)
        #expect(p.shapeRange == SourceRange(101, 102) && p.containerRange == SourceRange(103, 104))
        #expect(p.fillRange == SourceRange(105, 106) && p.spacerRange == SourceRange(107, 108))
        #expect(p.layers.map(\.2) == [SourceRange(109, 110)])
    }
}

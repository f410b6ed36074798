import Testing
import SceneLang
@testable import SceneEval

/// The evaluator's fast path for `concentric (…)` items (their expressions
/// worked out from flat steps, names by number) gives what the item evaluated
/// whole gives: the same shape, and when something is wrong, the same diagnostics.
struct QuickClausesTests {
    static let lets = "let k = 12\nlet inset = 4\nlet big = 900000000\nlet zero = 0\n"
    static let rows = [
        "concentric(top: fixed min(k, k - inset / 2) uniform, bottom: concentric min 8)",
        "concentric min 3 uniform (all: max(k, 2, inset * 3 - 1))",
        "concentric(leading: concentric, trailing: fixed -(2 * (inset - 5)) uniform)",
        "concentric(top: -0, bottom: fixed 0 * -1, leading: concentric min -(-0))",
        "concentric(top: fixed undefined + 1)",
        "concentric(top: fixed k / zero, bottom: 3)",
        "concentric(top: fixed k - 20)",
        "concentric min inset - 9 (top: 2)",
        "concentric(top: big * 4)",
        "concentric(top: fixed 999999 * 999999 * 999999)",
        "concentric(top: fixed k, bottom: fixed k, top: 3)",
        "container concentric (top: min(k, inset), bottom: later)",
    ]

    /// Every value of every row, through `props` (the fast path where it can)
    /// and through `apply` on the item built whole.
    @Test func theFastPathGivesWhatTheTreeGives() throws {
        for row in Self.rows {
            let file = SourceFile(name: "t", text: Self.lets + row + "\nlet later = 1\n")
            let parsed = Parser.parse(file)
            guard let node = parsed.scene.statements.compactMap({ if case .node(let n) = $0 { n } else { nil } }).first else {
                Issue.record("no node: \(row)"); continue
            }
            var quick = Evaluator(file: file), whole = Evaluator(file: file)
            _ = quick.run(Scene(statements: parsed.scene.statements.filter { if case .node = $0 { false } else { true } }))
            _ = whole.run(Scene(statements: parsed.scene.statements.filter { if case .node = $0 { false } else { true } }))
            quick.diagnostics = []; whole.diagnostics = []
            let p = quick.props(node.items)
            var q = Props()
            for it in node.items { whole.apply(it.value, at: it.range, to: &q) }
            #expect(p.shape == q.shape && p.container == q.container, "\(row)")
            #expect(quick.diagnostics == whole.diagnostics, "\(row)")
            var parts: [ItemPart] = []
            node.items.fold { parts.append($0) }
            guard case .concentric? = parts.first else { Issue.record("not flat: \(row)"); continue }
        }
    }

    /// A name's value is kept by its number only while `env` is unchanged.
    @Test func aNewValueIsNotMissed() throws {
        let file = SourceFile(name: "t", text: "concentric(top: fixed k)")
        let parsed = Parser.parse(file)
        guard case .node(let node)? = parsed.scene.statements.first else { Issue.record("no node"); return }
        var e = Evaluator(file: file)
        e.env["k"] = 5
        #expect(e.props(node.items).shape == .concentric(ConcentricBuilder(base: .concentric(minimum: nil), uniform: false).adding(.top, .fixed(5))))
        e.env["k"] = 7
        #expect(e.props(node.items).shape == .concentric(ConcentricBuilder(base: .concentric(minimum: nil), uniform: false).adding(.top, .fixed(7))))
    }
}

extension ConcentricBuilder {
    fileprivate func adding(_ set: CornerSet, _ v: CornerValue) -> ConcentricSpec {
        var b = self
        b.add(set, v, uniform: false)
        return b.spec
    }
}

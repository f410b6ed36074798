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
        ("x: rect b\nlet b = 1", []),
        ("let a = 1\nlet a = 2", ["2:5 duplicate-binding"]),
        ("a: rect 1\na: rect 2", ["2:1 duplicate-label"]),
        ("let z = 0\nx: rect 4 / z", ["2:9 division-by-zero"]),
        ("x: rect 1 size -4 x 10", ["1:16 negative-size"]),
        ("x: rect -1", ["1:9 negative-radius"]),
        ("screen ipone-16-pro", ["1:8 unknown-screen"]),
        ("screen iphone-16-pro\nscreen iphone-se", ["2:1 duplicate-screen"]),
        ("let a = 1000000 * 1000000\nx: rect a", ["1:9 number-too-large"]),
        ("x: concentric min -2", ["1:19 negative-radius"]),
        ("x: container relative", ["1:4 relative-container"]),
    ])
    func errors(_ source: String, _ expected: [String]) {
        #expect(Self.codes(source) == expected)
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

import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// The REPL says what a spacer is and where an offset node is laid out and drawn.
@Suite struct REPLSpacerOffsetTests {
    static let text = "screen 400x300\nrow: hstack spacing 0 size 300x40 <\n  a: rect 4 size 40x40 offset 5 -3\n  gap: spacer min 12\n>\n"

    @Test func describeAndShow() throws {
        let file = SourceFile(name: "t.scene", text: Self.text)
        let scene = try #require(Pipeline.compile(file).scene)
        let a = try #require(scene.index(ofLabel: "a")), gap = try #require(scene.index(ofLabel: "gap"))
        #expect(Report.describe(scene, a) == "rect 55,127 40×40, radius 4, offset 5 -3")
        #expect(Report.describe(scene, gap) == "group 90,150 260×0, spacer min 12")
        let p = Painter(color: false)
        #expect(Report.detail(scene, a, file: file, paint: p).contains("  offset     x 5  y -3: drawn there, with its content; laid out at x 50  y 130\n"))
        #expect(Report.detail(scene, gap, file: file, paint: p).contains("  draws nothing: a spacer, taking its stack's free space, at least 12\n"))
    }

    /// `:show` (and the editor's hover) of a node that draws its background: the radius
    /// as written, with its names, and the background not listed again as a layer.
    @Test func showABackgroundDrawnNode() throws {
        let file = SourceFile(name: "t.scene", text: "let r = 10 + 2\na: background rect r size 50x50 clip rect 4\n")
        let scene = try #require(Pipeline.compile(file).scene)
        let a = try #require(scene.index(ofLabel: "a"))
        let text = Report.detail(scene, a, file: file, paint: Painter(color: false))
        #expect(text.contains("r = 12"), "\(text)")
        #expect(!text.contains("  background "), "\(text)")
        #expect(text.contains("  clip       rect, radius 4"), "\(text)")
    }
}

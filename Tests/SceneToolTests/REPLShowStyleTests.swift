import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// `:show` (and the LSP's hover, which is the same text) names a shape's corner style
/// only where its outline has corners drawn in that style: a circle is a true circle
/// whatever `style` says, and a kind drawn as another geometry (an ellipse) has no corners.
@Suite struct REPLShowStyleTests {
    @Test func theStyleIsSaidWhereTheOutlineHasCorners() throws {
        let text = "screen 400x300\na: rect 8 size 80x40\nb: capsule size 80x40\nc: circle size 40 style circular\nd: circle size 40\n"
        let file = SourceFile(name: "t.scene", text: text)
        let scene = try #require(Pipeline.compile(file).scene)
        let p = Painter(color: false)
        func firstLine(_ label: String) throws -> String {
            let i = try #require(scene.index(ofLabel: label))
            return String(Report.detail(scene, i, file: file, paint: p).split(separator: "\n")[0])
        }
        #expect(try firstLine("a").hasPrefix("a  rect, continuous corners  ("))
        #expect(try firstLine("b").hasPrefix("b  capsule, continuous corners  ("))
        #expect(try firstLine("c").hasPrefix("c  circle  ("))
        #expect(try firstLine("d").hasPrefix("d  circle  ("))
    }
}

import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// `:preview` cuts a clipped node's content to its clip shape, as the SVG and
/// SwiftUI's `.clipShape` do.
struct PreviewClipTests {
    @Test func rowsInAClippedSectionHaveNoDotsPastItsCorners() throws {
        let text = """
        screen 402x874 radius 62
        section: vstack container rect 26 clip rect 26 size 360x208 <
          row1: rectangle height 52
          row2: rectangle height 52
          row3: rectangle height 52
          row4: rectangle height 52
        >
        """
        let c = Pipeline.compile(SourceFile(name: "list.scene", text: text))
        let scene = try #require(c.scene)
        let section = try #require(scene.shapes.firstIndex { $0.label == "section" })
        let rows = scene.shapes.indices.filter { scene.shapes[$0].label?.hasPrefix("row") == true }
        let clip = Outline.roundedRect(RoundedRect(frame: scene.shapes[section].frame, radii: Radii(all: 26), style: .continuous))
        var canvas = Preview.Canvas(region: Preview.region(scene, focus: section), options: Preview.Options(columns: 120))
        canvas.draw(scene)
        var rowDots = 0, outside: [(Double, Double)] = []
        for j in 0..<canvas.height {
            for i in 0..<canvas.width where rows.contains(Int(canvas.owner[j * canvas.width + i])) {
                rowDots += 1
                let px = canvas.region.x + (Double(i) + 0.5) * canvas.scale, py = canvas.region.y + (Double(j) + 0.5) * canvas.scale
                if !Preview.Canvas.inside(px, py, clip) { outside.append((px, py)) }
            }
        }
        #expect(rowDots > 100, "the rows are drawn (\(rowDots) dots)")
        #expect(outside.isEmpty, "\(outside.count) row dots past the section's rounded corners, e.g. \(outside.prefix(3))")
    }
}

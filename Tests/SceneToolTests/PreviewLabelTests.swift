import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// `:preview`: a label on its shape's top edge never reaches into one of the
/// shape's children, where it would read as the child's name (issue 14 §4).
@Suite struct PreviewLabelTests {
    static let sheet = """
        sheet: glass concentric uniform container rect 54 height 400 align bottom pad 8 <
          content: vstack spacing 16 pad 20 <
            card: concentric min 16 container rect 20 height 180 fill #ffffff <
              thumb: concentric min 8 size 60x60 align topLeading pad 12 fill #ff9500
            >
          >
        >
        """

    @Test(arguments: [30, 40, 60, 80, 120])
    func labelsStayOutOfChildren(_ columns: Int) throws {
        let compiled = Pipeline.compile(SourceFile(name: "t.scene", text: Self.sheet)).scene
        let scene = try #require(compiled)
        let canvas = { () -> Preview.Canvas in
            var c = Preview.Canvas(region: Preview.region(scene, focus: nil), options: .init(columns: columns))
            c.draw(scene)
            return c
        }()
        var cells = Preview.Cells(canvas)
        cells.placeLabels(scene, on: canvas)
        let kids = scene.drawnChildren()
        let r = canvas.region, s = canvas.scale
        for p in cells.placed {
            let x0 = r.x + Double(p.column) * 2 * s, x1 = r.x + Double(p.column + p.count) * 2 * s
            let y0 = r.y + Double(p.row) * 4 * s, y1 = y0 + 4 * s
            for j in kids[p.shape] {
                let f = scene.shapes[j].frame
                #expect(!(f.minX < x1 && x0 < f.maxX && f.minY < y1 && y0 < f.maxY),
                        "\(columns) columns: \(scene.shapes[p.shape].id)'s label is on \(scene.shapes[j].id)")
            }
        }
        // The card's label is still shown (above the card when its top row meets the thumb).
        #expect(cells.placed.contains { scene.shapes[$0.shape].id == "card" } || columns < 40, "\(columns)")
    }
}

import Testing
import SceneLang
@testable import SceneEval

/// `--labels`: a label stays inside its own shape and clear of its children, so a
/// parent's name never sits in a child's corner where it reads as the child's
/// (issue 14 §4); outside (above) the shape only when there is no room inside.
@Suite("SVG labels clear of children")
struct SVGLabelChildrenTests {
    /// The issue's sheet: `card`'s top-leading area is `thumb`'s (12 pt of padding).
    static let sheet = """
        sheet: glass concentric uniform container rect 54 height 400 align bottom pad 8 <
          content: vstack spacing 16 pad 20 <
            card: concentric min 16 container rect 20 height 180 fill #ffffff <
              thumb: concentric min 8 size 60x60 align topLeading pad 12 fill #ff9500
            >
          >
        >
        """

    /// Every label is inside its shape's drawn outline and meets none of its
    /// children's frames, or it is wholly outside its shape's frame. Returns the
    /// labels placed inside.
    @discardableResult
    static func check(_ scene: ResolvedScene, _ svg: String, _ what: String, group: String = "labels") -> Set<String> {
        let kids = scene.drawnChildren()
        var inside = Set<String>()
        for label in SVGLabelTests.labels(in: svg, group: group) {
            guard let i = scene.index(ofLabel: label.text) else { Issue.record("\(what): no shape \(label.text)"); continue }
            let b = label.box, f = scene.shapes[i].frame
            let own = SVGBox(x: f.x, y: f.y, width: f.width, height: f.height)
            guard b.overlaps(own) else { continue }
            inside.insert(label.text)
            let outline = OutlinePolygon(Outline(shape: scene.shapes[i]))
            for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                #expect(outline.distanceOutside(p) <= 0, "\(what): \(label.text)'s label corner \(p) is outside its shape")
            }
            for j in kids[i] {
                let c = scene.shapes[j].frame
                #expect(!b.overlaps(SVGBox(x: c.x, y: c.y, width: c.width, height: c.height)),
                        "\(what): \(label.text)'s label is on its child \(scene.shapes[j].id)")
            }
        }
        return inside
    }

    @Test func theSheetsCardLabelIsNotOnTheThumb() throws {
        let (scene, svg) = try SVGLabelTests.render(Self.sheet, centers: false)
        Self.check(scene, svg, "sheet")
        let card = try #require(SVGLabelTests.labels(in: svg).first { $0.text == "card" })
        let thumb = SVGLabelTests.box(SVGLabelTests.frame("thumb", scene))
        #expect(!card.box.overlaps(thumb))
        // The thumb's own label is inside the thumb.
        let t = try #require(SVGLabelTests.labels(in: svg).first { $0.text == "thumb" })
        #expect(t.box.overlaps(thumb))
    }

    /// With a free band above the child, the parent's label goes there, inside.
    @Test func aFreeBandKeepsTheLabelInside() throws {
        let (scene, svg) = try SVGLabelTests.render("""
            screen 400x400
            card: container rect 20 size 300x200 <
              photo: concentric size 280x120 align bottom pad 10
            >
            """, centers: false)
        let inside = Self.check(scene, svg, "free band")
        #expect(inside.contains("card") && inside.contains("photo"), "\(inside)")
        // And to the right of a small child in the corner.
        let (s2, svg2) = try SVGLabelTests.render("""
            screen 400x400
            card: container rect 20 size 300x200 <
              icon: concentric size 40x40 align topLeading pad 8
            >
            """, centers: false)
        #expect(Self.check(s2, svg2, "beside a child").contains("card"))
    }

    @Test("every example's labels are inside their shape and clear of its children, or outside it",
          arguments: SVGGoldenTests.sources().map(\.path))
    func examples(_ path: String) throws {
        let source = SVGGoldenTests.Source(path: path)
        let scene = try #require(SVGGoldenTests.compile(source))
        Self.check(scene, SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true)), path)
    }
}

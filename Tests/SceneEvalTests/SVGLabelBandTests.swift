import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// `--labels`: a label that does not fit inside its shape goes outside it, and
/// then never across the outline of a shape it is drawn in. Nested shapes a
/// padding apart leave bands too narrow for a line of text (examples/nested.scene:
/// 8 pt bands, 12 pt labels); a label placed in such a band sat over the parent's
/// outline, and the grandparent's.
@Suite("SVG labels clear of the bands they are drawn in")
struct SVGLabelBandTests {
    /// Every label outside its own shape lies, for each drawn shape its shape is
    /// drawn in, either off that shape's frame or at least 1 pt inside its drawn
    /// outline (rounded corners included). Returns how many labels were outside a
    /// shape with at least one drawn ancestor.
    @discardableResult
    static func check(_ scene: ResolvedScene, _ svg: String, _ what: String) -> Int {
        var checked = 0
        for label in SVGLabelTests.labels(in: svg) {
            guard let i = scene.index(ofLabel: label.text) else { Issue.record("\(what): no shape \(label.text)"); continue }
            let b = label.box
            guard !b.overlaps(SVGLabelTests.box(scene.shapes[i].frame)) else { continue }
            var a = scene.shapes[i].parent, any = false
            while let k = a {
                defer { a = scene.shapes[k].parent }
                guard scene.shapes[k].kind != .group else { continue }
                any = true
                guard b.overlaps(SVGLabelTests.box(scene.shapes[k].frame)) else { continue }
                let outline = OutlinePolygon(Outline(shape: scene.shapes[k]))
                for p in [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                    #expect(outline.distanceOutside(p) <= -1,
                            "\(what): \(label.text)'s label (outside its shape) crosses \(scene.shapes[k].id)'s outline at \(p)")
                }
            }
            if any { checked += 1 }
        }
        return checked
    }

    /// No two labels overlap.
    static func apart(_ svg: String, _ what: String) {
        let labels = SVGLabelTests.labels(in: svg)
        for (k, a) in labels.enumerated() {
            for b in labels[..<k] where a.box.overlaps(b.box) {
                Issue.record("\(what): \(a.text)'s label is on \(b.text)'s")
            }
        }
    }

    @Test func nestedLabelsLeaveTheBands() throws {
        let source = try String(contentsOf: SVGTest.root.appendingPathComponent("examples/nested.scene"), encoding: .utf8)
        let (scene, svg) = try SVGLabelTests.render(source, centers: false)
        #expect(Self.check(scene, svg, "nested") == 4, "a1, a2, b1, b2 are outside their shapes")
        Self.apart(svg, "nested")
        // plain and withMinimum are 160 pt squares centred in a 400 pt screen: their
        // tops are at y = 120. The labels of the levels whose bands are 8 pt sit above
        // that, a 12 pt line each, a 1 pt gap apart; a3 and b3 (112 pt, no children) inside.
        let labels = SVGLabelTests.labels(in: svg)
        for name in ["plain", "a1", "a2", "withMinimum", "b1", "b2"] {
            let l = try #require(labels.first { $0.text == name })
            #expect(l.box.maxY <= 119, "\(name)'s label ends at \(l.box.maxY), in the band below y = 120")
        }
        for name in ["a3", "b3"] {
            let l = try #require(labels.first { $0.text == name })
            #expect(l.box.minY >= 144 + 3, "\(name)'s label starts at \(l.box.minY), inside its shape (top 144)")
        }
    }

    @Test("every example's outside labels are clear of the outlines they are drawn in",
          arguments: SVGGoldenTests.sources().map(\.path))
    func examples(_ path: String) throws {
        let source = SVGGoldenTests.Source(path: path)
        let scene = try #require(SVGGoldenTests.compile(source))
        let svg = SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true))
        Self.check(scene, svg, path)
        Self.apart(svg, path)
    }

    /// Random chains of nested containers, bands 2–14 pt, in a screen with room
    /// above and below them; every level labelled.
    @Test func randomNestingsLeaveTheBands() throws {
        var rng = SeededGenerator.fromEnvironment("randomNestingsLeaveTheBands")
        var outside = 0
        for _ in 0..<40 {
            var lines = ["screen 600x900 radius 20"], n = 0
            for column in 0..<2 {
                let depth = 2 + Int(rng.next() % 4)
                lines.append("c\(column): container rect \(8 + rng.next() % 30) size 240x\(200 + rng.next() % 100) align leading pad leading \(30 + column * 290) <")
                for d in 1...depth {
                    n += 1
                    let indent = String(repeating: "  ", count: d), name = String(repeating: "x", count: Int(rng.next() % 6)) + "n\(n)"
                    let inner = d < depth ? " container rect \(rng.next() % 24) <" : ""
                    lines.append("\(indent)\(name): concentric min 4 pad \(2 + rng.next() % 13)\(inner)")
                }
                for d in stride(from: depth - 1, through: 0, by: -1) { lines.append(String(repeating: "  ", count: d) + ">") }
            }
            let source = lines.joined(separator: "\n") + "\n"
            let (scene, svg) = try SVGLabelTests.render(source, centers: rng.next() % 2 == 0)
            outside += Self.check(scene, svg, "seed \(rng.seed):\n\(source)")
            Self.apart(svg, "seed \(rng.seed):\n\(source)")
        }
        #expect(outside > 100, "\(outside) labels outside a shape that has ancestors")
    }
}

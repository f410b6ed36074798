import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `--labels`: where labels go, and that they read — the new-user trial's findings,
/// one test each, plus the invariants over every example.
@Suite("SVG labels")
struct SVGLabelTests {
    /// A label as written: its text, its baseline origin, its fill, and its halo.
    struct Label {
        var text: String, x: Double, y: Double, fill: String
        var halo: (fill: String, stroke: String)?
        /// The box the placer reserved for it (estimated width, one line).
        var box: SVGBox {
            SVGBox(x: x, y: y - SVGLabelPlacer.ascent, width: SVGText.width(text, size: SVGStyle.labelSize),
                   height: SVGLabelPlacer.lineHeight)
        }
    }

    /// Every label of the first `labels` group, with the halo written just before it.
    static func labels(in svg: String, group: String = "labels") -> [Label] {
        guard let start = svg.range(of: "<g id=\"\(group)\""),
              let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex) else { return [] }
        var out: [Label] = []
        var pending: (fill: String, stroke: String)? = nil
        for line in svg[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("<text ") {
            func attr(_ name: String) -> String? {
                guard let r = line.range(of: " \(name)=\"") else { return nil }
                return String(line[r.upperBound...].prefix { $0 != "\"" })
            }
            let text = String(line[line.index(after: line.firstIndex(of: ">")!)..<line.range(of: "</text>")!.lowerBound])
            if let stroke = attr("stroke") {
                pending = (attr("fill") ?? "", stroke)
                continue
            }
            out.append(Label(text: text, x: Double(attr("x")!)!, y: Double(attr("y")!)!, fill: attr("fill") ?? "", halo: pending))
            pending = nil
        }
        return out
    }

    /// The boxes the `--centers` crosses (and their halos) cover.
    static func crossBoxes(in svg: String) -> [SVGBox] {
        let r = SVGLabelPlacer.crossReach
        return (SVGWriterTests.crosses(in: svg, color: "#00c853") + SVGWriterTests.crosses(in: svg, color: "#ff2d95"))
            .map { SVGBox(x: $0.x - r, y: $0.y - r, width: 2 * r, height: 2 * r) }
    }

    static func render(_ source: String, centers: Bool = true) throws -> (ResolvedScene, String) {
        let scene = try #require(SVGTest.scene(source))
        return (scene, SVGWriter.write(scene, options: SVGOptions(centers: centers, labels: true)))
    }

    static func frame(_ label: String, _ scene: ResolvedScene) -> Frame {
        scene.shapes[scene.index(ofLabel: label)!].frame
    }

    static func box(_ f: Frame) -> SVGBox { SVGBox(x: f.x, y: f.y, width: f.width, height: f.height) }

    // MARK: Invariants, over every example

    @Test("labels never overlap one another nor a corner-centre cross, and all have halos",
          arguments: SVGGoldenTests.sources().map(\.path))
    func invariants(_ path: String) throws {
        let source = SVGGoldenTests.Source(path: path)
        let scene = try #require(SVGGoldenTests.compile(source))
        let fallback = SVGGoldenTests.compile(source, target: .ios18)
        for (n, svg) in [SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true)),
                         SVGWriter.write(scene, compare: fallback, options: SVGOptions(centers: true, labels: true))].enumerated() {
            let group = n == 0 ? "labels" : scene.target.rawValue + "-labels"
            let labels = Self.labels(in: svg, group: group)
            #expect(labels.count == scene.shapes.filter { $0.label != nil && $0.kind != .group }.count, "\(path): \(labels.map(\.text))")
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] { #expect(!a.box.overlaps(b.box), "\(path): \(a.text) overlaps \(b.text)") }
                if n == 0 {
                    for c in Self.crossBoxes(in: svg) { #expect(!a.box.overlaps(c), "\(path): \(a.text) is on a cross at \(c)") }
                }
                // A halo of the contrasting colour, stroked, under the same text.
                let halo = try #require(a.halo, "\(path): \(a.text) has no halo")
                #expect(halo.fill == halo.stroke && halo.fill != a.fill && [halo.fill, a.fill].allSatisfy { ["#ffffff", "#1c1c1e"].contains($0) })
            }
        }
    }

    // MARK: The trial's findings

    @Test("map --centers --labels: t2's label is beside its corner's cross, not on it")
    func offTheCross() throws {
        let source = SVGGoldenTests.Source(path: "examples/map.scene")
        let scene = try #require(SVGGoldenTests.compile(source))
        let svg = SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true))
        let t2 = try #require(Self.labels(in: svg).first { $0.text == "t2" })
        let f = Self.frame("t2", scene)
        // The top-leading corner centre is 10 from both edges; the label clears its cross.
        let cross = SVGBox(x: f.x + 10 - SVGLabelPlacer.crossReach, y: f.y + 10 - SVGLabelPlacer.crossReach,
                           width: 2 * SVGLabelPlacer.crossReach, height: 2 * SVGLabelPlacer.crossReach)
        #expect(!t2.box.overlaps(cross))
        #expect(Self.box(f).overlaps(t2.box) && t2.box.minX >= f.x && t2.box.minY >= f.y, "inside t2, top-leading")
    }

    /// nested.scene's rings are 8 pt apart: no label fits inside its ring clear of
    /// the ring inside it, so each goes above its own shape (stacked a line apart),
    /// never on a child; the innermost, with no child, keeps its label inside.
    @Test("nested.scene: plain, a1, a2 above their own shapes, a3 inside its own, a line apart, none on a child")
    func nestedStack() throws {
        let source = SVGGoldenTests.Source(path: "examples/nested.scene")
        let scene = try #require(SVGGoldenTests.compile(source))
        for centers in [false, true] {
            let svg = SVGWriter.write(scene, options: SVGOptions(centers: centers, labels: true))
            let labels = Self.labels(in: svg)
            let stack = ["plain", "a1", "a2", "a3"].map { name in labels.first { $0.text == name }! }
            for (a, b) in zip(stack, stack.dropFirst()) {
                #expect(abs(b.y - a.y) >= SVGLabelPlacer.lineHeight, "\(a.text) → \(b.text): \(b.y - a.y) apart")
            }
            for l in stack {
                let f = Self.frame(l.text, scene)
                if l.text == "a3" {
                    // The innermost has no child: inside it.
                    #expect(l.box.minX >= f.minX && l.box.maxX <= f.maxX && l.box.minY >= f.minY && l.box.maxY <= f.maxY)
                } else {
                    #expect(l.box.maxY <= f.minY, "\(l.text) is not above its shape")
                }
            }
            SVGLabelChildrenTests.check(scene, svg, "nested")
        }
    }

    @Test("a capsule container's label goes in its top-leading area, not over a centred child")
    func capsuleContainer() throws {
        let (scene, svg) = try Self.render("""
        screen 300x300 radius 30
        pill: container capsule size 200x60 align top pad top 20 <
          dot: circle size 40x40
        >
        """, centers: false)
        let pill = try #require(Self.labels(in: svg).first { $0.text == "pill" })
        let f = Self.frame("pill", scene)
        #expect(!pill.box.overlaps(Self.box(Self.frame("dot", scene))))
        #expect(pill.box.minX >= f.minX && pill.box.maxX < f.minX + f.width / 2 && pill.box.minY >= f.minY
                && pill.box.maxY < f.minY + f.height / 2, "top-leading quarter")
        // And inside the capsule's curve: the box's top-leading corner is `pad` inside it
        // (to output precision).
        let r = f.height / 2
        let c = Point(f.minX + r, f.minY + r)
        #expect(Point(pill.box.minX, pill.box.minY).distance(to: c) <= r - SVGLabelPlacer.pad + 0.001)
    }

    @Test("sheet.scene: the grabber's label sits beside the 5 pt grabber, not across it, dark on the light sheet")
    func grabber() throws {
        let source = SVGGoldenTests.Source(path: "examples/sheet.scene")
        let scene = try #require(SVGGoldenTests.compile(source))
        for centers in [false, true] {
            let svg = SVGWriter.write(scene, options: SVGOptions(centers: centers, labels: true))
            let label = try #require(Self.labels(in: svg).first { $0.text == "grabber" })
            let f = Self.frame("grabber", scene)
            #expect(label.box.maxY <= f.minY || label.box.minY >= f.minY + f.height, "the label is struck through by the grabber")
            #expect(label.fill == "#1c1c1e" && label.halo?.fill == "#ffffff")
        }
    }

    @Test("a label over a light backdrop is dark, whatever its own shape's colour")
    func overLightChild() throws {
        // Too small for its label: it goes above, over the white parent.
        let (_, svg) = try Self.render("""
        screen 300x300 radius 0
        light: rect 8 size 200x120 fill #ffffff <
          dark: rect 2 size 20x10 fill #0a2463
        >
        """, centers: false)
        let dark = try #require(Self.labels(in: svg).first { $0.text == "dark" })
        #expect(dark.fill == "#1c1c1e" && dark.halo?.fill == "#ffffff")
        // On its own, a navy shape's label is white, over a dark halo.
        let (_, alone) = try Self.render("screen 300x300 radius 0\ndark: rect 8 size 120x80\n", centers: false)
        let l = try #require(Self.labels(in: alone).first)
        #expect(l.fill == "#ffffff" && l.halo?.fill == "#1c1c1e")
    }

    @Test("labels of shapes partly outside the canvas, or too wide for it, stay in the viewBox")
    func clamped() throws {
        let (_, svg) = try Self.render("""
        screen 300x300 radius 30
        edge: rect 10 size 100x40 align topTrailing pad trailing -60 top -30
        tiny: rect 2 size 10x6 align top pad top -3
        averyveryverylongnameforasmallshapeattheedge: rect 4 size 30x20 align trailing
        """)
        let vb = svg.components(separatedBy: "viewBox=\"")[1].prefix { $0 != "\"" }.split(separator: " ").map { Double($0)! }
        let view = SVGBox(x: vb[0], y: vb[1], width: vb[2], height: vb[3])
        let labels = Self.labels(in: svg)
        #expect(labels.map(\.text) == ["edge", "tiny", "averyveryverylongnameforasmallshapeattheedge"])
        for l in labels {
            #expect(l.box.minX >= view.minX && l.box.maxX <= view.maxX && l.box.minY >= view.minY && l.box.maxY <= view.maxY,
                    "\(l.text) at \(l.box) leaves the viewBox \(view)")
        }
    }

    // MARK: The placer

    @Test("the inset keeps a point `pad` inside a rounded corner")
    func inset() {
        let pad = SVGLabelPlacer.pad
        #expect(SVGLabelPlacer.inset(0, depth: 5) == pad)
        #expect(SVGLabelPlacer.inset(20, depth: 25) == pad, "below the corner: the straight edge")
        for r in [8.0, 16, 28, 62] {
            for depth in stride(from: pad, to: r, by: 0.5) {
                let x = SVGLabelPlacer.inset(r, depth: depth)
                let d = Point(x, depth).distance(to: Point(r, r))
                #expect(x >= pad && (d <= r - pad + 1e-9 || x == r), "r \(r) depth \(depth): \(d)")
            }
        }
    }

    @Test("placement is deterministic and independent of everything but the scene")
    func deterministic() throws {
        let source = SVGGoldenTests.Source(path: "examples/nested.scene")
        let scene = try #require(SVGGoldenTests.compile(source))
        let options = SVGOptions(centers: true, labels: true)
        #expect(SVGWriter.write(scene, options: options) == SVGWriter.write(scene, options: options))
    }
}

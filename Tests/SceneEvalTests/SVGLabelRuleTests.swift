import Testing
import SceneLang
@testable import SceneEval

/// `--labels` on the five kinds of scene a designer tried: every label lies
/// inside its own shape, or outside it with a leader line to it, and is never
/// nearer another shape's edge (or the screen's) than its own. Checked from the
/// label boxes in the SVG against outlines sampled here (`OutlinePolygon`).
struct SVGLabelRuleTests {
    static let scenes: [(String, String)] = [
        ("media player over a map", """
        screen iphone-16-pro
        map: rectangle fill #a8d5a2
        player: glass concentric min 24 container rect 40 height 140 align bottom pad 12 pad bottom 24 hstack spacing 12 <
          artwork: rect 12 size 64x64 fill #ff2d55
          title: rect 4 size 180x20 fill #ffffff
          play: circle size 44x44 fill #ffffff
        >
        """),
        ("sheet with a grouped list", """
        screen iphone-16-pro
        sheet: glass concentric uniform container rect 54 height 600 align bottom pad 8 <
          section: vstack spacing 0 container rect 26 clip rect 26 fill #ffffff height 208 align top pad 20 <
            row1: rectangle height 52
            row2: rectangle height 52
            row3: rectangle height 52
            row4: rectangle height 52
          >
        >
        """),
        ("Control Center grid", """
        screen iphone-16-pro
        grid: vstack spacing 16 align top pad top 80 <
          row1: hstack spacing 16 <
            connectivity: glass rect 32 size 160x160 container rect 32 zstack <
              airplane: circle size 60x60 align topLeading pad 16 fill #ff9500
              wifi: circle size 60x60 align topTrailing pad 16 fill #0a84ff
              cellular: circle size 60x60 align bottomLeading pad 16 fill #34c759
              bluetooth: circle size 60x60 align bottomTrailing pad 16 fill #0a84ff
            >
            media: glass rect 32 size 160x160
          >
          row2: hstack spacing 16 <
            focus: glass capsule size 160x72
            brightness: glass capsule size 72x160
            volume: glass capsule size 72x160
          >
        >
        """),
        ("Mac window with a sidebar and glass buttons", """
        screen mac-window-sidebar
        sidebar: glass concentric min 12 width 220 align leading pad 8 vstack spacing 8 <
          close: circle size 14x14 align topLeading pad 10 fill #ff5f57
          minimize: circle size 14x14 fill #febc2e
          zoom: circle size 14x14 fill #28c840
        >
        toolbar: glass capsule size 200x36 align topTrailing pad 12
        """),
        ("home-screen widget", """
        screen iphone-16-pro
        widget: container rect 22 size 338x158 align top pad top 80 fill #2c7be5 <
          icon: concentric min 8 size 48x48 align topLeading pad 16 fill #ffd60a
          temp: rect 6 size 120x40 align bottomLeading pad 16 fill #ffffff
        >
        """),
    ]

    /// How far `box` is from the polygon's edges (0 where an edge enters it).
    static func distance(_ box: SVGBox, _ poly: OutlinePolygon) -> Double {
        let pts = poly.points
        var best = Double.infinity
        for k in pts.indices {
            let a = pts[k], b = pts[(k + 1) % pts.count]
            let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let n = max(1, Int(len / 0.25))
            for s in 0...n {
                let t = Double(s) / Double(n)
                let p = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
        }
        return best
    }

    @Test(arguments: scenes.map(\.0))
    func everyLabelReadsAsItsOwnShapes(_ name: String) throws {
        let source = try #require(Self.scenes.first { $0.0 == name }?.1)
        let scene = try #require(SVGTest.scene(source))
        let svg = SVGWriter.write(scene, options: SVGOptions(labels: true))
        let labels = SVGLabelTests.labels(in: svg)
        #expect(labels.count == scene.shapes.filter { $0.label != nil && $0.kind != .group }.count)
        let polys = scene.shapes.map { $0.kind == .group ? nil : OutlinePolygon(Outline(shape: $0)) }
        let screen = OutlinePolygon(Outline(screen: scene.screen))
        for label in labels {
            let i = try #require(scene.index(ofLabel: label.text))
            let own = try #require(polys[i])
            let b = label.box
            let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)]
            let inside = corners.allSatisfy { own.distanceOutside($0) <= 0 }
            let d = Self.distance(b, own)
            if !inside {
                #expect(d > 0, "\(name): \(label.text)'s label crosses its own outline")
                #expect(svg.contains("<path d=\"M") && Self.hasLeader(svg, near: b), "\(name): \(label.text)'s label is outside with no leader")
            }
            #expect(Self.distance(b, screen) >= d - 0.75, "\(name): \(label.text)'s label is nearer the screen's edge than its own")
            for (j, p) in polys.enumerated() where j != i {
                guard let p else { continue }
                let other = Self.distance(b, p)
                #expect(other >= d - 0.75,
                        "\(name): \(label.text)'s label is \(other) pt from \(scene.shapes[j].id)'s edge, \(d) from its own")
            }
        }
    }

    /// Whether a leader (`<path d="Mx yl…` or `h`/`v`) starts on the edge of `box`.
    static func hasLeader(_ svg: String, near box: SVGBox) -> Bool {
        for part in svg.components(separatedBy: "<path d=\"M").dropFirst() where part.contains("stroke-width=\"0.75\"") {
            let head = part.prefix { $0 != "l" && $0 != "h" && $0 != "v" && $0 != "\"" }
            let xy = head.split(separator: " ").compactMap { Double($0) }
            guard xy.count == 2 else { continue }
            if xy[0] >= box.minX - 0.01, xy[0] <= box.maxX + 0.01, xy[1] >= box.minY - 0.01, xy[1] <= box.maxY + 0.01 { return true }
        }
        return false
    }
}

import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// `--labels` keeps what it placed in a grid (`SVGBoxGrid`) that skips boxes
/// another box contains, so label placement stays near-linear. These tests hold it
/// to the straightforward structure, every box looked at by every query
/// (`SVGBoxScan`): the same answers to random queries, and the same placement of
/// every label on random layouts and random scenes (seeded: a failure prints its
/// seed), including piles of shapes on one frame, labels too wide for the grid's
/// cells and crosses on top of one another.
@Suite("SVG label index")
struct SVGLabelIndexTests {
    typealias Reference = SVGLabelLayout<SVGBoxScan>

    static func uniform(_ rng: inout SeededGenerator, _ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000
    }

    /// A coordinate in `lo…hi`: on whole points (so boxes meet and coincide), on quarters, or anywhere.
    static func coordinate(_ rng: inout SeededGenerator, _ lo: Double, _ hi: Double) -> Double {
        let v = uniform(&rng, lo, hi)
        switch rng.next() % 3 {
        case 0: return v.rounded()
        case 1: return (v * 4).rounded() / 4
        default: return v
        }
    }

    /// A box somewhere in a 600-pt square: a label's size, a cross's, a pile's
    /// copy of an earlier one, one inside an earlier one, or one thousands of points wide.
    static func box(_ rng: inout SeededGenerator, after earlier: [SVGBox]) -> SVGBox {
        if let e = earlier.randomElement(using: &rng), rng.next() % 3 == 0 {
            if rng.next() % 2 == 0 { return e }
            let dx = uniform(&rng, 0, (e.maxX - e.minX) / 2), dy = uniform(&rng, 0, (e.maxY - e.minY) / 2)
            return SVGBox(x: e.minX + dx, y: e.minY + dy, width: (e.maxX - e.minX) - dx, height: (e.maxY - e.minY) - dy)
        }
        let x = coordinate(&rng, -40, 600), y = coordinate(&rng, -40, 600)
        switch rng.next() % 10 {
        case 0: return SVGBox(x: x, y: y, width: coordinate(&rng, 4_000, 9_000), height: 12)
        case 1, 2: return SVGBox(x: x, y: y, width: 11, height: 11)
        default: return SVGBox(x: x, y: y, width: coordinate(&rng, 1, 120), height: 12)
        }
    }

    /// Random inserts (labels and crosses) and queries: every answer equal.
    @Test func gridAnswersLikeTheScan() {
        var rng = SeededGenerator.fromEnvironment("gridAnswersLikeTheScan")
        var queries = 0, hit = 0, labelHits = 0
        for _ in 0..<60 {
            var grid = SVGBoxGrid(), scan = SVGBoxScan(), earlier: [SVGBox] = []
            for _ in 0..<400 {
                let b = Self.box(&rng, after: earlier)
                if rng.next() % 2 == 0 {
                    let cross = rng.next() % 4 == 0
                    grid.insert(b, cross: cross); scan.insert(b, cross: cross); earlier.append(b)
                } else {
                    let want = scan.hits(b)
                    #expect(grid.hits(b) == want, "seed \(rng.seed): query \(b)")
                    queries += 1
                    if want.any { hit += 1 }
                    if want.labelMaxY != nil { labelHits += 1 }
                }
            }
        }
        #expect(queries > 10_000 && hit > 3_000 && labelHits > 2_000, "\(queries) queries, \(hit) hit, \(labelHits) hit labels")
    }

    /// A random layout for the placer: frames (a third of them piled on an earlier
    /// frame), their radii, children inside some of them, crosses, label widths.
    struct Layout {
        var bounds: SVGBox
        var crosses: [Point] = []
        var shapes: [(rect: RoundedRect, children: [SVGBox], width: Double)] = []

        init(_ rng: inout SeededGenerator, count: Int) {
            let side = SVGLabelIndexTests.coordinate(&rng, 120, 900)
            bounds = SVGBox(x: -20, y: -20, width: side, height: side)
            var frames: [Frame] = []
            for _ in 0..<count {
                var f: Frame
                if let e = frames.randomElement(using: &rng), rng.next() % 3 == 0 {
                    f = e
                } else {
                    let w = SVGLabelIndexTests.coordinate(&rng, 4, 240), h = SVGLabelIndexTests.coordinate(&rng, 4, 160)
                    f = Frame(x: SVGLabelIndexTests.coordinate(&rng, -30, side - 40),
                              y: SVGLabelIndexTests.coordinate(&rng, -30, side - 40), width: w, height: h)
                }
                frames.append(f)
                let r = f.halfShorterSide
                let radii = Radii(SVGLabelIndexTests.uniform(&rng, 0, r), SVGLabelIndexTests.uniform(&rng, 0, r),
                                  SVGLabelIndexTests.uniform(&rng, 0, r), SVGLabelIndexTests.uniform(&rng, 0, r))
                var children: [SVGBox] = []
                for _ in 0..<(rng.next() % 4 == 0 ? Int(rng.next() % 4) : 0) {
                    let cw = SVGLabelIndexTests.uniform(&rng, 2, f.width), ch = SVGLabelIndexTests.uniform(&rng, 2, f.height)
                    children.append(SVGBox(x: f.x + SVGLabelIndexTests.uniform(&rng, 0, f.width - cw),
                                           y: f.y + SVGLabelIndexTests.uniform(&rng, 0, f.height - ch), width: cw, height: ch))
                }
                let width = rng.next() % 40 == 0 ? SVGLabelIndexTests.coordinate(&rng, 4_200, 6_000)
                                                   : SVGLabelIndexTests.coordinate(&rng, 6, 90)
                shapes.append((RoundedRect(frame: f, radii: radii, style: .continuous), children, width))
                if rng.next() % 3 == 0 { crosses.append(Point(f.x + radii.topLeading, f.y + radii.topLeading)) }
            }
        }

        func place<I: SVGBoxIndex>(_: I.Type) -> [SVGBox?] {
            var placer = SVGLabelLayout<I>(bounds: bounds)
            for c in crosses { placer.addCross(c) }
            return shapes.map { s -> SVGBox? in
                let (box, inside) = placer.place(width: s.width, for: .roundedRect(s.rect), clearOf: s.children)
                return inside ? box : nil
            }
        }

        func outside<I: SVGBoxIndex>(_: I.Type) -> [SVGBox] {
            var placer = SVGLabelLayout<I>(bounds: bounds)
            for c in crosses { placer.addCross(c) }
            return shapes.map { placer.place(width: $0.width, for: .roundedRect($0.rect), clearOf: $0.children).box }
        }
    }

    /// The placer on the grid puts every label where it puts it on the scan, and
    /// the layouts reach every branch: inside, outside, and giving up onto a taken place.
    @Test func placementEqualsTheReference() {
        var rng = SeededGenerator.fromEnvironment("placementEqualsTheReference")
        var placed = 0, inside = 0, overlapping = 0, wide = 0
        for _ in 0..<80 {
            let layout = Layout(&rng, count: 150)
            let fast = layout.outside(SVGBoxGrid.self), reference = layout.outside(SVGBoxScan.self)
            #expect(fast == reference, "seed \(rng.seed): first difference at label \(fast.indices.first { fast[$0] != reference[$0] } ?? -1)")
            #expect(layout.place(SVGBoxGrid.self) == layout.place(SVGBoxScan.self), "seed \(rng.seed): inside or not")
            placed += reference.count
            inside += layout.place(SVGBoxScan.self).compactMap { $0 }.count
            wide += layout.shapes.filter { $0.width > 4_096 }.count
            for (k, b) in reference.enumerated() where reference[..<k].contains(where: { $0.overlaps(b) }) { overlapping += 1 }
        }
        #expect(placed == 12_000 && inside > 1_000 && placed - inside > 1_000, "\(placed) placed, \(inside) inside")
        #expect(overlapping > 100 && wide > 50, "\(overlapping) gave up onto a taken place, \(wide) wider than the grid's cells")
    }

    /// Random scenes, compiled: shapes nested in containers and piled on one frame, every one labelled.
    static func scene(_ rng: inout SeededGenerator) -> String {
        var lines = ["screen 500x500 radius 40"], n = 0
        func name(_ rng: inout SeededGenerator) -> String {
            n += 1
            return String(repeating: "w", count: Int(rng.next() % 9)) + "n\(n)"
        }
        for _ in 0..<(4 + Int(rng.next() % 5)) {
            let x = rng.next() % 420, y = rng.next() % 420, w = 30 + rng.next() % 160, h = 30 + rng.next() % 160
            let copies = rng.next() % 3 == 0 ? 1 + Int(rng.next() % 6) : 1
            for _ in 0..<copies {
                lines.append("\(name(&rng)): container rect \(rng.next() % 30) size \(w)x\(h) align topLeading pad leading \(x) top \(y) <")
                for k in 0..<Int(rng.next() % 6) {
                    lines.append("  \(name(&rng)): concentric min 4 size \(10 + rng.next() % 50)x\(10 + rng.next() % 30) align topLeading pad leading \(k * 6) top \(k * 5)")
                }
                lines.append(">")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func scenesPlaceAsTheReference() throws {
        var rng = SeededGenerator.fromEnvironment("scenesPlaceAsTheReference")
        var labels = 0
        for _ in 0..<40 {
            let source = Self.scene(&rng)
            let scene = try #require(SVGTest.scene(source), "seed \(rng.seed)")
            let crosses = scene.shapes.map { Point($0.frame.x + $0.radii.topLeading, $0.frame.y + $0.radii.topLeading) }
            let area = SVGBox(x: -11, y: -11, width: 522, height: 522)
            var fast: [String] = [], reference: [String] = []
            SVGLabelPlacer.placeAll(scene, crosses: crosses, area: area) { i, label, box, inside in fast.append("\(i) \(label) \(box) \(inside)") }
            Reference.placeAll(scene, crosses: crosses, area: area) { i, label, box, inside in reference.append("\(i) \(label) \(box) \(inside)") }
            #expect(fast == reference, "seed \(rng.seed):\n\(source)")
            labels += reference.count
        }
        #expect(labels > 600, "\(labels) labels placed")
    }
}

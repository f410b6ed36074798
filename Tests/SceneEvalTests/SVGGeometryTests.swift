import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Apple's continuous corner, written out again from semantics.md §7 and
/// apple-reference.md §4.2 / §4.4, independently of `ContinuousCorner`: the tests
/// compare the writer's path data against this.
enum ReferenceCorner {
    static let lead = 1.528665
    static let c1 = [(1.08849, 0.0), (0.868407, 0.0), (0.631494, 0.0749114)]
    static let c2 = [(0.372824, 0.16906), (0.16906, 0.372824), (0.0749114, 0.631494)]

    /// RenderBox's short-edge blend for an edge of length `length` between radii ra, rb.
    static func blend(_ length: Double, _ ra: Double, _ rb: Double) -> Double {
        guard ra + rb > 0 else { return 1 }
        return min(max((length - (ra + rb)) / ((ra + rb) * 0.528665), 0), 1)
    }

    /// The three cubics of one corner in corner-local (u, v), units of r: the lead-in
    /// on the incoming edge blended by tIn, the one on the outgoing edge by tOut.
    static func cubics(tIn: Double, tOut: Double) -> [[(Double, Double)]] {
        let (li, a1, a2) = (1 + 0.528665 * tIn, 0.96 + 0.12849 * tIn, 0.82 + 0.048407 * tIn)
        let (lo, b1, b2) = (1 + 0.528665 * tOut, 0.96 + 0.12849 * tOut, 0.82 + 0.048407 * tOut)
        return [[(li, 0), (a1, 0), (a2, 0), c1[2]],
                [c1[2], c2[0], c2[1], c2[2]],
                [c2[2], (0, b2), (0, b1), (0, lo)]]
    }

    /// Corner-local → canvas (apple-reference.md §4.2's recipe); k = Corner.rawValue.
    static func map(_ k: Int, _ f: Frame, _ r: Double, _ uv: (Double, Double)) -> Point {
        let (u, v) = uv
        switch k {
        case 0: return Point(f.minX + v * r, f.minY + u * r)   // topLeading
        case 1: return Point(f.maxX - u * r, f.minY + v * r)   // topTrailing
        case 2: return Point(f.maxX - v * r, f.maxY - u * r)   // bottomTrailing
        default: return Point(f.minX + u * r, f.maxY - v * r) // bottomLeading
        }
    }

    /// The blend of the edge leaving corner k (top, trailing, bottom, leading).
    static func edgeBlend(_ k: Int, _ f: Frame, _ r: [Double]) -> Double {
        blend(k % 2 == 0 ? f.width : f.height, r[k], r[(k + 1) % 4])
    }

    /// Corner k's cubics on the canvas.
    static func corner(_ k: Int, _ f: Frame, _ r: [Double]) -> [[Point]] {
        cubics(tIn: edgeBlend((k + 3) % 4, f, r), tOut: edgeBlend(k, f, r)).map { $0.map { map(k, f, r[k], $0) } }
    }
}

@Suite("SVG geometry")
struct SVGGeometryTests {
    /// One shape on a square-cornered screen at (20, 30), and its path. The frame
    /// (from the `size W x H` written in `shape`) and the radii returned are the
    /// literals the test states, checked against what the scene resolved to, so a
    /// resolver that returned other numbers (or zeros, leaving nothing to compare)
    /// fails here instead of being measured against itself.
    func render(_ shape: String, radii: [Double],
                sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (Frame, [Double], [PathSegment])? {
        let source = "screen 400 x 300 radius 0\nshape: \(shape) align topLeading pad leading 20 top 30 fill black\n"
        guard let scene = SVGTest.scene(source, sourceLocation: sourceLocation), let s = scene.shapes.first else { return nil }
        guard let size = shape.firstMatch(of: /size (\d+)x(\d+)/), let w = Double(size.1), let h = Double(size.2) else {
            Issue.record("`\(shape)` has no `size WxH`", sourceLocation: sourceLocation)
            return nil
        }
        let frame = Frame(x: 20, y: 30, width: w, height: h)
        #expect(s.frame == frame, "\(shape): frame \(s.frame)", sourceLocation: sourceLocation)
        #expect(s.radii.values == radii, "\(shape): radii \(s.radii.values), expected \(radii)", sourceLocation: sourceLocation)
        let svg = SVGWriter.write(scene)
        return (frame, radii, SVGTest.path("shape", in: svg))
    }

    

    @Test("the blend formula at t = 1 is the full table")
    func blendEndsAtTheTable() {
        let full = ReferenceCorner.cubics(tIn: 1, tOut: 1)
        #expect(abs(full[0][0].0 - ReferenceCorner.lead) < 1e-12)
        #expect(abs(full[0][1].0 - ReferenceCorner.c1[0].0) < 1e-12)
        #expect(abs(full[0][2].0 - ReferenceCorner.c1[1].0) < 1e-12)
        #expect(abs(full[2][3].1 - ReferenceCorner.lead) < 1e-12)
    }

    /// Every corner's three cubics, sampled, against the reference: ≤ 0.01 pt apart
    /// (the issue's bound; in practice only the 0.0005 pt of output rounding).
    @Test("continuous corners follow Apple's table", arguments: [
        ("rect 4 size 200x160", all4(4)), ("rect 16 size 200x160", all4(16)), ("rect 28 size 200x160", all4(28)),
        ("rect 52 size 200x160", all4(52)),
        ("rect 80 size 200x160", all4(80)),                 // 80 = half the height: both short edges blend
        ("rect 16 size 100x40", all4(16)),                  // short edges at t ≈ 0.47
        ("capsule size 200x60", all4(30)), ("capsule size 60x60", all4(30)), ("capsule size 30x120", all4(15)),
        ("uneven(0, 30, 10, 30) size 80x50", [0, 25, 10, 25]),   // 30 clamped to half the 50 pt side; a blended edge between unequal radii
        ("uneven(62, 62, 0, 7.5) size 300x200", [62, 62, 0, 7.5]),
    ])
    func continuousCorners(_ shape: String, _ literal: [Double]) throws {
        let (frame, radii, path) = try #require(render(shape, radii: literal))
        let cubics = path.compactMap { seg -> [Point]? in
            if case .cubic(let a, let b, let c, let d) = seg { return [a, b, c, d] }
            return nil
        }
        let rounded = [1, 2, 3, 0].filter { radii[$0] > 0 }
        try #require(cubics.count == 3 * rounded.count, "\(cubics.count) cubics for \(rounded.count) rounded corners")
        var worst = 0.0, worstControl = 0.0, samples = 0
        for (n, k) in rounded.enumerated() {
            let expected = ReferenceCorner.corner(k, frame, radii)
            for j in 0..<3 {
                let got = cubics[3 * n + j], want = expected[j]
                for (g, w) in zip(got, want) { worstControl = max(worstControl, g.distance(to: w)) }
                for step in 0...64 {
                    let t = Double(step) / 64
                    worst = max(worst, bezier(got[0], got[1], got[2], got[3], t).distance(to: bezier(want[0], want[1], want[2], want[3], t)))
                    samples += 1
                }
            }
        }
        // A floor on what was compared: 65 points on each of 3 cubics per rounded corner.
        let roundedCorners = literal.filter { $0 > 0 }.count
        #expect(roundedCorners > 0 && samples >= 3 * 65 * roundedCorners, "\(shape): only \(samples) points sampled")
        #expect(worst <= 0.01, "\(shape): the curve is \(worst) pt from the reference")
        #expect(worstControl <= 0.001, "\(shape): a control point is \(worstControl) pt from the reference")
    }

    /// The outline is closed, goes clockwise without backtracking, and every straight
    /// run is exactly what the two corners leave of the edge (no gap, no overlap).
    @Test("outlines are closed, never backtrack, and share each edge exactly", arguments: [
        ("rect 16 size 200x160", all4(16)), ("rect 16 size 100x40", all4(16)), ("capsule size 200x60", all4(30)),
        ("capsule size 60x60", all4(30)), ("capsule size 30x120", all4(15)), ("uneven(0, 30, 10, 30) size 80x50", [0, 25, 10, 25]),
        ("rect 20 style circular size 90x60", all4(20)), ("capsule style circular size 200x60", all4(30)),
        ("rectangle size 50x40", all4(0)), ("circle size 200x100", all4(50)),
    ])
    func closedAndExact(_ shape: String, _ literal: [Double]) throws {
        let (f, _, path) = try #require(render(shape, radii: literal))
        #expect(path.count >= 5, "\(shape): only \(path.count) segments")
        guard case .move(let start)? = path.first, case .close(let last, let back)? = path.last else {
            Issue.record("\(shape): the path does not start with M and end with Z"); return
        }
        #expect(back == start)
        // The closing segment is either nothing (the last curve ends at the start) or
        // the leading edge running up into a sharp top-leading corner.
        #expect(last.distance(to: start) < 1e-6 || (abs(last.x - start.x) < 1e-6 && last.y > start.y),
                "\(shape): the outline closes from \(last) to \(start)")
        for seg in path {
            if case .move = seg { continue }
            if case .close = seg { continue }
            // No degenerate segment is written.
            #expect(seg.start.distance(to: seg.end) > 0, "\(shape): a zero-length segment \(seg)")
            // Straight runs go clockwise along an edge: right, down, left or up; never back.
            if case .line(let a, let b) = seg {
                let dx = b.x - a.x, dy = b.y - a.y
                #expect(dx == 0 || dy == 0, "\(shape): a diagonal line \(seg)")
                let forward = dy == 0 ? (abs(a.y - f.minY) < 1e-6 ? dx > 0 : dx < 0) : (abs(a.x - f.maxX) < 1e-6 ? dy > 0 : dy < 0)
                #expect(forward, "\(shape): an edge runs backwards: \(seg)")
            }
        }
        // Clockwise (y down): the shoelace area is positive.
        var area = 0.0
        for seg in path { area += seg.start.x * seg.end.y - seg.end.x * seg.start.y }
        #expect(area > 0, "\(shape): the outline is not clockwise")
    }

    /// A capsule's short edges: the two lead-ins meet at the middle of the edge, with
    /// no straight run between them, and join smoothly (both tangents along the edge).
    @Test("continuous capsules have seamless caps", arguments: [("capsule size 200x60", 30.0), ("capsule size 30x120", 15), ("capsule size 60x60", 30)])
    func capsuleCaps(_ shape: String, _ literal: Double) throws {
        let (f, radii, path) = try #require(render(shape, radii: all4(literal)))
        let r = radii[0]
        let segments = path.filter { if case .move = $0 { return false }; return true }
        // Where each lead-in cubic (the first and third of a corner) leaves its edge.
        let cubics = segments.enumerated().compactMap { (i, s) -> (Int, [Point])? in
            if case .cubic(let a, let b, let c, let d) = s { return (i, [a, b, c, d]) }
            return nil
        }
        try #require(cubics.count == 12)
        // Path order is topTrailing, bottomTrailing, bottomLeading, topLeading: the
        // edge after the n-th corner is vertical for even n.
        for n in 0..<4 {
            let vertical = n % 2 == 0
            guard f.width == f.height || vertical == (f.width > f.height) else { continue }  // short edges only
            let exit = cubics[3 * n + 2]          // this corner's lead-in onto the edge
            let entry = cubics[(3 * n + 3) % 12]  // the next corner's lead-in off it
            let p = exit.1[3]
            // They meet, with nothing between them, in the middle of the edge.
            #expect(p.distance(to: entry.1[0]) < 1e-9)
            // (After the last corner the path closes, with nothing left to draw.)
            let next = n == 3 ? segments.count - 1 : exit.0 + 1
            #expect(entry.0 == (n == 3 ? 0 : next), "\(shape): a segment between the two halves of a cap")
            if n == 3 { #expect(exit.0 == segments.count - 2 && segments[next].start.distance(to: segments[next].end) < 1e-6) }
            let mid = vertical ? Point(p.x, f.midYForTest) : Point(f.midXForTest, p.y)
            #expect(p.distance(to: mid) < 0.001, "\(shape): the cap's halves meet at \(p), not mid-edge")
            // Smoothly: the controls either side lie on the edge line, 0.04·r away
            // (lead-in r, first control 0.96·r: RenderBox's t = 0).
            let a = exit.1[2], b = entry.1[1]
            let cross = (a.x - p.x) * (b.y - p.y) - (a.y - p.y) * (b.x - p.x)
            #expect(abs(cross) < 1e-6, "\(shape): the cap has a kink where its halves meet")
            #expect(abs(a.distance(to: p) - 0.04 * r) < 0.002 && abs(b.distance(to: p) - 0.04 * r) < 0.002,
                    "\(shape): the cap's handles are not 0.04·r")
        }
    }

    /// The trial's "capsule ends look slightly flat at 8×": that is §7's blend at
    /// t = 0, not a deviation from it. The lead-in's controls lie on the edge (0.82·r,
    /// 0.96·r), so the curvature at the tip, where the two halves meet, is zero; the
    /// cap stays within 0.005·r of a semicircle (0.15 pt at r = 30), and within
    /// 0.0001·r of it over the flattened last tenth of each half.
    @Test("a continuous capsule's cap is §7's: near a semicircle, flat only at its tip")
    func capsuleCapFlatness() throws {
        let (f, radii, path) = try #require(render("capsule size 200x60", radii: all4(30)))
        let r = radii[0]
        let cubics = path.compactMap { seg -> [Point]? in
            if case .cubic(let a, let b, let c, let d) = seg { return [a, b, c, d] }
            return nil
        }
        try #require(cubics.count == 12)
        // The trailing cap: the top-trailing corner's turn and lead-out onto the short
        // edge, the bottom-trailing corner's lead-in off it and its turn. (The
        // cubics on the long edges keep the full table, 1.528665·r along them.)
        let centre = Point(f.maxX - r, f.y + r)
        var worst = 0.0
        for c in cubics[1..<5] {
            for step in 0...100 {
                let p = bezier(c[0], c[1], c[2], c[3], Double(step) / 100)
                worst = max(worst, abs(p.distance(to: centre) - r))
            }
        }
        #expect(worst <= 0.005 * r, "\(worst) pt from the semicircle")
        // At the tip (the end of the first corner's third cubic): the controls are
        // collinear with the end point, along the edge: zero curvature.
        let c3 = cubics[2]
        #expect(c3[1].x == f.maxX && c3[2].x == f.maxX && c3[3].x == f.maxX && c3[3].y == f.y + r)
        for step in 90...100 {
            let p = bezier(c3[0], c3[1], c3[2], c3[3], Double(step) / 100)
            #expect(abs(p.distance(to: centre) - r) <= 0.0001 * r + 0.001)
        }
    }

    @Test("circular corners are quarter circles", arguments: [4.0, 16, 30])
    func circularCorners(_ r: Double) throws {
        let (f, _, path) = try #require(render("rect \(Format.number(r)) style circular size 200x60", radii: all4(r)))
        let arcs = path.compactMap { s -> (Point, Double, Double, Bool, Bool, Point)? in
            if case .arc(let a, let rx, let ry, _, let large, let sweep, let b) = s { return (a, rx, ry, large, sweep, b) }
            return nil
        }
        try #require(arcs.count == 4)
        let expected = [(Point(f.maxX - r, f.minY), Point(f.maxX, f.minY + r)),
                        (Point(f.maxX, f.maxY - r), Point(f.maxX - r, f.maxY)),
                        (Point(f.minX + r, f.maxY), Point(f.minX, f.maxY - r)),
                        (Point(f.minX, f.minY + r), Point(f.minX + r, f.minY))]
        for (arc, want) in zip(arcs, expected) {
            #expect(arc.1 == r && arc.2 == r)
            #expect(!arc.3 && arc.4, "a quarter circle is a small, clockwise arc")
            #expect(arc.0.distance(to: want.0) < 1e-9 && arc.5.distance(to: want.1) < 1e-9)
        }
        #expect(!path.contains { if case .cubic = $0 { return true }; return false })
    }

    @Test("a circle is a true circle in its frame's centred square")
    func circle() throws {
        let (f, _, path) = try #require(render("circle size 200x100", radii: all4(50)))
        let centre = Point(f.x + 100, f.y + 50)
        let arcs = path.compactMap { s -> (Point, Double, Point)? in
            if case .arc(let a, let rx, _, _, _, _, let b) = s { return (a, rx, b) }
            return nil
        }
        #expect(arcs.count == 4)
        for (a, r, b) in arcs {
            #expect(r == 50)
            #expect(abs(a.distance(to: centre) - 50) < 1e-9 && abs(b.distance(to: centre) - 50) < 1e-9)
        }
        #expect(!path.contains { if case .line = $0 { return true }; return false })
    }

    @Test("a zero radius is a sharp corner")
    func sharpCorners() throws {
        let (f, _, path) = try #require(render("rectangle size 50x40", radii: all4(0)))
        // Four corners, three edges drawn and the fourth closed by `z`.
        let want = [Point(f.minX, f.minY), Point(f.maxX, f.minY), Point(f.maxX, f.maxY), Point(f.minX, f.maxY), Point(f.minX, f.minY)]
        #expect(path.count == want.count && zip(path.map(\.end), want).allSatisfy { $0.distance(to: $1) < 1e-6 }, "\(path)")
        // An uneven shape keeps its square corners' vertices.
        let (g, _, p2) = try #require(render("uneven(0, 12, 0, 12) size 80x50", radii: [0, 12, 0, 12]))
        let ends = p2.map(\.end)
        for vertex in [Point(g.minX, g.minY), Point(g.maxX, g.maxY)] {
            #expect(ends.contains { $0.distance(to: vertex) < 1e-6 }, "no sharp corner at \(vertex)")
        }
        #expect(p2.filter { if case .cubic = $0 { return true }; return false }.count == 6)
    }

    @Test("the screen is drawn with continuous corners of its radius")
    func screenOutline() throws {
        let scene = try #require(SVGTest.scene("screen iphone-16-pro\n"))
        let svg = SVGWriter.write(scene)
        let path = SVGTest.path("screen", in: svg)
        let frame = Frame(x: 0, y: 0, width: 402, height: 874)
        let cubics = path.compactMap { s -> [Point]? in
            if case .cubic(let a, let b, let c, let d) = s { return [a, b, c, d] }
            return nil
        }
        try #require(cubics.count == 12)
        for (n, k) in [1, 2, 3, 0].enumerated() {
            for (j, want) in ReferenceCorner.corner(k, frame, [62, 62, 62, 62]).enumerated() {
                for (g, w) in zip(cubics[3 * n + j], want) { #expect(g.distance(to: w) < 0.001) }
            }
        }
        #expect(SVGTest.attribute("viewBox", of: "screen", in: svg) == nil)
        #expect(svg.contains("viewBox=\"-16 -16 434 906\""), "the viewBox fits the screen with a 16 pt margin")
    }

    /// The centre marked for a corner is r from both edges, so a concentric pair
    /// (R and R − d, inset d) share it, and a flared or pinched pair does not.
    @Test("concentric corners share their centre")
    func centres() {
        let outer = RoundedRect(frame: Frame(x: 10, y: 20, width: 200, height: 120), radii: Radii(all: 28), style: .continuous)
        let inner = RoundedRect(frame: Frame(x: 22, y: 32, width: 176, height: 96), radii: Radii(all: 16), style: .continuous)
        let flared = RoundedRect(frame: inner.frame, radii: Radii(all: 24), style: .continuous)
        for corner in Corner.allCases {
            #expect(outer.centre(corner) == inner.centre(corner))
            #expect(outer.centre(corner) != flared.centre(corner))
        }
        #expect(outer.centre(.topLeading) == Point(38, 48))
        #expect(RoundedRect(frame: inner.frame, radii: Radii(0, 4, 4, 4), style: .circular).centre(.topLeading) == nil)
    }
}

extension Frame {
    var midXForTest: Double { x + width / 2 }
    var midYForTest: Double { y + height / 2 }
}

/// Four equal radii (tl tr br bl).
fileprivate func all4(_ r: Double) -> [Double] { [r, r, r, r] }

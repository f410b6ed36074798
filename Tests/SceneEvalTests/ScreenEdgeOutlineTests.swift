import Testing
import SceneLang
@testable import SceneEval

/// screen-edge-margin measures a shape against the display's outline as the SVG
/// draws it, Apple's continuous corner (issue 14 §4), not a circular corner.
@Suite struct ScreenEdgeOutlineTests {
    /// iPhone 16 Pro's display radius.
    static let R = 62.0

    /// The first cubic of the display's top-leading continuous corner, from
    /// semantics.md §7's table (written out here, not read from the writer):
    /// from (0, 1.528665·R) down the leading edge into the curve, ending at
    /// (0.0749114·R, 0.631494·R). Returns the point and tangent at t.
    static func c1(_ t: Double) -> (x: Double, y: Double, dx: Double, dy: Double) {
        let p = [(0.0, 1.528665), (0.0, 1.08849), (0.0, 0.868407), (0.0749114, 0.631494)].map { ($0.0 * R, $0.1 * R) }
        let u = 1 - t
        let x = u * u * u * p[0].0 + 3 * u * u * t * p[1].0 + 3 * u * t * t * p[2].0 + t * t * t * p[3].0
        let y = u * u * u * p[0].1 + 3 * u * u * t * p[1].1 + 3 * u * t * t * p[2].1 + t * t * t * p[3].1
        let dx = 3 * u * u * (p[1].0 - p[0].0) + 6 * u * t * (p[2].0 - p[1].0) + 3 * t * t * (p[3].0 - p[2].0)
        let dy = 3 * u * u * (p[1].1 - p[0].1) + 6 * u * t * (p[2].1 - p[1].1) + 3 * t * t * (p[3].1 - p[2].1)
        return (x, y, dx, dy)
    }

    /// Where the display's outline crosses height y (within C1), and the share of a
    /// horizontal step that is perpendicular to the curve there.
    static func crossing(atY y: Double) -> (x: Double, normalX: Double) {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if c1(mid).y > y { lo = mid } else { hi = mid }
        }
        let c = c1(lo)
        return (c.x, abs(c.dy) / (c.dx * c.dx + c.dy * c.dy).squareRoot())
    }

    /// A square-cornered box whose top-leading corner sits at (x, 50).
    static func findings(leading x: Double) -> [Diagnostic] {
        let source = "screen iphone-16-pro\nmargin 0\nb: rect 0 size 100x100 align topLeading pad leading \(x) top 50\n"
        let file = SourceFile(name: "t.scene", text: source)
        let c = Pipeline.compile(file)
        return c.check().filter { $0.id == .screenEdgeMargin }
    }

    @Test func theIssuesBoxIsReported() {
        // pad leading 1 top 50: about a point outside the drawn corner, inside a circular one.
        let (x, nx) = Self.crossing(atY: 50)
        #expect((x - 1) * nx > 0.8 && (x - 1) * nx < 1.5, "the box pokes \((x - 1) * nx) pt out of the drawn outline")
        let circle = ((Self.R - 1) * (Self.R - 1) + (Self.R - 50) * (Self.R - 50)).squareRoot() - Self.R
        #expect(circle < Checker.tolerance, "a circular corner would not catch it (\(circle))")
        let f = Self.findings(leading: 1)
        #expect(f.count == 1 && f.first?.message.contains("topLeading corner") == true, "\(f.map(\.message))")
    }

    /// Either side of the boundary: past the drawn curve by a little more than the
    /// tolerance is reported, by a little less (or inside it) is not.
    @Test func theBoundaryIsTheDrawnCurve() {
        let (x, nx) = Self.crossing(atY: 50)
        let tol = Checker.tolerance
        for (depth, reported) in [(tol + 0.1, true), (tol + 0.03, true), (tol - 0.03, false), (tol - 0.1, false), (0, false), (-1, false)] {
            let leading = x - depth / nx
            let f = Self.findings(leading: leading)
            #expect(f.isEmpty != reported, "at \(depth) pt past the curve (leading \(leading)): \(f.map(\.message))")
        }
    }

    /// The sampled outline the check uses is the one the SVG writer draws: its
    /// points lie on the screen path of the SVG (checked against the reference curve).
    @Test func theSampledOutlineIsOnTheDrawnCurve() {
        let screen = Screen.preset("iphone-16-pro")!
        let poly = OutlinePolygon(RoundedRect(screen: screen))
        var checked = 0
        for p in poly.points where p.x < 0.07 * Self.R && p.y > 0.64 * Self.R && p.y < 1.5 * Self.R {
            let c = Self.crossing(atY: p.y)
            #expect(abs(c.x - p.x) < 0.01, "at y \(p.y): \(p.x) vs \(c.x)")
            checked += 1
        }
        #expect(checked >= 10)
        // A point just outside the curve is outside, just inside is inside.
        let c = Self.crossing(atY: 50)
        #expect(poly.distanceOutside(Point(c.x - 0.2, 50)) > 0)
        #expect(poly.distanceOutside(Point(c.x + 0.2, 50)) < 0)
    }

    /// A bar whose both bottom corners poke out names both; its help offers the corner
    /// concentric with the display only when the bar can hold it: a 72 pt bar cannot hold
    /// 52 (half its side is 36), and following that help would have been radius-overflow.
    @Test func aPokingBarNamesItsCornersAndOffersOnlyARadiusItCanHold() throws {
        func check(_ height: Int) -> [Diagnostic] {
            let source = "screen iphone-16-pro\nbar: glass rect 24 height \(height) align bottom pad h 10 pad bottom 10\n"
            let file = SourceFile(name: "t.scene", text: source)
            return Pipeline.compileAndCheck(file).diagnostics.filter { $0.code == "screen-edge-margin" }
        }
        let low = try #require(check(72).first)
        #expect(low.message.contains("rounded bottomTrailing, bottomLeading corners"), "\(low.message)")
        #expect(low.help?.contains("make the corner concentric") == false, "\(low.help ?? "")")
        #expect(low.help?.contains("more than half its 72 pt side") == true, "\(low.help ?? "")")
        let tall = try #require(check(120).first)
        #expect(tall.help?.contains("make it concentric with the display, `concentric min 24` (radius 52 at that corner)") == true, "\(tall.help ?? "")")
        // Following that help on the tall bar checks clean (a fixed `uneven(24, 24, 52, 52)`
        // sat closer than the margin: review of de0c2243).
        let followed = Pipeline.compileAndCheck(SourceFile(name: "t.scene", text:
            "screen iphone-16-pro\nbar: glass concentric min 24 height 120 align bottom pad h 10 pad bottom 10\n")).diagnostics
        #expect(followed.isEmpty, "\(followed.map(\.message))")
    }
}

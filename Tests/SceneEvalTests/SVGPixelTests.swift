import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// What rsvg-convert actually paints: for continuous and circular corners of
/// several radii, points just inside the expected curve are filled and points just
/// outside are not. The expected curves come from `ReferenceCorner` (the table in
/// semantics.md §7) and from circles, not from the writer's geometry code.
@Suite("SVG pixels")
struct SVGPixelTests {
    /// Pixels per point: a corner's 0.5 pt margin is 3 pixels.
    static let zoom = 6.0
    /// How far inside / outside the curve the probes sit, in points.
    static let probe = 0.5
    /// The document's viewBox origin (the screen starts at 0, after the margin).
    static let origin = Point(-16, -16)

    /// A point on the expected outline, with the unit normal pointing into the shape.
    struct Sample { var point: Point; var inward: (dx: Double, dy: Double) }

    /// The expected outline of every corner of `frame` (continuous or circular), sampled.
    static func expected(_ frame: Frame, _ radii: [Double], _ style: CornerStyle) -> [Sample] {
        var out: [Sample] = []
        for k in 0..<4 where radii[k] > 0 {
            let r = radii[k]
            switch style {
            case .continuous:
                for c in ReferenceCorner.corner(k, frame, radii) {
                    for step in 0...12 {
                        let t = Double(step) / 12
                        let p = bezier(c[0], c[1], c[2], c[3], t)
                        // Tangent by the derivative; the outline runs clockwise (y down),
                        // so the inside is on the right: (−dy, dx).
                        let s = 1 - t
                        var dx = 3 * s * s * (c[1].x - c[0].x) + 6 * s * t * (c[2].x - c[1].x) + 3 * t * t * (c[3].x - c[2].x)
                        var dy = 3 * s * s * (c[1].y - c[0].y) + 6 * s * t * (c[2].y - c[1].y) + 3 * t * t * (c[3].y - c[2].y)
                        let len = (dx * dx + dy * dy).squareRoot()
                        dx /= len; dy /= len
                        out.append(Sample(point: p, inward: (-dy, dx)))
                    }
                }
            case .circular:
                let centre = ReferenceCorner.map(k, frame, r, (1, 1))
                let start = ReferenceCorner.map(k, frame, r, (1, 0))
                let a0 = atan2(start.y - centre.y, start.x - centre.x)
                for step in 0...24 {
                    let a = a0 + Double.pi / 2 * Double(step) / 24
                    let p = Point(centre.x + r * cos(a), centre.y + r * sin(a))
                    out.append(Sample(point: p, inward: (-cos(a), -sin(a))))
                }
            }
        }
        return out
    }

    /// The samples whose inside probe is not filled or whose outside probe is.
    static func misses(_ image: PNGImage, _ samples: [Sample], zoom: Double = zoom) -> [String] {
        var misses: [String] = []
        for s in samples {
            let inside = Point(s.point.x + probe * s.inward.dx, s.point.y + probe * s.inward.dy)
            let outside = Point(s.point.x - probe * s.inward.dx, s.point.y - probe * s.inward.dy)
            guard let gi = image.grey(at: inside, origin: origin, zoom: zoom),
                  let go = image.grey(at: outside, origin: origin, zoom: zoom) else {
                misses.append("probe off the image at \(s.point)")
                continue
            }
            if gi > 40 { misses.append("inside \(inside) is not filled (grey \(gi))") }
            if go < 215 { misses.append("outside \(outside) is filled (grey \(go))") }
        }
        return misses
    }

    /// Render one black shape on a square-cornered screen.
    static func render(_ shape: String) throws -> (Frame, [Double], PNGImage)? {
        let source = "screen 260 x 200 radius 0\nshape: \(shape) align topLeading pad leading 30 top 30 fill black\n"
        guard let scene = SVGTest.scene(source), let s = scene.shapes.first,
              let image = try SVGTest.rasterise(SVGWriter.write(scene), zoom: zoom) else { return nil }
        return (s.frame, s.radii.values, image)
    }

    static let cases: [(String, CornerStyle)] = [
        ("rect 6 size 200x140", .continuous), ("rect 20 size 200x140", .continuous), ("rect 44 size 200x140", .continuous),
        ("rect 70 size 200x140", .continuous),    // half the height: the short edges blend
        ("capsule size 200x60", .continuous), ("uneven(0, 40, 12, 24) size 160x90", .continuous),
        ("rect 6 style circular size 200x140", .circular), ("rect 20 style circular size 200x140", .circular),
        ("rect 44 style circular size 200x140", .circular), ("capsule style circular size 200x60", .circular),
    ]

    @Test("corners are filled exactly up to the expected curve", arguments: 0..<cases.count)
    func cornersFillTheirCurve(_ n: Int) throws {
        let (shape, style) = Self.cases[n]
        guard let (frame, radii, image) = try Self.render(shape) else { return }
        let samples = Self.expected(frame, radii, style)
        #expect(samples.count > 40)
        let misses = Self.misses(image, samples)
        #expect(misses.isEmpty, "\(shape): \(misses.count) of \(samples.count) probes miss, e.g. \(misses.prefix(3))")
        // The straight edges too: in the middle of each straight run (between what
        // the two corners take of the edge), just inside is filled, just outside is not.
        func lead(_ k: Int, _ edge: Int) -> Double {
            style == .continuous ? radii[k] * (1 + 0.528665 * ReferenceCorner.edgeBlend(edge, frame, radii)) : radii[k]
        }
        let edges = [Sample(point: Point((frame.minX + lead(0, 0) + frame.maxX - lead(1, 0)) / 2, frame.minY), inward: (0, 1)),
                     Sample(point: Point(frame.maxX, (frame.minY + lead(1, 1) + frame.maxY - lead(2, 1)) / 2), inward: (-1, 0)),
                     Sample(point: Point((frame.minX + lead(3, 2) + frame.maxX - lead(2, 2)) / 2, frame.maxY), inward: (0, -1)),
                     Sample(point: Point(frame.minX, (frame.minY + lead(0, 3) + frame.maxY - lead(3, 3)) / 2), inward: (1, 0))]
        #expect(Self.misses(image, edges).isEmpty, "\(shape): \(Self.misses(image, edges))")
    }

    /// The probes can tell the two corner styles apart: a continuous corner's
    /// expectation fails on a circular rendering and the other way round, so the
    /// test above would catch a writer that drew the wrong curve.
    @Test("the probes distinguish continuous from circular corners")
    func probesDiscriminate() throws {
        guard let (frame, radii, circular) = try Self.render("rect 44 style circular size 200x140"),
              let (_, _, continuous) = try Self.render("rect 44 size 200x140") else { return }
        #expect(!Self.misses(circular, Self.expected(frame, radii, .continuous)).isEmpty)
        #expect(!Self.misses(continuous, Self.expected(frame, radii, .circular)).isEmpty)
    }
}

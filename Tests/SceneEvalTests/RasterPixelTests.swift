import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneRaster

/// What `scene run -o x.png` paints (librsvg through SceneRaster, the code the CLI
/// calls), at `--scale 4`: the corner pixels against the continuous-corner geometry
/// (`ReferenceCorner`, and circles for circular corners), as `SVGPixelTests` checks
/// rsvg-convert's pixels. A PNG of the right size but the wrong shape fails.
@Suite("PNG pixels")
struct RasterPixelTests {
    static let scale = 4.0

    /// One black shape on a square-cornered screen, drawn by SceneRaster.
    static func png(_ shape: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (Frame, [Double], PNGImage)? {
        let source = "screen 260 x 200 radius 0\nshape: \(shape) align topLeading pad leading 30 top 30 fill black\n"
        guard let scene = SVGTest.scene(source, sourceLocation: sourceLocation), let s = scene.shapes.first else { return nil }
        switch Raster.render(svg: SVGWriter.bytes(scene), as: .png, scale: scale) {
        case .success(let bytes):
            let image = try PNGImage(Data(bytes))
            // 260 × 200 points and a 16-point margin each side, at 4 pixels a point.
            #expect(image.width == 1168 && image.height == 928, "\(image.width)×\(image.height)", sourceLocation: sourceLocation)
            return (s.frame, s.radii.values, image)
        case .failure(let f):
            Issue.record("librsvg could not draw: \(f) (\(Raster.installHelp))", sourceLocation: sourceLocation)
            return nil
        }
    }

    static let cases: [(String, CornerStyle)] = [
        ("rect 8 size 200x140", .continuous), ("rect 28 size 200x140", .continuous), ("rect 70 size 200x140", .continuous),
        ("capsule size 200x60", .continuous), ("uneven(0, 40, 12, 24) size 160x90", .continuous),
        ("rect 28 style circular size 200x140", .circular),
    ]

    @Test("the PNG's corners fill exactly up to the expected curve", arguments: 0..<cases.count)
    func cornersMatchTheGeometry(_ n: Int) throws {
        let (shape, style) = Self.cases[n]
        guard let (frame, radii, image) = try Self.png(shape) else { return }
        let samples = SVGPixelTests.expected(frame, radii, style)
        #expect(samples.count > 40)
        let misses = SVGPixelTests.misses(image, samples, zoom: Self.scale)
        #expect(misses.isEmpty, "\(shape): \(misses.count) of \(samples.count) probes miss, e.g. \(misses.prefix(3))")
    }

    /// A PNG of the right size but the wrong shape fails the same probes: another radius,
    /// or circular corners where continuous ones were expected.
    @Test("a PNG right in size but wrong in shape fails")
    func wrongShapeFails() throws {
        guard let (frame, radii, expected) = try Self.png("rect 28 size 200x140"),
              let (_, _, wrongRadius) = try Self.png("rect 20 size 200x140"),
              let (frame44, radii44, continuous44) = try Self.png("rect 44 size 200x140"),
              let (_, _, circular44) = try Self.png("rect 44 style circular size 200x140") else { return }
        let samples = SVGPixelTests.expected(frame, radii, .continuous)
        #expect(SVGPixelTests.misses(expected, samples, zoom: Self.scale).isEmpty)
        #expect(wrongRadius.width == expected.width && wrongRadius.height == expected.height)
        #expect(SVGPixelTests.misses(wrongRadius, samples, zoom: Self.scale).count > 10)
        // At 44 points the two curves are more than a probe apart.
        let continuous = SVGPixelTests.expected(frame44, radii44, .continuous)
        #expect(SVGPixelTests.misses(continuous44, continuous, zoom: Self.scale).isEmpty)
        #expect(!SVGPixelTests.misses(circular44, continuous, zoom: Self.scale).isEmpty)
    }

    @Test("a PDF is one page the SVG's size in points")
    func pdfPage() throws {
        guard let scene = SVGTest.scene("screen 260 x 200 radius 0\na: rect 12 size 100x50\n") else { return }
        guard case .success(let bytes) = Raster.render(svg: SVGWriter.bytes(scene), as: .pdf) else {
            Issue.record("librsvg could not write a PDF")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        // 260 + 2 × 16 by 200 + 2 × 16 points.
        #expect(text.contains("/MediaBox [ 0 0 292 232 ]"), "\(text.prefix(600))")
    }

    @Test("--background screen fills the margin with the screen's colour; transparent leaves it clear")
    func background() throws {
        guard let scene = SVGTest.scene("screen 100 x 100 radius 0\n") else { return }
        let svg = SVGWriter.bytes(scene)
        guard case .success(let clear) = Raster.render(svg: svg, as: .png, scale: 1),
              case .success(let filled) = Raster.render(svg: svg, as: .png, scale: 1,
                                                        background: Raster.Colour(hex: "#f2f2f7")) else {
            Issue.record("librsvg could not draw")
            return
        }
        let a = try PNGImage(Data(clear)), b = try PNGImage(Data(filled))
        // The corner pixel (in the 16-point margin): alpha 0, then #f2f2f7 opaque.
        #expect(a.pixels[3] == 0)
        #expect(Array(b.pixels[0..<4]) == [0xf2, 0xf2, 0xf7, 255])
    }
}

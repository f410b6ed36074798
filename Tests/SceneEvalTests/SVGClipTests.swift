import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// What the device and SwiftUI cut off is cut off in the picture: a node's
/// `clip` shape clips it and its content (SwiftUI's `.clipShape`), and the
/// display's corners clip everything (the device shows nothing past them). The
/// checks are in pixels, from rsvg-convert.
struct SVGClipTests {
    /// The grouped list every iOS app has: rows in a section clipped to its corners.
    static let groupedList = """
    screen 402x874 radius 62
    section: vstack container rect 26 clip rect 26 fill #ffffff size 360x208 <
      row1: rectangle height 52 fill #ff0000
      row2: rectangle height 52 fill #00c000
      row3: rectangle height 52 fill #0000ff
      row4: rectangle height 52 fill #ff0000
    >
    """

    @Test("a clipped node's rows are cut to its corners, as .clipShape cuts them")
    func rowsAreClippedToTheSectionsCorners() throws {
        let scene = try #require(SVGTest.scene(Self.groupedList))
        let svg = SVGWriter.write(scene)
        // The clip is the section's own outline.
        let section = try #require(SVGTest.attribute("d", of: "section", in: svg))
        #expect(svg.contains("<clipPath id=\"section-clip\"><path d=\"\(section)\"/></clipPath>\n<g clip-path=\"url(#section-clip)\">\n<path id=\"section\""))
        guard let image = try SVGTest.rasterise(svg, zoom: 2) else { return }
        let f = scene.shapes[0].frame, origin = Point(-16, -16)
        // Just inside the frame's corner, outside the 26 pt curve: the row's red is cut away.
        for p in [Point(f.minX + 2, f.minY + 2), Point(f.maxX - 2, f.minY + 2), Point(f.minX + 2, f.maxY - 2), Point(f.maxX - 2, f.maxY - 2)] {
            let c = try #require(image.rgb(at: p, origin: origin, zoom: 2))
            #expect(!(c.r > 200 && c.g < 60 && c.b < 60), "\(p) is the row's red \(c): the row is drawn over the section's corner")
        }
        // The middle of the first row is the row's red.
        let mid = try #require(image.rgb(at: Point(f.x + f.width / 2, f.minY + 26), origin: origin, zoom: 2))
        #expect(mid.r > 200 && mid.g < 60 && mid.b < 60, "the row itself is drawn: \(mid)")
    }

    @Test("full-bleed content is cut to the display's corners")
    func fullBleedIsClippedToTheDisplay() throws {
        let scene = try #require(SVGTest.scene("screen 402x874 radius 62\nmap: rectangle fill #ff0000\n"))
        let svg = SVGWriter.write(scene)
        #expect(!svg.contains("screen-edge"), "nothing overflows")
        guard let image = try SVGTest.rasterise(svg, zoom: 1) else { return }
        let origin = Point(-16, -16)
        for p in [Point(3, 3), Point(399, 3), Point(3, 871), Point(399, 871)] {
            let c = try #require(image.rgb(at: p, origin: origin, zoom: 1))
            #expect(!(c.r > 200 && c.g < 60), "\(p) is the map's red \(c): square corners over the display's curve")
        }
        let mid = try #require(image.rgb(at: Point(201, 437), origin: origin, zoom: 1))
        #expect(mid.r > 200 && mid.g < 60 && mid.b < 60)
    }

    @Test("what overflows the display is drawn faded outside it, whole inside it, under the dashed edge")
    func overflowIsFadedOutsideTheDisplay() throws {
        let scene = try #require(SVGTest.scene("screen 300x300 radius 30\nbig: rect 20 size 500x100 fill #ff0000\n"))
        let svg = SVGWriter.write(scene)
        #expect(svg.contains("<use xlink:href=\"#shapes\" clip-path=\"url(#overflow-clip)\" opacity=\"0.35\"/>"))
        #expect(svg.contains("id=\"screen-edge\""))
        guard let image = try SVGTest.rasterise(svg, zoom: 1) else { return }
        let origin = Point(-116, -16)
        let inside = try #require(image.rgb(at: Point(150, 150), origin: origin, zoom: 1))
        #expect(inside.r > 200 && inside.g < 60, "inside the display: full red \(inside)")
        let outside = try #require(image.rgb(at: Point(-50, 150), origin: origin, zoom: 1))
        #expect(outside.r > 200 && outside.g > 120 && outside.g < 235, "outside the display: faded red \(outside)")
    }

    @Test("--compare ios18 clips too, and draws glass as glass (the export's material), not the palette's colour")
    func theFallbackPanelClipsAndKeepsGlass() throws {
        let source = "screen 402x874 radius 62\nbar: capsule glass size 300x60 align bottom pad bottom 30\n" + Self.groupedList.split(separator: "\n").dropFirst().joined(separator: "\n")
        let file = SourceFile(name: "t.scene", text: source)
        let a = try #require(Pipeline.compile(file, target: .ios26).scene)
        let b = try #require(Pipeline.compile(file, target: .ios18).scene)
        let svg = SVGWriter.write(a, compare: b)
        #expect(svg.contains("<g clip-path=\"url(#ios18-section-clip)\">"))
        #expect(svg.contains("<g clip-path=\"url(#ios18-screen-clip)\">"))
        #expect(SVGTest.attribute("fill", of: "ios18-bar", in: svg) == SVGTest.attribute("fill", of: "ios26-bar", in: svg))
        #expect(SVGTest.attribute("fill-opacity", of: "ios18-bar", in: svg) == SVGTest.attribute("fill-opacity", of: "ios26-bar", in: svg))
        #expect(SVGTest.attribute("fill", of: "ios18-bar", in: svg) != "#ffc300")
    }
}

extension PNGImage {
    /// The colour of the pixel containing canvas point `p` (see `grey(at:origin:zoom:)`).
    func rgb(at p: Point, origin: Point, zoom: Double) -> (r: Int, g: Int, b: Int)? {
        let x = Int(((p.x - origin.x) * zoom).rounded(.down)), y = Int(((p.y - origin.y) * zoom).rounded(.down))
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}

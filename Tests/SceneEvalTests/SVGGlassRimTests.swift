import Testing
import SceneLang
@testable import SceneEval

/// Glass keeps a rim that shows: over the light screen it is grey, not white
/// (issue 14 §4: the white rim vanished on `#f2f2f7`).
@Suite("SVG glass rim")
struct SVGGlassRimTests {
    @Test func theRimContrastsWithWhatIsBehindIt() {
        let screen = SVGStyle.screenColor
        let rim = SVGStyle.glassStrokeOverLightColor.over(screen, opacity: SVGStyle.glassStrokeOpacity)
        #expect(Color.contrast(rim, screen) >= 3, "grey rim on the screen: \(Color.contrast(rim, screen))")
        // Over the light palette colours too (glass on a light card).
        for c in SVGStyle.palette where c.luminance > SVGStyle.lightLuminance {
            #expect(Color.contrast(SVGStyle.glassStrokeOverLightColor.over(c, opacity: SVGStyle.glassStrokeOpacity), c) >= 2.5)
        }
        // The white rim stays over dark content.
        let navy = SVGStyle.palette[0]
        #expect(Color.contrast(Color(r: 255, g: 255, b: 255).over(navy, opacity: SVGStyle.glassStrokeOpacity), navy) >= 3)
    }

    @Test func glassOnTheScreenHasTheGreyRimAndOnADarkCardTheWhiteOne() throws {
        let svg = try #require(SVGTest.svg("""
            screen 400x400
            g: glass rect 20 size 200x100 align top pad 40
            card: rect 20 size 300x160 align bottom pad 20 <
              inner: glass rect 12 size 200x60
            >
            """))
        #expect(SVGTest.attribute("stroke", of: "g", in: svg) == "#6e6e73")
        #expect(SVGTest.attribute("stroke", of: "inner", in: svg) == "#ffffff")
    }

    /// In pixels: the rim along the top edge is clearly darker than the screen
    /// just outside it and the glass just inside it.
    @Test func theRimShowsInPixels() throws {
        let scene = try #require(SVGTest.scene("screen 260x200 radius 0\ng: glass rect 20 size 200x140 align topLeading pad leading 30 top 30\n"))
        let zoom = SVGPixelTests.zoom, origin = SVGPixelTests.origin
        guard let image = try SVGTest.rasterise(SVGWriter.write(scene), zoom: zoom) else { return }
        let rim = try #require(image.grey(at: Point(130, 30), origin: origin, zoom: zoom))
        let outside = try #require(image.grey(at: Point(130, 24), origin: origin, zoom: zoom))
        let inside = try #require(image.grey(at: Point(130, 40), origin: origin, zoom: zoom))
        #expect(outside - rim >= 60, "rim \(rim) against the screen \(outside)")
        #expect(inside - rim >= 40, "rim \(rim) against the glass \(inside)")
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Grammar rule 2: a node with no shape and no glass shape draws its first `background SHAPE`
/// (SwiftUI fills a background shape). Before, the SwiftUI export filled it while the table
/// called the node a group and the SVG drew nothing there.
struct BackgroundDrawnTests {
    static func scene(_ row: String) -> String {
        """
        screen 400 x 300 radius 40
        card: container rect 24 size 300x200 <
          \(row)
        >

        """
    }

    static func resolved(_ text: String) throws -> ResolvedScene {
        try #require(Pipeline.compile(SourceFile(name: "t.scene", text: text)).scene)
    }

    static func export(_ text: String) throws -> String {
        try #require(SwiftUIWriter.export(SourceFile(name: "bg.scene", text: text))).code
    }

    static func svgPaths(_ text: String) throws -> [String] {
        let svg = String(decoding: SVGWriter.bytes(try resolved(text)), as: UTF8.self)
        return svg.components(separatedBy: "<path").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test func aShapelessNodeDrawsItsBackground() throws {
        let text = Self.scene("row: background rect 12 size 200x60 pad 12")
        let row = try Self.resolved(text).shapes[1]
        #expect(row.kind == .rect)
        #expect(row.radii.values == [12, 12, 12, 12])
        #expect(try Self.svgPaths(text).contains { $0.contains("id=\"row\"") })
        // Written once, as the leaf's own filled shape, not as a clear view with a background.
        let code = try Self.export(text)
        #expect(code.components(separatedBy: ".rect(12)").count - 1 == 1, "\(code)")
        #expect(!code.contains("Color.clear"), "\(code)")
    }

    @Test func withChildrenItIsWrittenOnceAsTheBackground() throws {
        let text = Self.scene("row: background rect 12 size 200x60 pad 12 <\n    dot: rect 4 size 8x8\n  >")
        #expect(try Self.resolved(text).shapes[1].kind == .rect)
        let code = try Self.export(text)
        #expect(code.components(separatedBy: ".background { BgCorners.rect(12)").count - 1 == 1, "\(code)")
    }

    @Test func aShapeOrAGlassShapeStaysTheDrawnOne() throws {
        // The node's own shape is drawn; the background is a layer (and differs: shape-mismatch).
        let own = try Self.resolved(Self.scene("row: rect 8 background rect 12 size 200x60 pad 12")).shapes[1]
        #expect(own.radii.values == [8, 8, 8, 8])
        let glass = try Self.resolved(Self.scene("row: glass rect 10 background rect 10 size 200x60 pad 12")).shapes[1]
        #expect(glass.radii.values == [10, 10, 10, 10])
        #expect(glass.glass)
    }

    @Test func theBackgroundComesBeforeTheContainer() throws {
        // A container draws only when nothing else does: with a background, the background is
        // drawn and the container it declares for its children is still published.
        let text = Self.scene("row: background rect 12 container rect 16 size 200x60 pad 12 <\n    dot: concentric min 2 size 40x40 align topLeading pad 4\n  >")
        let s = try Self.resolved(text)
        #expect(s.shapes[1].radii.values == [12, 12, 12, 12])
        #expect(s.shapes[1].containerRadii?.values == [16, 16, 16, 16])
        #expect(s.shapes[2].radii.topLeading == 12)
    }

    @Test func bareGlassIsInTheBackgroundShape() throws {
        let text = Self.scene("row: glass background rect 12 size 200x60 pad 12")
        let row = try Self.resolved(text).shapes[1]
        #expect(row.kind == .rect && row.glass)
        let code = try Self.export(text)
        #expect(code.contains(".glass(in: BgCorners.rect(12))"), "\(code)")
        #expect(code.contains(".background { BgCorners.rect(12)"), "\(code)")
    }

    // The checker's helps and fixes rewrite the background a node draws, as they would its shape.

    static func fixed(_ text: String) throws -> String {
        try #require(Fixer.fixAll(SourceFile(name: "t.scene", text: text)).0, "no fix for:\n\(text)")
    }

    @Test func aFlaredBackgroundBecomesConcentric() throws {
        let text = "card: rect 24 container rect 24 size 300x200 <\n  x: background rect 30 pad 4 fill red\n>\n"
        let d = try #require(CheckerTests.findings(text).first { $0.code == "flared-corner" })
        #expect(d.help?.hasPrefix("make it concentric (`concentric min 20`)") == true, "\(d.help ?? "")")
        let out = try Self.fixed(text)
        #expect(out.contains("x: background concentric min 20 pad 4"), "\(out)")
        #expect(CheckerTests.findings(out).isEmpty, "\(CheckerTests.findings(out))")
    }

    @Test func aTightContainerIsRaisedWithTheBackgroundItDraws() throws {
        let text = "card: background rect 20 container rect 20 size 300x200 < inner: concentric min 16 pad 12 >\n"
        let d = try #require(CheckerTests.findings(text).first { $0.code == "container-too-tight" })
        #expect(d.help == "raise `card`'s radius to 28 (`background rect 28 container rect 28`), not lower the minimum")
        let out = try Self.fixed(text)
        #expect(out.hasPrefix("card: background rect 28 container rect 28 size"), "\(out)")
        #expect(CheckerTests.findings(out).isEmpty, "\(CheckerTests.findings(out))")
    }

    @Test func anUndeclaredBackgroundIsDrawnAndDeclaredAsRoundAsItsContentNeeds() throws {
        let out = try Self.fixed("card: background rect 20 size 300x200 < inner: concentric min 16 pad 12 >\n")
        #expect(out.hasPrefix("card: background rect 28 container rect 28 size"), "\(out)")
        #expect(CheckerTests.findings(out).isEmpty, "\(CheckerTests.findings(out))")
    }

    @Test func aConcentricBackgroundGetsItsMinimum() throws {
        let out = try Self.fixed("target ios18\nx: background concentric size 100x100\n")
        #expect(out.contains("x: background concentric min 16 size 100x100"), "\(out)")
    }

    /// A drawn glass shape likewise (before, the help offered a container the node does not
    /// draw, with no fix, and a raised container left the glass shape behind).
    @Test func aDrawnGlassShapeIsRewrittenAsItsShapeWouldBe() throws {
        let flared = try Self.fixed("card: rect 24 container rect 24 size 300x200 <\n  x: glass rect 30 pad 4\n>\n")
        #expect(flared.contains("x: glass concentric min 20 pad 4"), "\(flared)")
        let text = "card: glass rect 20 container rect 20 size 300x200 < inner: concentric min 16 pad 12 >\n"
        let d = try #require(CheckerTests.findings(text).first { $0.code == "container-too-tight" })
        #expect(d.help == "raise `card`'s radius to 28 (`glass rect 28 container rect 28`), not lower the minimum")
        let tight = try Self.fixed(text)
        #expect(tight.hasPrefix("card: glass rect 28 container rect 28 size"), "\(tight)")
        #expect(CheckerTests.findings(tight).isEmpty, "\(CheckerTests.findings(tight))")
    }

    /// From the review of 2cd7b564: a row of chips in a glass-drawn card settled before and
    /// must still (the row's fix raising the card went back and forth with the chips'), and
    /// a glass-drawn card flared against its map becomes concentric as a shape item would.
    @Test func aRowInAGlassCardSettlesAndAFlaredGlassCardBecomesConcentric() throws {
        let row = "card: glass rect 20 size 300x96 align center pad 8 <\n  row: hstack spacing 8 pad 12 align topLeading <\n"
            + "    c1: rect 16 size 60x60\n    c2: rect 16 size 60x60\n    c3: rect 16 size 60x60\n  >\n>\n"
        let o = Fixer.run(SourceFile(name: "t", text: row))
        #expect(o.stop == .settled && o.left.isEmpty, "\(o.stop) \(o.left.map(\.message))")
        let map = "screen 400x400 radius 0\nmap: rect 28 container rect 28 size 300x300 <\n"
            + "  card: glass rect 12 container rect 12 size 200x200 align topLeading pad 8 < inner: concentric min 12 pad 4 size 40x40 align topLeading >\n>\n"
        let out = try Self.fixed(map)
        #expect(out.contains("card: glass concentric min 20 container rect 20 size"), "\(out)")
    }
}

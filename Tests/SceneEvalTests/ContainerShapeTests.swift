import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `missing-container-shape` on a concentric parent (docs/lint.md): ConcentricRectangle
/// is not a RoundedRectangularShape, so a concentric card provides no container to its
/// children; they resolve against the container above unless it declares the radius it
/// resolves to (the seed's card on a map).
struct ConcentricParentTests {
    static let map = """
        map: container rect 28 size 360x240 <
          card: concentric min 16 size 200x120 align topLeading pad 12 <
            photo: concentric min 4 pad 8
          >
        >

        """

    @Test func aConcentricParentWithoutAContainerIsReported() throws {
        let f = CheckerTests.findings(Self.map)
        let d = try #require(f.first { $0.code == "missing-container-shape" })
        #expect(d.message == "`card` is rounded but declares no container, so `photo` resolves against `map`")
        #expect(d.help == "a `concentric` shape cannot be a container: declare the radius it resolves to, add `container rect 16`")
        // Against the map the photo's far corners fall to its minimum: 8 4 4 4.
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: Self.map)).scene)
        #expect(scene.shapes[2].radii.values == [8, 4, 4, 4])
    }

    @Test func theFixDeclaresTheResolvedRadiusAndThePhotoFollowsTheCard() throws {
        let (fixed, _) = Fixer.fixAll(SourceFile(name: "t", text: Self.map))
        let out = try #require(fixed)
        #expect(out.contains("card: concentric min 16 container rect 16 size 200x120"))
        #expect(CheckerTests.findings(out).isEmpty)
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: out)).scene)
        #expect(scene.shapes[2].radii.values == [8, 8, 8, 8])
    }

    @Test func aGlassDrawnParentGetsTheDeclarationAfterItsGlassShape() throws {
        let text = Self.map.replacingOccurrences(of: "card: concentric min 16", with: "card: glass concentric min 16 uniform")
        let d = try #require(CheckerTests.findings(text).first { $0.code == "missing-container-shape" })
        let file = SourceFile(name: "t", text: text)
        #expect(file.text(d.range.start..<d.range.end) == "glass concentric min 16 uniform")
        let (fixed, _) = Fixer.fixAll(file)
        #expect(fixed?.contains("card: glass concentric min 16 uniform container rect 16 size") == true, "\(fixed ?? "")")
    }

    /// A node that draws nothing but clips its rows to a rounded shape (a grouped list:
    /// `.clipShape` on the section) declares no container, and is not asked to: the rows
    /// are cut by the clip, and declaring a container would draw it (grammar rule 2).
    @Test func aClipOnANodeThatDrawsNothingIsNotAskedForAContainer() throws {
        let text = """
            screen 400 x 300 radius 40
            section: clip rect 24 vstack spacing 1 width 360 align top pad top 20 <
              row1: concentric min 4 height 52
              row2: concentric min 4 height 52
            >

            """
        #expect(!CheckerTests.findings(text).map(\.code).contains("missing-container-shape"))
    }

    @Test func aBackgroundDrawnParentGetsTheDeclarationAfterItsBackground() throws {
        let text = Self.map.replacingOccurrences(of: "card: concentric min 16", with: "card: background rect 16")
        let d = try #require(CheckerTests.findings(text).first { $0.code == "missing-container-shape" })
        let file = SourceFile(name: "t", text: text)
        #expect(file.text(d.range.start..<d.range.end) == "background rect 16")
        let (fixed, _) = Fixer.fixAll(file)
        #expect(fixed?.contains("card: background rect 16 container rect 16 size") == true, "\(fixed ?? "")")
    }

    @Test func declaredOrHoldingOnlyFixedShapesIsSilent() {
        let declared = Self.map.replacingOccurrences(of: "concentric min 16 size", with: "concentric min 16 container rect 16 size")
        #expect(CheckerTests.findings(declared).isEmpty)
        let fixedChild = Self.map.replacingOccurrences(of: "photo: concentric min 4 pad 8", with: "photo: rect 8 pad 8")
        #expect(!CheckerTests.findings(fixedChild).map(\.code).contains("missing-container-shape"))
    }
}

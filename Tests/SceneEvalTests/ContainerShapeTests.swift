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

    /// A node that draws nothing but clips to a rounded shape cuts its concentric content,
    /// which resolves past it (SwiftUI's ConcentricRectangle follows containerShape only).
    static let clipped = """
        screen 400 x 300 radius 40
        card: clip rect 24 size 300x200 <
          g: glass concentric min 4 size 100x60 align topLeading pad 4
        >

        """

    @Test func aRoundedClipOnANodeThatDrawsNothingIsReported() throws {
        let d = try #require(CheckerTests.findings(Self.clipped).first { $0.code == "missing-container-shape" })
        #expect(d.message == "`card` clips to a rounded shape but declares no container, so `g` resolves against the screen")
        #expect(d.help == "declare its clip shape as the container: add `container rect 24`")
        let file = SourceFile(name: "t", text: Self.clipped)
        #expect(file.text(d.range.start..<d.range.end) == "clip rect 24")
        let (fixed, _) = Fixer.fixAll(file)
        let out = try #require(fixed)
        #expect(out.contains("card: clip rect 24 container rect 24 size 300x200"), "\(out)")
        #expect(CheckerTests.findings(out).isEmpty, "\(CheckerTests.findings(out))")
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: out)).scene)
        #expect(scene.shapes[1].radii.values == [20, 4, 4, 4])
    }

    @Test func aClipTooTightForItsContentIsRaisedInOneFix() throws {
        // Twelve points in, a minimum of 16 needs the clip at 28.
        let text = Self.clipped.replacingOccurrences(of: "concentric min 4 size 100x60 align topLeading pad 4",
                                                     with: "concentric min 16 size 100x60 align topLeading pad 12")
        let d = try #require(CheckerTests.findings(text).first { $0.code == "missing-container-shape" })
        #expect(d.help == "declare it as the container, as round as its content needs: `clip rect 28 container rect 28`", "\(d.help ?? "")")
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

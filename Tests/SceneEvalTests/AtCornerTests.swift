import Testing
import SceneLang
@testable import SceneEval

/// Issue 14 §3: padding equal to (or larger than) the container's radius is
/// still "at the corner" (docs/lint.md, container-too-tight); only distance
/// that alignment or stacking adds takes content away from it, and the line
/// is that added distance reaching the container's radius.
struct AtCornerTests {
    static func tight(_ inner: String, container: String = "container rect 12 size 200x100") -> [Diagnostic] {
        CheckerTests.findings("screen 400x400 radius 0\nc: \(container) <\n  k: \(inner)\n>\n")
            .filter { $0.code == "container-too-tight" }
    }

    /// Before this change: 0 warnings (12 − 12 = 0 counted as "far from the corner").
    @Test func paddingEqualToTheRadiusWarns() {
        let f = Self.tight("concentric min 8 pad 12")
        #expect(f.count == 1)
        #expect(f.first?.values["neededRadius"] == 20)
        #expect(f.first?.help?.contains("container rect 20") == true)
    }

    @Test func paddingJustBelowTheRadiusWarnsAsBefore() {
        #expect(Self.tight("concentric min 8 pad 11.9").count == 1)
    }

    @Test func largePaddingStillWarns() {
        let f = Self.tight("concentric min 8 pad 40")
        #expect(f.count == 1)
        #expect(f.first?.values["neededRadius"] == 48)
        // And the fix clears it.
        let fixed = Fixer.fixAll(SourceFile(name: "t", text: "screen 400x400 radius 0\nc: container rect 12 size 200x100 <\n  k: concentric min 8 pad 40\n>\n")).text
        #expect(fixed?.contains("container rect 48") == true)
    }

    @Test func enoughRadiusIsQuiet() {
        #expect(Self.tight("concentric min 8 pad 12", container: "container rect 20 size 200x100").isEmpty)
    }

    @Test func aCentredSmallItemFloats() {
        #expect(Self.tight("concentric min 8 size 20x20").isEmpty)
    }

    @Test func aSmallItemPaddedIntoTheCornerIsAtIt() {
        #expect(Self.tight("concentric min 8 size 20x20 align topLeading pad 30").count == 1)
    }

    /// The exact line: padded 12 into a 200 × 100 container of radius 12, a
    /// 152-wide shape is centred 12 pt further in (176 − 152 = 24, halved):
    /// the added distance equals R, so it floats; 154 wide adds 11 and is at it.
    @Test func theBoundaryIsAddedDistanceEqualToTheRadius() {
        #expect(Self.tight("concentric min 8 size 152x76 pad 12").isEmpty)
        #expect(Self.tight("concentric min 8 size 154x76 pad 12").count == 1)
        #expect(Self.tight("concentric min 8 size 153x76 pad 12").count == 1)
    }

    /// Padding of the nodes between the shape and its container counts too.
    @Test func paddingOfAnIntermediateGroupCounts() {
        #expect(Self.tight("pad 6 <\n    inner: concentric min 8 pad 6\n  >").count == 1)
    }

    /// The screen is not padded into: a top-level shape far from the display's
    /// corner by its padding shows its minimum without a finding (verify.scene's `alone`).
    @Test func theScreenKeepsThePlainRule() {
        let f = CheckerTests.findings("screen 400x800 radius 50\nk: concentric min 16 size 100x100 align topLeading pad 60\n")
        #expect(!f.map(\.code).contains("container-too-tight"))
    }
}

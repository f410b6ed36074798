import Testing
import SceneLang
@testable import SceneEval

/// One tolerance for every rule (docs/lint.md, "Tolerance"): a radius within
/// `Checker.tolerance` (0.5 pt) of the one a rule asks for is that radius. Each
/// rule's edge is pinned on both sides: exactly at the tolerance is clean, past
/// it is a finding.
struct ToleranceTests {
    static func codes(_ text: String) -> [String] { CheckerTests.findings(text).map(\.code) }

    @Test func theToleranceIsHalfAPoint() {
        #expect(Checker.tolerance == 0.5)
    }

    /// R − d = 20 − 12 = 8 against a minimum: 0.5 pt below it is within the tolerance
    /// (as `rect 8.5` there is not flared), 0.6 pt is too tight.
    @Test(arguments: [("8.5", [String]()), ("8", []), ("8.6", ["container-too-tight"]), ("9", ["container-too-tight"])])
    func containerTooTight(_ minimum: String, _ want: [String]) {
        #expect(Self.codes("c: container rect 20 size 200x200 < k: concentric min \(minimum) pad 12 >\n") == want, "min \(minimum)")
    }

    /// A corner rounder than its container's, far from its corner (no flared-corner).
    @Test(arguments: [("12.5", [String]()), ("12", []), ("12.6", ["radius-inversion"])])
    func radiusInversion(_ radius: String, _ want: [String]) {
        #expect(Self.codes("screen 400x400 radius 0\npanel: container rect 12 size 300x300 <\n  tile: rect \(radius) size 100x100\n>\n") == want, "rect \(radius)")
    }

    /// One inset (6) gives 24 at every corner; concentric at topLeading is 30 − leading.
    @Test(arguments: [("6.5", [String]()), ("6.6", ["relative-uneven-insets"]), ("7", ["relative-uneven-insets"])])
    func relativeUnevenInsets(_ leading: String, _ want: [String]) {
        let scene = "card: container rect 30 size 300x200 <\n  panel: relative pad top 6 leading \(leading) bottom 6 trailing 6\n>\n"
        #expect(Self.codes(scene) == want, "leading \(leading)")
    }

    /// The case: a row aligned to the bottom of a card 1 pt taller than it
    /// needs, so the outer chips' bottom corners are 20 − 13 = 7 and their top ones
    /// 20 − 14 = 6 → the minimum 6: `a` 6 6 6 7 beside `b` 6 6 6 6. Even, within the
    /// tolerance on each side.
    @Test func onePointOfSlackIsEven() throws {
        let scene = """
            card: container rect 20 size 297x103 <
              row: hstack spacing 8 align bottom pad 13 <
                a: concentric min 6 size 85x76
                b: concentric min 6 size 85x76
                c: concentric min 6 size 85x76
              >
            >

            """
        let compiled = Pipeline.compile(SourceFile(name: "t", text: scene))
        let radii = { (id: String) in compiled.scene?.shapes.first { $0.id == id }?.radii }
        #expect(radii("a") == Radii(6, 6, 6, 7))
        #expect(radii("b") == Radii(all: 6))
        #expect(Self.codes(scene).isEmpty)
    }

    /// 1.5 pt apart (bottomLeading 20 − 12.5 = 7.5 beside 6) is uneven.
    @Test func moreThanOnePointApartIsUneven() throws {
        let scene = """
            card: container rect 20 size 296x102.5 <
              row: hstack spacing 8 pad top 14 leading 12.5 bottom 12.5 trailing 12.5 <
                a: concentric min 6 size 85x76
                b: concentric min 6 size 85x76
                c: concentric min 6 size 85x76
              >
            >

            """
        #expect(Self.codes(scene) == ["uneven-siblings"])
    }

    /// The margin (16 pt): 15.5 pt from the edges is within the tolerance, 15 is not.
    @Test(arguments: [(370, [String]()), (371, []), (372, ["screen-edge-margin"])])
    func screenEdgeMargin(_ width: Int, _ want: [String]) {
        #expect(Self.codes("screen iphone-16-pro\nbanner: rect 12 size \(width)x60 align top pad top 100\n") == want, "width \(width)")
    }
}

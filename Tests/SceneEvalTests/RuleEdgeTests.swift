import Testing
import SceneLang
@testable import SceneEval

/// Each rule's edge, pinned (a mutation at the edge must fail a test): the
/// tolerance boundary, which corner container-too-tight reports, and that the
/// full-bleed exemption is for the screen only.
struct RuleEdgeTests {
    static func codes(_ text: String) -> [String] { CheckerTests.findings(text).map(\.code) }

    /// docs/lint.md: a fixed radius is flagged when it is off the concentric
    /// one (here 20 − 12 = 8) by more than the tolerance, 0.5 pt.
    @Test(arguments: [("8.5", [String]()), ("7.5", []), ("8.6", ["flared-corner"]), ("7.4", ["pinched-corner"]),
                      ("8", []), ("9", ["flared-corner"]), ("7", ["pinched-corner"])])
    func theToleranceBoundary(_ radius: String, _ want: [String]) {
        #expect(Self.codes("c: container rect 20 size 200x200 < k: rect \(radius) pad 12 >\n") == want, "rect \(radius)")
        #expect(Checker.tolerance == 0.5)
    }

    /// The full-bleed exemption is for the screen (the display clips what runs
    /// into its corner); flush in a node container, a fixed radius is a finding.
    @Test func aFlushFixedShapeInANodeContainerIsAFinding() throws {
        let f = CheckerTests.findings("c: container rect 20 size 200x200 < k: rect 4 >\n")
        #expect(f.map(\.message) == ["`k` is squarer than `c` at topLeading, topTrailing, bottomTrailing, bottomLeading: radius 4, concentric would be 20"])
        // Against the screen, full-bleed is left alone.
        #expect(Self.codes("k: rect 4\n").isEmpty)
        #expect(Self.codes("k: rectangle\n").isEmpty)
    }

    /// container-too-tight reports the most demanding corner: with per-edge
    /// padding the top corners are 12 pt in, the bottom ones 8, and 16 + 12 = 28
    /// is what fixes every corner (the least demanding, 16 + 8 = 24, would not).
    @Test func tooTightReportsTheMostDemandingCorner() throws {
        let f = CheckerTests.findings("c: container rect 20 size 300x200 <\n  k: concentric min 16 pad top 12 leading 8 bottom 8 trailing 8\n>\n")
        let d = try #require(f.first)
        #expect(f.count == 1)
        #expect(d.message == "`c` is too tight for `k`: at topLeading, topTrailing, bottomTrailing, bottomLeading the concentric radius 20 − 12 = 8 is below the minimum 16")
        #expect(d.help == "raise `c`'s radius to 28 (`container rect 28`), not lower the minimum")
        #expect(d.values["neededRadius"] == 28)
    }

    /// A distance larger than the radius reads as the REPL and hover say it,
    /// clamped, and content placed far in by padding is told so in plain words.
    @Test func tooTightArithmeticIsClampedAndPaddingIsNamed() throws {
        let d = try #require(CheckerTests.findings("c: container rect 18 size 100x100 <\n  k: concentric min 8 size 40x40 align topLeading pad 52\n>\n").first)
        #expect(d.message == "`c` is too tight for `k`: at topLeading, topTrailing, bottomLeading the concentric radius 18 − 52 → 0 (clamped) is below the minimum 8")
        #expect(d.help == "`c` may be at most 50 round (half its shorter side) and `k` needs 8 + 52 = 60, so raising its radius cannot fix this (no automatic fix): `k` is 52 pt in from `c`'s corner, placed there by padding, so its corner cannot follow `c`'s: bring it within 42 pt of the corner (less padding), or let its minimum show (it sits too far in for any radius `c` may have)")
        #expect(!d.message.contains("= 0"))
    }
}

import Testing
import SceneLang
@testable import SceneEval

/// `unused-binding`, `glass-on-glass`, `square-fallback` (docs/lint.md).
struct NewRulesTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text) }

    // MARK: unused-binding

    @Test func anUnusedLetIsReportedAtItsNameWithADeletingFix() throws {
        let text = "let corner = 28\nlet inset = 12   # the old padding\ncard: rect corner size 300x200 align top pad top 100\n"
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["unused-binding"])
        let d = try #require(f.first)
        #expect(d.message == "`inset` is never used: no node, `screen`, `margin` or used binding names it")
        #expect(d.help == "remove `let inset = 12`, or use it")
        let file = SourceFile(name: "t", text: text)
        #expect(file.location(of: d.range.start).description == "2:5")
        let (out, _) = TextEdit.apply(d.fixes, to: file.bytes)
        #expect(String(decoding: out, as: UTF8.self) == "let corner = 28\ncard: rect corner size 300x200 align top pad top 100\n")
    }

    @Test func aLetUsedOnlyByUnusedLetsIsReportedWithThem() {
        let text = "let a = 10\nlet b = a * 2\nlet used = 4\ncard: rect used size 100x100 align center\n"
        #expect(Self.findings(text).map(\.code) == ["unused-binding", "unused-binding"])
        // Used by a node through another binding, by the screen or the margin: not reported.
        #expect(Self.findings("let a = 10\nlet b = a * 2\ncard: rect b size 100x100 align center\n").isEmpty)
        #expect(Self.findings("let w = 400\nscreen w x 800 radius 40\n").isEmpty)
        #expect(Self.findings("let m = 20\nmargin m\n").isEmpty)
    }

    /// A `let` that --fix left behind is reported, and the next round deletes it.
    @Test func fixDeletesWhatItLeftBehind() throws {
        let text = "screen iphone-16-pro\nlet r = 20\ncard: container rect 28 size 300x200 <\n  photo: rect r pad 12\n>\n"
        let o = Fixer.run(SourceFile(name: "t", text: text))
        let out = try #require(o.text)
        #expect(!out.contains("let r"), "\(out)")
        #expect(Self.findings(out).isEmpty, "\(out)")
    }

    // MARK: glass-on-glass

    @Test func glassInsideGlassWarnsWithAHelp() throws {
        let text = "bar: capsule glass container capsule size 300x60 align bottom pad bottom 40 <\n  row: hstack <\n    play: capsule glass size 80x44\n  >\n>\n"
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["glass-on-glass"])
        let d = try #require(f.first)
        #expect(d.message == "`play` is glass on glass: it sits inside `bar`, which is glass too")
        #expect(d.help?.hasPrefix("avoid glass on glass: give `play` a fill instead of `glass`") == true, "\(d.help ?? "")")
        #expect(d.help?.contains("GlassEffectContainer") == true)
        #expect(SourceFile(name: "t", text: text).location(of: d.range.start).description == "3:19")
        // Glass beside glass, and glass under target ios18 (glass-unavailable's), are not.
        #expect(Self.findings("a: capsule glass size 80x44 align bottom pad bottom 40\nb: capsule glass size 80x44 align top pad top 80\n").isEmpty)
        #expect(!Self.findings("target ios18\n" + text).contains { $0.code == "glass-on-glass" })
    }

    // MARK: square-fallback

    /// The issue's player: a glass card concentric with no minimum gave 0 warnings.
    @Test func aConcentricShapeWithNoMinimumWarnsAndTheFixKeepsTheIOS26Look() throws {
        let text = "screen iphone-16-pro\nplayer: glass concentric uniform height 120 align bottom pad 8\n"
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["square-fallback"])
        let d = try #require(f.first)
        #expect(d.message == "`player` has no minimum: before iOS 26 its fallback is a rectangle with square corners, where iOS 26 draws 54")
        #expect(d.help == "add `min 54` after `concentric`: iOS 26 draws the same, and the fallback (`rect(54)`) keeps its look")
        let (fixed, _) = Fixer.fixAll(SourceFile(name: "t", text: text))
        let out = try #require(fixed)
        #expect(out == "screen iphone-16-pro\nplayer: glass concentric min 54 uniform height 120 align bottom pad 8\n")
        #expect(Self.findings(out).isEmpty)
        #expect(resolve(out)?.shapes[0].radii == resolve(text)?.shapes[0].radii)
        // iOS 18 draws the minimum.
        #expect(Pipeline.compile(SourceFile(name: "t", text: out), target: .ios18).scene?.shapes[0].radii.values == [54, 54, 54, 54])
    }

    /// The minimum never makes a corner at its container's corner too tight,
    /// and a corner square on iOS 26 is missing-minimum's, not this rule's.
    @Test func theMinimumStaysWithinRMinusDAndSquareCornersAreLeftToMissingMinimum() throws {
        // Uniform: the top corners are 30 (20 from the card's corners: 30 − 0), the bottom ones 6 from them: 24.
        let text = "card: container rect 30 size 300x200 <\n  panel: concentric uniform size 300x194 align top\n>\n"
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["square-fallback"], "\(f.map(\.message))")
        #expect(f.first?.values["suggestedMinimum"] == 24)
        let square = "card: container rect 30 size 300x200 <\n  panel: concentric height 100 align top\n>\n"
        #expect(Self.findings(square).map(\.code) == ["missing-minimum"])
        #expect(Self.findings("target ios18\n" + square).map(\.code) == ["missing-minimum"])
    }
}

/// `--fix` keeps names: one `let` change that fixes every finding that uses it.
struct FixKeepsLetsTests {
    /// The issue's case: it wrote `panel: container rect 22` and
    /// `card: concentric min 10 container rect 10`, leaving `let outer = 24`.
    @Test func theLetIsChangedAndTheNamesKept() throws {
        let text = """
            let outer = 24
            let gap = 12
            panel: container rect outer height 300 align bottom pad bottom 40 pad h 40 <
              card: rect outer - gap container rect outer - gap pad gap
            >

            """
        let o = Fixer.run(SourceFile(name: "t", text: text))
        let out = try #require(o.text)
        #expect(out == text.replacingOccurrences(of: "let outer = 24", with: "let outer = 22"), "\(out)")
        #expect(o.applied == 1)
        #expect(CheckerTests.findings(out).isEmpty)
    }

    /// Where the `let` change would break another node that uses it, the fix is as before.
    @Test func aLetThatWouldBreakAnotherUseIsLeftAlone() throws {
        let text = """
            let outer = 24
            panel: container rect outer height 300 align bottom pad bottom 40 pad h 40
            box: container rect 30 size 200x100 align top pad top 100 <
              tile: rect outer - 20 pad 10
            >

            """
        let o = Fixer.run(SourceFile(name: "t", text: text))
        let out = try #require(o.text)
        #expect(out.contains("let outer = 24"), "\(out)")
    }
}

import Testing
import SceneLang
@testable import SceneEval

/// The nesting rules measure a fixed-radius shape against its nearest visibly
/// rounded ancestor when that one declares no container (the pattern of code
/// written before iOS 26), and a shape drawn within a parent's clip is cut to
/// the clip's curve (docs/lint.md, `flared-corner` / `pinched-corner`).
struct NestingReferenceTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text) }

    /// Applies every fix of every finding once (as `--fix`'s first round does).
    static func fixed(_ text: String) -> String {
        let file = SourceFile(name: "t", text: text)
        var bytes = Array(text.utf8)
        let edits = findings(text).flatMap(\.fixes).sorted { $0.range.start > $1.range.start }
        var last = Int.max
        for e in edits where e.range.end <= last {
            bytes.replaceSubrange(e.range.start..<e.range.end, with: Array(e.replacement.utf8))
            last = e.range.start
        }
        _ = file
        return String(decoding: bytes, as: UTF8.self)
    }

    static let undeclared = "card: rect 20 size 300x200 <\n  photo: rect 4 pad 8\n>\n"

    @Test func aFixedShapeInAnUndeclaredRoundedParentIsMeasuredAgainstItsOutline() throws {
        let f = Self.findings(Self.undeclared)
        #expect(f.map(\.code) == ["pinched-corner"])
        let d = try #require(f.first)
        #expect(d.message == "`photo` is squarer than `card`'s outline (it declares no container) at topLeading, topTrailing, bottomTrailing, bottomLeading: radius 4, concentric would be 12")
        #expect(d.help == "use the concentric radius: `rect 12`; or, on iOS 26, declare `card`'s shape as its container and follow it: `container rect 20` on `card`, `concentric min 4` on `photo`")
        #expect(d.values["concentricRadius"] == 12)
        // The fix writes the concentric number, and the check is then clean.
        let after = Self.fixed(Self.undeclared)
        #expect(after == "card: rect 20 size 300x200 <\n  photo: rect 12 pad 8\n>\n")
        #expect(Self.findings(after).isEmpty)
        // The iOS 26 spelling the help gives is clean too.
        #expect(Self.findings("card: rect 20 container rect 20 size 300x200 <\n  photo: concentric min 4 pad 8\n>\n").isEmpty)
    }

    @Test func flaredAgainstAnOutlineAndCleanAtTheConcentricRadius() throws {
        let f = Self.findings("card: rect 20 size 300x200 <\n  photo: rect 16 pad 8\n>\n")
        #expect(f.map(\.code) == ["flared-corner"])
        #expect(f.first?.message.hasPrefix("`photo` is rounder than `card`'s outline (it declares no container)") == true)
        #expect(Self.findings("card: rect 20 size 300x200 <\n  photo: rect 12 pad 8\n>\n").isEmpty)
        // A concentric ancestor's outline is the radius it resolves to (here 16).
        let g = Self.findings("map: container rect 28 size 400x400 <\n  card: concentric min 16 pad 12 size 300x200 align topLeading <\n    photo: rect 2 pad 8\n  >\n>\n")
        #expect(g.contains { $0.code == "pinched-corner" && $0.message.contains("`card`'s outline") && $0.message.hasSuffix("concentric would be 8") })
    }

    /// Only corners at the ancestor's corner count (d < R), as against a container.
    @Test func aShapeAwayFromTheOutlinesCornersIsNotMeasured() {
        #expect(Self.findings("card: rect 20 size 300x200 <\n  photo: rect 4 size 40x40\n>\n").isEmpty)
        // A header at the top: only its top corners are at the card's corners.
        let f = Self.findings("card: rect 20 size 300x200 <\n  header: rect 4 height 40 pad 8 align top\n>\n")
        #expect(f.map(\.message) == ["`header` is squarer than `card`'s outline (it declares no container) at topLeading, topTrailing: radius 4, concentric would be 12"])
        #expect(f.first?.help?.hasPrefix("use the concentric radius: `uneven(12, 12, 4, 4)`") == true)
    }

    /// The nearest visibly rounded ancestor wins over a container declared further up.
    @Test func theNearestRoundedAncestorIsTheReference() {
        let text = "outer: container rect 30 size 300x300 <\n  card: rect 26 pad 4 <\n    photo: rect 18 pad 8\n  >\n>\n"
        // Against `outer` photo would be 30 − 12 = 18, concentric; against `card`, 26 − 8 = 18 too.
        #expect(Self.findings(text).isEmpty)
        let nearer = "outer: container rect 30 size 300x300 <\n  card: rect 26 pad 4 <\n    photo: rect 22 pad 4 size 100x100 align topLeading\n  >\n>\n"
        // 22 = 30 − 8 against `outer`, but 26 − 4 = 22 against `card`: both clean…
        #expect(Self.findings(nearer).isEmpty)
        // …while a photo right for `outer` and wrong for the card it sits in is flagged.
        let wrong = "outer: container rect 30 size 300x300 <\n  card: rect 14 pad 4 <\n    photo: rect 18 pad 8\n  >\n>\n"
        let f = Self.findings(wrong)
        #expect(f.contains { $0.code == "flared-corner" && $0.message.hasPrefix("`photo` is rounder than `card`'s outline") && $0.message.hasSuffix("concentric would be 6") })
    }

    /// The grouped list: a row flush in a section clipped to `rect 26` draws
    /// the section's corner, so it is concentric; no `rect 26` advice.
    @Test func aRowClippedByItsParentIsConcentric() {
        let list = "section: vstack container rect 26 clip rect 26 fill white size 300x160 <\n  row1: rectangle height 52\n  row2: rectangle height 52\n  row3: rectangle height 52\n>\n"
        #expect(Self.findings(list).isEmpty)
        // The same without a declared container: the clip is the reference, and it draws the corner.
        #expect(Self.findings(list.replacingOccurrences(of: "container rect 26 ", with: "")).isEmpty)
        // A row inset 4 pt from the clip is not cut by it: measured against the clip.
        let inset = "section: clip rect 26 size 300x160 <\n  row: rectangle pad 4\n>\n"
        let f = Self.findings(inset)
        #expect(f.map(\.message) == ["`row` is squarer than `section`'s clip at topLeading, topTrailing, bottomTrailing, bottomLeading: radius 0, concentric would be 22"])
    }

    @Test func theReferenceIsComputedByTheResolvedScene() throws {
        let s = try #require(resolve(Self.undeclared))
        #expect(s.nestingReference(of: 1) == NestingReference(ancestor: .node(0), outline: .drawn))
        #expect(s.concentricRadius(.topLeading, of: 1, against: s.nestingReference(of: 1)).radius == 12)
        let clipped = try #require(resolve("section: clip rect 26 size 300x160 <\n  row: rectangle height 52 align top\n>\n"))
        #expect(clipped.nestingReference(of: 1) == NestingReference(ancestor: .node(0), outline: .clip))
        #expect(clipped.drawnRadius(.topLeading, of: 1) == 26)
        #expect(clipped.drawnRadius(.bottomLeading, of: 1) == 0)
        let declared = try #require(resolve("card: container rect 20 size 300x200 <\n  photo: rect 4 pad 8\n>\n"))
        #expect(declared.nestingReference(of: 1) == NestingReference(ancestor: .node(0), outline: .container))
    }
}

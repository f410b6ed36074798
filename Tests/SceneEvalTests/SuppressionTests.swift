import Testing
import SceneLang
@testable import SceneEval

/// Suppression comments (docs/lint.md, `unused-suppression`): one mechanism for
/// scenes (`#`) and Swift source (`//`).
struct SuppressionTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text) }

    /// A card with a pinched photo on line 3 (12 pt in a 20 pt card: concentric 8).
    static func card(before: String = "", trailing: String = "", after: String = "") -> String {
        "screen iphone-16-pro\ncard: container rect 20 size 200x100 <\n\(before)  photo: rect 2 pad 12\(trailing)\n\(after)>\n"
    }

    @Test func withoutASuppressionThePhotoIsPinched() {
        #expect(Self.findings(Self.card()).map(\.code) == ["pinched-corner"])
    }

    @Test func aTrailingSuppressionSilencesItsLine() {
        #expect(Self.findings(Self.card(trailing: "   # scene: ignore pinched-corner")).isEmpty)
        // Swift's spelling, no space after `scene:`, is read the same way.
        #expect(Self.findings(Self.card(trailing: " # scene:ignore pinched-corner")).isEmpty)
    }

    @Test func aSuppressionOnTheLineBeforeSilencesTheNextLineWithCode() {
        #expect(Self.findings(Self.card(before: "  # scene: ignore pinched-corner -- clipped by the card\n")).isEmpty)
        // Blank and comment-only lines in between are skipped, so suppressions stack.
        #expect(Self.findings(Self.card(before: "  # scene: ignore pinched-corner\n  # a note\n\n")).isEmpty)
        // Not the line after next: a node in between takes it, and the photo is reported.
        let f = Self.findings(Self.card(before: "  # scene: ignore pinched-corner\n  other: rectangle size 10x10 align center\n"))
        #expect(f.map(\.code).sorted() == ["pinched-corner", "unused-suppression"])
    }

    @Test func aFileSuppressionSilencesTheRuleEverywhere() {
        let text = "# scene: ignore-file pinched-corner\n" + Self.card(after: "  thumb: rect 3 size 40x40 align bottomTrailing pad 12\n")
        #expect(Self.findings(text).isEmpty)
        // Another rule is still reported.
        let other = "# scene: ignore-file flared-corner\n" + Self.card()
        #expect(Self.findings(other).map(\.code).sorted() == ["pinched-corner", "unused-suppression"])
    }

    @Test func aSuppressionThatSilencesNothingIsReportedWithItsWordingAndADeletingFix() throws {
        let text = Self.card(before: "  # scene: ignore flared-corner\n")
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["pinched-corner", "unused-suppression"])
        let d = try #require(f.last)
        #expect(d.message == "`ignore flared-corner` silences nothing: there is no `flared-corner` finding on line 4")
        #expect(d.help == "remove it: the finding it silenced is gone (or it sits on the wrong line)")
        let file = SourceFile(name: "t", text: text)
        #expect(file.location(of: d.range.start).description == "3:19")
        // The fix deletes the whole comment line.
        let (out, _) = TextEdit.apply(d.fixes, to: file.bytes)
        #expect(String(decoding: out, as: UTF8.self) == Self.card())
    }

    @Test func oneStaleRuleAmongUsedOnesIsDeletedAlone() throws {
        let text = Self.card(trailing: " # scene: ignore flared-corner, pinched-corner")
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["unused-suppression"])
        let (out, _) = TextEdit.apply(try #require(f.first).fixes, to: Array(text.utf8))
        #expect(String(decoding: out, as: UTF8.self) == Self.card(trailing: " # scene: ignore pinched-corner"))
        #expect(Self.findings(String(decoding: out, as: UTF8.self)).isEmpty)
    }

    @Test func misspeltRulesErrorsAndEmptyDirectivesAreReported() {
        let typo = Self.findings(Self.card(trailing: " # scene: ignore pinched-coner"))
        #expect(typo.map(\.code) == ["pinched-corner", "unused-suppression"])
        #expect(typo.last?.message == "`pinched-coner` is not a rule: the suppression silences nothing")
        #expect(typo.last?.help == "did you mean `pinched-corner`?")
        #expect(typo.last?.fixes.isEmpty == true)
        let verb = Self.findings(Self.card(trailing: " # scene: ignroe pinched-corner"))
        #expect(verb.last?.message == "`ignroe` is not a suppression: it silences nothing")
        let error = Self.findings(Self.card(trailing: " # scene: ignore undefined-name"))
        #expect(error.last?.message == "`undefined-name` is an error: errors cannot be silenced")
        let empty = Self.findings(Self.card(trailing: " # scene: ignore"))
        #expect(empty.last?.message == "`# scene: ignore` names no rule: it silences nothing")
        // Prose after `scene:` is a plain comment, and so is a colour.
        #expect(Self.findings(Self.card(trailing: " # scene: a card with a photo")).map(\.code) == ["pinched-corner"])
    }

    @Test func fixDoesNotApplyASilencedFindingsFix() {
        let text = Self.card(trailing: " # scene: ignore pinched-corner")
        let o = Fixer.run(SourceFile(name: "t", text: text))
        #expect(o.text == nil)
        #expect(o.left.isEmpty)
    }

    @Test func fixRemovesAStaleSuppressionOnceItsFindingIsFixed() throws {
        // The pinched photo is fixed (concentric), so the suppression of a finding on
        // the same node that --fix clears goes too.
        let text = Self.card(trailing: " # scene: ignore pinched-corner").replacingOccurrences(of: "rect 20 size", with: "rect 20 size")
        let o = Fixer.run(SourceFile(name: "t", text: text.replacingOccurrences(of: "photo: rect 2", with: "photo: concentric min 8")))
        let out = try #require(o.text)
        #expect(out == Self.card().replacingOccurrences(of: "photo: rect 2", with: "photo: concentric min 8"))
    }

    /// The library API for other front ends: Swift comments, `//`.
    @Test func swiftCommentsGoThroughTheSameAPI() {
        let swift = """
        struct Card: View {
            var body: some View {
                // scene:ignore pinched-corner
                RoundedRectangle(cornerRadius: 8)
                RoundedRectangle(cornerRadius: 4) // scene:ignore flared-corner
            }
        }
        // scene:ignore-file missing-minimum
        """
        let file = SourceFile(name: "Card.swift", text: swift)
        // Each comment from its `//` to the end of its line, as a Swift front end lists them.
        func comment(_ needle: String) -> SourceComment {
            let lines = swift.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            let l = lines.firstIndex { String(decoding: $0, as: UTF8.self).contains(needle) }!
            let col = (0..<lines[l].count - 1).first { lines[l][$0] == UInt8(ascii: "/") && lines[l][$0 + 1] == UInt8(ascii: "/") }!
            return SourceComment(range: SourceRange(file.lineStarts[l] + col, file.lineStarts[l] + lines[l].count), marker: "//")
        }
        let comments = [comment("ignore pinched"), comment("ignore flared"), comment("ignore-file")]
        func at(_ line: Int, _ col: Int) -> SourceRange { SourceRange(file.lineStarts[line - 1] + col - 1, file.lineStarts[line - 1] + col) }
        let findings = [
            Diagnostic(.pinchedCorner, "pinched", at: at(4, 13)),
            Diagnostic(.pinchedCorner, "pinched", at: at(5, 13)),
            Diagnostic(.missingMinimum, "no minimum", at: at(2, 1)),
        ]
        let kept = Suppressions.apply(findings, comments: comments, in: file)
        #expect(kept.map(\.code) == ["pinched-corner", "unused-suppression"])
        #expect(kept.first.map { file.location(of: $0.range.start).line } == 5)
        #expect(kept.last?.message == "`ignore flared-corner` silences nothing: there is no `flared-corner` finding on line 5")
        #expect(kept.last.map { file.location(of: $0.range.start).description } == "5:59")
    }

    /// Every path that shows findings goes through the suppressions: the
    /// incremental check (REPL, editor) too.
    @Test func theIncrementalCheckSilencesAlike() throws {
        let text = Self.card(trailing: " # scene: ignore pinched-corner")
        let c = Pipeline.compile(SourceFile(name: "t", text: text))
        let scene = try #require(c.scene)
        let (f, _) = Checker.findings(scene, ast: c.parse.scene, file: c.file, roots: [CheckRoot(id: 1, version: 1, offset: 21)], cache: CheckCache())
        #expect(Array(f).isEmpty)
    }
}

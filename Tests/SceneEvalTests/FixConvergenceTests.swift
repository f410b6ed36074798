import Testing
import SceneLang
@testable import SceneEval

/// Issue 14 §1: `--fix` computes its fixes together, so they converge; it
/// stops on a cycle; it counts only edits that changed the file.
struct FixConvergenceTests {
    /// The issue's bottom sheet: on main before this change `--fix` said
    /// "applied 8 fixes" and left the file byte-identical (shape-mismatch said
    /// `container rect 16`, container-too-tight then `container rect 20`).
    static let sheet = """
        sheet: glass concentric min 54 uniform container rect 54 height 400 align bottom pad 8 <
          content: vstack spacing 16 pad 20 <
            card: concentric min 16 container rect 20 height 180 fill #ffffff <
              thumb: concentric min 8 size 60x60 align topLeading pad 12 fill #ff9500
            >
          >
        >

        """

    @Test func theSheetSettlesOnOneFixThatSatisfiesBoth() {
        let o = Fixer.run(SourceFile(name: "sheet.scene", text: Self.sheet))
        let want = Self.sheet.replacingOccurrences(of: "concentric min 16 container rect 20", with: "concentric min 20 container rect 20")
        #expect(o.text == want)
        #expect(o.applied == 1, "the joint fix's `container rect 20` was already there: one edit changed the file")
        #expect(o.stop == .settled)
        #expect(o.left.isEmpty)
        #expect(Fixer.fixAll(SourceFile(name: "sheet.scene", text: want)).text == nil)
    }

    @Test func theSheetsHelpGivesTheFixThatSatisfiesBoth() {
        let f = CheckerTests.findings(Self.sheet)
        #expect(f.map(\.code) == ["shape-mismatch"])
        #expect(f.first?.help?.contains("`concentric min 20 container rect 20`") == true, "\(f.first?.help ?? "")")
    }

    /// When both fire on the same container, their helps and fixes are one.
    @Test func mismatchAndTooTightOnOneNodeAgree() {
        let text = Self.sheet.replacingOccurrences(of: "container rect 20", with: "container rect 18")
        let f = CheckerTests.findings(text)
        #expect(Set(f.map(\.code)) == ["shape-mismatch", "container-too-tight"])
        #expect(Set(f.compactMap(\.help)).count == 1, "\(f.compactMap(\.help))")
        #expect(f.allSatisfy { $0.fixes == f[0].fixes })
        let o = Fixer.run(SourceFile(name: "t", text: text))
        #expect(o.text == Self.sheet.replacingOccurrences(of: "concentric min 16 container rect 20", with: "concentric min 20 container rect 20"))
        #expect(o.stop == .settled)
    }

    /// A flared node that is also too tight for its content: one radius, no tug of war.
    @Test func flaredAndTooTightOnOneNodeConverge() {
        let text = """
            screen 400x400 radius 0
            map: container rect 28 size 300x300 <
              card: rect 24 container rect 24 size 200x200 align topLeading pad 12 <
                thumb: concentric min 10 size 40x40 align topLeading pad 12
              >
            >

            """
        let o = Fixer.run(SourceFile(name: "t", text: text))
        #expect(o.stop == .settled)
        #expect(o.left.isEmpty, "\(o.left.map(\.message))")
        #expect(o.text?.contains("card: concentric min 22 container rect 22") == true, "\(o.text ?? "")")
    }

    /// Fixes that undo each other are stopped, not looped, and reported.
    @Test func aCycleIsDetected() {
        let a = "x: rect 10 size 40x40\n", b = "x: rect 12 size 40x40\n"
        func flip(_ c: Compilation) -> [Diagnostic] {
            let text = String(decoding: c.file.bytes, as: UTF8.self)
            var d = Diagnostic(.shapeMismatch, "flip", at: SourceRange(8, 10), help: nil)
            d.fixes = [TextEdit(SourceRange(8, 10), text == a ? "12" : "10")]
            return [d]
        }
        let o = Fixer.run(SourceFile(name: "t", text: a), findings: flip)
        #expect(o.stop == .cycle(rounds: 2))
        // Back at the start: nothing changed, nothing counted; and from b, it settles on b.
        #expect(o.text == nil)
        #expect(o.applied == 0)
        let fromB = Fixer.run(SourceFile(name: "t", text: b), findings: flip)
        #expect(fromB.stop == .cycle(rounds: 2))
        #expect(fromB.text == nil)
    }

    /// An edit that writes what is already there is not counted.
    @Test func unchangedEditsAreNotCounted() {
        func same(_ c: Compilation) -> [Diagnostic] {
            var d = Diagnostic(.shapeMismatch, "same", at: SourceRange(8, 10), help: nil)
            d.fixes = [TextEdit(SourceRange(8, 10), "10")]
            return [d]
        }
        let o = Fixer.run(SourceFile(name: "t", text: "x: rect 10 size 40x40\n"), findings: same)
        #expect(o.text == nil)
        #expect(o.applied == 0)
        #expect(o.stop == .settled)
        #expect(o.withoutFix.isEmpty)
    }
}

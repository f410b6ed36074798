import Foundation
import Testing
import SceneREPL

/// `:edit` keeps a node's layout and comments when a child is added, removed
/// or changed; `:add PARENT ITEM…` puts a child on its own line in PARENT's block.
@Suite struct REPLEditLayoutTests {
    static let card = """
        card: rect 28 container rect 28 size 300x200 <   # the card
          # the photo, inset one padding
          photo: concentric min 16 pad 12   # 28 − 12
          title: capsule size 100x20 align bottom pad 12
        >

        """

    static func shell() -> Shell {
        var sh = REPLTrialTests.shell()
        _ = sh.handle(card)
        return sh
    }

    @Test func aChildAddedGetsItsOwnLineAndTheCommentsStay() {
        var sh = Self.shell()
        let offered = sh.handle(":edit card").out.trimmingCharacters(in: .newlines)
        #expect(offered == "card: rect 28 container rect 28 size 300x200 < photo: concentric min 16 pad 12; title: capsule size 100x20 align bottom pad 12 >")
        let r = sh.handle(offered.replacingOccurrences(of: " >", with: "; badge: capsule size 40x20 >"))
        #expect(!r.failed)
        #expect(!r.out.contains("is now the one line"), "\(r.out)")
        #expect(sh.session.text == Self.card.replacingOccurrences(of: "pad 12\n>", with: "pad 12\n  badge: capsule size 40x20\n>"))
    }

    @Test func aChildRemovedTakesItsLinesAndAChangedOneKeepsItsComment() {
        var sh = Self.shell()
        _ = sh.handle(":edit card")
        let r = sh.handle("card: rect 28 container rect 28 size 300x200 < photo: concentric min 12 pad 12 >")
        #expect(!r.failed)
        #expect(sh.session.text == """
            card: rect 28 container rect 28 size 300x200 <   # the card
              # the photo, inset one padding
              photo: concentric min 12 pad 12   # 28 − 12
            >

            """)
    }

    @Test func addPutsAChildInTheBlockIndentedAndMakesABlockWhereThereIsNone() {
        var sh = Self.shell()
        let r = sh.handle(":add card badge: capsule size 40x20")
        #expect(r.out.hasPrefix("added `badge` to `card`\n"), "\(r.out) \(r.err)")
        _ = sh.handle(":add title x: rect 4 size 10x10; y: rect 2 size 5x5")
        #expect(sh.session.text == """
            card: rect 28 container rect 28 size 300x200 <   # the card
              # the photo, inset one padding
              photo: concentric min 16 pad 12   # 28 − 12
              title: capsule size 100x20 align bottom pad 12 <
                x: rect 4 size 10x10
                y: rect 2 size 5x5
              >
              badge: capsule size 40x20
            >

            """)
        #expect(sh.handle(":undo").out.hasPrefix("undid"))
        #expect(sh.handle(":add nope x: rect 4").err == "error: no statement or node `nope`\n")
        #expect(sh.handle(":add card let g = 4").err == "error: `:add` adds nodes; `let g = 4` is not one (type it on its own)\n")
        #expect(sh.handle(":add card").err.hasPrefix("error: usage: `:add PARENT ITEM…`"))
    }

    /// An `:add` the scene refuses is reported in the scene as it would be (the
    /// parent's new text was put together, not typed): the added child's line,
    /// and the first use's line where it is, not lines of an input nobody typed.
    @Test func aRefusedAddPointsIntoTheScene() {
        var sh = Self.shell()
        let before = sh.session.text
        let r = sh.handle(":add card photo: rect 3 size 5x5")
        #expect(r.failed && sh.session.text == before)
        #expect(!r.err.contains("<input>"), "\(r.err)")
        #expect(r.err.contains(":5:3: error[duplicate-label]: the label `photo` is already used"), "\(r.err)")
        #expect(r.err.contains("5 |   photo: rect 3 size 5x5") && r.err.contains("first used at line 3"), "\(r.err)")
        #expect(r.err.contains("note: not applied, the scene is unchanged"), "\(r.err)")
    }

    @Test func addCompletesALabelThenSceneText() {
        let labels = Completion.candidates(before: ":add ", word: "ca", names: [], labels: ["card", "photo"])
        #expect(labels == .words(["card"]))
        let kinds = Completion.candidates(before: ":add card badge: ", word: "caps", names: [], labels: ["card"])
        #expect(kinds == .words(["capsule"]))
    }
}

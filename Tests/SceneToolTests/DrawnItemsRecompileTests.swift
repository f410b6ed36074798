import Testing
import SceneLang
@testable import SceneEval
@testable import SceneREPL

/// Shapes that keep a container or a glass layer as drawn (`ResolvedShape.containerIsDrawn`,
/// `glassIsDrawn`), moved by the REPL's and the language server's incremental
/// compiles (`Shift`, `FlatMemo.shifted`): after every edit the session is what
/// compiling its whole text gives (`RecompileTests.same`). A glass-drawn node with
/// a container of its own in the box once kept that container's range unmoved.
/// (Written from a review's probes, 2026-12-05.)
@Suite struct DrawnItemsRecompileTests {
    static let text = """
        let x = 1
        margin 10
        screen 400 x 800 radius 40
        bar: glass rect 10 container rect 20 size 200x200 align center <
          concentric min 4 size 150x150
        >
        pl: glass capsule container capsule size 300x64 align bottom pad bottom 100 <
          concentric min 8 size 48x48 align leading pad leading 8
        >

        """

    /// An edit above them that changes the text's length (a statement replaced, a
    /// margin that re-checks every node).
    @Test(arguments: ["let x = 100", "margin 100", "let x = 2"])
    func anEditAboveMovesThem(_ edit: String) throws {
        let t = RecompileTests()
        let s0 = try #require(RecompileTests.load(Self.text))
        #expect(t.same(s0, "load"))
        let s1 = t.apply(s0, edit)
        #expect(s1.text != s0.text, "`\(edit)` not applied")
        #expect(t.same(s1, "after `\(edit)`"))
    }

    /// Binding edits, taken from the memo and shifted.
    @Test func bindingEditsThroughTheMemo() throws {
        let t = RecompileTests()
        let text = """
            let r = 10
            let y = 1
            screen 400 x 800 radius 40
            bar: glass rect 10 container rect 20 size 200x200 align center <
              concentric min r size 150x150
              rect r size 10x10
            >

            """
        var s = try #require(RecompileTests.load(text))
        for e in ["let r = 11", "let y = 100", "let r = 12", "let y = 3", "let r = 13"] {
            s = t.apply(s, e)
            #expect(t.same(s, "memo `\(e)`"))
        }
    }

    static let base = """
        let r = 28
        let m = 8
        screen 400 x 800 radius 40
        a: glass concentric min m container rect r size 300x300 align topLeading pad leading 10 top 10 <
          g: glass concentric min m size 60x60 align topLeading pad 6
          container rect r - 4 pad 4 <
            glass rect m clip rect m size 30x30
            glass capsule container capsule size 80x30 < concentric min 2 size 20x20 >
          >
        >
        b: glass rect 12 container rect 20 size 200x100 align center <
          concentric min m size 60x40 pad 8
        >
        container uneven(20, 10, 0, 40) clip rect 9 size 200x100 align bottom < concentric size 40x40 pad 2 >

        """

    static func edit(_ g: inout RecompileTests.Rng) -> String {
        let n = g.int(40) + 1
        switch g.int(10) {
        case 0: return "let r = \(n)"
        case 1: return "let m = \(n % 12)"
        case 2: return "a: glass concentric min m container rect r size \(200 + n)x300 align topLeading pad leading \(n) top 10"
        case 3: return "b: glass rect \(n) container rect \(n + 3) size 200x\(100 + n) align center"
        case 4: return "x\(g.int(3)): glass concentric min \(n) size 40x40 pad \(n)"
        case 5: return "margin \(n % 20)"
        case 6: return "target ios\(g.pick(["18", "26"]))"
        case 7: return ":undo"
        case 8: return "let q\(g.int(3)) = \(n * 1000)"
        default: return "c\(g.int(3)): container rect \(n) glass size 80x80 < glass concentric min 4 size 40x40 pad 4 >"
        }
    }

    /// Random edits of a scene of drawn containers and glass, beside boxed ones.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomEdits(seed: UInt64) throws {
        let t = RecompileTests()
        var g = RecompileTests.Rng(state: seed &* 7919)
        var s = try #require(RecompileTests.load(Self.base, as: "t.scene"))
        for k in 0..<60 {
            let input = Self.edit(&g)
            s = t.apply(s, input)
            guard t.same(s, "seed \(seed), edit \(k) `\(input)`") else { Issue.record("seed \(seed) differs"); return }
        }
    }
}

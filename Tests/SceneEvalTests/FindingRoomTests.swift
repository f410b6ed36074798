import Testing
import SceneLang
@testable import SceneEval

/// A whole check takes room for a finding on every shape when its rules find
/// the first one (`Context.record`), not before: a lint-clean scene and
/// `finish`'s unused bindings take none. (The incremental checker's parts run
/// on a context no whole check ran on: `findingRoom` is 0 there.)
struct FindingRoomTests {
    /// `cards` cards of 99 children each, as `scripts/gen-bench` writes them: a
    /// list's rows (lint-clean), or a grid's cells, each too tight for its minimum
    /// but those at the card's own corners (container-too-tight on 98 of 100 nodes).
    /// `header`: the bindings and the screen first; `from`: the first card's number.
    static func scene(cards: Int, grid: Bool, unusedLet: Bool = false, header: Bool = true, from: Int = 0) -> String {
        var s = header ? "let r = 28\n" + (unusedLet ? "let spare = 3\n" : "") + "screen 40000 x 40000 radius 40\n" : ""
        for c in from..<from + cards {
            let top = c * 3400
            if grid {
                s += "c\(c): container rect r size 360x360 align topLeading pad leading 0 top \(top) <\n"
                for k in 0..<99 {
                    s += "  concentric min 8 size 30x30 align topLeading pad leading \(6 + 34 * (k % 10)) top \(6 + 34 * (k / 10))\n"
                }
            } else {
                s += "c\(c): container rect r size 360x3374 vstack spacing 4 align topLeading pad leading 0 top \(top) <\n"
                for _ in 0..<99 { s += "  concentric min 15 height 30 pad h 6\n" }
            }
            s += ">\n"
        }
        return s
    }

    static func run(_ text: String) -> Context {
        let c = compile(text)
        var context = Context(scene: c.scene!, ast: c.parse.scene, file: c.file)
        context.run()
        return context
    }

    @Test func aLintCleanCheckTakesNoRoom() {
        let c = Self.run(Self.scene(cards: 3, grid: false))
        #expect(c.findings.isEmpty)
        #expect(c.findings.capacity == 0, "no rule found anything, yet \(c.findings.capacity) findings' room was taken")
        #expect(c.findingRoom == 0)
    }

    @Test func theFirstFindingTakesRoomForEveryShape() {
        let c = Self.run(Self.scene(cards: 3, grid: true))
        #expect(c.findings.count >= 250, "nearly every cell is too tight: \(c.findings.count) findings")
        #expect(c.findings.capacity >= c.scene.shapes.count)
        #expect(c.findingRoom == 0, "the room is taken once")
    }

    @Test func finishTakesNoRoomForAnUnusedBinding() {
        var c = Self.run(Self.scene(cards: 3, grid: false, unusedLet: true))
        #expect(c.findings.isEmpty)
        c.unusedBindings()
        #expect(c.findings.count == 1)
        #expect(c.findings.capacity < 100, "one unused-binding finding took room for \(c.findings.capacity)")
    }
}

import Foundation
import Testing
import SceneREPL

/// Nothing replaces the REPL's scene while it holds unsaved work without
/// keeping that work first: `:load FILE`, `:reset` (and its names `:new`,
/// `:clear`), and `:undo` / `:redo` across one of those write it to an
/// autosave, as leaving does, and say where.
@Suite struct REPLKeepWorkTests {
    final class Dir {
        let url: URL
        var state: String { url.appendingPathComponent("state").path }
        var home: String { url.appendingPathComponent("home.scene").path }
        init() throws {
            url = try REPLTrialTests.tempDir()
            try "home: rect 20 size 100x100\n".write(toFile: home, atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func shell() -> Shell { REPLTrialTests.shell(state: state) }
        func read(_ name: String) -> String? { try? String(contentsOfFile: state + "/" + name, encoding: .utf8) }
    }

    @Test func loadOverUnsavedWorkKeepsItAndLeavingLosesNothing() throws {
        let d = try Dir()
        var sh = d.shell()
        _ = sh.handle("a: rect 10 size 50")
        let load = sh.handle(":load \(d.home)")
        #expect(load.out.hasPrefix("loaded \(d.home): 1 statement, 1 shape"))
        #expect(load.err.hasPrefix("unsaved changes saved to \(d.state)/scene-autosave.scene (`:load \(d.state)/scene-autosave.scene` brings them back)\n"))
        #expect(d.read("scene-autosave.scene") == "a: rect 10 size 50\n")
        // The loaded file is saved work: leaving writes nothing more, and the kept work stays.
        #expect(sh.autosave() == Shell.Reply())
        #expect(sh.autosaves() == [d.state + "/scene-autosave.scene"])
        // A new session brings it back.
        var next = d.shell()
        #expect(next.handle(":load").out.hasPrefix("loaded \(d.state)/scene-autosave.scene: 1 statement"))
        #expect(next.session.text == "a: rect 10 size 50\n")
    }

    @Test func resetNewAndClearKeepUnsavedWork() throws {
        for command in [":reset", ":new", ":clear"] {
            let d = try Dir()
            var sh = d.shell()
            _ = sh.handle("let gap = 12")
            let r = sh.handle(command)
            #expect(r.out == "scene cleared (`:undo` brings it back)\n", "\(command)")
            #expect(r.err.hasPrefix("unsaved changes saved to \(d.state)/scene-autosave.scene"), "\(command): \(r.err)")
            #expect(d.read("scene-autosave.scene") == "let gap = 12\n")
            // The next scene is other work: leaving writes it to a new file, the kept one stays.
            _ = sh.handle("let other = 1")
            #expect(sh.autosave().err.hasPrefix("unsaved changes saved to \(d.state)/scene-autosave-2.scene\n"))
            #expect(d.read("scene-autosave.scene") == "let gap = 12\n")
            #expect(d.read("scene-autosave-2.scene") == "let other = 1\n")
        }
    }

    @Test func undoAndRedoAcrossALoadLoseNothingAndWriteNoSecondCopy() throws {
        let d = try Dir()
        var sh = d.shell()
        _ = sh.handle("a: rect 10 size 50")
        _ = sh.handle(":load \(d.home)")                      // keeps `a` in scene-autosave.scene
        // Past the load: what it replaces is the file as loaded, saved work: nothing to keep.
        let back = sh.handle(":undo")
        #expect(back.err.isEmpty, "\(back.err)")
        #expect(sh.session.text == "a: rect 10 size 50\n")
        // The load again, over the unsaved scene: it is kept already, and the message says where.
        let again = sh.handle(":redo")
        #expect(again.err.hasPrefix("unsaved changes are kept in \(d.state)/scene-autosave.scene (`:load \(d.state)/scene-autosave.scene` brings them back)\n"), "\(again.err)")
        #expect(sh.session.text == "home: rect 20 size 100x100\n")
        #expect(sh.autosaves().count == 1)
        // Leaving with the kept scene back in place writes no second copy.
        _ = sh.handle(":undo")
        #expect(sh.autosave().err == "unsaved changes are in \(d.state)/scene-autosave.scene\n(`:load \(d.state)/scene-autosave.scene` brings them back)\n")
        #expect(sh.autosaves().count == 1)
        // Changed since it was kept: leaving writes the new text to a new file.
        _ = sh.handle("b: capsule size 20x10")
        #expect(sh.autosave().err.hasPrefix("unsaved changes saved to \(d.state)/scene-autosave-2.scene\n"))
        #expect(d.read("scene-autosave.scene") == "a: rect 10 size 50\n")
        #expect(d.read("scene-autosave-2.scene") == "a: rect 10 size 50\nb: capsule size 20x10\n")
    }

    @Test func anUndoPastAResetKeepsTheSceneItLeaves() throws {
        let d = try Dir()
        var sh = d.shell()
        _ = sh.handle("let gap = 12")
        _ = sh.handle(":reset")                               // keeps `let gap` (scene-autosave.scene)
        _ = sh.handle(":undo")                                // `let gap` back; the reset is on the redo list
        // The reset again, over the unsaved scene: kept already, so no second copy.
        let redo = sh.handle(":redo")
        #expect(redo.err.hasPrefix("unsaved changes are kept in \(d.state)/scene-autosave.scene"), "\(redo.err)")
        #expect(sh.session.isEmpty)
        #expect(sh.autosaves() == [d.state + "/scene-autosave.scene"])
    }

    @Test func whenTheAutosaveCannotBeWrittenTheReplacementAsksFirst() throws {
        let d = try Dir()
        // The state folder's place is a file: nothing can be written there.
        try "x".write(toFile: d.state, atomically: true, encoding: .utf8)
        var sh = d.shell()
        _ = sh.handle("a: rect 10 size 50")
        let first = sh.handle(":load \(d.home)")
        #expect(first.failed)
        #expect(first.err.contains("error: cannot save your unsaved changes to \(d.state)/scene-autosave.scene"))
        #expect(first.err.hasSuffix("error: :load \(d.home) not done, so they are not lost; `:save FILE` keeps them, or :load \(d.home) again discards them\n"))
        #expect(sh.session.text == "a: rect 10 size 50\n")
        // Something else in between: asked again.
        _ = sh.handle(":list")
        #expect(sh.handle(":load \(d.home)").failed)
        // The same command straight after goes ahead (and says so).
        let second = sh.handle(":load \(d.home)")
        #expect(!second.failed)
        #expect(second.err.contains("note: :load \(d.home) discards them, as asked"))
        #expect(sh.session.text == "home: rect 20 size 100x100\n")
        // `:undo` still brings the work back within the session.
        _ = sh.handle(":undo")
        #expect(sh.session.text == "a: rect 10 size 50\n")
    }
}

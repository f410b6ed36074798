import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// The problems a new-user trial of the REPL found, one test (or more) each.
@Suite struct REPLTrialTests {
    static func shell(columns: Int = 60, terminal: Bool = false, state: String = "/nonexistent/state") -> Shell {
        var sh = Shell(settings: Shell.Settings(color: false, columns: columns, stateDirectory: state))
        sh.settings.outputIsTerminal = terminal
        return sh
    }

    static func seeded(columns: Int = 60, terminal: Bool = false) -> Shell {
        var sh = shell(columns: columns, terminal: terminal)
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        return sh
    }

    // MARK: quitting with unfinished input

    @Test func pipedQuitInsideAnOpenBlockSaysTheInputIsDiscarded() throws {
        let dir = try REPLHarness.sandbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try REPLHarness.run(["--no-history"], input: "let r = 20\ncard: rect r <\n:quit\n", in: dir)
        #expect(r.output.contains("unfinished input (1 line, from `card: rect r <`) discarded\n"))
        #expect(r.status == 0)
    }

    // MARK: clamped arithmetic

    @Test func aClampedDifferenceShowsItsSignAndThenZero() {
        var sh = Self.seeded()
        let diff = sh.handle("let map = 34").out
        #expect(diff.contains("top corners     minimum 22; concentric: map 34 − max(12, 140) → 0 (clamped)"))
        #expect(!diff.contains("= 0)"))
        let show = sh.handle(":show card").out
        #expect(show.contains("top corners     22: minimum 22; concentric: map 34 − max(12, 140) → 0 (clamped)"))
        // The table's R − d column is the arithmetic; the radius column says what was drawn.
        #expect(show.contains("topLeading          22  minimum              34  12  140       140   −106       22\n"))
        // A difference that stays positive reads as before.
        #expect(show.contains("bottom corners  22: concentric: map 34 − 12 = 22, minimum 22"))
    }

    // MARK: resolved lines

    @Test func resolvedLinesFitATerminalAndAreWholeInAPipe() throws {
        for (terminal, columns) in [(true, 140), (true, 80), (false, 140)] {
            var sh = Self.seeded(columns: columns, terminal: terminal)
            let out = sh.handle("let map = 34").out
            let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("resolved: ") })
            if terminal {
                #expect(line.count <= columns - 1, "\(columns) columns: \(line)")
                #expect(line.count >= columns - 2, "uses the width: \(line)")
                #expect(line.hasSuffix("…"))
            } else {
                #expect(line.hasSuffix("is below the minimum 10"), "\(line)")
                #expect(!line.contains("…"))
            }
        }
    }

    // MARK: where diagnostics point

    @Test func aNoteAboutAnotherLineSaysWhichFileItIsIn() throws {
        var sh = Self.seeded()
        let r = sh.handle("x: rect 2 <\n  card: rect 3\n>")
        #expect(r.failed)
        #expect(r.err.hasPrefix("<input>:2:3: error[duplicate-label]"))
        #expect(r.err.contains("= note: first used at <scene>:5 (statement 4)"), "\(r.err)")
        #expect(!r.err.contains("at line"))
        // A line that came from the input itself is named in the input.
        let s = sh.handle("y: rect 1 <\n  z: rect 1\n  z: rect 2\n>")
        #expect(s.err.contains("<input>:3:3: error[duplicate-label]"), "\(s.err)")
        #expect(s.err.contains("first used at <input>:2\n"), "\(s.err)")
    }

    @Test func aLoadedFileNamesTheSceneUntilReset() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("repl-trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("map.scene").path
        try (REPLSessionTests.seed.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var sh = Self.shell(state: dir.appendingPathComponent("state").path)
        #expect(!sh.handle(":load \(path)").failed)
        #expect(sh.session.file.name == path)
        // An edit that breaks another statement points into the loaded file.
        let r = sh.handle("let map = -40")
        #expect(r.err.hasPrefix("\(path):4:"), "\(r.err)")
        #expect(r.err.contains("note: not applied"))
        #expect(sh.handle(":show card").out.contains("(\(path):5:3)"))
        // The name survives edits and undo, and goes with :reset.
        _ = sh.handle("let map = 30")
        #expect(sh.session.file.name == path)
        _ = sh.handle(":reset")
        #expect(sh.session.file.name == "<scene>")
        _ = sh.handle(":undo")
        #expect(sh.session.file.name == path)
        // `:save` names it after the file written.
        let other = dir.appendingPathComponent("other.scene").path
        _ = sh.handle(":save \(other)")
        #expect(sh.session.file.name == other)
        #expect(sh.handle("let map = -40").err.hasPrefix("\(other):4:"))
    }

    // MARK: :svg options

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("repl-trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func svgTakesTheOptionsOfSceneRun() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sh = Self.seeded()
        let text = sh.session.text
        let out = dir.appendingPathComponent("out.svg").path
        let r = sh.handle(":svg \(out) --centers --labels")
        #expect(!r.failed, "\(r.err)")
        #expect(r.out == "wrote \(out) (3 shapes, corner centres, labels)\n")
        let scene = try #require(Pipeline.compile(SourceFile(name: "x", text: text)).scene)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true)))
        // Options before the file, and --compare: iOS 26 beside iOS 18.
        let cmp = dir.appendingPathComponent("cmp.svg").path
        #expect(!sh.handle(":svg --compare ios18 \(cmp)").failed)
        let file = SourceFile(name: "x", text: text)
        let a = try #require(Pipeline.compile(file, target: .ios26).scene), b = try #require(Pipeline.compile(file, target: .ios18).scene)
        #expect(try String(contentsOfFile: cmp, encoding: .utf8) == SVGWriter.write(a, compare: b, options: SVGOptions()))
        // Mistakes write nothing and say how it is used.
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        for bad in [":svg \(dir.path)/x.svg --centres2", ":svg \(dir.path)/a.svg \(dir.path)/b.svg", ":svg \(dir.path)/c.svg --compare",
                    ":svg \(dir.path)/d.svg --compare ios19", ":svg \(dir.path)/f.svg --compare ios26", ":svg -o \(dir.path)/e.svg"] {
            let e = sh.handle(bad)
            #expect(e.failed, "\(bad)")
            #expect(e.err.contains("usage: `:svg [FILE] [--centers] [--labels] [--guides] [--compare ios18|macos15]`"), "\(bad): \(e.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(sh.handle(":help svg").out.contains("--centers, --labels, --guides, --compare ios18"))
        #expect(Completion.candidates(before: ":svg out.svg ", word: "--c", names: [], labels: []) == .words(["--centers", "--compare"]))
        #expect(Completion.candidates(before: ":svg --compare ", word: "", names: [], labels: []) == .words(["ios18", "macos15"]))
    }

    // MARK: :edit keeps what it did not show

    static let sheet = """
    # the sheet
    sheet: concentric min 24 container rect 24 height 420 align bottom <  # the sheet
      # the grabber is a capsule
      grabber: capsule size 36x5 align top pad top 6
      buttons: hstack spacing 12 align bottom pad bottom 34 <
        cancel: capsule size 150x50
        done: capsule size 150x50
      >
    >
    """

    static func sheetShell() -> Shell {
        var sh = shell()
        _ = sh.handle(sheet)
        return sh
    }

    @Test func editThenEnterUnchangedIsANoOp() throws {
        var sh = Self.sheetShell()
        let before = sh.session.entries
        let e = sh.handle(":edit sheet")
        let line = try #require(e.prefill)
        #expect(!line.contains("#") && !line.contains("\n"))
        let r = sh.handle(line)
        #expect(r.out == "`sheet` unchanged\n")
        #expect(!r.failed)
        #expect(sh.session.entries == before)
        // Only spacing changed: still nothing to do.
        _ = sh.handle(":edit buttons")
        #expect(sh.handle("buttons:  hstack spacing 12   align bottom pad bottom 34 < cancel: capsule size 150x50; done: capsule size 150x50 >").out == "`buttons` unchanged\n")
        #expect(sh.session.entries == before)
        #expect(!sh.session.canUndo || sh.session.entries == before)
    }

    @Test func editWithAChangeKeepsLineBreaksAndComments() throws {
        var sh = Self.sheetShell()
        // A nested node: the change lands in the statement as written.
        let line = try #require(sh.handle(":edit buttons").prefill)
        let r = sh.handle(line.replacingOccurrences(of: "spacing 12", with: "spacing 16"))
        #expect(r.out.hasPrefix("[1] replaced `buttons`\n"), "\(r.out)")
        #expect(!r.out.contains("note:"))
        #expect(sh.session.text == Self.sheet.replacingOccurrences(of: "spacing 12", with: "spacing 16") + "\n")
        // The whole top-level node, a modifier added to a child.
        let whole = try #require(sh.handle(":edit sheet").prefill)
        _ = sh.handle(whole.replacingOccurrences(of: "size 36x5", with: "size 36x5 fill #c7c7cc"))
        #expect(sh.session.text.contains("\n  grabber: capsule size 36x5 fill #c7c7cc align top pad top 6\n"))
        #expect(sh.session.text.hasPrefix("# the sheet\nsheet: concentric min 24 container rect 24 height 420 align bottom <  # the sheet\n  # the grabber is a capsule\n"))
        // A modifier removed.
        let again = try #require(sh.handle(":edit 1").prefill)
        _ = sh.handle(again.replacingOccurrences(of: " height 420", with: ""))
        #expect(sh.session.text.hasPrefix("# the sheet\nsheet: concentric min 24 container rect 24 align bottom <  # the sheet\n"))
    }

    @Test func aChildInsertedBetweenTwoGetsItsLineAndOnlyChildrenSharingALineLoseTheLayout() throws {
        var sh = Self.sheetShell()
        let line = try #require(sh.handle(":edit sheet").prefill)
        // A new child between two others: a line of its own; the comments stay.
        let r = sh.handle(line.replacingOccurrences(of: "pad top 6;", with: "pad top 6; extra: rect 2 size 10x10;"))
        #expect(!r.failed, "\(r.err)")
        #expect(!r.out.contains("is now the one line"), "\(r.out)")
        #expect(sh.session.text == Self.sheet.replacingOccurrences(of: "pad top 6\n", with: "pad top 6\n  extra: rect 2 size 10x10\n") + "\n")
        _ = sh.handle(":undo")
        #expect(sh.session.text == Self.sheet + "\n")
        // Children sharing a line (`;`) cannot be kept line by line: the line replaces the node.
        var one = Self.shell()
        _ = one.handle("row: hstack <  # a row\n  a: rect 4 size 10x10; b: rect 4 size 10x10\n>")
        let offered = try #require(one.handle(":edit row").prefill)
        let w = one.handle(offered.replacingOccurrences(of: " >", with: "; c: rect 4 size 10x10 >"))
        #expect(w.out.contains("note: `row` is now the one line you entered; its line breaks and comments are gone (`:undo` brings them back)"), "\(w.out)")
        #expect(one.session.scene.index(ofLabel: "c") != nil)
    }

    @Test func editOfAnUnlabelledStatementReplacesIt() throws {
        var sh = Self.shell()
        _ = sh.handle("rect 4 size 10x10")
        let line = try #require(sh.handle(":edit 1").prefill)
        let r = sh.handle(line.replacingOccurrences(of: "rect 4", with: "rect 5"))
        #expect(r.out.hasPrefix("[1] replaced"), "\(r.out)")
        #expect(sh.session.entries.map(\.text) == ["rect 5 size 10x10"])
        // The offered line abandoned for another statement: that one is added as usual.
        _ = sh.handle(":edit 1")
        #expect(sh.handle("let a = 1").out.hasPrefix("[1] added"))
        _ = sh.handle(":edit 2")
        sh.forgetEdit()
        #expect(sh.handle("rect 6 size 10x10").out.hasPrefix("[3] added"))
        #expect(sh.session.entries.count == 3)
    }

    @Test func replacingABindingKeepsTheCommentAboveIt() {
        var sh = Self.shell()
        _ = sh.handle("# the map's radius\nlet map = 28  # from the design")
        _ = sh.handle("let map = 34")
        #expect(sh.session.entries.map(\.text) == ["# the map's radius\nlet map = 34"])
    }

    // MARK: a node typed without a block keeps its children

    @Test func aLabelledNodeWithoutABlockKeepsItsChildren() {
        var sh = Self.sheetShell()
        let r = sh.handle("buttons: hstack spacing 8 align bottom pad bottom 30")
        #expect(r.out.hasPrefix("[1] replaced `buttons`; kept its 2 children (`buttons: … < >` removes them)\n"), "\(r.out)")
        #expect(sh.session.scene.index(ofLabel: "cancel") != nil)
        #expect(sh.session.text.contains("\n  buttons: hstack spacing 8 align bottom pad bottom 30 <\n    cancel: capsule size 150x50\n"))
        // Top level, comments inside kept.
        let t = sh.handle("sheet: concentric min 20 container rect 20 height 400 align bottom")
        #expect(t.out.hasPrefix("[1] replaced; kept its 2 children (`sheet: … < >` removes them)\n"), "\(t.out)")
        #expect(sh.session.text.hasPrefix("# the sheet\nsheet: concentric min 20 container rect 20 height 400 align bottom <  # the sheet\n  # the grabber is a capsule\n"))
        #expect(sh.session.scene.shapes.count == 5)
        // An empty block removes them.
        let e = sh.handle("buttons: hstack spacing 8 < >")
        #expect(e.out.hasPrefix("[1] replaced `buttons`\n"))
        #expect(sh.session.scene.index(ofLabel: "cancel") == nil)
        // An error in the new head points at what was typed.
        let bad = sh.handle("sheet: concentric min nope")
        #expect(bad.err.hasPrefix("<input>:1:23: error[undefined-name]"), "\(bad.err)")
        // A node without children is simply replaced.
        #expect(sh.handle("grabber: capsule size 40x5").out.hasPrefix("[1] replaced `grabber`\n"))
    }

    // MARK: autosaves are never overwritten by another session

    static func stateShell(_ dir: URL) -> Shell { shell(state: dir.appendingPathComponent("state").path) }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func aSecondSessionDoesNotOverwriteTheFirstsAutosave() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        var a = Self.stateShell(dir)
        _ = a.handle("let extra = 6")
        let ra = a.autosave()
        #expect(ra.err == "unsaved changes saved to \(state)/scene-autosave.scene\n(`:load` with no file brings them back)\n")
        // Session B starts (the banner names A's work), types, leaves without loading it.
        var b = Self.stateShell(dir)
        #expect(b.autosaveBanner() == "Unsaved work from an earlier session is in \(state)/scene-autosave.scene; `:load` brings it back.\n")
        _ = b.handle("let q = 1")
        #expect(b.autosave().err.hasPrefix("unsaved changes saved to \(state)/scene-autosave-2.scene\n"))
        #expect(Self.read(state + "/scene-autosave.scene") == "let extra = 6\n")
        #expect(Self.read(state + "/scene-autosave-2.scene") == "let q = 1\n")
        // Leaving twice (`:quit` refused, then Ctrl-D) writes the same file again.
        _ = b.handle("let q = 2")
        #expect(b.autosave().err.hasPrefix("unsaved changes saved to \(state)/scene-autosave-2.scene\n"))
        // C: the banner counts them; `:load` brings back the newest and names the other.
        var c = Self.stateShell(dir)
        #expect(c.autosaveBanner()?.hasPrefix("Unsaved work from earlier sessions: 2 autosaves in \(state); `:load` brings back the newest (scene-autosave-2.scene)") == true)
        let l = c.handle(":load")
        #expect(l.out == "loaded \(state)/scene-autosave-2.scene: 1 statement, 0 shapes\n1 older autosave is kept (`:load FILE` loads one): scene-autosave.scene\n")
        // The session that loaded an autosave carries its work: it may overwrite it.
        _ = c.handle("let r = 3")
        #expect(c.autosave().err.hasPrefix("unsaved changes saved to \(state)/scene-autosave-2.scene\n"))
        #expect(Self.read(state + "/scene-autosave-2.scene") == "let q = 2\nlet r = 3\n")
        #expect(c.autosaves().count == 2)
    }

    @Test func anAutosaveLoadedAndSavedIsRemovedAndResetLetsItBe() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        var a = Self.stateShell(dir)
        _ = a.handle("let extra = 6")
        _ = a.autosave()
        var b = Self.stateShell(dir)
        _ = b.handle(":load")
        let file = dir.appendingPathComponent("kept.scene").path
        _ = b.handle(":save \(file)")
        #expect(b.autosave().err == "removed \(state)/scene-autosave.scene: its work is saved in \(file)\n")
        #expect(b.autosaves().isEmpty)
        #expect(b.handle(":load").err == "error: no autosave file in \(state)\n")
        // Loaded, then reset: the session no longer carries it, so a new file is written.
        var c = Self.stateShell(dir)
        _ = c.handle("let one = 1")
        _ = c.autosave()
        var d = Self.stateShell(dir)
        _ = d.handle(":load \(state)/scene-autosave.scene")
        _ = d.handle(":reset")
        _ = d.handle("let two = 2")
        #expect(d.autosave().err.hasPrefix("unsaved changes saved to \(state)/scene-autosave-2.scene\n"))
        #expect(Self.read(state + "/scene-autosave.scene") == "let one = 1\n")
    }

    @Test func theNewestAutosavesAreKept() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        // README: "the 10 newest are kept (writing an eleventh removes the oldest)";
        // the literal, not Shell's constant, so changing one without the other fails.
        let kept = 10
        for i in 1...kept {
            var sh = Self.stateShell(dir)
            _ = sh.handle("let v\(i) = \(i)")
            _ = sh.autosave()
            // Distinct times, oldest first, whatever the file system's clock resolution.
            let name = i == 1 ? "scene-autosave.scene" : "scene-autosave-\(i).scene"
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(i))],
                                                  ofItemAtPath: state + "/" + name)
        }
        var sh = Self.stateShell(dir)
        #expect(sh.autosaves().count == kept)
        _ = sh.handle("let newest = 1")
        let r = sh.autosave()
        #expect(r.err.contains("saved to \(state)/scene-autosave-\(kept + 1).scene"))
        #expect(r.err.contains("removed the oldest: scene-autosave.scene"))
        let left = sh.autosaves()
        #expect(left.count == kept)
        #expect(left.first == state + "/scene-autosave-\(kept + 1).scene")
        #expect(!left.contains(state + "/scene-autosave.scene"))
        #expect(sh.handle(":help load").out.contains("the \(kept) newest are kept"))
    }

    // MARK: :preview fits the terminal

    @Test func previewFitsTheHeightOfATallScreenAndTheWidthOfAWideShape() {
        var sh = Self.seeded(columns: 140)
        sh.settings.rows = 45
        let phone = sh.handle(":preview").out.split(separator: "\n").dropLast()
        #expect(phone.count <= 42)
        #expect(phone.map(\.count).max()! < 70, "a phone is as tall as the terminal, so narrower than it")
        let map = sh.handle(":preview map").out.split(separator: "\n").dropLast()
        #expect(map.map(\.count).max()! > 100, "a wide shape is drawn wider")
        #expect(sh.handle(":help preview").out.contains("as large as\n    fits the terminal: a phone screen as tall as the terminal (so narrower than it)"))
    }
}

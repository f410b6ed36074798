import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// The REPL's engine, tested as values: no terminal, no files.
@Suite struct REPLSessionTests {
    static let seed = [
        "let inner = 16",
        "let map = 28",
        "let inset = 12",
        "map: container rect map size 360x240 fill #4a8 <\n  card: glass concentric min map - inset uniform container rect map - inset size 336x88 align bottom pad inset <\n    thumb: concentric min 10 size 64x64 align leading pad 12\n  >\n>",
    ]

    func accept(_ s: Session, _ input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (Session, [String]) {
        guard case .accepted(let n, let actions) = s.applying(input) else {
            Issue.record("expected `\(input)` to be accepted", sourceLocation: sourceLocation)
            return (s, [])
        }
        return (n, actions)
    }

    func reject(_ s: Session, _ input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Session.Rejection? {
        guard case .rejected(let r) = s.applying(input) else {
            Issue.record("expected `\(input)` to be rejected", sourceLocation: sourceLocation)
            return nil
        }
        return r
    }

    func seeded() -> Session {
        var s = Session()
        for line in Self.seed { s = accept(s, line).0 }
        return s
    }

    func radii(_ s: Session, _ label: String) -> [Double] {
        s.scene.shapes[s.scene.index(ofLabel: label)!].radii.values
    }

    @Test func buildsTheSeedSceneStatementByStatement() {
        let s = seeded()
        #expect(s.entries.count == 4)
        #expect(radii(s, "map") == [28, 28, 28, 28])
        #expect(radii(s, "card") == [16, 16, 16, 16])
        #expect(radii(s, "thumb") == [10, 10, 10, 10])
        #expect(s.hasUnsavedChanges)
    }

    @Test func letReplacesTheBindingInPlaceAndTheCardFollows() {
        let s = seeded()
        let (t, actions) = accept(s, "let map = 34")
        #expect(actions == ["[2] replaced"])
        #expect(t.entries.count == 4)
        #expect(t.entries[1].text == "let map = 34")
        #expect(t.entries[1].id == s.entries[1].id)
        #expect(radii(t, "map") == [34, 34, 34, 34])
        #expect(radii(t, "card") == [22, 22, 22, 22])
    }

    @Test func aLabelReplacesTheNestedNodeAndKeepsIndentation() {
        let s = seeded()
        let (t, actions) = accept(s, "thumb: concentric min 10 size 64x64 align leading pad 20")
        #expect(actions == ["[4] replaced `thumb`"])
        #expect(t.entries[3].text.contains("\n    thumb: concentric min 10 size 64x64 align leading pad 20\n  >"))
        // A multi-line replacement is re-indented to where the old node stood.
        let (u, _) = accept(t, "card: concentric size 100x50 <\n  inner1: concentric min 4 pad 6\n>")
        #expect(u.entries[3].text.contains("\n  card: concentric size 100x50 <\n    inner1: concentric min 4 pad 6\n  >\n>"))
        #expect(u.scene.index(ofLabel: "thumb") == nil)
    }

    @Test func aNewLabelCloseToAnExistingOneIsAddedWithADidYouMean() {
        var s = Session()
        (s, _) = accept(s, "widget: container rect 20 size 200x100")
        let (t, actions) = accept(s, "widgt: rect 30")
        #expect(actions == ["[2] added; did you mean to replace `widget`? (`:undo`, then `widget: …`)"])
        #expect(t.entries.count == 2)
        // Nested labels count; a label far from every other is added quietly.
        let (u, nested) = accept(s, "widget: container rect 20 size 200x100 <\n  thumb: concentric min 8 pad 12\n>")
        #expect(nested == ["[1] replaced"])
        #expect(accept(u, "thum: rect 4").1 == ["[2] added; did you mean to replace `thumb`? (`:undo`, then `thumb: …`)"])
        #expect(accept(u, "banner: rect 4").1 == ["[2] added"])
        // A numbered series is not a typo: `row2` beside `row1`.
        let (w, _) = accept(Session(), "row1: rect 4")
        #expect(accept(w, "row2: rect 4").1 == ["[2] added"])
        // Short labels are too short for a guess: `ab` is not a typo of `abc`.
        let (v, _) = accept(Session(), "abc: rect 4")
        #expect(accept(v, "ab: rect 4").1 == ["[2] added"])
    }

    @Test func newSettingsGoAfterTheLastSettingSoNodesCanUseThem() {
        let s = seeded()
        let (t, actions) = accept(s, "let pad2 = 20")
        #expect(actions == ["[4] added"])
        #expect(Array(t.entries.map(\.text).prefix(4)) == ["let inner = 16", "let map = 28", "let inset = 12", "let pad2 = 20"])
        // …so a node replaced in place can use the new name.
        _ = accept(t, "thumb: concentric min 10 size 64x64 align leading pad pad2")
    }

    @Test func aRejectedInputLeavesTheSessionExactlyAsItWas() throws {
        let s = seeded()
        let r = try #require(reject(s, "let x = mpa + 1"))
        #expect(r.diagnostics.count == 1)
        let (d, file) = try #require(r.diagnostics.first)
        #expect(file.name == "<input>")
        #expect(d.code == "undefined-name")
        #expect(file.location(of: d.range.start).column == 9)
        // A parse error points into the input too.
        let p = try #require(reject(s, "card: rect"))
        #expect(try #require(p.diagnostics.first).1.name == "<input>")
        // The session is a value, so `s` cannot change; what must not change is the
        // shell's session, which a rejected input reaches through `handle`.
        var sh = Shell(settings: Shell.Settings(color: false, columns: 60, stateDirectory: "/nonexistent/state"))
        for line in Self.seed { _ = sh.handle(line) }
        let before = sh.session
        for bad in ["let x = mpa + 1", "card: rect", "map: container rect -1", "let map = 1 / 0"] {
            #expect(sh.handle(bad).failed, "\(bad)")
            #expect(sh.session.entries == before.entries, "\(bad) changed the statements")
            #expect(sh.session.text == before.text, "\(bad) changed the text")
            #expect(sh.session.hasUnsavedChanges == before.hasUnsavedChanges)
            #expect(radii(sh.session, "card") == [16, 16, 16, 16])
        }
    }

    @Test func anEditThatBreaksAnotherStatementIsRefusedWithTheSceneLocation() throws {
        let s = seeded()
        let r = try #require(reject(s, "let map = -40"))
        let (d, file) = r.diagnostics[0]
        #expect(file.name == "<scene>")
        #expect(d.code == "negative-radius")
        #expect(file.location(of: d.range.start).line == 4)
    }

    @Test func errorsInsideAReplacedNestedNodeMapBackToTheInput() throws {
        let s = seeded()
        let r = try #require(reject(s, "card: concentric size 100x50 <\n  x1: rect nope\n>"))
        let (d, file) = r.diagnostics[0]
        #expect(file.name == "<input>")
        let loc = file.location(of: d.range.start)
        #expect(loc.line == 2 && loc.column == 12)
        #expect(file.text(d.range.start..<d.range.end) == "nope")
    }

    @Test func deleteByNumberLabelAndName() {
        let s = seeded()
        guard case .success(.accepted(let a, let act)) = s.deleting("thumb") else { Issue.record("delete thumb"); return }
        #expect(act == ["[4] deleted `thumb`"])
        #expect(!a.entries[3].text.contains("thumb"))
        #expect(a.entries[3].text.split(separator: "\n").count == 4)
        guard case .success(.accepted(let b, _)) = s.deleting("let inner") else { Issue.record("delete let inner"); return }
        #expect(b.entries.count == 3)
        // `map` is a label and a name: the label wins.
        guard case .success(.accepted(let c, _)) = s.deleting("map") else { Issue.record("delete map"); return }
        #expect(c.scene.shapes.isEmpty)
        #expect(c.names.contains("map"))
        // Deleting a binding still in use is refused.
        guard case .success(.rejected) = s.deleting("let map") else { Issue.record("delete let map should be refused"); return }
        #expect(s.deleting("9") == .failure(.noStatement(9, count: 4)))
        if case .failure(.noLabel("thum", let sug)) = s.deleting("thum") { #expect(sug == "thumb") } else { Issue.record("thum") }
    }

    @Test func undoAndRedoWalkTheHistory() throws {
        let s = seeded()
        let (t, _) = accept(s, "let map = 34")
        let (u, what) = try #require(t.undoing())
        #expect(what == "let map = 34")
        #expect(u.text == s.text)
        #expect(radii(u, "card") == [16, 16, 16, 16])
        let (r, _) = try #require(u.redoing())
        #expect(r.text == t.text)
        // A new edit clears the redo stack.
        let (v, _) = accept(u, "let inner = 20")
        #expect(v.redoing() == nil)
        #expect(Session().undoing() == nil)
    }

    @Test func savingMarksTheSessionClean() {
        let s = seeded()
        let saved = s.saved(as: "map.scene")
        #expect(!saved.hasUnsavedChanges)
        #expect(saved.fileName == "map.scene")
        #expect(accept(saved, "let map = 30").0.hasUnsavedChanges)
        #expect(!Session().hasUnsavedChanges)
    }

    @Test func loadingSplitsStatementsKeepingComments() {
        let text = "# corners\nlet a = 1; let b = 2  # two\n\n# the card\ncard: rect a <\n  x: rect b\n>\n# trailing\n"
        guard case .accepted(let s, _) = Session().replacingAll(with: SourceFile(name: "f.scene", text: text), what: ":load") else {
            Issue.record("load"); return
        }
        #expect(s.entries.map(\.text) == ["# corners\nlet a = 1", "let b = 2  # two", "# the card\ncard: rect a <\n  x: rect b\n>"])
        // What lies between and after the statements is kept: the text is the file's (issue 14).
        #expect(s.tail == "\n# trailing\n")
        #expect(s.text == text)
        #expect(s.scene.shapes.count == 2)
    }

    @Test func multipleStatementsInOneInput() {
        let (s, actions) = accept(Session(), "let a = 4; let b = a * 2\nx: rect b size 40x40")
        #expect(actions == ["[1] added", "[2] added", "[3] added"])
        #expect(radii(s, "x") == [8, 8, 8, 8])
        #expect(Session().applying("# just a comment") == .nothing)
    }

    @Test func diffFollowsUnlabelledNodesAcrossDeletions() {
        var s = Session()
        s = accept(s, "rect 4 size 10x10").0
        s = accept(s, "rect 8 size 20x20 <\n  rect 2 size 5x5\n>").0
        guard case .success(.accepted(let t, _)) = s.deleting("1") else { Issue.record("delete"); return }
        let ka = SceneDiff.keys(of: s.scene, nodeEntryIDs: s.nodeEntryIDs)
        let kb = SceneDiff.keys(of: t.scene, nodeEntryIDs: t.nodeEntryIDs)
        let d = SceneDiff.between(s.scene, keys: ka, t.scene, keys: kb)
        #expect(d.removed == [0])
        #expect(d.added.isEmpty)
        #expect(d.changed.isEmpty)
    }

    /// The diff that skips building keys when the structure is unchanged is
    /// the keyed diff, for value edits and structural ones alike.
    @Test func diffWithoutKeysIsTheKeyedDiff() {
        func keyed(_ s: Session, _ t: Session) -> String {
            let d = SceneDiff.between(s.scene, keys: SceneDiff.keys(of: s.scene, nodeEntryIDs: s.nodeEntryIDs),
                                      t.scene, keys: SceneDiff.keys(of: t.scene, nodeEntryIDs: t.nodeEntryIDs))
            return Report.diff(d, old: s.scene, new: t.scene, paint: Painter(color: false))
        }
        var s = Session()
        for line in Self.seed { s = accept(s, line).0 }
        var compared = 0
        for edit in ["let map = 40", "let inset = 4", "map: container rect 20 size 360x240 fill #4a8", "rect 3 size 9x9 <\n  rect 1 size 4x4\n>",
                     "let inner = 2", "target ios18",
                     "box: rect 3 size 90x90 <\n  a: rect 1 size 4x4 pad leading 3\n  rect 2 size 4x4\n>",
                     "box: rect 3 size 90x90 <\n  rect 1 size 4x4 pad leading 3\n  a: rect 2 size 4x4\n>", "rect 5 size 9x9 <\n  rect 1 size 4x4\n  rect 2 size 4x4\n>"] {
            let t = accept(s, edit).0
            let d = SceneDiff.between(s.scene, nodeEntryIDs: s.nodeEntryIDs, t.scene, nodeEntryIDs: t.nodeEntryIDs)
            let text = Report.diff(d, old: s.scene, new: t.scene, paint: Painter(color: false))
            #expect(text == keyed(s, t), "after `\(edit)`")
            if !text.isEmpty { compared += 1 }
            s = t
        }
        #expect(compared >= 5)
    }

    @Test func diffReportsRadiiPerCornerWithReasons() {
        var s = Session()
        s = accept(s, "panel: concentric size 386x240 align bottom pad 8").0
        let (t, _) = accept(s, "panel: concentric min 12 size 386x240 align bottom pad 8")
        let ka = SceneDiff.keys(of: s.scene, nodeEntryIDs: s.nodeEntryIDs)
        let kb = SceneDiff.keys(of: t.scene, nodeEntryIDs: t.nodeEntryIDs)
        let text = Report.diff(SceneDiff.between(s.scene, keys: ka, t.scene, keys: kb), old: s.scene, new: t.scene, paint: Painter(color: false))
        #expect(text.contains("~ panel  radii 0 0 54 54 → 12 12 54 54"))
        #expect(text.contains("top corners  0 → 12  minimum 12; concentric: screen 62 − max(8, 626) → 0 (clamped)"))
    }

    @Test func findingsAreNewOnlyWhenTheirSourceTextIsNew() {
        let f1 = SourceFile(name: "<scene>", text: "aaa bbb")
        let f2 = SourceFile(name: "<scene>", text: "xx aaa bbb")
        let old = [Diagnostic(.flaredCorner, "one 1", at: SourceRange(0, 3))]
        let same = [Diagnostic(.flaredCorner, "one 2", at: SourceRange(3, 6))]
        #expect(Report.newFindings(old: old, in: f1, new: same, in: f2).isEmpty)
        let other = [Diagnostic(.flaredCorner, "one", at: SourceRange(7, 10))]
        #expect(Report.newFindings(old: old, in: f1, new: other, in: f2).count == 1)
    }
}

@Suite struct REPLInputTests {
    @Test(arguments: [
        ("let a = 1", 0), ("map: rect 28 <", 1), ("a: rect 1 <\n b: rect 2 <", 2), ("a: rect 1 <\n>", 0),
        (">", 0), ("x: uneven(1, 2,", 1), ("# a < in a comment", 0), ("a: rect 1 < b: rect 2 >", 0),
    ])
    func continuation(_ text: String, _ depth: Int) {
        #expect(InputBuffer.openDepth(text) == depth)
    }

    @Test func multiLineInputsBecomeOneHistoryLine() {
        #expect(InputBuffer.historyLine(["map: rect 28 <", "  a: rect 1", "  b: rect 2", ">"]) == "map: rect 28 < a: rect 1; b: rect 2 >")
        // Comments are left out, so the block is still one entry.
        #expect(InputBuffer.historyLine(["map: rect 28 <  # big", ">"]) == "map: rect 28 < >")
        #expect(InputBuffer.historyLine(["box: container rect 20 size 100x100 < # the box", "  # a comment line",
                                         "  inner: concentric min 4 pad 8", ">"])
                == "box: container rect 20 size 100x100 < inner: concentric min 4 pad 8 >")
        // Even a block that does not parse is one entry (recalled, it can be fixed).
        #expect(InputBuffer.historyLine(["a: rect <", "  b: rect 1", ">"]) == "a: rect < b: rect 1 >")
        #expect(InputBuffer.joined(["a: rect <", "  b: rect 1", ">"], strict: true) == nil)
        #expect(InputBuffer.stripComment("x: rect 2 fill #4a8 # green") == "x: rect 2 fill #4a8 ")
        #expect(InputBuffer.historyLine(["map: rect 28 fill #4a8 <", "  a: rect 1 fill #fff", ">"]) == "map: rect 28 fill #4a8 < a: rect 1 fill #fff >")
        #expect(InputBuffer.historyLine(["let a = 1"]) == "let a = 1")
    }

    @Test func completion() {
        let c = { (before: String, word: String) in
            Completion.candidates(before: before, word: word, names: ["map", "inset"], labels: ["card", "thumb"])
        }
        #expect(c("", ":sc") == .words([":screen"]))
        #expect(c("", ":") == .words(Shell.commands.map { ":" + $0.name }.sorted()))
        #expect(c(":screen ", "iphone-16-pro") == .words(["iphone-16-pro", "iphone-16-pro-max"]))
        #expect(c(":target ", "") == .words(["ios18", "ios26", "macos15", "macos26"]))
        #expect(c(":target ", "mac") == .words(["macos15", "macos26"]))
        #expect(c(":show ", "") == .words(["card", "thumb"]))
        #expect(c(":save ", "ma") == .files)
        #expect(c(":help ", "pr") == .words(["preview"]))
        #expect(c("let gap = ", "ma") == .words(["map", "max"]))
        #expect(c("x: concentric min map - ", "ins") == .words(["inset"]))
        #expect(c("x: rect ", "m") == .words(["map", "max", "min"]))
        #expect(c("x: pad ", "t") == .words(["top", "trailing"]))
        #expect(c("screen ", "ipad") == .words(["ipad-air", "ipad-mini", "ipad-pro-11", "ipad-pro-11-m4", "ipad-pro-11-m5",
                                                "ipad-pro-13-m4", "ipad-pro-13-m5"]))
        // The new devices complete, from the preset table.
        #expect(c("screen ", "iphone-17") == .words(["iphone-17", "iphone-17-pro", "iphone-17-pro-max"]))
        #expect(c(":screen ", "iphone-a") == .words(["iphone-air"]))
        #expect(c(":screen ", "mac-window-t") == .words(["mac-window-titlebar", "mac-window-toolbar"]))
        #expect(c("x: rect 2 fill ", "bl") == .words(["black", "blue"]))
        #expect(c("x: rect 2 align ", "topL") == .words(["topLeading"]))
        #expect(c("", "th") == .words(["thumb"]))
        // Where a statement starts: statements, items and labels, not `continuous` (a style's word).
        #expect(c("", "con") == .words(["concentric", "container"]))
        // Inside an expression: after an operator only values; after a value the
        // next modifier, never a label, a statement keyword or a name.
        #expect(c("x: concentric min map - ", "") == .words(["inset", "map", "max", "min"]))
        #expect(c("x: concentric min (map + ", "") == .words(["inset", "map", "max", "min"]))
        let afterValue = c("x: concentric min ma ", "")
        guard case .words(let w) = afterValue else { Issue.record("words"); return }
        #expect(!w.contains("card") && !w.contains("thumb") && !w.contains("let") && !w.contains("screen") && !w.contains("map"))
        #expect(w.contains("size") && w.contains("uniform"))
        // `spacing` goes after a stack keyword only.
        #expect(c("x: concentric min 10 ", "s") == .words(["size", "style"]))
        #expect(c("x: hstack ", "s") == .words(["size", "spacing", "style"]))
        #expect(c("x: concentric min 10 ", "th") == .words([]))
        // After a label: items only (no alignment or style word).
        #expect(c("x: ", "c") == .words(["capsule", "circle", "clip", "concentric", "container"]))
        // Issue 14 §4: after a value, only what may follow it there.
        guard case .words(let thumb) = c("thumb: concentric min 12 ", "") else { Issue.record("words"); return }
        #expect(thumb.contains("uniform") && thumb.contains("<") && thumb.contains("size"))
        #expect(!thumb.contains("topLeading") && !thumb.contains("h") && !thumb.contains("v") && !thumb.contains("all"))
        #expect(c("x: concentric ", "m") == .words(["min"]))
        #expect(c("x: container ", "") == .words(["capsule", "circle", "rect", "rectangle", "uneven"]))
        #expect(c("target ", "") == .words(["ios18", "ios26", "macos15", "macos26"]))
        // Readline's word runs over `-` and `:`: the engine completes its end and the head stays.
        #expect(c("x: rect map ", "-ins") == .words(["-inset"]))
        #expect(c("", "x:con") == .words(["x:concentric", "x:container"]))
        // At a `...>` prompt the earlier lines of the input say which block is open.
        guard case .words(let inner) = Completion.candidates(before: "  ", word: "", names: [], labels: [],
                                                             context: "map: rect 2 <\n") else { Issue.record("words"); return }
        #expect(inner.contains(">") && !inner.contains("let") && !inner.contains("screen"))
        guard case .words(let top) = Completion.candidates(before: "", word: "", names: [], labels: []) else { Issue.record("words"); return }
        #expect(!top.contains(">") && top.contains("let"))
        // A new statement after `;` or inside a block may be a label again.
        #expect(c("let a = 1; ", "th") == .words(["thumb"]))
        #expect(c("map: rect 2 < ", "th") == .words(["thumb"]))
    }
}

@Suite struct REPLShellTests {
    func shell() -> Shell { Shell(settings: Shell.Settings(color: false, columns: 60, stateDirectory: "/nonexistent/state")) }

    @Test func unknownCommandsGetDidYouMean() {
        var sh = shell()
        let r = sh.handle(":lsit")
        #expect(r.failed)
        #expect(r.err == "error: unknown command `:lsit`; did you mean `:list`?\n")
        #expect(sh.anyRejected)
        #expect(sh.handle(":shwo card").err.contains("did you mean `:show`?"))
        #expect(sh.handle("quit").err.contains("did you mean `:quit`?"))
    }

    @Test func helpListsEveryCommandAndExplainsOne() {
        var sh = shell()
        let all = sh.handle(":help").out
        for c in Shell.commands { #expect(all.contains(":" + c.name)) }
        #expect(sh.handle(":help delete").out.contains(":delete N|LABEL|let NAME"))
        #expect(sh.handle(":help :undo").out.hasPrefix(":undo"))
    }

    /// The command table is the one source: names and aliases are distinct, an
    /// alias does what its command does (dispatch and completion), a command
    /// listed without arguments refuses one, and README's REPL section names
    /// every command.
    @Test func theCommandTableDrivesDispatchCompletionAndTheReadme() throws {
        let names = Shell.commands.map(\.name)
        let all = names + Shell.commands.flatMap(\.aliases)
        #expect(Set(all).count == all.count, "a name or alias is used twice")
        let complete = { (before: String) in
            Completion.candidates(before: before, word: "", names: ["gap"], labels: ["card"])
        }
        for c in Shell.commands {
            #expect(Shell.canonical(c.name) == c.name)
            for a in c.aliases {
                #expect(Shell.canonical(a) == c.name)
                #expect(complete(":\(a) ") == complete(":\(c.name) "), "`:\(a)` completes like `:\(c.name)`")
            }
            if c.args.isEmpty {
                var sh = shell()
                let r = sh.handle(":\(c.name) something")
                #expect(r.failed && r.err == "error: `:\(c.name)` takes no argument\n")
            }
        }
        var sh = shell()
        _ = sh.handle("card: rect 12 size 100x50")
        #expect(sh.handle(":ls").out == sh.handle(":list").out)
        #expect(sh.handle(":h undo").out == sh.handle(":help undo").out)
        var other = sh
        let removed = sh.handle(":rm card")
        #expect(!removed.failed && removed == other.handle(":delete card") && sh.session.isEmpty)
        #expect(sh.handle(":q").quit && sh.handle(":exit").quit)
        #expect(Shell.canonical("frobnicate") == nil)

        let readme = try String(contentsOf: REPLHarness.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## The REPL")).upperBound
        let section = readme[start...]
        let end = section.range(of: "\n## ").map(\.lowerBound) ?? section.endIndex
        for n in names {
            #expect(section[..<end].contains("`:\(n)"), "README's REPL section does not mention `:\(n)`")
        }
    }

    @Test func showExplainsEachCorner() {
        var sh = shell()
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        let out = sh.handle(":show card").out
        #expect(out.contains("against    map: container rect 28"))
        #expect(out.contains("  bottom corners  16: concentric: map 28 − 12 = 16, minimum 16\n"))
        #expect(out.contains("  bottomLeading       16  concentric           28  12   12        12     16       16\n"))
        #expect(sh.handle(":show crad").err.contains("did you mean `card`?"))
    }

    @Test func jsonAstTokensAndCheck() {
        var sh = shell()
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        #expect(sh.handle(":json").out.hasPrefix("{"))
        #expect(sh.handle(":ast thumb").out.hasPrefix("node thumb: @"))
        #expect(sh.handle(":tokens rect 28").out == "1:1 keyword \"rect\"\n1:6 number 28\n1:8 eof\n")
        #expect(sh.handle(":check").failed == false)
        #expect(sh.handle(":list extra").failed)
    }

    @Test func editPutsAStatementOnOneLine() {
        var sh = shell()
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        #expect(sh.handle(":edit thumb").prefill == "thumb: concentric min 10 size 64x64 align leading pad 12")
        #expect(sh.handle(":edit 2").prefill == "let map = 28")
        let card = sh.handle(":edit card")
        #expect(card.prefill == "card: glass concentric min map - inset uniform container rect map - inset size 336x88 align bottom pad inset < thumb: concentric min 10 size 64x64 align leading pad 12 >")
        #expect(card.out == card.prefill! + "\n")
        // The line, entered as it stands, changes nothing.
        let again = sh.handle(card.prefill!)
        #expect(again.out == "`card` unchanged\n")
        // Typed again without `:edit` before it, it is an ordinary replacement.
        #expect(sh.handle(card.prefill!).out == "[4] replaced `card` (nothing else changed)\n")
        #expect(sh.handle(":edit thum").err.contains("did you mean `thumb`?"))
    }

    @Test func screenAndTargetCommandsEditTheScene() {
        var sh = shell()
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        let r = sh.handle(":target ios18")
        #expect(r.out.contains("target ios26 → ios18"))
        #expect(sh.session.scene.target == .ios18)
        #expect(sh.handle(":screen iphone-71").err.contains("did you mean"))
        #expect(sh.handle(":screen iphone-se").out.contains("screen iphone-16-pro 402×874 radius 62 → iphone-se 375×667 radius 0"))
        #expect(Array(sh.session.entries.prefix(5).map(\.text)) == ["let inner = 16", "let map = 28", "let inset = 12", "target ios18", "screen iphone-se"])
    }

    /// Issue 14 §4: the macOS words. `:target` takes and offers macos26 / macos15, its help
    /// says what they mean, and on a Mac window the REPL speaks of the window.
    @Test func targetTakesMacOSWordsAndWindowsAreWindows() {
        var sh = shell()
        let help = sh.handle(":help target").out
        #expect(help.hasPrefix(":target [TARGET]\n    set the target: ios26, ios18 (the fallback), macos26, macos15\n"), "\(help)")
        #expect(help.contains("`macos26` resolves as `ios26` and `macos15` as `ios18`"), "\(help)")
        let all = sh.handle(":help").out
        #expect(all.contains(":target [TARGET]") && all.contains("set the target: ios26, ios18 (the fallback), macos26, macos15\n"))
        #expect(sh.handle(":target macos14").err.contains("did you mean `macos15`?"))
        #expect(sh.handle(":target windows").err.contains("(on a Mac window `macos26` and `macos15`)"))
        _ = sh.handle("screen mac-window")
        _ = sh.handle("box: concentric min 20 size 200x100 align topLeading pad 10")
        let check = sh.handle(":check")
        #expect((check.out + check.err).contains("the window's corner radius is 26"), "\(check.out + check.err)")
        let show = sh.handle(":show box").out
        #expect(show.contains("against    the window (mac-window") && show.contains("concentric: window 26 − 10 = 16")
                && !show.contains("the screen") && !show.contains("(screen "), "\(show)")
        #expect(!sh.handle(":target macos15").failed)
        #expect(sh.session.scene.target == .ios18)
        #expect(sh.handle(":target").out == "target macos15\n")
        let fallback = sh.handle(":show box").out
        #expect(fallback.contains("macOS 15 fallback: RoundedRectangle of the minimum, 20") && !fallback.contains("iOS"), "\(fallback)")
    }

    @Test func previewDrawsCornersAtTheGivenWidth() {
        var sh = shell()
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        let out = sh.handle(":preview map").out
        let lines = out.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.dropLast().allSatisfy { $0.count <= 59 })
        #expect(out.contains(" map "))
        #expect(out.contains(" card "))
        #expect(out.contains("⠊") || out.contains("⡠"))  // a curve, not a square corner
        #expect(!out.contains("\u{1B}["))
    }
}

extension Session.Outcome: Equatable {
    public static func == (a: Session.Outcome, b: Session.Outcome) -> Bool {
        switch (a, b) {
        case (.nothing, .nothing): return true
        case (.accepted(let x, let p), .accepted(let y, let q)): return x.entries == y.entries && p == q
        default: return false
        }
    }
}

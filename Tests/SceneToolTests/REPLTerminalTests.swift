import Foundation
import Testing

/// `scene-repl` in a real terminal: tmux runs it in a pseudo-terminal, the test
/// types with `send-keys` and reads the screen with `capture-pane`. Everything
/// (tmux server socket, HOME, XDG_STATE_HOME, working directory) lives in a
/// temporary directory.
@Suite(.serialized) struct REPLTerminalTests {
    final class Tmux {
        let dir: URL
        let socket: String
        let binary: URL
        var session = ""

        init() throws {
            dir = try REPLHarness.sandbox()
            socket = dir.appendingPathComponent("tmux.sock").path
            binary = try REPLHarness.binary()
            try "set -g history-limit 10000\nset -g status off\nset -s exit-empty off\n".write(
                to: dir.appendingPathComponent("tmux.conf"), atomically: true, encoding: .utf8)
        }

        deinit {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(at: dir)
        }

        @discardableResult
        func tmux(_ args: [String]) throws -> String {
            // posix_spawn and waitpid rather than Foundation's Process, whose
            // wait did not return for tmux's client here. Output goes to a file,
            // never a pipe: the server forked by `new-session` inherits it.
            let outPath = dir.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: outPath) }
            let argv = ["tmux", "-S", socket, "-f", dir.appendingPathComponent("tmux.conf").path] + args
            let status = try Self.spawn(argv, output: outPath)
            let text = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
            if status != 0 { throw REPLHarness.HarnessError("tmux \(args.joined(separator: " ")): \(text)") }
            return text
        }

        /// Run `argv` (looked up in PATH) with stdin from /dev/null and stdout and
        /// stderr to `output`; its exit status.
        static func spawn(_ argv: [String], output: String) throws -> Int32 {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let cargs = argv.map { strdup($0) } + [nil]
            defer { for p in cargs { free(p) } }
            // A clean signal mask and default handlers: the test runner's
            // threads block signals, and a child would inherit that.
            var attr = posix_spawnattr_t()
            posix_spawnattr_init(&attr)
            defer { posix_spawnattr_destroy(&attr) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attr, &none)
            posix_spawnattr_setsigdefault(&attr, &all)
            posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid: pid_t = 0
            let rc = posix_spawnp(&pid, argv[0], &actions, &attr, cargs, environ)
            guard rc == 0 else { throw REPLHarness.HarnessError("cannot run \(argv[0]): \(String(cString: strerror(rc)))") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { throw REPLHarness.HarnessError("waitpid: \(String(cString: strerror(errno)))") }
            }
            // WIFEXITED / WEXITSTATUS by hand (macros are not imported).
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }

        /// Start `scene-repl ARGS` in a new 160 × 50 terminal.
        func start(_ name: String, _ args: String = "") throws {
            let previous = session
            session = name
            let home = dir.appendingPathComponent("home").path, state = dir.appendingPathComponent("state").path
            // A watchdog ends a REPL that hangs. Not `timeout`: it passes a Ctrl-C on
            // to its child, so the REPL would see each Ctrl-C twice, the second one
            // late enough (on a loaded machine) to abandon the next line typed.
            let watchdog = #"p=$$; (trap "" INT; sleep 120; kill -9 $p) >/dev/null 2>&1 & exec "$0" "$@""#
            let cmd = "cd '\(dir.path)' && env -i HOME='\(home)' XDG_STATE_HOME='\(state)' TERM=xterm-256color LANG=C.UTF-8 PATH=/usr/bin:/bin sh -c '\(watchdog)' '\(binary.path)' \(args); echo \"[exited $?]\"; sleep 120"
            try tmux(["new-session", "-d", "-s", name, "-x", "160", "-y", "50", cmd])
            // Only now: killing the last session first would stop the server under us.
            if !previous.isEmpty { try tmux(["kill-session", "-t", previous]) }
        }

        /// Keys by tmux name (`Enter`, `C-a`, `M-f`, `Up`, `Tab`).
        func keys(_ k: String...) throws { try tmux(["send-keys", "-t", session] + k) }
        /// Text typed literally.
        func type(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }
        func line(_ text: String) throws { try type(text); try keys("Enter") }

        /// The whole pane, scrollback included, wrapped lines joined.
        func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-5000", "-t", session]) }

        /// The last non-empty line on screen (where the cursor is).
        func lastLine() throws -> String {
            try screen().split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
        }

        /// Wait until `text` is on screen `count` times; the screen then.
        @discardableResult
        func wait(for text: String, count: Int = 1, timeout: Double = 15,
                  sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var s = ""
            while Date() < deadline {
                s = try screen()
                if s.components(separatedBy: text).count - 1 >= count { return s }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("timed out waiting for \(text.debugDescription) ×\(count); screen:\n\(s)", sourceLocation: sourceLocation)
            throw REPLHarness.HarnessError("timeout")
        }

        /// Wait until the cursor line is exactly `text` (after a recall or an edit).
        func waitLine(_ text: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let deadline = Date().addingTimeInterval(timeout)
            var l = ""
            while Date() < deadline {
                l = try lastLine()
                if l.trimmingCharacters(in: .whitespaces) == text.trimmingCharacters(in: .whitespaces) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("cursor line is \(l.debugDescription), expected \(text.debugDescription)", sourceLocation: sourceLocation)
            throw REPLHarness.HarnessError("timeout")
        }

        func count(_ text: String) throws -> Int { try screen().components(separatedBy: text).count - 1 }
    }

    @Test func aDesignerBuildsTheMapSceneEditsItSavesQuitsAndLoadsIt() throws {
        let t = try Tmux()
        try t.start("one")
        try t.wait(for: "scene> ")

        // Line editing (emacs keys): type "et map = 2", go to the start for the "l", to the end for the "8".
        try t.type("et map = 2")
        try t.waitLine("scene> et map = 2")
        try t.keys("C-a"); try t.type("l"); try t.keys("C-e"); try t.type("8")
        try t.waitLine("scene> let map = 28")
        try t.keys("Enter")
        try t.wait(for: "map = 28\n")
        // Word motion and delete: drop the stray x of "insetx".
        try t.type("let insetx = 12")
        try t.waitLine("scene> let insetx = 12")
        try t.keys("C-a", "M-f", "M-f", "BSpace")
        try t.waitLine("scene> let inset = 12")
        try t.keys("Enter")
        try t.wait(for: "inset = 12\n")

        // Completion: names, then a command and a screen preset.
        try t.type("let gap = map - ins"); try t.keys("Tab")
        try t.waitLine("scene> let gap = map - inset")
        try t.keys("Enter")
        try t.wait(for: "gap = 16\n")
        try t.type(":scr"); try t.keys("Tab")
        try t.waitLine("scene> :screen")
        try t.type("iphone-16-pro-m"); try t.keys("Tab")
        try t.waitLine("scene> :screen iphone-16-pro-max")
        try t.keys("Enter")
        try t.wait(for: "[4] added")
        // Completion by the grammar (issue 14 §4): `m` after `concentric` is `min`; after a
        // value Tab Tab lists what may follow it there (`uniform`, the items), no edge or corner word.
        try t.type("x: concentric m"); try t.keys("Tab")
        try t.waitLine("scene> x: concentric min")
        try t.type("12 "); try t.keys("Tab", "Tab")
        let listing = try t.wait(for: "uniform")
        #expect(listing.contains("transition") && !listing.contains("topLeading") && !listing.contains("trailing"), "\(listing)")
        try t.waitLine("scene> x: concentric min 12")
        try t.keys("C-u")
        try t.waitLine("scene>")

        // A multi-line node: continuation prompts until the `<` are closed.
        try t.line("map: container rect map size 360x240 fill #4a8 <")
        try t.wait(for: "  ...> ")
        try t.line("  card: glass concentric min map - inset uniform container rect map - inset size 336x88 align bottom pad inset <")
        try t.wait(for: "  ...> ", count: 2)
        try t.line("    thumb: concentric min 10 size 64x64 align leading pad 12")
        try t.wait(for: "  ...> ", count: 3)
        try t.line("  >")
        try t.wait(for: "  ...> ", count: 4)
        try t.line(">")
        var s = try t.wait(for: "+ thumb")
        #expect(s.contains("+ card   concentric 52,498 336×88, radius 16 against map, container 16, glass"))

        // Ctrl-C abandons the input being typed, one line or several.
        try t.type("let junk = 99")
        try t.waitLine("scene> let junk = 99")
        try t.keys("C-c")
        try t.wait(for: "let junk = 99^C")
        // The fresh prompt: the REPL has handled the interrupt (not only echoed it).
        try t.waitLine("scene> ")
        try t.line("extra: rect 2 <")
        try t.wait(for: "  ...> ", count: 5)
        try t.type("  more: rect 1")
        try t.waitLine("  ...>   more: rect 1")
        try t.keys("C-c")
        try t.wait(for: "more: rect 1^C")
        try t.waitLine("scene> ")
        try t.line(":list")
        s = try t.wait(for: "5  map: container rect map")
        let listed = s.components(separatedBy: "scene> :list").last ?? ""
        #expect(!listed.contains("junk") && !listed.contains("extra"))

        // A rejected input, recalled with ↑, fixed, accepted.
        try t.line("let x = mpa + 1")
        try t.wait(for: "undefined name `mpa`")
        try t.keys("Up")
        try t.waitLine("scene> let x = mpa + 1")
        try t.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try t.type("map + 1")
        try t.waitLine("scene> let x = map + 1")
        try t.keys("Enter")
        try t.wait(for: "x = 29\n")

        // The designer's edit: the map's radius; the card and thumbnails follow.
        try t.line("let map = 34")
        s = try t.wait(for: "~ thumb")
        #expect(s.contains("map = 34 (was 28)"))
        #expect(s.contains("~ card   radius 16 → 22, container 16 → 22"))
        #expect(s.contains("~ thumb  radius 10 unchanged; leading corners now concentric: card 22 − 12 = 10"))
        // `:edit` puts a node on the line; change its padding and enter it.
        try t.type(":edit th"); try t.keys("Tab")
        try t.waitLine("scene> :edit thumb")
        try t.keys("Enter")
        try t.waitLine("scene> thumb: concentric min 10 size 64x64 align leading pad 12")
        try t.keys("BSpace", "BSpace"); try t.type("16"); try t.keys("Enter")
        s = try t.wait(for: "[6] replaced `thumb`")
        #expect(s.contains("~ thumb  frame 64,510 64×64 → 68,510 64×64\n"))
        try t.line(":undo")
        try t.wait(for: "undid: thumb: concentric min 10 size 64x64 align leading pad 16")
        try t.line(":save map.scene")
        try t.wait(for: "saved 6 statements to map.scene")
        try t.keys("C-d")
        s = try t.wait(for: "[exited 0]")
        #expect(!s.contains("unsaved changes"))

        // History is kept between sessions, one line per multi-line input.
        let history = try String(contentsOf: t.dir.appendingPathComponent("state/scene/history"), encoding: .utf8)
        #expect(history.contains("let map = 34\n"))
        #expect(history.contains("map: container rect map size 360x240 fill #4a8 < card: glass concentric min map - inset uniform container rect map - inset size 336x88 align bottom pad inset < thumb: concentric min 10 size 64x64 align leading pad 12 > >\n"))
        #expect(!history.contains("junk"))

        // A second session: ↑ recalls the last session's last line; load the saved scene.
        try t.start("two")
        try t.wait(for: "scene> ")
        try t.keys("Up")
        try t.waitLine("scene> :save map.scene")
        try t.keys("C-u")
        try t.line(":load map.scene")
        try t.wait(for: "loaded map.scene: 6 statements, 3 shapes")
        try t.line(":show card")
        try t.wait(for: "against    map: container rect 34")
        try t.line("let inset = 10")
        try t.wait(for: "inset = 10 (was 12)")
        try t.keys("C-d")
        s = try t.wait(for: "[exited 0]")
        #expect(s.contains("unsaved changes saved to \(t.dir.path)/state/scene/scene-autosave.scene"))
        let autosave = try String(contentsOf: t.dir.appendingPathComponent("state/scene/scene-autosave.scene"), encoding: .utf8)
        #expect(autosave.contains("let inset = 10\n"))

        // A third: the banner points at the autosave, and `:load` brings it back.
        try t.start("three")
        try t.wait(for: "Unsaved work from an earlier session")
        try t.line(":load")
        try t.wait(for: "loaded \(t.dir.path)/state/scene/scene-autosave.scene: 6 statements, 3 shapes")
        try t.line(":show card")
        try t.wait(for: "against    map: container rect 34")
        try t.line(":quit")
        try t.wait(for: "[exited 0]")
    }

    @Test func aPastedBlockWithCommentsIsOneHistoryEntry() throws {
        let t = try Tmux()
        try t.start("one", "--no-history")
        try t.wait(for: "scene> ")
        // Pasted: the lines arrive together.
        try t.type("box: container rect 20 size 100x100 < # the box\n  # a comment line\n  inner: concentric min 4 pad 8\n>\n")
        try t.wait(for: "+ inner")
        try t.keys("Up")
        try t.waitLine("scene> box: container rect 20 size 100x100 < inner: concentric min 4 pad 8 >")
        try t.keys("Up")
        // Nothing older: the block did not leave its lines behind as entries.
        try t.waitLine("scene> box: container rect 20 size 100x100 < inner: concentric min 4 pad 8 >")
        try t.keys("Enter")
        let s = try t.wait(for: "[1] replaced")
        #expect(!s.contains("unmatched"))
        try t.line(":quit")
        try t.wait(for: "[exited 0]")
    }

    @Test func quitAtAContinuationPromptAsksFirstThenDiscards() throws {
        let t = try Tmux()
        try t.start("one", "--no-history")
        try t.wait(for: "scene> ")
        try t.line("card: rect 8 size 100x50 <")
        try t.wait(for: "  ...> ")
        try t.line("  inner: concentric min 4 pad 6")
        try t.line(":quit")
        try t.wait(for: "unfinished input (2 lines, from `card: rect 8 size 100x50 <`): close it with `>`, or `:quit` again to discard it and leave")
        #expect(try !t.screen().contains("[exited"))
        try t.line(":quit")
        try t.wait(for: "unfinished input (2 lines, from `card: rect 8 size 100x50 <`) discarded")
        try t.wait(for: "[exited 0]")
    }

    /// The process called `name` under `pid` (Linux /proc).
    static func descendant(of pid: Int32, named name: String) -> Int32? {
        var queue = [pid]
        while !queue.isEmpty {
            let p = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(p)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if comm == name { return p }
            let kids = (try? String(contentsOfFile: "/proc/\(p)/task/\(p)/children", encoding: .utf8)) ?? ""
            queue += kids.split(separator: " ").compactMap { Int32($0) }
        }
        return nil
    }

    @Test func ctrlDInsideAnOpenBlockDiscardsItAndAHangUpAutosaves() throws {
        let t = try Tmux()
        try t.start("one")
        try t.wait(for: "scene> ")
        try t.line("let r = 20")
        try t.wait(for: "r = 20\n")
        try t.line("card: rect r size 100x50 <")
        try t.wait(for: "  ...> ")
        try t.keys("C-d")
        try t.wait(for: "unfinished input discarded")
        try t.line(":list")
        try t.wait(for: "1  let r = 20")
        // The terminal goes away: the unsaved scene is kept.
        let pid = try t.tmux(["display-message", "-p", "-t", t.session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let repl = try #require(Self.descendant(of: Int32(pid) ?? 0, named: "scene-repl"))
        kill(repl, SIGHUP)
        try t.wait(for: "[exited 129]")
        let autosave = try String(contentsOf: t.dir.appendingPathComponent("state/scene/scene-autosave.scene"), encoding: .utf8)
        #expect(autosave == "let r = 20\n")
    }

    /// A `:load` over unsaved work, then `:quit`: the work is in an autosave and the
    /// next session's `:load` brings it back (it was lost: nothing was written).
    @Test func loadOverUnsavedWorkThenQuitLosesNothing() throws {
        let t = try Tmux()
        try "home: rect 20 size 100x100\n".write(to: t.dir.appendingPathComponent("home.scene"), atomically: true, encoding: .utf8)
        let autosave = "\(t.dir.path)/state/scene/scene-autosave.scene"
        try t.start("one", "--no-history")
        try t.wait(for: "scene> ")
        try t.line("a: rect 10 size 50")
        try t.wait(for: "scene> ", count: 2)
        try t.line(":load home.scene")
        try t.wait(for: "loaded home.scene: 1 statement, 1 shape")
        try t.wait(for: "unsaved changes saved to \(autosave) (`:load \(autosave)` brings them back)")
        try t.line(":quit")
        try t.wait(for: "[exited 0]")
        #expect(try String(contentsOfFile: autosave, encoding: .utf8) == "a: rect 10 size 50\n")
        try t.start("two", "--no-history")
        try t.wait(for: "Unsaved work from an earlier session is in \(autosave); `:load` brings it back.")
        try t.line(":load")
        try t.wait(for: "loaded \(autosave): 1 statement, 1 shape")
        try t.line(":list")
        try t.wait(for: "1  a: rect 10 size 50")
    }
}

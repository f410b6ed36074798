// IMPLEMENTATION NOTES
//
// The REPL is three layers, each testable on its own:
//
//   Session (Session.swift)  a value: the scene as ordered statement texts, the
//                            compiled result, undo/redo. Every edit re-evaluates
//                            what it touched (Recompile.swift: the statements it
//                            changed, the subtrees that use a changed binding),
//                            else the whole text (Pipeline.compile), with the same
//                            result either way, and either returns a new session or
//                            the diagnostics that refused it; the old session is
//                            never touched.
//   Shell (Shell*.swift)     one complete input → Reply (stdout text, stderr text,
//                            failed, quit). The commands are one table
//                            (ShellCommands.swift: name, aliases, arguments, help,
//                            completion, handler) that `:help`, dispatch and Tab
//                            completion read; handlers in ShellHandlers.swift,
//                            ShellEdit.swift, ShellFiles.swift; unsaved work in
//                            Autosave.swift. The diff report (SceneDiff, Report),
//                            :preview (Preview).
//   loops (this file, Terminal.swift)
//                            read lines, join a `<`-open input with the lines that
//                            close it (InputBuffer), print replies. Interactive:
//                            GNU readline in callback mode, history, completion,
//                            Ctrl-C / resize / hang-up. Piped: plain lines, no
//                            prompt, exit status 65 when any input was rejected.
//
// Work is never lost: on every way out (Ctrl-D, :quit, end of input, SIGHUP,
// SIGTERM) unsaved changes go to a new autosave in the state folder
// (`scene-autosave.scene`, `scene-autosave-2.scene`, …). One session never
// overwrites another's autosave; only the autosave it loaded (Shell.autosave).
import Foundation
import SceneLang
import SceneEval

/// Entry point of `scene-repl` and `scene repl`.
public enum REPLMain {
    /// Its `--help` (and `scene help repl`'s).
    public static let usage = """
    usage: scene-repl [--echo] [--no-history] [FILE]

    An interactive editor for a scene: type statements, see which corners change.
    FILE is loaded as the scene (a missing FILE is created by `:save`).

      --echo        with piped input, print each input line after a prompt (for transcripts)
      --no-history  do not read or write the history file
      -h, --help    this help; inside the REPL, `:help`

    history:  $XDG_STATE_HOME/scene/history, else ~/.scene_history
    autosave: $XDG_STATE_HOME/scene/scene-autosave[-N].scene, else in ~/.local/state/scene/
              (a new one per session with unsaved work; the 10 newest are kept)
    exit status (piped input): 0, or 65 when any input was rejected
    """

    /// `page`: what `:watch` starts (SceneWatch's `WatchFeed`).
    public static func run(arguments: [String], page: (any PagePublisher)? = nil) -> Int32 {
        var path: String? = nil
        var echo = false
        var useHistory = true
        for a in arguments {
            switch a {
            case "-h", "--help": Console.out(usage + "\n"); return 0
            case "--version": Console.out("scene-repl 0.1.0\n"); return 0
            case "--echo": echo = true
            case "--no-history": useHistory = false
            default:
                if a.hasPrefix("-") {
                    Console.err("scene-repl: unknown option `\(a)`\n\n\(usage)\n")
                    return 64
                }
                if path != nil {
                    Console.err("scene-repl: one FILE at most\n\n\(usage)\n")
                    return 64
                }
                path = a
            }
        }

        let env = ProcessInfo.processInfo.environment
        let interactive = Console.isTerminal(0) && Console.isTerminal(1)
        let (columns, rows) = Terminal.size()
        let settings = Shell.Settings(color: interactive && Console.wantsColor(1), columns: columns,
                                      rows: interactive ? rows : nil, stateDirectory: Paths.stateDirectory(env))
        var shell = Shell(settings: settings)
        shell.settings.page = page
        shell.settings.interactive = interactive
        shell.settings.outputIsTerminal = Console.isTerminal(1)

        if let path {
            let r = shell.load(path, startup: true)
            Console.out(r.out)
            Console.err(r.err)
            if r.failed { return 65 }
        }
        if interactive {
            var banner = "SceneLang REPL: type statements, `:help` for commands, Ctrl-D to quit.\n"
            if path == nil, let line = shell.autosaveBanner() { banner += line }
            Console.out(banner)
            return Terminal.run(&shell, historyPath: useHistory ? Paths.historyFile(env) : nil)
        }
        return piped(&shell, echo: echo)
    }

    /// Standard input is not a terminal: the same commands, no prompts.
    static func piped(_ shell: inout Shell, echo: Bool) -> Int32 {
        Terminal.installSignals(interactive: false)
        var pending: [String] = []
        var signal: Int32? = nil
        func emit(_ r: Shell.Reply) {
            Console.out(r.out)
            Console.err(r.err)
        }
        var input = PipedInput()
        reading: while true {
            let line: String
            switch input.next() {
            case .end: break reading
            case .interrupted:
                // A signal: SIGINT, SIGTERM, SIGHUP end the session (autosaved); any other, read on.
                if let s = Terminal.tookTermination() ?? (Terminal.took(SIGINT) ? SIGINT : nil) { signal = s; break reading }
                continue reading
            case .line(let l): line = l
            }
            if echo { Console.out((pending.isEmpty ? Terminal.prompt : Terminal.continuation) + line + "\n") }
            let reply: Shell.Reply
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(":") {
                reply = shell.handle(line)
            } else {
                pending.append(line)
                let whole = pending.joined(separator: "\n")
                if !InputBuffer.isComplete(whole) { continue }
                pending = []
                reply = shell.handle(whole)
            }
            if reply.quit, !pending.isEmpty {
                Console.err(Shell.unfinishedInput(pending) + " discarded\n")
                pending = []
            }
            emit(reply)
            if reply.quit { break reading }
            if let s = Terminal.tookTermination() ?? (Terminal.took(SIGINT) ? SIGINT : nil) { signal = s; break reading }
        }
        if signal == nil { signal = Terminal.tookTermination() ?? (Terminal.took(SIGINT) ? SIGINT : nil) }
        if signal == nil, !pending.isEmpty {
            // End of input inside an open `<`: the parser says what is missing.
            emit(shell.handle(pending.joined(separator: "\n")))
        }
        let saved = shell.autosave()
        emit(saved)
        if let signal { return 128 + signal }
        return shell.anyRejected || saved.failed ? 65 : 0
    }
}

/// Standard input a line at a time, read with read(2), for piped input. Not `readLine`: a
/// signal interrupts the read (the handlers have no SA_RESTART), and `readLine` called
/// `getline` again, which then failed at once, forever: a piped session sent SIGTERM or
/// Ctrl-C spun at 100% CPU until killed. Lines end at `\n` (a `\r` before it dropped, as
/// `readLine(strippingNewline:)` does); a last line without one is a line.
struct PipedInput {
    enum Next: Equatable { case line(String), interrupted, end }
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private let fd: Int32
    init(fd: Int32 = 0) { self.fd = fd }

    mutating func next() -> Next {
        while true {
            if let nl = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = nl > start && buffer[nl - 1] == UInt8(ascii: "\r") ? nl - 1 : nl
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = nl + 1
                return .line(line)
            }
            if ended {
                guard start < buffer.count else { return .end }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return .line(line)
            }
            // What is left of the buffer moves to its front before more is read.
            if start > 0 { buffer.removeFirst(start); start = 0 }
            let count = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 65536))
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, 65536) }
            buffer.removeLast(65536 - max(n, 0))
            if n == 0 { ended = true } else if n < 0 {
                if errno == EINTR { return .interrupted }
                ended = true
            }
        }
    }
}

/// Where the REPL keeps its state.
enum Paths {
    /// `$XDG_STATE_HOME` when it is an absolute path (the XDG rule), else nil.
    static func xdgState(_ env: [String: String]) -> String? {
        guard let x = env["XDG_STATE_HOME"], x.hasPrefix("/") else { return nil }
        return x
    }

    static func home(_ env: [String: String]) -> String {
        if let h = env["HOME"], !h.isEmpty { return h }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The autosave's folder: `$XDG_STATE_HOME/scene`, else `~/.local/state/scene`.
    static func stateDirectory(_ env: [String: String]) -> String {
        (xdgState(env) ?? home(env) + "/.local/state") + "/scene"
    }

    /// `$XDG_STATE_HOME/scene/history`, else `~/.scene_history`.
    static func historyFile(_ env: [String: String]) -> String {
        if let x = xdgState(env) { return x + "/scene/history" }
        return home(env) + "/.scene_history"
    }
}

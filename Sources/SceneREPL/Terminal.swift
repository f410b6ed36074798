import Foundation
import CReadline
import CSignals

/// Everything that touches readline, signals and the terminal. The signal
/// flags are CSignals', compiled once (as `static inline` functions in the
/// readline shim, the release build had two copies and ignored Ctrl-C).
///
/// Readline runs in its callback mode: the loop polls standard input and
/// feeds readline one character at a time, so a signal (Ctrl-C, a resize, a
/// hang-up) interrupts the poll and is handled here, in ordinary code, never
/// inside a signal handler.
enum Terminal {
    // MARK: - Signals and size

    static func installSignals(interactive: Bool) {
        for s in [SIGINT, SIGHUP, SIGTERM] { scene_install_signal(s) }
        if interactive { scene_install_signal(SIGWINCH) }
    }

    /// Whether `sig` arrived since the last call (and forget it).
    static func took(_ sig: Int32) -> Bool { scene_take_signal(sig) != 0 }

    /// The first of SIGHUP, SIGTERM, SIGINT that arrived, if any.
    static func tookTermination() -> Int32? {
        for s in [SIGHUP, SIGTERM] where took(s) { return s }
        return nil
    }

    /// Columns and rows of the terminal on stdout, else `COLUMNS` / `LINES`, else 80 × nil.
    static func size() -> (columns: Int, rows: Int?) {
        var c: Int32 = 0, r: Int32 = 0
        if scene_terminal_size(1, &c, &r) != 0 || scene_terminal_size(0, &c, &r) != 0 { return (Int(c), Int(r)) }
        let env = ProcessInfo.processInfo.environment
        let cols = env["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
        return (cols, env["LINES"].flatMap(Int.init))
    }

    // MARK: - Readline state reached from C callbacks

    enum Line { case text(String), eof }
    nonisolated(unsafe) static var received: Line? = nil
    nonisolated(unsafe) static var completionNames: [String] = []
    nonisolated(unsafe) static var completionLabels: [String] = []
    /// The unfinished input's earlier lines (completion reads the open blocks from them).
    nonisolated(unsafe) static var completionContext = ""
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var fileCompletion = false

    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { p in
        if let p {
            received = .text(String(cString: p))
            free(p)
        } else {
            received = .eof
        }
        // Stop readline from printing the next prompt before our output.
        rl_callback_handler_remove()
    }

    static let generator: scene_generator_fn = { text, state in
        if state == 0 {
            let word = String(cString: text)
            var before = ""
            if let buf = scene_rl_line_buffer() {
                let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(buf).assumingMemoryBound(to: UInt8.self), count: strlen(buf)))
                let end = max(0, min(bytes.count, Int(scene_rl_point()) - word.utf8.count))
                before = String(decoding: bytes[0..<end], as: UTF8.self)
            }
            switch Completion.candidates(before: before, word: word, names: completionNames, labels: completionLabels,
                                         context: completionContext) {
            case .words(let w): matches = w; fileCompletion = false
            case .files: matches = []; fileCompletion = true
            }
            scene_rl_append_character(Int32(UInt8(ascii: " ")))
        }
        if fileCompletion {
            scene_rl_filename_completion(1)
            return scene_rl_complete_filename(text, state)
        }
        let i = Int(state)
        guard i < matches.count else { return nil }
        return strdup(matches[i])
    }

    // MARK: - History

    static func loadHistory(_ path: String) {
        let dir = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        using_history()
        scene_history_limit(1000)
        if FileManager.default.fileExists(atPath: path) {
            read_history(path)
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
    }

    nonisolated(unsafe) static var lastHistory: String? = nil

    /// Add a line to the history (and its file). Like bash's `ignorespace`, a
    /// typed line starting with a space is not remembered.
    static func remember(_ typed: String, in path: String?, ignoreSpace: Bool = true) {
        let line = typed.trimmed(" \t\r")
        guard !line.isEmpty, !(ignoreSpace && typed.hasPrefix(" ")), line != lastHistory else { return }
        lastHistory = line
        add_history(line)
        if let path { append_history(1, path) }
    }

    // MARK: - The interactive loop

    static let prompt = "scene> "
    static let continuation = "  ...> "

    /// Run until Ctrl-D, `:quit` or a hang-up. Returns the exit status.
    static func run(_ shell: inout Shell, historyPath: String?) -> Int32 {
        setUp(historyPath: historyPath)
        var loop = Loop(shell: shell, historyPath: historyPath)
        let status = loop.run()
        shell = loop.shell
        return status
    }

    /// Readline in callback mode with our completion, the history, our signal handlers.
    static func setUp(historyPath: String?) {
        scene_rl_set_name("scene")
        scene_rl_set_word_breaks(" \t\n<>=;(),+*/")
        scene_rl_set_completer(generator)
        scene_rl_catch_signals(0)
        scene_rl_catch_sigwinch(0)
        if let historyPath { loadHistory(historyPath) }
        installSignals(interactive: true)
    }

    /// The interactive loop: poll standard input, handle what a signal asked
    /// for, feed readline, and hand each complete input to the shell.
    struct Loop {
        var shell: Shell
        let historyPath: String?
        /// The lines of an input still open (`<` not yet closed).
        var pending: [String] = []
        /// What `:edit` offered, put on the next input line.
        var prefill: String? = nil
        /// `:quit` was typed at a `...>` prompt and warned about the unfinished input:
        /// the next `:quit` discards it.
        var quitWarned = false

        /// After one event: read on, or leave with an exit status.
        enum Next { case readOn, leave(Int32) }

        mutating func run() -> Int32 {
            install()
            while true {
                var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                let ready = poll(&pfd, 1, -1)
                switch signals() {
                case .leave(let status)?: return status
                case .readOn?: continue
                case nil: break
                }
                if ready < 0 { continue }   // EINTR from a signal handled above
                if pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    rl_callback_read_char()
                }
                guard let line = received else { continue }
                received = nil
                let next: Next
                switch line {
                case .eof: next = endOfInput()
                case .text(let text): next = entered(text)
                }
                if case .leave(let status) = next { return status }
            }
        }

        /// A prompt for the next line (the continuation prompt inside an open
        /// input), with the scene's names and labels for completion.
        mutating func install() {
            completionNames = shell.session.names
            completionLabels = shell.session.labels
            completionContext = pending.map { $0 + "\n" }.joined()
            received = nil
            rl_callback_handler_install(pending.isEmpty ? prompt : continuation, lineHandler)
            if let p = prefill {
                prefill = nil
                rl_insert_text(p)
                rl_redisplay()
            }
        }

        func emit(_ r: Shell.Reply) {
            Console.out(r.out)
            Console.err(r.err)
        }

        /// On the way out: autosave and trim the history file.
        mutating func leave(_ status: Int32) -> Next {
            rl_callback_handler_remove()
            emit(shell.autosave())
            if let historyPath { history_truncate_file(historyPath, 1000) }
            return .leave(status)
        }

        /// What the signals since the last poll ask for: leave (a hang-up or
        /// termination), read on with a fresh prompt (Ctrl-C), or nil.
        mutating func signals() -> Next? {
            if let sig = tookTermination() {
                scene_rl_callback_interrupt()
                Console.out("\n")
                return leave(128 + sig)
            }
            if took(SIGWINCH) {
                rl_resize_terminal()
                let (c, r) = size()
                shell.settings.columns = c
                shell.settings.rows = r
            }
            if took(SIGINT) {
                // Abandon the input being typed (all its lines), keep the session.
                Console.out("^C")
                scene_rl_callback_interrupt()
                Console.out("\n")
                pending = []
                shell.forgetEdit()
                install()
                return .readOn
            }
            return nil
        }

        /// Ctrl-D: inside an open input it discards it, else it quits.
        mutating func endOfInput() -> Next {
            if !pending.isEmpty {
                Console.out("\n")
                Console.err("unfinished input discarded (Ctrl-D again quits)\n")
                pending = []
                install()
                return .readOn
            }
            Console.out("\n")
            return leave(0)
        }

        /// A line typed: a command at once, scene text when its input is complete.
        mutating func entered(_ text: String) -> Next {
            let isCommand = text.drop { $0 == " " || $0 == "\t" }.hasPrefix(":")
            var reply: Shell.Reply
            if isCommand {
                remember(text, in: historyPath)
                reply = shell.handle(text)
            } else {
                pending.append(text)
                let whole = pending.joined(separator: "\n")
                if !InputBuffer.isComplete(whole) { install(); return .readOn }
                // One entry per input, however many lines (comments left out).
                if pending.count == 1 {
                    remember(text, in: historyPath)
                } else if let joined = InputBuffer.historyLine(pending) {
                    remember(joined, in: historyPath, ignoreSpace: false)
                }
                pending = []
                reply = shell.handle(whole)
            }
            if reply.quit, !pending.isEmpty {
                if !quitWarned {
                    quitWarned = true
                    Console.err(Shell.unfinishedInput(pending) + ": close it with `>`, or `:quit` again to discard it and leave\n")
                    install()
                    return .readOn
                }
                Console.err(Shell.unfinishedInput(pending) + " discarded\n")
                pending = []
            }
            quitWarned = false
            emit(reply)
            prefill = reply.prefill
            if reply.quit { return quit() }
            install()
            return .readOn
        }

        /// `:quit`: leave once the unsaved work is safe in an autosave.
        mutating func quit() -> Next {
            let saved = shell.autosave()
            if saved.failed {
                // Keep the session rather than lose it.
                emit(saved)
                Console.err("not quitting: save with `:save FILE`, or Ctrl-D to leave anyway\n")
                install()
                return .readOn
            }
            rl_callback_handler_remove()
            emit(saved)
            if let historyPath { history_truncate_file(historyPath, 1000) }
            return .leave(0)
        }
    }
}

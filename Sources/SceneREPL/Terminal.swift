import Foundation
import CReadline

/// Everything that touches readline, signals and the terminal. Kept in this
/// one file: the C shim's signal flags are per object file (see shim.h).
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
            switch Completion.candidates(before: before, word: word, names: completionNames, labels: completionLabels) {
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
        scene_rl_set_name("scene")
        scene_rl_set_word_breaks(" \t\n<>=;(),+*/")
        scene_rl_set_completer(generator)
        scene_rl_catch_signals(0)
        scene_rl_catch_sigwinch(0)
        if let historyPath { loadHistory(historyPath) }
        installSignals(interactive: true)

        var pending: [String] = []
        var prefill: String? = nil
        func install() {
            completionNames = shell.session.names
            completionLabels = shell.session.labels
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
        func leave(_ status: Int32) -> Int32 {
            rl_callback_handler_remove()
            emit(shell.autosave())
            if let historyPath { history_truncate_file(historyPath, 1000) }
            return status
        }

        install()
        while true {
            var pfd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, -1)
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
                continue
            }
            if ready < 0 { continue }   // EINTR from a signal handled above
            if pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                rl_callback_read_char()
            }
            guard let line = received else { continue }
            received = nil
            switch line {
            case .eof:
                if !pending.isEmpty {
                    Console.out("\n")
                    Console.err("unfinished input discarded (Ctrl-D again quits)\n")
                    pending = []
                    install()
                    continue
                }
                Console.out("\n")
                return leave(0)
            case .text(let text):
                let isCommand = text.drop { $0 == " " || $0 == "\t" }.hasPrefix(":")
                var reply: Shell.Reply
                if isCommand {
                    remember(text, in: historyPath)
                    reply = shell.handle(text)
                } else {
                    pending.append(text)
                    let whole = pending.joined(separator: "\n")
                    if !InputBuffer.isComplete(whole) { install(); continue }
                    // One entry per input, however many lines (comments left out).
                    if pending.count == 1 {
                        remember(text, in: historyPath)
                    } else if let joined = InputBuffer.historyLine(pending) {
                        remember(joined, in: historyPath, ignoreSpace: false)
                    }
                    pending = []
                    reply = shell.handle(whole)
                }
                emit(reply)
                prefill = reply.prefill
                if reply.quit {
                    let saved = shell.autosave()
                    if saved.failed {
                        // Keep the session rather than lose it.
                        emit(saved)
                        Console.err("not quitting: save with `:save FILE`, or Ctrl-D to leave anyway\n")
                        install()
                        continue
                    }
                    rl_callback_handler_remove()
                    emit(saved)
                    if let historyPath { history_truncate_file(historyPath, 1000) }
                    return 0
                }
                install()
            }
        }
    }
}

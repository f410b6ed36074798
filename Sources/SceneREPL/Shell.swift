import Foundation
import SceneLang
import SceneEval

/// The REPL's commands over a `Session`: one input in, text out. It never
/// touches the terminal (the loop in REPL.swift does); it does read and write
/// the files a command names (`:load`, `:save`, `:svg`, the autosave).
///
/// Spread over files by concern: this one (the state, one input in, the report
/// of an edit), ShellCommands.swift (the command table: `:help`, dispatch and
/// Tab completion all read it), ShellHandlers.swift (what the commands do),
/// ShellEdit.swift (`:edit`), ShellFiles.swift (`:load`, `:save`, `:svg`) and
/// Autosave.swift (unsaved work kept on the way out).
public struct Shell {
    public var session: Session
    public var settings: Settings
    /// Whether any input has been rejected (the piped exit status).
    public private(set) var anyRejected = false

    public struct Settings: Sendable {
        public var color: Bool
        /// Terminal size for `:preview`.
        public var columns: Int
        public var rows: Int?
        /// Where the autosave goes (and, interactively, the history).
        public var stateDirectory: String
        public var timing = false
        /// A terminal with a line editor (`:edit` fills the line instead of printing it).
        public var interactive = false
        /// Standard output is a terminal: long `resolved:` lines are cut to `columns`
        /// (never in a pipe or a file).
        public var outputIsTerminal = false
        /// `:watch`'s live page (given by the executable; nil: the command says it is not there).
        public var page: (any PagePublisher)? = nil
        public init(color: Bool = false, columns: Int = 80, rows: Int? = nil, stateDirectory: String) {
            self.color = color; self.columns = columns; self.rows = rows; self.stateDirectory = stateDirectory
        }
    }

    /// What one input produced. `out` goes to stdout, `err` (diagnostics) to stderr.
    public struct Reply: Sendable, Equatable {
        public var out = ""
        public var err = ""
        public var failed = false
        public var quit = false
        /// Text to put in the line editor for the next input (`:edit`).
        public var prefill: String? = nil
        public init(out: String = "", err: String = "", failed: Bool = false, quit: Bool = false, prefill: String? = nil) {
            self.out = out; self.err = err; self.failed = failed; self.quit = quit; self.prefill = prefill
        }
        static func error(_ message: String) -> Reply { Reply(err: "error: \(message)\n", failed: true) }
    }

    public init(session: Session = Session(), settings: Settings) {
        self.session = session
        self.settings = settings
    }

    var paint: Painter { Painter(color: settings.color) }
    var renderer: DiagnosticRenderer { DiagnosticRenderer(color: settings.color) }
    /// The first autosave's name; later ones are `scene-autosave-2.scene`, … (see `autosave()`).
    public var autosavePath: String { settings.stateDirectory + "/scene-autosave.scene" }
    /// How many autosaves are kept (the newest; older ones are removed when a new one is written).
    public static let autosavesKept = 10
    /// The autosave this session loaded, while the scene still descends from
    /// it (`:load FILE` and `:reset` end that): the one autosave it may overwrite.
    public internal(set) var loadedAutosave: String? = nil
    /// The autosave this process wrote (a second way out writes it again).
    public internal(set) var writtenAutosave: String? = nil
    /// The autosaves written before a command replaced the scene (`keepBeforeReplacing`).
    public internal(set) var keptAutosaves: [String] = []
    /// A replacement refused because its autosave could not be written: the same command next goes ahead.
    var replaceRefused: String? = nil

    /// What `:edit` offered, while the next input may be its follow-up (ShellEdit.swift).
    var pendingEdit: PendingEdit? = nil

    /// `unfinished input (2 lines, from `card: rect 4 <`)`: what `:quit` at a `...>` prompt would lose.
    public static func unfinishedInput(_ lines: [String]) -> String {
        let first = lines.first { !$0.trimmed(" \t").isEmpty }?.trimmed(" \t") ?? ""
        let shown = first.count > 40 ? String(first.prefix(40)) + "…" : first
        return "unfinished input (\(lines.count) line\(lines.count == 1 ? "" : "s"), from `\(shown)`)"
    }

    /// Handle one complete input: a `:command` or scene text.
    public mutating func handle(_ input: String) -> Reply {
        let trimmed = input.trimmed(" \t\r\n")
        var reply: Reply
        // What `:edit` offered counts for the next input only.
        let pending = pendingEdit
        pendingEdit = nil
        if replaceRefused != trimmed { replaceRefused = nil }
        if trimmed.hasPrefix(":") {
            reply = command(String(trimmed.dropFirst()))
        } else if ["quit", "exit", "help", "q"].contains(trimmed) {
            let c = trimmed == "q" ? "quit" : trimmed
            reply = .error("`\(trimmed)` is not a statement; did you mean `:\(c)`?")
        } else if let p = pending {
            reply = editFollowUp(input, p)
        } else {
            reply = edit(input)
        }
        if reply.failed { anyRejected = true }
        if let page = settings.page, page.address != nil { page.post(session.file) }
        return reply
    }

    // MARK: - Editing

    mutating func edit(_ input: String) -> Reply {
        let t0 = Clock.now
        return accept(session.applying(input), t0: t0)
    }

    /// Report an outcome: the actions, what changed and new findings; or the diagnostics.
    mutating func accept(_ outcome: Session.Outcome, t0: UInt64, header: String? = nil) -> Reply {
        switch outcome {
        case .nothing:
            return Reply()
        case .rejected(let r):
            return Reply(err: render(r), failed: true)
        case .accepted(let new, let actions):
            let head = header ?? actions.joined(separator: "; ")
            return move(to: new, head: head, quietHead: header != nil, t0: t0)
        }
    }

    /// Switch to `new` and report: `head`, what changed, findings resolved
    /// (stdout) and new findings (stderr).
    mutating func move(to new: Session, head: String, quietHead: Bool = false, t0: UInt64) -> Reply {
        let old = session
        session = new
        var reply = Reply()
        let body = changes(from: old, to: new)
        reply.out = head + (body.isEmpty ? (quietHead ? "\n" : " (nothing else changed)\n") : "\n" + body)
        let (gone, fresh) = Report.changes(old: old.findings, in: old.file, new: new.findings, in: new.file)
        reply.out += Report.resolved(gone, in: old.file, width: settings.outputIsTerminal ? settings.columns : nil, paint: paint)
        reply.err = renderLimited(fresh, in: new.file)
        // After the findings are chosen and rendered: all the user waits for.
        if settings.timing { reply.out += timingLine(new, t0: t0) }
        return reply
    }

    func changes(from old: Session, to new: Session) -> String {
        let d = SceneDiff.between(old.scene, nodeEntryIDs: old.nodeEntryIDs, new.scene, nodeEntryIDs: new.nodeEntryIDs)
        return Report.diff(d, old: old.scene, new: new.scene, paint: paint)
    }

    func timingLine(_ s: Session, t0: UInt64) -> String {
        func ms(_ ns: UInt64) -> String { Format.number((Double(ns) / 1e5).rounded() / 10) }
        let total = Clock.now - t0
        let rest = total > s.timing.compile + s.timing.check ? total - s.timing.compile - s.timing.check : 0
        return paint.dim("time: \(ms(total)) ms (compile \(ms(s.timing.compile)), check \(ms(s.timing.check)), edit, diff and report \(ms(rest)); \(s.scene.shapes.count) shapes)") + "\n"
    }

    func findingsText(old: Findings, _ oldFile: SourceFile, new: Session) -> String {
        let fresh = Report.newFindings(old: old, in: oldFile, new: new.findings, in: new.file)
        return renderLimited(fresh, in: new.file)
    }

    func renderLimited(_ ds: some Collection<Diagnostic>, in file: SourceFile, limit: Int = 10) -> String {
        var out = ds.prefix(limit).map { renderer.render($0, in: file) }.joined()
        if ds.count > limit { out += "… and \(ds.count - limit) more (`:check` shows them all)\n" }
        return out
    }

    /// A refused edit's diagnostics; with `edit`, a note when some point into
    /// the scene rather than at what was typed.
    func render(_ r: Session.Rejection, edit: Bool = true) -> String {
        var out = r.diagnostics.prefix(10).map { renderer.render($0.0, in: $0.1) }.joined()
        if r.diagnostics.count > 10 { out += "… and \(r.diagnostics.count - 10) more errors\n" }
        if edit, r.diagnostics.contains(where: { $0.1.name != Session.inputName }) {
            out += "note: not applied, the scene is unchanged: this edit would leave the errors above in it\n"
        }
        return out
    }

    func oneLine(_ s: String) -> String {
        let first = s.split(separator: "\n").first.map(String.init) ?? s
        return first.count > 60 ? String(first.prefix(59)) + "…" : first + (s.contains("\n") ? " …" : "")
    }


    func labelIndex(_ label: String) -> Result<Int, Reply> {
        if let i = session.scene.index(ofLabel: label) { return .success(i) }
        if label.hasPrefix("node-"), let i = session.scene.shapes.firstIndex(where: { $0.id == label }) { return .success(i) }
        let s = Suggest.closest(to: label, among: session.labels)
        return .failure(.error("no shape labelled `\(label)`" + (s.map { "; did you mean `\($0)`?" } ?? "")))
    }

}

extension Shell.Reply: Error {}

import Foundation
import SceneLang
import SceneEval

/// The REPL's commands over a `Session`: one input in, text out. It never
/// touches the terminal (the loop in REPL.swift does); it does read and write
/// the files a command names (`:load`, `:save`, `:svg`, the autosave).
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
    public private(set) var loadedAutosave: String? = nil
    /// The autosave this process wrote (a second way out writes it again).
    public private(set) var writtenAutosave: String? = nil

    /// Handle one complete input: a `:command` or scene text.
    public mutating func handle(_ input: String) -> Reply {
        let trimmed = input.trimmed(" \t\r\n")
        var reply: Reply
        // What `:edit` offered counts for the next input only.
        let pending = pendingEdit
        pendingEdit = nil
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
        reply.out += Report.resolved(old: old.findings, in: old.file, new: new.findings, in: new.file,
                                     width: settings.outputIsTerminal ? settings.columns : nil, paint: paint)
        if settings.timing { reply.out += timingLine(new, t0: t0) }
        reply.err = findingsText(old: old.findings, old.file, new: new)
        return reply
    }

    func changes(from old: Session, to new: Session) -> String {
        let ka = SceneDiff.keys(of: old.scene, nodeEntryIDs: old.nodeEntryIDs)
        let kb = SceneDiff.keys(of: new.scene, nodeEntryIDs: new.nodeEntryIDs)
        let d = SceneDiff.between(old.scene, keys: ka, new.scene, keys: kb)
        return Report.diff(d, old: old.scene, new: new.scene, paint: paint)
    }

    func timingLine(_ s: Session, t0: UInt64) -> String {
        func ms(_ ns: UInt64) -> String { Format.number((Double(ns) / 1e5).rounded() / 10) }
        let total = Clock.now - t0
        let rest = total > s.timing.compile + s.timing.check ? total - s.timing.compile - s.timing.check : 0
        return paint.dim("time: \(ms(total)) ms (compile \(ms(s.timing.compile)), check \(ms(s.timing.check)), edit and diff \(ms(rest)); \(s.scene.shapes.count) shapes)") + "\n"
    }

    func findingsText(old: [Diagnostic], _ oldFile: SourceFile, new: Session) -> String {
        let fresh = Report.newFindings(old: old, in: oldFile, new: new.findings, in: new.file)
        return renderLimited(fresh, in: new.file)
    }

    func renderLimited(_ ds: [Diagnostic], in file: SourceFile, limit: Int = 10) -> String {
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

    // MARK: - Commands

    public struct CommandInfo: Sendable {
        public var name: String
        public var args: String
        public var summary: String
        public var more: String
    }

    public static let commands: [CommandInfo] = [
        CommandInfo(name: "help", args: "[COMMAND]", summary: "list the commands, or explain one", more: ""),
        CommandInfo(name: "list", args: "", summary: "the scene's statements, numbered",
                    more: "The numbers are what `:delete N` takes."),
        CommandInfo(name: "show", args: "[LABEL]", summary: "the resolved scene, or one shape with each corner's reasoning",
                    more: "With a label: the frame, the container it resolved against, and per corner the\ncontainer's radius, the distances dx and dy, R − d, the minimum, and which rule won."),
        CommandInfo(name: "preview", args: "[LABEL]", summary: "draw the scene (or zoom on one shape) to fit the terminal",
                    more: "Braille cells (2 × 4 dots each), each shape drawn as its rounded outline, as large as\nfits the terminal: a phone screen as tall as the terminal (so narrower than it), a wide\nshape as wide. `:preview LABEL` zooms on one shape. Piped: $COLUMNS wide (else 80), any height."),
        CommandInfo(name: "tokens", args: "TEXT", summary: "the tokens the lexer reads from TEXT", more: ""),
        CommandInfo(name: "ast", args: "[LABEL]", summary: "the syntax tree of the scene, or of one node", more: ""),
        CommandInfo(name: "json", args: "", summary: "the resolved scene as JSON", more: ""),
        CommandInfo(name: "check", args: "", summary: "run the checker on the whole scene", more: ""),
        CommandInfo(name: "svg", args: "[FILE] [OPTIONS]",
                    summary: "write the scene as SVG (default scene.svg)",
                    more: "Options: --centers, --labels, --compare ios18, in any order around FILE.\nAs `scene run --svg`: `--centers` marks each rounded corner's centre (green where it is\nits container's, pink where not) and draws each container's corner circles; `--labels`\nwrites each label; `--compare ios18` draws the scene for iOS 26 and, beside it, for\niOS 18. The file is written whole or not at all."),
        CommandInfo(name: "delete", args: "N|LABEL|let NAME", summary: "remove a statement, a labelled node or a binding",
                    more: "`:delete 3` removes statement 3 of `:list`; `:delete card` removes the node labelled\n`card`, nested or not; `:delete let gap` removes a binding (a bare name works when no\nlabel has it); `:delete screen` (or target, margin) goes back to the default.\nA deletion that would break the scene is refused, like any other edit."),
        CommandInfo(name: "edit", args: "N|LABEL", summary: "put a statement or labelled node on the input line to change it",
                    more: "The text comes back as one line (children joined with `;`, comments left out); edit\nit and press Enter. Entered unchanged, nothing changes. A change that sits inside one\nline of the statement is made there, so its line breaks and comments stay; a wider one\n(a child added, a block removed) replaces it with the line, and says what went.\nPiped, the line is printed and the next input is taken the same way."),
        CommandInfo(name: "undo", args: "", summary: "take back the last change", more: ""),
        CommandInfo(name: "redo", args: "", summary: "redo what `:undo` took back", more: ""),
        CommandInfo(name: "load", args: "[FILE]", summary: "replace the scene with FILE's (no FILE: the newest autosave)",
                    more: "`:undo` brings back the scene you had before.\nAutosaves: on the way out (Ctrl-D, `:quit`, end of piped input, hang-up) unsaved work\ngoes to a new file in the state folder: scene-autosave.scene, then scene-autosave-2.scene, …\nOne is never overwritten, except by the session that loaded it; the \(Shell.autosavesKept) newest are kept.\nPiped runs autosave the same way, to a new file. `:load` with no file loads the newest\nand names the others; an autosave loaded and then saved to a file is removed on the way out."),
        CommandInfo(name: "save", args: "[FILE]", summary: "write the scene to FILE, whole or not at all",
                    more: "Without FILE: the file the scene was loaded from or last saved to."),
        CommandInfo(name: "reset", args: "", summary: "start an empty scene (`:undo` brings it back)", more: ""),
        CommandInfo(name: "screen", args: "[PRESET]", summary: "set the screen; without a preset, list them",
                    more: "Same as typing `screen PRESET`; `:screen 400x300 radius 20` works too."),
        CommandInfo(name: "target", args: "[ios26|ios18]", summary: "set the target OS (ios18: the pre-26 fallback)", more: ""),
        CommandInfo(name: "timing", args: "[on|off]", summary: "report how long each re-evaluation takes", more: ""),
        CommandInfo(name: "quit", args: "", summary: "leave; unsaved changes go to a new autosave file",
                    more: "Ctrl-D on an empty line does the same. `:load` with no file brings the newest autosave\nback (`:help load` says more)."),
    ]

    static let aliases = ["q": "quit", "exit": "quit", "h": "help", "?": "help", "ls": "list", "rm": "delete"]

    /// The command a typed name means, or nil.
    public static func canonical(_ name: String) -> String? {
        if commands.contains(where: { $0.name == name }) { return name }
        return aliases[name]
    }

    mutating func command(_ line: String) -> Reply {
        let name = String(line.prefix { $0 != " " && $0 != "\t" })
        let arg = String(line.dropFirst(name.count)).trimmed(" \t\r\n")
        guard let cmd = Self.canonical(name) else {
            if name.isEmpty { return .error("expected a command after `:`; `:help` lists them") }
            let s = Suggest.closest(to: name, among: Self.commands.map(\.name) + Array(Self.aliases.keys))
            return .error("unknown command `:\(name)`" + (s.map { "; did you mean `:\(Self.canonical($0) ?? $0)`?" } ?? "; `:help` lists the commands"))
        }
        let noArgs: Set<String> = ["list", "json", "check", "undo", "redo", "reset", "quit"]
        if noArgs.contains(cmd), !arg.isEmpty { return .error("`:\(cmd)` takes no argument") }
        switch cmd {
        case "help": return help(arg)
        case "list": return Reply(out: Report.list(session, paint: paint))
        case "show": return show(arg)
        case "preview": return preview(arg)
        case "tokens": return tokens(arg)
        case "ast": return ast(arg)
        case "json":
            return Reply(out: JSONWriter.write(session.scene, diagnostics: session.findings, file: session.file))
        case "check":
            let ds = session.findings
            if ds.isEmpty { return Reply(out: "no findings\n") }
            let summary = "\(ds.warningCount) warning\(ds.warningCount == 1 ? "" : "s"), \(ds.errorCount) error\(ds.errorCount == 1 ? "" : "s")\n"
            return Reply(out: summary, err: renderLimited(ds, in: session.file, limit: 200))
        case "svg": return svg(arg)
        case "delete": return delete(arg)
        case "edit": return editLine(arg)
        case "undo", "redo":
            let t0 = Clock.now
            guard let (s, what) = cmd == "undo" ? session.undoing() : session.redoing() else {
                return .error("nothing to \(cmd)")
            }
            return move(to: s, head: "\(cmd == "undo" ? "undid" : "redid"): \(oneLine(what))", quietHead: true, t0: t0)
        case "load": return arg.isEmpty ? loadNewestAutosave() : load(arg, startup: false)
        case "save": return save(arg)
        case "reset":
            if session.isEmpty { return Reply(out: "the scene is already empty\n") }
            let r = accept(session.replacingAll(with: SourceFile(name: Session.sceneName, text: ""), what: ":reset"),
                           t0: Clock.now, header: "scene cleared (`:undo` brings it back)")
            if !r.failed { loadedAutosave = nil }
            return Reply(out: "scene cleared (`:undo` brings it back)\n", err: r.err, failed: r.failed)
        case "screen": return screen(arg)
        case "target":
            if arg.isEmpty { return Reply(out: "target \(session.scene.target.rawValue)\n") }
            guard Target(rawValue: arg) != nil else {
                let s = Suggest.closest(to: arg, among: Target.allCases.map(\.rawValue))
                return .error("unknown target `\(arg)`" + (s.map { "; did you mean `\($0)`?" } ?? "; the targets are `ios26` and `ios18`"))
            }
            return edit("target \(arg)")
        case "timing":
            switch arg {
            case "", "on": settings.timing = true
            case "off": settings.timing = false
            default: return .error("`:timing` takes `on` or `off`")
            }
            return Reply(out: "timing \(settings.timing ? "on" : "off")\n")
        case "quit": return Reply(quit: true)
        default: return .error("`:\(cmd)` is not implemented")
        }
    }

    func oneLine(_ s: String) -> String {
        let first = s.split(separator: "\n").first.map(String.init) ?? s
        return first.count > 60 ? String(first.prefix(59)) + "…" : first + (s.contains("\n") ? " …" : "")
    }

    func help(_ arg: String) -> Reply {
        if !arg.isEmpty {
            let name = arg.hasPrefix(":") ? String(arg.dropFirst()) : arg
            guard let c = Self.canonical(name), let info = Self.commands.first(where: { $0.name == c }) else {
                let s = Suggest.closest(to: name, among: Self.commands.map(\.name))
                return .error("no command `:\(name)`" + (s.map { "; did you mean `:\($0)`?" } ?? ""))
            }
            var out = ":\(info.name)\(info.args.isEmpty ? "" : " " + info.args)\n    \(info.summary)\n"
            if !info.more.isEmpty { out += info.more.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n" }
            return Reply(out: out)
        }
        var out = """
        Type scene statements; each one is added to the scene, which is evaluated again
        and what changed is printed. `let NAME = …` and `LABEL: …` replace the binding or
        labelled node (nested ones too) in place; a labelled node typed without a
        `< … >` block keeps the children it has (`LABEL: … < >` removes them). A new
        `let`, `screen`, `target` or `margin` goes after the last of those, a new node
        at the end. A line that leaves `<` open continues on the next line. Ctrl-C
        abandons the input, Ctrl-D on an empty line quits (unsaved work goes to a new
        autosave file; `:help load` says more).


        """
        let w = Self.commands.map { $0.name.count + ($0.args.isEmpty ? 0 : $0.args.count + 1) }.max() ?? 0
        for c in Self.commands {
            let head = ":" + c.name + (c.args.isEmpty ? "" : " " + c.args)
            out += "  " + head.padding(toLength: w + 3, withPad: " ", startingAt: 0) + c.summary + "\n"
        }
        return Reply(out: out)
    }

    func labelIndex(_ label: String) -> Result<Int, Reply> {
        if let i = session.scene.index(ofLabel: label) { return .success(i) }
        if label.hasPrefix("node-"), let i = session.scene.shapes.firstIndex(where: { $0.id == label }) { return .success(i) }
        let s = Suggest.closest(to: label, among: session.labels)
        return .failure(.error("no shape labelled `\(label)`" + (s.map { "; did you mean `\($0)`?" } ?? "")))
    }

    func show(_ arg: String) -> Reply {
        if arg.isEmpty { return Reply(out: TextWriter.write(session.scene)) }
        switch labelIndex(arg) {
        case .success(let i): return Reply(out: Report.detail(session.scene, i, file: session.file, paint: paint))
        case .failure(let r): return r
        }
    }

    func preview(_ arg: String) -> Reply {
        var focus: Int? = nil
        if !arg.isEmpty {
            switch labelIndex(arg) {
            case .success(let i): focus = i
            case .failure(let r): return r
            }
        }
        let o = Preview.Options(columns: settings.columns, rows: settings.rows.map { max(8, $0 - 3) }, color: settings.color)
        return Reply(out: Preview.render(session.scene, focus: focus, options: o))
    }

    func tokens(_ arg: String) -> Reply {
        guard !arg.isEmpty else { return .error("`:tokens` needs some text, as in `:tokens rect 28`") }
        let file = SourceFile(name: Session.inputName, text: arg)
        let (toks, ds) = Lexer.tokenize(file)
        return Reply(out: Dump.tokens(toks, in: file), err: renderLimited(ds, in: file), failed: ds.hasErrors)
    }

    func ast(_ arg: String) -> Reply {
        if arg.isEmpty { return Reply(out: Dump.scene(session.ast, in: session.file)) }
        guard let n = session.node(labelled: arg) else {
            if case .failure(let r) = labelIndex(arg) { return r }
            return .error("no node labelled `\(arg)`")
        }
        var o = ""
        Dump.node(n, 0, session.file, &o)
        return Reply(out: o)
    }

    /// Write a file whole or not at all; nil, or why it could not be written.
    static func write(_ text: String, to path: String) -> String? {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            return "\(path) is a directory"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isDir) || !isDir.boolValue {
            return "cannot write \(path): no such directory `\(parent)`"
        }
        // Like the CLI: whole or nothing, through a symbolic link, keeping the file's permissions.
        do {
            let out = try OutputFile(path: path)
            out.write(text)
            try out.commit()
        } catch {
            return "cannot write \(path): \(describe(error))"
        }
        return nil
    }

    static let svgUsage = "usage: `:svg [FILE] [--centers] [--labels] [--compare ios18]`"

    /// `:svg [FILE] [--centers] [--labels] [--compare ios18]`, as `scene run --svg`.
    func svg(_ arg: String) -> Reply {
        var path: String? = nil
        var options = SVGOptions()
        var compare: Target? = nil
        var words = arg.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        while let w = words.popFirst() {
            switch w {
            case "--centers": options.centers = true
            case "--labels": options.labels = true
            case "--compare":
                guard let t = words.popFirst().flatMap(Target.init(rawValue:)) else {
                    return .error("`--compare` takes a target, as in `--compare ios18`; " + Self.svgUsage)
                }
                compare = t
            default:
                if w.hasPrefix("-") {
                    let s = Suggest.closest(to: w, among: ["--centers", "--labels", "--compare"])
                    return .error("unknown option `\(w)`" + (s.map { " (did you mean `\($0)`?)" } ?? "") + "; " + Self.svgUsage)
                }
                if let path {
                    return .error("`:svg` writes one file, not `\(path)` and `\(w)`; " + Self.svgUsage)
                }
                path = w
            }
        }
        let out = path ?? "scene.svg"
        // With --compare the first panel is iOS 26 whatever the scene's own target.
        var first = session.scene
        var other: ResolvedScene? = nil
        if let compare {
            first = Pipeline.compile(session.file, target: .ios26).scene ?? first
            other = Pipeline.compile(session.file, target: compare).scene
        }
        let text = SVGWriter.write(first, compare: other, options: options)
        if let why = Self.write(text, to: out) { return .error(why + "; nothing was written") }
        var extras: [String] = []
        if options.centers { extras.append("corner centres") }
        if options.labels { extras.append("labels") }
        if let compare { extras.append("beside \(compare.rawValue)") }
        let n = session.scene.shapes.count
        return Reply(out: "wrote \(out) (\(n) shape\(n == 1 ? "" : "s")" + extras.map { ", " + $0 }.joined() + ")\n")
    }

    /// What `:edit` offered, so the next input can be matched against it.
    struct PendingEdit {
        /// `statement 3` or `` `card` ``.
        var name: String
        /// The one line offered.
        var offered: String
        /// The statement or node as written (continuation lines without the
        /// node's own indentation), comments and line breaks included.
        var original: String
        /// The entry edited, for an unlabelled statement (`:edit N`).
        var entryID: Int?
    }
    var pendingEdit: PendingEdit? = nil

    /// The line `:edit` offered was abandoned (Ctrl-C): the next input is ordinary.
    public mutating func forgetEdit() { pendingEdit = nil }

    /// `:edit N|LABEL`: the statement as one line, for the line editor.
    mutating func editLine(_ arg: String) -> Reply {
        var original: String
        var entryID: Int? = nil
        var name = "`\(arg)`"
        // A top-level statement is edited as its entry (comments on its lines
        // and after it stay with it); a nested node as its own text.
        let top = session.ast.statements.firstIndex { Session.key($0) == .label(arg) }
        if let n = Int(arg) ?? top.map({ $0 + 1 }) {
            guard n >= 1, n <= session.entries.count else {
                return .error("no statement \(n); " + (session.isEmpty ? "the scene is empty" : "`:list` shows 1 to \(session.entries.count)"))
            }
            if top == nil { name = "statement \(n)" }
            entryID = session.entries[n - 1].id
            // Comment lines above a statement are not part of what is edited.
            let lines = session.entries[n - 1].text.split(separator: "\n", omittingEmptySubsequences: false)
            original = lines.drop { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") }.joined(separator: "\n")
        } else if !arg.isEmpty, let node = session.node(labelled: arg) {
            let bytes = session.file.bytes
            var lineStart = node.range.start
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let indent = bytes[lineStart..<node.range.start].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let lines = session.file.text(node.range.start..<node.range.end).split(separator: "\n", omittingEmptySubsequences: false)
            original = lines.enumerated().map { k, l in
                k == 0 ? String(l) : String(l.dropFirst(min(indent, l.prefix { $0 == " " || $0 == "\t" }.count)))
            }.joined(separator: "\n")
        } else if arg.isEmpty {
            return .error("usage: `:edit N` or `:edit LABEL`")
        } else {
            let s = Suggest.closest(to: arg, among: session.labels)
            return .error("no statement or node `\(arg)`" + (s.map { "; did you mean `\($0)`?" } ?? ""))
        }
        let lines = original.split(separator: "\n").map(String.init)
        guard let line = InputBuffer.joined(lines, strict: true) else {
            return .error("\(name) cannot be put on one line (`:list` shows it)")
        }
        pendingEdit = PendingEdit(name: name, offered: line, original: original, entryID: entryID)
        return Reply(out: settings.interactive ? "" : line + "\n", prefill: line)
    }

    /// The input after `:edit`: unchanged is a no-op; a change is made to the
    /// statement as written where it can be (its comments and line breaks
    /// stay), else the line replaces it, with a note of what went.
    mutating func editFollowUp(_ input: String, _ p: PendingEdit) -> Reply {
        let t0 = Clock.now
        let typed = input.trimmed(" \t\r\n")
        if typed == p.offered { return Reply(out: "\(p.name) unchanged\n") }
        // Something else typed (the offered line abandoned): an ordinary edit.
        func key(_ text: String) -> Session.StatementKey?? {
            let st = Parser.parse(SourceFile(name: "", text: text)).scene.statements
            return st.count == 1 ? .some(Session.key(st[0])) : nil
        }
        guard let was = key(p.original), let now = key(typed), was == now else { return edit(input) }
        if let patched = EditPatch.apply(original: p.original, offered: p.offered, edited: typed) {
            if patched == p.original { return Reply(out: "\(p.name) unchanged\n") }
            let outcome = session.applying(patched, replacingEntry: p.entryID)
            if case .accepted = outcome { return accept(outcome, t0: t0) }
            // Refused: report it against what was typed (below).
        }
        var reply = accept(session.applying(input, replacingEntry: p.entryID), t0: t0)
        let (lines, comments) = EditPatch.hasLayout(p.original)
        if !reply.failed, lines || comments {
            let lost = comments && lines ? "its line breaks and comments are" : comments ? "its comments are" : "its line breaks are"
            reply.out += "note: \(p.name) is now the one line you entered; \(lost) gone (`:undo` brings them back)\n"
        }
        return reply
    }

    mutating func delete(_ arg: String) -> Reply {
        let t0 = Clock.now
        switch session.deleting(arg) {
        case .success(let outcome): return accept(outcome, t0: t0)
        case .failure(let e):
            switch e {
            case .usage: return .error("usage: `:delete N`, `:delete LABEL` or `:delete let NAME`")
            case .noStatement(let n, let count):
                return .error("no statement \(n); " + (count == 0 ? "the scene is empty" : "`:list` shows 1 to \(count)"))
            case .noLabel(let l, let s): return .error("no node or name `\(l)`" + (s.map { "; did you mean `\($0)`?" } ?? ""))
            case .noName(let l, let s): return .error("no binding `\(l)`" + (s.map { "; did you mean `\($0)`?" } ?? ""))
            case .noSetting(let w): return .error("the scene has no `\(w)` statement")
            }
        }
    }

    mutating func screen(_ arg: String) -> Reply {
        if arg.isEmpty {
            var out = "screen \(Report.screen(session.scene.screen))\n\npresets:\n"
            for p in Screen.presets {
                out += "  " + p.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + "\(Format.number(p.width))×\(Format.number(p.height))".padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "radius \(Format.number(p.radius))\n"
            }
            return Reply(out: out)
        }
        let first = String(arg.prefix { $0 != " " })
        if first.first?.isLetter == true, Screen.preset(first) == nil {
            let s = Suggest.closest(to: first, among: Screen.presetNames)
            return .error("unknown screen preset `\(first)`" + (s.map { "; did you mean `\($0)`?" } ?? "; `:screen` lists them"))
        }
        return edit("screen \(arg)")
    }

    // MARK: - Files

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain, let under = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(under.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain, ns.code == CocoaError.fileWriteNoPermission.rawValue { return "permission denied" }
        return ns.localizedDescription
    }

    /// `:load FILE`, or FILE given on the command line (`startup`).
    public mutating func load(_ path: String, startup: Bool) -> Reply {
        let bytes: [UInt8]
        switch Console.read(path) {
        case .success(let b): bytes = b
        case .failure(.notFound):
            if startup {
                // Like an editor: a new file, written by `:save`.
                session = session.renamed(path)
                session.fileName = path
                return Reply(out: "new scene; `:save` writes \(path)\n")
            }
            return .error("\(path): no such file")
        case .failure(.unreadable(let why)): return .error("cannot read \(why)")
        case .failure(.tooLarge): return .error("\(path) is larger than \(Console.maxInputBytes / 1024 / 1024) MB")
        }
        let file = SourceFile(name: path, bytes: bytes)
        let t0 = Clock.now
        let isAutosave = self.isAutosave(path)
        switch session.replacingAll(with: file, what: ":load \(path)", name: isAutosave ? session.displayName : path) {
        case .accepted(var s, _):
            let old = session
            if isAutosave {
                // Still unsaved work: `:save` goes where it went before.
                s.fileName = old.fileName
                s.savedTexts = old.savedTexts
                loadedAutosave = Self.absolute(path)
            } else {
                s = s.saved(as: path)
                loadedAutosave = nil
            }
            session = s
            let n = s.entries.count, m = s.scene.shapes.count
            var out = "loaded \(path): \(n) statement\(n == 1 ? "" : "s"), \(m) shape\(m == 1 ? "" : "s")"
            if !startup && !old.isEmpty { out += " (`:undo` brings back the previous scene)" }
            out += "\n"
            if settings.timing { out += timingLine(s, t0: t0) }
            return Reply(out: out, err: findingsText(old: [], s.file, new: s))
        case .rejected(let r):
            return Reply(err: render(r, edit: false) + "error: \(path) not loaded; the scene is unchanged\n", failed: true)
        case .nothing:
            return Reply()
        }
    }

    mutating func save(_ arg: String) -> Reply {
        guard let path = arg.isEmpty ? session.fileName : arg else {
            return .error("`:save` needs a file name (the scene has none yet)")
        }
        if let why = Self.write(session.text, to: path) { return .error(why + "; nothing was written") }
        session = session.saved(as: path)
        let n = session.entries.count
        return Reply(out: "saved \(n) statement\(n == 1 ? "" : "s") to \(path)\n")
    }

    // MARK: - Autosaves

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The number of an autosave file name: 1 for `scene-autosave.scene`, N for
    /// `scene-autosave-N.scene`, nil for any other name.
    static func autosaveNumber(_ name: String) -> Int? {
        if name == "scene-autosave.scene" { return 1 }
        guard name.hasPrefix("scene-autosave-"), name.hasSuffix(".scene") else { return nil }
        let digits = name.dropFirst("scene-autosave-".count).dropLast(".scene".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 2 else { return nil }
        return n
    }

    /// Whether `path` is one of the autosaves in the state folder.
    func isAutosave(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: Self.absolute(path))
        return url.deletingLastPathComponent().path == Self.absolute(settings.stateDirectory)
            && Self.autosaveNumber(url.lastPathComponent) != nil
    }

    /// The autosaves in the state folder, newest first (last written, then highest number).
    public func autosaves() -> [String] {
        let dir = settings.stateDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        let found: [(path: String, number: Int, time: Date)] = names.compactMap { name in
            guard let n = Self.autosaveNumber(name) else { return nil }
            let path = dir + "/" + name
            let time = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast
            return (path, n, time)
        }
        return found.sorted { $0.time != $1.time ? $0.time > $1.time : $0.number > $1.number }.map(\.path)
    }

    /// The start-up line about earlier sessions' unsaved work, if there is some.
    public func autosaveBanner() -> String? {
        let all = autosaves()
        guard let newest = all.first else { return nil }
        if all.count == 1 { return "Unsaved work from an earlier session is in \(newest); `:load` brings it back.\n" }
        return "Unsaved work from earlier sessions: \(all.count) autosaves in \(settings.stateDirectory); "
            + "`:load` brings back the newest (\((newest as NSString).lastPathComponent)), `:load FILE` another.\n"
    }

    /// `:load` with no file: the newest autosave, naming the others.
    mutating func loadNewestAutosave() -> Reply {
        let all = autosaves()
        guard let newest = all.first else { return .error("no autosave file in \(settings.stateDirectory)") }
        var r = load(newest, startup: false)
        if !r.failed, all.count > 1 {
            let others = all.dropFirst()
            r.out += "\(others.count) older autosave\(others.count == 1 ? " is" : "s are") kept (`:load FILE` loads one): "
                + others.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + "\n"
        }
        return r
    }

    /// A new autosave file, its name taken so no other session can take it too.
    func reserveAutosave() throws -> String {
        let dir = settings.stateDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        var n = (names.compactMap(Self.autosaveNumber).max() ?? 0) + 1
        while true {
            let path = dir + "/" + (n == 1 ? "scene-autosave.scene" : "scene-autosave-\(n).scene")
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if fd >= 0 { close(fd); return path }
            guard errno == EEXIST else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
            n += 1
        }
    }

    /// On the way out: keep unsaved changes in an autosave file. An autosave
    /// is never overwritten unless this session loaded it (its work is in the
    /// session); otherwise a new one is written, and the oldest beyond
    /// `autosavesKept` are removed. An autosave loaded and since saved to a
    /// file has done its job and is removed.
    public mutating func autosave() -> Reply {
        guard session.hasUnsavedChanges, !session.isEmpty else {
            if let a = loadedAutosave, !session.hasUnsavedChanges, let f = session.fileName,
               FileManager.default.fileExists(atPath: a) {
                loadedAutosave = nil
                do { try FileManager.default.removeItem(atPath: a) } catch { return Reply() }
                return Reply(err: "removed \(a): its work is saved in \(f)\n")
            }
            return Reply()
        }
        var path = writtenAutosave ?? loadedAutosave ?? autosavePath
        do {
            try FileManager.default.createDirectory(atPath: settings.stateDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            if writtenAutosave == nil, loadedAutosave == nil { path = try reserveAutosave() }
            try Console.writeAtomically(session.text, to: path)
        } catch {
            return .error("cannot save your unsaved changes to \(path): \(Self.describe(error))")
        }
        writtenAutosave = path
        var out = "unsaved changes saved to \(path)\n(`:load` with no file brings them back)\n"
        let all = autosaves()
        if all.count > Self.autosavesKept {
            let old = all.dropFirst(Self.autosavesKept).filter { $0 != path }
            for p in old { try? FileManager.default.removeItem(atPath: p) }
            out += "(\(Self.autosavesKept) autosaves are kept; removed the oldest: "
                + old.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + ")\n"
        }
        return Reply(err: out)
    }
}

extension Shell.Reply: Error {}

import SceneLang
import SceneEval

// The REPL's commands, one row each. `:help` (the list and `:help NAME`),
// dispatch (`Shell.command`), the "takes no argument" check, did-you-mean and
// Tab completion (Input.swift) all read this table and nothing else, so a new
// command is one row here plus its handler (a `Shell` method, usually in
// ShellHandlers.swift). README's REPL section lists every command; a test
// fails when one is missing there.

extension Shell {
    /// One REPL command.
    public struct Command: Sendable {
        /// What follows `:`.
        public var name: String
        /// Other names it answers to (`:q`, `:rm`); `:help` and completion show only `name`.
        public var aliases: [String] = []
        /// The arguments as `:help` shows them. Empty: the command takes none,
        /// and dispatch refuses one.
        public var args: String
        /// `:help`'s one line.
        public var summary: String
        /// More lines for `:help NAME` (empty: none).
        public var more: String = ""
        /// What Tab offers for the argument.
        public var completion: ArgumentCompletion = .nothing
        /// Does the command; gets the argument with blanks trimmed (empty when none).
        var run: @Sendable (inout Shell, String) -> Reply
    }

    /// Every command, in the order `:help` lists them.
    public static let commands: [Command] = [
        Command(name: "help", aliases: ["h", "?"], args: "[COMMAND]", summary: "list the commands, or explain one",
                completion: .words { _ in Shell.commands.map(\.name) },
                run: { shell, arg in shell.help(arg) }),
        Command(name: "list", aliases: ["ls"], args: "", summary: "the scene's statements, numbered",
                more: "The numbers are what `:delete N` takes.",
                run: { shell, _ in shell.list() }),
        Command(name: "show", args: "[LABEL]", summary: "the resolved scene, or one shape with each corner's reasoning",
                more: """
                With a label: the frame, the container it resolved against, and per corner the
                container's radius, the distances dx and dy, R − d, the minimum, and which rule won.
                """,
                completion: .labels, run: { shell, arg in shell.show(arg) }),
        Command(name: "preview", args: "[LABEL]", summary: "draw the scene (or zoom on one shape) to fit the terminal",
                more: """
                Braille cells (2 × 4 dots each), each shape drawn as its rounded outline, as large as
                fits the terminal: a phone screen as tall as the terminal (so narrower than it), a wide
                shape as wide. `:preview LABEL` zooms on one shape. Piped: $COLUMNS wide (else 80), any height.
                """,
                completion: .labels, run: { shell, arg in shell.preview(arg) }),
        Command(name: "tokens", args: "TEXT", summary: "the tokens the lexer reads from TEXT",
                completion: .words { Keyword.allCases.map(\.rawValue) + $0.names + $0.labels },
                run: { shell, arg in shell.tokens(arg) }),
        Command(name: "ast", args: "[LABEL]", summary: "the syntax tree of the scene, or of one node",
                completion: .labels, run: { shell, arg in shell.ast(arg) }),
        Command(name: "json", args: "", summary: "the resolved scene as JSON",
                run: { shell, _ in shell.json() }),
        Command(name: "check", args: "", summary: "run the checker on the whole scene",
                run: { shell, _ in shell.check() }),
        Command(name: "svg", args: "[FILE] [OPTIONS]", summary: "write the scene as SVG (default scene.svg)",
                more: """
                Options: --centers, --labels, --guides, --compare ios18 (or macos15), in any order around FILE.
                As `scene run --svg`: `--centers` marks each rounded corner's centre (green where it is
                its container's, pink where not) and draws each container's corner circles; `--labels`
                writes each label inside its shape, clear of its children (above it when there is no
                room); `--guides` draws the device's safe area, home-indicator band and Dynamic
                Island where its preset has sourced values; `--compare ios18` draws the scene for
                iOS 26 and, beside it, for iOS 18 (on a Mac window: macOS 26 and macOS 15, its
                window at macOS 15's 10 pt radius). The file is written whole or not at all.
                """,
                completion: .svg, run: { shell, arg in shell.svg(arg) }),
        Command(name: "swiftui", args: "[FILE] [--fallback STYLE]", summary: "the scene as SwiftUI; FILE writes it (as `scene run --swiftui`)",
                more: """
                The corner enum (every `let` as written, its helpers `rect` and `nested`), one View whose
                body mirrors the scene, each ConcentricRectangle with its iOS 18 fallback under
                `#available`, and a #Preview at the screen's size (docs/swiftui.md). Where SwiftUI cannot
                say what the scene says, a `// note:` in the code and a warning. A file is written whole
                or not at all. `--fallback minimum|relative|resolved` says what a ConcentricRectangle
                draws before iOS 26, as `scene run --fallback` does.
                """,
                completion: .swiftUI, run: { shell, arg in shell.swiftUI(arg) }),
        Command(name: "delete", aliases: ["rm"], args: "N|LABEL|let NAME",
                summary: "remove a statement, a labelled node or a binding",
                more: """
                `:delete 3` removes statement 3 of `:list`; `:delete card` removes the node labelled
                `card`, nested or not; `:delete let gap` removes a binding (a bare name works when no
                label has it); `:delete screen` (or target, margin) goes back to the default.
                A deletion that would break the scene is refused, like any other edit.
                """,
                completion: .words { $0.labels + $0.names + Keyword.statements.map(\.rawValue) },
                run: { shell, arg in shell.delete(arg) }),
        Command(name: "edit", args: "N|LABEL", summary: "put a statement or labelled node on the input line to change it",
                more: """
                The text comes back as one line (children joined with `;`, comments left out); edit
                it and press Enter. Entered unchanged, nothing changes. The change is made to the
                statement as written, so its line breaks and comments stay: a change inside a line is
                made there; a child added gets a line of its own at its siblings' indentation, a child
                removed takes its lines (and their comments) with it, a child changed is edited the
                same way. Only where that cannot be done (children sharing a line with `;`) does the
                line replace the statement, and then it says what went.
                Piped, the line is printed and the next input is taken the same way.
                """,
                completion: .labels, run: { shell, arg in shell.editLine(arg) }),
        Command(name: "add", args: "PARENT ITEM…", summary: "add a child (or several, `;` between) at the end of PARENT's block",
                more: """
                `:add card badge: capsule size 40x20` puts `badge` on a line of its own after `card`'s
                last child, at its children's indentation (two spaces more than `card` when it has
                none: the block is made). PARENT is a label, nested or not, or a statement number.
                The rest of the node stays as written, comments and all; `:undo` takes it back.
                """,
                completion: .add, run: { shell, arg in shell.add(arg) }),
        Command(name: "undo", args: "", summary: "take back the last change",
                run: { shell, _ in shell.undo(redo: false) }),
        Command(name: "redo", args: "", summary: "redo what `:undo` took back",
                run: { shell, _ in shell.undo(redo: true) }),
        Command(name: "load", args: "[FILE]", summary: "replace the scene with FILE's (no FILE: the newest autosave)",
                more: """
                `:undo` brings back the scene you had before. The file's text is kept exactly (blank lines,
                comments, spacing): only statements you edit change, and line:column are the file's.
                Autosaves: on the way out (Ctrl-D, `:quit`, end of piped input, hang-up) unsaved work
                goes to a new file in the state folder: scene-autosave.scene, then scene-autosave-2.scene, …
                One is never overwritten, except by the session that loaded it; the \(Shell.autosavesKept) newest are kept.
                Piped runs autosave the same way, to a new file. Before `:load FILE`, `:reset`, or an
                `:undo` or `:redo` across one of them replaces a scene with unsaved changes, that scene
                goes to a new autosave too, and the message names it. `:load` with no file loads the newest
                and names the others; an autosave loaded and then saved to a file is removed on the way out.
                """,
                completion: .files,
                run: { shell, arg in arg.isEmpty ? shell.loadNewestAutosave() : shell.load(arg, startup: false) }),
        Command(name: "save", args: "[FILE]", summary: "write the scene to FILE, whole or not at all",
                more: "Without FILE: the file the scene was loaded from or last saved to.",
                completion: .files, run: { shell, arg in shell.save(arg) }),
        Command(name: "reset", aliases: ["new", "clear"], args: "", summary: "start an empty scene (`:undo` brings it back)",
                more: "Unsaved work goes to an autosave first (`:help load` says more).",
                run: { shell, _ in shell.reset() }),
        Command(name: "screen", args: "[PRESET]", summary: "set the screen; without a preset, list them",
                more: "Same as typing `screen PRESET`; `:screen 400x300 radius 20` works too.",
                completion: .words { _ in ScreenPreset.names }, run: { shell, arg in shell.screen(arg) }),
        Command(name: "target", args: "[TARGET]", summary: "set the target: ios26, ios18 (the fallback), macos26, macos15",
                more: """
                `macos26` resolves as `ios26` and `macos15` as `ios18`: the same rules; on a Mac window
                (`mac-window` screens) `:target` and the header name the macOS release.
                Without an argument, the scene's target.
                """,
                completion: .targets, run: { shell, arg in shell.target(arg) }),
        Command(name: "timing", args: "[on|off]", summary: "report how long each re-evaluation takes",
                completion: .words(["on", "off"]), run: { shell, arg in shell.timing(arg) }),
        Command(name: "watch", args: "[PORT]", summary: "a live page of this scene in the browser, redrawn after every edit",
                more: """
                As `scene watch` (docs/watch.md), following this REPL's scene: it serves a page on
                127.0.0.1 (PORT, or any free port) and prints its address; hover a shape for its corners.
                """,
                run: { shell, arg in shell.watchPage(arg) }),
        Command(name: "quit", aliases: ["q", "exit"], args: "", summary: "leave; unsaved changes go to a new autosave file",
                more: """
                Ctrl-D on an empty line does the same. `:load` with no file brings the newest autosave
                back (`:help load` says more). At a `...>` prompt the first `:quit` names the unfinished
                input and stays; a second one discards it and leaves.
                """,
                run: { _, _ in Reply(quit: true) }),
    ]

    /// The command a typed name (or alias) means, or nil.
    public static func command(named name: String) -> Command? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The name of the command a typed name (or alias) means, or nil.
    public static func canonical(_ name: String) -> String? { command(named: name)?.name }

    /// `:NAME ARG`: look the command up in the table and run it.
    mutating func command(_ line: String) -> Reply {
        let name = String(line.prefix { $0 != " " && $0 != "\t" })
        let arg = String(line.dropFirst(name.count)).trimmed(" \t\r\n")
        guard let cmd = Self.command(named: name) else {
            if name.isEmpty { return .error("expected a command after `:`; `:help` lists them") }
            let s = Suggest.closest(to: name, among: Self.commands.flatMap { [$0.name] + $0.aliases })
            return .error("unknown command `:\(name)`" + (s.map { "; did you mean `:\(Self.canonical($0) ?? $0)`?" } ?? "; `:help` lists the commands"))
        }
        if cmd.args.isEmpty, !arg.isEmpty { return .error("`:\(cmd.name)` takes no argument") }
        return cmd.run(&self, arg)
    }

    /// `:help`: the commands listed from the table; `:help NAME` one row in full.
    func help(_ arg: String) -> Reply {
        if !arg.isEmpty {
            let name = arg.hasPrefix(":") ? String(arg.dropFirst()) : arg
            guard let info = Self.command(named: name) else {
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
        label a letter or two from an existing one is added with a "did you mean to
        replace" note. A new `let`, `screen`, `target` or `margin` goes after the last
        of those, a new node at the end. A line that leaves `<` open continues on the
        next line. Ctrl-C abandons the input, Ctrl-D on an empty line quits (unsaved
        work goes to a new autosave file; `:help load` says more).


        """
        let w = Self.commands.map { $0.name.count + ($0.args.isEmpty ? 0 : $0.args.count + 1) }.max() ?? 0
        for c in Self.commands {
            let head = ":" + c.name + (c.args.isEmpty ? "" : " " + c.args)
            out += "  " + head.padding(toLength: w + 3, withPad: " ", startingAt: 0) + c.summary + "\n"
        }
        return Reply(out: out)
    }
}

/// What Tab offers for a command's argument: a column of `Shell.commands`.
public struct ArgumentCompletion: Sendable {
    /// What is being completed: the words before it on the line (the command
    /// first, as typed: `:svg`, `out.svg`, …), the word itself, and the
    /// scene's names and labels.
    public struct Request: Sendable {
        public var words: [String]
        public var word: String
        public var names: [String]
        public var labels: [String]
    }

    let complete: @Sendable (Request) -> Completion.Result

    /// Nothing to offer.
    public static let nothing = ArgumentCompletion { _ in .words([]) }
    /// A file name (readline's own filename completion).
    public static let files = ArgumentCompletion { _ in .files }
    /// The words of `pool` (which may read the scene's names and labels) that start with the typed word.
    public static func words(_ pool: @escaping @Sendable (Request) -> [String]) -> ArgumentCompletion {
        ArgumentCompletion { .words(Completion.filter(pool($0), $0.word)) }
    }
    public static func words(_ fixed: [String]) -> ArgumentCompletion { words { _ in fixed } }
    /// The scene's labels.
    public static let labels = words { $0.labels }
    /// `:add`: a label, then scene text (the grammar's engine, as on an input line).
    public static let add = ArgumentCompletion { r in
        guard r.words.count > 1 else { return labels.complete(r) }
        let before = r.words.dropFirst(2).joined(separator: " ") + (r.words.count > 2 ? " " : "")
        let c = Completer.complete(before + r.word, names: r.names, labels: r.labels, rebinding: false)
        guard r.word.hasSuffix(c.word) else { return .words([]) }
        let head = String(r.word.dropLast(c.word.count))
        return .words(Completion.filter(c.words.map { head + $0 }, r.word))
    }
    /// The target names (`ios26`, `ios18`, `macos26`, `macos15`).
    public static let targets = words { _ in Target.words }
    /// `:swiftui`: a style after `--fallback`, the option where one starts, else a file name.
    public static let swiftUI = ArgumentCompletion { r in
        if r.words.last == "--fallback" { return words(FallbackStyle.words).complete(r) }
        if r.word.hasPrefix("-") { return .words(Completion.filter(["--fallback"], r.word)) }
        return .files
    }
    /// `:svg`: a target after `--compare`, an option where one starts, else a file name.
    public static let svg = ArgumentCompletion { r in
        if r.words.last == "--compare" { return words(["ios18", "macos15"]).complete(r) }
        if r.word.hasPrefix("-") { return .words(Completion.filter(Shell.svgOptions, r.word)) }
        return .files
    }
}

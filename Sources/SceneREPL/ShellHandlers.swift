import SceneLang
import SceneEval

/// What the commands of `Shell.commands` do (the file commands are in
/// ShellFiles.swift, `:edit` in ShellEdit.swift, `:help` beside the table).
extension Shell {
    // MARK: - Looking at the scene

    func list() -> Reply { Reply(out: Report.list(session, paint: paint)) }

    func show(_ arg: String) -> Reply {
        if arg.isEmpty { return Reply(out: TextWriter.write(session.scene)) }
        switch labelIndex(arg) {
        case .success(let i): return Reply(out: Report.detail(session.scene, i, file: session.file, syntax: session.ast, paint: paint))
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

    func json() -> Reply {
        Reply(out: JSONWriter.write(session.scene, diagnostics: session.findings, file: session.file))
    }

    func check() -> Reply {
        let ds = session.findings
        if ds.isEmpty { return Reply(out: "no findings\n") }
        let summary = "\(ds.warningCount) warning\(ds.warningCount == 1 ? "" : "s"), \(ds.errorCount) error\(ds.errorCount == 1 ? "" : "s")\n"
        return Reply(out: summary, err: renderLimited(ds, in: session.file, limit: 200))
    }

    // MARK: - Changing it

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
            for p in ScreenPreset.all { out += "  " + p.listing + "\n" }
            return Reply(out: out)
        }
        let first = String(arg.prefix { $0 != " " })
        if first.first?.isLetter == true, Screen.preset(first) == nil {
            let s = Suggest.closest(to: first, among: ScreenPreset.names)
            return .error("unknown screen preset `\(first)`" + (s.map { "; did you mean `\($0)`?" } ?? "; `:screen` lists them"))
        }
        return edit("screen \(arg)")
    }

    /// `:undo`, or with `redo` `:redo`.
    mutating func undo(redo: Bool) -> Reply {
        let t0 = Clock.now
        guard let (s, what) = redo ? session.redoing() : session.undoing() else {
            return .error("nothing to \(redo ? "redo" : "undo")")
        }
        // Across a `:load` or `:reset` the scene is replaced: keep what it holds first.
        var kept = Reply()
        if what.hasPrefix(":load ") || what == ":reset" {
            kept = keepBeforeReplacing(redo ? ":redo" : ":undo")
            if kept.failed { return kept }
        }
        var r = move(to: s, head: "\(redo ? "redid" : "undid"): \(oneLine(what))", quietHead: true, t0: t0)
        r.err = kept.err + r.err
        return r
    }

    mutating func reset() -> Reply {
        if session.isEmpty { return Reply(out: "the scene is already empty\n") }
        let kept = keepBeforeReplacing(":reset")
        if kept.failed { return kept }
        let r = accept(session.replacingAll(with: SourceFile(name: Session.sceneName, text: ""), what: ":reset"),
                       t0: Clock.now, header: "scene cleared (`:undo` brings it back)")
        if !r.failed { loadedAutosave = nil }
        return Reply(out: "scene cleared (`:undo` brings it back)\n", err: kept.err + r.err, failed: r.failed)
    }

    mutating func target(_ arg: String) -> Reply {
        if arg.isEmpty { return Reply(out: "target \(session.scene.target.name(onWindow: session.scene.screen.isWindow))\n") }
        guard Target(word: arg) != nil else {
            let s = Suggest.closest(to: arg, among: Target.words)
            return .error("unknown target `\(arg)`" + (s.map { "; did you mean `\($0)`?" } ?? "; the targets are `ios26` and `ios18` (on a Mac window `macos26` and `macos15`)"))
        }
        return edit("target \(arg)")
    }

    // MARK: - Settings

    mutating func timing(_ arg: String) -> Reply {
        switch arg {
        case "", "on": settings.timing = true
        case "off": settings.timing = false
        default: return .error("`:timing` takes `on` or `off`")
        }
        return Reply(out: "timing \(settings.timing ? "on" : "off")\n")
    }
}

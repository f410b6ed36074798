import Foundation
import SceneLang
import SceneEval

/// `:edit N|LABEL` and the input that follows it.
extension Shell {
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

    /// The line `:edit` offered was abandoned (Ctrl-C): the next input is ordinary.
    public mutating func forgetEdit() { pendingEdit = nil }

    /// What `:edit` and `:add` work on: a statement (`N`, or a top-level
    /// label) or a nested labelled node, as written.
    struct EditTarget {
        /// `statement 3` or `` `card` ``.
        var name: String
        /// Its text (continuation lines without the node's own indentation).
        var original: String
        /// The entry, for an unlabelled statement (`:edit N`).
        var entryID: Int?
    }

    func editTarget(_ arg: String) -> Result<EditTarget, Reply> {
        var original: String
        var entryID: Int? = nil
        var name = "`\(arg)`"
        // A top-level statement is edited as its entry (comments on its lines
        // and after it stay with it); a nested node as its own text.
        let top = session.ast.statements.firstIndex { Session.key($0) == .label(arg) }
        if let n = Int(arg) ?? top.map({ $0 + 1 }) {
            guard n >= 1, n <= session.entries.count else {
                return .failure(.error("no statement \(n); " + (session.isEmpty ? "the scene is empty" : "`:list` shows 1 to \(session.entries.count)")))
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
            return .failure(.error("usage: `:edit N` or `:edit LABEL`"))
        } else {
            let s = Suggest.closest(to: arg, among: session.labels)
            return .failure(.error("no statement or node `\(arg)`" + (s.map { "; did you mean `\($0)`?" } ?? "")))
        }
        return .success(EditTarget(name: name, original: original, entryID: entryID))
    }

    /// `:edit N|LABEL`: the statement as one line, for the line editor.
    mutating func editLine(_ arg: String) -> Reply {
        let target: EditTarget
        switch editTarget(arg) {
        case .success(let t): target = t
        case .failure(let r): return r
        }
        let (name, original, entryID) = (target.name, target.original, target.entryID)
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
        // Within a line (EditPatch), else child by child, line by line (EditMerge).
        if let patched = EditPatch.apply(original: p.original, offered: p.offered, edited: typed)
            ?? EditMerge.apply(original: p.original, edited: typed) {
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

    /// `:add PARENT ITEM…`: ITEM (one node, or several with `;` between) as the
    /// last children of PARENT's block, a line each at its children's indentation.
    mutating func add(_ arg: String) -> Reply {
        let t0 = Clock.now
        let parent = String(arg.prefix { $0 != " " && $0 != "\t" })
        let items = String(arg.dropFirst(parent.count)).trimmed(" \t")
        guard !parent.isEmpty, !items.isEmpty else { return .error("usage: `:add PARENT ITEM…` (`:add card badge: capsule size 40x20`)") }
        let target: EditTarget
        switch editTarget(parent) {
        case .success(let t): target = t
        case .failure(let r): return r
        }
        let file = SourceFile(name: Session.inputName, text: items)
        let parsed = Parser.parse(file)
        if parsed.diagnostics.hasErrors {
            return Reply(err: parsed.diagnostics.filter { $0.severity == .error }.prefix(10).map { renderer.render($0, in: file) }.joined(), failed: true)
        }
        var children: [String] = [], labels: [String] = []
        for st in parsed.scene.statements {
            guard case .node(let n) = st else {
                return .error("`:add` adds nodes; `\(file.text(st.range.start..<st.range.end))` is not one (type it on its own)")
            }
            children.append(file.text(n.range.start..<n.range.end))
            labels.append(n.label.map { "`\($0.name)`" } ?? "a node")
        }
        guard let text = EditMerge.adding(children, to: target.original) else {
            return .error("\(target.name) is not a node: `:add` adds children to a node")
        }
        let what = labels.count == 1 ? labels[0] : "\(labels.count) nodes"
        // (Refused, it is reported in the scene as it would be: the parent's new text was not typed.)
        return accept(session.applying(text, replacingEntry: target.entryID, typed: false), t0: t0,
                      header: "added \(what) to \(target.name)")
    }
}

import SceneLang
import SceneEval

// Drafting an edit: how `Session.applying`, `deleting` and `replacingAll`
// build the new entries and map the compiler's diagnostics back onto what was
// typed (Session.swift holds the session itself).

/// A session's entries being edited, with enough bookkeeping to map the
/// compiler's diagnostics back onto what was typed.
struct Draft {
    var entries: [Session.Entry]
    var tail: String?
    var keys: [Session.StatementKey?]
    var nextID: Int
    var segments: [Segment] = []
    /// label → id of the entry that contains it; built on first need.
    var labelOwners: [String: Int]? = nil
    let base: Session

    /// Text inserted from the input: where it sits, where it came from.
    struct Segment {
        var entryID: Int
        /// Byte offset of the inserted statement inside the entry's text.
        var offset: Int
        var length: Int
        /// The statement's offset in the input.
        var inputStart: Int
        /// Bytes of indentation added to each line after the first.
        var indent: Int
    }

    init(_ s: Session) {
        base = s
        entries = s.entries
        tail = s.tail
        nextID = s.nextID
        let stmts = s.ast.statements
        keys = stmts.count == s.entries.count ? stmts.map(Session.key) : s.entries.map { e in
            Parser.parse(SourceFile(name: "", text: e.text)).scene.statements.first.flatMap(Session.key)
        }
    }

    mutating func owner(of label: String) -> Int? {
        if labelOwners == nil {
            var m: [String: Int] = [:]
            for (i, st) in base.ast.statements.enumerated() where i < entries.count {
                guard case .node(let root) = st else { continue }
                for l in Session.allLabels(in: root) where m[l] == nil { m[l] = base.entries[i].id }
            }
            labelOwners = m
        }
        guard let id = labelOwners![label], entries.contains(where: { $0.id == id }) else { return nil }
        return id
    }

    /// Refresh the label map after entry `id` changed.
    mutating func relabel(_ id: Int) {
        guard labelOwners != nil else { return }
        for (l, o) in labelOwners! where o == id { labelOwners![l] = nil }
        guard let e = entries.first(where: { $0.id == id }) else { return }
        if case .node(let root)? = Parser.parse(SourceFile(name: "", text: e.text)).scene.statements.first {
            for l in Session.allLabels(in: root) where labelOwners![l] == nil { labelOwners![l] = id }
        }
    }

    /// Add or replace one statement; returns what was done ("[3] added").
    /// `replacingEntry`: a statement with no key of its own (an unlabelled
    /// node) replaces that entry instead of being added (`:edit N`).
    mutating func place(_ st: Statement, _ chunk: Session.Chunk, replacingEntry: Int? = nil) -> String {
        let key = Session.key(st)
        let inputStart = chunk.sourceStart
        func segment(_ id: Int) -> Segment {
            Segment(entryID: id, offset: chunk.statementOffset, length: chunk.text.utf8.count - chunk.statementOffset,
                    inputStart: inputStart, indent: 0)
        }
        // A labelled node typed without a block keeps the children it has.
        if case .node(let node) = st, node.block == nil, case .label(let l)? = key,
           let owner = keys.firstIndex(of: key).map({ entries[$0].id }) ?? owner(of: l),
           let i = entries.firstIndex(where: { $0.id == owner }),
           let kept = Self.keepingBlock(of: l, in: entries[i].text, head: chunk) {
            entries[i].text = kept.text
            if keys[i] == key { segments.removeAll { $0.entryID == owner } }
            for k in segments.indices where segments[k].entryID == owner && segments[k].offset >= kept.headEnd {
                segments[k].offset += kept.delta
            }
            segments.append(Segment(entryID: owner, offset: kept.headStart, length: kept.headLength,
                                    inputStart: inputStart, indent: 0))
            relabel(owner)
            let what = keys[i] == key ? "[\(i + 1)] replaced" : "[\(i + 1)] replaced `\(l)`"
            return what + "; kept its \(kept.children) \(kept.children == 1 ? "child" : "children") (`\(l): … < >` removes \(kept.children == 1 ? "it" : "them"))"
        }
        if let key, let i = keys.firstIndex(of: key) {
            replace(at: i, with: chunk)
            return "[\(i + 1)] replaced"
        }
        if case .label(let l)? = key, let owner = owner(of: l) {
            splice(label: l, owner: owner, with: chunk)
            return "[\(entries.firstIndex { $0.id == owner }! + 1)] replaced `\(l)`"
        }
        if key == nil, let id = replacingEntry, let i = entries.firstIndex(where: { $0.id == id }), keys[i] == nil {
            replace(at: i, with: chunk)
            return "[\(i + 1)] replaced"
        }
        let id = nextID
        nextID += 1
        // Settings (`let`, `screen`, …) go after the last setting, so every
        // node can use a new name; nodes go at the end.
        var at = entries.count
        if let key, key.isSetting {
            at = (keys.lastIndex { $0?.isSetting ?? false } ?? -1) + 1
        }
        // Before a statement that starts the file or shares a line: a newline.
        if at < entries.count, !(entries[at].before ?? (at == 0 ? "" : "\n")).contains("\n") {
            entries[at].before = "\n"
        }
        entries.insert(Session.Entry(id: id, text: chunk.text), at: at)
        keys.insert(key, at: at)
        segments.append(segment(id))
        if labelOwners != nil { relabel(id) }
        if case .label(let l)? = key, let near = nearLabel(to: l) {
            return "[\(at + 1)] added; did you mean to replace `\(near)`? (`:undo`, then `\(near): …`)"
        }
        return "[\(at + 1)] added"
    }

    /// `row1` / `row2`, `t1` / `t10`: a series, not a typo.
    static func numberedSiblings(_ a: String, _ b: String) -> Bool {
        func stem(_ s: String) -> (Substring, Substring) {
            let digits = s.reversed().prefix { $0.isNumber }.count
            return (s.dropLast(digits), s.suffix(digits))
        }
        let (sa, na) = stem(a), (sb, nb) = stem(b)
        return sa == sb && !na.isEmpty && !nb.isEmpty
    }

    /// A label already in the scene one or two edits from a new one (`widgt` → `widget`):
    /// likely a typo that added a shape where a replacement was meant.
    mutating func nearLabel(to label: String) -> String? {
        guard label.count >= 3 else { return nil }
        _ = owner(of: label)
        let limit = label.count >= 5 ? 2 : 1
        let owners = labelOwners ?? [:]
        let live = Set(entries.map(\.id))
        return owners.keys
            .filter { l in l != label && !Self.numberedSiblings(l, label) && owners[l].map(live.contains) == true }
            .map { ($0, Suggest.distance(label, $0)) }
            .filter { $0.1 <= limit }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Replace top-level entry `i` with `chunk`. Comment lines above the old
    /// statement stay when the new text brings none of its own.
    mutating func replace(at i: Int, with chunk: Session.Chunk) {
        let id = entries[i].id
        var prefix = ""
        if chunk.statementOffset == 0 {
            let lines = entries[i].text.split(separator: "\n", omittingEmptySubsequences: false)
            let comments = lines.prefix { line in
                let t = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                return t.isEmpty || t.hasPrefix("#")
            }
            if !comments.isEmpty, comments.count < lines.count { prefix = comments.joined(separator: "\n") + "\n" }
        }
        entries[i].text = prefix + chunk.text
        segments.removeAll { $0.entryID == id }
        segments.append(Segment(entryID: id, offset: prefix.utf8.count + chunk.statementOffset,
                                length: chunk.text.utf8.count - chunk.statementOffset, inputStart: chunk.sourceStart, indent: 0))
        relabel(id)
    }

    /// `text` with the node labelled `label` given the head (shape and
    /// modifiers) of `head`'s statement, its block kept as written, comments
    /// and all; nil when the node has no children to keep.
    static func keepingBlock(of label: String, in text: String, head chunk: Session.Chunk)
        -> (text: String, headStart: Int, headLength: Int, headEnd: Int, delta: Int, children: Int)? {
        let file = SourceFile(name: "", text: text)
        guard case .node(let root)? = Parser.parse(file).scene.statements.first,
              let old = Session.find(label, in: root), let block = old.block, !old.children.isEmpty else { return nil }
        let statement = String(decoding: Array(chunk.text.utf8).dropFirst(chunk.statementOffset), as: UTF8.self)
        let head = InputBuffer.stripComment(statement).trimmed(" \t\r\n") + " "
        var bytes = file.bytes
        bytes.replaceSubrange(old.range.start..<block.start, with: Array(head.utf8))
        let delta = head.utf8.count - (block.start - old.range.start)
        return (String(decoding: bytes, as: UTF8.self), old.range.start, head.utf8.count - 1, block.start, delta, old.children.count)
    }

    /// Replace (or, with nil, remove) the nested node `label` inside entry `owner`.
    mutating func splice(label: String, owner: Int, with chunk: Session.Chunk?) {
        guard let i = entries.firstIndex(where: { $0.id == owner }) else { return }
        let text = entries[i].text
        let file = SourceFile(name: "", text: text)
        guard case .node(let root)? = Parser.parse(file).scene.statements.first,
              let node = Session.find(label, in: root) else { return }
        var bytes = file.bytes
        var lo = node.range.start, hi = node.range.end
        // The indentation of the line the node starts on.
        var lineStart = lo
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var indentEnd = lineStart
        while indentEnd < lo, bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t") { indentEnd += 1 }
        let indent = Array(bytes[lineStart..<indentEnd])
        var inserted: [UInt8] = []
        var statementOffset = 0
        if let chunk {
            // Re-indent the replacement to where the old node stood.
            let lines = chunk.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() {
                if k > 0 { inserted.append(UInt8(ascii: "\n")); inserted += indent }
                if k == 0 || !line.isEmpty { inserted += Array(line.utf8) }
            }
            // Comment lines above the statement are inserted too; count them.
            let prefixLines = chunk.text.utf8.prefix(chunk.statementOffset).filter { $0 == UInt8(ascii: "\n") }.count
            statementOffset = chunk.statementOffset + prefixLines * indent.count
        } else {
            // Removing: take the whole line when nothing else is on it.
            var lineEnd = hi
            while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") || bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
            if indentEnd == lo, lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") {
                lo = lineStart
                hi = lineEnd + 1
            }
        }
        bytes.replaceSubrange(lo..<hi, with: inserted)
        entries[i].text = String(decoding: bytes, as: UTF8.self)
        let delta = inserted.count - (hi - lo)
        for k in segments.indices where segments[k].entryID == owner && segments[k].offset >= hi {
            segments[k].offset += delta
        }
        if let chunk {
            segments.append(Segment(entryID: owner, offset: lo + statementOffset,
                                    length: inserted.count - statementOffset,
                                    inputStart: chunk.sourceStart, indent: indent.count))
        }
        relabel(owner)
    }

    /// Compile the draft: the new session, or the diagnostics against it.
    func finish(from old: Session, what: String, actions: [String], input: SourceFile?, name: String? = nil) -> Session.Outcome {
        var s = old
        s.entries = entries
        s.tail = tail
        s.nextID = nextID
        if let name { s.displayName = name }
        let t0 = Clock.now
        let file = SourceFile(name: s.displayName, bytes: s.textBytes)
        let (c, cache, incremental) = Recompile.compile(file, entries: s.entries, offsets: s.offsets, cache: old.cache)
        let t1 = Clock.now
        guard c.scene != nil else {
            return .rejected(Session.Rejection(c.diagnostics.filter { $0.severity == .error }.map { map($0, file, s, input) }))
        }
        s.compilation = c
        s.cache = cache
        s.findings = Session.findings(of: c, entries: s.entries, cache: &s.cache)
        s.timing = Session.Timing(compile: t1 - t0, check: Clock.now - t1, incremental: incremental)
        if c.parse.scene.statements.count != s.entries.count {
            // A chunk that held more than one statement: re-cut the whole text.
            let chunks = Session.split(file, c.parse.scene.statements)
            s.entries = chunks.enumerated().map { Session.Entry(id: s.nextID + $0.offset, text: $0.element.text, before: $0.element.before) }
            s.tail = Session.tail(of: file, after: chunks)
            s.nextID += s.entries.count
            s.recompile()
        }
        s.undoStack.append(Session.Snapshot(entries: old.entries, tail: old.tail, nextID: old.nextID, fileName: old.fileName,
                                            savedTexts: old.savedTexts, displayName: old.displayName, what: what))
        if s.undoStack.count > Session.undoDepth { s.undoStack.removeFirst(s.undoStack.count - Session.undoDepth) }
        s.redoStack = []
        return .accepted(s, actions)
    }

    /// A diagnostic inside text that came from the input points at the input;
    /// anything else points at the scene (with a note that the edit caused it).
    /// A diagnostic moved into the input has its notes and help say which file
    /// a line they mention is in (`first used at <scene>:8, statement 4`),
    /// since line 8 of the input is not what they mean.
    func map(_ d: Diagnostic, _ file: SourceFile, _ s: Session, _ input: SourceFile?) -> (Diagnostic, SourceFile) {
        guard let input else { return (d, file) }
        let offsets = s.offsets
        guard let start = toInput(d.range.start, file, s, offsets, input) else { return (d, file) }
        var m = d
        let end = toInput(d.range.end, file, s, offsets, input, within: d.range.start) ?? start
        m.range = SourceRange(start, max(start, end))
        m.notes = d.notes.map { relocate($0, file, s, offsets, input) }
        m.help = d.help.map { relocate($0, file, s, offsets, input) }
        return (m, input)
    }

    /// Where scene offset `o` came from in the input, if it came from there.
    /// With `within`, `o` is clamped to the segment holding that offset.
    func toInput(_ o: Int, _ file: SourceFile, _ s: Session, _ offsets: [Int], _ input: SourceFile, within: Int? = nil) -> Int? {
        let anchor = within ?? o
        for seg in segments {
            guard let i = s.entries.firstIndex(where: { $0.id == seg.entryID }) else { continue }
            let start = offsets[i] + seg.offset
            guard anchor >= start, anchor <= start + seg.length else { continue }
            let o = min(max(o, start), start + seg.length)
            let newlines = file.bytes[start..<o].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            return min(input.bytes.count, max(0, seg.inputStart + (o - start) - newlines * seg.indent))
        }
        return nil
    }

    /// ` at line N` (the evaluator's way to point at another line of the same
    /// file) made explicit: ` at <input>:L` when line N came from the input,
    /// else ` at <scene>:N, statement K` (K as `:list` numbers it).
    func relocate(_ text: String, _ file: SourceFile, _ s: Session, _ offsets: [Int], _ input: SourceFile) -> String {
        let marker = " at line "
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: marker) {
            out += rest[..<r.lowerBound]
            let digits = rest[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let line = Int(digits), line >= 1, line <= file.lineStarts.count else {
                out += rest[r]
                rest = rest[r.upperBound...]
                continue
            }
            // The line's first non-blank byte: what the note is about.
            var at = file.lineStarts[line - 1]
            while at < file.bytes.count, file.bytes[at] == UInt8(ascii: " ") || file.bytes[at] == UInt8(ascii: "\t") { at += 1 }
            if let o = toInput(at, file, s, offsets, input) {
                out += " at \(input.name):\(input.location(of: o).line)"
            } else {
                let k = offsets.lastIndex { $0 <= at } ?? 0
                out += " at \(file.name):\(line) (statement \(k + 1))"
            }
            rest = rest[r.upperBound...].dropFirst(digits.count)
        }
        return out + rest
    }
}

import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLang
import SceneEval

/// The REPL's scene: an ordered list of statements, each kept as the source
/// text the user typed, plus the compiled result of all of them together.
/// A loaded file keeps its exact text: what stood between its statements
/// (blank lines, separators, comments) is kept with the statement after it
/// (`Entry.before`) and after the last one (`tail`), so loading and saving
/// with no edit is byte-identical and every line:column is the file's.
///
/// A session is a value and always valid: every method that edits returns a
/// new session (accepted) or the diagnostics that stopped it (rejected), and
/// the receiver is never touched. After each edit the scene text is compiled
/// again, recomputing only what the edit touched where it can (Recompile.swift)
/// and giving exactly what `Pipeline.compile` gives, so the REPL can never
/// disagree with `scene run` on the same text.
public struct Session: Sendable {
    /// One top-level statement. `id` is stable across edits (a replaced
    /// statement keeps it), so the diff can follow unlabelled nodes.
    public struct Entry: Sendable, Equatable {
        public var id: Int
        public var text: String
        /// The text between the previous statement (or the start) and this
        /// one, as loaded; nil: a newline (nothing before the first).
        public var before: String? = nil
    }

    /// Names diagnostics are rendered against.
    public static let sceneName = "<scene>"
    public static let inputName = "<input>"
    /// How many edits `:undo` can take back.
    public static let undoDepth = 500

    public internal(set) var entries: [Entry] = []
    /// The text after the last statement, as loaded; nil: a final newline.
    public internal(set) var tail: String? = nil
    /// The compiled scene text; its `scene` is never nil.
    public internal(set) var compilation: Compilation
    /// Evaluator warnings plus the checker's findings for the current scene,
    /// each built when it is read (a report shows a few of thousands).
    public internal(set) var findings = Findings.none
    /// The file the scene was loaded from or last saved to.
    public var fileName: String?
    /// The name diagnostics in the scene are shown against: the file it was
    /// loaded from or saved to (`map.scene:19:8`), `<scene>` before that and
    /// after `:reset`.
    public internal(set) var displayName = Session.sceneName
    /// Entry texts as last loaded or saved (nil: never), for "unsaved changes".
    public var savedTexts: [String]? = nil
    /// Nanoseconds spent compiling and checking for the last change.
    public internal(set) var timing = Timing()

    var nextID = 1
    /// What the last compilation left for the next (see Recompile.swift).
    var cache = CompileCache()
    var undoStack: [Snapshot] = []
    var redoStack: [Snapshot] = []

    public struct Timing: Sendable, Equatable {
        public var compile: UInt64 = 0
        public var check: UInt64 = 0
        /// Whether only what the edit touched was re-evaluated (Recompile.swift).
        public var incremental = false
    }

    struct Snapshot: Sendable {
        var entries: [Entry]
        var tail: String? = nil
        var nextID: Int
        var fileName: String?
        var savedTexts: [String]?
        var displayName: String
        /// What the edit after this snapshot did (for `:undo` / `:redo` messages).
        var what: String
    }

    public init() {
        let file = SourceFile(name: Self.sceneName, text: "")
        compilation = Pipeline.compile(file)
        savedTexts = []
    }

    // MARK: - Reading

    public var scene: ResolvedScene { compilation.scene! }
    public var file: SourceFile { compilation.file }
    public var ast: Scene { compilation.parse.scene }
    public var text: String { String(decoding: textBytes, as: UTF8.self) }

    /// `text`'s bytes, put together in one buffer of the right size: the REPL
    /// compiles them after every edit (a 10k-node scene is 400 KB), and the
    /// string, grown piece by piece and then copied into bytes, was three copies.
    var textBytes: [UInt8] {
        var size = tail?.utf8.count ?? 1
        for e in entries { size += e.text.utf8.count + (e.before?.utf8.count ?? 1) }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        for (i, e) in entries.enumerated() {
            if let b = e.before { out.append(contentsOf: b.utf8) } else if i > 0 { out.append(0x0A) }
            out.append(contentsOf: e.text.utf8)
        }
        if let t = tail { out.append(contentsOf: t.utf8) } else if !entries.isEmpty { out.append(0x0A) }
        return out
    }
    public var isEmpty: Bool { entries.isEmpty }
    public var hasUnsavedChanges: Bool { savedTexts != entries.map(\.text) }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Byte offset of each entry in `text`.
    var offsets: [Int] {
        var o: [Int] = []
        o.reserveCapacity(entries.count)
        var at = 0
        for (i, e) in entries.enumerated() {
            at += (e.before ?? (i == 0 ? "" : "\n")).utf8.count
            o.append(at)
            at += e.text.utf8.count
        }
        return o
    }

    /// Names bound with `let`, in order.
    public var names: [String] {
        ast.statements.compactMap { if case .binding(let n, _, _) = $0 { return n.name } else { return nil } }
    }
    /// Every label in the scene, nested ones included, in document order.
    public var labels: [String] { scene.shapes.compactMap(\.label) }

    /// The statement number (1-based) of the entry with `id`.
    public func number(ofEntry id: Int) -> Int? { entries.firstIndex { $0.id == id }.map { $0 + 1 } }

    /// Entry ids of the top-level node statements, in order: the diff's anchor
    /// for unlabelled nodes.
    public var nodeEntryIDs: [Int] {
        var ids: [Int] = []
        for (i, st) in ast.statements.enumerated() where i < entries.count {
            if case .node = st { ids.append(entries[i].id) }
        }
        return ids
    }

    /// The AST node carrying `label`, with the file it was parsed from.
    public func node(labelled label: String) -> Node? {
        for st in ast.statements {
            guard case .node(let root) = st else { continue }
            if let n = Self.find(label, in: root) { return n }
        }
        return nil
    }

    // MARK: - Editing

    /// Why an edit was refused: diagnostics, each with the file it points into
    /// (`<input>` when the problem is in what was typed, else the scene).
    public struct Rejection: Sendable {
        public var diagnostics: [(Diagnostic, SourceFile)]
        public init(_ diagnostics: [(Diagnostic, SourceFile)]) { self.diagnostics = diagnostics }
    }

    public enum Outcome: Sendable {
        /// The new session and what was done, one phrase per statement ("[3] added").
        case accepted(Session, [String])
        case rejected(Rejection)
        /// The input held no statement (blank, or only a comment).
        case nothing
    }

    /// Apply typed input: each statement is added, or replaces the statement
    /// (or nested labelled node) with the same key. `typed`: false when the input
    /// was put together from the scene and what was typed (`:add`'s parent with
    /// its new children): a refusal then points into the scene as it would be,
    /// not at lines of an input nobody typed.
    public func applying(_ input: String, replacingEntry: Int? = nil, typed: Bool = true) -> Outcome {
        let inFile = SourceFile(name: Self.inputName, text: input)
        let parsed = Parser.parse(inFile)
        if parsed.diagnostics.hasErrors {
            return .rejected(Rejection(parsed.diagnostics.filter { $0.severity == .error }.map { ($0, inFile) }))
        }
        let statements = parsed.scene.statements
        if statements.isEmpty { return .nothing }
        let chunks = Self.split(inFile, statements)
        var draft = Draft(self)
        var actions: [String] = []
        for (st, chunk) in zip(statements, chunks) {
            actions.append(draft.place(st, chunk, replacingEntry: statements.count == 1 ? replacingEntry : nil))
        }
        return draft.finish(from: self, what: input, actions: actions, input: typed ? inFile : nil)
    }

    /// `:delete N`, `:delete LABEL`, `:delete let NAME`, `:delete screen|target|margin`.
    public func deleting(_ what: String) -> Result<Outcome, DeleteError> {
        let words = what.split(separator: " ").map(String.init)
        var draft = Draft(self)
        var index: Int? = nil
        var nestedLabel: String? = nil
        if words.count == 1, let n = Int(words[0]) {
            guard n >= 1, n <= entries.count else {
                return .failure(.noStatement(n, count: entries.count))
            }
            index = n - 1
        } else if words.count == 2, words[0] == "let" {
            guard let i = draft.keys.firstIndex(of: .binding(words[1])) else { return .failure(.noName(words[1], suggestion: Suggest.closest(to: words[1], among: names))) }
            index = i
        } else if words.count == 1, let k = ["screen", "target", "margin"].firstIndex(of: words[0]) {
            let key: StatementKey = [.screen, .target, .margin][k]
            guard let i = draft.keys.firstIndex(of: key) else { return .failure(.noSetting(words[0])) }
            index = i
        } else if words.count == 1 {
            let name = words[0]
            if let i = draft.keys.firstIndex(of: .label(name)) {
                index = i
            } else if node(labelled: name) != nil {
                nestedLabel = name
            } else if let i = draft.keys.firstIndex(of: .binding(name)) {
                index = i
            } else {
                return .failure(.noLabel(name, suggestion: Suggest.closest(to: name, among: labels + names)))
            }
        } else {
            return .failure(.usage)
        }
        let action: String
        if let i = index {
            action = "[\(i + 1)] deleted"
            let gone = draft.entries.remove(at: i)
            draft.keys.remove(at: i)
            // What stood before the first statement (the file's head) stays first.
            if i == 0, !draft.entries.isEmpty { draft.entries[0].before = gone.before }
        } else {
            let label = nestedLabel!
            guard let owner = draft.owner(of: label) else { return .failure(.noLabel(label, suggestion: nil)) }
            draft.splice(label: label, owner: owner, with: nil)
            action = "[\(draft.entries.firstIndex { $0.id == owner }! + 1)] deleted `\(label)`"
        }
        return .success(draft.finish(from: self, what: ":delete \(what)", actions: [action], input: nil))
    }

    public enum DeleteError: Error, Equatable {
        case usage
        case noStatement(Int, count: Int)
        case noLabel(String, suggestion: String?)
        case noName(String, suggestion: String?)
        case noSetting(String)
    }

    /// Replace the whole scene with the statements of `file` (`:load`, `:reset`).
    /// Diagnostics point into `file` itself.
    /// The result is shown as `name` (default: the file's own name).
    public func replacingAll(with file: SourceFile, what: String, name: String? = nil) -> Outcome {
        let c = Pipeline.compile(file)
        if c.scene == nil {
            return .rejected(Rejection(c.diagnostics.filter { $0.severity == .error }.map { ($0, file) }))
        }
        var draft = Draft(self)
        let chunks = Self.split(file, c.parse.scene.statements)
        draft.entries = chunks.map { chunk in
            defer { draft.nextID += 1 }
            return Entry(id: draft.nextID, text: chunk.text, before: chunk.before)
        }
        draft.tail = Self.tail(of: file, after: chunks)
        draft.keys = c.parse.scene.statements.map(Self.key)
        draft.segments = []
        return draft.finish(from: self, what: what, actions: [], input: nil, name: name ?? file.name)
    }

    /// The scene as saved: mark it clean under `name`.
    public func saved(as name: String) -> Session {
        var s = self.renamed(name)
        s.fileName = name
        s.savedTexts = entries.map(\.text)
        return s
    }

    /// The same scene shown under another name (see `displayName`).
    public func renamed(_ name: String) -> Session {
        guard name != displayName else { return self }
        var s = self
        s.displayName = name
        s.compilation.file = SourceFile(name: name, bytes: compilation.file.bytes)
        return s
    }

    /// Undo the last edit: the restored session and what was undone.
    public func undoing() -> (Session, String)? {
        guard let snap = undoStack.last else { return nil }
        var s = restoring(snap)
        s.undoStack.removeLast()
        s.redoStack.append(Snapshot(entries: entries, tail: tail, nextID: nextID, fileName: fileName, savedTexts: savedTexts,
                                    displayName: displayName, what: snap.what))
        return (s, snap.what)
    }

    public func redoing() -> (Session, String)? {
        guard let snap = redoStack.last else { return nil }
        var s = restoring(snap)
        s.redoStack.removeLast()
        s.undoStack.append(Snapshot(entries: entries, tail: tail, nextID: nextID, fileName: fileName, savedTexts: savedTexts,
                                    displayName: displayName, what: snap.what))
        return (s, snap.what)
    }

    func restoring(_ snap: Snapshot) -> Session {
        var s = self
        s.entries = snap.entries
        s.tail = snap.tail
        s.nextID = max(nextID, snap.nextID)
        s.fileName = snap.fileName ?? fileName
        s.savedTexts = snap.savedTexts
        s.displayName = snap.displayName
        s.recompile()
        return s
    }

    /// Compile the entries; a snapshot was valid when taken, so this succeeds.
    mutating func recompile() {
        let t0 = Clock.now
        let file = SourceFile(name: displayName, bytes: textBytes)
        let incremental: Bool
        (compilation, cache, incremental) = Recompile.compile(file, entries: entries, offsets: offsets, cache: cache)
        let t1 = Clock.now
        findings = Self.findings(of: compilation, entries: entries, cache: &cache)
        timing = Timing(compile: t1 - t0, check: Clock.now - t1, incremental: incremental)
        if compilation.scene == nil {
            // Cannot happen for a snapshot; never leave an invalid session.
            entries = []
            compilation = Pipeline.compile(SourceFile(name: displayName, text: ""))
            findings = .none
            cache = CompileCache()
        }
    }

    /// The findings of a whole check (what `scene check` reports).
    static func findings(of c: Compilation) -> Findings {
        guard let scene = c.scene else { return .none }
        return Checker.findings(scene, ast: c.parse.scene, file: c.file, after: c.diagnostics.filter { $0.severity != .error })
    }

    /// The same, reusing what the last check found for each top-level node
    /// whose piece `cache` kept (the checker's incremental check).
    static func findings(of c: Compilation, entries: [Entry], cache: inout CompileCache) -> Findings {
        guard let scene = c.scene else { return .none }
        let leading = c.diagnostics.filter { $0.severity != .error }
        var roots: [CheckRoot] = []
        if !cache.pieces.isEmpty {
            for e in entries {
                guard let p = cache.pieces[e.id] else { roots = []; break }
                if case .node = p.statement { roots.append(CheckRoot(id: e.id, version: p.version, offset: p.offset)) }
            }
        }
        guard !roots.isEmpty else {
            cache.check.clear()
            return Checker.findings(scene, ast: c.parse.scene, file: c.file, after: leading)
        }
        let (f, next) = Checker.findings(scene, ast: c.parse.scene, file: c.file, after: leading, roots: roots, cache: cache.check)
        cache.check = next
        return f
    }

    // MARK: - Statement keys

    /// What makes two statements "the same" for replacement.
    enum StatementKey: Hashable, Sendable {
        case binding(String), label(String), screen, target, margin
        var isSetting: Bool { if case .label = self { return false } else { return true } }
    }

    static func key(_ s: Statement) -> StatementKey? {
        switch s {
        case .binding(let n, _, _): return .binding(n.name)
        case .screen: return .screen
        case .target: return .target
        case .margin: return .margin
        case .node(let n): return n.label.map { .label($0.name) }
        }
    }

    /// The node labelled `label` under `root` (iterative: depth cannot overflow the stack).
    static func find(_ label: String, in root: Node) -> Node? {
        var stack = [root]
        while let n = stack.popLast() {
            if n.label?.name == label { return n }
            stack.append(contentsOf: n.children.reversed())
        }
        return nil
    }

    static func allLabels(in root: Node) -> [String] {
        var out: [String] = []
        var stack = [root]
        while let n = stack.popLast() {
            if let l = n.label { out.append(l.name) }
            stack.append(contentsOf: n.children.reversed())
        }
        return out
    }

    // MARK: - Splitting text into statements

    /// One statement's text, cut from a larger source.
    struct Chunk: Equatable {
        var text: String
        /// Where the statement itself starts in `text` (after kept comment lines).
        var statementOffset: Int
        /// Where the statement starts in the source it was cut from.
        var sourceStart: Int
        /// The source between the previous chunk (or the start) and this one.
        var before: String = ""
        /// Where the chunk ends in the source.
        var sourceEnd: Int = 0
    }

    /// Cut a parsed source into one chunk per statement: the statement's
    /// exact text, a comment at the end of its last line, and the comment
    /// lines above it (from the first one's `#`). What lies between chunks
    /// (blank lines, separators, indentation) is each chunk's `before`, so the
    /// chunks and `tail(of:after:)` put together are the source, byte for byte.
    static func split(_ file: SourceFile, _ statements: [Statement]) -> [Chunk] {
        let b = file.bytes
        let nl = UInt8(ascii: "\n"), hash = UInt8(ascii: "#")
        func isBlank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 13 }
        func endOfLine(_ i: Int) -> Int {
            var j = i
            while j < b.count, b[j] != nl { j += 1 }
            return j
        }
        var chunks: [Chunk] = []
        var prevEnd = 0
        for (i, st) in statements.enumerated() {
            let r = st.range
            var end = r.end
            let eol = endOfLine(end)
            let nextStart = i + 1 < statements.count ? statements[i + 1].range.start : Int.max
            if nextStart >= eol { end = eol }
            while end > r.end, isBlank(b[end - 1]) { end -= 1 }
            // The first comment line between the previous statement and this one.
            var start = r.start
            var at = prevEnd
            while at < r.start {
                let lineEnd = min(endOfLine(at), r.start)
                var k = at
                while k < lineEnd, isBlank(b[k]) || b[k] == UInt8(ascii: ";") { k += 1 }
                if k < lineEnd, b[k] == hash {
                    start = k
                    break
                }
                at = lineEnd + 1
            }
            chunks.append(Chunk(text: file.text(start..<end), statementOffset: r.start - start, sourceStart: r.start,
                                before: file.text(prevEnd..<start), sourceEnd: end))
            prevEnd = end
        }
        return chunks
    }

    /// What follows the last chunk (the whole source when there is none);
    /// nil for an empty source (a new scene ends with a newline).
    static func tail(of file: SourceFile, after chunks: [Chunk]) -> String? {
        if file.bytes.isEmpty { return nil }
        return file.text((chunks.last?.sourceEnd ?? 0)..<file.bytes.count)
    }
}

/// Monotonic nanoseconds.
/// `:timing`'s clock: the CPU time this thread has spent, in nanoseconds. What an
/// edit costs, and the same on a busy machine, where wall time would mostly
/// measure the wait for a core (scripts/bench-repl).
enum Clock {
    static var now: UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}

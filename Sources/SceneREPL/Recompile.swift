import SceneLang
import SceneEval

// Re-evaluation after an edit, recomputing only what the edit touched.
//
// The session's text is its entries, one top-level statement each. The last
// compilation left, per entry, its parsed statement and (for a node) the
// shapes its subtree resolved to (`CompileCache`). On the next edit:
//
// - an entry whose text is unchanged keeps its statement (moved, when an
//   edit before it changed the length, by shifting its ranges: Shift.swift);
//   one that changed is parsed alone, at its offset (so every range is the
//   file's), and more than a few changed ones parse as a whole;
// - the settings (`let`, `screen`, `target`, `margin`) are evaluated again
//   (a handful of statements);
// - a node keeps its resolved subtree (moved likewise) when its text is the
//   one it was evaluated from and the screen, target and every binding its text
//   mentions are unchanged; else its subtree alone is evaluated against the
//   settings. Top-level subtrees never depend on each other (each is laid out
//   and resolved in the screen), so a `let` edit re-evaluates its users, a
//   node edit that node, and a setting no node mentions nothing.
//
// The pieces are renumbered into one scene (indices, `node-N` ids). Whatever
// this cannot decide alone — any diagnostic, a label used twice, a text that
// would not split into the same statements — returns nil and the caller
// compiles the whole text (`Pipeline.compile`), so the result is always what
// the whole-text path gives (RecompileTests compares them after random edits).
// The checker then runs on the whole scene.

/// What the last compilation of each entry left for the next edit.
struct CompileCache: Sendable {
    struct Piece: Sendable {
        var text: String
        /// The entry's byte offset in the session text.
        var offset: Int
        var statement: Statement
        /// Binding name → whether the text mentions it as a word (a superset of
        /// the names it uses), filled in as names come up.
        var mentions: [String: Bool] = [:]
        /// A node's subtree, resolved, numbered from `base` in the whole scene,
        /// its ranges those of the entry at `shapesOffset`.
        var shapes: [ResolvedShape] = []
        var base = 0
        var shapesOffset = 0
        /// The values the subtree was resolved with: the bindings its text mentions.
        var env: [Binding] = []
        /// New whenever the statement or subtree is made anew (the checker
        /// reuses a node's findings while it stays: `CheckRoot`).
        var version = 0
        /// What flatten made of the subtree when it was last evaluated alone,
        /// its ranges those of the entry at `memoOffset`: an edit of bindings
        /// re-reads only the nodes that name a changed one (FlatMemo.swift).
        var memo: FlatMemo? = nil
        var memoOffset = 0
    }

    struct Binding: Sendable, Equatable {
        var name: String
        var value: Double
        /// The `let` statement's text: the checker's findings read a binding's
        /// form too (`let r = 10` is offered as "set `r` = …", `let r = 5 + 5`
        /// is not), so a new form with the same value is a change.
        var form: String
    }

    var pieces: [Int: Piece] = [:]
    var screen: Screen? = nil
    var target: Target? = nil
    /// The next piece's version (never reused, across whole compilations too).
    var nextVersion = 1
    /// What the last check found per top-level node (Checker's incremental check).
    var check = CheckCache()

    mutating func newVersion() -> Int {
        defer { nextVersion += 1 }
        return nextVersion
    }

    /// More changed entries than this: parse the whole text instead.
    static let maxReparsed = 8
}

enum Recompile {
    /// The compilation of `file` (the entries' text at `offsets`), the cache
    /// for the next edit, and whether only what changed was re-evaluated.
    static func compile(_ file: SourceFile, entries: [Session.Entry], offsets: [Int],
                        cache: CompileCache) -> (Compilation, CompileCache, Bool) {
        if let (c, next) = incremental(file, entries: entries, offsets: offsets, cache: cache) { return (c, next, true) }
        let c = Pipeline.compile(file)
        return (c, Self.cache(of: c, entries: entries, offsets: offsets, after: cache), false)
    }

    /// The cache a whole compilation leaves: each entry's statement and subtree
    /// (new versions, counted on from `old`'s; its check kept for its settings).
    static func cache(of c: Compilation, entries: [Session.Entry], offsets: [Int], after old: CompileCache) -> CompileCache {
        var out = CompileCache()
        out.nextVersion = old.nextVersion
        out.check = old.check
        let statements = c.parse.scene.statements
        guard let scene = c.scene, c.diagnostics.isEmpty, statements.count == entries.count else { return out }
        out.screen = scene.screen
        out.target = scene.target
        var forms: [String: String] = [:]
        for (i, st) in statements.enumerated() { addForm(st, entries[i].text, to: &forms) }
        var at = 0
        for (i, st) in statements.enumerated() {
            var p = CompileCache.Piece(text: entries[i].text, offset: offsets[i], statement: st)
            p.version = out.newVersion()
            if case .node = st {
                guard at < scene.shapes.count, scene.shapes[at].parent == nil else { return CompileCache() }
                var end = at + 1
                while end < scene.shapes.count, scene.shapes[end].parent != nil { end += 1 }
                p.shapes = Array(scene.shapes[at..<end])
                p.base = at
                p.shapesOffset = offsets[i]
                p.env = env(of: &p, scene.bindings, forms: forms)
                at = end
            }
            out.pieces[entries[i].id] = p
        }
        if at != scene.shapes.count { out.pieces = [:] }
        return out
    }

    static func incremental(_ file: SourceFile, entries: [Session.Entry], offsets: [Int],
                            cache: CompileCache) -> (Compilation, CompileCache)? {
        guard !cache.pieces.isEmpty, !entries.isEmpty, !file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        // Parse what changed, each entry alone at its offset.
        var pieces: [CompileCache.Piece] = []
        pieces.reserveCapacity(entries.count)
        var reparsed = 0
        for (i, e) in entries.enumerated() {
            if var p = cache.pieces[e.id], p.text == e.text {
                // Moved by an edit before it: the same statement, `delta` bytes
                // on (every later statement, after an edit early in a long
                // scene: shifting is a copy of each node's slots, cheaper than
                // parsing the rest of the text again).
                if p.offset != offsets[i] {
                    p.statement = Shift.statement(p.statement, offsets[i] - p.offset)
                    p.offset = offsets[i]
                }
                pieces.append(p)
                continue
            }
            reparsed += 1
            guard reparsed <= CompileCache.maxReparsed, let st = parse(e.text, at: offsets[i], in: file) else { return nil }
            var p = CompileCache.Piece(text: e.text, offset: offsets[i], statement: st)
            p.base = -1
            pieces.append(p)
        }
        let statements = pieces.map(\.statement), forms = forms(of: pieces)
        // The settings, then each node's subtree against them.
        let settings = statements.filter { if case .node = $0 { return false } else { return true } }
        let head = Evaluator.evaluate(Scene(statements: settings), file: file)
        guard head.diagnostics.isEmpty else { return nil }
        var scene = head.scene
        var nextVersion = cache.nextVersion
        let sameContext = cache.screen == scene.screen && cache.target == scene.target
        var shapes: [ResolvedShape] = []
        shapes.reserveCapacity(cache.pieces.values.reduce(0) { $0 + $1.shapes.count })
        var labels = Set<String>()
        for k in pieces.indices {
            guard case .node = pieces[k].statement else { continue }
            let env = env(of: &pieces[k], scene.bindings, forms: forms)
            if !(sameContext && pieces[k].base >= 0 && pieces[k].env == env) {
                // The same statement under the same screen and target, its bindings
                // changed: the memo of its last evaluation serves every node that
                // names none of them.
                let memo = sameContext && pieces[k].base >= 0
                    ? pieces[k].memo?.shifted(by: pieces[k].offset - pieces[k].memoOffset) : nil
                // (No memo where no binding is mentioned: no binding edit evaluates it again.)
                let (one, made) = Evaluator.evaluate(Scene(statements: settings + [pieces[k].statement]), file: file,
                                                     reusing: memo, keepingMemo: !env.isEmpty)
                guard one.diagnostics.isEmpty else { return nil }
                pieces[k].memo = made
                pieces[k].memoOffset = pieces[k].offset
                pieces[k].shapes = one.scene.shapes
                pieces[k].base = 0
                pieces[k].shapesOffset = pieces[k].offset
                pieces[k].env = env
                pieces[k].version = nextVersion
                nextVersion += 1
            } else if pieces[k].shapesOffset != pieces[k].offset {
                let d = pieces[k].offset - pieces[k].shapesOffset
                for j in pieces[k].shapes.indices { Shift.shape(&pieces[k].shapes[j], d) }
                pieces[k].shapesOffset = pieces[k].offset
            }
            let delta = shapes.count - pieces[k].base
            if delta != 0 {
                for j in pieces[k].shapes.indices { rebase(&pieces[k].shapes[j], by: delta, at: shapes.count + j) }
                pieces[k].base = shapes.count
            }
            for sh in pieces[k].shapes {
                if let l = sh.label, !labels.insert(l).inserted { return nil }  // the evaluator's duplicate-label error
            }
            shapes += pieces[k].shapes
        }
        guard shapes.count <= Parser.maxStatements / 2 else { return nil }
        scene.shapes = shapes
        var next = CompileCache(screen: scene.screen, target: scene.target, nextVersion: nextVersion, check: cache.check)
        for (i, e) in entries.enumerated() { next.pieces[e.id] = pieces[i] }
        let parse = Parser.Result(scene: Scene(statements: statements), diagnostics: [], file: file)
        return (Compilation(file: file, parse: parse, scene: scene, diagnostics: []), next)
    }

    /// One entry's statement, its ranges those of `file`: the entry parsed
    /// alone, then moved `offset` bytes on (Shift.swift: what parsing it after
    /// `offset` blanks gives, without a file the size of the scene to build
    /// and scan for lines). Nil unless it is exactly one statement, cleanly.
    static func parse(_ text: String, at offset: Int, in file: SourceFile) -> Statement? {
        let r = Parser.parse(SourceFile(name: file.name, text: text))
        guard r.diagnostics.isEmpty, r.scene.statements.count == 1 else { return nil }
        return offset == 0 ? r.scene.statements[0] : Shift.statement(r.scene.statements[0], offset)
    }

    /// Shape `s` of a subtree moved `delta` places in the scene, now at `index`.
    static func rebase(_ s: inout ResolvedShape, by delta: Int, at index: Int) {
        if let p = s.parent { s.parent = p + delta }
        if case .node(let j) = s.container { s.container = .node(j + delta) }
        if case .node(let j) = s.enclosing { s.enclosing = .node(j + delta) }
        s.ordinal = index
    }

    /// The bindings a piece's text may use: those it mentions.
    static func env(of p: inout CompileCache.Piece, _ bindings: [(name: String, value: Double, range: SourceRange)],
                    forms: [String: String]) -> [CompileCache.Binding] {
        var out: [CompileCache.Binding] = []
        for b in bindings {
            let m = p.mentions[b.name] ?? mentions(b.name, in: p.text)
            p.mentions[b.name] = m
            if m { out.append(CompileCache.Binding(name: b.name, value: b.value, form: forms[b.name] ?? "")) }
        }
        return out
    }

    /// Each `let`'s text under its name.
    static func forms(of pieces: [CompileCache.Piece]) -> [String: String] {
        var forms: [String: String] = [:]
        for p in pieces { addForm(p.statement, p.text, to: &forms) }
        return forms
    }

    /// A `let` statement's text under its name (the first definition: a second is an error).
    static func addForm(_ st: Statement, _ text: String, to forms: inout [String: String]) {
        if case .binding(let name, _, _) = st, forms[name.name] == nil { forms[name.name] = text }
    }

    /// Whether `name` occurs in `text` not inside a longer run of letters,
    /// digits and `_` (so `a-b` mentions `a`, `b` and `a-b`, however the
    /// lexer reads it): true for every name the text uses, and maybe more.
    static func mentions(_ name: String, in text: String) -> Bool {
        let n = Array(name.utf8), t = Array(text.utf8)
        guard let first = n.first, n.count <= t.count else { return false }
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
        }
        var i = 0
        while i + n.count <= t.count {
            if t[i] == first, i == 0 || !isWord(t[i - 1]), i + n.count == t.count || !isWord(t[i + n.count]),
               t[i..<i + n.count].elementsEqual(n) {
                return true
            }
            i += 1
        }
        return false
    }
}

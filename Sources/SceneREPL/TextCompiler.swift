import SceneLang
import SceneEval

/// Compiles successive versions of one text (an editor's document), each time
/// re-evaluating only what changed since the last (Recompile.swift): the
/// statements inside the changed span of bytes are parsed again, those after
/// it move; everything else is kept. The result is always what
/// `Pipeline.compile` gives for the text (TextCompilerTests).
public struct TextCompiler: Sendable {
    /// The last text's statements, cut as the REPL cuts a loaded file.
    var entries: [Session.Entry] = []
    var offsets: [Int] = []
    var cache = CompileCache()
    var bytes: [UInt8] = []
    var nextID = 1
    /// Whether the last `compile` was incremental.
    public private(set) var lastWasIncremental = false

    public init() {}

    public mutating func compile(_ file: SourceFile) -> Compilation {
        if let (entries, offsets, next) = cut(file) {
            let (c, cache, incremental) = Recompile.compile(file, entries: entries, offsets: offsets, cache: cache)
            lastWasIncremental = incremental
            nextID = next
            if incremental {
                self.entries = entries
                self.offsets = offsets
                self.cache = cache
                bytes = file.bytes
                return c
            }
            remember(c)
            return c
        }
        let c = Pipeline.compile(file)
        lastWasIncremental = false
        remember(c)
        return c
    }

    /// The findings of the last compilation (`c`, what `compile` returned),
    /// reusing the last check's for every top-level node it kept.
    public mutating func findings(_ c: Compilation) -> Findings {
        Session.findings(of: c, entries: entries, cache: &cache)
    }

    /// Keep a whole compilation's statements and cache (none when it has diagnostics).
    mutating func remember(_ c: Compilation) {
        bytes = c.file.bytes
        guard c.scene != nil, c.diagnostics.isEmpty else {
            entries = []
            offsets = []
            cache = CompileCache(nextVersion: cache.nextVersion)
            return
        }
        let chunks = Session.split(c.file, c.parse.scene.statements)
        entries = chunks.map { chunk in
            defer { nextID += 1 }
            return Session.Entry(id: nextID, text: chunk.text)
        }
        offsets = chunks.map { $0.sourceStart - $0.statementOffset }
        cache = Recompile.cache(of: c, entries: entries, offsets: offsets, after: cache)
    }

    /// The new text's entries: the old ones before the changed span, new ones
    /// cut from a parse of the span, the old ones after it moved. Nil when
    /// there is nothing to keep or the span does not parse cleanly.
    func cut(_ file: SourceFile) -> ([Session.Entry], [Int], Int)? {
        guard !entries.isEmpty, !cache.pieces.isEmpty else { return nil }
        let new = file.bytes
        let n = min(bytes.count, new.count)
        var p = 0
        while p < n, bytes[p] == new[p] { p += 1 }
        var s = 0
        while s < n - p, bytes[bytes.count - 1 - s] == new[new.count - 1 - s] { s += 1 }
        let delta = new.count - bytes.count
        // Kept before: ends before the first changed byte. Kept after: starts
        // after the last one (old positions).
        let before = entries.indices.prefix { offsets[$0] + entries[$0].text.utf8.count < p }.count
        let changedEnd = bytes.count - s
        var after = entries.count
        while after > before, offsets[after - 1] > changedEnd { after -= 1 }
        let lo = before == 0 ? 0 : offsets[before - 1] + entries[before - 1].text.utf8.count
        let hi = after == entries.count ? new.count : offsets[after] + delta
        guard lo <= hi else { return nil }
        // Parse the span alone, at its place, and cut it into statements.
        var padded = [UInt8](repeating: UInt8(ascii: " "), count: lo)
        padded += new[lo..<hi]
        let spanFile = SourceFile(name: file.name, bytes: padded)
        let parsed = Parser.parse(spanFile)
        guard parsed.diagnostics.isEmpty else { return nil }
        // The span's statements must stand apart from the kept ones as they
        // would in the whole text: a line break or `;` on each side.
        func apart(_ a: Int, _ b: Int) -> Bool { new[a..<b].contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: ";") } }
        let stmts = parsed.scene.statements
        if before > 0, !apart(lo, stmts.first?.range.start ?? hi) { return nil }
        if after < entries.count, !apart(stmts.last?.range.end ?? lo, hi) { return nil }
        let chunks = Session.split(spanFile, parsed.scene.statements)
        var outEntries = Array(entries[..<before])
        var outOffsets = Array(offsets[..<before])
        var id = nextID
        for chunk in chunks {
            outEntries.append(Session.Entry(id: id, text: chunk.text))
            outOffsets.append(chunk.sourceStart - chunk.statementOffset)
            id += 1
        }
        outEntries += entries[after...]
        outOffsets += offsets[after...].map { $0 + delta }
        return (outEntries, outOffsets, id)
    }
}

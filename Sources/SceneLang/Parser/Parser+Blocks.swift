/// An unclosed `<` blamed on the block the indentation shows was left open.
///
/// The parser matches `>` to the innermost open `<`, so when an inner block
/// misses its `>`, the outer block's `>` closes the inner one and the outermost
/// `<` is the one left open at the end of the file. The indentation usually
/// tells the truth: a `>` at the start of a line, to the left of the line that
/// opened the block it closed, was written for an outer block. (So the parser keeps
/// a closed block only where its `>` starts a line: no other can be blamed.)
struct ClosedBlock {
    var open: SourceRange
    /// The owner's label, where it is written (its name is its text, read only for
    /// the diagnostic: not a string kept for every block).
    var owner: SourceRange?
    var close: SourceRange
}

extension Parser {
    /// `open` (owned by `owner`) reaches the end of the input unclosed: report it,
    /// on the inner block the indentation points at when there is one.
    mutating func reportUnclosed(open: SourceRange, owner: Identifier?) {
        let who = owner.map { "the children of `\($0.name)`" } ?? "this block"
        guard let culprit = closedBlocks.first(where: { b in
            b.open.start > open.start && indent(of: b.close.start) < indent(of: b.open.start)
        }) else {
            // Where: after the last line indented under the opening one, when the indentation shows it.
            let help = lastIndentedLine(after: open.start).map { "add `>` on a line of its own after line \($0), the last one indented under it, to close \(who)" }
                ?? "add `>` after the last child to close \(who)"
            error(.unterminatedBlock, "`<` is never closed", at: open, help: help)
            return
        }
        let name = culprit.owner.map { "`\(text($0))`" } ?? "the block"
        let column = indent(of: culprit.open.start) + 1
        var d = Diagnostic(.unterminatedBlock, "the children of \(name) are never closed", at: culprit.open,
                           help: "add `>` at \(name)'s indentation (column \(column)) after its last child")
        d.notes = ["the `>` on line \(line(of: culprit.close.start)) is indented for an outer block but closes \(name), "
                   + "so the `<` of \(owner.map { "`\($0.name)`" } ?? "the outer block") on line \(line(of: open.start)) is left open"]
        if diagnostics.count < Self.maxErrors { diagnostics.append(d) } else { suppressed += 1 }
    }

    /// Whether only spaces and tabs precede `offset` on its line.
    func startsLine(_ offset: Int) -> Bool {
        var i = offset
        while i > 0, bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") { i -= 1 }
        return i == 0 || bytes[i - 1] == UInt8(ascii: "\n") || bytes[i - 1] == UInt8(ascii: "\r")
    }

    /// The indentation (spaces and tabs) of the line holding `offset`.
    func indent(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var i = start
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i - start
    }

    /// `sourceLines()`, made once a parse.
    mutating func cachedLines() -> [(start: Int, end: Int, indent: Int, blank: Bool)] {
        if let t = lineTable { return t }
        let t = sourceLines()
        lineTable = t
        return t
    }

    /// The lines of the source as (start, end, indentation, blank: only blanks or a comment),
    /// from the file's own line starts.
    func sourceLines() -> [(start: Int, end: Int, indent: Int, blank: Bool)] {
        lineStarts.indices.map { k in
            let start = lineStarts[k]
            let end = k + 1 < lineStarts.count ? lineStarts[k + 1] - 1 : bytes.count
            var i = start
            while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") || bytes[i] == UInt8(ascii: "\r") { i += 1 }
            return (start, end, i - start, i == end || bytes[i] == UInt8(ascii: "#"))
        }
    }

    /// The 1-based number of the last line indented deeper than the line holding `offset`,
    /// in the run of such lines right after it (blank and comment lines skipped); nil when
    /// the next line that says anything is not indented deeper.
    mutating func lastIndentedLine(after offset: Int) -> Int? {
        let lines = cachedLines()
        guard let k = lines.firstIndex(where: { offset >= $0.start && offset <= $0.end }) else { return nil }
        var last: Int? = nil
        for j in (k + 1)..<lines.count where !lines[j].blank {
            if lines[j].indent > lines[k].indent { last = j + 1 } else { break }
        }
        return last
    }

    /// For a `>` at `offset` that closes nothing: the 1-based line that the indentation
    /// shows opened its block, a line as far in as the `>` with deeper lines right under it
    /// and no `<` at its end, and that line's text; nil when there is none.
    mutating func missingOpen(before offset: Int) -> (line: Int, text: String)? {
        let lines = cachedLines()
        guard let k = lines.firstIndex(where: { offset >= $0.start && offset <= $0.end }) else { return nil }
        let indent = lines[k].indent
        var sawDeeper = false
        for j in stride(from: k - 1, through: 0, by: -1) where !lines[j].blank {
            if lines[j].indent > indent { sawDeeper = true; continue }
            guard sawDeeper else { return nil }
            // The line as written, without a comment (`#` then a blank: `#4a8` is a colour).
            let text = lineWithout(SourceRange(lines[j].start, lines[j].start))
            return text.hasSuffix("<") ? nil : (j + 1, text)
        }
        return nil
    }

    /// The 1-based line of `offset`.
    func line(of offset: Int) -> Int {
        var n = 1
        for b in bytes[0..<min(offset, bytes.count)] where b == UInt8(ascii: "\n") { n += 1 }
        return n
    }
}

/// An unclosed `<` blamed on the block the indentation shows was left open.
///
/// The parser matches `>` to the innermost open `<`, so when an inner block
/// misses its `>`, the outer block's `>` closes the inner one and the outermost
/// `<` is the one left open at the end of the file. The indentation usually
/// tells the truth: a `>` at the start of a line, to the left of the line that
/// opened the block it closed, was written for an outer block.
struct ClosedBlock {
    var open: SourceRange
    var owner: String?
    var close: SourceRange
}

extension Parser {
    /// `open` (owned by `owner`) reaches the end of the input unclosed: report it,
    /// on the inner block the indentation points at when there is one.
    mutating func reportUnclosed(open: SourceRange, owner: Identifier?) {
        let who = owner.map { "the children of `\($0.name)`" } ?? "this block"
        guard let culprit = closedBlocks.first(where: { b in
            b.open.start > open.start && startsLine(b.close.start) && indent(of: b.close.start) < indent(of: b.open.start)
        }) else {
            error(.unterminatedBlock, "`<` is never closed", at: open, help: "add `>` after the last child to close \(who)")
            return
        }
        let name = culprit.owner.map { "`\($0)`" } ?? "the block"
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

    /// The 1-based line of `offset`.
    func line(of offset: Int) -> Int {
        var n = 1
        for b in bytes[0..<min(offset, bytes.count)] where b == UInt8(ascii: "\n") { n += 1 }
        return n
    }
}

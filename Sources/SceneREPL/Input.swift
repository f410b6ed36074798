import SceneLang
import SceneEval

/// Deciding when typed lines make a whole input, and how to remember them.
public enum InputBuffer {
    /// How many `<` (and `(`) are still open at the end of `text`; 0 means the
    /// input is complete. A stray `>` makes it complete (the parser reports it).
    public static func openDepth(_ text: String) -> Int {
        let (tokens, _) = Lexer.tokenize(SourceFile(name: Session.inputName, text: text))
        var blocks = 0, parens = 0
        for t in tokens {
            switch t.kind {
            case .less: blocks += 1
            case .greater: blocks -= 1; if blocks < 0 { return 0 }
            case .lparen: parens += 1
            case .rparen: parens = max(0, parens - 1)
            default: break
            }
        }
        return blocks + parens
    }

    public static func isComplete(_ text: String) -> Bool { openDepth(text) == 0 }

    /// A multi-line input as one history line, so ↑ recalls the whole block:
    /// lines joined with `;` where a statement ends, comments left out (a `#`
    /// comment would swallow what is joined after it). Never nil for an input
    /// with text: a block is always one history entry, even one that did not
    /// parse (recalled, it can be fixed).
    public static func historyLine(_ lines: [String]) -> String? {
        joined(lines, strict: false)
    }

    /// `lines` as one line; with `strict`, nil unless the one line parses
    /// (`:edit`, which must offer a line that means the same).
    public static func joined(_ lines: [String], strict: Bool) -> String? {
        let parts = lines.map { stripComment($0).trimmed(" \t\r") }.filter { !$0.isEmpty }
        if parts.count <= 1 { return parts.first }
        var out = parts[0]
        for p in parts.dropFirst() {
            let glue = out.hasSuffix("<") || out.hasSuffix("(") || out.hasSuffix(",") || p.hasPrefix(">") || p.hasPrefix(")")
                || out.hasSuffix(";") ? " " : "; "
            out += glue + p
        }
        guard strict else { return out }
        let parsed = Parser.parse(SourceFile(name: "", text: out))
        return parsed.diagnostics.hasErrors ? nil : out
    }

    /// A line without its `#` comment (a colour such as `#4a8` stays).
    public static func stripComment(_ line: String) -> String {
        guard line.contains("#") else { return line }
        let file = SourceFile(name: "", text: line)
        let (tokens, _) = Lexer.tokenize(file)
        let end = tokens.filter { $0.kind != .eof && $0.kind != .newline }.map(\.range.end).max() ?? 0
        guard let hash = file.bytes[end...].firstIndex(of: UInt8(ascii: "#")) else { return line }
        return String(decoding: file.bytes[..<hash], as: UTF8.self)
    }
}

extension String {
    func trimmed(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

/// Tab completion: what may come next where the cursor is.
public enum Completion {
    public enum Result: Equatable, Sendable {
        case words([String])
        /// Complete a file name (readline's own filename completion).
        case files
    }

    /// `before` is the line up to the start of the word being completed; `context`
    /// the earlier lines of an unfinished input (each ending in a line break).
    public static func candidates(before: String, word: String, names: [String], labels: [String],
                                  context: String = "") -> Result {
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let trimmed = before.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":") || (words.isEmpty && word.hasPrefix(":")) {
            guard let first = words.first else {
                return .words(filter(Shell.commands.map { ":" + $0.name }, word))
            }
            // The command's own row says what its argument may be.
            guard let command = Shell.command(named: String(first.dropFirst())) else { return .words([]) }
            return command.completion.complete(ArgumentCompletion.Request(words: words, word: word, names: names, labels: labels))
        }
        // Scene text: the grammar-driven engine (SceneLang's Completer, which the
        // language server uses too), over the unfinished input's earlier lines and this one.
        let r = Completer.complete(context + before + word, names: names, labels: labels, rebinding: true)
        // Readline's word may be longer than the engine's: it does not break at `-` or `:`.
        guard word.hasSuffix(r.word) else { return .words([]) }
        let head = String(word.dropLast(r.word.count))
        return .words(filter(r.words.map { head + $0 }, word))
    }

    static func filter(_ pool: [String], _ word: String) -> [String] {
        var seen = Set<String>()
        return pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
    }
}

/// `:edit` offers a statement as one line (comments left out, line breaks
/// joined with `;`). When the line comes back changed, the change is made to
/// the statement as it was written, so its line breaks and comments stay,
/// wherever the change sits inside one line of it.
public enum EditPatch {
    struct Tok {
        var kind: TokenKind
        var text: String
        var start: Int
        var end: Int
    }

    static func tokens(_ text: String) -> ([Tok], SourceFile) {
        let file = SourceFile(name: "", text: text)
        let toks = Lexer.tokenize(file).0.filter { $0.kind != .eof && $0.kind != .newline }.map {
            Tok(kind: $0.kind, text: file.text($0.range.start..<$0.range.end), start: $0.range.start, end: $0.range.end)
        }
        return (toks, file)
    }

    /// `original` with the change that turned `offered` into `edited`; nil
    /// when the change cannot be placed without losing the original's layout
    /// (it spans a line break or a comment, or adds or removes a `;`).
    public static func apply(original: String, offered: String, edited: String) -> String? {
        let (o, ofile) = tokens(original)
        let (f, _) = tokens(offered)
        let (e, efile) = tokens(edited)
        // The offered line is the original's tokens with `;` where lines were joined.
        let oi = o.indices.filter { o[$0].kind != .semicolon }
        let fi = f.indices.filter { f[$0].kind != .semicolon }
        guard oi.count == fi.count, zip(oi, fi).allSatisfy({ o[$0.0].text == f[$0.1].text }) else { return nil }
        var toOriginal: [Int: Int] = [:]
        for (a, b) in zip(fi, oi) { toOriginal[a] = b }
        // The changed run of tokens: common prefix and suffix left alone.
        func same(_ x: Tok, _ y: Tok) -> Bool { x.kind == y.kind && x.text == y.text }
        var p = 0
        while p < f.count, p < e.count, same(f[p], e[p]) { p += 1 }
        var q = 0
        while q < f.count - p, q < e.count - p, same(f[f.count - 1 - q], e[e.count - 1 - q]) { q += 1 }
        if p == f.count, p == e.count { return original }
        let fs = p..<(f.count - q), es = p..<(e.count - q)
        guard !fs.contains(where: { f[$0].kind == .semicolon }), !es.contains(where: { e[$0].kind == .semicolon }) else { return nil }
        var replacement = es.isEmpty ? "" : efile.text(e[es.lowerBound].start..<e[es.upperBound - 1].end)
        var lo: Int, hi: Int
        if !fs.isEmpty {
            lo = o[toOriginal[fs.lowerBound]!].start
            hi = o[toOriginal[fs.upperBound - 1]!].end
            if replacement.isEmpty {
                // A deletion takes the space before it too.
                while lo > 0, ofile.bytes[lo - 1] == UInt8(ascii: " ") || ofile.bytes[lo - 1] == UInt8(ascii: "\t") { lo -= 1 }
            }
        } else if p > 0, f[p - 1].kind != .semicolon {
            lo = o[toOriginal[p - 1]!].end; hi = lo
            replacement = " " + replacement
        } else if p < f.count, f[p].kind != .semicolon {
            lo = o[toOriginal[p]!].start; hi = lo
            replacement += " "
        } else {
            return nil
        }
        // A line break (and so any comment) inside the replaced text would be lost.
        guard !ofile.bytes[lo..<hi].contains(UInt8(ascii: "\n")) else { return nil }
        var bytes = ofile.bytes
        bytes.replaceSubrange(lo..<hi, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` has a `#` comment or more than one line: what a one-line
    /// replacement would lose.
    public static func hasLayout(_ text: String) -> (lines: Bool, comments: Bool) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return (lines.count > 1, lines.contains { InputBuffer.stripComment($0) != $0 })
    }
}

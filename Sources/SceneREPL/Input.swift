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

    /// `before` is the line up to the start of the word being completed.
    public static func candidates(before: String, word: String, names: [String], labels: [String]) -> Result {
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let trimmed = before.drop { $0 == " " || $0 == "\t" }
        var pool: [String]
        if trimmed.hasPrefix(":") || (words.isEmpty && word.hasPrefix(":")) {
            guard let first = words.first else {
                return .words(filter(Shell.commands.map { ":" + $0.name }, word))
            }
            switch Shell.canonical(String(first.dropFirst())) ?? "" {
            case "help": pool = Shell.commands.map(\.name)
            case "screen": pool = Screen.presetNames
            case "target": pool = Target.allCases.map(\.rawValue)
            case "show", "ast", "preview", "edit": pool = labels
            case "delete": pool = labels + names + ["let", "screen", "target", "margin"]
            case "svg":
                if words.last == "--compare" { return .words(filter(Target.allCases.map(\.rawValue), word)) }
                if word.hasPrefix("-") { return .words(filter(["--centers", "--labels", "--compare"], word)) }
                return .files
            case "load", "save": return .files
            case "timing": pool = ["on", "off"]
            case "tokens": pool = Keyword.allCases.map(\.rawValue) + names + labels
            default: pool = []
            }
            return .words(filter(pool, word))
        }
        let values = names + ["min", "max"]
        // Where the cursor is, from the tokens before it on this line.
        let file = SourceFile(name: Session.inputName, text: before)
        let tokens = Lexer.tokenize(file).0.filter { $0.kind != .eof && $0.kind != .newline }
        let statementKeywords: Set<String> = ["let", "screen", "target", "margin"]
        let modifiers = Keyword.allCases.map(\.rawValue).filter { !statementKeywords.contains($0) }
        guard let last = tokens.last else {
            // A statement starts here: a keyword, or a label to replace.
            return .words(filter(Keyword.allCases.map(\.rawValue) + labels, word))
        }
        switch last.kind {
        case .semicolon, .less, .greater:
            return .words(filter(Keyword.allCases.map(\.rawValue) + labels, word))
        case .plus, .minus, .star, .slash, .lparen, .comma, .equals:
            // After an operator: a value.
            return .words(filter(values, word))
        case .colon:
            // After `LABEL:` the node's shape and modifiers (never a label or a name).
            return .words(filter(modifiers, word))
        case .identifier where last.keyword != nil:
            break
        default:
            // After a value (`min map `): an operator or the next modifier, never a
            // label, a statement keyword or another value.
            return .words(filter(modifiers, word))
        }
        switch last.keyword {
        case .rect?, .size?, .width?, .height?, .spacing?, .radius?, .margin?, .min?, .max?:
            pool = values
        case .pad?: pool = values + ["top", "bottom", "leading", "trailing", "h", "v"]
        case .screen?: pool = Screen.presetNames
        case .target?: pool = Target.allCases.map(\.rawValue)
        case .fill?: pool = Color.named.keys.sorted()
        case .align?: pool = Alignment.allCases.map(\.rawValue)
        case .style?: pool = ["continuous", "circular"]
        case .role?: pool = Role.allCases.map(\.rawValue)
        case .let?: pool = names
        default: pool = modifiers
        }
        return .words(filter(pool, word))
    }

    static func filter(_ pool: [String], _ word: String) -> [String] {
        var seen = Set<String>()
        return pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
    }
}

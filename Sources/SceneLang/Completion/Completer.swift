// Completion: what may come next at the cursor, by the grammar (grammar.md).
// One engine for the REPL's Tab and the language server's completion: it reads
// the tokens before the cursor with a small predictive walk of the productions
// and, where the text ends, returns exactly the words the grammar allows there —
// an item keyword the node has not used yet, `<`, the argument words of the
// keyword before (edges after `pad`, the kinds a container publishes, presets,
// targets, colours, …), names where a value goes, labels where a node starts.
// The words come from the tables (ItemSyntax, ShapeKind, ScreenPreset, Target,
// Keyword); nothing here lists them again.
//
// Not offered: the binary operators after a value (`+ - * /` may always follow
// one), a number (there is no word to offer), `;` and a line break.

/// What the completion engine offers.
public enum Completer {
    /// What a candidate is (an editor shows it; the REPL ignores it).
    public enum Kind: Sendable, Hashable {
        /// A keyword: an item, a statement, `min` after `concentric`, an edge, an alignment, …
        case keyword
        /// A `let` name where a value goes.
        case name
        /// `min` / `max` where a value goes (the functions).
        case function
        /// A node's label (the REPL: where a node starts, to replace it).
        case label
        /// A screen preset.
        case preset
        /// A word from a fixed list that is not a keyword: a target, a colour, a role.
        case value
        /// `<`, `>`, `(`, `)`, `,`, `:`, `=` or `x` where the grammar needs one.
        case punctuation
    }

    public struct Candidate: Sendable, Hashable {
        public var text: String
        public var kind: Kind
        public init(_ text: String, _ kind: Kind) { self.text = text; self.kind = kind }
    }

    public struct Result: Sendable, Equatable {
        /// The word being completed: the end of the text from `wordStart` (UTF-8 offset).
        public var word: String
        public var wordStart: Int
        /// What may replace it, sorted, each text once.
        public var candidates: [Candidate]
        public var words: [String] { candidates.map(\.text) }
    }

    /// Complete the end of `text` (a scene's source up to the cursor). `names`:
    /// the `let` names besides those `text` binds; `labels`: offered where a node
    /// starts (the REPL replaces a labelled node so); `rebinding`: offer `names`
    /// after `let` (the REPL replaces a binding so; in a file that is a duplicate).
    public static func complete(_ text: String, names: [String] = [], labels: [String] = [],
                                rebinding: Bool = false) -> Result {
        let bytes = Array(text.utf8)
        let start = wordStart(bytes)
        let word = String(decoding: bytes[start...], as: UTF8.self)
        let file = SourceFile(name: "", bytes: Array(bytes[..<start]))
        let tokens = Lexer.tokenize(file).0.filter { $0.kind != .eof && $0.kind != .invalid }
        if inComment(file.bytes, after: tokens.last?.range.end ?? 0) {
            return Result(word: word, wordStart: start, candidates: [])
        }
        var walk = Walk(tokens: tokens, file: file, names: names, labels: labels, rebinding: rebinding)
        let offered = walk.run()
        var seen = Set<String>()
        let candidates = offered.filter { $0.text.hasPrefix(word) && $0.text != "" && seen.insert($0.text).inserted }
            .sorted { $0.text < $1.text }
        return Result(word: word, wordStart: start, candidates: candidates)
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    /// Where the word at the end of `bytes` starts: a name's letters and digits,
    /// and after `screen` a preset's dashed words (`iphone-16-p`).
    static func wordStart(_ bytes: [UInt8]) -> Int {
        var s = bytes.count
        while s > 0, isWordByte(bytes[s - 1]) { s -= 1 }
        var d = s
        while d > 0, isWordByte(bytes[d - 1]) || bytes[d - 1] == UInt8(ascii: "-") { d -= 1 }
        guard d < s else { return s }
        // The dashed run is a preset name when the word `screen` and a space come before it.
        var e = d
        while e > 0, bytes[e - 1] == UInt8(ascii: " ") || bytes[e - 1] == UInt8(ascii: "\t") { e -= 1 }
        let keyword = Array("screen".utf8)
        guard e < d, e >= keyword.count, Array(bytes[(e - keyword.count)..<e]) == keyword,
              e == keyword.count || !isWordByte(bytes[e - keyword.count - 1]),
              bytes[d] != UInt8(ascii: "-") else { return s }
        return d
    }

    /// Whether the text after the last token, on the last line, holds a `#` comment.
    static func inComment(_ bytes: [UInt8], after end: Int) -> Bool {
        guard end < bytes.count else { return false }
        var inside = false
        for b in bytes[end...] {
            if b == UInt8(ascii: "\n") { inside = false } else if b == UInt8(ascii: "#") { inside = true }
        }
        return inside
    }
}

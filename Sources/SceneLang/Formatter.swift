/// `scene fmt`: the one canonical layout of a scene.
///
/// - two spaces of indentation per nesting level; a line broken inside
///   parentheses continues two levels deeper, and a line that starts with the
///   closing `)` goes back to the indentation of the line with its `(`;
/// - one space between items, none inside `( … )`, before `,` or `:`, after a
///   unary `-`, around a `400x300` cross (a `×` keeps its spacing), or between `uneven`/`concentric` and `(`;
/// - `<` at the end of its node's line, every child on its own line, `>` on its
///   own line at the parent's indentation; `;` becomes a line break;
/// - runs of blank lines become one (none at the start or end of the file or of
///   a block); comments stay where they were, trailing comments of consecutive
///   lines at one indentation aligned two spaces after the longest line;
/// - every token spelled exactly as written (numbers, colours, `×`).
///
/// Only a scene that parses without errors may be formatted: the formatter
/// follows the tokens, and uses the tree only to know which `<` opens the
/// block of the node on the line above.
public enum Formatter {
    public static let indentWidth = 2

    /// The canonical text of `file`, whose parse is `scene` (with no errors).
    public static func format(_ file: SourceFile, scene: Scene) -> String {
        var attached = Set<Int>()
        var unary = Set<Int>()
        for s in scene.statements { if case .node(let n) = s { collectAttached(n, into: &attached, unary: &unary) } }
        var w = Writer(file: file, attached: attached, unary: unary)
        w.run(Lexer.tokenize(file).tokens)
        return w.render()
    }

    /// Blocks whose `<` belongs on the line of a node's label or items; and where a
    /// `-` after a value is unary all the same: the start of `offset`'s second value
    /// (`offset 10 -5`).
    static func collectAttached(_ node: Node, into set: inout Set<Int>, unary: inout Set<Int>) {
        if let block = node.block, node.label != nil || !node.items.isEmpty { set.insert(block.start) }
        for it in node.items { if case .offset(_, let y) = it.value { unary.insert(y.range.start) } }
        for c in node.children { collectAttached(c, into: &set, unary: &unary) }
    }

    struct Line {
        var indent: Int
        var code: String
        var comment: String?
    }

    struct Writer {
        let file: SourceFile
        let attached: Set<Int>
        /// Where a `-` is unary although a value precedes it (see `collectAttached`).
        let unary: Set<Int>
        var lines: [Line] = []
        var code = ""
        var comment: String? = nil
        var depth = 0
        var parens = 0
        /// The line in progress continues one broken inside parentheses.
        var continuation = false
        /// For each open `(`: the indentation of the line it is on.
        var openers: [Int] = []
        /// The line in progress starts with `)`: it goes at its `(` line's indentation.
        var closerIndent: Int? = nil
        var pendingBlank = false
        var lineHasContent = false
        var prev: Token? = nil
        var beforePrev: Token? = nil
        /// The line in progress is the first inside a block (no blank line before it).
        var blockStart = true
        /// The statement in progress is `screen …`, whose preset names (`iphone-16-pro`) glue words with `-`.
        var inScreen = false

        init(file: SourceFile, attached: Set<Int>, unary: Set<Int> = []) {
            self.file = file; self.attached = attached; self.unary = unary
        }

        var indent: Int { (depth + (continuation ? 2 : 0)) * Formatter.indentWidth }

        mutating func run(_ tokens: [Token]) {
            var end = 0
            if file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { end = 3 }
            for t in tokens {
                scanComment(from: end, to: t.range.start)
                end = t.range.end
                take(t)
            }
            flush()
        }

        /// A comment in the gap before a token: trailing when something precedes
        /// it on its line, else a line of its own.
        mutating func scanComment(from: Int, to: Int) {
            guard from < to, let hash = file.bytes[from..<to].firstIndex(of: UInt8(ascii: "#")) else { return }
            var text = file.text(hash..<to)
            while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" || last == "\u{0C}" {
                text.unicodeScalars.removeLast()
            }
            if lineHasContent {
                if !code.isEmpty { comment = text }
                else if !lines.isEmpty { lines[lines.count - 1].comment = text }
            } else {
                startLine()
                lines.append(Line(indent: indent, code: "", comment: text))
                blockStart = false
            }
            lineHasContent = true
        }

        /// Before the first piece of a new output line: the kept blank line.
        mutating func startLine() {
            if pendingBlank, !blockStart, !lines.isEmpty { lines.append(Line(indent: 0, code: "", comment: nil)) }
            pendingBlank = false
        }

        mutating func flush() {
            guard !code.isEmpty else { return }
            lines.append(Line(indent: closerIndent ?? indent, code: code, comment: comment))
            continuation = parens > 0
            closerIndent = nil
            code = ""
            comment = nil
            prev = nil
            beforePrev = nil
            blockStart = false
        }

        mutating func take(_ t: Token) {
            switch t.kind {
            case .newline:
                if !lineHasContent { pendingBlank = true }
                lineHasContent = false
                flush()
                continuation = parens > 0
                return
            case .semicolon where parens == 0:
                flush()
                lineHasContent = true
                return
            case .eof:
                return
            case .less where parens == 0:
                if attached.contains(t.range.start) {
                    if !code.isEmpty { code += " <"; flush() }
                    else if !lines.isEmpty { lines[lines.count - 1].code += " <" }
                } else {
                    flush()
                    startLine()
                    lines.append(Line(indent: indent, code: "<", comment: nil))
                }
                depth += 1
                blockStart = true
                pendingBlank = false
                lineHasContent = true
                return
            case .greater where parens == 0:
                flush()
                depth = max(0, depth - 1)
                pendingBlank = false
                lines.append(Line(indent: indent, code: ">", comment: nil))
                blockStart = false
                lineHasContent = true
                return
            default: break
            }
            if code.isEmpty { startLine() }
            if t.kind == .lparen { parens += 1; openers.append(indent) }
            if t.kind == .rparen {
                parens = max(0, parens - 1)
                let opener = openers.popLast()
                if code.isEmpty { closerIndent = opener }
            }
            let spelling = file.text(t.range.start..<t.range.end)
            if code.isEmpty { inScreen = t.keyword == .screen }
            if !code.isEmpty, spaceBefore(t) { code += " " }
            code += spelling
            lineHasContent = true
            beforePrev = prev
            prev = t
        }

        /// Whether one space separates `t` from the token before it on the line.
        func spaceBefore(_ t: Token) -> Bool {
            guard let p = prev else { return false }
            if inScreen, p.kind == .minus || t.kind == .minus, p.range.end == t.range.start { return false }
            // A `×` written with a space on either side is spaced on both (`btn × btn`), else
            // glued (`400×300`); a cross `x` is always glued (only a glued `x` is one).
            if t.kind == .cross { return timesSpaced(t) }
            if p.kind == .cross { return timesSpaced(p) }
            switch t.kind {
            case .rparen, .comma, .colon: return false
            case .lparen:
                // A shape's own parenthesised arguments hug its keyword: `uneven(…)`, `concentric(…)`.
                if let k = p.keyword, let arguments = ShapeKind(keyword: k)?.arguments,
                   arguments == .fourRadii || arguments == .concentric { return false }
                if p.keyword == .min || p.keyword == .max { return p.range.end != t.range.start }
                return p.kind != .lparen
            default: break
            }
            switch p.kind {
            case .lparen: return false
            case .minus: return !isUnary(p, after: beforePrev)
            default: return true
            }
        }

        /// Whether cross `t` is a `×` (not an `x`) written with a blank before or after it.
        func timesSpaced(_ t: Token) -> Bool {
            let b = file.bytes
            guard t.range.length == 2, b[t.range.start] == 0xC3 else { return false }
            func blank(_ i: Int) -> Bool { i >= 0 && i < b.count && (b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "\t")) }
            return blank(t.range.start - 1) || blank(t.range.end)
        }

        /// A `-` is unary unless it follows a value: a number, a name or `)`.
        func isUnary(_ minus: Token, after before: Token?) -> Bool {
            guard let b = before, !unary.contains(minus.range.start) else { return true }
            switch b.kind {
            case .number, .rparen: return false
            case .identifier: return b.keyword != nil
            default: return true
            }
        }

        /// The lines as text, trailing comments aligned within runs of lines at
        /// one indentation.
        func render() -> String {
            var out = ""
            var i = 0
            while i < lines.count {
                var j = i
                var width = 0
                while j < lines.count, lines[j].comment != nil, !lines[j].code.isEmpty, lines[j].indent == lines[i].indent {
                    width = max(width, lines[j].indent + lines[j].code.count)
                    j += 1
                }
                if j == i { j = i + 1 }
                for line in lines[i..<j] {
                    var text = line.code.isEmpty && line.comment == nil ? "" : String(repeating: " ", count: line.indent) + line.code
                    if let c = line.comment {
                        if line.code.isEmpty { text += c }
                        else { text += String(repeating: " ", count: max(2, width + 2 - text.count)) + c }
                    }
                    out += text + "\n"
                }
                i = j
            }
            return out
        }
    }
}

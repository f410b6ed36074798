/// Items: what a node is made of (a shape, `container`, `size`, `pad`, `fill`, …).
extension Parser {
    /// One item; returns it with the key used to find duplicates.
    mutating func parseItem(first: Bool = false) -> (Item, String)? {
        let t = tok
        guard t.kind == .identifier else {
            unexpectedInNode(t)
            return nil
        }
        guard let k = t.keyword else {
            return unknownItem(t, first: first)
        }
        if Self.isShapeKeyword(k) {
            guard let s = parseShape() else { return nil }
            return (.shape(s), "shape")
        }
        switch k {
        case .container:
            advance()
            guard let s = parseShape(context: "`container`") else { return nil }
            return (.container(s), "container")
        case .clip, .background, .hit, .transition:
            advance()
            guard let s = parseShape(context: "`\(k.rawValue)`") else { return nil }
            let item: Item = k == .clip ? .clip(s) : k == .background ? .background(s) : k == .hit ? .hit(s) : .transition(s)
            return (item, k.rawValue)
        case .glass:
            advance()
            if tok.kind == .lparen, tok.range.start == previous.end {
                // `glass(.regular)`: SwiftUI's variant, which does not change the shape.
                let open = tok.range
                while !atNodeEnd, tok.kind != .rparen { advance() }
                let end = tok.kind == .rparen ? tok.range : previous
                if tok.kind == .rparen { advance() }
                // One mistake, one diagnostic: not also the lexer's for the `.` inside.
                lexer.diagnostics.removeAll { $0.range.start >= open.start && $0.range.end <= end.end }
                error(.unexpectedToken, "`glass` takes no arguments in parentheses", at: open.to(end),
                      help: "write `glass` (SwiftUI's `.regular`, `.clear` and tints do not change the shape), or `glass capsule` / `glass rect 12` for the glass's own shape")
                return nil
            }
            if tok.kind == .identifier, let k2 = tok.keyword, Self.isShapeKeyword(k2) {
                guard let s = parseShape() else { return nil }
                return (.glass(s), "glass")
            }
            return (.glass(nil), "glass")
        case .size: return parseSize()
        case .width, .height:
            advance()
            let e = parseExpr(after: "`\(k.rawValue)`")
            if case .invalid = e { return nil }
            return k == .width ? (.width(e), "width") : (.height(e), "height")
        case .pad: return parsePad()
        case .align: return parseAlign()
        case .hstack, .vstack, .zstack: return parseStack(k)
        case .fill: return parseFill()
        case .style: return parseStyle()
        case .role: return parseRole()
        default:
            misplacedKeyword(k, at: t)
            return nil
        }
    }

    /// A token that cannot start an item: a number, a colour, `:` or a symbol.
    mutating func unexpectedInNode(_ t: Token) {
        if t.kind == .number {
            error(.unexpectedToken, "unexpected number \(display(t))", at: t.range,
                  help: "a number follows a keyword, as in `rect \(Token.format(t.number))`, `pad \(Token.format(t.number))` or `size \(Token.format(t.number))x\(Token.format(t.number))`")
        } else if t.kind == .color {
            error(.unexpectedToken, "unexpected colour \(display(t)) in a node", at: t.range,
                  help: "a colour follows `fill`; a comment needs a space after `#`: `# \(text(t))`")
        } else if t.kind == .colon {
            error(.unexpectedToken, "unexpected `:`", at: t.range,
                  help: "a label comes first on its line: `name: rect 12`")
        } else {
            error(.unexpectedToken, "unexpected \(display(t)) in a node", at: t.range)
        }
    }

    /// A keyword that belongs somewhere else: after another keyword, in a shape, or at the top level.
    mutating func misplacedKeyword(_ k: Keyword, at t: Token) {
        switch k {
        case .spacing:
            error(.misplacedKeyword, "`spacing` goes right after the stack keyword", at: t.range,
                  help: "write `hstack spacing 8` (or `vstack`, `zstack`)")
        case .top, .bottom, .leading, .trailing, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing, .center, .h, .v:
            error(.misplacedKeyword, "`\(k.rawValue)` needs a keyword before it", at: t.range,
                  help: k == .h || k == .v ? "write `pad \(k.rawValue) N`" : "write `align \(k.rawValue)` or `pad \(k.rawValue) N`")
        case .min, .max, .uniform, .fixed:
            error(.misplacedKeyword, "`\(k.rawValue)` belongs to a `concentric` shape", at: t.range,
                  help: k == .fixed ? "for a fixed radius write `rect N`" : "write `concentric \(k == .uniform ? "uniform" : "min N")`")
        case .let, .screen, .target, .margin:
            error(.misplacedStatement, "`\(k.rawValue)` starts a statement of its own", at: t.range,
                  help: "put it on its own line")
        default:
            error(.unknownKeyword, "`\(k.rawValue)` cannot start an item", at: t.range,
                  help: "items are " + Self.itemKeywords.prefix(8).map { "`\($0)`" }.joined(separator: ", ") + ", …")
        }
    }

    /// `size W`, `size W x H`.
    mutating func parseSize() -> (Item, String)? {
        advance()
        let widthStart = tok.range.start
        let w = parseExpr(after: "`size`")
        if case .invalid = w { return nil }
        if tok.kind == .comma, peek().kind == .number {
            // `size 300, 200`: SwiftUI's argument list, not a size.
            let widthText = text(SourceRange(widthStart, previous.end)), h = peek()
            error(.unexpectedToken, "a size is written `W x H`, not with a comma", at: tok.range.to(h.range),
                  help: "write `size \(widthText)\(isNumber(w) ? "x" : " x ")\(Token.format(h.number))`")
            return nil
        }
        if tok.kind == .cross || isCrossWord(tok) {
            let h = parseCross(after: w)
            if case .invalid = h { return nil }
            return (.size(w, h), "size")
        }
        return (.size(w, w), "size")
    }

    /// `align A`, one word (`top-leading` gets a hint).
    mutating func parseAlign() -> (Item, String)? {
        advance()
        guard tok.kind == .identifier, let a = tok.keyword.flatMap(Alignment.init(keyword:)) else {
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Alignment.allCases.map(\.rawValue)) : nil
            error(.expectedAlignment, "expected an alignment after `align`, found \(display(tok))", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" } ?? "one of " + Alignment.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
            return nil
        }
        let alignTok = tok
        advance()
        if tok.kind == .minus, tok.range.start == alignTok.range.end, peek().kind == .identifier,
           peek().range.start == tok.range.end {
            let second = text(peek())
            let joined = text(alignTok) + second.prefix(1).uppercased() + second.dropFirst()
            error(.expectedAlignment, "alignments are one word", at: alignTok.range.to(peek().range),
                  help: Alignment(rawValue: joined) != nil ? "write `align \(joined)`" : "one of " + Alignment.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
            return nil
        }
        return (.align(a), "align")
    }

    /// `hstack`, `vstack`, `zstack`, each with an optional `spacing S`.
    mutating func parseStack(_ k: Keyword) -> (Item, String)? {
        advance()
        var spacing: Expr? = nil
        if isKeyword(.spacing) {
            advance()
            spacing = parseExpr(after: "`spacing`")
            if case .invalid = spacing! { return nil }
        }
        return (.stack(k == .hstack ? .hstack : k == .vstack ? .vstack : .zstack, spacing: spacing), "stack")
    }

    /// `fill #hex` or `fill name`.
    mutating func parseFill() -> (Item, String)? {
        advance()
        if tok.kind == .color, let c = Self.parseColor(text(tok)) {
            advance()
            return (.fill(c), "fill")
        }
        if tok.kind == .identifier, var c = Color.named[text(tok)] {
            c.name = text(tok)
            advance()
            return (.fill(c), "fill")
        }
        if let bad = hashWord(after: previous) {
            error(.expectedColor, "`\(text(bad))` is not a colour", at: bad,
                  help: "a colour is `#` and 3, 4, 6 or 8 hex digits: `#4a8`, `#44aa88`, `#44aa88cc`")
            return nil
        }
        let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Color.named.keys.sorted()) : nil
        error(.expectedColor, "expected a colour after `fill`, found \(display(tok))", at: tok.range,
              help: s.map { "did you mean `\($0)`?" } ?? "write `#rgb`, `#rrggbb`, `#rrggbbaa`, or a name such as `blue`")
        return nil
    }

    /// `style continuous` or `style circular`.
    mutating func parseStyle() -> (Item, String)? {
        advance()
        guard tok.kind == .identifier, let st: CornerStyle = tok.keyword == .continuous ? .continuous : tok.keyword == .circular ? .circular : nil else {
            error(.expectedStyle, "expected `continuous` or `circular` after `style`, found \(display(tok))", at: tok.range,
                  help: "`continuous` (Apple's default) or `circular` (true quarter circles)")
            return nil
        }
        advance()
        return (.style(st), "style")
    }

    /// `role button|badge|pill`.
    mutating func parseRole() -> (Item, String)? {
        advance()
        guard tok.kind == .identifier, let r = Role(rawValue: text(tok)) else {
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Role.allCases.map(\.rawValue)) : nil
            error(.expectedRole, "expected `button`, `badge` or `pill` after `role`, found \(display(tok))", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" })
            return nil
        }
        advance()
        return (.role(r), "role")
    }

    mutating func unknownItem(_ t: Token, first: Bool) -> (Item, String)? {
        let word = text(t)
        var help: String
        if word == "minimum" || word == "minRadius" {
            let n = peek().kind == .number ? Token.format(peek().number) : "16"
            help = "the minimum is `min`: write `min \(n)` (`concentric min \(n)`)"
        } else if peek().kind == .colon, peek().range.start == t.range.end {
            help = "a label comes first on its line: `\(labelFirst(t))`"
        } else if let s = Self.synonyms[word] {
            help = s
        } else if let s = Suggest.closest(to: word, among: Self.itemKeywords + Self.statementKeywords) {
            help = "did you mean `\(s)`?"
        } else if Color.named[word] != nil {
            help = "to colour a node, write `fill \(word)`"
        } else if let s = Suggest.closest(to: word, among: Alignment.allCases.map(\.rawValue)) {
            help = "did you mean `align \(s)`?"
        } else if first && peek().kind != .lparen {
            help = "to label the node, write `\(word):`"
        } else {
            help = "items are shapes (`rect 12`, `concentric min 16`, `capsule`, …), `container`, `size`, `pad`, `align`, `hstack`, `fill`, `glass`, …"
        }
        error(.unknownKeyword, "unknown item `\(word)`", at: t.range, help: help)
        return nil
    }

    func isNumber(_ e: Expr) -> Bool { if case .number = e { return true } else { return false } }

    /// `rect 20 card: size 9` → `card: rect 20 size 9`: the line with its misplaced label moved first.
    func labelFirst(_ label: Token) -> String {
        var lineStart = label.range.start, lineEnd = label.range.end
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
        func words(_ r: SourceRange) -> [Substring] {
            let s = text(r)
            return (s.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").split(separator: " ")
        }
        let parts = [Substring(text(label) + ":")] + words(SourceRange(lineStart, label.range.start))
            + words(SourceRange(min(label.range.end + 1, lineEnd), lineEnd))
        return parts.joined(separator: " ")
    }

    mutating func parsePad() -> (Item, String)? {
        advance()
        var edges: [(Edge, Expr)] = []
        if !(tok.kind == .identifier && tok.keyword.map(Self.isEdge) == true) {
            if atNodeEnd || (tok.kind == .identifier && tok.keyword != nil && tok.keyword != .min && tok.keyword != .max) {
                error(.missingOperand, "expected a padding after `pad`, found \(display(tok))", at: tok.range,
                      help: "write `pad 12`, `pad top 8`, or `pad h 8 v 16`")
                return nil
            }
            let e = parseExpr(after: "`pad`")
            if case .invalid = e { return nil }
            edges.append((.all, e))
        }
        while tok.kind == .identifier, let k = tok.keyword, Self.isEdge(k) {
            let edge: Edge = k == .top ? .top : k == .bottom ? .bottom : k == .leading ? .leading : k == .trailing ? .trailing : k == .h ? .h : .v
            advance()
            if tok.kind != .invalid, !startsExpression {
                // `pad top` with no number: say what one looks like.
                let keyword = tok.kind == .identifier && tok.keyword != nil ? "`\(text(tok))` is a keyword, not a value: " : ""
                error(.missingOperand, "expected the padding after `\(k.rawValue)`, found \(display(tok))", at: tok.kind == .newline || tok.kind == .eof ? previous : tok.range,
                      help: "\(keyword)give the edge its padding in points: `pad \(k.rawValue) 12`")
                return nil
            }
            let e = parseExpr(after: "`\(k.rawValue)`")
            if case .invalid = e { return nil }
            edges.append((edge, e))
        }
        return (.pad(edges), "pad")
    }

    static func isEdge(_ k: Keyword) -> Bool {
        k == .top || k == .bottom || k == .leading || k == .trailing || k == .h || k == .v
    }

    static func parseColor(_ hex: String) -> Color? {
        let digits = hex.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch digits.count {
        case 3, 4:
            let v = digits.map { $0 * 17 }
            return Color(r: v[0], g: v[1], b: v[2], a: digits.count == 4 ? v[3] : 255)
        case 6, 8:
            var v: [UInt8] = []
            for i in stride(from: 0, to: digits.count, by: 2) { v.append(digits[i] * 16 + digits[i + 1]) }
            return Color(r: v[0], g: v[1], b: v[2], a: digits.count == 8 ? v[3] : 255)
        default: return nil
        }
    }
}

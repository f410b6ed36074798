/// Items: what a node is made of (a shape, `container`, `size`, `pad`, `fill`, …).
extension Parser {
    /// One item: built whole, or (the common forms with literal numbers)
    /// written straight into the item arena's pending slots.
    mutating func parseItem(first: Bool = false) -> ParsedItem? {
        let t = tok
        guard t.kind == .identifier else {
            unexpectedInNode(t)
            return nil
        }
        guard let k = t.keyword else {
            return unknownItem(t, first: first)
        }
        let at = t.range.start
        if Self.isShapeKeyword(k) { return parseShapeItem(.shape, context: nil, at: at) }
        switch k {
        case .container:
            advance()
            return parseShapeItem(.container, context: "`container`", at: at)
        case .clip, .background, .hit, .transition:
            advance()
            let tag: SlotTag = k == .clip ? .clip : k == .background ? .background : k == .hit ? .hit : .transition
            return parseShapeItem(tag, context: "`\(k.rawValue)`", at: at)
        case .glass: return parseGlass(at: at)
        case .size: return parseSize(at: at)
        case .width, .height:
            advance()
            let e = parseExpr(after: "`\(k.rawValue)`")
            if case .invalid = e { return nil }
            if itemArena.pend(k == .width ? .width : .height, e, itemStart: at) { return .compact }
            return .item(k == .width ? .width(e) : .height(e))
        case .pad: return parsePad(at: at)
        case .align: return parseAlign().map { .item($0) }
        case .hstack, .vstack, .zstack: return parseStack(k, at: at)
        case .fill: return parseFill().map { .item($0) }
        case .style: return parseStyle().map { .item($0) }
        case .role: return parseRole().map { .item($0) }
        case .spacer: return parseSpacer()
        case .offset: return parseOffset()
        default:
            misplacedKeyword(k, at: t)
            return nil
        }
    }

    /// `glass`, `glass SHAPE`; `glass(…)` is an error.
    mutating func parseGlass(at: Int) -> ParsedItem? {
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
            return parseShapeItem(.glass, context: nil, at: at)
        }
        return .item(.glass(nil))
    }

    /// The line holding `range`, without it (and without a comment), trimmed.
    func lineWithout(_ range: SourceRange) -> String {
        var a = range.start
        while a > 0, bytes[a - 1] != UInt8(ascii: "\n") { a -= 1 }
        // (A byte order mark before the first line is not part of it.)
        if a == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { a = 3 }
        let s = max(range.start, a), e = max(range.end, a)
        // (A `#` starts a comment unless the lexer reads a colour there: `#4a8`.)
        func comment(_ i: Int) -> Bool { bytes[i] == UInt8(ascii: "#") && lexer.colorEnd(at: i) == nil }
        var b = e
        while b < bytes.count, bytes[b] != UInt8(ascii: "\n"), !comment(b) { b += 1 }
        let line = String(decoding: bytes[a..<s], as: UTF8.self) + String(decoding: bytes[e..<b], as: UTF8.self)
        var t = Substring(line)
        while t.first == " " || t.first == "\t" { t.removeFirst() }
        while t.last == " " || t.last == "\t" || t.last == "\r" { t.removeLast() }
        return String(t)
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
                  help: argumentLabelHelp(label: previous, colonEnd: t.range.end) ?? "a label comes first on its line: `name: rect 12`")
        } else if t.kind == .comma {
            error(.unexpectedToken, "unexpected `,` in a node", at: t.range,
                  help: "a node's items are separated by spaces, not commas: `\(lineWithout(t.range))`")
        } else if t.kind == .cross {
            error(.unexpectedToken, "unexpected \(display(t)) in a node", at: t.range,
                  help: "\(display(t)) is the cross of a size, `size W x H`; `*` multiplies")
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
    mutating func parseSize(at: Int) -> ParsedItem? {
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
        var h = w
        if tok.kind == .cross || isCrossWord(tok) {
            h = parseCross(after: w)
            if case .invalid = h { return nil }
        }
        // A square (`size W`) is one slot; `size W x H` two.
        if itemArena.pend(.size, w, itemStart: at) {
            if w == h || itemArena.pend(.size, h, itemStart: at) { return .compact }
            itemArena.dropPending()
        }
        return .item(.size(w, h))
    }

    /// `align A`, one word (`top-leading` gets a hint).
    mutating func parseAlign() -> Item? {
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
        // `align top leading`: two words of one SwiftUI alignment (`.topLeading`).
        if tok.kind == .identifier, let b = tok.keyword.flatMap(Alignment.init(keyword:)), let joined = a.joined(with: b) {
            error(.expectedAlignment, "alignments are one word", at: alignTok.range.to(tok.range),
                  help: "write `align \(joined.rawValue)`")
            return nil
        }
        return .align(a)
    }

    /// `hstack`, `vstack`, `zstack`, each with an optional `spacing S`.
    mutating func parseStack(_ k: Keyword, at: Int) -> ParsedItem? {
        advance()
        let axis: StackAxis = k == .hstack ? .hstack : k == .vstack ? .vstack : .zstack
        var spacing: Expr? = nil
        if isKeyword(.spacing) {
            advance()
            spacing = parseExpr(after: "`spacing`")
            if case .invalid = spacing! { return nil }
        }
        if itemArena.pend(.stack, StackSlot(axis: axis, flags: spacing == nil ? [] : .hasSpacing), spacing, itemStart: at) { return .compact }
        return .item(.stack(axis, spacing: spacing))
    }

    /// `fill #hex` or `fill name`.
    mutating func parseFill() -> Item? {
        advance()
        if tok.kind == .color, let c = Self.parseColor(bytes[tok.range.start + 1..<tok.range.end]) {
            advance()
            return .fill(c)
        }
        if tok.kind == .identifier, let c = Color.withName[text(tok)] {
            advance()
            return .fill(c)
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
    mutating func parseStyle() -> Item? {
        advance()
        guard tok.kind == .identifier, let st: CornerStyle = tok.keyword == .continuous ? .continuous : tok.keyword == .circular ? .circular : nil else {
            error(.expectedStyle, "expected `continuous` or `circular` after `style`, found \(display(tok))", at: tok.range,
                  help: "`continuous` (Apple's default) or `circular` (true quarter circles)")
            return nil
        }
        advance()
        return .style(st)
    }

    /// `role button|badge|pill`.
    mutating func parseRole() -> Item? {
        advance()
        guard tok.kind == .identifier, let r = Role(rawValue: text(tok)) else {
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Role.allCases.map(\.rawValue)) : nil
            error(.expectedRole, "expected `button`, `badge` or `pill` after `role`, found \(display(tok))", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" })
            return nil
        }
        advance()
        return .role(r)
    }

    mutating func unknownItem(_ t: Token, first: Bool) -> ParsedItem? {
        let word = text(t)
        var help: String
        if word == "minimum" || word == "minRadius" {
            let n = peek().kind == .number ? Token.format(peek().number) : "16"
            help = "the minimum is `min`: write `min \(n)` (`concentric min \(n)`)"
        } else if peek().kind == .colon, peek().range.start == t.range.end {
            help = argumentLabelHelp(label: t.range, colonEnd: peek().range.end) ?? "a label comes first on its line: `\(labelFirst(t))`"
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

    /// `cornerRadius: 20`: the help for a SwiftUI argument label (`Parser.argumentLabels`)
    /// whose colon ends at `colonEnd`, with the number or name written after it.
    func argumentLabelHelp(label: SourceRange, colonEnd: Int) -> String? {
        guard label.end + 1 == colonEnd, let write = Self.argumentLabels[text(label)] else { return nil }
        var i = colonEnd
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        var j = i
        func isWordByte(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || (b >= 48 && b <= 57) || ((b | 0x20) >= 97 && (b | 0x20) <= 122)
        }
        while j < bytes.count, isWordByte(bytes[j]) { j += 1 }
        let value = j > i ? text(SourceRange(i, j)) : "R"
        return "SwiftUI's `\(text(label)):` is `\(write(value))`"
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

    /// `pad N`, `pad EDGE N …`, or both: edges of literal numbers go straight
    /// to pending slots, one an edge; the first other value builds the item whole.
    mutating func parsePad(at: Int) -> ParsedItem? {
        advance()
        var edges: [(Edge, Expr)]? = nil  // once the item is built whole
        if !(tok.kind == .identifier && tok.keyword.map(Self.isEdge) == true) {
            if atNodeEnd || (tok.kind == .identifier && tok.keyword != nil && tok.keyword != .min && tok.keyword != .max) {
                error(.missingOperand, "expected a padding after `pad`, found \(display(tok))", at: tok.range,
                      help: "write `pad 12`, `pad top 8`, or `pad h 8 v 16`")
                return nil
            }
            let e = parseExpr(after: "`pad`")
            if case .invalid = e { return nil }
            padEdge(.all, e, &edges, itemStart: at)
        }
        while tok.kind == .identifier, let k = tok.keyword, let edge = Edge(padWord: k) {
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
            padEdge(edge, e, &edges, itemStart: at)
        }
        if let edges { return .item(.pad(edges)) }
        return .compact
    }

    /// One edge of the `pad` being parsed: pended in a slot while every edge so far
    /// was; else added to `edges`, the item built whole. (A method, not a local
    /// function capturing `edges`: that one was called, not inlined, 74
    /// instructions an edge on the grid.)
    @inline(__always)
    mutating func padEdge(_ edge: Edge, _ e: Expr, _ edges: inout [(Edge, Expr)]?, itemStart at: Int) {
        if edges == nil, itemArena.pend(.pad, a: edge.code, e, itemStart: at) { return }
        if edges == nil { edges = itemArena.pendingEdges(itemStart: at) }
        edges!.append((edge, e))
    }

    static func isEdge(_ k: Keyword) -> Bool { Edge(padWord: k) != nil }

    /// A `.color` token's digits (after the `#`): 3, 4, 6 or 8 hex digits, read
    /// from the bytes without a copy (a scene may fill every node); nil for anything else.
    static func parseColor(_ hex: ArraySlice<UInt8>) -> Color? {
        var v: UInt32 = 0
        for b in hex {
            let x: UInt8
            switch b {
            case 48...57: x = b - 48
            case 97...102: x = b - 87
            case 65...70: x = b - 55
            default: return nil
            }
            v = v << 4 | UInt32(x)
        }
        let n = hex.count
        /// Digit k (from the left), or the two-digit byte k.
        func digit(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> UInt32(4 * (n - 1 - k))) & 15 }
        func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> UInt32(8 * (n / 2 - 1 - k))) }
        switch n {
        case 3, 4: return Color(r: digit(0) * 17, g: digit(1) * 17, b: digit(2) * 17, a: n == 4 ? digit(3) * 17 : 255)
        case 6, 8: return Color(r: byte(0), g: byte(1), b: byte(2), a: n == 8 ? byte(3) : 255)
        default: return nil
        }
    }
}

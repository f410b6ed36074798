/// Statements: the scene, `let`, `screen`, `target`, `margin`.
extension Parser {
    mutating func parseScene() -> Scene {
        var statements: [Statement] = []
        while true {
            skipSeparators()
            if tok.kind == .eof { break }
            if tok.kind == .greater {
                // (No help built past the error cap: it would be dropped.)
                let help = diagnostics.count >= Self.maxErrors ? nil : missingOpen(before: tok.range.start).map {
                    "add `<` at the end of line \($0.line) (`\($0.text) <`), whose children are indented under it; or remove this `>`"
                } ?? "remove it, or add the `<` it is meant to close"
                error(.unmatchedClose, "unmatched `>`", at: tok.range, help: help)
                advance()
                continue
            }
            let before = p
            if let s = parseStatement(), admit(at: s.range) { statements.append(s) }
            expectStatementEnd()
            if p == before { advance() }
        }
        return Scene(statements: statements)
    }

    /// After a statement: a separator, `>` or the end.
    mutating func expectStatementEnd() {
        skipInvalid()
        switch tok.kind {
        case .newline, .semicolon, .eof, .greater: return
        default:
            error(.unexpectedToken, "expected end of line, found \(display(tok))", at: tok.range,
                  help: tok.kind == .less ? "a block of children follows a node's items"
                    : tok.kind == .cross ? "\(display(tok)) is the cross of a size, `size W x H`; `*` multiplies"
                    : "put each statement on its own line, or separate them with `;`")
            recover()
            if tok.kind == .less { skipBlock() }
        }
    }

    mutating func parseStatement() -> Statement? {
        if tok.kind == .invalid, peek().kind == .colon { return parseNode(depth: 0).map { .node($0) } }
        skipInvalid()
        if tok.kind == .identifier, let k = tok.keyword {
            switch k {
            case .let: return parseLet()
            case .screen: return parseScreen()
            case .target: return parseTarget()
            case .margin:
                let start = tok.range
                advance()
                let e = parseExpr(after: "`margin`")
                return .margin(e, range: start.to(e.range))
            default: break
            }
        }
        if tok.kind == .identifier, tok.keyword == nil, peek().kind == .equals {
            error(.unknownKeyword, "unknown statement `\(text(tok))`", at: tok.range,
                  help: "to bind a name, write `let \(text(tok)) = …`")
            recover()
            return nil
        }
        guard let node = parseNode(depth: 0) else { return nil }
        return .node(node)
    }

    mutating func parseLet() -> Statement? {
        let start = tok.range
        advance()
        guard tok.kind == .identifier else {
            error(.expectedName, "expected a name after `let`, found \(display(tok))", at: tok.range,
                  help: "write `let NAME = VALUE`")
            recover()
            return nil
        }
        if let k = tok.keyword {
            error(.reservedWord, "`\(k.rawValue)` is a keyword and cannot name a value", at: tok.range,
                  help: "choose another name, such as `\(k.rawValue)Value`")
            recover()
            return nil
        }
        let name = Identifier(text(tok), tok.range)
        advance()
        guard tok.kind == .equals else {
            error(.expectedToken, "expected `=` after `let \(name.name)`, found \(display(tok))", at: tok.range,
                  help: "write `let \(name.name) = VALUE`")
            recover()
            return nil
        }
        let eq = tok
        advance()
        let value = parseExpr(after: "`=`", operatorToken: eq)
        if case .invalid = value { recover(); return nil }
        return .binding(name: name, value: value, range: start.to(value.range))
    }

    mutating func parseTarget() -> Statement? {
        let start = tok.range
        advance()
        guard tok.kind == .identifier else {
            error(.expectedTarget, "expected `ios26` or `ios18` (on a Mac window `macos26` or `macos15`) after `target`, found \(display(tok))", at: tok.range)
            recover()
            return nil
        }
        guard let t = Target(word: text(tok)) else {
            let s = Suggest.closest(to: text(tok), among: Target.words)
            error(.unknownTarget, "unknown target `\(text(tok))`", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" } ?? "the targets are `ios26` (the default) and `ios18`; on a Mac window `macos26` and `macos15`")
            recover()
            return nil
        }
        let r = tok.range
        advance()
        return .target(Located(t, r), range: start.to(r))
    }

    /// A name written with dashes, such as `iphone-16-pro`: adjacent identifier,
    /// number and `-` tokens with no space between them.
    mutating func parseDashedName() -> Identifier? {
        guard tok.kind == .identifier else { return nil }
        var text = self.text(tok)
        let start = tok.range
        var end = tok.range
        advance()
        while tok.kind == .minus, tok.range.start == end.end,
              peek().range.start == tok.range.end, peek().kind == .identifier || peek().kind == .number {
            advance()
            text += "-" + (tok.kind == .number ? Token.format(tok.number) : self.text(tok))
            end = tok.range
            advance()
        }
        return Identifier(text, start.to(end))
    }

    mutating func parseScreen() -> Statement? {
        let start = tok.range
        advance()
        // `screen iphone 16 pro`: words that only make sense joined with dashes.
        if tok.kind == .identifier, tok.keyword == nil {
            var end = tok.range.start
            while end < bytes.count, ![UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "\r")].contains(bytes[end]) { end += 1 }
            let words = text(SourceRange(tok.range.start, end)).split(separator: " ").map(String.init)
            let isSize = { (w: String) -> Bool in
                let parts = w.split(whereSeparator: { $0 == "x" || $0 == "×" })
                return parts.count == 2 && parts.allSatisfy { Double($0) != nil }
            }
            let plain = words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && !isSize($0) }
            if words.count > 1, plain, !words.contains("x"), !words.contains("radius"),
               !words.dropFirst().allSatisfy({ Double($0) != nil }) {
                let joined = words.joined(separator: "-").lowercased()
                let r = SourceRange(tok.range.start, tok.range.start + words.joined(separator: " ").utf8.count)
                let suggestion = Suggest.closest(to: joined, among: ScreenPreset.names)
                error(.unknownScreen, "unknown screen `\(words.joined(separator: " "))`", at: r,
                      help: suggestion.map { "preset names are joined with dashes: `screen \($0)`" } ?? "preset names are joined with dashes, such as `iphone-16-pro`; `scene presets` lists them")
                recover()
                return nil
            }
        }
        // A preset name, unless the name starts an expression (`screen w x h`).
        if tok.kind == .identifier, tok.keyword == nil {
            let next = peek()
            let glued = next.kind == .minus && next.range.start == tok.range.end
            let startsExpression = next.kind == .cross || (next.kind == .identifier && isCrossWord(next))
                || [.plus, .star, .slash].contains(next.kind) || (next.kind == .minus && !glued)
            if !startsExpression, let name = parseDashedName() {
                var size: (Expr, Expr)? = nil
                if !atNodeEnd, !isKeyword(.radius) {
                    let w = parseExpr(after: "the screen name")
                    if case .invalid = w { recover(); return nil }
                    let h = parseCross(after: w)
                    if case .invalid = h { recover(); return nil }
                    size = (w, h)
                }
                var radius: Expr? = nil
                if isKeyword(.radius) {
                    advance()
                    radius = parseExpr(after: "`radius`")
                    if case .invalid = radius! { recover(); return nil }
                }
                let end = radius?.range ?? size?.1.range ?? name.range
                return .screen(.preset(name, size: size, radius: radius), range: start.to(end))
            }
        }
        if atNodeEnd {
            error(.expectedScreen, "expected a screen after `screen`, found \(display(tok))", at: tok.range,
                  help: "name a preset such as `iphone-16-pro`, or give a size: `screen 400x300 radius 20`")
            return nil
        }
        let w = parseExpr(after: "`screen`")
        if case .invalid = w { recover(); return nil }
        let h = parseCross(after: w)
        if case .invalid = h { recover(); return nil }
        var radius: Expr? = nil
        if isKeyword(.radius) {
            advance()
            radius = parseExpr(after: "`radius`")
            if case .invalid = radius! { recover(); return nil }
        }
        return .screen(.custom(w, h, radius: radius), range: start.to(radius?.range ?? h.range))
    }

    /// `x H` after a width (the `x` spaced or glued).
    mutating func parseCross(after w: Expr) -> Expr {
        if tok.kind == .cross || isCrossWord(tok) {
            let x = tok, times = tok.range.length == 2  // `×` (two bytes), else `x`: no string built a size
            advance()
            return parseExpr(after: times ? "`×`" : "`x`", operatorToken: x)
        }
        error(.expectedToken, "expected `x` and a height after the width, found \(display(tok))", at: tok.range,
              help: "write sizes as `W x H` or `WxH`")
        return .invalid(tok.range)
    }
}

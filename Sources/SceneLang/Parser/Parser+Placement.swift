/// `spacer [min M]` and `offset X Y`: SwiftUI's `Spacer(minLength:)` and `.offset(x:y:)`.
extension Parser {
    /// `spacer`, `spacer min M`; `spacer(minLength: M)` and `spacer min(…)` are errors that say the fix.
    mutating func parseSpacer() -> ParsedItem? {
        advance()
        if tok.kind == .lparen, tok.range.start == previous.end {
            let (open, end, arguments) = swiftArguments()
            let m = arguments["minLength"].map { "spacer min \($0)" } ?? "spacer"
            error(.unexpectedToken, "`spacer` takes no arguments in parentheses", at: open.to(end),
                  help: "SwiftUI's `Spacer(\(arguments["minLength"].map { "minLength: \($0)" } ?? ""))` is `\(m)`")
            return nil
        }
        guard isKeyword(.min) else { return .item(.spacer(minimum: nil)) }
        let m = tok
        if peek().kind == .lparen {
            // `spacer min(4, 8)`: read as the function, then said which it is.
            let call = parseExpr(after: "`spacer`")
            var help = "write `spacer min 8`"
            if case .call(_, let args, let r) = call, let first = args.first {
                help = "write `spacer min \(text(first.range))`, or `spacer min \(text(r))` for the smaller of two values"
            }
            error(.ambiguousMin, "`min` after `spacer` is the minimum length, not the function", at: m.range, help: help)
            return nil
        }
        advance()
        let e = parseExpr(after: "`min`", operatorToken: m)
        if case .invalid = e { return nil }
        return .item(.spacer(minimum: e))
    }

    /// `offset X Y`: each coordinate a term (`10`, `-5`, `w / 2`, `(a + b)`), so a `-`
    /// after the first value starts the second (`offset 10 -5`).
    mutating func parseOffset() -> ParsedItem? {
        let keyword = tok
        advance()
        if tok.kind == .lparen, tok.range.start == previous.end {
            // `.offset(x: 10, y: -5)`: SwiftUI's labels, each 0 when left out.
            let (open, end, arguments) = swiftArguments()
            let x = arguments["x"] ?? "0", y = arguments["y"] ?? "0"
            let written = [arguments["x"].map { "x: \($0)" }, arguments["y"].map { "y: \($0)" }].compactMap { $0 }
            error(.unexpectedToken, "`offset` takes its values without parentheses", at: open.to(end),
                  help: "SwiftUI's `.offset(\(written.joined(separator: ", ")))` is `offset \(x) \(y)`")
            return nil
        }
        let example = "write `offset 10 0` to move it 10 pt right, `offset 0 -10` to move it 10 pt up"
        guard startsExpression else {
            let keywordHelp = tok.kind == .identifier && tok.keyword != nil ? "`\(text(tok))` is a keyword, not a value: " : ""
            error(.missingOperand, "expected the x and y offsets after `offset`, found \(display(tok))",
                  at: tok.kind == .newline || tok.kind == .eof ? keyword.range : tok.range, help: keywordHelp + example)
            return nil
        }
        let x = parseCoordinate()
        if case .invalid = x { return nil }
        if tok.kind == .comma {
            let comma = tok
            advance()
            let y = startsExpression ? parseCoordinate() : .invalid(comma.range)
            if case .invalid = y { return nil }
            error(.unexpectedToken, "the x and y of `offset` are not separated by a comma", at: comma.range,
                  help: "write `offset \(text(x.range)) \(text(y.range))`")
            return nil
        }
        guard startsExpression else {
            let xText = text(x.range)
            error(.missingOperand, "`offset` takes two values, x then y; found \(display(tok)) after the x",
                  at: tok.kind == .newline || tok.kind == .eof ? x.range : tok.range,
                  help: "write `offset \(xText) 0` to move it sideways only, or `offset 0 \(xText)` to move it down")
            return nil
        }
        let y = parseCoordinate()
        if case .invalid = y { return nil }
        return .item(.offset(x, y))
    }

    /// One coordinate: a product or quotient of operands, no `+` or `-` between them
    /// (write a sum in parentheses).
    mutating func parseCoordinate() -> Expr {
        if tok.kind == .invalid {
            let r = tok.range
            advance()
            return .invalid(r)
        }
        let mark = steps.count
        defer { dropSteps(from: mark) }
        if case .invalid(let r) = parseBinary(minPrecedence: 1) { return .invalid(r) }
        return tree(mark..<steps.count)
    }

    /// `(label: value, …)` glued to a keyword (SwiftUI's call, written by habit): the
    /// `(`, the last token read, and each labelled argument's text. Consumes through `)`.
    mutating func swiftArguments() -> (open: SourceRange, end: SourceRange, arguments: [String: String]) {
        let open = tok.range
        advance()
        var arguments: [String: String] = [:]
        while !atNodeEnd, tok.kind != .rparen {
            if tok.kind == .identifier, peek().kind == .colon {
                let name = text(tok)
                advance(); advance()
                let start = tok.range.start
                var end = start
                var depth = 0
                while !atNodeEnd, !(depth == 0 && (tok.kind == .comma || tok.kind == .rparen)) {
                    if tok.kind == .lparen { depth += 1 }
                    if tok.kind == .rparen { depth -= 1 }
                    end = tok.range.end
                    advance()
                }
                arguments[name] = text(SourceRange(start, end))
            } else {
                advance()
            }
        }
        let end = tok.kind == .rparen ? tok.range : previous
        if tok.kind == .rparen { advance() }
        // One mistake, one diagnostic: not also the lexer's for a `.` inside.
        lexer.diagnostics.removeAll { $0.range.start >= open.start && $0.range.end <= end.end }
        return (open, end, arguments)
    }
}

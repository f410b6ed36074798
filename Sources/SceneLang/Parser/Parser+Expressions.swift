/// Expressions: numbers, names, `+ - * /`, parentheses, `min(…)` and `max(…)`.
extension Parser {
    /// Parse an expression; on failure report `expected a value after CONTEXT`
    /// (or `missing-operand` after an operator) and return `.invalid`.
    /// (`context` is built only when there is an error to report.)
    mutating func parseExpr(after context: @autoclosure () -> String, operatorToken: Token? = nil) -> Expr {
        // A token the lexer could not read was already reported: no second error.
        if tok.kind == .invalid {
            let r = tok.range
            advance()
            return .invalid(r)
        }
        if !startsExpression {
            let code: DiagnosticCode = operatorToken == nil ? .expectedExpression : .missingOperand
            error(code, "expected a value after \(context()), found \(display(tok))", at: tok.range.length > 0 ? tok.range : (operatorToken?.range ?? tok.range),
                  help: tok.kind == .identifier && tok.keyword != nil ? "`\(text(tok))` is a keyword, not a value" : nil)
            return .invalid(tok.range)
        }
        // A lone literal (`height 30`, the usual case): what the general path
        // below returns for it, without descending through it.
        if tok.kind == .number, exprDepth + 1 <= Self.maxExprDepth, tok.number.isFinite,
           abs(tok.number) <= Self.maxNumber, Self.precedence(peek().kind) == nil {
            let t = tok
            advance()
            return .number(t.number, t.range)
        }
        return parseBinary(minPrecedence: 0)
    }

    var startsExpression: Bool {
        switch tok.kind {
        case .number, .lparen, .minus: return true
        case .identifier: return tok.keyword == nil || tok.keyword == .min || tok.keyword == .max
        default: return false
        }
    }

    static func precedence(_ k: TokenKind) -> Int? {
        switch k {
        case .plus, .minus: return 1
        case .star, .slash: return 2
        default: return nil
        }
    }

    /// Operators of one precedence level are collected into one flat `.chain`
    /// in a loop; only a tighter level recurses (once per level, not per
    /// operator), so a long sum never deepens the stack or the tree.
    mutating func parseBinary(minPrecedence: Int) -> Expr {
        var lhs = parseUnary()
        if case .invalid = lhs { return lhs }
        while let level = Self.precedence(tok.kind), level > minPrecedence {
            // Room for the usual two operands at once (not grown on the second).
            var operands: [Expr] = []
            operands.reserveCapacity(2)
            operands.append(lhs)
            var operators: [Expr.BinaryOp] = []
            while let prec = Self.precedence(tok.kind), prec == level {
                let opTok = tok
                let op: Expr.BinaryOp = opTok.kind == .plus ? .add : opTok.kind == .minus ? .sub : opTok.kind == .star ? .mul : .div
                advance()
                if !startsExpression {
                    error(.missingOperand, "expected a value after `\(opTok.kind.rawValue)`, found \(display(tok))", at: opTok.range,
                          help: "write the right-hand side, as in `a \(opTok.kind.rawValue) 2`")
                    return .invalid(opTok.range)
                }
                exprDepth += 1
                let rhs = parseBinary(minPrecedence: level)
                exprDepth -= 1
                if case .invalid = rhs { return rhs }
                operands.append(rhs)
                operators.append(op)
            }
            lhs = .chain(operands, operators, lhs.range.to(operands[operands.count - 1].range))
        }
        return lhs
    }

    mutating func parseUnary() -> Expr {
        exprDepth += 1
        defer { exprDepth -= 1 }
        if exprDepth > Self.maxExprDepth {
            error(.nestingTooDeep, "expression nests deeper than \(Self.maxExprDepth) levels", at: tok.range,
                  help: "split it with `let`")
            // Skip the rest of this expression so the error is reported once.
            while !atNodeEnd { advance() }
            return .invalid(tok.range)
        }
        let t = tok
        switch t.kind {
        case .minus:
            advance()
            if !startsExpression {
                error(.missingOperand, "expected a value after `-`, found \(display(tok))", at: t.range)
                return .invalid(t.range)
            }
            let e = parseUnary()
            if case .invalid = e { return e }
            return .negate(e, t.range.to(e.range))
        case .number:
            advance()
            if !t.number.isFinite || abs(t.number) > Self.maxNumber {
                error(.numberTooLarge, "number \(t.number.isFinite ? Token.format(t.number) : String(decoding: [], as: UTF8.self) + "literal") is too large", at: t.range,
                      help: "numbers are points; the largest is \(Token.format(Self.maxNumber))")
                return .invalid(t.range)
            }
            return .number(t.number, t.range)
        case .lparen:
            advance()
            skipNewlines()
            if tok.kind == .rparen {
                error(.expectedExpression, "expected a value inside `(` `)`", at: t.range.to(tok.range))
                advance()
                return .invalid(t.range)
            }
            let inner = parseExpr(after: "`(`")
            if case .invalid = inner { skipToCloseParen(); return inner }
            skipNewlines()
            guard tok.kind == .rparen else {
                error(.expectedToken, "expected `)` to close `(`, found \(display(tok))", at: tok.range,
                      help: "add `)`")
                return .invalid(t.range)
            }
            let close = tok
            advance()
            return rewrap(inner, t.range.to(close.range))
        case .identifier:
            if t.keyword == .min || t.keyword == .max {
                return parseCall(t)
            }
            advance()
            return .name(text(t), t.range)
        default:
            error(.expectedExpression, "expected a value, found \(display(t))", at: t.range)
            return .invalid(t.range)
        }
    }

    /// Parentheses keep the inner tree but widen its range for diagnostics.
    func rewrap(_ e: Expr, _ r: SourceRange) -> Expr {
        switch e {
        case .number(let v, _): return .number(v, r)
        case .name(let n, _): return .name(n, r)
        case .negate(let x, _): return .negate(x, r)
        case .chain(let xs, let ops, _): return .chain(xs, ops, r)
        case .call(let f, let a, _): return .call(f, a, r)
        case .invalid: return .invalid(r)
        }
    }

    /// `( expr, expr, … )` with the `(` as the current token; newlines may
    /// separate the values. Returns the values and the `)`, or nil after reporting.
    /// (`what` and `first` are built only when there is an error to report.)
    mutating func parseArguments(in what: @autoclosure () -> String, first: @autoclosure () -> String) -> ([Expr], Token)? {
        advance()
        skipNewlines()
        var args: [Expr] = []
        args.reserveCapacity(2)  // `min(a, b)`: one allocation, not grown on the second
        while tok.kind != .rparen {
            let e = parseExpr(after: args.isEmpty ? first() : "`,`")
            if case .invalid = e { skipToCloseParen(); return nil }
            args.append(e)
            skipNewlines()
            if tok.kind == .comma { advance(); skipNewlines(); continue }
            if tok.kind != .rparen {
                error(.expectedToken, "expected `,` or `)` in \(what()), found \(display(tok))", at: tok.range)
                skipToCloseParen()
                return nil
            }
        }
        let close = tok
        advance()
        return (args, close)
    }

    mutating func parseCall(_ t: Token) -> Expr {
        advance()
        let fn: Expr.Function = t.keyword == .min ? .min : .max
        guard tok.kind == .lparen else {
            error(.expectedToken, "expected `(` after `\(fn.rawValue)`", at: tok.range,
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range)
        }
        guard let (args, close) = parseArguments(in: "`\(fn.rawValue)(…)`", first: "`\(fn.rawValue)(`") else {
            return .invalid(t.range)
        }
        if args.count < 2 {
            error(.wrongArgumentCount, "`\(fn.rawValue)` takes at least 2 values, found \(args.count)", at: t.range.to(close.range),
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range.to(close.range))
        }
        return .call(fn, args, t.range.to(close.range))
    }
}

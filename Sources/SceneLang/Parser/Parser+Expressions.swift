/// Expressions: numbers, names, `+ - * /`, parentheses, `min(…)` and `max(…)`.
///
/// They are read into flat steps (`steps`, postfix order: `FlatStep`, ItemsExpr.swift),
/// the one form the parser writes: `parseExpr` builds a caller its tree from
/// them, and a corner clause's steps go to the item store as they are.
extension Parser {
    /// Reading an expression into `steps` wrote its steps, or failed (reported):
    /// the expression is then `.invalid(range)`.
    enum Flat { case ok, invalid(SourceRange) }

    /// Parse an expression; on failure report `expected a value after CONTEXT`
    /// (or `missing-operand` after an operator) and return `.invalid`.
    /// (`context` is built only when there is an error to report.)
    mutating func parseExpr(after context: @autoclosure () -> String, operatorToken: Token? = nil) -> Expr {
        switch opening(after: context, operatorToken: operatorToken) {
        case .invalid(let r)?: return .invalid(r)
        case .literal(let t)?: return .number(t.number, t.range)
        case nil:
            let mark = steps.count
            defer { dropSteps(from: mark) }
            if case .invalid(let r) = parseBinary(minPrecedence: 0) { return .invalid(r) }
            return tree(mark..<steps.count)
        }
    }

    /// Parse an expression into `steps` (see `parseExpr`).
    mutating func parseFlat(after context: @autoclosure () -> String, operatorToken: Token? = nil) -> Flat {
        switch opening(after: context, operatorToken: operatorToken) {
        case .invalid(let r)?: return .invalid(r)
        case .literal(let t)?:
            steps.append(FlatStep(payload: t.number.bitPattern, range: t.range, op: .number))
            return .ok
        case nil: return parseBinary(minPrecedence: 0)
        }
    }

    /// Drops the steps from `mark` on (an expression read and built, or failed).
    @inline(__always) mutating func dropSteps(from mark: Int) {
        while steps.count > mark { steps.removeLast() }  // (one at a time: a few, and no `replaceSubrange`)
    }

    /// The tree of one expression's steps.
    @inline(__always) func tree(_ run: Range<Int>) -> Expr {
        if run.count == 1, steps[run.lowerBound].op == .number { return .number(Double(bitPattern: steps[run.lowerBound].payload), steps[run.lowerBound].range) }
        return trees(run)[0]
    }

    /// The trees of consecutive expressions' steps.
    func trees(_ run: Range<Int>) -> [Expr] {
        // Numbers alone (`uneven(1, 12, 7, 8)`): each step is a tree of its own.
        if steps[run].allSatisfy({ $0.op == .number }) {
            return run.map { .number(Double(bitPattern: steps[$0].payload), steps[$0].range) }
        }
        return FlatTree.trees(count: run.count, { i in
            let s = steps[run.lowerBound + i]
            return (s.op, s.payload, s.range)
        }, name: itemArena.exprs.name)
    }

    enum Opening { case invalid(SourceRange), literal(Token) }

    /// How every expression starts: a token the lexer could not read (already
    /// reported: no second error), no value here (reported), or a lone literal
    /// (`height 30`, the usual case: what the general path gives for it, without
    /// descending through it); nil to read on.
    @inline(__always) mutating func opening(after context: () -> String, operatorToken: Token?) -> Opening? {
        if tok.kind == .invalid {
            let r = tok.range
            advance()
            return .invalid(r)
        }
        if !startsExpression {
            let code: DiagnosticCode = operatorToken == nil ? .expectedExpression : .missingOperand
            error(code, "expected a value after \(context()), found \(display(tok))", at: tok.range.length > 0 ? tok.range : (operatorToken?.range ?? tok.range),
                  help: tok.kind == .identifier && tok.keyword != nil ? "`\(text(tok))` is a keyword, not a value"
                    : operatorToken.map { $0.kind == .cross || isCrossWord($0) } == true
                    ? "a size is `W x H`: give the height after \(display(operatorToken!))" : nil)
            return .invalid(tok.range)
        }
        if tok.kind == .number, exprDepth + 1 <= Self.maxExprDepth, tok.number.isFinite,
           abs(tok.number) <= Self.maxNumber, Self.precedence(peek().kind) == nil {
            let t = tok
            advance()
            return .literal(t)
        }
        return nil
    }

    @inline(__always) var startsExpression: Bool {
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

    /// The range of the expression whose steps end `steps`.
    @inline(__always) var lastRange: SourceRange { steps[steps.count - 1].range }

    /// Operators of one precedence level make one flat chain, read in a loop;
    /// only a tighter level recurses (once per level, not per operator), so a
    /// long sum never deepens the stack or the tree.
    mutating func parseBinary(minPrecedence: Int) -> Flat {
        let lhs = parseUnary()
        if case .invalid = lhs { return lhs }
        while let level = Self.precedence(tok.kind), level > minPrecedence {
            let first = lastRange
            var last = first, operands = 1
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
                last = lastRange
                steps.append(FlatStep(payload: op.code, range: .empty, op: .apply))
                operands += 1
            }
            steps.append(FlatStep(payload: UInt64(operands), range: first.to(last), op: .chain))
        }
        return .ok
    }

    mutating func parseUnary() -> Flat {
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
            steps.append(FlatStep(payload: 0, range: t.range.to(lastRange), op: .negate))
            return .ok
        case .number:
            advance()
            if !t.number.isFinite || abs(t.number) > Self.maxNumber {
                error(.numberTooLarge, "number \(t.number.isFinite ? Token.format(t.number) : String(decoding: [], as: UTF8.self) + "literal") is too large", at: t.range,
                      help: "numbers are points; the largest is \(Token.format(Self.maxNumber))")
                return .invalid(t.range)
            }
            steps.append(FlatStep(payload: t.number.bitPattern, range: t.range, op: .number))
            return .ok
        case .lparen:
            advance()
            skipNewlines()
            if tok.kind == .rparen {
                error(.expectedExpression, "expected a value inside `(` `)`", at: t.range.to(tok.range))
                advance()
                return .invalid(t.range)
            }
            let inner = parseFlat(after: "`(`")
            if case .invalid = inner { skipToCloseParen(); return inner }
            skipNewlines()
            guard tok.kind == .rparen else {
                error(.expectedToken, "expected `)` to close `(`, found \(display(tok))", at: tok.range,
                      help: "add `)`")
                return .invalid(t.range)
            }
            let close = tok
            advance()
            // Parentheses keep the inner tree but widen its range for diagnostics.
            steps[steps.count - 1].range = t.range.to(close.range)
            return .ok
        case .identifier:
            if t.keyword == .min || t.keyword == .max {
                return parseCall(t)
            }
            advance()
            let id = bytes.withUnsafeBufferPointer { b in
                nameStore._withUnsafeGuaranteedRef { $0.id(of: UnsafeBufferPointer(rebasing: b[t.range.start..<t.range.end])) }
            }
            steps.append(FlatStep(payload: UInt64(id), range: t.range, op: .name))
            return .ok
        default:
            error(.expectedExpression, "expected a value, found \(display(t))", at: t.range)
            return .invalid(t.range)
        }
    }

    /// `( expr, expr, … )` with the `(` as the current token; newlines may
    /// separate the values. Returns the values and the `)`, or nil after reporting.
    /// (`what` and `first` are built only when there is an error to report.)
    mutating func parseArguments(in what: @autoclosure () -> String, first: @autoclosure () -> String) -> ([Expr], Token)? {
        let mark = steps.count
        defer { dropSteps(from: mark) }
        guard let (_, close) = parseFlatArguments(in: what(), first: first()) else { return nil }
        return (trees(mark..<steps.count), close)
    }

    /// `parseArguments` into `steps`: how many values, and the `)`.
    mutating func parseFlatArguments(in what: @autoclosure () -> String, first: @autoclosure () -> String) -> (Int, Token)? {
        advance()
        skipNewlines()
        var count = 0
        while tok.kind != .rparen {
            let e = parseFlat(after: count == 0 ? first() : "`,`")
            if case .invalid = e { skipToCloseParen(); return nil }
            count += 1
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
        return (count, close)
    }

    mutating func parseCall(_ t: Token) -> Flat {
        advance()
        let fn: Expr.Function = t.keyword == .min ? .min : .max
        guard tok.kind == .lparen else {
            error(.expectedToken, "expected `(` after `\(fn.rawValue)`", at: tok.range,
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range)
        }
        guard let (count, close) = parseFlatArguments(in: "`\(fn.rawValue)(…)`", first: "`\(fn.rawValue)(`") else {
            return .invalid(t.range)
        }
        if count < 2 {
            error(.wrongArgumentCount, "`\(fn.rawValue)` takes at least 2 values, found \(count)", at: t.range.to(close.range),
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range.to(close.range))
        }
        steps.append(FlatStep(payload: UInt64(count), range: t.range.to(close.range), op: fn == .min ? .min : .max))
        return .ok
    }
}

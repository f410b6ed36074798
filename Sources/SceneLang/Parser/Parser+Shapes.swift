/// Shapes and the corner clauses of `concentric (…)`.
extension Parser {
    /// A shape: its keyword, then the arguments its row of the shape-kind table takes.
    mutating func parseShape(context: String? = nil) -> ShapeExpr? {
        guard tok.kind == .identifier, let k = tok.keyword, let kind = ShapeKind(keyword: k) else {
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Self.shapeKeywordNames) : nil
            let label = tok.kind == .identifier && peek().kind == .colon ? argumentLabelHelp(label: tok.range, colonEnd: peek().range.end) : nil
            error(.expectedShape, "expected a shape after \(context ?? "this"), found \(display(tok))", at: tok.range,
                  help: label ?? s.map { "did you mean `\($0)`?" } ?? Self.shapesHelp)
            return nil
        }
        let kw = tok
        advance()
        switch kind.arguments {
        case .none: return .plain(kind)
        case .radius: return parseRadius(kw, kind)
        case .fourRadii: return parseFourRadii(kind)
        case .concentric:
            guard let (minimum, uniform, clauses) = parseConcentricParts() else { return nil }
            return .concentric(base: .concentric(minimum: minimum), uniform: uniform, clauses: clauses ?? [])
        }
    }

    /// An item made of a shape (`tag`: the shape itself, `container`, `clip`, …),
    /// the keyword before the shape already read: a plain kind, `rect R`,
    /// `uneven(a, b, c, d)` or `concentric [min M] [uniform]` with literal numbers
    /// goes straight to pending slots (`uneven`'s radii read first); any other
    /// shape is built whole.
    mutating func parseShapeItem(_ tag: SlotTag, context: @autoclosure () -> String?, at: Int) -> ParsedItem? {
        guard tok.kind == .identifier, let k = tok.keyword, let kind = ShapeKind(keyword: k) else {
            guard let s = parseShape(context: context()) else { return nil }
            return .item(Self.item(tag, s))
        }
        let kw = tok
        advance()
        let shape: ShapeExpr
        // One case per form of arguments (no `default:`): a new form must say here
        // whether it has a compact slot (`ShapeSlot`) or is built whole.
        switch kind.arguments {
        case .none:
            if itemArena.pend(tag, ShapeSlot.plain(kind), itemStart: at) { return .compact }
            shape = .plain(kind)
        case .radius:
            guard let e = parseRadiusValue(kw, kind) else { return nil }
            if itemArena.pend(tag, ShapeSlot.radius(kind), e, itemStart: at) { return .compact }
            shape = .radii(kind, [e])
        case .fourRadii:
            guard let s = parseFourRadii(kind) else { return nil }
            if case .radii(_, let radii) = s, itemArena.pendFourRadii(tag, kind, radii, itemStart: at) { return .compact }
            shape = s
        case .concentric:
            // The clauses' steps go to the item store as the parser wrote them (no tree built).
            let mark = steps.count
            guard let parts = parseFlatConcentricParts() else { dropSteps(from: mark); return nil }
            if flatClauses.isEmpty {
                if itemArena.pend(tag, ShapeSlot.concentric(.init(minimum: parts.hasMinimum, uniform: parts.uniform)), parts.minimum, itemStart: at) {
                    return .compact
                }
                shape = .concentric(base: .concentric(minimum: parts.minimum), uniform: parts.uniform, clauses: [])
            } else {
                guard let s = pendClauses(tag, parts, at: at, mark: mark) else { return .compact }
                shape = s
            }
        }
        return .item(Self.item(tag, shape))
    }

    /// Pends a `concentric` shape with the clauses just read (nil), else builds it whole;
    /// drops their steps.
    mutating func pendClauses(_ tag: SlotTag, _ parts: ConcentricParts, at: Int, mark: Int) -> ShapeExpr? {
        defer { dropSteps(from: mark) }
        // A minimum beside clauses (rare) was read as a tree: its steps go after the clauses'.
        let m = steps.count
        let minimum = parts.minimum
        let flat = minimum.map { FlatTree.steps($0, into: &steps, names: itemArena.exprs) } ?? true
        if flat, itemArena.pendClauses(tag, minimum: parts.hasMinimum ? m..<steps.count : nil, uniform: parts.uniform,
                                       flatClauses, steps: steps, itemStart: at) {
            return nil
        }
        return .concentric(base: .concentric(minimum: minimum), uniform: parts.uniform, clauses: cornerClauses())
    }

    /// The item a shape makes, by its slot tag.
    static func item(_ tag: SlotTag, _ s: ShapeExpr) -> Item {
        switch tag {
        case .shape: return .shape(s)
        case .container: return .container(s)
        case .clip: return .clip(s)
        case .background: return .background(s)
        case .hit: return .hit(s)
        case .transition: return .transition(s)
        default: return .glass(s)
        }
    }

    /// `rect R`.
    mutating func parseRadius(_ kw: Token, _ kind: ShapeKind) -> ShapeExpr? {
        parseRadiusValue(kw, kind).map { .radii(kind, [$0]) }
    }

    /// The `R` of `rect R`.
    mutating func parseRadiusValue(_ kw: Token, _ kind: ShapeKind) -> Expr? {
        if atNodeEnd || (tok.kind == .identifier && tok.keyword != nil && tok.keyword != .min && tok.keyword != .max) {
            error(.missingOperand, "expected a radius after `\(kind.rawValue)`", at: kw.range.to(tok.range),
                  help: "write `\(kind.rawValue) 12`, or `rectangle` for square corners")
            return nil
        }
        let e = parseExpr(after: "`\(kind.rawValue)`")
        if case .invalid = e { return nil }
        return e
    }

    /// `uneven(TL, TR, BR, BL)`.
    mutating func parseFourRadii(_ kind: ShapeKind) -> ShapeExpr? {
        let name = kind.rawValue
        guard tok.kind == .lparen else {
            error(.expectedToken, "expected `(` after `\(name)`", at: tok.range,
                  help: "write `\(name)(topLeading, topTrailing, bottomTrailing, bottomLeading)`, e.g. `\(name)(24, 24, 0, 0)`")
            return nil
        }
        let open = tok
        guard let (radii, close) = parseArguments(in: "`\(name)`", first: "`(`") else { return nil }
        guard radii.count == 4 else {
            error(.wrongRadiusCount, "`\(name)` takes 4 radii, found \(radii.count)", at: open.range.to(close.range),
                  help: "give them clockwise from the top-leading corner: `\(name)(24, 24, 0, 0)`")
            return nil
        }
        return .radii(kind, radii)
    }

    mutating func skipToCloseParen() {
        var depth = 1
        while tok.kind != .eof {
            if tok.kind == .lparen { depth += 1 }
            if tok.kind == .rparen { depth -= 1; if depth == 0 { advance(); return } }
            if tok.kind == .less || tok.kind == .greater { return }
            advance()
        }
    }

    /// `concentric [min M] [uniform] [(clause, …)]` in any order, after the
    /// keyword: the minimum, `uniform`, and the clauses (nil with no parentheses).
    mutating func parseConcentricParts() -> (Expr?, Bool, [CornerClause]?)? {
        let mark = steps.count
        defer { dropSteps(from: mark) }
        guard let parts = parseFlatConcentricParts() else { return nil }
        return (parts.minimum, parts.uniform, parts.sawClauses ? cornerClauses() : nil)
    }

    /// The clauses read into `flatClauses`, as trees.
    func cornerClauses() -> [CornerClause] {
        flatClauses.map { c in
            let v = c.value.map(tree)
            return CornerClause(set: c.set, spec: c.fixed ? .fixed(v!) : .concentric(minimum: v), uniform: c.uniform, range: c.range)
        }
    }

    /// `parseConcentricParts` with the clauses into `flatClauses` (their values
    /// runs of `steps`): the minimum, `uniform`, and whether there were parentheses.
    mutating func parseFlatConcentricParts() -> ConcentricParts? {
        var minimum: Expr? = nil
        var uniform = false
        var sawClauses = false
        if !flatClauses.isEmpty { flatClauses.removeAll(keepingCapacity: true) }
        while true {
            if isKeyword(.min), minimum == nil, peek().kind == .lparen {
                error(.ambiguousMin, "`min` after `concentric` is the minimum, not the function", at: tok.range,
                      help: "write `concentric min 10`, or `concentric min min(10, 12)` for the smaller of two values")
                return nil
            }
            if isKeyword(.min), minimum == nil {
                let m = tok
                advance()
                let e = parseExpr(after: "`min`", operatorToken: m)
                if case .invalid = e { return nil }
                minimum = e
            } else if isKeyword(.uniform), !uniform {
                uniform = true
                advance()
            } else if tok.kind == .lparen, !sawClauses {
                sawClauses = true
                guard parseCornerClauses() else { return nil }
            } else {
                break
            }
        }
        return ConcentricParts(minimum: minimum, uniform: uniform, sawClauses: sawClauses)
    }

    struct ConcentricParts {
        var minimum: Expr?
        var uniform: Bool
        var sawClauses: Bool
        /// (Not `minimum != nil`: a generic comparison, measurably slower on every list row.)
        var hasMinimum: Bool { if case .some = minimum { true } else { false } }
    }

    /// `(clause, …)` into `flatClauses` and `steps`; false after reporting.
    mutating func parseCornerClauses() -> Bool {
        advance() // (
        skipNewlines()
        var taken: UInt8 = 0  // bit k: corner k is given (no table to allocate and hash a clause)
        while tok.kind != .rparen {
            let start = tok.range
            // A corner set's name is a keyword: read from the token, no string built.
            guard tok.kind == .identifier,
                  let set = tok.keyword.map({ CornerSet(keyword: $0) }) ?? CornerSet(rawValue: text(tok)) else {
                let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Self.cornerSetNames) : nil
                let isMinimum = tok.kind == .identifier && (text(tok) == "minimum" || text(tok) == "min")
                error(.expectedCorner, "expected a corner or group of corners, found \(display(tok))", at: tok.range,
                      help: isMinimum ? "a minimum for every corner goes after the keyword: `concentric min 12`" : s.map { "did you mean `\($0)`?" } ?? "corners are `topLeading`, `topTrailing`, `bottomLeading`, `bottomTrailing`; groups are `top`, `bottom`, `leading`, `trailing`, `all`")
                skipToCloseParen()
                return false
            }
            let setTok = tok
            advance()
            guard tok.kind == .colon else {
                error(.expectedToken, "expected `:` after `\(set.rawValue)`, found \(display(tok))", at: tok.range,
                      help: "write `\(set.rawValue): concentric`, `\(set.rawValue): fixed 24` or `\(set.rawValue): 24`")
                skipToCloseParen()
                return false
            }
            advance()
            let fixed: Bool
            var value: Range<Int>? = nil
            if isKeyword(.concentric) {
                advance()
                if tok.kind == .lparen {
                    error(.expectedToken, "a corner's style takes no parentheses", at: tok.range,
                          help: "write `\(set.rawValue): concentric min 12`; SwiftUI's `.concentric(minimum: 12)`")
                    skipToCloseParen()
                    skipToCloseParen()
                    return false
                }
                if isKeyword(.min) {
                    advance()
                    let start = steps.count
                    if case .invalid = parseFlat(after: "`min`") { skipToCloseParen(); return false }
                    value = start..<steps.count
                }
                fixed = false
            } else {
                if isKeyword(.fixed) { advance() }
                let start = steps.count
                if case .invalid = parseFlat(after: "`:`") { skipToCloseParen(); return false }
                value = start..<steps.count
                fixed = true
            }
            var uniform = false
            let mask = set.cornerMask
            if isKeyword(.uniform) {
                if mask.nonzeroBitCount < 2 {
                    error(.uniformSingleCorner, "`uniform` needs a group of corners, not one", at: tok.range,
                          help: "use `top`, `bottom`, `leading`, `trailing` or `all`")
                }
                uniform = true
                advance()
            }
            let range = start.to(previous)
            // The first corner of the set, in its order, that is given already.
            if taken & mask != 0, let c = set.corners.first(where: { taken & (1 << $0.rawValue) != 0 }) {
                error(.cornerSpecifiedTwice, "the \(c.name) corner is given twice", at: setTok.range, help: "give each corner one style")
            }
            taken |= mask
            flatClauses.append(FlatClause(set: set, fixed: fixed, value: value, uniform: uniform, range: range))
            skipNewlines()
            if tok.kind == .comma { advance(); skipNewlines(); continue }
            if tok.kind != .rparen {
                error(.expectedToken, "expected `,` or `)` after a corner, found \(display(tok))", at: tok.range)
                skipToCloseParen()
                return false
            }
        }
        advance()
        return true
    }
}

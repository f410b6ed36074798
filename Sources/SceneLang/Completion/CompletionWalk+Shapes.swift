/// The walk's shapes (their arguments from the shape-kind table), corner
/// clauses and expressions.
extension Walk {
    static func shapes(_ kinds: [ShapeKind]) -> [C] { kinds.compactMap(\.row.keyword).map { C($0.rawValue, .keyword) } }

    /// A shape keyword from `kinds`, then its arguments.
    mutating func shape(among kinds: [ShapeKind], follow: (Walk) -> [C]) throws {
        try stopAtEnd(Self.shapes(kinds))
        guard tok.kind == .identifier, let k = tok.keyword, let kind = ShapeKind(keyword: k) else { return }
        i += 1
        try shapeArguments(kind, follow: follow)
    }

    /// What follows a shape keyword (consumed), by its row's `arguments`.
    mutating func shapeArguments(_ kind: ShapeKind, follow: (Walk) -> [C]) throws {
        switch kind.arguments {
        case .none: return
        case .radius: try expr()
        case .fourRadii:
            try stopAtEnd(Self.punctuation("("))
            guard at(.lparen) else { return }
            i += 1
            var count = 0
            while true {
                skipNewlines()
                try expr()
                count += 1
                skipNewlines()
                try stopAtEnd(count < 4 ? Self.punctuation(",") : Self.punctuation(")"))
                if at(.comma) { i += 1; continue }
                if at(.rparen) { i += 1 }
                return
            }
        case .concentric: try concentric(follow: follow)
        }
    }

    /// `concentric` then `min M`, `uniform`, `(clauses)`, each at most once, in any order.
    mutating func concentric(follow: (Walk) -> [C]) throws {
        var minimum = false, uniform = false, clauses = false
        while true {
            try stopAtEnd((minimum ? [] : Self.keywords([.min])) + (uniform ? [] : Self.keywords([.uniform]))
                          + (clauses ? [] : Self.punctuation("(")) + follow(self))
            if isKeyword(.min), !minimum {
                minimum = true
                i += 1
                try expr()
            } else if isKeyword(.uniform), !uniform {
                uniform = true
                i += 1
            } else if at(.lparen), !clauses {
                clauses = true
                i += 1
                try cornerClauses()
            } else {
                return
            }
        }
    }

    /// `clause { , clause } [,] )` after `concentric … (`.
    mutating func cornerClauses() throws {
        var taken = Set<Corner>()
        var first = true
        while true {
            skipNewlines()
            let free = CornerSet.allCases.filter { taken.isDisjoint(with: $0.corners) }
            try stopAtEnd(Self.keywords(free.compactMap { Keyword(rawValue: $0.rawValue) }) + (first ? [] : Self.punctuation(")")))
            first = false
            if at(.rparen) { i += 1; return }
            guard at(.identifier), let set = CornerSet(rawValue: text(tok)) else { return skipToCloseParen() }
            taken.formUnion(set.corners)
            i += 1
            try stopAtEnd(Self.punctuation(":"))
            guard at(.colon) else { return skipToCloseParen() }
            i += 1
            let groupUniform = set.corners.count > 1 ? Self.keywords([.uniform]) : []
            let end = Self.punctuation(",", ")")
            try stopAtEnd(Self.keywords([.concentric, .fixed]) + values)
            if isKeyword(.concentric) {
                i += 1
                try stopAtEnd(Self.keywords([.min]) + groupUniform + end)
                if isKeyword(.min) { i += 1; try expr() }
            } else {
                if isKeyword(.fixed) { i += 1 }
                try expr()
            }
            try stopAtEnd(groupUniform + end)
            if isKeyword(.uniform) { i += 1 }
            skipNewlines()
            try stopAtEnd(end)
            if at(.comma) { i += 1; continue }
            if at(.rparen) { i += 1 }
            return
        }
    }

    /// Past the `)` that closes the list the walk is in (or to a block's edge).
    mutating func skipToCloseParen() {
        var depth = 1
        while !atEnd, tok.kind != .less, tok.kind != .greater {
            if tok.kind == .lparen { depth += 1 }
            if tok.kind == .rparen { depth -= 1; if depth == 0 { i += 1; return } }
            i += 1
        }
    }

    // MARK: Expressions

    /// An expression: operands joined by `+ - * /`. At the end where an operand
    /// is needed it stops with the values; after a whole one it returns.
    mutating func expr() throws {
        try operand()
        while !atEnd, [.plus, .minus, .star, .slash].contains(tok.kind) {
            i += 1
            try operand()
        }
    }

    /// A term: operands joined by `*` and `/` (each value of `offset`).
    mutating func term() throws {
        try operand()
        while !atEnd, [.star, .slash].contains(tok.kind) {
            i += 1
            try operand()
        }
    }

    /// A number, a name, `-x`, `(expr)`, `min(…)` / `max(…)`. A token that cannot
    /// start one is left for the caller (the parser reports it).
    mutating func operand() throws {
        try stopAtEnd(values)
        // Deeper than the parser reads (an error there): nothing to offer, and no deep recursion.
        exprDepth += 1
        defer { exprDepth -= 1 }
        if exprDepth > Parser.maxExprDepth { throw Stop(offered: []) }
        switch tok.kind {
        case .minus:
            i += 1
            try operand()
        case .number:
            i += 1
        case .identifier where tok.keyword == .min || tok.keyword == .max:
            i += 1
            try stopAtEnd(Self.punctuation("("))
            guard at(.lparen) else { return }
            i += 1
            while true {
                skipNewlines()
                try expr()
                skipNewlines()
                try stopAtEnd(Self.punctuation(",", ")"))
                if at(.comma) { i += 1; continue }
                if at(.rparen) { i += 1 }
                return
            }
        case .identifier where tok.keyword == nil:
            i += 1
        case .lparen:
            i += 1
            skipNewlines()
            try expr()
            skipNewlines()
            try stopAtEnd(Self.punctuation(")"))
            if at(.rparen) { i += 1 }
        default:
            return
        }
    }
}

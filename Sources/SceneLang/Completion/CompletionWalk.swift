/// The predictive walk behind `Completer`: the productions of grammar.md, read
/// over the tokens before the cursor. Where the tokens run out, the walk throws
/// `Stop` with what may come there. Where they do not fit the grammar it skips
/// the token (as the parser's recovery does) and goes on, so text after a
/// mistake still completes.
struct Walk {
    typealias C = Completer.Candidate
    struct Stop: Error { let offered: [C] }

    let tokens: [Token]
    let file: SourceFile
    let names: [String]
    let labels: [String]
    let rebinding: Bool
    var i = 0
    /// How deep the expression being read nests (the walk stops past the parser's limit).
    var exprDepth = 0

    init(tokens: [Token], file: SourceFile, names: [String], labels: [String], rebinding: Bool) {
        self.tokens = tokens; self.file = file; self.labels = labels; self.rebinding = rebinding
        // The names this text binds count too (a REPL input, a file being typed),
        // but not the one the cursor is binding (a binding cannot use itself).
        var bound = names
        let current = tokens.lastIndex { $0.kind == .newline || $0.kind == .semicolon } ?? -1
        for (k, t) in tokens.enumerated() where k < current && t.kind == .identifier && t.keyword == .let && k + 1 < tokens.count {
            let n = tokens[k + 1]
            if n.kind == .identifier, n.keyword == nil { bound.append(file.text(n.range.start..<n.range.end)) }
        }
        self.names = bound
    }

    /// What may come at the end of the tokens.
    mutating func run() -> [C] {
        do { try scene(); return [] } catch let s as Stop { return s.offered } catch { return [] }
    }

    // MARK: Tokens

    var atEnd: Bool { i >= tokens.count }
    var tok: Token { tokens[i] }
    func text(_ t: Token) -> String { file.text(t.range.start..<t.range.end) }
    func isKeyword(_ k: Keyword) -> Bool { !atEnd && tok.kind == .identifier && tok.keyword == k }
    func at(_ kind: TokenKind) -> Bool { !atEnd && tok.kind == kind }
    mutating func skipNewlines() { while at(.newline) { i += 1 } }
    /// At the end: stop with `offered`.
    func stopAtEnd(_ offered: @autoclosure () -> [C]) throws { if atEnd { throw Stop(offered: offered()) } }

    // MARK: Word lists

    static func keywords(_ ks: [Keyword]) -> [C] { ks.map { C($0.rawValue, .keyword) } }
    static func words(_ ws: [String], _ kind: Completer.Kind) -> [C] { ws.map { C($0, kind) } }
    static func punctuation(_ ps: String...) -> [C] { ps.map { C($0, .punctuation) } }
    /// Where a value goes: the names, and the functions `min` and `max`.
    var values: [C] { Self.words(names, .name) + [C("min", .function), C("max", .function)] }
    /// The items a node may still take, its block's `<`, and `>` inside a block.
    /// An item that stands alone (`spacer`) is offered only first, and after it only the end.
    func items(_ used: ItemSyntax.Slots, depth: Int) -> [C] {
        let close = depth > 0 ? Self.punctuation(">") : []
        if ItemSyntax.all.contains(where: { $0.alone && used.contains($0.slots) }) { return close }
        return ItemSyntax.all.filter { ($0.slots.isEmpty || $0.slots.isDisjoint(with: used)) && !($0.alone && !used.isEmpty) }
            .map { C($0.keyword.rawValue, .keyword) } + Self.punctuation("<") + close
    }
    /// Where a statement (a node inside a block) starts.
    func statementStart(depth: Int) -> [C] {
        (depth == 0 ? Self.keywords(Keyword.statements) : []) + Self.words(labels, .label) + items([], depth: depth)
    }

    // MARK: Statements

    mutating func scene() throws {
        var depth = 0
        while true {
            while at(.newline) || at(.semicolon) { i += 1 }
            try stopAtEnd(statementStart(depth: depth))
            switch tok.kind {
            case .greater:
                depth = max(0, depth - 1)
                i += 1
                // After a block: the statement ends (or the enclosing block does).
                try stopAtEnd(depth > 0 ? Self.punctuation(">") : [])
            case .less:
                depth += 1
                i += 1
            default:
                let before = i
                if try statement(depth: depth) { depth += 1; continue }
                // What does not fit is skipped to the end of its statement.
                while !atEnd, ![.newline, .semicolon, .less, .greater].contains(tok.kind) { i += 1 }
                if i == before { i += 1 }
            }
        }
    }

    /// One statement; true when it opened a block (its `<` consumed).
    mutating func statement(depth: Int) throws -> Bool {
        if tok.kind == .identifier, let k = tok.keyword, Keyword.statements.contains(k) {
            i += 1
            guard depth == 0 else { return false }
            switch k {
            case .let: try binding()
            case .screen: try screen()
            case .target:
                try stopAtEnd(Self.words(Target.words, .value))
                i += 1
                try stopAtEnd([])
            default: try expr(); try stopAtEnd([])
            }
            return false
        }
        return try node(depth: depth)
    }

    /// `let NAME = expr`, the `let` consumed.
    mutating func binding() throws {
        try stopAtEnd(rebinding ? Self.words(names, .name) : [])
        guard tok.kind == .identifier, tok.keyword == nil else { return }
        i += 1
        try stopAtEnd(Self.punctuation("="))
        guard at(.equals) else { return }
        i += 1
        try expr()
        try stopAtEnd([])
    }

    /// `screen PRESET [W x H] [radius R]` or `screen W x H [radius R]`, the `screen` consumed.
    mutating func screen() throws {
        try stopAtEnd(Self.words(ScreenPreset.names, .preset) + values)
        var preset = false
        if tok.kind == .identifier, tok.keyword == nil {
            // A preset's dashed words, unless the name starts an expression (`screen w x h`).
            let next: Token? = i + 1 < tokens.count ? tokens[i + 1] : nil
            let glued = next.map { $0.kind == .minus && $0.range.start == tok.range.end } ?? false
            let startsExpression = next.map { n in
                n.kind == .cross || (n.kind == .identifier && text(n) == "x") || [.plus, .star, .slash].contains(n.kind)
                    || (n.kind == .minus && !glued)
            } ?? false
            if !startsExpression {
                preset = true
                var end = tok.range.end
                i += 1
                while at(.minus), tok.range.start == end, i + 1 < tokens.count, tokens[i + 1].range.start == tok.range.end,
                      [.identifier, .number].contains(tokens[i + 1].kind) {
                    end = tokens[i + 1].range.end
                    i += 2
                }
                try stopAtEnd(values + Self.keywords([.radius]))
            }
        }
        if !isKeyword(.radius), !preset || (!at(.newline) && !at(.semicolon)) {
            try expr()
            try stopAtEnd(Self.punctuation("x"))
            guard at(.cross) || (at(.identifier) && text(tok) == "x") else { return }
            i += 1
            try expr()
            try stopAtEnd(Self.keywords([.radius]))
        }
        guard isKeyword(.radius) else { return }
        i += 1
        try expr()
        try stopAtEnd([])
    }

    // MARK: Nodes

    /// `[label] {item} [block]`; true when it opened a block (its `<` consumed).
    mutating func node(depth: Int) throws -> Bool {
        if tok.kind == .identifier, tok.keyword == nil {
            // A name that starts a node is its label: `:` must follow.
            i += 1
            try stopAtEnd(Self.punctuation(":"))
            guard at(.colon) else { return false }
            i += 1
        }
        var used: ItemSyntax.Slots = []
        while true {
            try stopAtEnd(items(used, depth: depth))
            switch tok.kind {
            case .less: i += 1; return true
            case .newline, .semicolon, .greater: return false
            case .identifier:
                if let k = tok.keyword, let row = ItemSyntax.row(k) {
                    i += 1
                    used.formUnion(row.slots)
                    try item(row, used: used, depth: depth)
                } else {
                    i += 1  // not an item: skipped
                }
            default: i += 1
            }
        }
    }

    /// An item's arguments, its keyword consumed.
    mutating func item(_ row: ItemSyntax, used: ItemSyntax.Slots, depth: Int) throws {
        let follow = { (w: Walk) in w.items(used, depth: depth) }
        switch row.argument {
        case .shape(let kind): try shapeArguments(kind, follow: follow)
        case .containerShape: try shape(among: ItemSyntax.containerKinds, follow: follow)
        case .anyShape: try shape(among: ShapeKind.shapes, follow: follow)
        case .optionalShape:
            try stopAtEnd(Self.shapes(ShapeKind.shapes) + follow(self))
            if let k = tok.keyword, ShapeKind(keyword: k) != nil { try shape(among: ShapeKind.shapes, follow: follow) }
        case .size:
            try expr()
            try stopAtEnd(Self.punctuation("x") + follow(self))
            if at(.cross) || (at(.identifier) && text(tok) == "x") { i += 1; try expr() }
        case .value: try expr()
        case .padding: try padding(follow: follow)
        case .alignment: try word(Self.keywords(Alignment.allCases.compactMap { Keyword(rawValue: $0.rawValue) }))
        case .stack:
            try stopAtEnd(Self.keywords([.spacing]) + follow(self))
            if isKeyword(.spacing) { i += 1; try expr() }
        case .colour:
            try stopAtEnd(Self.words(ItemSyntax.colours, .value))
            if at(.color) || at(.identifier) { i += 1 }
        case .style: try word(Self.keywords(CornerStyle.allCases.compactMap { Keyword(rawValue: $0.rawValue) }))
        case .role: try word(Self.words(ItemSyntax.roles, .value))
        case .spacer:
            // It stands alone: `min M`, then the node ends.
            try stopAtEnd(Self.keywords([.min]) + follow(self))
            if isKeyword(.min) { i += 1; try expr() }
        case .offset:
            try term()
            try stopAtEnd(values)
            try term()
        }
    }

    /// One word of a fixed list (the walk does not judge it: the parser does).
    mutating func word(_ offered: [C]) throws {
        try stopAtEnd(offered)
        if at(.identifier) { i += 1 }
    }

    /// `pad [N] {edge N}`, the `pad` consumed.
    mutating func padding(follow: (Walk) -> [C]) throws {
        let edges = Self.keywords(ItemSyntax.edges)
        try stopAtEnd(values + edges)
        if !(tok.kind == .identifier && tok.keyword.map(ItemSyntax.edges.contains) == true) {
            try expr()
        }
        while true {
            try stopAtEnd(edges + follow(self))
            guard let k = tok.keyword, tok.kind == .identifier, ItemSyntax.edges.contains(k) else { return }
            i += 1
            try expr()
        }
    }
}

/// Recursive-descent parser: tokens → `Scene`.
///
/// Error policy: every error is reported once, at the smallest span that shows
/// it; then the parser skips to the next statement boundary (end of line, `;`,
/// `<` or `>`) and carries on, so one mistake gives one diagnostic. Blocks are
/// still tracked while skipping, so an error inside a node never makes its `>`
/// look stray. Nesting is bounded (`maxNodeDepth`, `maxExprDepth`): deeper
/// input is an error, never a stack overflow.
public struct Parser {
    public static let maxNodeDepth = 1000
    public static let maxExprDepth = 200
    /// Largest magnitude a literal may have; anything larger is a mistake.
    public static let maxNumber = 1_000_000.0

    public struct Result: Sendable {
        public var scene: Scene
        public var diagnostics: [Diagnostic]
        public var file: SourceFile
        /// The tokens, lexed again on demand (they are not kept after parsing).
        public var tokens: [Token] { Lexer.tokenize(file).tokens }
    }

    /// Tokens are pulled from the lexer as needed, never stored as a whole:
    /// `tok` is the current one, `ahead` holds what `peek` has looked at.
    var lexer: Lexer
    var tok: Token
    var ahead: [Token] = []
    /// The range of the last consumed token.
    var previous = SourceRange.empty
    /// How many tokens have been consumed (to make sure every loop advances).
    var p = 0
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []
    var reportedUnterminated = false
    var exprDepth = 0

    init(file: SourceFile) {
        lexer = Lexer(file)
        tok = lexer.next()
        bytes = file.bytes
    }

    public static func parse(_ file: SourceFile) -> Result {
        var parser = Parser(file: file)
        let scene = parser.parseScene()
        if parser.suppressed > 0 {
            parser.diagnostics.append(Diagnostic(.error, "too-many-errors",
                "\(parser.suppressed) more syntax errors not reported", at: SourceRange(file.bytes.count, file.bytes.count),
                help: "fix the errors above first"))
        }
        // Lexer and parser findings, in source order.
        let all = (parser.lexer.diagnostics + parser.diagnostics).enumerated()
            .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
            .map(\.element)
        return Result(scene: scene, diagnostics: all, file: file)
    }

    /// A `#word` right after `end` on the same line (which the lexer read as a comment).
    func hashWord(after end: SourceRange) -> SourceRange? {
        var i = end.end
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "#") else { return nil }
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: " "), bytes[j] != UInt8(ascii: "\n"), bytes[j] != UInt8(ascii: "\r") { j += 1 }
        return SourceRange(i, j)
    }
    func text(_ r: SourceRange) -> String { String(decoding: bytes[r.start..<r.end], as: UTF8.self) }

    /// A token's spelling, read from the source.
    func text(_ t: Token) -> String {
        let lo = t.kind == .color ? t.range.start + 1 : t.range.start
        return String(decoding: bytes[lo..<t.range.end], as: UTF8.self)
    }
    func display(_ t: Token) -> String { t.display(t.kind == .color ? "#" + text(t) : text(t)) }

    // MARK: - Token helpers

    mutating func peek() -> Token {
        if ahead.isEmpty { ahead.append(tok.kind == .eof ? tok : lexer.next()) }
        return ahead[0]
    }
    mutating func advance() {
        guard tok.kind != .eof else { return }
        previous = tok.range
        p += 1
        tok = ahead.isEmpty ? lexer.next() : ahead.removeFirst()
    }
    var atSeparator: Bool { tok.kind == .newline || tok.kind == .semicolon }
    var atNodeEnd: Bool {
        switch tok.kind {
        case .newline, .semicolon, .eof, .less, .greater: return true
        default: return false
        }
    }
    func isKeyword(_ k: Keyword) -> Bool { tok.kind == .identifier && tok.keyword == k }
    /// The `x` between a width and a height (not reserved: `x` may still name a value).
    func isCrossWord(_ t: Token) -> Bool {
        t.kind == .identifier && t.range.length == 1 && bytes[t.range.start] == UInt8(ascii: "x")
    }
    mutating func skipInvalid() { while tok.kind == .invalid { advance() } }
    mutating func skipNewlines() { while tok.kind == .newline || tok.kind == .invalid { advance() } }
    mutating func skipSeparators() { while atSeparator || (tok.kind == .invalid && peek().kind != .colon) { advance() } }

    /// Past this many errors the parser only counts them (a file of a million
    /// stray `>` must not become a million diagnostics).
    public static let maxErrors = 1000
    var suppressed = 0

    mutating func error(_ code: String, _ message: String, at range: SourceRange, help: String? = nil) {
        // The lexer already reported the token it could not read: no second error.
        if tok.kind == .invalid, range == tok.range { return }
        if diagnostics.count >= Self.maxErrors { suppressed += 1; return }
        diagnostics.append(.error(code, message, at: range, help: help))
    }

    /// Skip to the end of the current statement, leaving `<`, `>` and separators in place.
    mutating func recover() {
        while !atNodeEnd { advance() }
    }

    // MARK: - Statements

    mutating func parseScene() -> Scene {
        var statements: [Statement] = []
        while true {
            skipSeparators()
            if tok.kind == .eof { break }
            if tok.kind == .greater {
                error("unmatched-close", "unmatched `>`", at: tok.range,
                      help: "remove it, or add the `<` it is meant to close")
                advance()
                continue
            }
            let before = p
            if let s = parseStatement() { statements.append(s) }
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
            error("unexpected-token", "expected end of line, found \(display(tok))", at: tok.range,
                  help: tok.kind == .less ? "a block of children follows a node's items" : "put each statement on its own line, or separate them with `;`")
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
            error("unknown-keyword", "unknown statement `\(text(tok))`", at: tok.range,
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
            error("expected-name", "expected a name after `let`, found \(display(tok))", at: tok.range,
                  help: "write `let NAME = VALUE`")
            recover()
            return nil
        }
        if let k = tok.keyword {
            error("reserved-word", "`\(k.rawValue)` is a keyword and cannot name a value", at: tok.range,
                  help: "choose another name, such as `\(k.rawValue)Value`")
            recover()
            return nil
        }
        let name = Identifier(text(tok), tok.range)
        advance()
        guard tok.kind == .equals else {
            error("expected-token", "expected `=` after `let \(name.name)`, found \(display(tok))", at: tok.range,
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
            error("expected-target", "expected `ios26` or `ios18` after `target`, found \(display(tok))", at: tok.range)
            recover()
            return nil
        }
        guard let t = Target(rawValue: text(tok)) else {
            let s = Suggest.closest(to: text(tok), among: Target.allCases.map(\.rawValue))
            error("unknown-target", "unknown target `\(text(tok))`", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" } ?? "the targets are `ios26` (the default) and `ios18`")
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
                let suggestion = Suggest.closest(to: joined, among: Self.screenPresetNames)
                error("unknown-screen", "unknown screen `\(words.joined(separator: " "))`", at: r,
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
            error("expected-screen", "expected a screen after `screen`, found \(display(tok))", at: tok.range,
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
            let x = tok
            advance()
            return parseExpr(after: "`x`", operatorToken: x)
        }
        error("expected-token", "expected `x` and a height after the width, found \(display(tok))", at: tok.range,
              help: "write sizes as `W x H` or `WxH`")
        return .invalid(tok.range)
    }

    // MARK: - Nodes

    static let itemKeywords: [String] = [
        "rect", "rectangle", "capsule", "circle", "uneven", "concentric", "relative", "container",
        "size", "width", "height", "pad", "align", "hstack", "vstack", "zstack", "fill", "style",
        "glass", "clip", "background", "hit", "transition", "role",
    ]
    static let statementKeywords: [String] = ["let", "screen", "target", "margin"]
    /// For did-you-mean only: the evaluator owns the presets themselves.
    static let screenPresetNames = ["iphone-16-pro", "iphone-16-pro-max", "iphone-16", "iphone-15-pro", "iphone-14",
                                    "iphone-13-mini", "iphone-11", "iphone-se", "ipad-pro-11", "ipad-air",
                                    "mac-window", "mac-window-compact", "mac-window-titlebar"]

    mutating func parseNode(depth: Int) -> Node? {
        // A label the lexer could not read (`“card”:`) was reported already.
        if tok.kind == .invalid, peek().kind == .colon { advance(); advance() }
        skipInvalid()
        let start = tok.range
        var label: Identifier? = nil
        if tok.kind == .identifier, peek().kind == .colon {
            if let k = tok.keyword {
                error("reserved-word", "`\(k.rawValue)` is a keyword and cannot be a label", at: tok.range,
                      help: "choose another label, such as `\(k.rawValue)1`")
            } else {
                label = Identifier(text(tok), tok.range)
            }
            advance(); advance()
        }
        var items: [Located<Item>] = []
        var seen: UInt32 = 0  // one bit per item key, to find duplicates
        while !atNodeEnd {
            if tok.kind == .invalid { advance(); continue }
            let itemStart = tok.range
            guard let (item, key) = parseItem(first: items.isEmpty && label == nil) else { recover(); break }
            let range = itemStart.to(previous)
            let bit = Self.keyBits(item)
            if bit != 0, seen & bit != 0 {
                error("duplicate-item", "\(Self.describeKey(key)) is given twice in one node", at: range,
                      help: "keep one of them")
            } else {
                seen |= bit
            }
            items.append(Located(item, range))
        }
        // A `<` alone at the start of the next line opens this node's children
        // (brace-on-its-own-line style), not a group of its own.
        if tok.kind == .newline, label != nil || !items.isEmpty, peek().kind == .less {
            advance()
        }
        var children: [Node] = []
        var block: SourceRange? = nil
        if tok.kind == .less {
            let open = tok.range
            if depth + 1 >= Self.maxNodeDepth {
                error("nesting-too-deep", "nodes nest deeper than \(Self.maxNodeDepth) levels", at: open,
                      help: "flatten the scene; no real layout needs this depth")
                skipBlock()
            } else {
                advance()
                children = parseBlock(open: open, owner: label, depth: depth + 1)
                block = open.to(previous)
            }
        }
        let end = block ?? items.last?.range ?? label?.range ?? start
        if label == nil, items.isEmpty, block == nil { return nil }
        return Node(label: label, items: items, children: children, block: block, range: start.to(end))
    }

    /// Which item kinds an item occupies, one bit each (`pad` may repeat: none).
    static func keyBits(_ item: Item) -> UInt32 {
        switch item {
        case .shape: return 1 << 0
        case .container: return 1 << 1
        case .clip: return 1 << 2
        case .background: return 1 << 3
        case .hit: return 1 << 4
        case .transition: return 1 << 5
        case .glass: return 1 << 6
        case .size: return 1 << 7 | 1 << 8
        case .width: return 1 << 7
        case .height: return 1 << 8
        case .pad: return 0
        case .align: return 1 << 9
        case .stack: return 1 << 10
        case .fill: return 1 << 11
        case .style: return 1 << 12
        case .role: return 1 << 13
        }
    }

    static func describeKey(_ key: String) -> String {
        switch key {
        case "shape": return "a shape"
        case "size": return "a size"
        case "width": return "a width"
        case "height": return "a height"
        default: return "`\(key)`"
        }
    }

    /// Children between `<` and `>`; the `<` is already consumed.
    mutating func parseBlock(open: SourceRange, owner: Identifier?, depth: Int) -> [Node] {
        var children: [Node] = []
        while true {
            skipSeparators()
            if tok.kind == .greater { advance(); return children }
            if tok.kind == .eof {
                if !reportedUnterminated {
                    reportedUnterminated = true
                    let who = owner.map { "the children of `\($0.name)`" } ?? "this block"
                    error("unterminated-block", "`<` is never closed", at: open,
                          help: "add `>` after the last child to close \(who)")
                }
                return children
            }
            if let k = tok.keyword, tok.kind == .identifier, [.let, .screen, .target, .margin].contains(k) {
                error("misplaced-statement", "`\(k.rawValue)` must be at the top level, not inside `<` … `>`",
                      at: tok.range, help: "move this line above the node")
                recover()
                if tok.kind == .less { skipBlock() }
                continue
            }
            let before = p
            if let child = parseNode(depth: depth) { children.append(child) }
            skipInvalid()
            switch tok.kind {
            case .newline, .semicolon, .greater, .eof: break
            default:
                error("unexpected-token", "expected end of line, found \(display(tok))", at: tok.range,
                      help: "put each node on its own line, or separate them with `;`")
                recover()
                if tok.kind == .less { skipBlock() }
            }
            if p == before { advance() }
        }
    }

    /// Skip a `<` … `>` block without building anything (used after errors and
    /// past the depth limit). Iterative, so any depth is safe.
    mutating func skipBlock() {
        guard tok.kind == .less else { return }
        let open = tok.range
        var depth = 0
        repeat {
            if tok.kind == .less { depth += 1 }
            else if tok.kind == .greater { depth -= 1 }
            else if tok.kind == .eof {
                if !reportedUnterminated {
                    reportedUnterminated = true
                    error("unterminated-block", "`<` is never closed", at: open, help: "add `>` after the last child")
                }
                return
            }
            advance()
        } while depth > 0
    }

    /// One item; returns it with the key used to find duplicates.
    mutating func parseItem(first: Bool = false) -> (Item, String)? {
        let t = tok
        guard t.kind == .identifier else {
            if t.kind == .number {
                error("unexpected-token", "unexpected number \(display(t))", at: t.range,
                      help: "a number follows a keyword, as in `rect \(Token.format(t.number))`, `pad \(Token.format(t.number))` or `size \(Token.format(t.number))x\(Token.format(t.number))`")
            } else if t.kind == .color {
                error("unexpected-token", "unexpected colour \(display(t)) in a node", at: t.range,
                      help: "a colour follows `fill`; a comment needs a space after `#`: `# \(text(t))`")
            } else if t.kind == .colon {
                error("unexpected-token", "unexpected `:`", at: t.range,
                      help: "a label comes first on its line: `name: rect 12`")
            } else {
                error("unexpected-token", "unexpected \(display(t)) in a node", at: t.range)
            }
            return nil
        }
        guard let k = t.keyword else {
            return unknownItem(t, first: first)
        }
        switch k {
        case .rect, .rectangle, .capsule, .circle, .uneven, .concentric, .relative:
            guard let s = parseShape() else { return nil }
            return (.shape(s), "shape")
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
            if tok.kind == .identifier, let k2 = tok.keyword, Self.isShapeKeyword(k2) {
                guard let s = parseShape() else { return nil }
                return (.glass(s), "glass")
            }
            return (.glass(nil), "glass")
        case .size:
            advance()
            let w = parseExpr(after: "`size`")
            if case .invalid = w { return nil }
            if tok.kind == .cross || isCrossWord(tok) {
                let h = parseCross(after: w)
                if case .invalid = h { return nil }
                return (.size(w, h), "size")
            }
            return (.size(w, w), "size")
        case .width, .height:
            advance()
            let e = parseExpr(after: "`\(k.rawValue)`")
            if case .invalid = e { return nil }
            return (k == .width ? .width(e) : .height(e), k.rawValue)
        case .pad:
            return parsePad()
        case .align:
            advance()
            guard tok.kind == .identifier, let a = tok.keyword.flatMap(Alignment.init(keyword:)) else {
                let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Alignment.allCases.map(\.rawValue)) : nil
                error("expected-alignment", "expected an alignment after `align`, found \(display(tok))", at: tok.range,
                      help: s.map { "did you mean `\($0)`?" } ?? "one of " + Alignment.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                return nil
            }
            let alignTok = tok
            advance()
            if tok.kind == .minus, tok.range.start == alignTok.range.end, peek().kind == .identifier,
               peek().range.start == tok.range.end {
                let second = text(peek())
                let joined = text(alignTok) + second.prefix(1).uppercased() + second.dropFirst()
                error("expected-alignment", "alignments are one word", at: alignTok.range.to(peek().range),
                      help: Alignment(rawValue: joined) != nil ? "write `align \(joined)`" : "one of " + Alignment.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                return nil
            }
            return (.align(a), "align")
        case .hstack, .vstack, .zstack:
            advance()
            var spacing: Expr? = nil
            if isKeyword(.spacing) {
                advance()
                spacing = parseExpr(after: "`spacing`")
                if case .invalid = spacing! { return nil }
            }
            return (.stack(k == .hstack ? .hstack : k == .vstack ? .vstack : .zstack, spacing: spacing), "stack")
        case .fill:
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
                error("expected-color", "`\(text(bad))` is not a colour", at: bad,
                      help: "a colour is `#` and 3, 4, 6 or 8 hex digits: `#4a8`, `#44aa88`, `#44aa88cc`")
                return nil
            }
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Color.named.keys.sorted()) : nil
            error("expected-color", "expected a colour after `fill`, found \(display(tok))", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" } ?? "write `#rgb`, `#rrggbb`, `#rrggbbaa`, or a name such as `blue`")
            return nil
        case .style:
            advance()
            guard tok.kind == .identifier, let st: CornerStyle = tok.keyword == .continuous ? .continuous : tok.keyword == .circular ? .circular : nil else {
                error("expected-style", "expected `continuous` or `circular` after `style`, found \(display(tok))", at: tok.range,
                      help: "`continuous` (Apple's default) or `circular` (true quarter circles)")
                return nil
            }
            advance()
            return (.style(st), "style")
        case .role:
            advance()
            guard tok.kind == .identifier, let r = Role(rawValue: text(tok)) else {
                let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Role.allCases.map(\.rawValue)) : nil
                error("expected-role", "expected `button`, `badge` or `pill` after `role`, found \(display(tok))", at: tok.range,
                      help: s.map { "did you mean `\($0)`?" })
                return nil
            }
            advance()
            return (.role(r), "role")
        case .spacing:
            error("misplaced-keyword", "`spacing` goes right after the stack keyword", at: t.range,
                  help: "write `hstack spacing 8` (or `vstack`, `zstack`)")
            return nil
        case .top, .bottom, .leading, .trailing, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing, .center, .h, .v:
            error("misplaced-keyword", "`\(k.rawValue)` needs a keyword before it", at: t.range,
                  help: k == .h || k == .v ? "write `pad \(k.rawValue) N`" : "write `align \(k.rawValue)` or `pad \(k.rawValue) N`")
            return nil
        case .min, .max, .uniform, .fixed:
            error("misplaced-keyword", "`\(k.rawValue)` belongs to a `concentric` shape", at: t.range,
                  help: k == .fixed ? "for a fixed radius write `rect N`" : "write `concentric \(k == .uniform ? "uniform" : "min N")`")
            return nil
        case .let, .screen, .target, .margin:
            error("misplaced-statement", "`\(k.rawValue)` starts a statement of its own", at: t.range,
                  help: "put it on its own line")
            return nil
        default:
            error("unknown-keyword", "`\(k.rawValue)` cannot start an item", at: t.range,
                  help: "items are " + Self.itemKeywords.prefix(8).map { "`\($0)`" }.joined(separator: ", ") + ", …")
            return nil
        }
    }

    /// SwiftUI and CSS words a newcomer may reach for, and what to write instead.
    static let synonyms: [String: String] = [
        "padding": "`.padding(N)` is `pad N`", "inset": "insets are padding: `pad N`", "margin": "margins are padding: `pad N`",
        "frame": "`.frame(width: W, height: H)` is `size W x H`", "dimensions": "write `size W x H`",
        "radius": "a fixed radius is `rect R`", "cornerRadius": "`cornerRadius: R` is `rect R`",
        "corner": "a fixed radius is `rect R`", "rounded": "a fixed radius is `rect R`",
        "RoundedRectangle": "`RoundedRectangle(cornerRadius: R)` is `rect R`", "Rectangle": "`Rectangle()` is `rectangle`",
        "Capsule": "`Capsule()` is `capsule`", "Circle": "`Circle()` is `circle`",
        "UnevenRoundedRectangle": "`UnevenRoundedRectangle` is `uneven(topLeading, topTrailing, bottomTrailing, bottomLeading)`",
        "ConcentricRectangle": "`ConcentricRectangle()` is `concentric`; with a minimum, `concentric min M`",
        "ContainerRelativeShape": "`ContainerRelativeShape()` is `relative`",
        "containerShape": "`.containerShape(RoundedRectangle(cornerRadius: R))` is `container rect R`",
        "color": "colours are `fill #rrggbb` or `fill blue`", "background": "colours are `fill #rrggbb` or `fill blue`",
        "foregroundColor": "colours are `fill #rrggbb` or `fill blue`", "foregroundStyle": "colours are `fill #rrggbb` or `fill blue`",
        "alignment": "write `align center` (or `top`, `bottomLeading`, …)",
        "HStack": "`HStack` is `hstack`", "VStack": "`VStack` is `vstack`", "ZStack": "`ZStack` is `zstack`",
        "glassEffect": "`.glassEffect()` is `glass`", "contentShape": "`.contentShape(S)` is `hit S`",
        "clipShape": "`.clipShape(S)` is `clip S`",
        "by": "write sizes as `size W x H`", "times": "write sizes as `size W x H`",
    ]

    mutating func unknownItem(_ t: Token, first: Bool) -> (Item, String)? {
        let word = text(t)
        var help: String
        if let s = Self.synonyms[word] {
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
        error("unknown-keyword", "unknown item `\(word)`", at: t.range, help: help)
        return nil
    }

    static func isShapeKeyword(_ k: Keyword) -> Bool {
        switch k {
        case .rect, .rectangle, .capsule, .circle, .uneven, .concentric, .relative: return true
        default: return false
        }
    }

    mutating func parsePad() -> (Item, String)? {
        advance()
        var edges: [(Edge, Expr)] = []
        if !(tok.kind == .identifier && tok.keyword.map(Self.isEdge) == true) {
            if atNodeEnd || (tok.kind == .identifier && tok.keyword != nil && tok.keyword != .min && tok.keyword != .max) {
                error("missing-operand", "expected a padding after `pad`, found \(display(tok))", at: tok.range,
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

    // MARK: - Shapes

    mutating func parseShape(context: String? = nil) -> ShapeExpr? {
        guard tok.kind == .identifier, let k = tok.keyword, Self.isShapeKeyword(k) else {
            let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: ["rect", "rectangle", "capsule", "circle", "uneven", "concentric", "relative"]) : nil
            error("expected-shape", "expected a shape after \(context ?? "this"), found \(display(tok))", at: tok.range,
                  help: s.map { "did you mean `\($0)`?" } ?? "shapes are `rect R`, `uneven(a, b, c, d)`, `rectangle`, `capsule`, `circle`, `concentric`, `relative`")
            return nil
        }
        let kw = tok
        advance()
        switch k {
        case .rect:
            if atNodeEnd || (tok.kind == .identifier && tok.keyword != nil && tok.keyword != .min && tok.keyword != .max) {
                error("missing-operand", "expected a radius after `rect`", at: kw.range.to(tok.range),
                      help: "write `rect 12`, or `rectangle` for square corners")
                return nil
            }
            let e = parseExpr(after: "`rect`")
            if case .invalid = e { return nil }
            return .rect(e)
        case .uneven:
            guard tok.kind == .lparen else {
                error("expected-token", "expected `(` after `uneven`", at: tok.range,
                      help: "write `uneven(topLeading, topTrailing, bottomTrailing, bottomLeading)`, e.g. `uneven(24, 24, 0, 0)`")
                return nil
            }
            let open = tok
            guard let (radii, close) = parseArguments(in: "`uneven`", first: "`(`") else { return nil }
            guard radii.count == 4 else {
                error("wrong-radius-count", "`uneven` takes 4 radii, found \(radii.count)", at: open.range.to(close.range),
                      help: "give them clockwise from the top-leading corner: `uneven(24, 24, 0, 0)`")
                return nil
            }
            return .uneven(radii)
        case .rectangle: return .rectangle
        case .capsule: return .capsule
        case .circle: return .circle
        case .relative: return .relative
        case .concentric: return parseConcentric(kw)
        default: return nil
        }
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

    /// `concentric [min M] [uniform] [(clause, …)]` in any order.
    mutating func parseConcentric(_ kw: Token) -> ShapeExpr? {
        var minimum: Expr? = nil
        var uniform = false
        var clauses: [CornerClause] = []
        var sawClauses = false
        while true {
            if isKeyword(.min), minimum == nil, peek().kind == .lparen {
                error("ambiguous-min", "`min` after `concentric` is the minimum, not the function", at: tok.range,
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
                guard let c = parseCornerClauses() else { return nil }
                clauses = c
            } else {
                break
            }
        }
        return .concentric(base: .concentric(minimum: minimum), uniform: uniform, clauses: clauses)
    }

    static let cornerSetNames = CornerSet.allCases.map(\.rawValue)

    mutating func parseCornerClauses() -> [CornerClause]? {
        advance() // (
        skipNewlines()
        var clauses: [CornerClause] = []
        var taken: [Corner: SourceRange] = [:]
        while tok.kind != .rparen {
            let start = tok.range
            guard tok.kind == .identifier, let set = CornerSet(rawValue: text(tok)) else {
                let s = tok.kind == .identifier ? Suggest.closest(to: text(tok), among: Self.cornerSetNames) : nil
                let isMinimum = tok.kind == .identifier && (text(tok) == "minimum" || text(tok) == "min")
                error("expected-corner", "expected a corner or group of corners, found \(display(tok))", at: tok.range,
                      help: isMinimum ? "a minimum for every corner goes after the keyword: `concentric min 12`" : s.map { "did you mean `\($0)`?" } ?? "corners are `topLeading`, `topTrailing`, `bottomLeading`, `bottomTrailing`; groups are `top`, `bottom`, `leading`, `trailing`, `all`")
                skipToCloseParen()
                return nil
            }
            let setTok = tok
            advance()
            guard tok.kind == .colon else {
                error("expected-token", "expected `:` after `\(set.rawValue)`, found \(display(tok))", at: tok.range,
                      help: "write `\(set.rawValue): concentric`, `\(set.rawValue): fixed 24` or `\(set.rawValue): 24`")
                skipToCloseParen()
                return nil
            }
            advance()
            var spec: CornerSpec
            if isKeyword(.concentric) {
                advance()
                if tok.kind == .lparen {
                    error("expected-token", "a corner's style takes no parentheses", at: tok.range,
                          help: "write `\(set.rawValue): concentric min 12`; SwiftUI's `.concentric(minimum: 12)`")
                    skipToCloseParen()
                    skipToCloseParen()
                    return nil
                }
                var m: Expr? = nil
                if isKeyword(.min) {
                    advance()
                    m = parseExpr(after: "`min`")
                    if case .invalid = m! { skipToCloseParen(); return nil }
                }
                spec = .concentric(minimum: m)
            } else {
                if isKeyword(.fixed) { advance() }
                let e = parseExpr(after: "`:`")
                if case .invalid = e { skipToCloseParen(); return nil }
                spec = .fixed(e)
            }
            var uniform = false
            if isKeyword(.uniform) {
                if set.corners.count < 2 {
                    error("uniform-single-corner", "`uniform` needs a group of corners, not one", at: tok.range,
                          help: "use `top`, `bottom`, `leading`, `trailing` or `all`")
                }
                uniform = true
                advance()
            }
            let range = start.to(previous)
            for c in set.corners {
                if taken[c] != nil {
                    error("corner-specified-twice", "the \(c.name) corner is given twice", at: setTok.range,
                          help: "give each corner one style")
                    break
                }
            }
            for c in set.corners { taken[c] = range }
            clauses.append(CornerClause(set: set, spec: spec, uniform: uniform, range: range))
            skipNewlines()
            if tok.kind == .comma { advance(); skipNewlines(); continue }
            if tok.kind != .rparen {
                error("expected-token", "expected `,` or `)` after a corner, found \(display(tok))", at: tok.range)
                skipToCloseParen()
                return nil
            }
        }
        advance()
        return clauses
    }

    // MARK: - Expressions

    /// Parse an expression; on failure report `expected a value after CONTEXT`
    /// (or `missing-operand` after an operator) and return `.invalid`.
    mutating func parseExpr(after context: String, operatorToken: Token? = nil) -> Expr {
        // A token the lexer could not read was already reported: no second error.
        if tok.kind == .invalid {
            let r = tok.range
            advance()
            return .invalid(r)
        }
        if !startsExpression {
            let code = operatorToken == nil ? "expected-expression" : "missing-operand"
            error(code, "expected a value after \(context), found \(display(tok))", at: tok.range.length > 0 ? tok.range : (operatorToken?.range ?? tok.range),
                  help: tok.kind == .identifier && tok.keyword != nil ? "`\(text(tok))` is a keyword, not a value" : nil)
            return .invalid(tok.range)
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

    mutating func parseBinary(minPrecedence: Int) -> Expr {
        var lhs = parseUnary()
        if case .invalid = lhs { return lhs }
        while let prec = Self.precedence(tok.kind), prec > minPrecedence {
            let opTok = tok
            let op: Expr.BinaryOp = opTok.kind == .plus ? .add : opTok.kind == .minus ? .sub : opTok.kind == .star ? .mul : .div
            advance()
            if !startsExpression {
                error("missing-operand", "expected a value after `\(opTok.kind.rawValue)`, found \(display(tok))", at: opTok.range,
                      help: "write the right-hand side, as in `a \(opTok.kind.rawValue) 2`")
                return .invalid(opTok.range)
            }
            exprDepth += 1
            defer { exprDepth -= 1 }
            let rhs = parseBinary(minPrecedence: prec)
            if case .invalid = rhs { return rhs }
            lhs = .binary(op, lhs, rhs, lhs.range.to(rhs.range))
        }
        return lhs
    }

    mutating func parseUnary() -> Expr {
        exprDepth += 1
        defer { exprDepth -= 1 }
        if exprDepth > Self.maxExprDepth {
            error("nesting-too-deep", "expression nests deeper than \(Self.maxExprDepth) levels", at: tok.range,
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
                error("missing-operand", "expected a value after `-`, found \(display(tok))", at: t.range)
                return .invalid(t.range)
            }
            let e = parseUnary()
            if case .invalid = e { return e }
            return .negate(e, t.range.to(e.range))
        case .number:
            advance()
            if !t.number.isFinite || abs(t.number) > Self.maxNumber {
                error("number-too-large", "number \(t.number.isFinite ? Token.format(t.number) : String(decoding: [], as: UTF8.self) + "literal") is too large", at: t.range,
                      help: "numbers are points; the largest is \(Token.format(Self.maxNumber))")
                return .invalid(t.range)
            }
            return .number(t.number, t.range)
        case .lparen:
            advance()
            skipNewlines()
            if tok.kind == .rparen {
                error("expected-expression", "expected a value inside `(` `)`", at: t.range.to(tok.range))
                advance()
                return .invalid(t.range)
            }
            let inner = parseExpr(after: "`(`")
            if case .invalid = inner { skipToCloseParen(); return inner }
            skipNewlines()
            guard tok.kind == .rparen else {
                error("expected-token", "expected `)` to close `(`, found \(display(tok))", at: tok.range,
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
            error("expected-expression", "expected a value, found \(display(t))", at: t.range)
            return .invalid(t.range)
        }
    }

    /// Parentheses keep the inner tree but widen its range for diagnostics.
    func rewrap(_ e: Expr, _ r: SourceRange) -> Expr {
        switch e {
        case .number(let v, _): return .number(v, r)
        case .name(let n, _): return .name(n, r)
        case .negate(let x, _): return .negate(x, r)
        case .binary(let op, let a, let b, _): return .binary(op, a, b, r)
        case .call(let f, let a, _): return .call(f, a, r)
        case .invalid: return .invalid(r)
        }
    }

    /// `( expr, expr, … )` with the `(` as the current token; newlines may
    /// separate the values. Returns the values and the `)`, or nil after reporting.
    mutating func parseArguments(in what: String, first: String) -> ([Expr], Token)? {
        advance()
        skipNewlines()
        var args: [Expr] = []
        while tok.kind != .rparen {
            let e = parseExpr(after: args.isEmpty ? first : "`,`")
            if case .invalid = e { skipToCloseParen(); return nil }
            args.append(e)
            skipNewlines()
            if tok.kind == .comma { advance(); skipNewlines(); continue }
            if tok.kind != .rparen {
                error("expected-token", "expected `,` or `)` in \(what), found \(display(tok))", at: tok.range)
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
            error("expected-token", "expected `(` after `\(fn.rawValue)`", at: tok.range,
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range)
        }
        guard let (args, close) = parseArguments(in: "`\(fn.rawValue)(…)`", first: "`\(fn.rawValue)(`") else {
            return .invalid(t.range)
        }
        if args.count < 2 {
            error("wrong-argument-count", "`\(fn.rawValue)` takes at least 2 values, found \(args.count)", at: t.range.to(close.range),
                  help: "write `\(fn.rawValue)(a, b)`")
            return .invalid(t.range.to(close.range))
        }
        return .call(fn, args, t.range.to(close.range))
    }
}

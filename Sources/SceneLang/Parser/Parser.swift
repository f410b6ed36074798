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
    /// Statements and nodes a scene may hold (each costs about 1 KB once laid
    /// out): past it, one `too-many-nodes` error and the rest is parsed but not kept,
    /// so memory stays bounded whatever the input's size.
    public static let maxStatements = 2_000_000
    var statementCount = 0
    var statementLimit = Parser.maxStatements
    public static let maxExprDepth = 200
    /// Largest magnitude a literal may have; anything larger is a mistake.
    public static let maxNumber = 1_000_000.0

    public struct Result: Sendable {
        public var scene: Scene
        public var diagnostics: [Diagnostic]
        public var file: SourceFile
        /// The tokens, lexed again on demand (they are not kept after parsing).
        public var tokens: [Token] { Lexer.tokenize(file).tokens }

        public init(scene: Scene, diagnostics: [Diagnostic], file: SourceFile) {
            self.scene = scene; self.diagnostics = diagnostics; self.file = file
        }
    }

    /// Tokens are pulled from the lexer as needed, never stored as a whole:
    /// `tok` is the current one, `ahead` holds what `peek` has looked at.
    var lexer: Lexer
    var tok: Token
    var ahead: Token? = nil
    /// The range of the last consumed token.
    var previous = SourceRange.empty
    /// How many tokens have been consumed (to make sure every loop advances).
    var p = 0
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []
    var reportedUnterminated = false
    /// Every block's `<` and the `>` that closed it, to blame an unclosed block by indentation.
    var closedBlocks: [ClosedBlock] = []
    var exprDepth = 0
    /// Expressions being read, as flat steps (Parser+Expressions.swift), and a
    /// `concentric` shape's clauses being read (their values runs of `steps`).
    var steps: [FlatStep] = []
    var flatClauses: [FlatClause] = []
    /// Where node and item lists are built (see `MoveStack`).
    let nodeStack = MoveStack<Node>()
    /// Items read before, by the text they were read from (Parser+LineMemo.swift).
    let lineMemo = LineMemo()
    let itemArena: ItemArena
    /// `itemArena.exprs`, which numbers the names read (`parseUnary`), called
    /// without a reference count taken and dropped around each name: the arena
    /// keeps it for the parser's life.
    let nameStore: Unmanaged<ExprStore>
    /// The source's line starts, as `SourceFile` found them (for the helps that read lines).
    let lineStarts: LineStarts

    init(file: SourceFile) {
        lexer = Lexer(file)
        tok = lexer.next()
        bytes = file.bytes
        lineStarts = file.lineStarts
        itemArena = ItemArena(sourceBytes: file.bytes.count)
        nameStore = Unmanaged.passUnretained(itemArena.exprs)
    }

    /// `maxStatements` is lowered only by tests of the limit.
    public static func parse(_ file: SourceFile, maxStatements: Int = Parser.maxStatements) -> Result {
        parse(file, maxStatements: maxStatements, lineMemo: true).result
    }

    /// `parse`, with the line memo on or off (Parser+LineMemo.swift), and how many
    /// nodes' items it copied (`LineMemoTests` reads both ways).
    static func parse(_ file: SourceFile, maxStatements: Int = Parser.maxStatements, lineMemo: Bool) -> (result: Result, replays: Int) {
        var parser = Parser(file: file)
        parser.lineMemo.on = lineMemo
        parser.statementLimit = maxStatements
        let scene = parser.parseScene()
        // One count for what the lexer and the parser left unreported.
        let suppressed = parser.suppressed + parser.lexer.suppressed
        if suppressed > 0 {
            parser.diagnostics.append(Diagnostic(.tooManyErrors,
                "\(suppressed) more syntax errors not reported", at: SourceRange(file.bytes.count, file.bytes.count),
                help: "fix the errors above first"))
        }
        // Lexer and parser findings, in source order.
        let all = (parser.lexer.diagnostics + parser.diagnostics).enumerated()
            .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
            .map(\.element)
        return (Result(scene: scene, diagnostics: all, file: file), parser.lineMemo.replays)
    }

    /// Whether one more statement or node fits under `maxStatements` (reported once when not).
    mutating func admit(at range: SourceRange) -> Bool {
        statementCount += 1
        if statementCount <= statementLimit { return true }
        if statementCount == statementLimit + 1 {
            diagnostics.append(Diagnostic(.tooManyNodes, "the scene has more than \(statementLimit) statements and nodes",
                                          at: range, help: "split it into several files; the rest of this one is not read"))
        }
        return false
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
        if let t = ahead { return t }
        let t = tok.kind == .eof ? tok : lexer.next()
        ahead = t
        return t
    }
    mutating func advance() {
        guard tok.kind != .eof else { return }
        previous = tok.range
        p += 1
        if let t = ahead { tok = t; ahead = nil } else { tok = lexer.next() }
    }
    // The token tests below are inlined wherever they are asked (`@inline(__always)`):
    // called from a mutating method, a plain non-mutating one was handed a copy of the
    // whole parser, 208 bytes copied for each question about the current token.
    @inline(__always) var atSeparator: Bool { tok.kind == .newline || tok.kind == .semicolon }
    @inline(__always) var atNodeEnd: Bool {
        switch tok.kind {
        case .newline, .semicolon, .eof, .less, .greater: return true
        default: return false
        }
    }
    @inline(__always) func isKeyword(_ k: Keyword) -> Bool { tok.kind == .identifier && tok.keyword == k }
    /// The `x` between a width and a height (not reserved: `x` may still name a value).
    @inline(__always) func isCrossWord(_ t: Token) -> Bool {
        t.kind == .identifier && t.range.length == 1 && bytes[t.range.start] == UInt8(ascii: "x")
    }
    mutating func skipInvalid() { while tok.kind == .invalid { advance() } }
    mutating func skipNewlines() { while tok.kind == .newline || tok.kind == .invalid { advance() } }
    mutating func skipSeparators() { while atSeparator || (tok.kind == .invalid && peek().kind != .colon) { advance() } }

    /// Past this many errors the parser only counts them (a file of a million
    /// stray `>` must not become a million diagnostics).
    public static let maxErrors = 1000
    var suppressed = 0
    /// The source's lines (`sourceLines()`), made at the first help that reads them and kept:
    /// a file of many stray `>` asks for them for each one.
    var lineTable: [(start: Int, end: Int, indent: Int, blank: Bool)]? = nil

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) {
        // The lexer already reported the token it could not read: no second error.
        if tok.kind == .invalid, range == tok.range { return }
        if diagnostics.count >= Self.maxErrors { suppressed += 1; return }
        diagnostics.append(Diagnostic(code, message, at: range, help: help))
    }

    /// Skip to the end of the current statement, leaving `<`, `>` and separators in place.
    mutating func recover() {
        while !atNodeEnd { advance() }
    }
}

import SceneLang
import SceneEval
import SceneREPL

/// How LSP positions count characters within a line: UTF-16 code units (the
/// protocol's default) or UTF-8 bytes (when the client offers it).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16", utf8 = "utf-8"
}

/// One open document: its text, and what the pipeline made of it (computed
/// when first asked for after a change, so a burst of edits costs one run).
final class Document {
    let uri: String
    var version: Int
    private(set) var file: SourceFile
    private var cached: Analysis?
    /// Re-evaluates only what changed since the last analysis (TextCompiler).
    private var compiler = TextCompiler()

    /// Swift source: read by the Swift reader, not the scene pipeline.
    let isSwift: Bool
    /// The Swift reader's findings for this version of the text.
    var swiftDiagnostics: [Diagnostic]?

    init(uri: String, version: Int, text: String, swift: Bool = false) {
        self.uri = uri
        self.version = version
        self.isSwift = swift
        self.file = SourceFile(name: Document.displayName(uri), text: text)
    }

    func replace(text: String, version: Int) {
        self.version = version
        file = SourceFile(name: file.name, text: text)
        cached = nil
        pull = nil
        swiftDiagnostics = nil
    }

    /// The last pulled list of diagnostics as JSON bytes, and its result id.
    private var pull: (encoding: PositionEncoding, items: [UInt8], id: String)?

    /// The diagnostics `write` gives, as pulled (`textDocument/diagnostic`): written once
    /// per version of the text, named by a hash of their bytes (FNV-1a, 64 bits), so an
    /// edit that leaves the list as it was gives the same id.
    func pulled(_ encoding: PositionEncoding, _ write: () -> [UInt8]) -> (items: [UInt8], id: String) {
        if let pull, pull.encoding == encoding { return (pull.items, pull.id) }
        let items = write()
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in items { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let id = String(h, radix: 16)
        pull = (encoding, items, id)
        return (items, id)
    }

    var isStale: Bool { cached == nil }

    var analysis: Analysis {
        if let cached { return cached }
        let a = Analysis(file, compiler: &compiler)
        cached = a
        return a
    }

    static func displayName(_ uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        return String(uri.dropFirst(7)).removingPercentEncodingLite
    }

    // MARK: - Positions

    /// The LSP position (0-based line, character in `encoding`) of a byte offset.
    func position(_ offset: Int, _ encoding: PositionEncoding) -> JSON {
        let (line, ch) = lineAndCharacter(offset, encoding)
        return ["line": JSON(line), "character": JSON(ch)]
    }

    /// The same as two numbers (what the publish writer writes straight out).
    func lineAndCharacter(_ offset: Int, _ encoding: PositionEncoding) -> (Int, Int) {
        let offset = max(0, min(offset, file.bytes.count))
        var lo = 0, hi = file.lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if file.lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var ch = 0
        var i = file.lineStarts[lo]
        while i < offset {
            let n = SourceFile.utf8SequenceLength(file.bytes, at: i)
            ch += encoding == .utf8 ? n : (n == 4 ? 2 : 1)
            i += n
        }
        return (lo, ch)
    }

    func range(_ r: SourceRange, _ encoding: PositionEncoding) -> JSON {
        ["start": position(r.start, encoding), "end": position(r.end, encoding)]
    }

    /// The byte offset of an LSP position, clamped into the document (a
    /// character past the end of its line is the line's end).
    func offset(_ position: JSON?, _ encoding: PositionEncoding) -> Int? {
        guard let line = position?["line"]?.int, let character = position?["character"]?.int else { return nil }
        guard line >= 0 else { return 0 }
        guard line < file.lineStarts.count else { return file.bytes.count }
        let lineRange = file.lineRange(line + 1)
        // From the line's first byte: a byte order mark counts as the editor counts it.
        var i = file.lineStarts[line], ch = 0
        while i < lineRange.upperBound, ch < character {
            let n = SourceFile.utf8SequenceLength(file.bytes, at: i)
            ch += encoding == .utf8 ? n : (n == 4 ? 2 : 1)
            i += n
        }
        return i
    }

    /// The whole document as an LSP range.
    func fullRange(_ encoding: PositionEncoding) -> JSON { range(SourceRange(0, file.bytes.count), encoding) }
}

/// The pipeline's results for one version of a document.
struct Analysis {
    let compilation: Compilation
    /// Lexer, parser, evaluator and checker diagnostics, as `scene check` reports them;
    /// each built when it is read (a publish reads at most `Server.publishLimit`).
    let diagnostics: DiagnosticList
    let tokens: [Token]
    /// Every node in document order, with where its line of items ends.
    let nodes: [NodeInfo]
    /// `let` bindings as written.
    let bindings: [(name: Identifier, value: Expr, range: SourceRange)]
    /// Name → where it is declared: the first `let` of it, else the first node
    /// labelled so (`declaration(of:)`, asked for each name every diagnostic mentions).
    let declarations: [String: SourceRange]

    init(_ file: SourceFile, compiler: inout TextCompiler) {
        let c = compiler.compile(file)
        compilation = c
        diagnostics = Self.diagnostics(of: c, &compiler)
        tokens = Lexer.tokenize(file).tokens
        var shapeAt: [Int: Int] = [:]
        for (i, s) in (c.scene?.shapes ?? []).enumerated() { shapeAt[s.range.start] = i }
        var nodes: [NodeInfo] = []
        var bindings: [(Identifier, Expr, SourceRange)] = []
        for s in c.parse.scene.statements {
            switch s {
            case .node(let n): NodeInfo.collect(n, parent: nil, shapeAt: shapeAt, into: &nodes)
            case .binding(let name, let value, let range): bindings.append((name, value, range))
            default: break
            }
        }
        self.nodes = nodes
        self.bindings = bindings
        var declarations: [String: SourceRange] = [:]
        for n in nodes { if let l = n.node.label, declarations[l.name] == nil { declarations[l.name] = l.range } }
        for b in bindings.reversed() { declarations[b.0.name] = b.0.range }
        self.declarations = declarations
    }

    var scene: ResolvedScene? { compilation.scene }

    /// `c`'s diagnostics, then the checker's findings when it compiled (the
    /// compiler's findings hold both): the checker re-checks only the
    /// top-level nodes the change touched (Check/Incremental.swift).
    static func diagnostics(of c: Compilation, _ compiler: inout TextCompiler) -> DiagnosticList {
        c.scene == nil ? DiagnosticList(built: c.diagnostics) : DiagnosticList(findings: compiler.findings(c))
    }
    var ast: Scene { compilation.parse.scene }

    /// The token at or just before `offset` (the one a cursor at its end touches).
    func token(at offset: Int) -> Token? {
        var lo = 0, hi = tokens.count - 1
        var found: Token? = nil
        while lo <= hi {
            let mid = (lo + hi) / 2
            let t = tokens[mid]
            if t.range.start <= offset { found = t; lo = mid + 1 } else { hi = mid - 1 }
        }
        guard let t = found, t.kind != .eof, t.kind != .newline, offset <= t.range.end else { return nil }
        return t
    }
}

/// A document's diagnostics: built already (a compilation's errors), or the checker's
/// findings, each built when it is read.
struct DiagnosticList: RandomAccessCollection {
    private let built: [Diagnostic]
    private let findings: Findings?

    init(built: [Diagnostic]) { self.built = built; findings = nil }
    init(findings: Findings) { built = []; self.findings = findings }

    var startIndex: Int { 0 }
    var endIndex: Int { findings?.count ?? built.count }
    subscript(i: Int) -> Diagnostic { findings?[i] ?? built[i] }

    /// Its severity, without building it.
    func severity(at i: Int) -> Diagnostic.Severity { findings?.code(at: i).severity ?? built[i].severity }
    /// Where it points, without building it.
    func range(at i: Int) -> SourceRange { findings?.range(at: i) ?? built[i].range }
}

extension String {
    /// `%20` and friends in a file URI, decoded (invalid escapes left as written).
    var removingPercentEncodingLite: String {
        var out = [UInt8]()
        let b = Array(utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let v = UInt8(String(decoding: b[i + 1...i + 2], as: UTF8.self), radix: 16) {
                out.append(v)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

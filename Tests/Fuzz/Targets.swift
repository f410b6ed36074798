// One function per pipeline stage; scripts/fuzz runs each as its own libFuzzer
// process ($FUZZ_TARGET), so a cheap stage is not slowed by the expensive ones.
import Foundation
import SceneLang
import SceneEval
import SceneREPL

enum Targets {
    static let all: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> Void] = [
        "lex": lex, "parse": parse, "eval": eval, "check": check, "write": write, "repl": repl, "gen": gen,
        "swift": swift,
    ]

    /// A scratch folder for the REPL's files, made the working directory so a
    /// fuzzed `:svg` or `:save` can only write there.
    nonisolated(unsafe) static var scratch = ""

    static func prepare() {
        let dir = NSTemporaryDirectory() + "scene-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        scratch = dir
        _ = FileManager.default.changeCurrentDirectoryPath(dir)
        atexit { try? FileManager.default.removeItem(atPath: Targets.scratch) }
    }

    static func file(_ data: UnsafeBufferPointer<UInt8>) -> SourceFile {
        SourceFile(name: "fuzz.scene", bytes: Array(data))
    }

    // MARK: - lexer: tokens tile the input; `scene tokens` positions match the line table

    static func lex(_ data: UnsafeBufferPointer<UInt8>) {
        let f = file(data)
        let (tokens, diagnostics) = Lexer.tokenize(f)
        require(tokens.last?.kind == .eof && tokens.last?.range.start == f.bytes.count, "no eof at the end")
        var end = 0
        for t in tokens {
            require(t.range.start >= end && t.range.end <= f.bytes.count, "token \(t) overlaps or leaves the input")
            require(t.range.length > 0 || t.kind == .eof, "empty token \(t)")
            end = t.range.end
        }
        for d in diagnostics { require(d.range.end <= f.bytes.count, "diagnostic outside the input") }
        // Positions computed in one pass equal the line table's (on small inputs: the
        // lexer alone is what makes this target fast).
        if f.bytes.count < 300 {
            let dump = Dump.tokens(tokens, in: f)
            var lines = dump.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
            for t in tokens {
                let loc = f.location(of: t.range.start)
                let line = lines.next() ?? ""
                require(line.hasPrefix("\(loc.line):\(loc.column) "), "dump says \(line), line table \(loc)")
            }
        }
    }

    // MARK: - parser: diagnostics inside the input, rendered; the AST dumps

    static func parse(_ data: UnsafeBufferPointer<UInt8>) {
        let f = file(data)
        let r = Parser.parse(f)
        for d in r.diagnostics { require(d.range.start <= d.range.end && d.range.end <= f.bytes.count, "diagnostic range") }
        // Rendering and dumping cost more than parsing: a sample keeps the target fast.
        _ = DiagnosticRenderer().render(Array(r.diagnostics.prefix(3)), in: f)
        if f.bytes.count < 600 { _ = Dump.scene(r.scene, in: f) }
    }

    // MARK: - evaluator: every radius in [0, half the shorter side], frames finite

    static func eval(_ data: UnsafeBufferPointer<UInt8>) { evaluate(file(data)) }

    @discardableResult
    static func evaluate(_ f: SourceFile) -> Compilation {
        let c = Pipeline.compile(f)
        require((c.scene == nil) == c.diagnostics.hasErrors, "a scene exactly when there are no errors")
        _ = DiagnosticRenderer().render(c.diagnostics, in: f)
        if let s = c.scene {
            Validate.scene(s)
            for i in s.shapes.indices.prefix(64) { _ = s.reasons(for: i) }
            if s.target == .ios26 {
                let old = Pipeline.compile(f, target: .ios18)
                if let o = old.scene { Validate.scene(o) }
            }
        }
        return c
    }

    // MARK: - checker and fixer: a fix parses, checks again, and is a fixed point

    static func check(_ data: UnsafeBufferPointer<UInt8>) { checkAndFix(file(data)) }

    /// `compiled`: the file's compilation when the caller has it (gen), so it is not compiled again.
    static func checkAndFix(_ f: SourceFile, compiled: Compilation? = nil) {
        let c = compiled ?? Pipeline.compile(f)
        guard let s = c.scene else { return }
        let findings = c.check()
        _ = DiagnosticRenderer().render(findings, in: f)
        _ = JSONWriter.write(s, diagnostics: findings, file: f)
        guard f.bytes.count < 64_000 else { return }
        let first = Fixer.run(f)
        guard let text = first.text else { return }
        require(first.applied > 0, "a fix with no edits")
        let fixed = SourceFile(name: f.name, text: text)
        let again = Pipeline.compile(fixed)
        require(again.scene != nil, "the fixed scene does not compile:\n\(DiagnosticRenderer().render(again.diagnostics, in: fixed))")
        _ = again.check()
        // Stopped at `Fixer.maxRounds`, each round changing the text (a chain of
        // containers deeper than that, each round settling one more level, as
        // `scene check --fix` says: "stopped after 32 rounds, still changing"):
        // fixing again goes on by design. Settled or a cycle, it is a fixed point.
        guard first.stop != .limit else { return }
        let second = Fixer.fixAll(fixed)
        require(second.text == nil, "fixing twice changed the text again:\n--- once\n\(text)\n--- twice\n\(second.text ?? "")")
    }

    // MARK: - writers: SVG well-formed, JSON parseable, no NaN or infinity

    static func write(_ data: UnsafeBufferPointer<UInt8>) { writeAll(file(data)) }

    static func writeAll(_ f: SourceFile, compiled: Compilation? = nil) {
        let c = compiled ?? Pipeline.compile(f)
        let json = Array(JSONWriter.write(c.scene, diagnostics: c.diagnostics, file: f).utf8)
        if let e = Validate.json(json) { require(false, "JSON: \(e)") }
        guard let s = c.scene else { return }
        _ = TextWriter.write(s)
        let svg = SVGWriter.bytes(s, options: SVGOptions(centers: true, labels: true))
        if let e = Validate.xml(svg) { require(false, "SVG: \(e)") }
        if s.shapes.count < 2_000, let old = Pipeline.compile(f, target: .ios18).scene {
            let both = SVGWriter.bytes(s, compare: old)
            if let e = Validate.xml(both) { require(false, "SVG --compare: \(e)") }
        }
    }

    // MARK: - the generator: grammar-shaped scenes through every stage

    static func gen(_ data: UnsafeBufferPointer<UInt8>) {
        let text = SceneGenerator.scene(from: data)
        let f = SourceFile(name: "gen.scene", text: text)
        let c = evaluate(f)
        _ = Dump.scene(c.parse.scene, in: f)
        guard c.scene != nil else { return }
        if f.bytes.count < 20_000 { checkAndFix(f, compiled: c) }
        writeAll(f, compiled: c)
    }

    // MARK: - the REPL session engine: random lines and commands

    static let fileCommands: Set<String> = ["load", "save", "svg"]

    static func repl(_ data: UnsafeBufferPointer<UInt8>) {
        let f = file(data)
        // The input itself is a file `:load` may read.
        try? Data(data).write(to: URL(fileURLWithPath: scratch + "/in.scene"))
        var settings = Shell.Settings(color: false, columns: 80, rows: 24, stateDirectory: scratch + "/state")
        settings.interactive = false
        var shell = Shell(settings: settings)
        let text = String(decoding: f.bytes, as: UTF8.self)
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if n > 40 { break }
            let reply = shell.handle(sandboxed(String(raw)))
            if reply.quit { break }
            if !shell.session.isEmpty { Validate.scene(shell.session.scene) }
        }
        _ = shell.session.text
    }

    /// File arguments of `:load`, `:save`, `:svg` become one of three names in the scratch folder.
    static func sandboxed(_ line: String) -> String {
        let t = line.drop { $0 == " " || $0 == "\t" }
        guard t.hasPrefix(":") else { return line }
        let words = t.dropFirst().split(separator: " ")
        guard let cmd = words.first, fileCommands.contains(String(cmd)) else { return line }
        let args = words.dropFirst().map { w -> String in
            w.hasPrefix("--") || w == "ios18" ? String(w) : ["in.scene", "out.scene", "out.svg"][w.utf8.count % 3]
        }
        return ":" + ([String(cmd)] + args).joined(separator: " ")
    }
}

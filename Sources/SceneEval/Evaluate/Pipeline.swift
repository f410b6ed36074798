import SceneLang

/// The whole front half in one call: source → tokens → AST → resolved scene.
/// Stops after the first stage that reports errors (the later stage's output
/// would only repeat them), so `scene` is nil exactly when there are errors.
public struct Compilation: Sendable {
    public var file: SourceFile
    public var parse: Parser.Result
    public var scene: ResolvedScene?
    /// Lexer, parser and evaluator diagnostics, in that order.
    public var diagnostics: [Diagnostic]

    /// For a compilation put together from parts (the REPL's incremental re-evaluation).
    public init(file: SourceFile, parse: Parser.Result, scene: ResolvedScene?, diagnostics: [Diagnostic]) {
        self.file = file; self.parse = parse; self.scene = scene; self.diagnostics = diagnostics
    }
}

extension Compilation {
    /// The checker's findings on the compiled scene; none when it did not compile.
    public func check() -> [Diagnostic] {
        guard let scene else { return [] }
        return Checker.check(scene, ast: parse.scene, file: file)
    }

    /// Every diagnostic `scene` reports (this compilation's, then the checker's
    /// findings when it compiled), each finding built when it is read: for a
    /// report that shows some and counts the rest.
    public func checked() -> Findings {
        guard let scene else { return Findings(leading: diagnostics, records: [], context: nil) }
        return Checker.findings(scene, ast: parse.scene, file: file, after: diagnostics)
    }
}

public enum Pipeline {
    /// Compile, then check: the compilation, and every diagnostic in the order
    /// `scene` reports them (lexer, parser, evaluator, then the checker's findings
    /// when the scene compiled).
    public static func compileAndCheck(_ file: SourceFile, target: Target? = nil)
        -> (compilation: Compilation, diagnostics: [Diagnostic]) {
        let c = compile(file, target: target)
        return (c, c.diagnostics + c.check())
    }


    /// `--compare`: the scene for iOS 26 (macOS 26) whatever its own target, and
    /// for `fallback`, each on its own release's display: on a Mac window the
    /// fallback's window has macOS 15's radius (`ScreenPreset.macOS15Window`).
    /// `style` is how the fallback draws concentric shapes (`--fallback`).
    public static func comparison(_ file: SourceFile, fallback: Target, style: FallbackStyle = .minimum)
        -> (current: ResolvedScene?, fallback: ResolvedScene?) {
        (compile(file, target: .ios26).scene,
         fallback == .ios18 ? before26(file, style: style).scene : compile(file, target: fallback, fallback: style).scene)
    }

    /// The scene as the release before 26 draws it under `style`, on that release's display (a
    /// Mac window at macOS 15's radius): `--compare ios18`'s panel and the SwiftUI export's
    /// `#available` fallback, one resolution, so the picture is what the code draws.
    public static func before26(_ file: SourceFile, style: FallbackStyle) -> Compilation {
        compile(file, target: .ios18, olderWindow: true, fallback: style)
    }

    /// `fallback`: how concentric shapes are drawn when the target is `ios18` (`--fallback`).
    public static func compile(_ file: SourceFile, target: Target? = nil, olderWindow: Bool = false,
                               fallback: FallbackStyle = .minimum) -> Compilation {
        let parsed = Parser.parse(file)
        if parsed.diagnostics.hasErrors {
            return Compilation(file: file, parse: parsed, scene: nil, diagnostics: parsed.diagnostics)
        }
        let evaluation = Evaluator.evaluate(parsed.scene, file: file, target: target, olderWindow: olderWindow,
                                            fallback: fallback)
        let all = parsed.diagnostics + evaluation.diagnostics
        return Compilation(file: file, parse: parsed, scene: all.hasErrors ? nil : evaluation.scene, diagnostics: all)
    }
}

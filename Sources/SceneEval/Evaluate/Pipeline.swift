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
}

public enum Pipeline {
    public static func compile(_ file: SourceFile, target: Target? = nil) -> Compilation {
        let parsed = Parser.parse(file)
        if parsed.diagnostics.hasErrors {
            return Compilation(file: file, parse: parsed, scene: nil, diagnostics: parsed.diagnostics)
        }
        let evaluation = Evaluator.evaluate(parsed.scene, file: file, target: target)
        let all = parsed.diagnostics + evaluation.diagnostics
        return Compilation(file: file, parse: parsed, scene: all.hasErrors ? nil : evaluation.scene, diagnostics: all)
    }
}

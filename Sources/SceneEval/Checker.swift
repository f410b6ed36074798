import SceneLang

/// The seed's checklist as lint rules (issue 4 fills in the rules).
public enum Checker {
    public static func check(_ scene: ResolvedScene, ast: Scene, file: SourceFile) -> [Diagnostic] { [] }
}

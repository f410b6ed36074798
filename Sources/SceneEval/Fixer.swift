import SceneLang

/// `scene check --fix` (issue 4 adds the mechanical fixes).
public enum Fixer {
    public static func fixAll(_ file: SourceFile) -> (text: String?, applied: Int) { (nil, 0) }
}

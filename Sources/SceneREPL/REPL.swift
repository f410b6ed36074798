import SceneLang
import SceneEval

/// Entry point of `scene-repl` and `scene repl` (issue 5 builds the REPL).
public enum REPLMain {
    public static func run(arguments: [String]) -> Int32 {
        Console.err("scene-repl: not built yet\n")
        return 70
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The package root, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Compile source text; errors are returned, not thrown.
func compile(_ text: String, name: String = "test.scene") -> Compilation {
    Pipeline.compile(SourceFile(name: name, text: text))
}

/// Compile, expecting success, and return the resolved scene.
func resolve(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ResolvedScene? {
    let c = compile(text)
    #expect(!c.diagnostics.hasErrors, "unexpected errors: \(c.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return c.scene
}

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

/// Whether golden files are being re-recorded (`SCENE_RECORD=1 swift test`).
let recording = ProcessInfo.processInfo.environment["SCENE_RECORD"] == "1"

/// Compare `actual` with the golden file at `url`; with SCENE_RECORD=1, write it
/// and fail, so a re-record never passes silently.
func assertGolden(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if recording {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("re-recorded \(url.lastPathComponent); run again without SCENE_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden \(url.path); record it with SCENE_RECORD=1 swift test", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "differs from \(url.lastPathComponent)", sourceLocation: sourceLocation)
}

import Foundation
import Testing

/// `scene check --fix` as a user meets it: what it says when it cannot fix.
struct CheckFixCLITests {
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkfix-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A file that does not parse: its errors and "nothing fixed", not "the next
    /// fixes would break the scene" (no fix was tried). The file is left as it was.
    @Test func aFileThatDoesNotParseShowsItsErrorsAndNothingFixed() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.scene")
        let text = "card: rect 20 size 100x100 <\n  a: rect 4 pad 8 (\n>\n"
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", bad.path])
        #expect(r.status == 65)
        #expect(r.err.hasPrefix("\(bad.path): nothing fixed: the scene has errors (below); --fix needs a scene that compiles\n"), "\(r.err)")
        #expect(!r.err.contains("would break"), "\(r.err)")
        #expect(r.err.contains("bad.scene:2:19: error[unexpected-token]: unexpected `(` in a node"), "\(r.err)")
        #expect(r.err.hasSuffix("0 warnings, 1 error in 1 file\n"), "\(r.err)")
        #expect(try String(contentsOf: bad, encoding: .utf8) == text)
    }
}

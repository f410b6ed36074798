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

    /// A file with no findings: "nothing to fix", not "no fix changed the file" (which
    /// reads as fixes that failed); the file is not rewritten. One with a finding that
    /// has no automatic fix still says no fix changed it, and what is left.
    @Test func aCleanFileSaysThereIsNothingToFix() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clean = dir.appendingPathComponent("clean.scene")
        let text = "screen 400x400 radius 0\ncard: container rect 20 size 200x100 <\n  photo: concentric min 8 pad 12\n>\n"
        try text.write(to: clean, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", clean.path])
        #expect(r.status == 0)
        #expect(r.err == "\(clean.path): nothing to fix: no findings\n0 warnings, 0 errors in 1 file\n", "\(r.err)")
        #expect(try String(contentsOf: clean, encoding: .utf8) == text)
        let left = dir.appendingPathComponent("left.scene")
        try "screen 400x400 radius 0\npanel: container rect 12 size 300x300 <\n  tile: rect 20 size 100x100\n>\n"
            .write(to: left, atomically: true, encoding: .utf8)
        let s = try CLI.run(["check", "--fix", left.path])
        #expect(s.err.hasPrefix("\(left.path): no fix changed the file; 1 left without an automatic fix: radius-inversion at 3:9\n"), "\(s.err)")
    }
}

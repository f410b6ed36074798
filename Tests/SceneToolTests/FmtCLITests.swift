import Foundation
import Testing

/// `scene fmt` as a user runs it: files rewritten whole, `--check`, `-`,
/// directories, and refusal of a scene that does not parse.
struct FmtCLITests {
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fmt-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func examplesAreFormatted() throws {
        let r = try CLI.run(["fmt", "--check", "examples"])
        #expect(r.status == 0, "unformatted: \(r.out)\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func checkListsUnformattedFilesAndExits1() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let messy = dir.appendingPathComponent("messy.scene"), tidy = dir.appendingPathComponent("tidy.scene")
        try "a:rect 4 < b: capsule >\n".write(to: messy, atomically: true, encoding: .utf8)
        try "a: rect 4 <\n  b: capsule\n>\n".write(to: tidy, atomically: true, encoding: .utf8)
        let r = try CLI.run(["fmt", "--check", messy.path, tidy.path])
        #expect(r.status == 1)
        #expect(r.out == messy.path + "\n")
        // --check writes nothing.
        #expect(try String(contentsOf: messy, encoding: .utf8) == "a:rect 4 < b: capsule >\n")
        let w = try CLI.run(["fmt", dir.path])
        #expect(w.status == 0, "\(w.err)")
        #expect(try String(contentsOf: messy, encoding: .utf8) == "a: rect 4 <\n  b: capsule\n>\n")
        #expect(try CLI.run(["fmt", "--check", dir.path]).status == 0)
    }

    @Test func standardInputToStandardOutput() throws {
        let r = try CLI.run(["fmt", "-"], stdin: "let  a=1;x: rect a\n")
        #expect(r.status == 0)
        #expect(r.out == "let a = 1\nx: rect a\n")
        let c = try CLI.run(["fmt", "--check", "-"], stdin: "let  a=1\n")
        #expect(c.status == 1)
        #expect(c.out == "<stdin>\n")
    }

    @Test func refusesAFileThatDoesNotParseAndWritesNothing() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.scene"), good = dir.appendingPathComponent("good.scene")
        let badText = "a:  rect (4\n"
        try badText.write(to: bad, atomically: true, encoding: .utf8)
        try "a:rect 4\n".write(to: good, atomically: true, encoding: .utf8)
        let r = try CLI.run(["fmt", bad.path, good.path])
        #expect(r.status == 65)
        #expect(r.err.contains("error["))
        #expect(r.err.contains("bad.scene: not formatted"))
        #expect(try String(contentsOf: bad, encoding: .utf8) == badText)
        // The other file is still formatted; no temporary files are left behind.
        #expect(try String(contentsOf: good, encoding: .utf8) == "a: rect 4\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.scene", "good.scene"])
        let stdin = try CLI.run(["fmt", "-"], stdin: "x: rect 12pt\n")
        #expect(stdin.status == 65)
        #expect(stdin.out.isEmpty)
    }

    @Test func usageErrors() throws {
        #expect(try CLI.run(["fmt"]).status == 64)
        #expect(try CLI.run(["fmt", "--bogus", "x.scene"]).status == 64)
        #expect(try CLI.run(["fmt", "/nonexistent/x.scene"]).status == 66)
    }
}

import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// Issue 14 §2: a loaded file keeps its exact text through load, edits and
/// save (except the statements edited), and every line:column the REPL
/// reports is the file's. Before this change the REPL dropped blank lines on
/// load: `:check` on the map example said 23:11 for what is at 25:11, and
/// `:save` wrote the file without its blank lines.
@Suite struct REPLExactTextTests {
    static let root = CLI.root

    /// Blank lines, indented statements, `;` separators, trailing blanks,
    /// comments between comments, a comment at the end.
    static let tricky = "  \n# head\n\n# more\nlet a = 1 ;  let b = 2   # two\n\n\n# card\n  card: rect a container rect a size 100x100 <\n\n    x: concentric min b pad 4   \n>\n\n# end\n"

    static func load(_ text: String, name: String = "f.scene") -> Session? {
        guard case .accepted(let s, _) = Session().replacingAll(with: SourceFile(name: name, text: text), what: ":load") else { return nil }
        return s
    }

    static func accept(_ s: Session, _ input: String) -> Session? {
        guard case .accepted(let t, _) = s.applying(input) else { return nil }
        return t
    }

    @Test func loadingKeepsEveryExampleByteForByte() throws {
        let dirs = ["examples", "examples/lint"]
        var count = 0
        for dir in dirs {
            let url = Self.root.appendingPathComponent(dir)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".scene") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                guard let s = Self.load(text, name: name) else { continue }   // (a lint example may not compile)
                #expect(s.text == text, "\(dir)/\(name) changed on load")
                count += 1
            }
        }
        #expect(count >= 10)
        #expect(Self.load(Self.tricky)?.text == Self.tricky)
    }

    @Test func findingsPointAtTheFilesLines() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)
        let s = try #require(Self.load(text, name: "Tests/Fixtures/check/map-too-tight.scene"))
        let tight = try #require(s.findings.first { $0.code == "container-too-tight" })
        let at = s.file.location(of: tight.range.start)
        #expect((at.line, at.column) == (25, 11))
    }

    @Test func theShellsCheckSaysWhatSceneCheckSays() throws {
        let path = Self.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene").path
        var sh = Shell(settings: Shell.Settings(color: false, columns: 100, stateDirectory: "/nonexistent/state"))
        _ = sh.handle(":load \(path)")
        let r = sh.handle(":check")
        #expect((r.out + r.err).contains("\(path):25:11: warning[container-too-tight]"), "\(r.out + r.err)")
        #expect(!(r.out + r.err).contains(":23:11"))
    }

    @Test func anEditChangesOnlyItsStatement() throws {
        let s = try #require(Self.load(Self.tricky))
        let t = try #require(Self.accept(s, "let b = 6"))
        #expect(t.text == Self.tricky.replacingOccurrences(of: "let b = 2   # two", with: "let b = 6"))
        // A nested node replaced in place; the rest stays, blank line inside the block included.
        let u = try #require(Self.accept(t, "x: concentric min 8 pad 4"))
        #expect(u.text == t.text.replacingOccurrences(of: "x: concentric min b pad 4", with: "x: concentric min 8 pad 4"))
        // Undo gives the exact text back.
        #expect(u.undoing()?.0.text == t.text)
    }

    @Test func addingAndDeletingKeepTheRest() throws {
        let s = try #require(Self.load(Self.tricky))
        let added = try #require(Self.accept(s, "y: rect 4 size 10x10"))
        #expect(added.text == Self.tricky.replacingOccurrences(of: ">\n\n# end\n", with: ">\ny: rect 4 size 10x10\n\n# end\n"))
        let setting = try #require(Self.accept(s, "let c = 3"))
        #expect(setting.text == Self.tricky.replacingOccurrences(of: "# two\n", with: "# two\nlet c = 3\n"))
        guard case .success(.accepted(let d, _)) = added.deleting("y") else { Issue.record("delete"); return }
        #expect(d.text == Self.tricky)
    }

    @Test func loadAndSaveWithNoEditIsByteIdentical() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("repl-exact-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in [("map.scene", try String(contentsOf: Self.root.appendingPathComponent("examples/map.scene"), encoding: .utf8)),
                             ("tricky.scene", Self.tricky), ("no-newline.scene", "let a = 1\n\nx: rect a")] {
            let file = dir.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            var sh = Shell(settings: Shell.Settings(color: false, columns: 100, stateDirectory: "/nonexistent/state"))
            _ = sh.handle(":load \(file.path)")
            let out = dir.appendingPathComponent("out-" + name)
            let r = sh.handle(":save \(out.path)")
            #expect(!r.failed, "\(r.err)")
            #expect(try Data(contentsOf: out) == Data(text.utf8), "\(name) changed on load + save")
        }
    }
}

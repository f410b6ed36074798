import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// `:swiftui [FILE]` in the REPL: the same code as `scene run --swiftui`.
struct REPLSwiftUITests {
    @Test func printsOrWritesTheSameCodeAsSceneRun() throws {
        var sh = REPLTrialTests.seeded()
        let expected = try #require(SwiftUIWriter.export(sh.session.file)).code
        let printed = sh.handle(":swiftui")
        #expect(!printed.failed, "\(printed.err)")
        #expect(printed.out == expected)
        #expect(printed.out.contains("ConcentricRectangle("))

        let dir = try REPLTrialTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("Scene.swift").path
        let wrote = sh.handle(":swiftui \(out)")
        #expect(!wrote.failed, "\(wrote.err)")
        #expect(wrote.out.hasPrefix("wrote \(out) ("))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == expected)
        // Two files or an option: refused, nothing written.
        #expect(sh.handle(":swiftui \(dir.path)/a.swift \(dir.path)/b.swift").failed)
        #expect(sh.handle(":swiftui --name X").failed)
        // `--fallback` as `scene run --fallback`; a bad value says what it takes.
        let resolved = sh.handle(":swiftui --fallback resolved")
        #expect(!resolved.failed && resolved.out.contains("`scene run --swiftui --fallback resolved`"), "\(resolved.out.prefix(400))")
        let bad = sh.handle(":swiftui --fallback sideways")
        #expect(bad.failed && bad.err.contains("`--fallback` takes `minimum`, `relative`, `resolved`"), "\(bad.err)")
        #expect(Completion.candidates(before: ":swiftui ", word: "--f", names: [], labels: []) == .words(["--fallback"]))
        #expect(Completion.candidates(before: ":swiftui --fallback ", word: "re", names: [], labels: []) == .words(["relative", "resolved"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Scene.swift"])
    }

    @Test func isInTheCommandTableAndItsCompletion() {
        #expect(Shell.commands.contains { $0.name == "swiftui" && $0.args == "[FILE] [--fallback STYLE]" })
        var sh = REPLTrialTests.seeded()
        #expect(sh.handle(":help swiftui").out.contains("#available"))
        // Tab: the command, then a file name for its argument.
        #expect(Completion.candidates(before: "", word: ":swi", names: [], labels: []) == .words([":swiftui"]))
        #expect(Completion.candidates(before: ":swiftui ", word: "Ma", names: [], labels: ["map"]) == .files)
    }
}

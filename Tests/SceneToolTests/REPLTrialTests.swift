import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneREPL

/// The problems a new-user trial of the REPL found, one test (or more) each.
@Suite struct REPLTrialTests {
    static func shell(columns: Int = 60, terminal: Bool = false, state: String = "/nonexistent/state") -> Shell {
        var sh = Shell(settings: Shell.Settings(color: false, columns: columns, stateDirectory: state))
        sh.settings.outputIsTerminal = terminal
        return sh
    }

    static func seeded(columns: Int = 60, terminal: Bool = false) -> Shell {
        var sh = shell(columns: columns, terminal: terminal)
        for l in REPLSessionTests.seed { _ = sh.handle(l) }
        return sh
    }

    // MARK: clamped arithmetic

    @Test func aClampedDifferenceShowsItsSignAndThenZero() {
        var sh = Self.seeded()
        let diff = sh.handle("let map = 34").out
        #expect(diff.contains("top corners     minimum 22 (map 34 − max(12, 140) = −106 → 0)"))
        #expect(!diff.contains("= 0)"))
        let show = sh.handle(":show card").out
        #expect(show.contains("minimum 22 (map 34 − max(12, 140) = −106 → 0)"))
        // The table's R − d column is the arithmetic; the radius column says what was drawn.
        #expect(show.contains("topLeading          22  minimum              34  12  140       140   −106       22"))
        // A difference that stays positive reads as before.
        #expect(show.contains("concentric: map 34 − 12 = 22, minimum 22"))
    }

    // MARK: resolved lines

    @Test func resolvedLinesFitATerminalAndAreWholeInAPipe() throws {
        for (terminal, columns) in [(true, 140), (true, 80), (false, 140)] {
            var sh = Self.seeded(columns: columns, terminal: terminal)
            let out = sh.handle("let map = 34").out
            let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("resolved: ") })
            if terminal {
                #expect(line.count <= columns - 1, "\(columns) columns: \(line)")
                #expect(line.count >= columns - 2, "uses the width: \(line)")
                #expect(line.hasSuffix("…"))
            } else {
                #expect(line.hasSuffix("is below the minimum 10"), "\(line)")
                #expect(!line.contains("…"))
            }
        }
    }

    // MARK: where diagnostics point

    @Test func aNoteAboutAnotherLineSaysWhichFileItIsIn() throws {
        var sh = Self.seeded()
        let r = sh.handle("x: rect 2 <\n  card: rect 3\n>")
        #expect(r.failed)
        #expect(r.err.hasPrefix("<input>:2:3: error[duplicate-label]"))
        #expect(r.err.contains("= note: first used at <scene>:5 (statement 4)"), "\(r.err)")
        #expect(!r.err.contains("at line"))
        // A line that came from the input itself is named in the input.
        let s = sh.handle("y: rect 1 <\n  z: rect 1\n  z: rect 2\n>")
        #expect(s.err.contains("<input>:3:3: error[duplicate-label]"), "\(s.err)")
        #expect(s.err.contains("first used at <input>:2\n"), "\(s.err)")
    }

    @Test func aLoadedFileNamesTheSceneUntilReset() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("repl-trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("map.scene").path
        try (REPLSessionTests.seed.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var sh = Self.shell(state: dir.appendingPathComponent("state").path)
        #expect(!sh.handle(":load \(path)").failed)
        #expect(sh.session.file.name == path)
        // An edit that breaks another statement points into the loaded file.
        let r = sh.handle("let map = -40")
        #expect(r.err.hasPrefix("\(path):4:"), "\(r.err)")
        #expect(r.err.contains("note: not applied"))
        #expect(sh.handle(":show card").out.contains("(\(path):5:3)"))
        // The name survives edits and undo, and goes with :reset.
        _ = sh.handle("let map = 30")
        #expect(sh.session.file.name == path)
        _ = sh.handle(":reset")
        #expect(sh.session.file.name == "<scene>")
        _ = sh.handle(":undo")
        #expect(sh.session.file.name == path)
        // `:save` names it after the file written.
        let other = dir.appendingPathComponent("other.scene").path
        _ = sh.handle(":save \(other)")
        #expect(sh.session.file.name == other)
        #expect(sh.handle("let map = -40").err.hasPrefix("\(other):4:"))
    }

    // MARK: :svg options

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("repl-trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func svgTakesTheOptionsOfSceneRun() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sh = Self.seeded()
        let text = sh.session.text
        let out = dir.appendingPathComponent("out.svg").path
        let r = sh.handle(":svg \(out) --centers --labels")
        #expect(!r.failed, "\(r.err)")
        #expect(r.out == "wrote \(out) (3 shapes, corner centres, labels)\n")
        let scene = try #require(Pipeline.compile(SourceFile(name: "x", text: text)).scene)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true)))
        // Options before the file, and --compare: iOS 26 beside iOS 18.
        let cmp = dir.appendingPathComponent("cmp.svg").path
        #expect(!sh.handle(":svg --compare ios18 \(cmp)").failed)
        let file = SourceFile(name: "x", text: text)
        let a = try #require(Pipeline.compile(file, target: .ios26).scene), b = try #require(Pipeline.compile(file, target: .ios18).scene)
        #expect(try String(contentsOfFile: cmp, encoding: .utf8) == SVGWriter.write(a, compare: b, options: SVGOptions()))
        // Mistakes write nothing and say how it is used.
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        for bad in [":svg \(dir.path)/x.svg --centres2", ":svg \(dir.path)/a.svg \(dir.path)/b.svg", ":svg \(dir.path)/c.svg --compare",
                    ":svg \(dir.path)/d.svg --compare ios19", ":svg -o \(dir.path)/e.svg"] {
            let e = sh.handle(bad)
            #expect(e.failed, "\(bad)")
            #expect(e.err.contains("usage: `:svg [FILE] [--centers] [--labels] [--compare ios18]`"), "\(bad): \(e.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(sh.handle(":help svg").out.contains("--centers, --labels, --compare ios18"))
        #expect(Completion.candidates(before: ":svg out.svg ", word: "--c", names: [], labels: []) == .words(["--centers", "--compare"]))
        #expect(Completion.candidates(before: ":svg --compare ", word: "", names: [], labels: []) == .words(["ios18", "ios26"]))
    }
}

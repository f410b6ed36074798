import Foundation
import Testing
import SceneTestSupport

/// The `scene` executable, run as a process: stdout, stderr, exit code.
enum CLI {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `scene` binary beside the test bundle.
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("scene")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/scene")
    }

    struct Result { var status: Int32; var out: String; var err: String }

    /// `environment` overrides the test's own (a nil value removes a variable);
    /// NO_COLOR=1 unless it says otherwise.
    /// `executable`: another copy of `scene` than the built one.
    static func run(_ args: [String], stdin: String? = nil, cwd: URL? = nil,
                    environment: [String: String?] = [:], executable: URL? = nil) throws -> Result {
        // A copy of the binary a test has just written (`executable`) can be busy for a moment:
        // a process another test forked meanwhile holds the copy's descriptor until it execs
        // (ETXTBSY, "Text file busy"). Tried again, a few times; any other error is thrown.
        var attempt = 0
        while true {
            do {
                return try runOnce(args, stdin: stdin, cwd: cwd, environment: environment, executable: executable)
            } catch let e as NSError where attempt < 20 && (e.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                attempt += 1
                usleep(50_000)
            }
        }
    }

    static func runOnce(_ args: [String], stdin: String?, cwd: URL?,
                        environment: [String: String?], executable: URL?) throws -> Result {
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = args
        p.currentDirectoryURL = cwd ?? root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async { outBox.data = reader.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let outData = outBox.data
        p.waitUntilExit()
        return Result(status: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self))
    }
}

struct CLITests {
    @Test func runPrintsTheResolvedTree() throws {
        let r = try CLI.run(["run", "examples/map.scene"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("screen iphone-16-pro 402×874 radius 62, target ios26\n"))
        let t1 = r.out.split(separator: "\n").first { $0.contains(" t1 ") }
        #expect(t1?.contains("concentric") == true)
        #expect(t1?.contains("10 10 10 10") == true)
        #expect(t1?.hasSuffix("card") == true)
        // The example is clean: nothing on stderr. The checker's warnings go there.
        #expect(r.err.isEmpty, "\(r.err)")
        let tight = try CLI.run(["run", "Tests/Fixtures/check/map-too-tight.scene"])
        #expect(tight.status == 0 && tight.out.contains(" t1 "))
        #expect(tight.err.contains("warning[container-too-tight]"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let r = try CLI.run(["run", "examples/card.scene", "--json"])
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let screen = json?["screen"] as? [String: Any]
        #expect(screen?["name"] as? String == "iphone-16-pro")
        #expect(screen?["radius"] as? Double == 62)
        #expect(json?["target"] as? String == "ios26")
        let shapes = json?["shapes"] as? [[String: Any]] ?? []
        #expect(shapes.count == 3)
        let photo = shapes.first { $0["id"] as? String == "photo" }
        #expect(photo?["parent"] as? String == "card")
        #expect(photo?["container"] as? String == "card")
        #expect(photo?["isContainer"] as? Bool == false)
        #expect(photo?["kind"] as? String == "concentric")
        #expect(photo?["style"] as? String == "continuous")
        #expect((photo?["frame"] as? [String: Double]) == ["x": 33, "y": 349, "width": 336, "height": 176])
        #expect((photo?["radii"] as? [String: Double]) == ["topLeading": 16, "topTrailing": 16, "bottomTrailing": 16, "bottomLeading": 16])
        #expect(photo?["line"] as? Int == 15)
        #expect(photo?["column"] as? Int == 3)
        let card = shapes.first { $0["id"] as? String == "card" }
        #expect(card?["parent"] is NSNull)
        #expect(card?["isContainer"] as? Bool == true)
        #expect(json?["diagnostics"] as? [Any] != nil)
    }

    @Test func unlabelledShapesGetStableIds() throws {
        let r = try CLI.run(["run", "-", "--json"], stdin: "rect 4 < rect 2 >\n")
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let shapes = json?["shapes"] as? [[String: Any]] ?? []
        #expect(shapes.map { $0["id"] as? String } == ["node-1", "node-2"])
        #expect(shapes.map { $0["label"] is NSNull } == [true, true])
    }

    @Test func errorsGoToStderrWithExitCode65() throws {
        let r = try CLI.run(["run", "-"], stdin: "let a = 1\nx: rect b\n")
        #expect(r.status == 65)
        #expect(r.out.isEmpty)
        #expect(r.err == """
        <stdin>:2:9: error[undefined-name]: undefined name `b`
          |
        2 | x: rect b
          |         ^
          = help: define it first: `let b = …`

        """)
    }

    @Test func aByteOrderMarkIsNotAColumnNorShown() throws {
        let r = try CLI.run(["run", "-"], stdin: "\u{FEFF}c: rect zz\n")
        #expect(r.status == 65)
        #expect(r.err == """
        <stdin>:1:9: error[undefined-name]: undefined name `zz`
          |
        1 | c: rect zz
          |         ^^
          = help: define it first: `let zz = …`

        """)
    }

    @Test func jsonCarriesDiagnosticsOnError() throws {
        let r = try CLI.run(["run", "-", "--json"], stdin: "x: rect 1 / 0\n")
        #expect(r.status == 65)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let d = (json?["diagnostics"] as? [[String: Any]])?.first
        #expect(d?["severity"] as? String == "error")
        #expect(d?["code"] as? String == "division-by-zero")
        #expect(d?["line"] as? Int == 1)
        #expect(d?["column"] as? Int == 9)
        #expect(d?["help"] as? String != nil)
    }

    @Test func exitCodes() throws {
        #expect(try CLI.run([]).status == 64)
        #expect(try CLI.run(["frobnicate"]).status == 64)
        #expect(try CLI.run(["run"]).status == 64)
        #expect(try CLI.run(["run", "examples/map.scene", "--bogus"]).status == 64)
        #expect(try CLI.run(["run", "no/such/file.scene"]).status == 66)
        #expect(try CLI.run(["run", "-"], stdin: "x: bogus\n").status == 65)
        #expect(try CLI.run(["--help"]).status == 0)
        let typo = try CLI.run(["rnu", "x"])
        #expect(typo.err.contains("did you mean `run`?"))
    }

    /// `scene --help` and README list the same exit codes: the numbers after
    /// `exit status:` in the one, after `Exit codes` in the other.
    @Test func helpAndReadmeListTheSameExitCodes() throws {
        func codes(_ text: Substring) -> [Int] {
            text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        }
        let help = try CLI.run(["--help"]).out
        let fromHelp = codes(help[try #require(help.range(of: "exit status:")).upperBound...])
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "Exit codes")).upperBound
        let end = try #require(readme[start...].range(of: "Output files")).lowerBound
        #expect(fromHelp == [0, 1, 64, 65, 66, 69, 70, 73])
        #expect(codes(readme[start..<end]) == fromHelp)
    }

    @Test func everyExampleRunsWithExitZero() throws {
        let dir = CLI.root.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scene") }
        #expect(files.count >= 6)
        for f in files {
            let r = try CLI.run(["run", "examples/\(f)"])
            #expect(r.status == 0, "\(f): \(r.err)")
            #expect(!r.err.contains("error["), "\(f): \(r.err)")
        }
    }

    @Test func hostileInputNeverCrashes() throws {
        var inputs: [Data] = []
        inputs.append(Data(String(repeating: "a <\n", count: 10_000).utf8))
        inputs.append(Data(("a: " + String(repeating: "pad 1 ", count: 180_000)).utf8))
        var rng = SeededGenerator.fromEnvironment("hostileInputNeverCrashes")
        inputs.append(Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        inputs.append(Data([0xC3, 0x28, 0xA0, 0xA1, 0xE2, 0x28, 0xA1, 0xF0, 0x28, 0x8C, 0xBC]))
        inputs.append(Data(("let a = " + String(repeating: "(", count: 50_000)).utf8))
        for (i, data) in inputs.enumerated() {
            let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(i)-\(UUID()).scene")
            try data.write(to: tmp)
            defer { try? FileManager.default.removeItem(at: tmp) }
            let r = try CLI.run(["run", tmp.path])
            #expect(r.status == 0 || r.status == 65, "input \(i) exited \(r.status) (SCENE_SEED=\(rng.seed))")
            #expect(r.err.split(separator: "\n").count < 400, "input \(i) floods stderr")
        }
    }

    @Test func outputFileIsWrittenWholeOrNotAtAll() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-out-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("map.svg")
        let ok = try CLI.run(["run", "examples/map.scene", "--svg", "-o", out.path])
        #expect(ok.status == 0)
        let svg = try String(contentsOf: out, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        // A bad scene leaves the old file untouched and no temporary behind.
        let bad = try CLI.run(["run", "-", "--svg", "-o", out.path], stdin: "x: rect -1\n")
        #expect(bad.status == 65)
        #expect(try String(contentsOf: out, encoding: .utf8) == svg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["map.svg"])
        // An unwritable destination is an error, not a crash.
        let nowhere = try CLI.run(["run", "examples/map.scene", "--svg", "-o", "/nonexistent-dir/x.svg"])
        #expect(nowhere.status == 73)
    }

    @Test func tokensAndAstDumps() throws {
        let t = try CLI.run(["tokens", "-"], stdin: "size 4x2")
        #expect(t.out == "1:1 keyword \"size\"\n1:6 number 4\n1:7 cross\n1:8 number 2\n1:9 eof\n")
        let a = try CLI.run(["ast", "-"], stdin: "a: rect 1 + 2")
        #expect(a.out == "node a: @1:1\n  rect (1 + 2) @1:4\n")
    }
}

struct CheckCLITests {
    @Test func checkPrintsFindingsAndASummary() throws {
        let r = try CLI.run(["check", "Tests/Fixtures/check/map-too-tight.scene"])
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("Tests/Fixtures/check/map-too-tight.scene:25:11: warning[container-too-tight]:"))
        #expect(r.err.contains("= help: raise `card`'s radius `map - inset` to 22: set `map` = 34 (now 28), not lower the minimum"))
        #expect(r.err.hasSuffix("2 warnings, 0 errors in 1 file\n"))
    }

    @Test func strictFailsOnWarnings() throws {
        #expect(try CLI.run(["check", "--strict", "Tests/Fixtures/check/map-too-tight.scene"]).status == 1)
        #expect(try CLI.run(["check", "--strict", "examples/card.scene"]).status == 0)
        let both = try CLI.run(["check", "examples/card.scene", "examples/lint/concentric-container.scene"])
        #expect(both.status == 65)
        #expect(both.err.hasSuffix("0 warnings, 1 error in 2 files\n"))
    }

    @Test func checkJSON() throws {
        let r = try CLI.run(["check", "--json", "Tests/Fixtures/check/map-too-tight.scene"])
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(json?["warnings"] as? Int == 2)
        #expect(json?["errors"] as? Int == 0)
        let first = (json?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["code"] as? String == "container-too-tight")
        #expect(first?["line"] as? Int == 25)
        #expect((first?["values"] as? [String: Double])?["neededRadius"] == 22)
    }

    @Test func fixRewritesTheFileOnceAndKeepsComments() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fix-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("map.scene")
        let original = try String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)
        try original.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", file.path])
        #expect(r.status == 0)
        #expect(r.err.contains("applied 1 fix"))
        #expect(r.err.hasSuffix("0 warnings, 0 errors in 1 file\n"))
        let fixed = try String(contentsOf: file, encoding: .utf8)
        #expect(fixed == original.replacingOccurrences(of: "let map = 28 ", with: "let map = 34 "))
        // What --fix writes is the example's radius: examples/map.scene is this fixture fixed.
        let example = try String(contentsOf: CLI.root.appendingPathComponent("examples/map.scene"), encoding: .utf8)
        #expect(example.contains("let map = 34 ") && fixed.contains("let map = 34 "))
        let again = try CLI.run(["check", "--fix", file.path])
        #expect(!again.err.contains("applied"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    @Test func formatsDoNotCombineAndOutputNamesInferThem() throws {
        #expect(try CLI.run(["run", "examples/map.scene", "--json", "--svg"]).status == 64)
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "-o", "/tmp/x.json"]).status == 64)
        let clash = try CLI.run(["run", "examples/map.scene", "--json", "-o", "/tmp/x.svg"])
        #expect(clash.status == 64)
        #expect(clash.err.contains("`-o /tmp/x.svg` names an SVG file but `--json` was given"), "\(clash.err)")
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "-o", "/tmp/x.json"]).err.contains("names a JSON file"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fmt-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("m.svg"), json = dir.appendingPathComponent("m.json")
        #expect(try CLI.run(["run", "examples/map.scene", "-o", svg.path]).status == 0)
        #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try CLI.run(["run", "examples/map.scene", "-o", json.path]).status == 0)
        #expect(try String(contentsOf: json, encoding: .utf8).hasPrefix("{"))
    }

    /// A standalone clone has only the repository: the docs link and point inside it.
    @Test func docsLinkOnlyInsideTheRepository() throws {
        let root = CLI.root.standardizedFileURL
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for path in ["README.md", "grammar.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(!text.contains("../shared") && !text.contains("shared/spec/"), "\(path) points outside the repository")
            let base = root.appendingPathComponent(path).deletingLastPathComponent()
            for link in text.matches(of: /\]\(([^)\s]+)\)/).map({ String($0.1) }) {
                guard !link.hasPrefix("#"), !link.contains("://"), !link.hasPrefix("mailto:") else { continue }
                let target = base.appendingPathComponent(String(link.split(separator: "#").first ?? "")).standardizedFileURL
                #expect(target.path.hasPrefix(root.path + "/"), "\(path): \(link) is outside")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(path): \(link) does not exist")
            }
        }
    }

    @Test func anOutputExtensionWeDoNotWriteIsAUsageError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-ext-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("w.gif")
        let r = try CLI.run(["run", "examples/map.scene", "-o", png.path])
        #expect(r.status == 64)
        #expect(r.err.contains("scene does not write .gif files; it writes .json, .pdf, .png, .svg, .swift, .txt"))
        #expect(!FileManager.default.fileExists(atPath: png.path))
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "-o", png.path]).status == 64)
        let txt = dir.appendingPathComponent("w.txt"), bare = dir.appendingPathComponent("w")
        #expect(try CLI.run(["run", "examples/map.scene", "-o", txt.path]).status == 0)
        #expect(try String(contentsOf: txt, encoding: .utf8).contains("screen"))
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "-o", bare.path]).status == 0)
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "-o", txt.path]).status == 64)
        #expect(try CLI.run(["run", "examples/map.scene", "-o", dir.appendingPathComponent("W.SVG").path]).status == 0)
    }

    @Test func checkGoesOnPastAMissingFile() throws {
        let r = try CLI.run(["check", "nope.scene", "examples/card.scene"])
        #expect(r.status == 66)
        #expect(r.err.contains("nope.scene: no such file"))
        #expect(r.err.hasSuffix("0 warnings, 0 errors in 2 files (1 not found)\n"))
    }

    @Test func checkTakesDirectoriesLikeFmt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkdir-\(UUID())")
        let sub = dir.appendingPathComponent("sub"), empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try String(contentsOf: CLI.root.appendingPathComponent("examples/card.scene"), encoding: .utf8)
            .write(to: dir.appendingPathComponent("b.scene"), atomically: true, encoding: .utf8)
        try "map: container rect 28 size 300x200 <\n  k: concentric min 20 pad 12 size 64x64 align topLeading\n>\n"
            .write(to: sub.appendingPathComponent("a.scene"), atomically: true, encoding: .utf8)
        try "map: container rect 28 size 300x200 <\n  k: concentric min 20 pad 12 size 64x64 align topLeading\n>\n"
            .write(to: dir.appendingPathComponent("z.scene"), atomically: true, encoding: .utf8)
        try "not a scene".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", dir.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("\(dir.path)/sub/a.scene:2:"), "\(r.err)")
        #expect(r.err.contains("container-too-tight"))
        #expect(!r.err.contains("notes.txt") && !r.err.contains("directory"))
        #expect(r.err.hasSuffix("2 warnings, 0 errors in 3 files\n"), "\(r.err)")
        // In name order, as fmt: b.scene, sub/a.scene, z.scene.
        let a = try #require(r.err.range(of: "/sub/a.scene:2:")), z = try #require(r.err.range(of: "/z.scene:2:"))
        #expect(a.lowerBound < z.lowerBound)
        let json = try CLI.run(["check", "--json", dir.path + "/"])
        #expect(json.out.hasSuffix("\"files\": 3}\n"), "\(json.out)")
        #expect(try CLI.run(["check", "--strict", dir.path]).status == 1)
        let none = try CLI.run(["check", empty.path])
        #expect(none.status == 66)
        #expect(none.err.contains("\(empty.path): no .scene files below it"))
        // Counted as what it is, not as a file not found.
        #expect(none.err.hasSuffix("0 warnings, 0 errors in 0 files (1 folder with no .scene file)\n"), "\(none.err)")
        let both = try CLI.run(["check", empty.path, "nope.scene"])
        #expect(both.status == 66)
        #expect(both.err.hasSuffix("(1 not found, 1 folder with no .scene file)\n"), "\(both.err)")
    }

    @Test func fixWritesThroughSymlinksAndKeepsPermissions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-link-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.scene"), link = dir.appendingPathComponent("link.scene")
        try "done: rect 12 role button size 160x50\n".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(try CLI.run(["check", "--fix", link.path]).status == 0)
        #expect(try String(contentsOf: real, encoding: .utf8) == "done: capsule role button size 160x50\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}


/// Issue 14 §1 at the command line: the sheet settles, the summary counts
/// only edits that changed the file, and what has no fix is listed.
struct FixSummaryCLITests {
    @Test func theSheetIsFixedOnceAndWhatIsLeftIsListed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fix14-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("sheet.scene")
        let text = """
            sheet: glass concentric min 54 uniform container rect 54 height 400 align bottom pad 8 <
              content: vstack spacing 16 pad 20 <
                card: concentric min 16 container rect 20 height 180 fill #ffffff <
                  thumb: concentric min 8 size 60x60 align topLeading pad 12 fill #ff9500
                >
              >
            >

            """
        try text.write(to: sheet, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", sheet.path])
        #expect(r.err.contains("applied 1 fix\n"), "\(r.err)")
        #expect(try String(contentsOf: sheet, encoding: .utf8)
                == text.replacingOccurrences(of: "min 16 container rect 20", with: "min 20 container rect 20"))
        #expect(r.err.hasSuffix("0 warnings, 0 errors in 1 file\n"))
        // A finding with no automatic fix (radius-inversion) is named.
        let inv = dir.appendingPathComponent("inv.scene")
        try "screen 400x400 radius 0\npanel: container rect 12 size 300x300 <\n  tile: rectangle size 100x100 <\n    x: rect 30 size 100x100\n  >\n>\n"
            .write(to: inv, atomically: true, encoding: .utf8)
        let s = try CLI.run(["check", "--fix", inv.path])
        #expect(s.err.contains("no fix changed the file; 1 left without an automatic fix: radius-inversion at 4:8"), "\(s.err)")
    }
}

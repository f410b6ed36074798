import Foundation
import Testing
import SceneLang
import SceneTestSupport
@testable import SceneREPL

/// The `scene` executable's whole outputs, compared byte for byte with goldens in
/// Tests/Fixtures/cli (re-record with `SCENE_RECORD=1 swift test --filter CLIGolden`),
/// and run twice as separate processes to show they are deterministic.
@Suite("CLI goldens")
struct CLIGoldenTests {
    static let folder = Golden.root.appendingPathComponent("Tests/Fixtures/cli")

    /// Golden file → the arguments whose standard output it holds.
    static let cases: [String: [String]] = [
        "run-map.txt": ["run", "examples/map.scene"],
        "run-verify.txt": ["run", "examples/verify.scene"],
        "run-shapes.txt": ["run", "Tests/Fixtures/scenes/shapes.scene"],
        "presets.txt": ["presets"],
        "card.json": ["run", "examples/card.scene", "--json"],
        "map-centers.svg": ["run", "examples/map.scene", "--svg", "--centers"],
        "map-labels.svg": ["run", "examples/map.scene", "--svg", "--labels"],
        "map-compare-ios18.svg": ["run", "examples/map.scene", "--svg", "--compare", "ios18"],
        "nested-all.svg": ["run", "examples/nested.scene", "--svg", "--centers", "--labels", "--compare", "ios18"],
        "mac-window-compare.svg": ["run", "Tests/Fixtures/scenes/mac-window.scene", "--svg", "--compare", "ios18"],
    ]

    @Test func theFolderHoldsExactlyTheCases() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0 != "README.md" }
        #expect(Set(files) == Set(Self.cases.keys), "Tests/Fixtures/cli holds \(files.sorted()); the cases are \(Self.cases.keys.sorted())")
    }

    /// README shows the picture right under its first example: the map and its `--centers` render,
    /// both goldens this suite (and SVGGoldenTests for examples/map.svg) keeps current.
    @Test func readmeShowsTheGoldenPictures() throws {
        let readme = try String(contentsOf: Golden.root.appendingPathComponent("README.md"), encoding: .utf8)
        let firstRun = try #require(readme.range(of: "$ scene run examples/map.scene\n"))
        let setUp = try #require(readme.range(of: "## Set up"))
        let between = readme[firstRun.upperBound..<setUp.lowerBound]
        for image in ["examples/map.svg", "Tests/Fixtures/cli/map-centers.svg"] {
            #expect(between.contains("<img src=\"\(image)\""), "README shows \(image) under the first example")
            #expect(FileManager.default.fileExists(atPath: Golden.root.appendingPathComponent(image).path))
        }
        #expect(Self.cases["map-centers.svg"] == ["run", "examples/map.scene", "--svg", "--centers"])
    }

    @Test(arguments: CLIGoldenTests.cases.keys.sorted())
    func golden(_ name: String) throws {
        let args = try #require(Self.cases[name])
        let r = try CLI.run(args)
        #expect(r.status == 0, "scene \(args.joined(separator: " ")) exited \(r.status): \(r.err)")
        try Golden.check(r.out, at: Self.folder.appendingPathComponent(name), filter: "CLIGolden")
    }

    /// Two processes (so two different hash seeds) print the same bytes, for every
    /// output format and every SVG option.
    @Test(arguments: [
        ["run", "examples/verify.scene"],
        ["run", "examples/verify.scene", "--json"],
        ["run", "examples/verify.scene", "--svg", "--centers", "--labels", "--compare", "ios18"],
        ["run", "examples/nested.scene", "--svg", "--centers", "--labels"],
        ["check", "--json", "Tests/Fixtures/check/map-too-tight.scene"],
    ])
    func deterministicAcrossProcesses(_ args: [String]) throws {
        let environment = ["SWIFT_DETERMINISTIC_HASHING": nil as String?]
        let a = try CLI.run(args, environment: environment), b = try CLI.run(args, environment: environment)
        #expect(a.status == 0 && !a.out.isEmpty)
        #expect(Data(a.out.utf8) == Data(b.out.utf8), "scene \(args.joined(separator: " ")) printed different bytes in two runs")
        #expect(a.err == b.err)
    }
}

/// `scene run`'s SVG options as the command line parses them.
struct CLISVGOptionTests {
    @Test func guidesDrawTheDevicesSafeArea() throws {
        let r = try CLI.run(["run", "examples/sheet.scene", "--svg", "--guides"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("id=\"safe-area\"") && r.out.contains("id=\"home-indicator\""))
    }

    @Test func optionsOnlyGoWithSVG() throws {
        for args in [["--centers"], ["--labels"], ["--guides"], ["--compare", "ios18"], ["--json", "--labels"], ["--text", "--centers"]] {
            let r = try CLI.run(["run", "examples/map.scene"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.err.hasPrefix("scene: `--centers`, `--labels`, `--guides` and `--compare` go with `--svg`\n"), "\(args): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }

    @Test func compareTakesATarget() throws {
        for args in [["--compare"], ["--compare", "ios17"], ["--compare", "--centers"], ["--compare", "IOS18"], ["--compare", "ios26"], ["--compare", "macos26"]] {
            let r = try CLI.run(["run", "examples/map.scene", "--svg"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.err.hasPrefix("scene: `--compare` takes `ios18` (or `macos15`)"), "\(args): \(r.err)")
            if args.count == 2 { #expect(r.err.contains("not `\(args[1])`"), "\(args): \(r.err)") }
        }
    }

    @Test func optionsCombineInAnyOrderAndWithAnImpliedFormat() throws {
        let all = try CLI.run(["run", "examples/map.scene", "--svg", "--centers", "--labels", "--compare", "ios18"])
        #expect(all.status == 0)
        let reordered = try CLI.run(["run", "--compare", "ios18", "--labels", "examples/map.scene", "--centers", "--svg"])
        #expect(reordered.out == all.out)
        // `-o x.svg` implies --svg, so the options are accepted.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-opt-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("m.svg")
        let r = try CLI.run(["run", "examples/map.scene", "--centers", "--labels", "--compare", "ios18", "-o", out.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(try String(contentsOf: out, encoding: .utf8) == all.out)
    }

    @Test func eachOptionChangesThePicture() throws {
        let plain = try CLI.run(["run", "examples/map.scene", "--svg"]).out
        let centers = try CLI.run(["run", "examples/map.scene", "--svg", "--centers"]).out
        let labels = try CLI.run(["run", "examples/map.scene", "--svg", "--labels"]).out
        let compare = try CLI.run(["run", "examples/map.scene", "--svg", "--compare", "ios18"]).out
        #expect(Set([plain, centers, labels, compare]).count == 4)
        // Labels name the labelled shapes; compare titles both panels.
        for name in ["map", "card", "t1", "t2", "t3"] { #expect(labels.contains(">\(name)</text>"), "no label \(name)") }
        #expect(!plain.contains("</text>") || !plain.contains(">t1</text>"))
        #expect(compare.contains(">iOS 26</text>") && compare.contains(">iOS 18 fallback</text>"))
    }

    /// `--compare` on a Mac window: the macOS 15 panel's window has `mac-window-15`'s radius
    /// (10 pt), the macOS 26 panel the scene's own; a phone keeps one display in both. A
    /// continuous corner takes 1.528665·r of each edge, so the outline starts at x = 1.528665·r.
    @Test func compareDrawsEachReleasesWindow() throws {
        func start(_ svg: String, _ id: String) -> Double? {
            guard let r = svg.range(of: "<path id=\"\(id)\" d=\"M") else { return nil }
            return Double(svg[r.upperBound...].prefix { $0 != " " })
        }
        let legacy = try #require(ScreenPreset.named("mac-window-15")?.radius)
        #expect(legacy == 10)
        for (scene, now, then) in [("Tests/Fixtures/scenes/mac-window.scene", 26.0, legacy), ("examples/map.scene", 62, 62)] {
            for word in ["ios18", "macos15"] {
                let svg = try CLI.run(["run", scene, "--svg", "--compare", word]).out
                let a = try #require(start(svg, "ios26-screen")), b = try #require(start(svg, "ios18-screen"))
                #expect(abs(a - 1.528665 * now) < 0.001, "\(scene): macOS/iOS 26 panel starts at \(a)")
                #expect(abs(b - 1.528665 * then) < 0.001, "\(scene): the fallback panel starts at \(b)")
            }
        }
        // The REPL's `:svg --compare` draws the same picture.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("w.svg").path
        let repl = try CLI.run(["repl", "Tests/Fixtures/scenes/mac-window.scene"], stdin: ":svg \(out) --compare macos15\n")
        #expect(repl.status == 0, "\(repl.err)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg == (try CLI.run(["run", "Tests/Fixtures/scenes/mac-window.scene", "--svg", "--compare", "ios18"]).out))
    }
}

/// Commands with no other test: presets, `scene repl FILE`, `scene check -`.
struct CLICommandTests {
    @Test func presetsListEveryScreen() throws {
        let r = try CLI.run(["presets"])
        #expect(r.status == 0 && r.err.isEmpty)
        let lines = r.out.split(separator: "\n").dropFirst()  // the header
        #expect(lines.count >= 10)
        // Literal rows (docs/presets.md): name, device, size, corner radius, status.
        let words = { (name: String) in lines.first { $0.hasPrefix(name + " ") }?.split(separator: " ").map(String.init) ?? [] }
        #expect(words("iphone-16-pro").prefix(7) == ["iphone-16-pro", "iPhone", "16", "Pro", "402×874", "62", "measured"])
        #expect(words("iphone-16").prefix(6) == ["iphone-16", "iPhone", "16", "393×852", "55", "measured"])
        #expect(Array(words("mac-window").prefix(8)) == ["mac-window", "macOS", "26", "window", "(the", "old", "name)", "1024×768"])
        // Every listed preset is usable in a scene: with its radius, or (none
        // published) with the scene's own.
        for line in lines {
            let name = String(line.prefix { $0 != " " })
            let published = !line.contains(" none ")
            let run = try CLI.run(["run", "-"], stdin: "screen \(name)\(published ? "" : " radius 20")\nx: rect 4 size 10x10\n")
            #expect(run.status == 0, "screen \(name): \(run.err)")
            #expect(run.out.hasPrefix("screen \(name) "), "\(name): \(run.out)")
            if !published {
                let bare = try CLI.run(["run", "-"], stdin: "screen \(name)\nx: rect 4 size 10x10\n")
                #expect(bare.status == 65 && bare.err.contains("error[unpublished-radius]"), "screen \(name)")
            }
        }
    }

    /// `scene presets NAME...`: each named preset's details; `--json` the same
    /// objects as the whole list; an unknown name is a usage error with a did-you-mean.
    @Test func presetsNamedShowDetails() throws {
        let r = try CLI.run(["presets", "iphone-16-pro", "iphone-air"])
        #expect(r.status == 0 && r.err.isEmpty)
        let blocks = r.out.components(separatedBy: "\n\n")
        #expect(blocks.count == 2)
        #expect(blocks[0].contains("name        iphone-16-pro\n") && blocks[0].contains("size        402×874 pt\n"))
        #expect(blocks[0].contains("radius      62 pt, display corner radius (measured:"))
        #expect(blocks[0].hasSuffix("in a scene  screen iphone-16-pro"))
        #expect(blocks[1].contains("radius      not published") && blocks[1].contains("in a scene  screen iphone-air radius R\n"))
        let json = try CLI.run(["presets", "--json", "mac-window-15"])
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let list = try #require(obj["presets"] as? [[String: Any]])
        #expect(list.count == 1 && list.first?["name"] as? String == "mac-window-15" && list.first?["radius"] as? Double == 10)
        // The same object as in the whole list.
        let all = try CLI.run(["presets", "--json"]).out
        #expect(all.contains(json.out.split(separator: "\n")[1].trimmingCharacters(in: CharacterSet(charactersIn: ","))))
        let typo = try CLI.run(["presets", "iphone-16-pr"])
        #expect(typo.status == 64 && typo.out.isEmpty)
        #expect(typo.err == "scene: unknown screen preset `iphone-16-pr`\nhelp: did you mean `iphone-16-pro`? `scene presets` lists every preset\n")
        let far = try CLI.run(["presets", "--json", "zzzzzzzzzzzz"])
        #expect(far.status == 64 && far.err.contains("help: `scene presets` lists every preset"))
        #expect(try CLI.run(["presets", "--jsn"]).status == 64)
    }

    @Test func replWithAFileLoadsIt() throws {
        let sandbox = try REPLHarness.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let file = CLI.root.appendingPathComponent("examples/card.scene").path
        let r = try CLI.run(["repl", file], stdin: ":list\n:show photo\n", environment: REPLHarness.environment(sandbox).mapValues { $0 })
        #expect(r.status == 0, "\(r.err)")
        let all = r.out + r.err
        #expect(all.contains("loaded \(file): 5 statements, 3 shapes"), "\(all)")
        #expect(r.out.contains("card: container rect inner + padding size 360x200"))
        #expect(r.out.contains("photo"))
        // The same as `scene-repl FILE`.
        let direct = try REPLHarness.run([file], input: ":list\n:show photo\n", in: sandbox)
        #expect(direct.status == 0)
        #expect(direct.output.contains("loaded \(file): 5 statements, 3 shapes"))
        // A missing file is reported, not a crash.
        let missing = try CLI.run(["repl", "no/such.scene"], stdin: "", environment: REPLHarness.environment(sandbox).mapValues { $0 })
        #expect((missing.out + missing.err).contains("new scene; `:save` writes no/such.scene"))
    }

    @Test func checkReadsStandardInput() throws {
        let text = try String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)
        let r = try CLI.run(["check", "-"], stdin: text)
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("<stdin>:25:11: warning[container-too-tight]:"))
        #expect(r.err.hasSuffix("2 warnings, 0 errors in 1 file\n"))
        let strict = try CLI.run(["check", "--strict", "-"], stdin: text)
        #expect(strict.status == 1)
        let json = try CLI.run(["check", "--json", "-"], stdin: text)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(object?["warnings"] as? Int == 2)
        let bad = try CLI.run(["check", "-"], stdin: "x: rect 1 / 0\n")
        #expect(bad.status == 65)
        #expect(bad.err.hasPrefix("<stdin>:1:9: error[division-by-zero]"))
        #expect(try CLI.run(["check", "-"], stdin: "screen 400x400\nx: rect 4 size 10x10\n").err == "0 warnings, 0 errors in 1 file\n")
    }
}

/// Colour: on a terminal diagnostics come in ANSI colour; piped, with NO_COLOR or
/// TERM=dumb they do not; the REPL colours the same way. Stripped of its escapes the
/// coloured text is the plain one.
struct ColourOutputTests {
    static let escape = "\u{1B}["

    /// Remove ANSI escape sequences (and the terminal's carriage returns).
    static func strip(_ s: String) -> String {
        s.replacing(try! Regex("\u{1B}\\[[0-9;]*m"), with: "").replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// `scene ARGS` with stdout and stderr on a pseudo-terminal (`script`).
    static func onTerminal(_ args: [String], environment: [String: String?]) throws -> String {
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "`script` (bsdutils) is not installed")
        let command = ([CLI.binary.path] + args).map { "'\($0)'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: script)
        p.arguments = ["-qec", command, "/dev/null"]
        p.currentDirectoryURL = CLI.root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func diagnosticsAreColouredOnATerminal() throws {
        let coloured = try Self.onTerminal(["check", "Tests/Fixtures/check/map-too-tight.scene"], environment: [:])
        let e = Self.escape
        #expect(coloured.contains("\(e)1mTests/Fixtures/check/map-too-tight.scene:25:11:\(e)0m \(e)1;33mwarning[container-too-tight]\(e)0m: \(e)1m`card` is too tight"),
                "\(coloured.prefix(300))")
        #expect(coloured.contains("\(e)1;34m25\(e)0m | "))
        #expect(coloured.contains("\(e)1;33m^^^^^^^^^^^^^^^^^\(e)0m"))
        #expect(coloured.contains("= \(e)1;32mhelp\(e)0m: raise `card`'s radius"))
        let plain = try CLI.run(["check", "Tests/Fixtures/check/map-too-tight.scene"])
        #expect(!plain.err.contains(e))
        #expect(Self.strip(coloured) == plain.err)
        // Errors are red.
        let error = try Self.onTerminal(["run", "Tests/Fixtures/diagnostics/undefined-name.scene"], environment: [:])
        #expect(error.contains("\(e)1;31merror[undefined-name]\(e)0m"))
    }

    @Test func noColourWhenAskedOrOnADumbTerminal() throws {
        for env: [String: String?] in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let out = try Self.onTerminal(["check", "Tests/Fixtures/check/map-too-tight.scene"], environment: env)
            #expect(out.contains("warning[container-too-tight]"), "\(env)")
            #expect(!out.contains(Self.escape), "\(env): \(out.prefix(200))")
        }
    }

    /// no-color.org: only a non-empty NO_COLOR turns colour off (both `scene` and
    /// `scene-repl` decide through `Console.colorAllowed`).
    @Test func anEmptyNoColorKeepsColour() throws {
        #expect(Console.colorAllowed(["NO_COLOR": "", "TERM": "xterm"]))
        #expect(Console.colorAllowed([:]))
        #expect(!Console.colorAllowed(["NO_COLOR": "1"]))
        #expect(!Console.colorAllowed(["NO_COLOR": "0"]))
        #expect(!Console.colorAllowed(["TERM": "dumb"]))
        let out = try Self.onTerminal(["check", "Tests/Fixtures/check/map-too-tight.scene"], environment: ["NO_COLOR": ""])
        #expect(out.contains("\(Self.escape)1;33mwarning[container-too-tight]"), "\(out.prefix(200))")
    }

    @Test func theREPLColoursLikeThePlainText() {
        func session(color: Bool) -> String {
            var sh = Shell(settings: Shell.Settings(color: color, columns: 80, stateDirectory: "/nonexistent/state"))
            var out = ""
            for line in REPLSessionTests.seed + ["let map = 34", ":show card", ":list", ":check"] {
                let r = sh.handle(line)
                out += r.out + r.err
            }
            return out
        }
        let coloured = session(color: true), plain = session(color: false)
        #expect(coloured.contains(Self.escape))
        #expect(coloured.contains("\(Self.escape)1;33mwarning[container-too-tight]\(Self.escape)0m"))
        #expect(!plain.contains(Self.escape))
        #expect(Self.strip(coloured) == plain)
    }
}

/// The JSON fields no other test reads: `corners`, `decisions`, `containerRadii`, `layers`,
/// and the error case.
struct CLIJSONTests {
    static func shapes(_ args: [String], stdin: String? = nil) throws -> [String: [String: Any]] {
        let r = try CLI.run(args, stdin: stdin)
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let list = try #require(json["shapes"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "?", $0) })
    }

    static func four(_ v: Double) -> [String: Double] {
        ["topLeading": v, "topTrailing": v, "bottomTrailing": v, "bottomLeading": v]
    }

    @Test func cornersGiveTheNumbersBehindEachRadius() throws {
        // The map before its fix: the thumbnails' near corners fall to their minimum.
        let s = try Self.shapes(["run", "Tests/Fixtures/check/map-too-tight.scene", "--json"])
        let t1 = try #require(s["t1"]?["corners"] as? [String: [String: Any]])
        #expect(Set(t1.keys) == ["topLeading", "topTrailing", "bottomTrailing", "bottomLeading"])
        let near = try #require(t1["topLeading"])
        #expect(near["rule"] as? String == "minimum")
        #expect(near["containerRadius"] as? Double == 16)
        #expect(near["dx"] as? Double == 12 && near["dy"] as? Double == 12 && near["distance"] as? Double == 12)
        #expect(near["computed"] as? Double == 4)
        #expect(near["minimum"] as? Double == 10)
        let far = try #require(t1["topTrailing"])
        #expect(far["dx"] as? Double == 156 && far["distance"] as? Double == 156 && far["computed"] as? Double == 0)
        // A concentric corner with no minimum has no `minimum`; fixed shapes have no `corners`.
        let c = try Self.shapes(["run", "-", "--json"], stdin: "screen 400x400 radius 0\no: container circle size 200x100 < oc: concentric size 60x60 >\n")
        let oc = try #require(c["oc"]?["corners"] as? [String: [String: Any]])
        #expect(oc["bottomTrailing"]?["rule"] as? String == "concentric")
        #expect(oc["bottomTrailing"]?["containerRadius"] as? Double == 50)
        #expect(oc["bottomTrailing"]?["computed"] as? Double == 30)
        #expect(oc["bottomTrailing"]?["minimum"] == nil)
        #expect(s["map"]?["corners"] == nil)
    }

    @Test func decisionsNameTheModelsChoices() throws {
        let s = try Self.shapes(["run", "-", "--json"], stdin: """
            screen 400x400 radius 0
            x: rect 100 size 40x40
            o: container circle size 200x100 < oc: concentric size 60x60 >
            f: concentric min 8 size 50x50 align topLeading pad 4

            """)
        #expect(s["x"]?["decisions"] as? [String] == ["clamped-to-half-side", "radius-overflow-clamped"])
        #expect(s["oc"]?["decisions"] as? [String] == ["circle-container-square"])
        #expect(s["o"]?["decisions"] == nil)
        let f = try #require(s["f"]?["decisions"] as? [String])
        #expect(f.contains("screen-container"))
        let mac = try Self.shapes(["run", "Tests/Fixtures/scenes/mac-window.scene", "--json"])
        #expect(mac["sidebar"]?["decisions"] as? [String] == ["chebyshev-distance", "screen-container"])
        let old = try Self.shapes(["run", "-", "--json"], stdin: "target ios18\nscreen iphone-16-pro\nk: concentric min 12 size 100x100\n")
        #expect((old["k"]?["decisions"] as? [String])?.contains("ios18-fallback") == true)
        #expect(old["k"]?["radii"] as? [String: Double] == Self.four(12))
    }

    /// `layers`: the shapes a node uses besides the one it draws, each with its resolved radii.
    @Test func layersListWhatANodeDoesNotDraw() throws {
        let s = try Self.shapes(["run", "-", "--json"], stdin: """
            screen 400x400 radius 0
            k: clip rect 12 size 80x80 < kk: rect 2 size 10x10 >
            m: rect 8 background rect 10 hit rect 6 size 60x60 align bottom
            g: glass rect 10 clip rect 4 size 60x60 align topLeading
            b: background rect 14 size 50x50 align topTrailing
            p: glass rect 10 size 60x60 align bottomLeading

            """)
        func layers(_ id: String) -> [[String: Any]] { s[id]?["layers"] as? [[String: Any]] ?? [] }
        #expect(layers("k").map { $0["role"] as? String } == ["clip"])
        #expect(layers("k").first?["kind"] as? String == "rect")
        #expect(layers("k").first?["radii"] as? [String: Double] == Self.four(12))
        #expect(layers("m").map { $0["role"] as? String } == ["background", "hit"])
        #expect(layers("m").map { $0["radii"] as? [String: Double] } == [Self.four(10), Self.four(6)])
        // The drawn glass shape and the drawn background are the shape itself, not listed.
        #expect(layers("g").map { $0["role"] as? String } == ["clip"])
        #expect(s["b"]?["layers"] == nil && s["b"]?["radii"] as? [String: Double] == Self.four(14))
        #expect(s["p"]?["layers"] == nil && s["kk"]?["layers"] == nil)
    }

    @Test func containerRadiiOnlyOnContainers() throws {
        let s = try Self.shapes(["run", "examples/map.scene", "--json"])
        #expect(s["map"]?["containerRadii"] as? [String: Double] == Self.four(34))
        #expect(s["card"]?["containerRadii"] as? [String: Double] == Self.four(22))
        #expect(s["t1"]?["containerRadii"] == nil)
        #expect(s["row"]?["containerRadii"] == nil)
        let mac = try Self.shapes(["run", "Tests/Fixtures/scenes/mac-window.scene", "--json"])
        #expect(mac["sidebar"]?["containerRadii"] as? [String: Double]
                == ["topLeading": 16, "topTrailing": 12, "bottomTrailing": 12, "bottomLeading": 16])
    }

    @Test func anErrorGivesNullScreenAndTargetAndNoShapes() throws {
        let r = try CLI.run(["run", "-", "--json"], stdin: "screen iphone-16-pro\nx: rect 1 / 0\ny: rect 4\n")
        #expect(r.status == 65)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(json["screen"] is NSNull, "screen must be present and null")
        #expect(json["target"] is NSNull, "target must be present and null")
        #expect((json["shapes"] as? [Any])?.isEmpty == true)
        let ds = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(ds.map { $0["code"] as? String } == ["division-by-zero"])
        #expect(ds.first?["file"] as? String == "<stdin>")
        #expect(ds.first?["endLine"] as? Int == 2 && ds.first?["endColumn"] as? Int == 14)
    }
}

/// README's examples are the program's real output: the map's source, the
/// `scene run` table and the REPL session are extracted from README.md and
/// compared with what the program prints, so README cannot drift.
struct READMETests {
    static func readme() throws -> String {
        try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The fenced block that starts with a line beginning `first`.
    static func block(startingWith first: String, after heading: String? = nil) throws -> [Substring] {
        var text = try readme()[...]
        if let heading { text = text[try #require(text.range(of: heading)).upperBound...] }
        let open = try #require(text.range(of: "```\n" + first), "README has no block starting `\(first)`")
        let body = text[text.index(open.lowerBound, offsetBy: 4)...]
        let close = try #require(body.range(of: "\n```"))
        return body[..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func theMapSourceIsTheExample() throws {
        let shown = try Self.block(startingWith: "# examples/map.scene")
        let file = try String(contentsOf: CLI.root.appendingPathComponent("examples/map.scene"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let code = Array(shown.dropFirst())
        let start = try #require(file.firstIndex(of: code[0]), "examples/map.scene has no line `\(code[0])`")
        #expect(Array(file[start..<min(file.count, start + code.count)]) == code)
    }

    /// The example is clean (`scene check examples/*.scene` finds nothing), so the block is the
    /// table alone and nothing goes to stderr.
    @Test func theRunTableIsTheProgramsOutput() throws {
        let shown = try Self.block(startingWith: "$ scene run examples/map.scene")
        let r = try CLI.run(["run", "examples/map.scene"])
        #expect(r.status == 0)
        #expect(shown.dropFirst().joined(separator: "\n") + "\n" == r.out, "README's table differs from `scene run examples/map.scene`")
        #expect(r.err.isEmpty, "examples/map.scene has findings: \(r.err)")
    }

    /// The check shown under it is the map before its fix: its start, up to the `…`, is what
    /// `scene check` prints.
    @Test func theCheckShownIsTheProgramsOutput() throws {
        let shown = try Self.block(startingWith: "$ scene check Tests/Fixtures/check/map-too-tight.scene")
        let r = try CLI.run(["check", "Tests/Fixtures/check/map-too-tight.scene"])
        let body = shown.dropFirst()
        let end = try #require(body.firstIndex(of: "…"), "README cuts the warnings with `…`")
        let shownErr = body[..<end].joined(separator: "\n") + "\n"
        #expect(body.count > 2 && r.err.hasPrefix(shownErr), "README's warnings differ from `scene check`: \(r.err)")
    }

    /// The Swift example is the fixture's code, and the check shown is what `scene check`
    /// prints for it, whole.
    @Test func theSwiftExampleIsTheFixtureAndItsCheck() throws {
        let path = "Tests/Fixtures/swift/readme-profile-card.swift"
        let readme = try Self.readme()
        let section = readme[try #require(readme.range(of: "## Check your SwiftUI code")).upperBound...]
        let open = try #require(section.range(of: "```swift\n"))
        let close = try #require(section[open.upperBound...].range(of: "\n```"))
        let code = section[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let file = try String(contentsOf: CLI.root.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(file.firstIndex(of: code[0]))
        #expect(Array(file[start..<min(file.count, start + code.count)]) == Array(code), "README's Swift differs from \(path)")
        let shown = try Self.block(startingWith: "$ scene check \(path)")
        let r = try CLI.run(["check", path])
        #expect(shown.dropFirst().joined(separator: "\n") + "\n" == r.err, "README's check differs from `scene check \(path)`: \(r.err)")
    }

    @Test func theREPLSessionIsTheProgramsOutput() throws {
        let shown = try Self.block(startingWith: "scene> ", after: "## The REPL")
        let script = REPLTranscriptTests.parse(try String(contentsOf: REPLTranscriptTests.dir.appendingPathComponent("readme-example.in"), encoding: .utf8))
        let run = try #require(script.runs.first)
        let sandbox = try REPLHarness.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let (out, status) = try REPLHarness.run(["--echo"] + run.args, input: run.input, in: sandbox)
        #expect(status == 0)
        if let d = Golden.firstDifference(out, shown.joined(separator: "\n") + "\n") {
            Issue.record("README's REPL session differs from scene-repl's output at line \(d.line): README `\(d.expected)`, program `\(d.actual)`")
        }
    }
}

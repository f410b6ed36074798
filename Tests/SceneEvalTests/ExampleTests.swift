import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// One expectation comment of a scene file, parsed exactly.
///
///     # expect: clean                       (the file produces no diagnostic at all)
///     # expect: LABEL radii TL TR BR BL
///     # expect: LABEL frame X Y W H
///     # expect: LABEL container ID          (a label, `screen`, or `-` for none)
///     # expect warning LINE:COL CODE        (also `error`, `note`)
///
/// Any line with a comment that looks like an expectation (`#`, spaces, `expe`, in
/// any case) and is not exactly one of these is an error, so a misspelt or
/// misformatted expectation cannot be skipped silently.
enum Expectation: Equatable {
    case clean
    case radii(label: String, [Double])
    case frame(label: String, [Double])
    case container(label: String, String)
    case diagnostic(String)  // "warning 25:11 container-too-tight"

    static var looksLikeOne: Regex<AnyRegexOutput> { try! Regex("#\\s*expe").ignoresCase() }
    static let number = "(-?[0-9]+(?:\\.[0-9]+)?)"
    static let name = "([A-Za-z_][A-Za-z0-9_-]*)"
    static var forms: [(Regex<AnyRegexOutput>, ([String]) -> Expectation)] { [
        (try! Regex("^# expect: clean$"), { _ in .clean }),
        (try! Regex("^# expect: \(name) radii \(number) \(number) \(number) \(number)$"),
         { .radii(label: $0[0], $0.dropFirst().map { Double($0)! }) }),
        (try! Regex("^# expect: \(name) frame \(number) \(number) \(number) \(number)$"),
         { .frame(label: $0[0], $0.dropFirst().map { Double($0)! }) }),
        (try! Regex("^# expect: \(name) container (\(name.dropFirst().dropLast())|-)$"),
         { .container(label: $0[0], $0[1]) }),
        (try! Regex("^# expect (error|warning|note) ([1-9][0-9]*:[1-9][0-9]*) ([a-z][a-z0-9]*(?:-[a-z0-9]+)*)$"),
         { .diagnostic($0.joined(separator: " ")) }),
    ] }

    /// nil when the line has nothing that looks like an expectation; else the
    /// expectation, or an error saying why it is not one.
    static func parse(_ raw: Substring) -> Result<Expectation, Malformed>? {
        guard raw.contains(looksLikeOne) else { return nil }
        let line = raw.drop { $0 == " " || $0 == "\t" }
        for (regex, make) in forms {
            if let m = try? regex.wholeMatch(in: line) {
                return .success(make(m.output.dropFirst().map { $0.substring.map(String.init) ?? "" }))
            }
        }
        return .failure(Malformed(line: String(line)))
    }

    struct Malformed: Error, Equatable { var line: String }
}

/// Scene files carry their expectations as comments (`Expectation`), checked here.
/// The diagnostics a file produces (compiler and checker) must be exactly the ones
/// it declares; a file that should produce none says `# expect: clean`. Every scene
/// in every folder carries expectations; the runnable examples also check shapes.
struct ExampleTests {
    static let folders = ["examples", "examples/lint", "Tests/Fixtures/scenes", "Tests/Fixtures/check"]
    /// How many scenes each folder holds at least (a renamed or emptied folder fails).
    static let minimum = ["examples": 7, "examples/lint": 24, "Tests/Fixtures/scenes": 1, "Tests/Fixtures/check": 1]

    static var files: [String] {
        folders.flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".scene") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test func everyFolderHoldsItsScenes() {
        for folder in Self.folders {
            let dir = packageRoot.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
                Issue.record("\(folder) is missing")
                continue
            }
            let count = names.filter { $0.hasSuffix(".scene") }.count
            #expect(count >= Self.minimum[folder]!, "\(folder) holds \(count) scenes, expected at least \(Self.minimum[folder]!)")
        }
    }

    @Test func thereAreExamples() {
        let names = Set(Self.files.map { ($0 as NSString).lastPathComponent })
        for required in ["card.scene", "map.scene", "sheet.scene", "nested.scene", "fallback.scene", "corners.scene", "verify.scene"] {
            #expect(names.contains(required), "examples/\(required) is missing")
        }
    }

    @Test("expectations parse exactly or fail", arguments: [
        ("# expect: clean", Expectation.clean),
        ("  # expect: card radii 16 16 16 16", .radii(label: "card", [16, 16, 16, 16])),
        ("# expect: t1 frame 97 469 64 64.5", .frame(label: "t1", [97, 469, 64, 64.5])),
        ("# expect: photo container -", .container(label: "photo", "-")),
        ("# expect: photo container screen", .container(label: "photo", "screen")),
        ("# expect warning 25:11 container-too-tight", .diagnostic("warning 25:11 container-too-tight")),
        ("# expect note 3:1 glass-unavailable", .diagnostic("note 3:1 glass-unavailable")),
    ])
    func wellFormed(_ line: String, _ expected: Expectation) throws {
        #expect(try Expectation.parse(Substring(line))?.get() == expected)
    }

    @Test("a comment that looks like an expectation and is not one is an error", arguments: [
        "# expext: card radii 16 16 16 16", "#expect: card radii 16 16 16 16", "# Expect: card radii 16 16 16 16",
        "# EXPECT warning 1:1 container-too-tight", "# expect warnings 1:1 container-too-tight",
        "# expect warning 1:1", "# expect warning 1 container-too-tight", "# expect warning 1:1 container-too-tight extra",
        "# expect: card radii 28 28 28 28 junk", "# expect: card radii 28 28 28", "# expect: card radii 28 28 28 x",
        "# expect: card frame 1 2 3", "# expect: card frame 1 2 3 4 5", "# expect: card container screen extra words",
        "# expect: card container", "# expect: card colour red", "# expect:  card radii 1 1 1 1", "# expect: card radii 1 1 1 1 ",
        "# expect: clean please", "# expect:clean", "# expectations follow", "card: rect 4 # expect: card radii 4 4 4 4",
        "# expect: card radii nan 1 1 1", "# expect: card radii 1e3 1 1 1",
    ])
    func malformed(_ line: String) {
        guard case .failure? = Expectation.parse(Substring(line)) else {
            Issue.record("`\(line)` was accepted")
            return
        }
    }

    @Test func ordinaryCommentsAreNotExpectations() {
        for line in ["# a card with a photo", "card: rect 4 fill #eee", "# expressive corners", "let x = 1"] {
            #expect(Expectation.parse(Substring(line)) == nil, "\(line)")
        }
    }

    @Test(arguments: ExampleTests.files)
    func example(_ path: String) throws {
        let url = packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = SourceFile(name: path, text: text)
        let (c, diagnostics) = Pipeline.compileAndCheck(file)

        var expectedDiagnostics: [String] = []
        var clean = false, checks = 0
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let where_ = "\(path):\(n + 1)"
            switch Expectation.parse(raw) {
            case nil: continue
            case .failure(let bad)?:
                Issue.record("\(where_): malformed expectation `\(bad.line)`")
            case .success(.clean)?:
                clean = true
            case .success(.diagnostic(let d))?:
                expectedDiagnostics.append(d)
            case .success(let shapeCheck)?:
                checks += 1
                check(shapeCheck, in: c.scene, at: where_)
            }
        }
        let got = diagnostics.map { d -> String in
            let loc = file.location(of: d.range.start)
            return "\(d.severity.rawValue) \(loc.line):\(loc.column) \(d.code)"
        }
        #expect(got.sorted() == expectedDiagnostics.sorted(), "\(path): diagnostics differ")
        #expect(clean || !expectedDiagnostics.isEmpty,
                "\(path) declares no diagnostics: add `# expect: clean` if it should produce none, else its `# expect warning …` lines")
        #expect(!(clean && !expectedDiagnostics.isEmpty), "\(path) says `# expect: clean` and also expects diagnostics")
        if path.hasPrefix("examples/") && !path.hasPrefix("examples/lint/") {
            #expect(checks > 0, "\(path) carries no shape expectations")
            #expect(!diagnostics.hasErrors, "\(path) must run without errors")
        }
    }

    func check(_ e: Expectation, in scene: ResolvedScene?, at where_: String) {
        let label: String
        switch e {
        case .radii(let l, _), .frame(let l, _), .container(let l, _): label = l
        case .clean, .diagnostic: return
        }
        guard let scene else { Issue.record("\(where_): cannot check \(label): the scene has errors"); return }
        guard let i = scene.index(ofLabel: label) else { Issue.record("\(where_): no shape labelled `\(label)`"); return }
        let shape = scene.shapes[i]
        switch e {
        case .radii(_, let want):
            #expect(shape.radii.values == want, "\(where_): \(label) radii are \(shape.radii)")
        case .frame(_, let want):
            let f = shape.frame
            #expect([f.x, f.y, f.width, f.height] == want, "\(where_): \(label) frame is \(f)")
        case .container(_, let want):
            let got = scene.containerName(shape.container) ?? "-"
            // Only kinds whose radii come from their container resolve against one.
            let why = shape.kind.row.radii == .container ? ""
                : " (a `\(shape.kind.rawValue)` takes its radii \(shape.kind.row.radii == .frame ? "from its frame" : "as written"), so it resolves against no container: write `# expect: \(label) container -`, or expect its radii or frame)"
            #expect(got == want, "\(where_): \(label) resolved against \(got)\(why)")
        case .clean, .diagnostic: break
        }
    }
}

/// Rendered diagnostics, compared with golden files in Tests/Fixtures/diagnostics:
/// each `NAME.scene` has `NAME.txt`, exactly what `scene run` prints on stderr.
struct DiagnosticGoldenTests {
    static let folder = Golden.Folder("Tests/Fixtures/diagnostics", input: "scene", output: "txt", minimum: 15)

    @Test func theFolderIsComplete() { Self.folder.expectComplete() }

    @Test(arguments: DiagnosticGoldenTests.folder.names)
    func golden(_ name: String) throws {
        let url = Self.folder.url.appendingPathComponent(name + ".scene")
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = SourceFile(name: name + ".scene", bytes: bytes)
        let ds = Pipeline.compileAndCheck(file).diagnostics
        #expect(!ds.isEmpty, "\(name).scene should produce diagnostics")
        let rendered = DiagnosticRenderer(color: false).render(ds, in: file)
        try Golden.check(rendered, at: Self.folder.url.appendingPathComponent(name + ".txt"), filter: "DiagnosticGolden")
    }
}

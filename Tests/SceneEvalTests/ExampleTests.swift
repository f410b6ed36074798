import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Scene files carry their expectations as comments, checked here:
///
///     # expect: LABEL radii TL TR BR BL
///     # expect: LABEL frame X Y W H
///     # expect: LABEL container NAME        (an id, `screen`, or `-` for none)
///     # expect warning LINE:COL CODE        (also `error`, `note`)
///
/// The diagnostics a file produces (compiler and checker) must be exactly the
/// ones it declares, so an example that "runs clean" declares none.
struct ExampleTests {
    static let folders = ["examples", "examples/lint", "Tests/Fixtures/scenes"]

    static var files: [String] {
        var out: [String] = []
        for folder in folders {
            let dir = packageRoot.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            out += names.filter { $0.hasSuffix(".scene") }.sorted().map { "\(folder)/\($0)" }
        }
        return out
    }

    @Test func thereAreExamples() {
        let names = Set(Self.files.map { ($0 as NSString).lastPathComponent })
        for required in ["card.scene", "map.scene", "sheet.scene", "nested.scene", "fallback.scene", "corners.scene"] {
            #expect(names.contains(required), "examples/\(required) is missing")
        }
    }

    @Test(arguments: ExampleTests.files)
    func example(_ path: String) throws {
        let url = packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = SourceFile(name: path, text: text)
        let (c, diagnostics) = Pipeline.compileAndCheck(file)

        var expectedDiagnostics: [String] = []
        var checks = 0
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let where_ = "\(path):\(n + 1)"
            if line.hasPrefix("# expect error ") || line.hasPrefix("# expect warning ") || line.hasPrefix("# expect note ") {
                let parts = line.dropFirst("# expect ".count).split(separator: " ")
                #expect(parts.count == 3, "\(where_): malformed expectation")
                expectedDiagnostics.append(parts.joined(separator: " "))
                continue
            }
            guard line.hasPrefix("# expect:") else { continue }
            let parts = line.dropFirst("# expect:".count).split(separator: " ").map(String.init)
            guard parts.count >= 3, let scene = c.scene else {
                Issue.record("\(where_): cannot check `\(line)` (malformed, or the scene has errors)")
                continue
            }
            guard let i = scene.index(ofLabel: parts[0]) else {
                Issue.record("\(where_): no shape labelled `\(parts[0])`")
                continue
            }
            let shape = scene.shapes[i]
            checks += 1
            switch parts[1] {
            case "radii":
                let want = parts.dropFirst(2).compactMap(Double.init)
                #expect(want.count == 4, "\(where_): radii takes four numbers")
                #expect(shape.radii.values == want, "\(where_): \(parts[0]) radii are \(shape.radii)")
            case "frame":
                let want = parts.dropFirst(2).compactMap(Double.init)
                let f = shape.frame
                #expect([f.x, f.y, f.width, f.height] == want, "\(where_): \(parts[0]) frame is \(f)")
            case "container":
                let got = scene.containerName(shape.container) ?? "-"
                #expect(got == parts[2], "\(where_): \(parts[0]) resolved against \(got)")
            default:
                Issue.record("\(where_): unknown expectation `\(parts[1])`")
            }
        }
        let got = diagnostics.map { d -> String in
            let loc = file.location(of: d.range.start)
            return "\(d.severity.rawValue) \(loc.line):\(loc.column) \(d.code)"
        }
        #expect(got.sorted() == expectedDiagnostics.sorted(), "\(path): diagnostics differ")
        if path.hasPrefix("examples/") && !path.hasPrefix("examples/lint/") {
            #expect(checks > 0, "\(path) carries no expectations")
            #expect(!diagnostics.hasErrors, "\(path) must run without errors")
        }
    }
}

/// Rendered diagnostics, compared with golden files in Tests/Fixtures/diagnostics:
/// each `NAME.scene` has `NAME.txt`, exactly what `scene run` prints on stderr.
struct DiagnosticGoldenTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/diagnostics")
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".scene") }.sorted()
    }

    @Test func thereAreGoldens() { #expect(Self.files.count >= 10) }

    @Test(arguments: DiagnosticGoldenTests.files)
    func golden(_ name: String) throws {
        let url = Self.folder.appendingPathComponent(name)
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = SourceFile(name: name, bytes: bytes)
        let ds = Pipeline.compileAndCheck(file).diagnostics
        #expect(!ds.isEmpty, "\(name) should produce diagnostics")
        let rendered = DiagnosticRenderer(color: false).render(ds, in: file)
        assertGolden(rendered, at: url.deletingPathExtension().appendingPathExtension("txt"))
    }
}

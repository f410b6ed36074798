import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// Golden SwiftUI: every example that compiles has its `--swiftui` output checked in
/// beside it (`map.scene` → `map.swift`). Re-record with
/// `SCENE_RECORD=1 swift test --filter SwiftUIGolden` (the recording run fails on purpose).
@Suite("SwiftUI goldens")
struct SwiftUIGoldenTests {
    @Test("every example's SwiftUI matches its golden file", arguments: SVGGoldenTests.sources().map(\.path))
    func golden(_ path: String) throws {
        let source = SVGGoldenTests.Source(path: path)
        let export = try #require(SwiftUIWriter.export(SourceFile(name: path, text: source.text)))
        try Golden.check(export.code, at: source.url.deletingPathExtension().appendingPathExtension("swift"), filter: "SwiftUIGolden")
    }

    @Test("every checked-in .swift belongs to an example that compiles")
    func noOrphans() {
        let drawn = Set(SVGGoldenTests.sources().map { String($0.path.dropLast(".scene".count)) })
        for swift in SVGGoldenTests.files("swift") {
            #expect(drawn.contains(String(swift.dropLast(".swift".count))), "\(swift) has no example that compiles beside it")
        }
    }

    /// docs/swiftui.md shows the map's output in full: the golden, verbatim.
    @Test("docs/swiftui.md shows the map's output as it is")
    func docsShowTheMap() throws {
        let doc = try String(contentsOf: SVGTest.root.appendingPathComponent("docs/swiftui.md"), encoding: .utf8)
        let map = try String(contentsOf: SVGTest.root.appendingPathComponent("examples/map.swift"), encoding: .utf8)
        #expect(doc.contains("```swift\n" + map + "```\n"), "docs/swiftui.md's map output differs from examples/map.swift")
    }

    /// The README quotes the map's output, shortened with `…`: every line it quotes whole is a
    /// line of the golden (its `iOS 18:` comment once said 16 where the code says 22).
    @Test("the README's SwiftUI excerpt quotes the map's output as it is")
    func readmeQuotesTheMap() throws {
        let readme = try String(contentsOf: SVGTest.root.appendingPathComponent("README.md"), encoding: .utf8)
        let map = Set(try String(contentsOf: SVGTest.root.appendingPathComponent("examples/map.swift"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let start = try #require(readme.range(of: "```swift\nenum MapCorners {"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let quoted = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let whole = quoted.filter { !$0.contains("…") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(whole.count >= 10, "\(whole)")
        for line in whole where !map.contains(line) {
            Issue.record("README quotes a line examples/map.swift does not have: \(line)")
        }
    }
}

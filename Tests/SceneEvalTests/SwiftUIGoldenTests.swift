import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Golden SwiftUI: every example that compiles has its `--swiftui` output checked in
/// beside it (`map.scene` → `map.swift`). Re-record with
/// `SCENE_RECORD=1 swift test --filter SwiftUIGolden` (the recording run fails on purpose).
@Suite("SwiftUI goldens")
struct SwiftUIGoldenTests {
    @Test("every example's SwiftUI matches its golden file", arguments: SVGGoldenTests.sources().map(\.path))
    func golden(_ path: String) throws {
        let source = SVGGoldenTests.Source(path: path)
        let export = try #require(SwiftUIWriter.export(SourceFile(name: path, text: source.text)))
        assertGolden(export.code, at: source.url.deletingPathExtension().appendingPathExtension("swift"))
    }

    @Test("every checked-in .swift belongs to an example that compiles")
    func noOrphans() {
        let drawn = Set(SVGGoldenTests.sources().map { String($0.path.dropLast(".scene".count)) })
        for swift in SVGGoldenTests.files("swift") {
            #expect(drawn.contains(String(swift.dropLast(".swift".count))), "\(swift) has no example that compiles beside it")
        }
    }
}

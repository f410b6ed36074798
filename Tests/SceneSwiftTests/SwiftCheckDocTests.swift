import Foundation
import Testing
import SceneLang
import SceneTestSupport
@testable import SceneSwift

/// docs/swift-check.md's two lists of what the reader reads, checked against the
/// code (docs/architecture.md, "Add a shape kind", SwiftUI): the table "What the
/// reader understands" names every kind's SwiftUI shape (the shape-kind table's
/// `swiftUI` column), and "Speed" names every word of the prefilter's byte scan
/// (`Prefilter.words`; `ShapeKindReaderTests` fails until a file drawing a new
/// kind passes that scan).
struct SwiftCheckDocTests {
    static func section(_ title: String) throws -> Substring {
        let doc = try String(contentsOf: Golden.root.appendingPathComponent("docs/swift-check.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "\n## \(title)\n"))
        let rest = doc[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    @Test func theReaderTableNamesEveryKindsSwiftUIShape() throws {
        let table = try Self.section("What the reader understands")
        for kind in ShapeKind.shapes {
            guard let name = kind.row.swiftUI else { continue }
            #expect(table.contains("`\(name)`") || table.contains("`\(name)("),
                    "docs/swift-check.md's table of what the reader reads does not name `\(name)` (`\(kind.rawValue)`; recipe: add a shape kind, SwiftUI)")
        }
    }

    @Test func speedNamesEveryPrefilterWord() throws {
        let speed = try Self.section("Speed")
        for word in Prefilter.words {
            #expect(speed.contains("`\(word)`"),
                    "docs/swift-check.md's Speed does not name the prefilter's word `\(word)` (recipe: add a shape kind, SwiftUI)")
        }
    }
}

import Foundation
import Testing
import SceneLang
import SceneTestSupport

/// The places a recipe in docs/architecture.md sends a reader to, checked so that
/// a skipped step fails here with the step named: every shape kind in the docs'
/// tables and in the SwiftUI stub the type checker compiles against, and every
/// module in README's "Layout of the code".
struct DocsTablesTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Golden.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyShapeKindIsInTheDocsTables() throws {
        let architecture = try Self.read("docs/architecture.md")
        let grammar = try Self.read("grammar.md")
        let swiftUIDoc = try Self.read("docs/swiftui.md").split(separator: "\n").filter { $0.hasPrefix("|") }
        for kind in ShapeKind.shapes {
            let kw = kind.rawValue
            #expect(architecture.contains("| `\(kw)` | `\(kw)` |"),
                    "docs/architecture.md's shape-kind table has no row for `\(kw)` (recipe: add a shape kind, words)")
            #expect(grammar.contains("\"\(kw)\""), "grammar.md's shape production does not name \"\(kw)\" (recipe: add a shape kind, words)")
            #expect(swiftUIDoc.contains { $0.contains("`\(kw)`") || $0.contains("`\(kw) ") || $0.contains("`\(kw)(") },
                    "docs/swiftui.md's table does not say what `\(kw)` is written as (recipe: add a shape kind, SwiftUI)")
        }
    }

    /// grammar.md's "Keywords:" paragraph is the `Keyword` enum, word for word and in order.
    @Test func grammarListsEveryKeyword() throws {
        let grammar = try Self.read("grammar.md")
        let start = try #require(grammar.range(of: "Keywords: `"))
        let end = try #require(grammar[start.upperBound...].firstIndex(of: "`"))
        let words = grammar[start.upperBound..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(words == Keyword.allCases.map(\.rawValue),
                "grammar.md's Keywords paragraph differs from `Keyword` (recipe: add a shape kind, words)")
    }

    /// The export names each kind's SwiftUI type; the stub the typecheck tests compile
    /// against must declare it, or an export using the kind cannot be checked.
    @Test func theSwiftUIStubDeclaresEveryKindsType() throws {
        let stub = try Self.read("Tests/Fixtures/swiftui/SwiftUI.swift")
        for kind in ShapeKind.shapes {
            guard let name = kind.row.swiftUI else { continue }
            #expect(stub.contains("struct \(name):") || stub.contains("struct \(name) "),
                    "Tests/Fixtures/swiftui/SwiftUI.swift declares no `\(name)` for `\(kind.rawValue)` (recipe: add a shape kind, SwiftUI)")
        }
    }

    /// README's "Layout of the code" names every module under Sources/ and every plugin under Plugins/.
    @Test func readmeNamesEveryModule() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.range(of: "## Layout of the code").map { r in
            readme[r.upperBound...].prefix { _ in true }.components(separatedBy: "\n## ").first ?? ""
        })
        let modules = try FileManager.default.contentsOfDirectory(atPath: Golden.root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(modules.count >= 7)
        for m in modules {
            #expect(section.contains("`Sources/\(m)`") || section.contains("`\(m)`"),
                    "README's \"Layout of the code\" does not name the module \(m) (Sources/\(m))")
        }
        // The package's plugins are modules too.
        let plugins = try FileManager.default.contentsOfDirectory(atPath: Golden.root.appendingPathComponent("Plugins").path)
            .filter { !$0.hasPrefix(".") }
        #expect(!plugins.isEmpty)
        for p in plugins {
            #expect(section.contains("`Plugins/\(p)`"), "README's \"Layout of the code\" does not name the plugin \(p) (Plugins/\(p))")
        }
    }
}

import Foundation
import Testing
import SceneLang
import SceneEval
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

    /// Step 8: docs/testing.md lists the kinds the SVG read-back checks, and README's SVG
    /// section says how every kind not drawn as a rounded rectangle is drawn.
    @Test func theTestingDocAndREADMENameEveryDrawnKind() throws {
        let testing = try Self.read("docs/testing.md")
        let list = try #require(testing.firstMatch(of: #/every corner of every drawn kind \(([^)]*)\)/#)?.1)
        let listed = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(listed == ShapeKind.keywordNames,
                "docs/testing.md's \"every corner of every drawn kind (…)\" lists \(listed), not the table's \(ShapeKind.keywordNames) (recipe: add a shape kind, words)")
        let readme = try Self.read("README.md")
        let svg = try #require(readme.components(separatedBy: "\n### SVG\n").dropFirst().first?.components(separatedBy: "\n### ").first)
        for kind in ShapeKind.shapes {
            let frame = Frame(x: 0, y: 0, width: 100, height: 60)
            switch kind.outline(frame: frame, radii: Radii(all: 8), style: .continuous).geometry {
            case .roundedRect: continue
            case .capsule, .circle, .ellipse:
                #expect(svg.contains(kind.rawValue), "README's \"SVG\" section does not say how a `\(kind.rawValue)` is drawn (recipe: add a shape kind, words)")
            }
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

/// The recipe's steps that no code path needs but the docs and examples promise
/// (docs/architecture.md, "Add a shape kind"): every kind drawn by some example, and
/// named by the random scenes of the fuzzer. (docs/swift-check.md's lists are checked
/// in SceneSwiftTests, which can read `Prefilter.words`.)
struct RecipeStepsTests {
    /// The example scenes, recursively under examples/.
    static func exampleScenes() throws -> [(path: String, text: String)] {
        let root = Golden.root.appendingPathComponent("examples")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".scene") }.sorted().map {
            ("examples/" + $0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Step 7: an example draws the kind (the only end-to-end check of it in a whole
    /// scene, its `.svg` and `.swift` goldens recorded with it).
    @Test func everyShapeKindIsDrawnBySomeExample() throws {
        let scenes = try Self.exampleScenes()
        #expect(scenes.count >= 30)
        var drawn = Set<ShapeKind>()
        for s in scenes {
            guard let scene = Pipeline.compile(SourceFile(name: s.path, text: s.text)).scene else { continue }
            drawn.formUnion(scene.shapes.map(\.kind))
        }
        for kind in ShapeKind.shapes {
            #expect(drawn.contains(kind), "no scene under examples/ draws `\(kind.rawValue)` (recipe: add a shape kind, an example and its goldens)")
        }
    }

    /// Step 6: the fuzzer's generator (`Tests/Fuzz/Generator.swift`, not a SwiftPM
    /// target, so read as text) writes every kind: each keyword starts a string literal
    /// in its `shape` function, or it calls a function of the kind's name (a kind with
    /// arguments needs them written, so the list
    /// cannot come from the table without changing what every corpus input means).
    @Test func theFuzzGeneratorWritesEveryShapeKind() throws {
        let source = try DocsTablesTests.read("Tests/Fuzz/Generator.swift")
        let start = try #require(source.range(of: "mutating func shape("))
        let body = source[start.upperBound...].components(separatedBy: "\n    mutating func ").first ?? ""
        for kind in ShapeKind.shapes {
            let kw = kind.rawValue
            // `"rect `, `"uneven(`, `"capsule"`, or a function of its own (`concentric(depth)`).
            let written = [" ", "(", "\""].contains { body.contains("\"\(kw)\($0)") } || body.contains("\(kw)(depth)")
            #expect(written, "Tests/Fuzz/Generator.swift's shape(_:) never writes `\(kw)` (recipe: add a shape kind, tests over every kind)")
        }
        // Every case is reached: `switch r.u8() % M` with cases 0, 1, … below M, then a `default`
        // (a kind written as `case 9:` under `% 9` would be in the text and never drawn).
        let modulus = try #require(body.firstMatch(of: #/switch r\.u8\(\) % ([0-9]+) \{/#).flatMap { Int($0.1) })
        let switchStart = try #require(body.range(of: "switch r.u8() %"))
        let cases = body[switchStart.lowerBound...].components(separatedBy: "default:").first ?? ""
        let numbers = cases.matches(of: #/case ([0-9]+):/#).compactMap { Int($0.1) }
        #expect(numbers == Array(0..<numbers.count) && numbers.count < modulus,
                "Tests/Fuzz/Generator.swift's shape(_:) switches over `% \(modulus)` with cases \(numbers): number the cases 0, 1, … in order, below the modulus (raise it by one for a new case), so each is drawn")
    }
}

/// The lint recipe's step 4: a rule has a focused test of its own, which names it. The
/// gallery, the catalogue and the docs tests read every rule alike, so they do not count;
/// before this, leaving the step out failed nothing (the recipe trial of `tiny-radius`).
struct RuleTestsTests {
    /// Test files that treat every rule alike (tables, catalogue, docs, the gallery).
    static let generic: Set<String> = ["DiagnosticCatalogueTests.swift", "DocsTablesTests.swift", "DocsWordsTests.swift"]

    @Test func everyLintRuleIsNamedByATestOfItsOwn() throws {
        let tests = Golden.root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Fixtures/") && !Self.generic.contains(($0 as NSString).lastPathComponent) }
        let texts = try files.map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.count > 50)
        for rule in DiagnosticCode.lintRules {
            let named = texts.contains { $0.contains("\"\(rule.rawValue)\"") || $0.contains(".\(rule)") }
            #expect(named, "no test names the lint rule `\(rule.rawValue)` (docs/architecture.md, add a lint rule, step 4: a focused test)")
        }
    }
}

import Foundation
import Testing
import SceneLang
import SceneEval
import SceneTestSupport
@testable import SceneSwift

/// One fixture's expectations, parsed exactly from its `// expect` comments:
///
///     // expect: clean                        no finding at all
///     // expect warning LINE:COL CODE         a finding at that place (also `error`, `note`)
///     // expect warning LINE:COL CODE (nearest rounded ancestor)
///                                             one that needs the checker to measure a shape
///                                             against its nearest visibly rounded ancestor
///                                             when no container is declared
///     // clean example of: CODE               the fixture is that rule's non-triggering example
///     // modelled on: OWNER/REPO PATH         the real file its structure follows
struct SwiftFixture {
    struct Expected: Hashable { var severity: String; var line: Int; var column: Int; var code: String; var ancestor: Bool }
    var url: URL
    var clean = false
    var expected: [Expected] = []
    var cleanExampleOf: [String] = []
    var modelledOn: String?

    static let folder = Golden.root.appendingPathComponent("Tests/Fixtures/swift")

    static func all() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Parses the comments; a comment that looks like an expectation but is not exactly one is an error.
    static func parse(_ url: URL) throws -> SwiftFixture {
        var f = SwiftFixture(url: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let slash = line.range(of: "//") else { continue }
            let comment = line[slash.upperBound...].trimmingCharacters(in: .whitespaces)
            let lower = comment.lowercased()
            func bad() -> Error { FixtureError.malformed("\(url.lastPathComponent):\(n + 1): `\(comment)`") }
            if lower.hasPrefix("expect") || lower.hasPrefix("expext") {
                if comment == "expect: clean" { f.clean = true; continue }
                var words = comment.split(separator: " ").map(String.init)
                var ancestor = false
                if comment.hasSuffix(" (nearest rounded ancestor)") { ancestor = true; words.removeLast(3) }
                guard words.count == 4, words[0] == "expect", ["warning", "error", "note"].contains(words[1]) else { throw bad() }
                let lc = words[2].split(separator: ":")
                guard lc.count == 2, let l = Int(lc[0]), let c = Int(lc[1]), DiagnosticCode(rawValue: words[3]) != nil else { throw bad() }
                f.expected.append(Expected(severity: words[1], line: l, column: c, code: words[3], ancestor: ancestor))
            } else if lower.hasPrefix("clean example of") {
                guard comment.hasPrefix("clean example of: "), let code = DiagnosticCode(rawValue: String(comment.dropFirst(18))) else { throw bad() }
                f.cleanExampleOf.append(code.rawValue)
            } else if lower.hasPrefix("modelled on") {
                let rest = comment.dropFirst("modelled on: ".count).split(separator: " ")
                guard comment.hasPrefix("modelled on: "), rest.count >= 2, rest[0].split(separator: "/").count == 2 else { throw bad() }
                f.modelledOn = String(rest[0]) + " " + rest[1...].joined(separator: " ")
            }
        }
        guard f.clean != !f.expected.isEmpty else {
            throw FixtureError.malformed("\(url.lastPathComponent): needs `// expect: clean` or `// expect warning …` lines, not both and not neither")
        }
        return f
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case malformed(String)
    var description: String { switch self { case .malformed(let s): "malformed expectation: " + s } }
}

/// Whether the checker measures a fixed radius against its nearest visibly rounded ancestor
/// when no container is declared (the pre-iOS 26 pattern): fixtures that need it say so.
let checkerHasAncestorRule: Bool = {
    let probe = "screen 1000x1000 radius 0\ncard: rect 20 size 300x200 <\n  photo: rect 4 pad 8\n>\n"
    return Pipeline.compileAndCheck(SourceFile(name: "probe", text: probe)).diagnostics.contains { $0.id == .pinchedCorner }
}()

func findings(_ url: URL) throws -> (file: SourceFile, found: [SwiftFixture.Expected]) {
    let file = SourceFile(name: url.lastPathComponent, bytes: [UInt8](try Data(contentsOf: url)))
    let r = SwiftRead([file]).check()[0]
    return (file, r.diagnostics.map { d in
        let at = file.location(of: d.range.start)
        return SwiftFixture.Expected(severity: d.severity.rawValue, line: at.line, column: at.column, code: d.code, ancestor: false)
    })
}

struct SwiftFixtureTests {
    @Test(arguments: try SwiftFixture.all())
    func fixtureFindsExactlyWhatItExpects(_ url: URL) throws {
        let f = try SwiftFixture.parse(url)
        let (_, found) = try findings(url)
        let want = f.expected.filter { !$0.ancestor || checkerHasAncestorRule }
            .map { SwiftFixture.Expected(severity: $0.severity, line: $0.line, column: $0.column, code: $0.code, ancestor: false) }
        #expect(Set(found) == Set(want), "\(url.lastPathComponent): found \(found), expected \(want)")
        #expect(found.count == want.count, "\(url.lastPathComponent): a finding reported twice")
        for code in f.cleanExampleOf { #expect(!found.contains { $0.code == code }) }
    }

    @Test func theCorpusIsLargeAndHalfOfItModelledOnRealCode() throws {
        let all = try SwiftFixture.all().map(SwiftFixture.parse)
        #expect(all.count >= 30)
        let modelled = all.compactMap(\.modelledOn)
        #expect(modelled.count >= 10, "fixtures modelled on real code: \(modelled.count)")
        #expect(Set(modelled).count == modelled.count, "two fixtures name the same file")
    }

    @Test func everySwiftRuleHasATriggeringAndACleanExample() throws {
        let all = try SwiftFixture.all().map(SwiftFixture.parse)
        for rule in swiftRules.map(\.rawValue) {
            #expect(all.contains { $0.expected.contains { $0.code == rule && !$0.ancestor } }, "no fixture triggers \(rule)")
            #expect(all.contains { $0.cleanExampleOf.contains(rule) }, "no clean example of \(rule)")
        }
    }

    /// Every lint rule is decided for Swift files: applied (`swiftRules`, with fixtures above)
    /// or left out with its reason (`sceneOnlyRules`), never both, and docs/swift-check.md's
    /// "The rules" names each (the lint recipe's step for the Swift front end).
    @Test func everyLintRuleIsDecidedForSwift() throws {
        let doc = try String(contentsOf: Golden.root.appendingPathComponent("docs/swift-check.md"), encoding: .utf8)
        let section = doc.components(separatedBy: "\n## The rules\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        for code in DiagnosticCode.allCases where code.isLintRule {
            let applied = swiftRules.contains(code), skipped = sceneOnlyRules[code] != nil
            #expect(applied != skipped, "`\(code.rawValue)` must be in exactly one of swiftRules and sceneOnlyRules (Sources/SceneSwift/SwiftCheck.swift; recipe: add a lint rule)")
            #expect(section.contains("`\(code.rawValue)`"), "docs/swift-check.md's \"The rules\" does not name `\(code.rawValue)`")
        }
        #expect(sceneOnlyRules.keys.allSatisfy { $0.isLintRule })
    }

    @Test func aMalformedExpectationIsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-fixture-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for bad in ["// expect warning 3 pinched-corner", "// expect: Clean", "// expext: clean", "// expect warning 3:4 pinched",
                    "// expect warning 3:4 pinched-corner extra", "// clean example of: nothing", "// modelled on: nowhere"] {
            let u = dir.appendingPathComponent("bad.swift")
            try Data((bad + "\n// expect: clean\n").utf8).write(to: u)
            #expect(throws: FixtureError.self) { try SwiftFixture.parse(u) }
        }
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// `scene check examples/*.scene` is clean: the top-level examples are models to copy, so
/// none of them has a finding. Where an example shows something on purpose that a rule
/// reports (Apple's documented initialisers with no minimum, plain subtraction down to a
/// square corner), it says so with `# scene: ignore RULE -- why`, and each of those
/// comments must silence something: without it, its rule fires there.
/// (`examples/lint/` keeps its findings: showing them is its purpose.)
struct ExamplesCleanTests {
    static var examples: [String] {
        let dir = packageRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".scene") }.sorted().map { "examples/\($0)" }
    }

    static func diagnostics(_ path: String, _ text: String) -> [Diagnostic] {
        Pipeline.compileAndCheck(SourceFile(name: path, text: text)).diagnostics
    }

    /// The rules a suppression comment on this line names (`# scene: ignore a b -- why`).
    static func suppressed(_ line: Substring) -> (comment: Range<Substring.Index>, rules: [String])? {
        guard let at = line.range(of: "# scene: ignore") else { return nil }
        var rest = line[at.upperBound...]
        if rest.hasPrefix("-file") { rest = rest.dropFirst("-file".count) }
        let list = rest.components(separatedBy: "--")[0]
        let rules = list.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        return (at.lowerBound..<line.endIndex, rules)
    }

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 7, "\(Self.examples)")
    }

    @Test(arguments: ExamplesCleanTests.examples)
    func noFindings(_ path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let found = Self.diagnostics(path, text)
        #expect(found.isEmpty, "\(path): \(found.map { "\($0.code) \($0.message)" })")
    }

    /// Each suppression, taken out alone, lets its rules' findings through.
    @Test(arguments: ExamplesCleanTests.examples)
    func everySuppressionSilencesSomething(_ path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let base = Self.diagnostics(path, text)
        for (n, line) in lines.enumerated() {
            guard let (comment, rules) = Self.suppressed(line) else { continue }
            #expect(!rules.isEmpty, "\(path):\(n + 1) names no rule")
            var without = lines.map(String.init)
            without[n] = String(line[..<comment.lowerBound])
            let after = Self.diagnostics(path, without.joined(separator: "\n"))
            for rule in rules {
                let before = base.filter { $0.code == rule }.count
                let now = after.filter { $0.code == rule }.count
                #expect(now > before, "\(path):\(n + 1): `# scene: ignore \(rule)` silences nothing")
            }
        }
    }

    /// The examples that show deliberate findings carry suppressions, so the test above
    /// checks something.
    @Test func theDeliberateFindingsAreSuppressed() throws {
        var count = 0
        for path in Self.examples {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            count += text.split(separator: "\n").filter { Self.suppressed($0) != nil }.count
        }
        #expect(count >= 6, "only \(count) suppressions in examples/")
    }
}

import Foundation
import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval
@testable import SceneREPL

/// The checker's rule passes are one list (`Context.passes`), iterated by a
/// whole check and by the incremental check the REPL and the LSP use. Every
/// lint example and random scenes, built in the REPL statement by statement,
/// edited and taken apart again, must give after every edit exactly the
/// findings of a whole check of the same text: a rule the incremental check
/// missed, or ran in another order, shows here.
@Suite struct CheckPassesTests {
    /// The first step at which the session's findings differ from a whole
    /// check's, and how many steps reused a node's findings.
    static func mismatch(building text: String, name: String) -> (String?, reused: Int) {
        let file = SourceFile(name: name, text: text)
        let statements = Session.split(file, Parser.parse(file).scene.statements).map(\.text)
        var s = Session()
        var reused = 0
        func compare(_ step: String) -> String? {
            if s.cache.check.reused > 0 { reused += 1 }
            let whole = Session.findings(of: Pipeline.compile(SourceFile(name: s.displayName, text: s.text)))
            let mine = Array(s.findings), expected = Array(whole)
            guard mine != expected else { return nil }
            let at = (0..<min(mine.count, expected.count)).first { mine[$0] != expected[$0] } ?? min(mine.count, expected.count)
            return "\(name), after \(step): finding \(at) of \(mine.count) (whole check: \(expected.count)) differs:\n"
                + "\(at < mine.count ? String(describing: mine[at]) : "none")\nexpected\n"
                + "\(at < expected.count ? String(describing: expected[at]) : "none")\n\(s.text)"
        }
        // Statement by statement, as typed.
        // (A statement the scene rejects, as in an example of an error, is left out.)
        for (k, e) in statements.enumerated() {
            guard case .accepted(let next, _) = s.applying(e) else { continue }
            s = next
            if let m = compare("adding statement \(k + 1)") { return (m, reused) }
        }
        // Each node typed again unchanged, then with its first number changed (the others kept).
        for (k, e) in s.entries.enumerated() {
            if case .accepted(let next, _) = s.applying(e.text, replacingEntry: e.id) {
                s = next
                if let m = compare("typing statement \(k + 1) again") { return (m, reused) }
            }
            guard let digit = e.text.firstIndex(where: \.isNumber) else { continue }
            var edited = e.text
            edited.insert("1", at: digit)
            if case .accepted(let next, _) = s.applying(edited, replacingEntry: e.id) {
                s = next
                if let m = compare("editing statement \(k + 1) to `\(edited)`") { return (m, reused) }
            }
            if let (back, _) = s.undoing() {
                s = back
                if let m = compare("undoing the edit of statement \(k + 1)") { return (m, reused) }
            }
        }
        // Taken apart from the first statement.
        while !s.entries.isEmpty {
            guard case .success(.accepted(let next, _)) = s.deleting("1") else { break }
            s = next
            if let m = compare("deleting the first statement (\(s.entries.count) left)") { return (m, reused) }
        }
        return (nil, reused)
    }

    static let lintExamples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "examples/lint")) ?? []
        return names.filter { $0.hasSuffix(".scene") }.sorted()
    }()

    @Test func theListOfPassesIsOneList() {
        #expect(Context.passes.map(\.name) == ["per-shape", "missing-container-shape", "uneven-siblings"])
        #expect(Self.lintExamples.count >= 20)
    }

    @Test(arguments: lintExamples)
    func everyLintExampleCheckedEditByEditIsAWholeCheck(_ name: String) throws {
        let text = try String(contentsOfFile: "examples/lint/\(name)", encoding: .utf8)
        let (m, _) = Self.mismatch(building: text, name: name)
        if let m { Issue.record(Comment(rawValue: m)) }
    }

    @Test func randomScenesCheckedEditByEditAreAWholeCheck() {
        var g = SeededGenerator.fromEnvironment("randomScenesCheckedEditByEditAreAWholeCheck")
        var reused = 0
        for n in 0..<40 {
            let (m, r) = Self.mismatch(building: PropertyScene.generate(&g), name: "p\(n).scene")
            reused += r
            if let m { Issue.record(Comment(rawValue: m)); return }
        }
        // The comparison is about reuse: the edits must have reused kept findings.
        #expect(reused > 40)
    }
}

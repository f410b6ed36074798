import Foundation
import Testing
import SceneREPL

/// The README, grammar.md, docs/, the examples' comments and the help texts speak to a
/// reader who has only this repository: no "the seed", no spec files kept elsewhere
/// (semantics.md, apple-reference.md, concentric-corners.md, …), no section numbers of
/// them, no numbers of this project's issues. A third party's issue is cited as
/// `owner/repo issue N`, which a reader can look up.
@Suite struct DocsWordsTests {
    /// What a reader without the project's history cannot follow, each with a name for the message.
    static let unfollowable: [(String, String)] = [
        ("the seed", #"(?i)\bthe seed\b|\bseed(?:'s|:| note| checklist)"#),
        ("a spec file kept outside the repository",
         #"(?i)semantics\.md|semantics spec|apple-reference|concentric-corners|devices-2026|research-2026|shared/(?:spec|seed)"#),
        ("a section number of a file the reader does not have", #"§\s?\d"#),
        ("this project's issue", #"(?i)\b(?:the|this|that) issue\b|\bissues? #?\d+"#),
    ]

    /// Each finding in `text`: the word's name and the line it is on.
    static func findings(_ text: String) -> [(what: String, line: Int)] {
        var out: [(String, Int)] = []
        let rules = unfollowable.map { ($0.0, try! Regex($0.1)) }
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (what, regex) in rules where line.contains(regex) {
                // `owner/repo issue N` (a third party's tracker) is a public source.
                if what == "this project's issue", Self.thirdPartyIssuesOnly(line) { continue }
                out.append((what, n + 1))
            }
        }
        return out
    }

    /// Every `issue N` on the line follows an `owner/repo` on the same line (so a citation
    /// is not wrapped between the two).
    static func thirdPartyIssuesOnly(_ line: Substring) -> Bool {
        if line.contains(try! Regex(#"(?i)\b(?:the|this|that) issue\b"#)) { return false }
        return line.matches(of: try! Regex(#"(?i)\bissues? #?\d+"#)).allSatisfy { m in
            // The word before, separated by blanks only: `owner/repo`.
            let before = line[..<m.range.lowerBound]
            guard before.last == " " else { return false }
            let word = before.dropLast().split(separator: " ").last ?? ""
            return word.contains("/")
        }
    }

    @Test func theDetectorCatchesEachKindAndSparesPublicCitations() {
        for bad in ["resolve the seed's map", "**Why.** Seed: *\"a quote\"*", "the seed's checklist",
                    "(semantics.md §2)", "apple-reference.md §1.2", "/// The corner scale (concentric-corners.md)",
                    "Targets (issue 11), judged", "each of issue 11's targets", "The promise (issue 10):",
                    "because the issue says wall", "see §7"] {
            #expect(!Self.findings(bad).isEmpty, "not caught: \(bad)")
        }
        for good in ["Chrome went from 10 to 20 (brave/brave-browser issue 49107)",
                     "(GoogleChrome/chromium-dashboard issue 5870: \"22 points\")", "prints `SCENE_SEED=N`",
                     "The random seed is printed as `SCENE_SEED=N`", "please file an issue", "two hash seeds",
                     "a seeded generator"] {
            #expect(Self.findings(good).isEmpty, "flagged wrongly: \(good) \(Self.findings(good))")
        }
    }

    static func files() throws -> [String] {
        let fm = FileManager.default
        let root = REPLHarness.root
        var paths = ["README.md", "grammar.md"]
        paths += try fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        for dir in ["examples", "examples/lint"] {
            paths += try fm.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".scene") }.sorted().map { dir + "/" + $0 }
        }
        return paths
    }

    @Test func theDocsAndExamplesCiteOnlyWhatAReaderHas() throws {
        let paths = try Self.files()
        #expect(paths.count > 10)
        // docs/swiftui.md quotes the SwiftUI writer's output, which a golden test holds to the
        // writer: it comes clean with the writer's own change (its noInternals test).
        for path in paths where path != "docs/swiftui.md" {
            let text = try String(contentsOf: REPLHarness.root.appendingPathComponent(path), encoding: .utf8)
            for f in Self.findings(text) {
                Issue.record("\(path):\(f.line): \(f.what): say it in the project's own words and cite public sources")
            }
        }
    }

    @Test func theHelpTextsCiteOnlyWhatAReaderHas() throws {
        for c in Shell.commands {
            for f in Self.findings(c.summary + "\n" + c.more) {
                Issue.record(":help \(c.name), line \(f.line): \(f.what)")
            }
        }
        let help = try CLI.run(["--help"])
        #expect(help.out.contains("scene run") || help.err.contains("scene run"))
        for f in Self.findings(help.out + help.err) { Issue.record("scene --help, line \(f.line): \(f.what)") }
    }
}

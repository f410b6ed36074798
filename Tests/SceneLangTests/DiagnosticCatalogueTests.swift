import Foundation
import Testing
@testable import SceneLang

/// The catalogue of diagnostic codes (`DiagnosticCode`) against its pages:
/// `docs/diagnostics.md` lists every code with the same severity and meaning,
/// lint rules link to their section of `docs/lint.md`, and every code is still
/// reported somewhere under `Sources/`.
@Suite struct DiagnosticCatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row: Equatable {
        var code: String
        var link: String?
        var severity: String
        var summary: String
    }

    /// The table rows of docs/diagnostics.md: `| `code` | severity | meaning |`,
    /// the code optionally a link `[`code`](lint.md#anchor)`.
    static func documentedRows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let row = /^\| (?:\[`([a-z0-9-]+)`\]\(([^)]*)\)|`([a-z0-9-]+)`) \| ([a-z]+) \| (.+) \|$/
        return text.split(separator: "\n").compactMap { line in
            guard let m = String(line).wholeMatch(of: row) else { return nil }
            return Row(code: String(m.1 ?? m.3 ?? ""), link: m.2.map(String.init), severity: String(m.4), summary: String(m.5))
        }
    }

    /// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
            .map { $0 == " " ? "-" : $0 })
    }

    @Test func everyCodeIsDocumentedOnceWithItsSeverityAndMeaning() throws {
        let rows = try Self.documentedRows()
        #expect(rows.count >= DiagnosticCode.allCases.count, "docs/diagnostics.md lists \(rows.count) codes")
        for code in DiagnosticCode.allCases {
            let mine = rows.filter { $0.code == code.rawValue }
            #expect(mine.count == 1, "docs/diagnostics.md lists `\(code.rawValue)` \(mine.count) times, not once")
            guard let r = mine.first else { continue }
            #expect(r.severity == code.severity.rawValue, "`\(code.rawValue)` is \(code.severity.rawValue), docs say \(r.severity)")
            #expect(r.summary == code.summary, "docs/diagnostics.md describes `\(code.rawValue)` differently from the catalogue")
        }
    }

    @Test func everyDocumentedCodeExists() throws {
        for r in try Self.documentedRows() {
            #expect(DiagnosticCode(rawValue: r.code) != nil, "docs/diagnostics.md lists `\(r.code)`, which is not in DiagnosticCode")
        }
    }

    @Test func lintRulesLinkToTheirSectionAndOnlyThey() throws {
        let lint = try String(contentsOf: Self.root.appendingPathComponent("docs/lint.md"), encoding: .utf8)
        let headings = lint.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        for r in try Self.documentedRows() {
            guard let code = DiagnosticCode(rawValue: r.code) else { continue }
            if code.isLintRule {
                let section = headings.first { $0.contains("`\(r.code)`") }
                #expect(section != nil, "docs/lint.md has no section for `\(r.code)`")
                #expect(r.link == section.map { "lint.md#" + Self.anchor($0) }, "`\(r.code)` should link to its docs/lint.md section")
            } else {
                #expect(r.link == nil, "`\(r.code)` is not a lint rule but links to \(r.link ?? "")")
            }
        }
        // And every code docs/lint.md has a section for is a catalogued rule.
        for h in headings {
            for m in h.matches(of: /`([a-z0-9-]+)`/) {
                #expect(DiagnosticCode(rawValue: String(m.1))?.isLintRule == true, "docs/lint.md documents `\(m.1)`, which is not a lint rule")
            }
        }
    }

    @Test func anchorsFollowGitHub() {
        #expect(Self.anchor("`flared-corner` / `pinched-corner`") == "flared-corner--pinched-corner")
        #expect(Self.anchor("`missing-minimum`") == "missing-minimum")
    }

    /// A code nobody reports any more must leave the catalogue (and the docs).
    @Test func everyCodeIsReportedSomewhere() throws {
        let fm = FileManager.default
        let sources = Self.root.appendingPathComponent("Sources")
        var text = ""
        for case let url as URL in fm.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" && url.lastPathComponent != "DiagnosticCode.swift" {
            text += try String(contentsOf: url, encoding: .utf8)
        }
        for code in DiagnosticCode.allCases {
            let name = "\(code)"
            let used = text.ranges(of: "." + name).contains { r in
                r.upperBound == text.endIndex || !(text[r.upperBound].isLetter || text[r.upperBound].isNumber)
            }
            #expect(used, "no source under Sources/ reports `.\(name)` (\(code.rawValue))")
        }
    }

    @Test func codesAreKebabCase() {
        for code in DiagnosticCode.allCases {
            #expect(code.rawValue.wholeMatch(of: /[a-z][a-z0-9]*(-[a-z0-9]+)+/) != nil, "`\(code.rawValue)` is not kebab-case")
            #expect(!code.summary.isEmpty && !code.summary.hasSuffix("."), "`\(code.rawValue)`'s summary: one line, no period")
        }
    }
}

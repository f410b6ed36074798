import Foundation
import Testing
@testable import SceneLang

/// The preset table (`ScreenPreset.all`) against its readers: docs/presets.md
/// and grammar.md list every preset as the table has it, and the parser's
/// suggestions come from it.
@Suite struct ScreenPresetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func number(_ v: Double?) -> String { v.map(Token.format) ?? "—" }

    @Test func docsListEveryPresetAsTheTableHasIt() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/presets.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") && $0.contains(" | `") }
        let expected = ScreenPreset.all.map { p in
            "| \(p.device) | `\(p.name)` | \(Self.number(p.width))×\(Self.number(p.height)) | \(Self.number(p.radius)) | \(p.status.rawValue) | \(p.source) |"
        }
        #expect(rows.count == expected.count, "docs/presets.md lists \(rows.count) presets, the table \(expected.count)")
        for (doc, row) in zip(rows, expected) {
            #expect(doc == row, "docs/presets.md differs from ScreenPreset.all")
        }
    }

    @Test func grammarNamesEveryPresetWithItsRadius() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("grammar.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        for p in ScreenPreset.all {
            let r = p.radius.map { "r" + Token.format($0) } ?? "no radius"
            #expect(text.contains("`\(p.name)` \(Self.number(p.width))×\(Self.number(p.height)) \(r)") || text.contains("`\(p.name)` \(r)"),
                    "grammar.md does not list `\(p.name)` with radius \(r)")
        }
    }

    @Test func namesAreUniqueAndDashed() {
        #expect(Set(ScreenPreset.names).count == ScreenPreset.all.count)
        for p in ScreenPreset.all {
            #expect(p.name.wholeMatch(of: /[a-z]+(-[a-z0-9]+)+/) != nil, "`\(p.name)` is not a dashed lowercase name")
            #expect(p.width > 0 && p.height > 0 && (p.radius ?? 0) >= 0)
            #expect(!p.source.isEmpty, "`\(p.name)` names no source")
            // A radius has a status that says how it is known; no radius, none.
            #expect((p.radius == nil) == (p.status == .none), "`\(p.name)`: radius \(Self.number(p.radius)) with status \(p.status)")
            #expect(p.radius != nil || p.example != nil, "`\(p.name)` has no radius and no example for its help")
            #expect(ScreenPreset.named(p.name) == p)
        }
        #expect(ScreenPreset.named("iphone-99") == nil)
    }

    /// `screen iphone 16 pro max` is answered from the table, not a copy. (`screen
    /// iphone 16` reads as a name and a width, and `screen iphone 16e` as a name
    /// and a bad number: different errors.)
    @Test func theParserSuggestsFromTheTable() {
        let parts = { (p: ScreenPreset) in p.name.split(separator: "-").dropFirst() }
        for p in ScreenPreset.all where parts(p).contains(where: { Double($0) == nil })
            && parts(p).allSatisfy({ Double($0) != nil || $0.first!.isLetter }) {
            let spaced = p.name.replacingOccurrences(of: "-", with: " ")
            let r = Parser.parse(SourceFile(name: "t", text: "screen \(spaced)\n"))
            #expect(r.diagnostics.map(\.code) == ["unknown-screen"])
            #expect(r.diagnostics.first?.help == "preset names are joined with dashes: `screen \(p.name)`", "for `screen \(spaced)`")
        }
    }
}

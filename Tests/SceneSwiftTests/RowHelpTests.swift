import Foundation
import Testing
import SceneLang
import SceneEval
@testable import SceneSwift

/// A row of the same fixed shape in a rounded view that declares no container: the
/// outer ones are flared, and the help (in Swift) is for the whole row; its fix raises
/// the shape around them (never one that fixes the outer ones alone and leaves the row
/// uneven).
struct RowHelpTests {
    static func diagnostics(_ name: String) throws -> [Diagnostic] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/swift/\(name)")
        let file = SourceFile(name: name, bytes: [UInt8](try Data(contentsOf: url)))
        return SwiftRead([file]).check()[0].diagnostics
    }

    @Test func aFlaredRowGetsTheRowsHelpInSwift() throws {
        let ds = try Self.diagnostics("pre26-chip-row.swift")
        #expect(ds.map(\.code) == ["flared-corner", "flared-corner"])
        let d = try #require(ds.first)
        #expect(d.help == "these 3 views are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, raise `RoundedRectangle(cornerRadius: 20)`'s radius to 28, and every one keeps its radius; or give every one `cornerRadius: 8`; or, on iOS 26, `ConcentricRectangle(corners: .concentric(minimum: 16))` inside `.containerShape(.rect(cornerRadius: 28))`", "\(d.help ?? "")")
        // The background's `cornerRadius: 20`, raised (FixWriteTests writes it).
        #expect(d.fixes.map(\.replacement) == ["28"])
        let file = String(decoding: try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/swift/pre26-chip-row.swift")), as: UTF8.self)
        let r = try #require(d.fixes.first).range
        #expect(Array(file.utf8)[r.start..<r.end].elementsEqual("20".utf8))
        #expect(file.utf8.prefix(r.start).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count == 16)
    }

    /// One shape alone keeps the concentric number and its fix.
    @Test func oneShapeAloneKeepsItsOwnHelp() throws {
        let d = try #require(try Self.diagnostics("pre26-issue-example.swift").first)
        #expect(d.help?.hasPrefix("use the concentric radius: `cornerRadius: 12`") == true, "\(d.help ?? "")")
        #expect(d.fixes.count == 1)
    }

    /// A ConcentricRectangle whose minimum the rounded background around it (no container)
    /// cannot hold: reported, since the minimum is drawn whatever the shape follows, with
    /// the help in Swift; one that fits is not.
    @Test func aMinimumTheBackgroundCannotHoldIsReported() throws {
        let ds = try Self.diagnostics("pre26-concentric-minimum.swift")
        #expect(ds.map(\.code) == ["container-too-tight"])
        #expect(ds.first?.help == "raise the radius of the shape around it to 28 (`cornerRadius: 28`), not lower the minimum; on iOS 26 declare it the container: `.containerShape(.rect(cornerRadius: 28))`")
    }
}

/// A row of ConcentricRectangles in a rounded card that declares no container: by Apple's
/// rule they follow the nearest container shape above them, which the code does not
/// declare, so what they draw is not in the code and nothing is reported (docs/
/// swift-check.md, rule 5); `--explain` says why, with the iOS 26 declaration. A minimum
/// the card cannot hold is certain and reported on each outer one.
struct ConcentricRowNoContainerTests {
    static func read(_ name: String) throws -> SwiftFileResult {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/swift/\(name)")
        return SwiftRead([SourceFile(name: name, bytes: [UInt8](try Data(contentsOf: url)))]).check()[0]
    }

    @Test func aConcentricRowWithNoContainerIsExplainedNotReported() throws {
        let r = try Self.read("pre26-concentric-row.swift")
        #expect(r.diagnostics.isEmpty)
        #expect(r.explanations == ["pre26-concentric-row.swift:18:21: skipped: missing-container-shape not applied: `RoundedRectangle(cornerRadius: 20)` declares no container, so the shapes in it that follow one (`ConcentricRectangle`, `ContainerRelativeShape`) follow whatever shows the view (a sheet, the display's corners, a window), which the code does not say; on iOS 26 declare it: `.containerShape(.rect(cornerRadius: 20))`"], "\(r.explanations)")
        let tight = try Self.read("pre26-concentric-row-tight.swift")
        #expect(tight.diagnostics.map(\.code) == ["container-too-tight", "container-too-tight"])
    }
}

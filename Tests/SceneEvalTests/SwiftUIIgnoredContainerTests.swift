import Testing
import SceneLang
@testable import SceneEval

/// The export's note on a container SwiftUI ignores is said from the kind's row (its
/// reason and its word), so a kind added to the table as `.ignored` is named right.
struct SwiftUIIgnoredContainerTests {
    @Test(arguments: ShapeKind.shapes.filter { if case .ignored = $0.row.container { return true } else { return false } })
    func theNoteNamesTheKindAndSwiftUIsReason(_ kind: ShapeKind) throws {
        guard case .ignored(_, let why) = kind.row.container else { return }
        let text = "c: container \(kind.rawValue) size 100x60 <\n  k: concentric min 4 pad 8\n>\n"
        let export = try #require(SwiftUIWriter.export(SourceFile(name: "ignored.scene", text: text)))
        // The export wraps a long comment under its marker: read it unwrapped, so a reason
        // of any length is found (the row's `why` need not fit one line).
        func words(_ s: String) -> String { s.replacing("//", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        #expect(words(export.code).contains(words("// note: \(why), so `container \(kind.rawValue)` is not written")), "\(export.code)")
        #expect(export.warnings.map(\.id) == [.swiftuiRelativeContainer])
    }
}

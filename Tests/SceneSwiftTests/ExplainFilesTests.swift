import Testing
import SceneLang
@testable import SceneSwift

/// `--explain` over several files: each line names the file its position is in, and a
/// child view read in place under several parents (and read as a view of its own) is
/// explained once, not once per use.
struct ExplainFilesTests {
    static let screen = SourceFile(name: "Screen.swift", text: """
        import SwiftUI

        struct Screen: View {
            var body: some View {
                VStack(spacing: 12) {
                    CardRow()
                    CardRow()
                }
                .padding()
            }
        }
        """)
    static let row = SourceFile(name: "CardRow.swift", text: """
        import SwiftUI

        struct CardRow: View {
            var body: some View {
                HStack {
                    Text("Row")
                }
                .padding(Metrics.gutter)
                .background(RoundedRectangle(cornerRadius: Metrics.radius))
            }
        }
        """)
    static let metrics = SourceFile(name: "Metrics.swift", text: """
        import SwiftUI

        enum Metrics {
            static let gutter: CGFloat = 8
            static let radius: CGFloat = UIScreen.main.scale * 4
        }
        """)

    @Test func eachLineIsInItsOwnFileAndSaidOnce() {
        let results = SwiftRead([Self.screen, Self.row, Self.metrics]).check()
        let lines = results.map(\.explanations)
        // The screen: its default padding, and the two rows read in place, in line order.
        #expect(lines[0] == [
            "Screen.swift:6:13: read: `CardRow()` read in place from its declaration",
            "Screen.swift:7:13: read: `CardRow()` read in place from its declaration",
            "Screen.swift:9:9: assumed: `.padding` without an amount: the platform's default, 16 pt on iOS",
        ], "\(lines[0])")
        // The radius that is computed at run time is explained where it is computed, once,
        // although CardRow is read three times (as a view, and under each use).
        #expect(lines[2].count == 1, "\(lines[2])")
        #expect(lines[2].first?.hasPrefix("Metrics.swift:5:") == true, "\(lines[2])")
        #expect(lines[2].first?.contains("`Metrics.radius` = `UIScreen.main.scale * 4`") == true, "\(lines[2])")
        #expect(Set(lines[1]).count == lines[1].count, "\(lines[1])")
        #expect(lines[1].allSatisfy { $0.hasPrefix("CardRow.swift:") }, "\(lines[1])")
    }
}

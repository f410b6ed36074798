import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Idiomatic output: lines of at most 120 columns, colours as named constants, no ZStack
/// around one child.
@Suite("SwiftUI export: idiomatic output")
struct SwiftUIStyleTests {
    /// Every export to check: the examples, and the random scenes under each fallback.
    static func exports() -> [(name: String, code: String)] {
        var out: [(String, String)] = []
        for source in SVGGoldenTests.sources() {
            if let e = SwiftUIWriter.export(SourceFile(name: source.path, text: source.text)) { out.append((source.path, e.code)) }
        }
        for seed in 1...SwiftUIRandomScene.count {
            var gen = SwiftUIRandomScene(seed: UInt64(seed))
            let file = SourceFile(name: "random\(seed).scene", text: gen.scene())
            for style in FallbackStyle.allCases {
                let options = SwiftUIOptions(typeName: "Random\(seed)View", fallback: style)
                if let e = SwiftUIWriter.export(file, options: options) { out.append(("random\(seed) \(style)", e.code)) }
            }
        }
        return out
    }

    @Test("every line of every export is at most 120 columns")
    func lineLength() {
        let all = Self.exports()
        #expect(all.count >= 100)
        var long: [String] = []
        for (name, code) in all {
            for (n, line) in code.split(separator: "\n").enumerated() where line.count > 120 {
                long.append("\(name):\(n + 1): \(line.count) columns: \(line)")
            }
        }
        #expect(long.isEmpty, "\(long.count) long lines:\n\(long.prefix(10).joined(separator: "\n"))")
    }

    @Test("a long line is broken as an engineer would break it")
    func breaking() {
        let pad = String(repeating: "x", count: 60)
        let call = "        .concentricContainer(UnevenRoundedRectangle(topLeadingRadius: 24, bottomLeadingRadius: 62, "
            + "bottomTrailingRadius: 62, topTrailingRadius: 24))"
        #expect(SwiftLines.fit(call) == """
                    .concentricContainer(UnevenRoundedRectangle(
                        topLeadingRadius: 24,
                        bottomLeadingRadius: 62,
                        bottomTrailingRadius: 62,
                        topTrailingRadius: 24
                    ))
            """)
        // A trailing comment goes above the code; a comment is wrapped under its marker.
        let commented = "        Corners.rect(12).fill(.red)  // resolves to 12 12 12 12 against `card`; " + pad
        #expect(SwiftLines.fit(commented) == "        // resolves to 12 12 12 12 against `card`; \(pad)\n        Corners.rect(12).fill(.red)")
        let words = "    /// " + Array(repeating: "word", count: 40).joined(separator: " ")
        let wrapped = SwiftLines.fit(words).split(separator: "\n")
        #expect(wrapped.count == 2 && wrapped.allSatisfy { $0.hasPrefix("    /// ") && $0.count <= 120 })
        // Parentheses and `//` inside a string are not code.
        let preview = "#Preview(\"iPhone SE (2nd, 3rd gen.) // \(pad)\", traits: .fixedLayout(width: 375, height: 667)) {"
        #expect(SwiftLines.fit(preview) == "#Preview(\n    \"iPhone SE (2nd, 3rd gen.) // \(pad)\",\n"
            + "    traits: .fixedLayout(width: 375, height: 667)\n) {")
    }
}

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
        for seed in SwiftUIRandomScene.seeds {
            var gen = SwiftUIRandomScene(seed: seed)
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

    /// A comment after code is set off the same way everywhere: two spaces, then `//`
    /// (a labelled spacer's `Spacer(minLength: 16) // gap` had one, every other comment two).
    @Test("a comment after code has two spaces before it, as every other in the file")
    func trailingCommentSpacing() {
        var odd: [String] = []
        for (name, code) in Self.exports() {
            for (n, line) in code.split(separator: "\n").enumerated() {
                let chars = Array(line.drop { $0 == " " })
                guard chars.first != "/", let k = SwiftLines.trailingComment(chars) else { continue }
                if k < 2 || chars[k - 1] != " " || chars[k - 2] != " " || (k > 2 && chars[k - 3] == " ") {
                    odd.append("\(name):\(n + 1): \(line)")
                }
            }
        }
        #expect(odd.isEmpty, "\(odd.count) comments set off otherwise:\n\(odd.prefix(10).joined(separator: "\n"))")
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
        // A code span in a comment is never broken.
        let span = "    // " + String(repeating: "w ", count: 52) + "`scene run --swiftui --fallback resolved` ends"
        #expect(SwiftLines.fit(span).contains("\n    // `scene run --swiftui --fallback resolved` ends"), "\(SwiftLines.fit(span))")
        // Parentheses and `//` inside a string are not code.
        let preview = "#Preview(\"iPhone SE (2nd, 3rd gen.) // \(pad)\", traits: .fixedLayout(width: 375, height: 667)) {"
        #expect(SwiftLines.fit(preview) == "#Preview(\n    \"iPhone SE (2nd, 3rd gen.) // \(pad)\",\n"
            + "    traits: .fixedLayout(width: 375, height: 667)\n) {")
    }

    @Test("colours are named constants, written once; a colour the scene names is SwiftUI's")
    func colours() throws {
        let scene = """
        map: container rect 28 size 360x240 fill #34c759 <
          row: hstack spacing 8 <
            t1: rect 8 size 64x64 fill #ff9500
            t2: rect 8 size 64x64 fill #ff9500
            rect 8 size 64x64 fill #5ac8fa
            badge: capsule size 40x20 fill red
            plain: rect 4 size 20x20
          >
          pill: glass capsule size 80x30 fill #0a84ff88
        >

        """
        let code = try SwiftUIExtrasTests.export(scene)
        #expect(code.contains("\nprivate extension Color {\n"), "\(code)")
        #expect(code.contains("    static let mapFill = Color(red: 0x34 / 255, green: 0xC7 / 255, blue: 0x59 / 255)\n"))
        #expect(code.contains("    static let t1Fill = Color(red: 1, green: 0x95 / 255, blue: 0)\n"), "shared by t1 and t2")
        #expect(!code.contains("t2Fill"))
        #expect(code.contains("    static let row3Fill = "), "an unlabelled shape by its place")
        #expect(code.contains("    static let pillFill = Color(red: 0x0A / 255, green: 0x84 / 255, blue: 1, opacity: 0x88 / 255)"))
        #expect(code.contains("static let depth1Fill = "), "the preview's colour of a shape without a fill")
        #expect(code.contains(".fill(Color.mapFill)") && code.contains(".fill(Color.t1Fill)"))
        #expect(code.contains("Capsule().fill(.red)"), "a colour the scene names")
        #expect(code.contains(".glass(tint: Color.pillFill, in: Capsule())"))
        // `Color(red:` only in the extension.
        let outside = code.components(separatedBy: "\nprivate extension Color {")[0]
        #expect(!outside.contains("Color(red:"), "\(outside)")
        if let output = try SwiftUITest.typecheck([("colours.swift", code)]) { Issue.record("\(output)") }
    }

    /// A filled ConcentricRectangle stays concrete (`if #available` in a `@ViewBuilder`);
    /// only a shape handed to a modifier (glass, clip) is an `AnyShape`.
    @Test("no AnyShape where a concrete shape can be written")
    func concreteShapes() throws {
        let filled = try SwiftUIExtrasTests.export("""
        card: container rect 28 size 300x200 <
          a: concentric min 8 size 100x80 align leading pad 12
          b: concentric(top: fixed 10 uniform, bottom: concentric) size 100x80 align trailing pad 12
        >

        """)
        #expect(!filled.contains("AnyShape"), "\(filled)")
        #expect(filled.contains("ExtrasCorners.nested(minimum: 8, fill: Color."), "\(filled)")
        #expect(filled.contains("ExtrasCorners.bShape(fill: Color."), "\(filled)")
        #expect(SwiftUITest.flat(filled).contains(
            "ConcentricRectangle(uniformTopCorners: .fixed(10), bottomLeadingCorner: .concentric, bottomTrailingCorner: .concentric).fill(style)\n"))
        if let output = try SwiftUITest.typecheck([("concrete.swift", filled)]) { Issue.record("\(output)") }
        // A shape passed to glass is a shape: there AnyShape stays, beside the filled form.
        let both = try SwiftUIExtrasTests.export("""
        card: container rect 28 size 300x200 <
          a: concentric(top: fixed 10 uniform, bottom: concentric) size 100x80 pad 12 clip concentric(top: fixed 10 uniform, bottom: concentric)
        >

        """)
        #expect(both.contains("static var aShape: AnyShape {") && both.contains("static func aShape(fill style: some ShapeStyle)"), "\(both)")
        if let output = try SwiftUITest.typecheck([("both.swift", both)]) { Issue.record("\(output)") }
    }
}

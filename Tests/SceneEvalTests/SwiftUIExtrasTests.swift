import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Issue 23 items 7 (`--previews all`), 10 (glass siblings in a GlassEffectContainer) and 12
/// (a Mac window is a macOS view); issue 22 item 16's export part.
@Suite("SwiftUI export: glass groups, previews, Mac windows")
struct SwiftUIExtrasTests {
    static func export(_ text: String, options: SwiftUIOptions = SwiftUIOptions()) throws -> String {
        try #require(SwiftUIWriter.export(SourceFile(name: "extras.scene", text: text), options: options)).code
    }

    @Test("adjacent glass siblings go in a GlassEffectContainer, under the availability check")
    func glassSiblingsAreGrouped() throws {
        let scene = """
        bar: hstack spacing 12 align bottom pad 20 <
          back: glass capsule size 60x44
          share: glass circle size 44x44
          title: rect 8 size 80x30
        >
        lone: glass size 100x40 align top

        """
        let code = try Self.export(scene)
        #expect(code.contains("GlassGroup(spacing: 12) {\n"), "\(code)")
        #expect(code.components(separatedBy: "GlassGroup(").count == 2, "only the bar's children are grouped")
        #expect(code.contains("GlassEffectContainer(spacing: spacing) { content }"))
        #expect(GeneratedCode(code, enumName: "ExtrasCorners").unguarded("GlassEffectContainer(").isEmpty)
        if let output = try SwiftUITest.typecheck([("glass.swift", code)]) { Issue.record("\(output)") }
        var out = SwiftUILayoutModelTests.Outcome()
        try SwiftUILayoutModelTests.check("glass.scene", scene, into: &out)
        #expect(out.failures.isEmpty && out.compared == 2, "\(out.failures) \(out.skipped)")
    }

    @Test("--previews all adds a preview per preset of the screen's family")
    func allPreviews() throws {
        let text = "screen iphone-16-pro\na: concentric min 8 size 100x100\n"
        let one = try Self.export(text)
        #expect(one.components(separatedBy: "\n#Preview(").count == 2)
        let all = try Self.export(text, options: SwiftUIOptions(allPreviews: true))
        let sizes = Set(ScreenPreset.all.filter { $0.family == .phone }.map { "\($0.width)x\($0.height)" })
        #expect(all.components(separatedBy: "\n#Preview(").count == sizes.count + 1, "\(sizes.count) iPhone sizes:\n\(all)")
        #expect(all.contains("traits: .fixedLayout(width: 375, height: 667))"))
        #expect(!all.contains("width: 820, height: 1180"), "no iPad in an iPhone scene's previews")
        if let output = try SwiftUITest.typecheck([("previews.swift", all)]) { Issue.record("\(output)") }
    }

    @Test("a Mac window exports as a macOS view")
    func macWindow() throws {
        let code = try Self.export("screen mac-window\ncard: rect 20 container rect 20 size 300x200 <\n  inner: concentric min 6 pad 10\n>\n")
        #expect(!code.contains("iOS 18"), "\(code)")
        #expect(code.contains("\n#if os(macOS)\n\n"))
        #expect(!code.contains("os(iOS)"))
        #expect(code.contains("; macOS 15: "))
        #expect(code.contains("macOS 15 fallback"))
        if let output = try SwiftUITest.typecheck([("window.swift", code)]) { Issue.record("\(output)") }
    }
}

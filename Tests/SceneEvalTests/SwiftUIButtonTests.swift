import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `role button` exports as a Button: glass on it is the glass button style in the
/// button's border shape, under the availability check, not a clear colour in glass.
@Suite("SwiftUI export: buttons")
struct SwiftUIButtonTests {
    static let scene = """
    bar: hstack spacing 12 align bottom pad 20 <
      close: glass circle role button size 44x44
      share: glass capsule role button size 100x44
      save: rect 12 role button size 80x44 fill #0a84ff
      tinted: glass capsule role button size 60x44 fill #ff9500
    >

    """

    @Test("a glass button is a Button in the glass button style, in its border shape")
    func glassButton() throws {
        let code = try SwiftUIExtrasTests.export(Self.scene)
        #expect(!code.contains("Color.clear.glass(") && !code.contains("Color.clear\n                .glass("), "\(code)")
        let close = try #require(GeneratedCode(code, enumName: "ExtrasCorners").subview("close"))
        #expect(close.contains("Button {\n"), "\(close)")
        #expect(close.contains("} label: {\n"), "\(close)")
        #expect(close.contains(".glassButton(.circle)"), "\(close)")
        let share = try #require(GeneratedCode(code, enumName: "ExtrasCorners").subview("share"))
        #expect(share.contains(".glassButton(.capsule)"), "\(share)")
        #expect(code.contains("buttonStyle(.glass).buttonBorderShape(shape)"))
        #expect(code.contains("buttonStyle(.bordered).buttonBorderShape(shape)"), "the fallback before iOS 26")
        #expect(GeneratedCode(code, enumName: "ExtrasCorners").unguarded(".glass)").isEmpty)
    }

    @Test("a button without glass is a plain Button; a tinted glass button keeps the glass modifier")
    func plainAndTinted() throws {
        let code = try SwiftUIExtrasTests.export(Self.scene)
        let save = try #require(GeneratedCode(code, enumName: "ExtrasCorners").subview("save"))
        #expect(save.contains("Button {\n") && save.contains(".buttonStyle(.plain)"), "\(save)")
        let tinted = try #require(GeneratedCode(code, enumName: "ExtrasCorners").subview("tinted"))
        #expect(tinted.contains("Button {\n") && tinted.contains(".buttonStyle(.plain)"), "\(tinted)")
        #expect(tinted.contains(".glass(tint: "), "\(tinted)")
    }

    @Test("the buttons typecheck and the layout model puts each where the scene does")
    func typechecksAndLaysOut() throws {
        let code = try SwiftUIExtrasTests.export(Self.scene)
        if let output = try SwiftUITest.typecheck([("buttons.swift", code)]) { Issue.record("\(output)") }
        var out = SwiftUILayoutModelTests.Outcome()
        try SwiftUILayoutModelTests.check("buttons.scene", Self.scene, into: &out)
        #expect(out.failures.isEmpty && out.compared == 2 && out.views == 10, "\(out.failures) \(out.skipped)")
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `--fallback minimum|relative|resolved`: one model (`Fallback.choose`) that `target ios18`,
/// `--compare ios18` and the SwiftUI export's `#available` fallback all follow.
@Suite("--fallback: what a concentric shape draws before iOS 26")
struct SwiftUIFallbackTests {
    /// A card 300×200 of radius 28: `photo` 12 pt inside (iOS 26: 16 all round, which
    /// ContainerRelativeShape gives too); `badge` 20 pt from the top-leading corner only
    /// (iOS 26: 8 4 4 4, which no single radius gives).
    static let scene = """
    screen iphone-16-pro
    card: container rect 28 size 300x200 <
      photo: concentric min 8 pad 12
      badge: concentric min 4 size 40x40 align topLeading pad 20
    >

    """

    static func radii(_ text: String, _ label: String, target: Target? = nil, style: FallbackStyle) throws -> Radii {
        let c = Pipeline.compile(SourceFile(name: "fb.scene", text: text), target: target, fallback: style)
        let s = try #require(c.scene)
        return s.shapes[try #require(s.index(ofLabel: label))].radii
    }

    @Test("the model: minimum, relative where it gives the iOS 26 radii, resolved")
    func choose() {
        let m = Radii(all: 8), r = Radii(16, 16, 16, 16), uneven = Radii(8, 4, 4, 4)
        #expect(Fallback.choose(.minimum, minimum: m, resolved: r, relative: r) == (m, .minimum))
        #expect(Fallback.choose(.resolved, minimum: m, resolved: uneven, relative: nil) == (uneven, .resolved))
        #expect(Fallback.choose(.relative, minimum: m, resolved: r, relative: r) == (r, .relative))
        #expect(Fallback.choose(.relative, minimum: m, resolved: uneven, relative: Radii(all: 8)) == (m, .minimum))
        // The minimum stays where it already draws the iOS 26 radii.
        #expect(Fallback.choose(.relative, minimum: r, resolved: r, relative: r) == (r, .minimum))
    }

    @Test("target ios18 and --compare ios18 follow the choice")
    func targetAndCompareFollow() throws {
        let text = "target ios18\n" + Self.scene
        #expect(try Self.radii(text, "photo", style: .minimum) == Radii(all: 8))
        #expect(try Self.radii(text, "photo", style: .relative) == Radii(all: 16))
        #expect(try Self.radii(text, "badge", style: .relative) == Radii(all: 4))
        #expect(try Self.radii(text, "photo", style: .resolved) == Radii(all: 16))
        #expect(try Self.radii(text, "badge", style: .resolved) == Radii(8, 4, 4, 4))
        for style in FallbackStyle.allCases {
            let panels = Pipeline.comparison(SourceFile(name: "fb.scene", text: Self.scene), fallback: .ios18, style: style)
            let old = try #require(panels.fallback)
            let badge = try #require(old.index(ofLabel: "badge"))
            #expect(old.shapes[badge].radii == (try Self.radii(text, "badge", style: style)), "\(style)")
            #expect(old.fallback == style)
        }
        // The explanation (`:show`, the JSON's corners) follows it too.
        let c = try #require(Pipeline.compile(SourceFile(name: "fb.scene", text: text), fallback: .resolved).scene)
        #expect(c.reasons(for: try #require(c.index(ofLabel: "badge"))).count == 4)
    }

    @Test("the export's fallback shapes and comments are the model's")
    func export() throws {
        let file = SourceFile(name: "fb.scene", text: Self.scene)
        let minimum = try #require(SwiftUIWriter.export(file)).code
        #expect(minimum.contains("nested(minimum: 8, fill: ") && !minimum.contains("ContainerRelativeShape"))
        #expect(minimum.contains("iOS 18: 8 8 8 8"))

        var resolved = try #require(SwiftUIWriter.export(file, options: SwiftUIOptions(fallback: .resolved)))
        resolved.code = SwiftUITest.flat(resolved.code)
        #expect(resolved.code.contains("rect(16).fill(style)"), "\(resolved.code)")
        #expect(resolved.code.contains("UnevenRoundedRectangle(topLeadingRadius: 8, bottomLeadingRadius: 4, bottomTrailingRadius: 4, topTrailingRadius: 4)"))
        #expect(resolved.code.contains("iOS 18: 8 4 4 4"))
        // The enum's comment says what the fallback is, as it does under `minimum`.
        #expect(resolved.code.contains("filled with `style`; before, a rounded rectangle of the radii it resolves to on iOS 26 "
            + "in this layout."), "\(resolved.code)")
        #expect(resolved.code.contains("`scene run --swiftui --fallback resolved`"))
        #expect(resolved.warnings.isEmpty)

        var relative = try #require(SwiftUIWriter.export(file, options: SwiftUIOptions(fallback: .relative)))
        relative.code = SwiftUITest.flat(relative.code)
        #expect(relative.code.contains("ContainerRelativeShape().fill(style)"), "\(relative.code)")
        #expect(relative.code.contains("iOS 18: 16 16 16 16"))
        // The badge cannot be relative: the minimum, with a note and a warning.
        #expect(relative.warnings.map(\.id) == [.swiftuiFallbackRelative])
        #expect(relative.code.contains("// note: ContainerRelativeShape would not draw `badge`'s iOS 26 radii (8 4 4 4)"))
        for (name, code) in [("minimum", minimum), ("resolved", resolved.code), ("relative", relative.code)] {
            if let output = try SwiftUITest.typecheck([("fb-\(name).swift", code)]) { Issue.record("\(name): \(output)") }
        }
    }

    /// A Mac window: macOS 26 draws it at 26 pt, macOS 15 at 10 pt (`--compare macos15`'s panel).
    /// `sidebar` is 8 pt inside the window's top-leading corner: macOS 26 resolves 26 − 8 = 18 there.
    static let window = """
    screen mac-window
    sidebar: concentric min 4 size 200x300 align topLeading pad 8

    """

    @Test("on a Mac window, --compare macos15's panel draws what the code draws, under every --fallback")
    func macWindowPanelIsTheCode() throws {
        let file = SourceFile(name: "win.scene", text: Self.window)
        for style in FallbackStyle.allCases {
            let old = try #require(Pipeline.comparison(file, fallback: .ios18, style: style).fallback)
            #expect(old.screen.radius == 10, "the panel's window is macOS 15's")
            let i = try #require(old.index(ofLabel: "sidebar"))
            let code = SwiftUITest.flat(try #require(SwiftUIWriter.export(file, options: SwiftUIOptions(fallback: style))).code)
            #expect(code.contains("against the window; macOS 15: \(old.shapes[i].radii)"), "\(style): \(old.shapes[i].radii)")
            // `target macos15` draws the same choice.
            let own = try Self.radii("target macos15\n" + Self.window, "sidebar", style: style)
            #expect(own == old.shapes[i].radii, "\(style)")
        }
        // `resolved` writes macOS 26's numbers, and the panel draws them; the window itself is macOS 15's.
        let old = try #require(Pipeline.comparison(file, fallback: .ios18, style: .resolved).fallback)
        #expect(old.shapes[try #require(old.index(ofLabel: "sidebar"))].radii == Radii(18, 4, 4, 4))
        // The explanation (`--centers`, `:show`) is the same resolution.
        let reasons = old.reasons(for: try #require(old.index(ofLabel: "sidebar")))
        #expect(reasons.first?.containerRadius == 26, "\(reasons)")
    }
}

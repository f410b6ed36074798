import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Issue 14 §4: on a Mac window the checker, the SwiftUI header and the SVG
/// title speak of the window (its corner radius, macOS releases), never of
/// "the display" or "the screen"; on a phone they keep the display's words.
@Suite struct WindowWordsTests {
    /// Scenes whose findings name the top-level container (the screen or window):
    /// container-too-tight against it and uneven siblings that follow its corners.
    static let bodies = [
        "box: concentric min 20 size 200x100 align topLeading pad 10\n",
        """
        row: hstack spacing 8 align topLeading pad 10 <
          a: concentric min 4 size 100x100
          b: concentric min 4 size 100x100
          c: concentric min 4 size 100x100
        >

        """,
        "box: concentric min 30 size 200x100 align topLeading pad 4\n",
    ]

    func findings(_ screen: String, _ body: String) -> [Diagnostic] {
        Pipeline.compileAndCheck(SourceFile(name: "w.scene", text: "screen \(screen)\n" + body)).diagnostics
    }

    func words(_ ds: [Diagnostic]) -> String {
        ds.map { $0.message + " | " + ($0.help ?? "") + " | " + $0.notes.joined(separator: " ") }.joined(separator: "\n")
    }

    @Test func tooTightAgainstTheWindowNamesTheWindow() {
        let mac = findings("mac-window", Self.bodies[0])
        let tight = mac.first(where: { $0.id == .containerTooTight })
        #expect(tight?.message.hasPrefix("the window is too tight for `box`") == true, "\(words(mac))")
        #expect(tight?.help?.hasPrefix("the window's corner radius is 26; inset this shape at most 6 pt") == true, "\(words(mac))")
        // The same scene on a phone: the display's corner radius.
        let phone = findings("iphone-16-pro", Self.bodies[0].replacingOccurrences(of: "pad 10", with: "pad 50"))
        let p = phone.first(where: { $0.id == .containerTooTight })
        #expect(p?.message.hasPrefix("the screen is too tight for `box`") == true, "\(words(phone))")
        #expect(p?.help?.hasPrefix("the display's corner radius is 62; inset this shape at most 42 pt") == true, "\(words(phone))")
    }

    @Test func unevenSiblingsAgainstTheWindowNameTheWindow() {
        let mac = findings("mac-window", Self.bodies[1])
        let uneven = mac.first(where: { $0.id == .unevenSiblings })
        #expect(uneven != nil, "\(words(mac))")
        #expect(uneven?.message.contains("the window's corners") == true, "\(words(mac))")
        #expect(uneven?.help?.contains("the window's corners") == true, "\(words(mac))")
        let phone = findings("iphone-16-pro", Self.bodies[1]).first(where: { $0.id == .unevenSiblings })
        #expect(phone?.help?.contains("the display's corners") == true, "\(phone?.help ?? "none")")
    }

    /// Every finding about these scenes on every Mac window preset: no "display", no "the screen".
    @Test func noDisplayWordsOnAnyWindow() {
        for preset in ScreenPreset.all where preset.family == .window {
            let ds = Self.bodies.flatMap { findings(preset.name, $0) }
            #expect(ds.contains { $0.id == .containerTooTight }, "\(preset.name): \(words(ds))")
            let text = words(ds)
            #expect(!text.contains("display") && !text.contains("the screen"), "\(preset.name): \(text)")
        }
    }

    @Test func glassUnavailableNamesTheMacOSRelease() {
        let mac = findings("mac-window\ntarget macos15", "g: glass size 100x40\n").first(where: { $0.id == .glassUnavailable })
        #expect(mac?.message == "Liquid Glass is not available before macOS 26", "\(mac?.message ?? "none")")
        #expect(mac?.help == "under `target macos15` draw a material or a plain fill instead", "\(mac?.help ?? "none")")
        let phone = findings("iphone-16-pro\ntarget ios18", "g: glass size 100x40\n").first(where: { $0.id == .glassUnavailable })
        #expect(phone?.message == "Liquid Glass is not available before iOS 26")
        #expect(phone?.help == "under `target ios18` draw a material or a plain fill instead")
    }

    @Test func swiftUIHeaderAndSVGTitleNameTheWindowAndMacOS() throws {
        let mac = SourceFile(name: "w.scene", text: "screen mac-window\ntarget macos15\n" + Self.bodies[0])
        let code = try #require(SwiftUIWriter.export(mac)).code
        #expect(code.contains("// Window: mac-window, 1024 × 768 pt, window corner radius 26. The scene targets macOS 15."), "\(code.prefix(400))")
        let phone = SourceFile(name: "p.scene", text: "screen iphone-16-pro\n" + Self.bodies[0])
        let phoneCode = try #require(SwiftUIWriter.export(phone)).code
        #expect(phoneCode.contains("// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26."))
        let scene = try #require(Pipeline.compile(mac).scene)
        #expect(SVGWriter.write(scene).contains("<title>mac-window 1024×768 radius 26, target macos15</title>"))
    }
}

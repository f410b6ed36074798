import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The devices of late 2026 (issue 12, docs/presets.md): new presets resolve,
/// old names keep their numbers, and a preset whose radius no source gives is
/// an error until the scene gives one.
struct PresetTests {
    static func screen(_ text: String) -> (Screen?, [Diagnostic]) {
        let c = compile(text)
        return (c.scene?.screen, c.diagnostics)
    }

    @Test("new presets", arguments: [
        ("iphone-17", 402.0, 874.0, 62.0), ("iphone-17-pro", 402, 874, 62), ("iphone-17-pro-max", 440, 956, 62),
        ("iphone-16e", 390, 844, 47.33), ("ipad-pro-11-m5", 834, 1210, 30), ("ipad-pro-13-m5", 1032, 1376, 30),
        ("ipad-mini", 744, 1133, 21.5), ("mac-window-toolbar", 1024, 768, 24), ("mac-window-sidebar", 1024, 768, 26),
        ("mac-window-15", 1024, 768, 10),
    ] as [(String, Double, Double, Double)])
    func newPresets(_ name: String, _ w: Double, _ h: Double, _ r: Double) {
        let (s, ds) = Self.screen("screen \(name)")
        #expect(ds.isEmpty)
        #expect(s == Screen(name: name, width: w, height: h, radius: r))
    }

    /// Older scenes resolve exactly as before.
    @Test("old names keep their numbers", arguments: [
        ("iphone-16-pro", 402.0, 874.0, 62.0), ("iphone-16-pro-max", 440, 956, 62), ("iphone-16", 393, 852, 55),
        ("iphone-15-pro", 393, 852, 55), ("iphone-14", 390, 844, 47.33), ("iphone-13-mini", 375, 812, 44),
        ("iphone-11", 414, 896, 41.5), ("iphone-se", 375, 667, 0), ("ipad-pro-11", 834, 1194, 18),
        ("ipad-air", 820, 1180, 18), ("mac-window", 1024, 768, 26), ("mac-window-compact", 1024, 768, 20),
        ("mac-window-titlebar", 1024, 768, 16),
    ] as [(String, Double, Double, Double)])
    func oldNames(_ name: String, _ w: Double, _ h: Double, _ r: Double) {
        #expect(Self.screen("screen \(name)").0 == Screen(name: name, width: w, height: h, radius: r))
    }

    @Test func theDefaultScreenIsStillTheIPhone16Pro() {
        #expect(Self.screen("a: rect 4 size 10x10").0 == Screen(name: "iphone-16-pro", width: 402, height: 874, radius: 62))
    }

    @Test(arguments: ["iphone-air", "ipad-pro-11-m4", "ipad-pro-13-m4"])
    func aPresetWithNoPublishedRadiusNeedsOne(_ name: String) throws {
        let preset = try #require(ScreenPreset.named(name))
        #expect(preset.radius == nil && preset.status == .none)
        for text in ["screen \(name)", "screen \(name) 400x800"] {
            let (s, ds) = Self.screen(text)
            #expect(s == nil)
            #expect(ds.map(\.code) == ["unpublished-radius"], "\(text)")
            #expect(ds.first?.message == "the \(preset.device)'s display corner radius is not published")
            #expect(ds.first.map { $0.range.start == 7 && $0.range.end == 7 + name.utf8.count } == true)
        }
        let (s, ds) = Self.screen("screen \(name) radius 40")
        #expect(ds.isEmpty)
        #expect(s?.radius == 40 && s?.width == preset.width)
    }

    @Test func theAirsHelpSaysTheRadiusIsNotPublishedAndHowToGiveIt() {
        let help = Self.screen("screen iphone-air").1.first?.help
        #expect(help?.hasPrefix("no source publishes it (docs/presets.md)") == true)
        #expect(help?.contains("`screen iphone-air radius 62`") == true)
    }

    @Test func newPhonesAreCheckedAsPhones() {
        // The screen-edge rule applies to every phone preset, new ones included.
        for name in ["iphone-17", "iphone-17-pro-max", "iphone-16e"] {
            #expect(CheckerTests.findings("screen \(name)\nb: rect 12 size 300x60 align top pad top 100").isEmpty, "\(name)")
            let g = CheckerTests.findings("screen \(name)\nb: rect 12 size \(Int(ScreenPreset.named(name)!.width) - 12)x60 align top pad top 100")
            #expect(g.map(\.code) == ["screen-edge-margin"], "\(name)")
        }
        #expect(CheckerTests.findings("screen ipad-mini\nb: rect 12 size 732x60 align top pad top 100").isEmpty)
    }

    @Test func everyPresetWithARadiusDrawsItsSize() {
        for p in ScreenPreset.all {
            let text = "screen \(p.name)" + (p.radius == nil ? " radius 20" : "")
            let (s, ds) = Self.screen(text)
            #expect(ds.isEmpty, "\(text)")
            #expect(s?.width == p.width && s?.height == p.height && s?.radius == p.radius ?? 20, "\(text)")
        }
    }

    @Test func thePresetListingAndJSONCarryStatusAndSource() throws {
        let text = PresetsWriter.text()
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("name") == true && lines.first?.hasSuffix("status     source") == true)
        #expect(lines.count == ScreenPreset.all.count + 1)
        let air = try #require(lines.first { $0.hasPrefix("iphone-air ") })
        #expect(air.contains("420×912") && air.contains(" none ") && air.contains("radius not published"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PresetsWriter.json().utf8)) as? [String: Any])
        let presets = try #require(json["presets"] as? [[String: Any]])
        #expect(presets.count == ScreenPreset.all.count)
        let a = try #require(presets.first { $0["name"] as? String == "iphone-air" })
        #expect(a["radius"] is NSNull && a["status"] as? String == "none" && a["width"] as? Double == 420)
        let m = try #require(presets.first { $0["name"] as? String == "mac-window" })
        #expect(m["radius"] as? Double == 26 && m["family"] as? String == "window" && (m["source"] as? String)?.isEmpty == false)
    }

    /// `iphone-16e`: after a word and a glued dash, digits and letters are a name
    /// part; anywhere else a number glued to letters stays an invalid number.
    @Test func aNamePartMayStartWithDigits() {
        let toks = Lexer.tokenize(SourceFile(name: "t", text: "screen iphone-16e")).tokens.map(\.kind)
        #expect(toks == [.identifier, .identifier, .minus, .identifier, .eof])
        #expect(Self.screen("screen iphone-16e").1.isEmpty)
        for (text, help) in [("let map = 1\na: rect map-12pt size 10x10", "lengths are in points with no unit: write `12`"),
                             ("a: rect 20-12pt size 10x10", "lengths are in points with no unit: write `12`"),
                             ("a: rect 12pt size 10x10", "lengths are in points with no unit: write `12`"),
                             ("let map = 1\na: rect map-1e3 size 10x10", "exponents are not supported: write the number out in full")] {
            let ds = Self.screen(text).1
            #expect(ds.map(\.code).contains("invalid-number"), "\(text)")
            #expect(ds.first { $0.code == "invalid-number" }?.help == help, "\(text)")
        }
        // A typo is an unknown preset with a suggestion.
        #expect(Self.screen("screen iphone-16ee").1.first?.help == "did you mean `iphone-16e`?")
    }
}

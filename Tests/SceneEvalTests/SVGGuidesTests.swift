import Foundation
import Testing
@testable import SceneLang
@testable import SceneEval

/// `--guides`: the safe area, the home-indicator band and the Dynamic Island of
/// a preset with sourced values, drawn from the one table (`ScreenPreset.guides`)
/// that docs/presets.md lists.
struct SVGGuidesTests {
    @Test("an iPhone 16 Pro gets its safe area, home-indicator band and Dynamic Island")
    func iPhone16Pro() throws {
        let svg = try #require(SVGTest.svg("screen iphone-16-pro\nbar: capsule glass size 300x60 align bottom pad bottom 30\n",
                                           options: SVGOptions(guides: true)))
        #expect(SVGTest.attribute("d", of: "safe-area", in: svg) == "M0 62h402v778h-402z")
        #expect(SVGTest.attribute("d", of: "home-indicator", in: svg) == "M0 840h402v34h-402z")
        // The island: a capsule 126 × 37 centred, 13.5 from the top (138 … 264 across).
        let island = SVGTest.path("dynamic-island", in: svg)
        let xs = island.flatMap { [$0.start.x, $0.end.x] }, ys = island.flatMap { [$0.start.y, $0.end.y] }
        #expect(abs(xs.min()! - 138) < 0.01 && abs(xs.max()! - 264) < 0.01 && abs(ys.min()! - 13.5) < 0.01 && abs(ys.max()! - 50.5) < 0.01,
                "island spans \(xs.min()!)…\(xs.max()!) × \(ys.min()!)…\(ys.max()!)")
        // Over the shapes, under nothing else, cut to the display's corners.
        #expect(svg.contains("<g id=\"guides\" clip-path=\"url(#screen-clip)\">"))
        guard let image = try SVGTest.rasterise(svg, zoom: 1) else { return }
        let dark = try #require(image.grey(at: Point(201, 32), origin: Point(-16, -16), zoom: 1))
        #expect(dark < 40, "the island is drawn: grey \(dark)")
    }

    @Test("no guides without --guides, on a custom screen, a Mac window, or where no value is sourced")
    func onlyWhereSourced() throws {
        let plain = try #require(SVGTest.svg("screen iphone-16-pro\na: rect 8 size 100x100\n"))
        #expect(!plain.contains("safe-area") && !plain.contains("guides"))
        for screen in ["screen 400x800 radius 40", "screen mac-window", "screen iphone-11", "screen ipad-air"] {
            let svg = try #require(SVGTest.svg(screen + "\na: rect 8 size 100x100\n", options: SVGOptions(guides: true)))
            #expect(!svg.contains("safe-area") && !svg.contains("dynamic-island"), "\(screen)")
        }
        // A safe area with no island source: no island drawn.
        let mini = try #require(SVGTest.svg("screen iphone-13-mini\n", options: SVGOptions(guides: true)))
        #expect(mini.contains("id=\"safe-area\"") && !mini.contains("dynamic-island"))
    }

    @Test("every guide names a preset and a source, and docs/presets.md lists it as the table has it")
    func docsListEveryGuide() throws {
        let text = try String(contentsOf: SVGTest.root.appendingPathComponent("docs/presets.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Device guides").last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == ScreenPreset.all.filter { $0.guides != nil }.count)
        for p in ScreenPreset.all {
            guard let g = p.guides else {
                #expect(!rows.contains { $0.hasPrefix("| `\(p.name)` |") }, "\(p.name) is listed without guides")
                continue
            }
            #expect(p.family != .window && !g.safeSource.isEmpty)
            let row = try #require(rows.first { $0.hasPrefix("| `\(p.name)` |") }, "docs/presets.md has no guides row for \(p.name)")
            #expect(row.hasPrefix("| `\(p.name)` | \(Format.number(g.safeTop)) | \(Format.number(g.safeBottom)) |"), "\(row)")
            if let i = g.island {
                #expect(!i.source.isEmpty)
                #expect(row.contains("| \(Format.number(i.y)), \(Format.number(i.width)) × \(Format.number(i.height)) |"), "\(row)")
            } else {
                #expect(row.contains("| — "), "\(row)")
            }
        }
        #expect(Set(ScreenPreset.guideTable.keys).isSubset(of: Set(ScreenPreset.names)), "a guide for no preset")
    }
}

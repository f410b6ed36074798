import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `--labels` checked in pixels, not with the placer's own metrics: on a dense
/// scene, every label's glyphs, rendered alone by rsvg-convert, share no pixel with
/// any other label's glyphs or with a `--centers` cross.
@Suite("SVG label pixels")
struct SVGLabelPixelTests {
    /// Five rows of four cards, each with a photo and a dot inside, in a panel:
    /// 20 cards, 20 photos, 20 dots, 5 rows, the grid and the panel, all labelled,
    /// with every corner's cross. Labels crowd: many go above their shape.
    static var dense: String {
        var s = "screen iphone-16-pro\npanel: container rect 44 size 380x600 align top pad top 70 <\n  grid: vstack spacing 6 pad 10 <\n"
        for r in 1...5 {
            s += "    row\(r): hstack spacing 6 <\n"
            for c in 1...4 {
                s += "      card\(r)\(c): container rect 18 size 82x100 < photo\(r)\(c): concentric min 6 pad 8 < dot\(r)\(c): concentric min 2 pad 12 > >\n"
            }
            s += "    >\n"
        }
        return s + "  >\n>\n"
    }

    static let zoom = 4.0
    static let ink = 200  // a pixel darker than this is ink

    /// The open tag of the labels group without its id, and each label's glyph line
    /// (the `<text>` after its halo), painted black.
    static func labels(in svg: String) throws -> (open: String, glyphs: [(text: String, x: Double, y: Double, line: String)]) {
        let lines = svg.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<g id=\"labels\"") })
        let open = lines[start].replacingOccurrences(of: "id=\"labels\" ", with: "")
        var out: [(String, Double, Double, String)] = []
        for line in lines[(start + 1)...] {
            if line == "</g>" { break }
            guard line.hasPrefix("<text "), !line.contains(" stroke=") else { continue }
            func attr(_ name: String) -> Double? {
                guard let r = line.range(of: " \(name)=\"") else { return nil }
                return Double(line[r.upperBound...].prefix { $0 != "\"" })
            }
            let text = String(line[line.index(after: line.firstIndex(of: ">")!)..<line.range(of: "</text>")!.lowerBound])
            let black = line.replacing(try Regex(" fill=\"#[0-9a-f]+\""), with: " fill=\"#000000\"")
            out.append((text, try #require(attr("x")), try #require(attr("y")), black))
        }
        return (open, out)
    }

    /// The `--centers` crosses (the coloured arms, not their halos), painted black.
    static func crosses(in svg: String) -> [String] {
        svg.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("<path ") && $0.contains(" stroke-width=\"1.25\"") && ($0.contains("#00c853") || $0.contains("#ff2d95"))
        }.map { $0.replacing(try! Regex(" stroke=\"#[0-9a-f]+\""), with: " stroke=\"#000000\"") }
    }

    /// The ink of `body` inside the window (x, y, w, h), as absolute pixel indices at `zoom`.
    static func ink(_ body: String, window: (x: Int, y: Int, w: Int, h: Int)) throws -> Set<Int> {
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(window.w)" height="\(window.h)" viewBox="\(window.x) \(window.y) \(window.w) \(window.h)">
            \(body)
            </svg>

            """
        let image = try #require(try SVGTest.rasterise(svg, zoom: zoom))
        var out = Set<Int>()
        let z = Int(zoom)
        for py in 0..<image.height {
            for px in 0..<image.width {
                let i = 4 * (py * image.width + px)
                let grey = (Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2])) / 3
                if grey < ink { out.insert((window.y * z + py + 100_000) * 1_000_000 + window.x * z + px + 100_000) }
            }
        }
        return out
    }

    @Test("on a dense scene no label touches another label or a centre cross, in pixels")
    func denseScene() throws {
        guard SVGTest.require("rsvg-convert", package: "librsvg2-bin") != nil else { return }
        let scene = try #require(SVGTest.scene(Self.dense))
        let svg = SVGWriter.write(scene, options: SVGOptions(centers: true, labels: true))
        let (open, glyphs) = try Self.labels(in: svg)
        let crosses = Self.crosses(in: svg)
        #expect(glyphs.count == 61, "\(glyphs.count) labels (20 cards, 20 photos, 20 dots, the panel; groups have none)")
        #expect(!crosses.isEmpty, "no centre crosses")
        var touching: [String] = []
        var inked = 0
        for (n, g) in glyphs.enumerated() {
            // A window generous enough for any 10 pt label, from where it is written.
            let window = (x: Int(g.x.rounded(.down)) - 12, y: Int(g.y.rounded(.down)) - 16, w: 14 * g.text.count + 24, h: 26)
            let mine = try Self.ink(open + "\n" + g.line + "\n</g>", window: window)
            if mine.count >= 20 { inked += 1 }
            let others = glyphs.enumerated().filter { $0.offset != n }.map(\.element.line).joined(separator: "\n")
            let theirs = try Self.ink(open + "\n" + others + "\n</g>", window: window)
            let marks = try Self.ink("<g fill=\"none\">\n" + crosses.joined(separator: "\n") + "\n</g>", window: window)
            if !mine.isDisjoint(with: theirs) { touching.append("`\(g.text)` touches another label (\(mine.intersection(theirs).count) px)") }
            if !mine.isDisjoint(with: marks) { touching.append("`\(g.text)` touches a centre cross (\(mine.intersection(marks).count) px)") }
        }
        // Something was drawn and compared: every label has ink of its own.
        #expect(inked == glyphs.count, "only \(inked) of \(glyphs.count) labels rendered any ink")
        #expect(touching.isEmpty, "\(touching.joined(separator: "\n"))")
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

@Suite("SVG writer")
struct SVGWriterTests {
    /// Everything the buffer writes, through its streaming interface.
    static func buffered(_ body: (inout SVGBuffer) -> Void) -> String {
        var bytes: [UInt8] = []
        var b = SVGBuffer { bytes.append(contentsOf: $0) }
        body(&b)
        b.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Numbers

    @Test("the writer's numbers are Format.number's, byte for byte")
    func numbersMatchFormat() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.0005, -0.0005, 0.00049999, -0.00049999, 0.0015, 2.5e-4,
                                0.1, 0.25, 0.999, 0.9995, 1.0005, -1.0005, 123.4565, 99999.9995, 1e-9, -1e-9,
                                1.528665, 62 * 1.528665, 402, 874.25, 1e6, -1e6, 123456789.123, 999_999_999_999.9]
        // Every whole number around the writer's short path for those under 1000, and just off them.
        for k in -1100...1100 { values += [Double(k), Double(k).nextUp, Double(k).nextDown] }
        var rng = SplitMix(seed: 7)
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 1000, 40_000, 1e7][Int(rng.next() % 5)]
            values.append((Double(rng.next() % 2_000_001) / 1_000_000 - 1) * scale)
            // Exactly on a half-thousandth, where rounding direction matters.
            values.append(Double(Int64(rng.next() % 2_000_000) - 1_000_000) / 1000 + 0.0005)
        }
        var mismatches: [String] = []
        for v in values {
            let got = Self.buffered { $0.number(v) }
            if got != Format.number(v) { mismatches.append("\(v): \(got) vs \(Format.number(v))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(5))")
    }

    /// The text table's right-aligned numbers: spaces, then `Format.number`'s text,
    /// at widths narrower and wider than the number, across a buffer's flushes.
    @Test("a right-aligned number is the padding and then Format.number's text")
    func rightAlignedNumbers() {
        let values: [Double] = [0, -0.0, 7, -12.5, 0.0005, 402, 874.25, 123456789.123, -999_999_999_999.9, 4e15, .nan]
        var expected = "", cells: [(Double, Int)] = []
        for round in 0..<12_000 {
            for (k, v) in values.enumerated() {
                let width = (round + k) % 22
                expected += String(repeating: " ", count: max(0, width - Format.number(v).count)) + Format.number(v) + "|"
                cells.append((v, width))
            }
        }
        let got = Self.buffered { b in for (v, width) in cells { b.number(v, rightAlignedIn: width); b.byte(0x7C) } }
        #expect(got.utf8.count > SVGBuffer.chunkSize)
        #expect(got == expected)
    }

    @Test("quantising is rounding half away from zero, without libm")
    func quantize() {
        var rng = SplitMix(seed: 11)
        for _ in 0..<50_000 {
            let v = (Double(rng.next() % 20_000_001) / 10_000_000 - 1) * 50_000
            #expect(SVGBuffer.quantize(v) == Int64((v * 1000).rounded()))
        }
        #expect(SVGBuffer.quantize(0.0005) == 1 && SVGBuffer.quantize(-0.0005) == -1 && SVGBuffer.quantize(0.00049) == 0)
    }

    /// Every number in every example's SVG: at most three decimals, trailing zeros
    /// trimmed, never `-0`, never `nan` or `inf`.
    @Test("numbers are short and canonical everywhere")
    func canonicalNumbers() throws {
        for source in SVGGoldenTests.sources() {
            for svg in SVGGoldenTests.variants(source) {
                #expect(!svg.contains("nan") && !svg.contains("inf"), "\(source.path): a non-finite number")
                for token in Self.numbers(in: svg) {
                    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                    #expect(!(token.hasPrefix("-") && Double(token) == 0), "\(source.path): \(token)")
                    if parts.count == 2 {
                        #expect(parts[1].count <= 3 && !parts[1].hasSuffix("0") && !parts[1].isEmpty, "\(source.path): \(token)")
                    }
                }
            }
        }
    }

    /// The numeric tokens of every attribute the writer puts numbers in.
    static func numbers(in svg: String) -> [String] {
        let numeric: Set<String> = ["d", "x", "y", "width", "height", "viewBox", "transform", "fill-opacity",
                                    "stroke-opacity", "stroke-width", "font-size", "stroke-dasharray"]
        var out: [String] = []
        let chunks = svg.components(separatedBy: "=\"")
        for i in 1..<chunks.count {
            let name = String(chunks[i - 1].reversed().prefix { !$0.isWhitespace }.reversed())
            guard numeric.contains(name), let end = chunks[i].firstIndex(of: "\"") else { continue }
            var current = ""
            for ch in chunks[i][..<end] {
                if ch.isNumber || ch == "." || (ch == "-" && current.isEmpty) {
                    current.append(ch)
                } else {
                    if !current.isEmpty { out.append(current) }
                    current = ch == "-" ? "-" : ""
                }
            }
            if !current.isEmpty { out.append(current) }
        }
        return out
    }

    // MARK: Text

    @Test("text and ids are escaped")
    func escaping() {
        #expect(Self.buffered { $0.text("a<b & \"c\" 'd'>") } == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        #expect(Self.buffered { $0.text("tab\tok\u{1}\u{FFFE}gone, é ok") } == "tab\tokgone, é ok")
        #expect(Self.buffered { $0.id("9lives") } == "_9lives")
        #expect(Self.buffered { $0.id("café") } == "café")
        #expect(Self.buffered { $0.comment("a--b-") } == "a- -b- ")
    }

    @Test("ids come from labels and are unique, overlay groups included")
    func ids() throws {
        let source = """
        screen iphone-16-pro
        labels: rect 8 size 100x100 <
          centers: concentric min 4 pad 8
          concentric pad 20 size 40x40
        >
        café: capsule size 80x30 align bottom
        """
        let svg = try #require(SVGTest.svg(source, options: SVGOptions(centers: true, labels: true)))
        let ids = Self.ids(in: svg)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        #expect(ids.starts(with: ["screen", "screen-clip", "labels", "centers", "node-3", "café"]))
        #expect(ids.contains("centers-2") && ids.contains("labels-2"))
    }

    static func ids(in svg: String) -> [String] {
        svg.components(separatedBy: " id=\"").dropFirst().map { String($0[..<$0.firstIndex(of: "\"")!]) }
    }

    // MARK: Paint

    @Test("fills: the palette by drawn depth, `fill` overriding, alpha as fill-opacity")
    func fills() throws {
        let source = """
        screen 300 x 300 radius 0
        a: rect 20 size 200x200 <
          g: zstack <
            b: rect 8 pad 20 <
              c: rect 4 pad 20 fill #ff000080
              d: rect 4 pad 60 fill clear
            >
          >
        >
        """
        let svg = try #require(SVGTest.svg(source))
        #expect(SVGTest.attribute("fill", of: "a", in: svg) == "#0a2463")
        #expect(SVGTest.attribute("fill", of: "b", in: svg) == "#ffc300", "a group does not count as a depth")
        #expect(SVGTest.attribute("fill", of: "c", in: svg) == "#ff0000")
        #expect(SVGTest.attribute("fill-opacity", of: "c", in: svg) == "0.502")
        #expect(SVGTest.attribute("fill-opacity", of: "d", in: svg) == "0")
        #expect(SVGTest.attribute("fill-opacity", of: "a", in: svg) == nil)
        #expect(!svg.contains("id=\"g\""), "a group draws nothing")
    }

    @Test("the palette is high contrast: each depth against the one behind it")
    func paletteContrast() {
        let p = SVGStyle.palette
        #expect(Color.contrast(p[0], SVGStyle.screenColor) >= 4.5)
        for i in p.indices {
            let c = Color.contrast(p[i], p[(i + 1) % p.count])
            #expect(c >= 4.5, "depth \(i) against depth \(i + 1): \(c)")
        }
    }

    @Test("glass: a translucent fill under a light rim, adapting to its backdrop")
    func glass() throws {
        let source = """
        screen 300 x 300 radius 0
        dark: rect 20 size 200x100 align top <
          frost: glass concentric pad 12
        >
        smoke: glass capsule size 100x40 align bottom
        tint: glass rect 10 size 60x40 align leading fill #34c759
        """
        let svg = try #require(SVGTest.svg(source))
        for id in ["frost", "smoke", "tint"] {
            // The rim: white over the dark shape, grey over the light screen (where white vanishes).
            #expect(SVGTest.attribute("stroke", of: id, in: svg) == (id == "frost" ? "#ffffff" : "#6e6e73"))
            let opacity = try #require(Double(SVGTest.attribute("fill-opacity", of: id, in: svg) ?? ""))
            #expect(opacity > 0 && opacity < 1)
        }
        #expect(SVGTest.attribute("fill", of: "frost", in: svg) == "#ffffff", "white frost over a dark shape")
        #expect(SVGTest.attribute("fill", of: "smoke", in: svg) == "#1c1c1e", "a smoky tint over the light screen")
        #expect(SVGTest.attribute("fill", of: "tint", in: svg) == "#34c759")
        #expect(SVGTest.attribute("stroke-width", of: "dark", in: svg) == nil, "no rim: the shapes' outline")
        // iOS 18: the export's material (`.regularMaterial`) is drawn as glass too, not in the palette's colour.
        let old = try #require(SVGTest.scene("target ios18\n" + source))
        let svg18 = SVGWriter.write(old)
        for id in ["frost", "smoke", "tint"] {
            for attribute in ["fill", "fill-opacity", "stroke", "stroke-width"] {
                #expect(SVGTest.attribute(attribute, of: id, in: svg18) == SVGTest.attribute(attribute, of: id, in: svg), "\(id) \(attribute)")
            }
        }
    }

    // MARK: Canvas

    /// The new-user repro: a shape wider than the screen and one padded outwards.
    static let overflowing = "screen 300x300 radius 30\nbig: rect 20 size 500x100\nneg: concentric min 8 pad -20\n"

    @Test("the viewBox covers every shape that overflows the screen, plus the margin")
    func overflowGrowsTheCanvas() throws {
        let svg = try #require(SVGTest.svg(Self.overflowing))
        // big: x −100…400; neg: −20…320 both ways.
        #expect(svg.contains("width=\"532\" height=\"372\" viewBox=\"-116 -36 532 372\""))
        // What rsvg-convert paints: both ends of big and neg's far corner region.
        let image = try #require(try SVGTest.rasterise(svg, zoom: 2))
        let origin = Point(-116, -36)
        #expect(image.width == 1064 && image.height == 744)
        // Past the display, faded (the device cuts it off); inside it, whole.
        for p in [Point(-95, 150), Point(395, 150), Point(-15, 160), Point(160, 315)] {
            let grey = try #require(image.grey(at: p, origin: origin, zoom: 2))
            #expect(grey < 235, "\(p) is not drawn (grey \(grey))")
        }
        let inside = try #require(image.grey(at: Point(150, 150), origin: origin, zoom: 2))
        #expect(inside < 100, "inside the display, not faded (grey \(inside))")
    }

    @Test("shapes that overflow get the screen's edge drawn again, dashed, over them")
    func screenEdgeOverOverflow() throws {
        let svg = try #require(SVGTest.svg(Self.overflowing))
        let ids = Self.ids(in: svg)
        #expect(ids == ["screen", "screen-clip", "shapes", "big", "neg", "overflow-clip", "screen-edge"])
        #expect(SVGTest.attribute("d", of: "screen-edge", in: svg) == SVGTest.attribute("d", of: "screen", in: svg))
        #expect(SVGTest.attribute("fill", of: "screen-edge", in: svg) == "none")
        #expect(SVGTest.attribute("stroke-dasharray", of: "screen-edge", in: svg) == "6 3")
        // Shapes inside the screen, touching its edges: the canvas is the screen's.
        let inside = try #require(SVGTest.svg("screen 300x300 radius 30\nfull: concentric\nbar: rect 4 size 300x20 align bottom\n"))
        #expect(!inside.contains("screen-edge"))
        #expect(inside.contains("viewBox=\"-16 -16 332 332\""))
    }

    @Test("--compare: panels are as wide as the widest overflow, titles above it")
    func compareOverflow() throws {
        let file = SourceFile(name: "t.scene", text: "screen 300x300 radius 30\nbig: rect 20 size 500x100\ntall: rect 8 size 40x400 align leading\n")
        let a = try #require(Pipeline.compile(file, target: .ios26).scene)
        let b = try #require(Pipeline.compile(file, target: .ios18).scene)
        let svg = SVGWriter.write(a, compare: b)
        // x −100…400, y −50…350; panels 500 + 3·16 apart.
        #expect(svg.contains("viewBox=\"-116 -94 1080 460\""))
        #expect(svg.contains("<g id=\"ios18\" transform=\"translate(548 0)\">"))
        #expect(svg.contains("<text x=\"-100\" y=\"-76\""), "the title sits over the panel's top-leading extent")
        #expect(svg.contains("id=\"ios26-screen-edge\"") && svg.contains("id=\"ios18-screen-edge\""))
    }

    @Test("--centers: a narrow screen still has room for the legend")
    func legendFits() throws {
        let svg = try #require(SVGTest.svg("screen 120x200 radius 20\nrect 8 size 60x60\n", options: SVGOptions(centers: true)))
        let width = try #require(Double(svg.components(separatedBy: "width=\"")[1].prefix { $0 != "\"" }))
        let longest = SVGDocument.legendRows.map { SVGText.width($0.1, size: SVGStyle.labelSize) }.max()!
        #expect(width >= longest + 14 + 32)
        // Text estimates err long: "Hello" is 2.535 em in DejaVu Sans (2.279 in Liberation Sans).
        #expect(abs(SVGText.width("Hello", size: 10) - 25.35) < 1e-9)
    }

    // MARK: Outlines

    @Test("every shape is outlined in the group's dark ink, or white if it is dark")
    func outlines() throws {
        let source = """
        screen 300 x 300 radius 0
        same: rect 20 size 200x200 fill #f2f2f7 <
          navy: rect 12 pad 20 fill #0a2463 <
            inner: rect 4 pad 20 fill #0a2463
            clear: rect 4 size 20x20 fill clear
          >
        >
        glassy: glass capsule size 100x40 align bottom
        """
        let svg = try #require(SVGTest.svg(source))
        #expect(svg.contains("<g stroke=\"#1c1c1e\" stroke-opacity=\"0.75\" stroke-width=\"0.5\">\n<path id=\"same\""))
        // A light shape (on the light screen): the group's dark outline.
        #expect(SVGTest.attribute("stroke", of: "same", in: svg) == nil)
        // Dark shapes: white, the same fill as the parent and a clear shape included.
        #expect(SVGTest.attribute("stroke", of: "navy", in: svg) == "#fff")
        #expect(SVGTest.attribute("stroke", of: "inner", in: svg) == "#fff")
        #expect(SVGTest.attribute("stroke", of: "clear", in: svg) == "#fff")
        // Glass keeps its rim (grey on the light screen).
        #expect(SVGTest.attribute("stroke", of: "glassy", in: svg) == "#6e6e73")
        #expect(SVGTest.attribute("stroke-width", of: "glassy", in: svg) == "1.5")
    }

    @Test("the outline keeps 3:1 contrast against any opaque colour it is drawn over")
    func outlineContrast() {
        var backdrops = (0...255).map { Color(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) { backdrops.append(Color(r: UInt8(r), g: UInt8(g), b: UInt8(b))) }
            }
        }
        backdrops += SVGStyle.palette + [SVGStyle.screenColor]
        var worst = (contrast: 99.0, backdrop: Color(r: 0, g: 0, b: 0))
        for c in backdrops {
            let light = SVGDocument.lightOutline(over: c)
            let line = light ? Color(r: 255, g: 255, b: 255) : Color(r: 0x1c, g: 0x1c, b: 0x1e)
            let contrast = Color.contrast(line.over(c, opacity: SVGStyle.outlineOpacity), c)
            if contrast < worst.contrast { worst = (contrast, c) }
        }
        #expect(worst.contrast >= 3, "\(worst.backdrop.hex): \(worst.contrast)")
    }

    /// The new-user finding: card.scene, fallback.scene and sheet.scene fill their
    /// container with the screen's own #f2f2f7. What rsvg-convert paints on the
    /// container's edge must differ visibly from the screen.
    @Test("a container filled like the screen still shows its edge", arguments: ["card", "fallback", "sheet"])
    func sameFillEdgeShows(_ name: String) throws {
        let source = SVGGoldenTests.Source(path: "examples/\(name).scene")
        let scene = try #require(SVGGoldenTests.compile(source))
        let container = try #require(scene.shapes.first { $0.fill == SVGStyle.screenColor })
        let zoom = 4.0
        let image = try #require(try SVGTest.rasterise(SVGWriter.write(scene), zoom: zoom))
        let f = container.frame
        let screen = try #require(image.grey(at: Point(f.x + f.width / 2, f.y - 3), origin: Point(-16, -16), zoom: zoom))
        // The top edge, mid-way: the darkest pixel of the two rows the line covers.
        let edge = [f.y - 0.2, f.y + 0.1].compactMap { image.grey(at: Point(f.x + f.width / 2, $0), origin: Point(-16, -16), zoom: zoom) }.min()
        let g = try #require(edge)
        #expect(screen - g >= 60, "\(name): the edge of \(container.id) is grey \(g) on a screen of \(screen)")
    }

    /// Two siblings of one palette colour, one drawn over the other: each outline
    /// shows against the other's fill (as in the overflow repro, neg over big, but
    /// within the display, where nothing is faded).
    @Test("overlapping shapes of one colour keep their edges apart")
    func siblingsOfOneColour() throws {
        let svg = try #require(SVGTest.svg("screen 300x300 radius 30\nbig: rect 20 size 280x100\nsmall: rect 8 size 100x200\n"))
        #expect(SVGTest.attribute("fill", of: "big", in: svg) == SVGTest.attribute("fill", of: "small", in: svg))
        let zoom = 4.0, origin = Point(-16, -16)
        let image = try #require(try SVGTest.rasterise(svg, zoom: zoom))
        // small's leading edge (x = 100) where it crosses big, against big's fill beside it.
        let fill = try #require(image.grey(at: Point(80, 150), origin: origin, zoom: zoom))
        let edge = try #require([99.9, 100.1].compactMap { image.grey(at: Point($0, 150), origin: origin, zoom: zoom) }.max())
        #expect(edge - fill >= 60, "small's edge over big: grey \(edge) on \(fill)")
    }

    // MARK: Options

    @Test("--compare: two titled panels side by side, ids kept apart")
    func compare() throws {
        let source = "screen iphone-16-pro\ncard: container rect 28 size 300x200 <\n  photo: concentric min 10 pad 12\n>\n"
        let file = SourceFile(name: "t.scene", text: source)
        let a = try #require(Pipeline.compile(file, target: .ios26).scene)
        let b = try #require(Pipeline.compile(file, target: .ios18).scene)
        let svg = SVGWriter.write(a, compare: b)
        #expect(svg.contains(">iOS 26</text>") && svg.contains(">iOS 18 fallback</text>"))
        #expect(svg.contains("<g id=\"ios18\" transform=\"translate(450 0)\">"))
        #expect(svg.contains("viewBox=\"-16 -44 884 934\""))
        let ids = Self.ids(in: svg)
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("ios26-photo") && ids.contains("ios18-photo"))
        // iOS 26: 28 − 12 = 16; iOS 18: the minimum, 10.
        let p26 = SVGTest.path("ios26-photo", in: svg), p18 = SVGTest.path("ios18-photo", in: svg)
        #expect(p26.first?.start == Point(63 + 1.528665 * 16, 349).rounded3)
        #expect(p18.first?.start == Point(63 + 1.528665 * 10, 349).rounded3)
    }

    @Test("--compare titles a mac window's panels macOS 26 and macOS 15 fallback", arguments: [
        ("mac-window", "macOS 26", "macOS 15 fallback"), ("mac-window-titlebar", "macOS 26", "macOS 15 fallback"),
        ("mac-window-toolbar", "macOS 26", "macOS 15 fallback"), ("iphone-17-pro", "iOS 26", "iOS 18 fallback"),
        ("ipad-air", "iOS 26", "iOS 18 fallback"), ("300 x 300 radius 20", "iOS 26", "iOS 18 fallback"),
    ])
    func compareTitles(_ screen: String, _ new: String, _ old: String) throws {
        let file = SourceFile(name: "t.scene", text: "screen \(screen)\ncard: rect 12 size 200x100\n")
        let a = try #require(Pipeline.compile(file, target: .ios26).scene)
        let b = try #require(Pipeline.compile(file, target: .ios18).scene)
        let svg = SVGWriter.write(a, compare: b)
        let titles = svg.components(separatedBy: "font-weight=\"bold\"").dropFirst().map {
            String($0[$0.index(after: $0.firstIndex(of: ">")!)..<$0.range(of: "</text>")!.lowerBound])
        }
        #expect(titles == [new, old])
    }

    @Test("--centers: concentric corners share a centre with their container's")
    func centres() throws {
        let source = """
        screen iphone-16-pro
        box: container rect 28 size 200x200 align topLeading pad 20 <
          inner: concentric min 16 pad 12
          flared: rect 24 size 60x60 align bottomTrailing pad 12
        >
        panel: concentric height 200 align bottom pad 8
        """
        let svg = try #require(SVGTest.svg(source, options: SVGOptions(centers: true)))
        let shared = Self.crosses(in: svg, color: "#00c853"), own = Self.crosses(in: svg, color: "#ff2d95")
        // inner: 4 shared; panel: its two bottom corners (62 − 8 = 54) shared with the screen's.
        #expect(shared.count == 6, "\(shared)")
        #expect(shared.contains(Point(48, 48)) && shared.contains(Point(62, 812)) && shared.contains(Point(340, 812)))
        // box: 4 of its own (not concentric with the screen); flared: 4 (24 where 16 would share).
        #expect(own.count == 8, "\(own)")
        // Guides: the screen's four corners and box's four.
        #expect(svg.contains("M0 62a62 62 0 1 1 124 0a62 62 0 1 1 -124 0z"))
        #expect(svg.contains("M20 48a28 28 0 1 1 56 0a28 28 0 1 1 -56 0z"))
        #expect(svg.contains("id=\"legend\""))
    }

    /// Cross centres drawn in `color` (each cross is `M x−4 y h8 M x y−4 v8`).
    static func crosses(in svg: String, color: String) -> [Point] {
        guard let tail = svg.components(separatedBy: "\" stroke=\"\(color)\" stroke-width=\"1.25\"/>").first,
              let d = tail.components(separatedBy: "<path d=\"").last,
              let segments = try? PathSegment.parse(d) else { return [] }
        return segments.compactMap { s in
            if case .line(let a, let b) = s, a.y == b.y { return Point((a.x + b.x) / 2, a.y) }
            return nil
        }
    }

    @Test("--labels: each labelled shape's label, escaped, in ink that contrasts")
    func labels() throws {
        let source = "screen 300 x 300 radius 0\ndark: rect 8 size 200x100 <\n  light: rect 4 pad 12\n  rect 2 size 10x10\n>\n"
        let svg = try #require(SVGTest.svg(source, options: SVGOptions(labels: true)))
        // `dark` has no room beside its child: its label goes above it, dark on the light screen.
        #expect(svg.contains("fill=\"#1c1c1e\">dark</text>"))
        #expect(svg.contains("fill=\"#1c1c1e\">light</text>"))
        #expect(!svg.contains(">node-3</text>"), "unlabelled shapes are not labelled")
    }

    // MARK: Output

    @Test("output is deterministic, and streaming gives the same bytes in chunks of at most 1 MB")
    func streaming() throws {
        // ~4,000 nodes: a few MB, several chunks.
        var source = "screen 4000 x 4000 radius 40\n"
        for c in 0..<40 {
            source += "c\(c): container rect 28 size 360x360 align topLeading pad leading \((c % 10) * 400) top \((c / 10) * 400) <\n"
            for k in 0..<99 { source += "  concentric min 8 size 30x30 align topLeading pad leading \((k % 10) * 34 + 6) top \((k / 10) * 34 + 6)\n" }
            source += ">\n"
        }
        let scene = try #require(SVGTest.scene(source))
        let options = SVGOptions(centers: true, labels: true)
        let whole = SVGWriter.bytes(scene, options: options)
        var chunks: [Int] = []
        var streamed: [UInt8] = []
        SVGWriter.write(scene, options: options) { chunk in
            chunks.append(chunk.count)
            streamed.append(contentsOf: chunk)
        }
        #expect(whole.count > 2 * SVGBuffer.chunkSize)
        #expect(chunks.count >= 3 && chunks.allSatisfy { $0 > 0 && $0 <= SVGBuffer.chunkSize })
        #expect(streamed == whole)
        let text = SVGWriter.write(scene, options: options)
        #expect(text == String(decoding: whole, as: UTF8.self))
        // Overlay marks are split over many paths: libxml2 (rsvg-convert, xmllint)
        // refuses attributes over 10 MB, and a 100,000-node scene has 400,000 marks.
        let longest = text.split(separator: "\"").map(\.utf8.count).max() ?? 0
        #expect(longest < 64 * 1024, "an attribute of \(longest) bytes")
    }
}

extension Point {
    var rounded3: Point { Point((x * 1000).rounded() / 1000, (y * 1000).rounded() / 1000) }
}

/// A small deterministic generator (tests must not depend on the system's randomness).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

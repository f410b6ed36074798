import Testing
import SceneLang
@testable import SceneEval
@testable import SceneREPL

/// Outlines name their geometry (`Outline`), and the SVG outline cache keys on
/// it: two geometries of one size and style, drawn one after the other, are
/// each drawn as themselves. Every outline is read back from the SVG and
/// checked against geometry written out here (`SVGOutline`), apart from the
/// renderer's.
struct OutlineGeometryTests {
    static let sizes: [(Double, Double)] = [(100, 60), (60, 100), (80, 80)]
    static let styles: [CornerStyle] = [.circular, .continuous]

    /// `kind` with the arguments it needs, inside a `container rect 30`.
    static func written(_ kind: ShapeKind) -> String {
        switch kind.row.arguments {
        case .none: return kind.rawValue
        case .radius: return "\(kind.rawValue) 12"
        case .fourRadii: return "\(kind.rawValue)(4, 8, 12, 16)"
        case .concentric: return "\(kind.rawValue) min 8"
        }
    }

    @Test(arguments: ShapeKind.shapes)
    func everyKindBesideEveryOtherKindOfTheSameSizeAndStyleIsDrawnAsItself(_ first: ShapeKind) throws {
        var checked = 0
        for second in ShapeKind.shapes {
            for (w, h) in Self.sizes {
                for style in Self.styles {
                    let text = """
                    screen 400x300 radius 20
                    p: container rect 30 size 380x280 hstack spacing 10 <
                      a: \(Self.written(first)) size \(Int(w))x\(Int(h)) style \(style == .continuous ? "continuous" : "circular")
                      b: \(Self.written(second)) size \(Int(w))x\(Int(h)) style \(style == .continuous ? "continuous" : "circular")
                    >
                    """
                    let c = Pipeline.compile(SourceFile(name: "pair.scene", text: text))
                    let scene = try #require(c.scene, "\(c.diagnostics.map(\.message))\n\(text)")
                    let svg = SVGWriter.write(scene)
                    for sh in scene.shapes where sh.label == "a" || sh.label == "b" {
                        #expect(Invariants.svgAgrees(sh, svg, text))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == ShapeKind.shapes.count * Self.sizes.count * Self.styles.count * 2)
    }

    /// Every geometry, of one size and style, at several places, each after every
    /// other: the outline cache copies equal outlines and never another
    /// geometry's. (With the geometry left out of the cache's key, an ellipse
    /// after a capsule of its size is drawn as that capsule.)
    @Test func everyGeometryAfterEveryOtherOfTheSameSizeIsDrawnAsItself() throws {
        for (w, h) in Self.sizes + [(37.5, 12.25)] {
            for style in Self.styles {
                let side = min(w, h)
                func outlines(at x: Double, _ y: Double) -> [(Outline, String)] {
                    let f = Frame(x: x, y: y, width: w, height: h)
                    let square = Frame(x: x + (w - side) / 2, y: y + (h - side) / 2, width: side, height: side)
                    return [(.roundedRect(RoundedRect(frame: f, radii: Radii(all: side / 2), style: style)), "rounded"),
                            (.roundedRect(RoundedRect(frame: f, radii: Radii(all: 0), style: style)), "square"),
                            (.capsule(in: f, style: style), "capsule"),
                            (.circle(in: square), "circle"),
                            (.ellipse(f), "ellipse")]
                }
                var drawn: [(Outline, String)] = []
                for round in 0..<3 {
                    for (k, o) in outlines(at: 0, 0).enumerated() {
                        for (j, other) in outlines(at: Double(10 + 200 * round), Double(20 + 150 * k)).enumerated() where j != k {
                            drawn += [o, other]
                        }
                    }
                }
                var chunk: [UInt8] = []
                var buffer = SVGBuffer { chunk.append(contentsOf: $0) }
                for (o, _) in drawn { buffer.path(o); buffer.raw("\n") }
                #expect(buffer.outlines!.hits >= drawn.count / 4, "the cache was used: \(buffer.outlines!.hits) copies")
                buffer.finish()
                let text = String(decoding: chunk, as: UTF8.self).split(separator: "\n").map(String.init)
                try #require(text.count == drawn.count)
                for ((o, name), d) in zip(drawn, text) {
                    let segments = try #require(SVGOutline.parse(d[...]), "unreadable: \(d)")
                    let wrong: String?
                    switch name {
                    case "ellipse": wrong = SVGOutline.ellipseMismatch(segments, o.frame)
                    default:
                        let kind: ShapeKind = ["rounded": .rect, "square": .rectangle, "capsule": .capsule][name] ?? .circle
                        let f = o.frame, r = name == "square" ? 0 : f.halfShorterSide
                        wrong = SVGOutline.mismatch(segments, SVGOutline.corners(kind: kind, frame: f, radii: Radii(all: r), style: style))
                    }
                    #expect(wrong == nil, "\(name) \(w)x\(h) \(style) at \(o.frame): \(wrong ?? "")\n\(d)")
                }
            }
        }
    }

    /// The REPL's `:preview` and the checker's sampled polygon take each
    /// geometry by its own rule: a point inside a capsule's cap but outside the
    /// ellipse of the same frame is inside one and outside the other.
    @Test func thePreviewAndThePolygonTellAnEllipseFromACapsule() {
        let f = Frame(x: 0, y: 0, width: 100, height: 60)
        let p = Point(12, 8)
        #expect(OutlinePolygon(.capsule(in: f, style: .circular)).distanceOutside(p) < 0)
        #expect(OutlinePolygon(.ellipse(f)).distanceOutside(p) > 0)
        #expect(Preview.Canvas.inside(p.x, p.y, .capsule(in: f, style: .circular)))
        #expect(!Preview.Canvas.inside(p.x, p.y, .ellipse(f)))
        #expect(Preview.Canvas.inside(50, 30, .ellipse(f)) && Preview.Canvas.inside(50, 1, .ellipse(f)))
    }
}

extension SVGOutline {
    /// What is wrong with `segments` as the ellipse inscribed in `f`; nil when
    /// right: four cubics joining its four extreme points, each passing within
    /// 0.03% of the semi-axes (the four-cubic approximation's error) plus output
    /// precision of the true ellipse along its length.
    static func ellipseMismatch(_ segments: [Segment], _ f: Frame) -> String? {
        let cubics = segments.filter { $0.kind == .cubic }
        guard cubics.count == 4 else { return "\(cubics.count) cubics, an ellipse needs 4" }
        let a = f.width / 2, b = f.height / 2, cx = f.x + a, cy = f.y + b
        let extremes = [Point(cx, f.y), Point(f.x + f.width, cy), Point(cx, f.y + f.height), Point(f.x, cy)]
        let tol = 0.0025
        for e in extremes where !cubics.contains(where: { abs($0.to.x - e.x) <= tol && abs($0.to.y - e.y) <= tol }) {
            return "no quadrant ends at \(e)"
        }
        for c in cubics {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let u = 1 - t
                let x = u * u * u * c.from.x + 3 * u * u * t * c.c1.x + 3 * u * t * t * c.c2.x + t * t * t * c.to.x
                let y = u * u * u * c.from.y + 3 * u * u * t * c.c1.y + 3 * u * t * t * c.c2.y + t * t * t * c.to.y
                // Distance from the ellipse along the ray from its centre.
                let dx = (x - cx) / a, dy = (y - cy) / b
                let rho = (dx * dx + dy * dy).squareRoot()
                let off = abs(rho - 1) * max(a, b)
                if off > 0.0003 * max(a, b) + 2 * tol { return "the curve passes \(off) from the ellipse at (\(x), \(y))" }
            }
        }
        return nil
    }
}

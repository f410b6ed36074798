import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Structural properties of the generated SwiftUI, for every example and for random
/// scenes: each concentric shape is a ConcentricRectangle use with the scene's minimum
/// and uniformity, each container's shape has the container's resolved radius, each
/// fallback has the scene's `target ios18` radius, and every ConcentricRectangle and
/// glassEffect sits inside an iOS 26 availability check.
@Suite("SwiftUI export: structure")
struct SwiftUIPropertyTests {
    struct Case {
        var name: String
        var file: SourceFile
        var scene: ResolvedScene
        var fallback: ResolvedScene
        var ast: Scene
        var export: SwiftUIExport
        var enumName: String
    }

    static func make(_ name: String, _ text: String, typeName: String? = nil, fallback: FallbackStyle = .minimum) -> Case? {
        let file = SourceFile(name: name, text: text)
        let c = Pipeline.compile(file, target: .ios26)
        guard let scene = c.scene, let old = Pipeline.compile(file, target: .ios18, fallback: fallback).scene,
              let export = SwiftUIWriter.export(file, options: SwiftUIOptions(typeName: typeName, fallback: fallback))
        else { return nil }
        let names = SwiftUIWriter.typeNames(source: name, typeName: typeName)
        return Case(name: name, file: file, scene: scene, fallback: old, ast: c.parse.scene, export: export, enumName: names.corners)
    }

    /// Every node of the syntax tree in pre-order (the resolved shapes' order).
    static func nodes(_ ast: Scene) -> [Node] {
        var out: [Node] = []
        var stack: [Node] = ast.statements.reversed().compactMap { if case .node(let n) = $0 { return n } else { return nil } }
        while let n = stack.popLast() { out.append(n); stack += n.children.reversed() }
        return out
    }

    /// The concentric shapes a node writes: shape item, glass shape, clip/background/hit
    /// (a transition clips to a RoundedRectangle only, so it is never one).
    static func concentricCount(_ node: Node) -> Int {
        let written = node.items.filter { item in
            switch item.value {
            case .shape(.concentric), .glass(.concentric?), .clip(.concentric), .background(.concentric), .hit(.concentric): return true
            default: return false
            }
        }.count
        // Bare `glass` on a node whose drawn shape is its first background (no shape, no
        // glass shape: grammar rule 2) is glass in that shape, written again in `.glass(in:)`.
        var bareGlass = false, shaped = false, firstBackground: ShapeExpr?
        for item in node.items {
            switch item.value {
            case .glass(nil): bareGlass = true
            case .glass(.some), .shape: shaped = true
            case .background(let s) where firstBackground == nil: firstBackground = s
            default: break
            }
        }
        if bareGlass, !shaped, case .concentric? = firstBackground { return written + 1 }
        return written
    }

    struct Use { var minimum: Double?; var uniform: Bool; var fallback: [Double?] }

    /// The ConcentricRectangle uses in `text`: the seed's `nested(minimum:uniform:)` and the enum's shapes.
    static func uses(in text: String, _ g: GeneratedCode) -> [Use] {
        var out: [Use] = []
        for whole in GeneratedCode.arguments(of: g.enumName + ".nested(", in: text) {
            // The filled form's `fill:` argument is the colour, not the shape.
            let call = whole.range(of: ", fill: ").map { String(whole[..<$0.lowerBound]) } ?? whole
            let args = call.hasPrefix("minimum: ") ? String(call.dropFirst("minimum: ".count)) : call
            let uniform = args.hasSuffix(", uniform: true")
            let m = g.value(uniform ? String(args.dropLast(", uniform: true".count)) : args)
            out.append(Use(minimum: m, uniform: uniform, fallback: [m, m, m, m]))
        }
        for (name, shape) in g.shapes {
            let pattern = g.enumName + "." + name
            var search = text.startIndex
            while let r = text.range(of: pattern, range: search..<text.endIndex) {
                search = r.upperBound
                if r.upperBound < text.endIndex, text[r.upperBound].isLetter || text[r.upperBound].isNumber { continue }
                out.append(use(shape.initializer, fallback: shape.fallback, g))
            }
        }
        return out
    }

    /// Each corner's style from an initialiser's labels (unnamed corners default to `.concentric`).
    static func use(_ initializer: String, fallback: String, _ g: GeneratedCode) -> Use {
        let labels: [String: [Int]] = [  // TL 0, TR 1, BR 2, BL 3
            "corners": [0, 1, 2, 3], "topLeadingCorner": [0], "topTrailingCorner": [1], "bottomTrailingCorner": [2],
            "bottomLeadingCorner": [3], "uniformTopCorners": [0, 1], "uniformBottomCorners": [2, 3],
            "uniformLeadingCorners": [0, 3], "uniformTrailingCorners": [1, 2],
        ]
        var styles = [String](repeating: ".concentric", count: 4)
        for (label, corners) in labels {
            guard let r = initializer.range(of: label + ": ") else { continue }
            var depth = 0, end = r.upperBound
            while end < initializer.endIndex {
                let ch = initializer[end]
                if ch == "(" { depth += 1 } else if ch == ")" { if depth == 0 { break }; depth -= 1 } else if ch == ",", depth == 0 { break }
                end = initializer.index(after: end)
            }
            for k in corners { styles[k] = String(initializer[r.upperBound..<end]) }
        }
        let minima = styles.map { s -> Double? in
            guard s.hasPrefix(".concentric(minimum: .fixed(") else { return nil }
            return g.value(String(s.dropFirst(".concentric(minimum: .fixed(".count).dropLast(2)))
        }
        let shared = minima.allSatisfy { $0 != nil && $0 == minima[0] } ? minima[0] : nil
        var fb: [Double?]
        let body = fallback.replacingOccurrences(of: "AnyShape(", with: "")
        if body.hasPrefix("rect(") {
            let v = g.value(String(body.dropFirst(5).dropLast(2)))
            fb = [v, v, v, v]
        } else {
            let a = GeneratedCode.arguments(of: "UnevenRoundedRectangle(", in: fallback).first ?? ""
            let parts = GeneratedCode.labelled(a)
            func radius(_ l: String) -> Double? { parts[l].flatMap(g.value) }
            fb = [radius("topLeadingRadius"), radius("topTrailingRadius"), radius("bottomTrailingRadius"), radius("bottomLeadingRadius")]
        }
        return Use(minimum: shared, uniform: initializer.contains("isUniform: true"), fallback: fb)
    }

    /// The radius a written `rect(E)` container shape has on a frame (SwiftUI clamps it).
    static func containerRadius(_ text: String, _ g: GeneratedCode, half: Double) -> Double? {
        for call in [".concentricContainer(", ".containerShape("] {
            guard let args = GeneratedCode.arguments(of: call, in: text).first else { continue }
            if let inner = GeneratedCode.arguments(of: g.enumName + ".rect(", in: args).first { return g.value(inner).map { min($0, half) } }
            if let inner = GeneratedCode.arguments(of: "RoundedRectangle(", in: args).first {
                return GeneratedCode.labelled(inner)["cornerRadius"].flatMap(g.value).map { min($0, half) }
            }
        }
        return nil
    }

    static func check(_ c: Case, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let g = GeneratedCode(c.export.code, enumName: c.enumName)
        let nodes = Self.nodes(c.ast)
        #expect(nodes.count == c.scene.shapes.count, "\(c.name): node count")
        // 1. As many ConcentricRectangle uses as concentric shapes in the scene.
        let expected = nodes.map(concentricCount).reduce(0, +)
        #expect(uses(in: c.export.code, g).count == expected, "\(c.name): ConcentricRectangle uses", sourceLocation: sourceLocation)
        for (i, sh) in c.scene.shapes.enumerated() {
            guard let label = sh.label, let block = g.subview(label) else { continue }
            let own = uses(in: block, g)
            #expect(own.count == concentricCount(nodes[i]), "\(c.name): `\(label)` writes \(own.count) concentric shapes", sourceLocation: sourceLocation)
            let half = sh.frame.halfShorterSide
            if sh.kind == .concentric {
                // 2. The drawn shape: the scene's minimum and uniformity.
                #expect(own.contains { $0.minimum == sh.minimum && $0.uniform == sh.uniform },
                        "\(c.name): `\(label)` minimum \(String(describing: sh.minimum)) uniform \(sh.uniform) not written", sourceLocation: sourceLocation)
                // 3. Its fallback: the scene's iOS 18 radii (SwiftUI clamps to half the shorter side).
                let old = c.fallback.shapes[i].radii.values
                #expect(own.contains { u in
                            zip(u.fallback, old).allSatisfy { w, o in w.map { abs(min($0, half) - o) < 0.001 } ?? false }
                        },
                        "\(c.name): `\(label)` fallback is not the iOS 18 radii \(old)", sourceLocation: sourceLocation)
            }
            // 4. A rect container publishes its resolved radius.
            // A radius the frame cannot hold is written as drawn, rounded down to the thousandth
            // (EdgeLimit.drawn: never more than the edge holds), so within a thousandth.
            if sh.isContainer, sh.containerKind == .rect, !nodes[i].children.isEmpty, let r = sh.containerRadii {
                #expect(containerRadius(block, g, half: half).map { abs($0 - r.topLeading) < 0.001 } == true,
                        "\(c.name): `\(label)` container radius is not \(r.topLeading)", sourceLocation: sourceLocation)
            }
        }
        // 5. Every iOS 26 API under the availability check.
        for api in ["ConcentricRectangle(", "glassEffect("] {
            #expect(g.unguarded(api).isEmpty, "\(c.name): \(api) outside #available: \(g.unguarded(api))", sourceLocation: sourceLocation)
        }
    }

    @Test("every example", arguments: SVGGoldenTests.sources().map(\.path))
    func example(_ path: String) throws {
        let text = try String(contentsOf: SVGTest.root.appendingPathComponent(path), encoding: .utf8)
        let c = try #require(Self.make(path, text))
        Self.check(c)
    }

    /// `--fallback resolved`: every fallback is what `target ios18` draws under it, the iOS 26 radii.
    @Test("every example under --fallback resolved", arguments: SVGGoldenTests.sources().map(\.path))
    func exampleResolved(_ path: String) throws {
        let text = try String(contentsOf: SVGTest.root.appendingPathComponent(path), encoding: .utf8)
        let c = try #require(Self.make(path, text, fallback: .resolved))
        Self.check(c)
    }

    @Test("random scenes", arguments: [FallbackStyle.minimum, .resolved])
    func random(_ style: FallbackStyle) throws {
        var made = 0
        for seed in SwiftUIRandomScene.seeds {
            var gen = SwiftUIRandomScene(seed: seed)
            let text = gen.scene()
            guard let c = Self.make("random\(seed).scene", text, typeName: "Random\(seed)View", fallback: style) else { continue }
            made += 1
            Self.check(c)
        }
        #expect(made >= SwiftUIRandomScene.seeds.count * 3 / 4, "only \(made) of \(SwiftUIRandomScene.seeds.count) random scenes compiled")
    }

    /// Random scenes that once failed, kept as fixtures (`SwiftUIRandomScene.fixtures`).
    @Test("random scenes that once failed", arguments: [FallbackStyle.minimum, .resolved])
    func regressions(_ style: FallbackStyle) throws {
        let fixtures = SwiftUIRandomScene.fixtures
        #expect(!fixtures.isEmpty)
        for (name, text) in fixtures {
            let c = try #require(Self.make(name, text, typeName: "RegressionView", fallback: style), "\(name) does not compile")
            Self.check(c)
        }
    }
}


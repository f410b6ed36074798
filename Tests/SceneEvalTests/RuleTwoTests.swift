import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Grammar rule 2 is decided twice, on purpose: on evaluated values by the evaluator
/// (the resolved shape's kind) and on the items as written (`Items.drawnItem`, which the
/// checker's fixes, the SwiftUI export and the REPL read). The two must name one shape.
struct RuleTwoTests {
    static let extra = [
        "a: background rect 12 size 20x20\nb: glass capsule background rect 4 size 20x20\nc: rect 3 glass rect 5 size 20x20\n",
        "d: container rect 8 background uneven(1, 2, 3, 4) size 40x40\ne: container circle size 30x30\nf: glass size 20x20\n",
        "g: clip rect 9 size 20x20\nh: hit rect 2 background concentric min 3 size 20x20\n",
    ]

    static func check(_ text: String, _ name: String) throws {
        let c = Pipeline.compile(SourceFile(name: name, text: text))
        guard let scene = c.scene else { return }
        let nodes = NodeIndex(c.parse.scene, shapes: scene.shapes)
        for i in scene.shapes.indices {
            let items = nodes.items(i)
            let bareGlass = items.contains { if case .glass(nil) = $0.value { return true }; return false }
            let written = items.drawnItem?.shape.kind ?? (bareGlass ? ShapeKind.defaultGlass : .group)
            #expect(written == scene.shapes[i].kind, "\(name): `\(scene.shapes[i].id)` draws \(scene.shapes[i].kind), its items say \(written)")
        }
    }

    @Test("every example", arguments: SVGGoldenTests.sources().map(\.path))
    func example(_ path: String) throws {
        try Self.check(try String(contentsOf: SVGTest.root.appendingPathComponent(path), encoding: .utf8), path)
    }

    @Test func layersBesidesShapes() throws {
        for (k, text) in Self.extra.enumerated() { try Self.check(text, "extra\(k).scene") }
    }
}

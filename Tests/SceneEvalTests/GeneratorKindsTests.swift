import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// The random-scene generators that write shapes by hand (a kind's arguments are
/// spelled out, and deriving their lists from the table would change every seed's
/// scene) draw every kind in the shape-kind table: a kind added to the table and not
/// to a generator fails here, rather than going unexercised by the SwiftUI model and
/// the help checks (docs/architecture.md, "Add a shape kind", step 6).
struct GeneratorKindsTests {
    /// The kinds a scene writes (as a shape, a container, a clip, …): its keywords, read
    /// as words (the generators write no comments or labels named after a kind).
    static func kinds(_ text: String) -> Set<ShapeKind> {
        let words = Set(text.split { !$0.isLetter }.map(String.init))
        return Set(ShapeKind.shapes.filter { words.contains($0.rawValue) })
    }

    static func missing(_ drawn: Set<ShapeKind>) -> [String] {
        ShapeKind.shapes.filter { !drawn.contains($0) }.map(\.rawValue)
    }

    @Test func swiftUIRandomSceneDrawsEveryKind() {
        var drawn = Set<ShapeKind>()
        for seed in 1...SwiftUIRandomScene.count {
            var gen = SwiftUIRandomScene(seed: UInt64(seed))
            drawn.formUnion(Self.kinds(gen.scene()))
        }
        #expect(Self.missing(drawn).isEmpty, "SwiftUIRandomScene never draws \(Self.missing(drawn)) (recipe: add a shape kind, step 6)")
    }

    @Test func helpConsistencyRandomSceneDrawsEveryKind() {
        var g = SeededGenerator(seed: 26)
        var drawn = Set<ShapeKind>()
        for _ in 0..<300 { drawn.formUnion(Self.kinds(HelpConsistencyTests.randomScene(&g))) }
        #expect(Self.missing(drawn).isEmpty, "HelpConsistencyTests.randomScene never draws \(Self.missing(drawn)) (recipe: add a shape kind, step 6)")
    }
}

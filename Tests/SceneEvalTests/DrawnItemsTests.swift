import Testing
import SceneLang
@testable import SceneEval

/// A node that draws its `container …` or its `glass …` shape and has no shape
/// of its own keeps that item in no box (`ResolvedShape.containerIsDrawn`,
/// `glassIsDrawn`, DrawnItems.swift): what it publishes or layers reads back as
/// the box kept it, and any change to it boxes it as before.
struct DrawnItemsTests {
    let text = """
        screen 400 x 400 radius 40
        a: container rect 30 size 300x300 align topLeading pad leading 10 top 10 <
          container rect 24 pad 6 <
            c: container capsule pad 6 <
              container rect 500 pad 4
            >
          >
          d: rect 8 container rect 16 size 100x100
          e: container uneven(20, 20, 0, 0) size 80x80
          f: container concentric size 80x80
          g: container relative size 80x80
          gl: glass concentric min 10 size 60x60
          gc: glass concentric min 10 clip rect 4 size 60x60
          gs: rect 6 glass rect 6 size 60x60
          gk: glass concentric min 10 container rect 20 size 60x60
        >
        """

    /// (Evaluated whatever its errors: `f`'s container is one.)
    func shapes() throws -> (SourceFile, [ResolvedShape]) {
        let file = SourceFile(name: "t", text: text)
        let parsed = Parser.parse(file)
        #expect(parsed.diagnostics.isEmpty)
        let evaluation = Evaluator.evaluate(parsed.scene, file: file)
        #expect(evaluation.diagnostics.map(\.code) == ["concentric-container", "relative-container"])
        return (file, evaluation.scene.shapes)
    }

    /// Each of the chain's nodes publishes the radii it is drawn with, its kind,
    /// and the range of its `container` item, with no box (or its label's alone);
    /// a node with a shape of its own, and a kind SwiftUI rejects or ignores as
    /// a container (`concentric`, `relative`), keep theirs in the box.
    @Test func aChainPublishesWhatItDraws() throws {
        let (file, s) = try shapes()
        #expect(s.count == 12)
        for i in [0, 1, 2, 3, 5] {
            #expect(s[i].containerIsDrawn, "\(s[i].id)")
            #expect(s[i].isContainer && s[i].containerRadii == s[i].radii && s[i].containerKind == s[i].kind)
            let r = try #require(s[i].containerRange)
            #expect(file.text(r.start..<r.end).hasPrefix("container "))
            #expect(s[i].shapeRange == nil)
            // (A box may hold other things: `c`'s child its overflow.)
            let boxed = s[i].extras?.declared
            #expect(boxed?.radii == nil && boxed?.kind == nil && boxed?.range == nil, "\(s[i].id)")
        }
        #expect(s[0].containerRadii == Radii(all: 30) && s[1].containerRadii == Radii(all: 24))
        #expect(s[2].containerKind == .capsule && s[2].containerRadii == s[2].radii)
        // Drawn clamped: it publishes what it draws, and the overflow is noted once.
        #expect(s[3].containerRadii == s[3].radii && s[3].radii.max < 500 && s[3].overflows.count == 1)
        #expect(!s[4].containerIsDrawn && s[4].containerRadii == Radii(all: 16) && s[4].radii == Radii(all: 8))
        #expect(s[1].extras == nil && s[0].label == "a" && s[5].containerKind == .uneven)
        for i in [6, 7] { #expect(!s[i].containerIsDrawn && s[i].containerRange != nil, "\(s[i].id)") }
    }

    /// Setting any of the three, or the shape item's range, boxes the container
    /// with what it read before; so does moving the node out of its range's reach.
    @Test func aChangeBoxesIt() throws {
        let (_, s) = try shapes()
        let drawn = s[1]
        let (radii, kind, range) = (drawn.containerRadii, drawn.containerKind, drawn.containerRange)
        var a = drawn; a.containerRadii = Radii(all: 3)
        #expect(!a.containerIsDrawn && a.containerRadii == Radii(all: 3) && a.containerKind == kind && a.containerRange == range)
        var b = drawn; b.containerRange = SourceRange(1, 2)
        #expect(!b.containerIsDrawn && b.containerRadii == radii && b.containerRange == SourceRange(1, 2))
        var c = drawn; c.shapeRange = SourceRange(drawn.range.start, drawn.range.start + 3)
        #expect(!c.containerIsDrawn && c.containerRange == range && c.shapeRange?.length == 3 && c.containerRadii == radii)
        var d = drawn; d.containerKind = .rectangle
        #expect(!d.containerIsDrawn && d.containerKind == .rectangle && d.containerRadii == radii)
        // Moved past its container item's start: kept in the box, where it was.
        var e = drawn; e.range = SourceRange(range!.start + 1, drawn.range.end)
        #expect(!e.containerIsDrawn && e.containerRange == range && e.containerRadii == radii)
        var f = drawn; f.range = SourceRange(drawn.range.start - 5, drawn.range.end)
        #expect(f.containerIsDrawn && f.containerRange == range)
    }

    /// `shift(by:)` moves the container's range with the node, kept as it was.
    @Test func shiftMovesIt() throws {
        let (_, s) = try shapes()
        for i in 0..<4 {
            for d in [-3, 0, 9, 100_000] {
                var t = s[i]
                t.shift(by: d)
                #expect(t.containerIsDrawn && t.range.start == s[i].range.start + d)
                #expect(t.containerRange == s[i].containerRange.map { SourceRange($0.start + d, $0.end + d) })
                #expect(t.containerRadii == s[i].containerRadii && t.label == s[i].label)
            }
        }
    }

    /// A glass list's node: its one layer is its glass shape, read back as the box
    /// kept it; a second layer, or a shape of its own, keeps them all in the box.
    @Test func aDrawnGlassShapeIsItsOnlyLayer() throws {
        let (file, s) = try shapes()
        let h = s[8], i = s[9], j = s[10]
        #expect(h.glassIsDrawn && h.glass && h.hasLayers && h.shapeRange == nil)
        let layer = try #require(h.layers.first)
        #expect(h.layers.count == 1 && layer.role == "glass" && layer.kind == .concentric && layer.radii == h.radii)
        #expect(file.text(layer.range.start..<layer.range.end) == "glass concentric min 10")
        if case .label? = h.extras {} else { Issue.record("`\(h.id)` keeps \(String(describing: h.extras))") }
        #expect(!i.glassIsDrawn && i.layers.map(\.role) == ["glass", "clip"] && i.layers[0].radii == h.radii)
        #expect(!j.glassIsDrawn && j.layers.map(\.role) == ["glass"] && j.shapeRange != nil)
        // Shapes alike but for how the layer is kept look alike (the REPL's diff).
        var boxed = h
        boxed.unpackGlass(range: layer.range)
        #expect(!boxed.glassIsDrawn && boxed.layers == h.layers && boxed.extras?.hasLayers == true)
        let differs = withUnsafePointer(to: h) { x in withUnsafePointer(to: boxed) { ResolvedShape.looksDifferent(x, $0) } }
        #expect(!differs)
    }

    /// Setting the layers, the shape item's range, or moving the node out of the
    /// layer's reach boxes it; shifting moves it with the node.
    @Test func aChangeBoxesTheGlassLayer() throws {
        let (_, s) = try shapes()
        let h = s[8], layer = try #require(h.layers.first)
        var a = h; a.layers = []
        #expect(!a.glassIsDrawn && a.layers.isEmpty && !a.hasLayers)
        var b = h; b.layers = [layer, ShapeLayer(role: "clip", kind: .rect, radii: Radii(all: 4), range: layer.range)]
        #expect(!b.glassIsDrawn && b.layers.count == 2 && b.layers[0] == layer)
        var c = h; c.shapeRange = SourceRange(h.range.start, h.range.start + 2)
        #expect(!c.glassIsDrawn && c.layers == [layer] && c.shapeRange?.length == 2)
        var d = h; d.range = SourceRange(layer.range.start + 1, h.range.end)
        #expect(!d.glassIsDrawn && d.layers == [layer])
        // Beside a container of its own, in the box: that range moves too.
        let gk = s[11]
        let container = try #require(gk.containerRange)
        #expect(gk.glassIsDrawn && !gk.containerIsDrawn && gk.containerRadii == Radii(all: 20))
        var moved = gk
        moved.shift(by: 7)
        #expect(moved.glassIsDrawn && moved.containerRange == SourceRange(container.start + 7, container.end + 7))
        #expect(moved.layers.first?.range == gk.layers.first.map { SourceRange($0.range.start + 7, $0.range.end + 7) })
        for k in [-2, 0, 50_000] {
            var e = h
            e.shift(by: k)
            #expect(e.glassIsDrawn && e.layers == [ShapeLayer(role: "glass", kind: .concentric, radii: h.radii,
                                                               range: SourceRange(layer.range.start + k, layer.range.end + k))])
        }
    }

    /// Each drawn item publishes or layers what the same node resolves when it also
    /// writes that shape as its own, which keeps the item in the box, resolved apart:
    /// radii and kind, overflows (a container of 500 on a 92-point node), layers.
    @Test func aDrawnItemResolvesAsWrittenTwice() throws {
        func shapes(_ text: String) throws -> [ResolvedShape] {
            let c = Pipeline.compile(SourceFile(name: "t", text: text))
            return try #require(c.scene).shapes
        }
        func scene(_ twice: Bool) -> String {
            func own(_ s: String) -> String { twice ? s + " " : "" }
            return """
                screen 400 x 400 radius 40
                a: \(own("rect 30"))container rect 30 size 300x300 align topLeading pad leading 10 top 10 <
                  b: \(own("rect 24"))container rect 24 pad 6 <
                    c: \(own("capsule"))container capsule pad 6 size 200x120 <
                      d: \(own("rect 500"))container rect 500 pad 14
                    >
                  >
                  g: \(own("concentric min 10"))glass concentric min 10 size 60x60 align bottomTrailing pad 4
                  k: \(own("rect 50"))glass rect 50 size 60x60 align bottomLeading pad 4
                >
                """
        }
        let drawn = try shapes(scene(false)), boxed = try shapes(scene(true))
        try #require(drawn.count == 6 && boxed.count == 6)
        for (x, y) in zip(drawn, boxed) {
            #expect(x.slotHoldsDrawnItem && !y.slotHoldsDrawnItem, "\(x.id)")
            #expect(x.radii == y.radii && x.kind == y.kind && x.isContainer == y.isContainer, "\(x.id)")
            #expect(x.containerRadii == y.containerRadii && x.containerKind == y.containerKind, "\(x.id)")
            #expect(x.overflows == y.overflows && x.layers.map(\.radii) == y.layers.map(\.radii), "\(x.id)")
            #expect(x.layers.map(\.kind) == y.layers.map(\.kind) && x.layers.map(\.role) == y.layers.map(\.role), "\(x.id)")
        }
        #expect(drawn[3].overflows.count == 1 && drawn[3].containerRadii!.max < 500)
        #expect(drawn[4].layers.count == 1 && drawn[5].layers.first?.radii.max == 30)
    }
}

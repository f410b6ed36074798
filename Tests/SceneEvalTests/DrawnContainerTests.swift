import Testing
import SceneLang
@testable import SceneEval

/// A node that draws its `container …` and has no shape of its own keeps the
/// container in no box (`ResolvedShape.containerIsDrawn`): what it publishes
/// reads back as the box kept it, and any change to it boxes it as before.
struct DrawnContainerTests {
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
        >
        """

    /// (Evaluated whatever its errors: `f`'s container is one.)
    func shapes() throws -> (SourceFile, [ResolvedShape]) {
        let file = SourceFile(name: "t", text: text)
        let evaluation = Evaluator.evaluate(Parser.parse(file).scene, file: file)
        #expect(evaluation.diagnostics.map(\.code) == ["concentric-container", "relative-container"])
        return (file, evaluation.scene.shapes)
    }

    /// Each of the chain's nodes publishes the radii it is drawn with, its kind,
    /// and the range of its `container` item, with no box (or its label's alone);
    /// a node with a shape of its own, and a kind SwiftUI rejects or ignores as
    /// a container (`concentric`, `relative`), keep theirs in the box.
    @Test func aChainPublishesWhatItDraws() throws {
        let (file, s) = try shapes()
        #expect(s.count == 8)
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
}

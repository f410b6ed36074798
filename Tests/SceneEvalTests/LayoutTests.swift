import Testing
import SceneLang
@testable import SceneEval

/// Frames: padding, alignment, explicit sizes, stacks (grammar.md, "Layout").
struct LayoutTests {
    func frame(_ s: ResolvedScene?, _ label: String) -> [Double]? {
        guard let s, let i = s.index(ofLabel: label) else { return nil }
        let f = s.shapes[i].frame
        return [f.x, f.y, f.width, f.height]
    }

    @Test func fillsAndAligns() {
        let s = resolve("""
        screen 400x300
        full: rectangle
        padded: rectangle pad 10
        corner: rectangle size 40x20 align bottomTrailing pad 5
        edges: rectangle size 40x20 align topLeading pad top 7 leading 3
        hv: rectangle pad h 8 v 16
        """)
        #expect(frame(s, "full") == [0, 0, 400, 300])
        #expect(frame(s, "padded") == [10, 10, 380, 280])
        #expect(frame(s, "corner") == [355, 275, 40, 20])
        #expect(frame(s, "edges") == [3, 7, 40, 20])
        #expect(frame(s, "hv") == [8, 16, 384, 268])
    }

    @Test func widthOrHeightAlone() {
        let s = resolve("screen 400x300\nw: rectangle width 100\nhh: rectangle height 50 align top")
        #expect(frame(s, "w") == [150, 0, 100, 300])
        #expect(frame(s, "hh") == [0, 0, 400, 50])
    }

    @Test func hstackFitsItsChildren() {
        let s = resolve("""
        screen 400x300
        row: hstack spacing 10 pad 0 <
          a: rectangle size 50x20
          b: rectangle size 30x40 pad leading 5
          c: rectangle size 20x20 align top
        >
        """)
        // 50 + (5 + 30) + 20 + 2 × 10 spacing = 125 wide, centred on the screen.
        #expect(frame(s, "row") == [137.5, 130, 125, 40])
        #expect(frame(s, "a") == [137.5, 140, 50, 20])
        #expect(frame(s, "b") == [202.5, 130, 30, 40])
        #expect(frame(s, "c") == [242.5, 130, 20, 20])
    }

    @Test func vstackSharesSpaceAmongFlexibleChildren() {
        let s = resolve("""
        screen 400x300
        col: vstack spacing 0 size 100x300 <
          a: rectangle height 100
          b: rectangle
          c: rectangle
        >
        """)
        #expect(frame(s, "a") == [150, 0, 100, 100])
        #expect(frame(s, "b") == [150, 100, 100, 100])
        #expect(frame(s, "c") == [150, 200, 100, 100])
    }

    @Test func zstackFitsTheLargestChild() {
        let s = resolve("screen 400x300\nz: zstack < a: rectangle size 40x10 ; b: rectangle size 10x30 pad 5 >")
        #expect(frame(s, "z") == [180, 130, 40, 40])
    }

    @Test func defaultStackSpacingIsSwiftUIs() {
        let s = resolve("screen 400x300\nrow: hstack < a: rectangle size 10x10\n b: rectangle size 10x10 >")
        // grammar.md: "`spacing` apart (default 8, SwiftUI's usual spacing …)".
        #expect(frame(s, "row")?[2] == 20.0 + 8)
        #expect(frame(s, "b")?[0] == frame(s, "a").map { $0[0] + 10.0 + 8 })
        let column = resolve("screen 400x300\ncol: vstack < a: rectangle size 10x10\n b: rectangle size 10x10\n c: rectangle size 10x10 >")
        #expect(frame(column, "col")?[3] == 30.0 + 2 * 8)
    }

    @Test func expressionsEverywhere() {
        let s = resolve("""
        let w = 100
        let half = w / 2
        screen w * 4 x 300 radius min(20, half)
        a: rect max(4, 6) size w x half pad (w - 90) / 2 align topLeading
        """)
        #expect(s?.screen.width == 400)
        #expect(s?.screen.radius == 20)
        #expect(frame(s, "a") == [5, 5, 100, 50])
        #expect(s?.shapes.first?.radii.topLeading == 6)
    }

    @Test func aHundredThousandNodesEvaluate() {
        var text = "screen 4000x4000\n"
        for c in 0..<100 {
            text += "c\(c): container rect 28 size 300x300 <\n"
            for _ in 0..<999 { text += "  concentric min 8 size 40x40 align topLeading pad 12\n" }
            text += ">\n"
        }
        let s = resolve(text)
        #expect(s?.shapes.count == 100_000)
        // 12 pt from the container's top-leading corner: 28 − 12 = 16 there; the
        // other corners are far away and take the minimum, 8.
        #expect(s?.shapes[1].radii.values == [16, 8, 8, 8])
    }
}

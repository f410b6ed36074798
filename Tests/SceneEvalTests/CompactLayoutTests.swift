import Testing
import Glibc
import SceneLang
@testable import SceneEval

/// The evaluator's compact representations (issue 11): the budgets a million-node
/// scene relies on, and the layouts that exercise what replaced the plain fields.
struct CompactLayoutTests {
    /// A layout box is held for every node while layout runs (a million of them
    /// on a 1M-node scene): width and height, where its padding is, the end of
    /// its subtree, alignment and stack. No array per box (children are found
    /// through `end`), no spacing per box (`Flattened.spacings`), no padding per
    /// box (`Flattened.pads`, shared by runs of equal ones).
    /// A checker's record of a finding not yet built: a grid keeps one for nearly every node.
    @Test func findingRecordFitsItsBudget() {
        #expect(MemoryLayout<Finding>.stride <= 48)
        #expect(MemoryLayout<TooTight>.stride <= 48)
    }

    /// A layer is kept twice on a glass list's every node while radii resolve: as
    /// declared (`LayerSpec`) and resolved (`ShapeLayer`, each node's in an array).
    /// Its name is a byte, `role` reads it back, and every layer's name names it.
    @Test func layersFitTheirBudgetAndKeepTheirNames() {
        #expect(MemoryLayout<LayerSpec>.stride <= 64)
        #expect(MemoryLayout<ShapeLayer>.stride <= 48)
        #expect(ShapeUse.layers.map(\.layerName) == ["clip", "background", "hit", "transition", "glass"])
        for use in ShapeUse.layers {
            let layer = ShapeLayer(role: use.layerName, kind: .rect, radii: Radii(all: 3), range: SourceRange(1, 2))
            #expect(layer.role == use.layerName && layer.use == use && ShapeUse.layer(named: layer.role) == use)
        }
        #expect(ShapeUse.layer(named: "shape") == nil && ShapeUse.layer(named: "container") == nil)
        #expect(ShapeUse.layer(named: "Clip") == nil)
    }

    /// Every node of a labelled chain of containers (`deep`) keeps a box of its
    /// declared container and label: it must fit malloc's 80-byte chunk (72 usable),
    /// its label the node's own box, and read back what it was given.
    @Test func aContainerBoxFitsItsChunkAndSharesTheLabel() {
        typealias Box = ResolvedShape.ExtrasBox
        let node = LabelBox(Identifier("d0_17", .empty))
        let given = ResolvedShape.Extras(containerRadii: Radii(all: 1003), containerKind: .rect,
                                         containerRange: SourceRange(40, 48), label: "d0_17")
        let box = Box.ContainerOnly(given, labelBox: node)
        // (glibc's malloc_usable_size: <malloc.h> is not in the Glibc module.)
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size")  // RTLD_DEFAULT
        #expect(symbol != nil)
        if let symbol {
            let usable = unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(box).toOpaque())
            #expect(usable <= 72, "\(usable) usable bytes")
        }
        #expect(box.labelBox === node && box.value == given)
        // Without a node's box (a box made again from its value), and without radii or range.
        let bare = ResolvedShape.Extras(containerRange: SourceRange(3, 9), label: "c")
        #expect(Box.ContainerOnly(bare).value == bare)
        #expect(Box.ContainerOnly(ResolvedShape.Extras(containerKind: .capsule)).value == ResolvedShape.Extras(containerKind: .capsule))
        #expect(Box(given, labelBox: node) == Box(given) && Box(given) != Box(bare))
    }

    /// Evaluated, a labelled chain of containers keeps each node's own box of its
    /// label as its shape's only box (the container it draws is kept in no box:
    /// `containerIsDrawn`), and a labelled leaf its label box alone.
    @Test func aLabelledChainSharesEachNodesLabelBox() throws {
        let file = SourceFile(name: "t", text: "screen 400 x 400 radius 40\na: container rect 30 pad 4 <\n  b: container rect 26 pad 4 <\n    c: rect 8 size 20x20\n  >\n>\n")
        let parsed = Parser.parse(file)
        guard case .node(let a)? = parsed.scene.statements.last else { Issue.record("no node"); return }
        let b = a.children[0], c = b.children[0]
        let shapes = Evaluator.evaluate(parsed.scene, file: file).scene.shapes
        try #require(shapes.count == 3)
        for (shape, node) in zip(shapes, [a, b, c]) {
            let box: LabelBox?
            switch shape.extras {
            case .container(let x)?: box = x.labelBox
            case .label(let x)?: box = x
            default: box = nil
            }
            #expect(box != nil && box === node.labelBox, "\(shape.id): \(String(describing: shape.extras))")
        }
        for shape in shapes[..<2] {
            #expect(shape.containerIsDrawn && shape.containerRadii == shape.radii, "\(shape.id)")
            if case .label? = shape.extras {} else { Issue.record("`\(shape.id)` keeps more than its label: \(String(describing: shape.extras))") }
        }
    }

    /// The checker's padding memo keeps 4 bytes a node and each padding once
    /// where it finds it again; every node reads back what was stored, to the bit.
    @Test func paddingMemoReadsBackWhatWasStored() {
        var memo = PaddingMemo(count: 3000)
        #expect(memo[0] == nil)
        var stored: [Int: Insets] = [:]
        // Runs of repeats, as siblings have, and 400 distinct paddings among them.
        for i in 0..<3000 {
            let v = Insets(top: Double(i / 100), leading: 6, bottom: 0, trailing: Double(i % 4) * 0.5)
            memo[i] = v
            stored[i] = v
        }
        // 0 and −0 are kept apart.
        memo[7] = Insets(top: -0.0)
        stored[7] = Insets(top: -0.0)
        memo[8] = Insets(top: 0.0)
        stored[8] = Insets(top: 0.0)
        for (i, v) in stored {
            let got = memo[i]
            #expect(got.map { [$0.top, $0.leading, $0.bottom, $0.trailing].map(\.bitPattern) }
                    == [v.top, v.leading, v.bottom, v.trailing].map(\.bitPattern), "node \(i)")
        }
        #expect(memo.kept < 300, "kept \(memo.kept) of 3,002 stored")
        memo[5] = nil
        #expect(memo[5] == nil)
    }

    @Test func layoutBoxFitsItsBudget() {
        #expect(MemoryLayout<Box>.stride <= 32)
    }

    func frame(_ s: ResolvedScene?, _ label: String) -> [Double]? {
        guard let s, let i = s.index(ofLabel: label) else { return nil }
        let f = s.shapes[i].frame
        return [f.x, f.y, f.width, f.height]
    }

    /// Children found through subtree ends (grandchildren between siblings), and
    /// each stack's own spacing while measuring backwards and placing forwards.
    @Test func nestedStacksKeepTheirOwnSpacing() {
        let s = resolve("""
        screen 400x300
        outer: vstack spacing 10 align topLeading <
          row: hstack spacing 3 <
            a: rectangle size 10x10
            inner: zstack spacing 50 <
              z1: rectangle size 20x5
              z2: rectangle size 4x30
            >
            b: rectangle size 6x6
          >
          c: rectangle size 40x8
        >
        after: rectangle size 2x2 align bottomTrailing
        """)
        #expect(frame(s, "outer") == [0, 0, 42, 48])
        #expect(frame(s, "row") == [0, 0, 42, 30])
        #expect(frame(s, "a") == [0, 10, 10, 10])
        #expect(frame(s, "inner") == [13, 0, 20, 30])
        #expect(frame(s, "z1") == [13, 12.5, 20, 5])
        #expect(frame(s, "z2") == [21, 0, 4, 30])
        #expect(frame(s, "b") == [36, 12, 6, 6])
        #expect(frame(s, "c") == [1, 40, 40, 8])
        #expect(frame(s, "after") == [398, 298, 2, 2])
    }

    /// Equal paddings share one entry, whether in a run or apart (`b2`, `e2`); a
    /// different one (−0 too, apart as well as next) is a new one; each box keeps its own.
    @Test func equalPaddingsAreShared() {
        let text = """
        screen 400x300
        a: rectangle pad 10 <
          b: rectangle pad 10
          c: rectangle pad 10
          d: rectangle pad h 4
          e: rectangle pad -0
          f: rectangle pad 0
          g: rectangle
          b2: rectangle pad 10
          e2: rectangle pad -0
          j: rectangle pad h 4 top 10
        >
        """
        let flat = flattened(text)
        #expect(flat.pads.count == 5)
        #expect(flat.boxes.map(\.pad) == [0, 0, 0, 1, 2, 3, 3, 0, 2, 4])
        #expect(flat.pads[2].top.sign == .minus && flat.pads[3].top.sign == .plus)
        let s = resolve(text)
        #expect(frame(s, "c") == [20, 20, 360, 260])
        #expect(frame(s, "d") == [14, 10, 372, 280])
        #expect(frame(s, "g") == [10, 10, 380, 280])
        #expect(frame(s, "b2") == [20, 20, 360, 260])
        #expect(frame(s, "j") == [14, 20, 372, 270])
    }

    /// A grid's cells are each padded their own way but from a few values: the
    /// paddings are kept once each (`appendPad`), not one a node as before (32 MB
    /// at a million nodes), and every cell is placed by its own.
    @Test func aGridKeepsEachPaddingOnce() {
        var text = "screen 4000x4000\n"
        for card in 0..<20 {
            text += "c\(card): rect 20 size 360x360 align topLeading pad leading \(card * 5) <\n"
            for k in 0..<100 {
                let leading: Int = 6 + 34 * (k % 10), top: Int = 6 + 34 * (k / 10)
                text += "  g\(card)_\(k): rect 4 size 30x30 align topLeading pad leading \(leading) top \(top)\n"
            }
            text += ">\n"
        }
        let flat = flattened(text)
        #expect(flat.boxes.count == 20 * 101)
        #expect(flat.pads.count <= 20 + 100)
        let s = resolve(text)
        #expect(frame(s, "g3_57") == [259, 176, 30, 30])  // 15 + 6 + 34 × 7, 6 + 34 × 5
        #expect(frame(s, "g19_99") == [407, 312, 30, 30])  // 95 + 6 + 34 × 9, 6 + 34 × 9
    }

    func flattened(_ text: String) -> Flattened {
        var e = Evaluator(file: nil)
        let c = compile(text)
        let roots = c.parse.scene.statements.compactMap { s -> Node? in if case .node(let n) = s { return n } else { return nil } }
        return e.flatten(roots, screen: Screen(name: nil, width: 400, height: 300, radius: 0))
    }

    /// A flexible child between fixed ones, in a stack nested in a plain group.
    @Test func flexibleChildrenShareWhatIsLeft() {
        let s = resolve("""
        screen 400x300
        group: rectangle pad 20 <
          col: vstack spacing 4 <
            head: rectangle height 50
            mid: rectangle
            leaf: rectangle height 10 <
              deep: rectangle
            >
          >
        >
        """)
        // 260 tall, 2 × 4 spacing and 60 fixed: the middle row takes 192.
        #expect(frame(s, "col") == [20, 20, 360, 260])
        #expect(frame(s, "head") == [20, 20, 360, 50])
        #expect(frame(s, "mid") == [20, 74, 360, 192])
        #expect(frame(s, "leaf") == [20, 270, 360, 10])
        #expect(frame(s, "deep") == [20, 270, 360, 10])
    }
}

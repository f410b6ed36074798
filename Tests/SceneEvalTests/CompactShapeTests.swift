import Testing
import SceneLang
@testable import SceneEval

/// `ResolvedShape`'s packed storage (issue 11): its budget, and every public
/// property reading back what was set, whatever else is set beside it.
struct CompactShapeTests {
    /// One is held per node for the scene's whole life (a million on a
    /// 1M-node scene): frame and radii (64 bytes), the drawn spec's number when
    /// it is one, the extras box, the node's range, four indices, and 16 bytes
    /// of small fields. A label, a container, layers, overflows and four
    /// different spec numbers are out of line.
    @Test func resolvedShapeFitsItsBudget() {
        #expect(MemoryLayout<ResolvedShape>.stride <= 120)
    }

    /// The spec's numbers: one inline when the four are equal to the bit, else
    /// in the box, which they share with a label; −0 beside 0 reads back as written.
    @Test func specNumbersReadBackWhereverTheyAreKept() {
        var s = blank(label: "card")
        #expect(s.extras != nil)
        s.spec = .radii(.uneven, Radii(0, -0.0, 0, 0))
        #expect(s.specValues.topTrailing.sign == .minus && s.specValues.topLeading.sign == .plus)
        s.spec = .radii(.uneven, Radii(1, 2, 3, 4))
        #expect(s.spec == .radii(.uneven, Radii(1, 2, 3, 4)) && s.label == "card")
        s.label = nil
        #expect(s.spec == .radii(.uneven, Radii(1, 2, 3, 4)) && s.extras != nil)
        s.spec = .radii(.rect, Radii(all: -0.0))
        #expect(s.extras == nil && s.specValue.sign == .minus)
        #expect(s.spec == .radii(.rect, Radii(all: 0)))
        var t = blank()
        t.spec = .radii(.rect, Radii(all: 12))
        #expect(t.extras == nil && t.spec == .radii(.rect, Radii(all: 12)))
    }

    /// Different numbers per corner and their overflows, and nothing else (a
    /// `lets` row: `concentric(top: fixed …, bottom: concentric min 8)` clamped)
    /// are kept in a box of their own, not the whole `Extras`; anything added
    /// beside them moves them to the full box, and removing it moves them back.
    @Test func specNumbersAndOverflowsAloneTakeTheSmallBox() {
        var s = blank()
        s.spec = .radii(.uneven, Radii(1, 2, 3, 4))
        guard case .spec? = s.extras else { Issue.record("expected the spec box, got \(String(describing: s.extras))"); return }
        let o = RadiusOverflow(role: "shape", written: Radii(40, 40, 0, 0), drawn: Radii(15, 15, 0, 0))
        s.overflows = [o]
        guard case .spec? = s.extras else { Issue.record("expected the spec box, got \(String(describing: s.extras))"); return }
        #expect(s.spec == .radii(.uneven, Radii(1, 2, 3, 4)) && s.overflows == [o] && s.label == nil)
        s.label = "row"
        guard case .full? = s.extras else { Issue.record("expected the full box"); return }
        #expect(s.spec == .radii(.uneven, Radii(1, 2, 3, 4)) && s.overflows == [o] && s.label == "row")
        s.label = nil
        guard case .spec? = s.extras else { Issue.record("expected the spec box again"); return }
        s.overflows = []
        s.spec = .radii(.rect, Radii(all: 3))
        #expect(s.extras == nil && s.spec == .radii(.rect, Radii(all: 3)))
        // Equal by contents, whichever box holds them.
        var t = blank(), u = blank()
        t.spec = .radii(.uneven, Radii(1, 2, 3, 4)); u.spec = .radii(.uneven, Radii(1, 2, 3, 4))
        #expect(t == u)
        u.overflows = [o]
        #expect(t != u)
    }

    /// `ResolvedShape.sameLayerRadii`, of two shapes read in place.
    func sameLayers(_ a: ResolvedShape, _ b: ResolvedShape) -> Bool {
        withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in ResolvedShape.sameLayerRadii(x, y) } }
    }

    /// Layers and nothing else out of line take the bare array; a label beside them
    /// the full box, and back; equal by contents whichever box holds them.
    @Test func layersAloneTakeTheirArray() {
        let glass = ShapeLayer(role: "glass", kind: .concentric, radii: Radii(all: 12), range: SourceRange(3, 8))
        let clip = ShapeLayer(role: "clip", kind: .rect, radii: Radii(all: 4), range: SourceRange(9, 15))
        var s = blank()
        var layered = blank(); layered.layers = [glass]
        #expect(s.extras == nil && !sameLayers(s, layered))
        s.layers = [glass]
        guard case .layers(let l)? = s.extras else { Issue.record("expected the layers box, got \(String(describing: s.extras))"); return }
        #expect(l == [glass] && s.layers == [glass] && s.extras?.hasLayers == true && s.label == nil && s.overflows == [])
        s.label = "card"
        guard case .full? = s.extras else { Issue.record("expected the full box"); return }
        #expect(s.layers == [glass] && s.label == "card" && s.extras?.hasLayers == true)
        s.label = nil
        guard case .layers? = s.extras else { Issue.record("expected the layers box again"); return }
        var t = blank()
        t.label = "card"
        t.layers = [glass]
        t.label = nil
        #expect(s == t && sameLayers(s, t))
        t.layers = [glass, clip]
        #expect(s != t && !sameLayers(s, t))
        t.layers = [ShapeLayer(role: "clip", kind: .rect, radii: Radii(all: 13), range: SourceRange(3, 8))]
        #expect(!sameLayers(s, t))
        s.layers = []
        #expect(s.extras == nil && s.extras?.hasLayers != true)
        s.label = "card"
        #expect(s.extras?.hasLayers == false)
    }

    /// A declared container and a label, nothing else, take the container box
    /// (every node of a labelled chain of containers); anything beside them the
    /// full box, and back; every field reads back from either, and the two are
    /// equal by contents.
    @Test func aContainerAndLabelAloneTakeTheContainerBox() {
        var s = blank(label: "card")
        s.containerRange = SourceRange(120, 130)
        guard case .container? = s.extras else { Issue.record("expected the container box, got \(String(describing: s.extras))"); return }
        #expect(s.label == "card" && s.containerRange == SourceRange(120, 130) && s.containerRadii == nil && s.containerKind == nil)
        s.declareContainer(radii: Radii(1, 2, 3, 4), kind: .rect)
        guard case .container? = s.extras else { Issue.record("expected the container box"); return }
        #expect(s.containerRadii == Radii(1, 2, 3, 4) && s.containerKind == .rect && s.label == "card")
        #expect(s.declaredContainer.radii == Radii(1, 2, 3, 4) && s.declaredContainer.kind == .rect)
        #expect(s.overflows == [] && s.layers == [] && s.extras?.specRadii == nil && s.offset == nil)
        let before = s
        s.offset = Offset(x: 1, y: 2)
        guard case .full? = s.extras else { Issue.record("expected the full box"); return }
        #expect(s.containerRadii == Radii(1, 2, 3, 4) && s.containerKind == .rect && s.label == "card"
                && s.containerRange == SourceRange(120, 130) && s.offset == Offset(x: 1, y: 2))
        s.offset = nil
        guard case .container? = s.extras else { Issue.record("expected the container box again"); return }
        #expect(s == before)
        // Equal by contents whichever box holds them; unequal when a field differs.
        let full = ResolvedShape.ExtrasBox.full(.init(s.extras!.value))
        #expect(s.extras == ResolvedShape.ExtrasBox(full.value) && full.value == s.extras!.value)
        // Declared again on a copy: its box is shared, so a new one is made and the original keeps its numbers.
        var t = before
        t.declareContainer(radii: Radii(1, 2, 3, 5), kind: .rect)
        #expect(t != before && before.containerRadii == Radii(1, 2, 3, 4) && t.containerRadii == Radii(1, 2, 3, 5))
        // Declared again on a shape alone with its box: changed in place, the same box.
        // (Its identity taken without holding it, which would share it.)
        func boxID(_ s: ResolvedShape) -> ObjectIdentifier? {
            if case .container(let b)? = s.extras { return ObjectIdentifier(b) } else { return nil }
        }
        let box = boxID(t)
        t.declareContainer(radii: Radii(all: 9), kind: .capsule)
        #expect(box != nil && boxID(t) == box)
        #expect(t.containerRadii == Radii(all: 9) && t.containerKind == .capsule && t.label == "card")
        var unlabelled = blank()
        unlabelled.containerRange = SourceRange(120, 130)
        guard case .container? = unlabelled.extras else { Issue.record("expected the container box, unlabelled"); return }
        #expect(unlabelled.label == nil && unlabelled != before)
    }

    /// A spec box is appended to in place only while one shape holds it: a copy
    /// of the shape keeps the overflows it had.
    @Test func anOverflowNeverChangesAnotherShapesBox() {
        let o = RadiusOverflow(role: "shape", written: Radii(40, 40, 0, 0), drawn: Radii(15, 15, 0, 0))
        let p = RadiusOverflow(role: "clip", written: Radii(all: 30), drawn: Radii(all: 15))
        var arrays = SharedExtras()
        var s = blank(), twin = blank()
        s.spec = .radii(.uneven, Radii(1, 2, 3, 4))
        twin.spec = s.spec
        let first = s.appendToSpecBox(o, shared: &arrays)
        #expect(first && s.overflows == [o])
        // Its twin shares the array of `o` alone, which appending to `s` leaves as it is.
        #expect(twin.appendToSpecBox(o, shared: &arrays) && twin.overflows == [o])
        let copy = s
        let second = s.appendToSpecBox(p, shared: &arrays)
        #expect(second && s.overflows == [o, p] && copy.overflows == [o] && twin.overflows == [o])
        #expect(arrays.alone(o) == [o])
        guard case .spec? = s.extras, case .spec? = copy.extras else { Issue.record("expected spec boxes"); return }
        var plain = blank()
        let none = plain.appendToSpecBox(o, shared: &arrays)
        #expect(!none && plain.extras == nil)
    }

    /// A shape made with the pool (`sharing:`) holds the pool's box of its drawn
    /// numbers, the one its twin holds, and reads back as a shape made without it;
    /// one number, a label or a container keep their own way.
    @Test func aShapeMadeWithThePoolHoldsItsBox() {
        var pool = SharedExtras()
        func make(_ spec: ShapeValue?, label: String? = nil, shared: Bool) -> ResolvedShape {
            withUnsafeMutablePointer(to: &pool) { p in
                ResolvedShape(index: 3, label: label, parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 10, height: 10),
                              style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: spec,
                              range: SourceRange(0, 9), shapeRange: nil, containerRange: nil, sharing: shared ? p : nil)
            }
        }
        func box(_ s: ResolvedShape) -> ObjectIdentifier? {
            if case .spec(let b)? = s.extras { return ObjectIdentifier(b) } else { return nil }
        }
        let four = ShapeValue.radii(.uneven, Radii(1, 2, 3, 4))
        let a = make(four, shared: true), b = make(four, shared: true), alone = make(four, shared: false)
        #expect(box(a) != nil && box(a) == box(b) && box(alone) != box(a))
        #expect(a == alone && a.spec == four && a.specValues == Radii(1, 2, 3, 4))
        let minusZero = ShapeValue.radii(.uneven, Radii(0, -0.0, 0, 0))  // not one number, to the bit
        #expect(make(minusZero, shared: true).specValues.topTrailing.sign == .minus)
        for spec in [ShapeValue.radii(.rect, Radii(all: 5)), .plain(.capsule), nil] {
            #expect(make(spec, shared: true) == make(spec, shared: false) && box(make(spec, shared: true)) == nil)
        }
        let labelled = make(four, label: "card", shared: true)
        #expect(labelled == make(four, label: "card", shared: false) && labelled.label == "card")
    }

    func blank(label: String? = nil, range: SourceRange = SourceRange(100, 200)) -> ResolvedShape {
        ResolvedShape(index: 41, label: label, parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 10, height: 10),
                      style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: nil,
                      range: range, shapeRange: nil, containerRange: nil)
    }

    @Test func idIsTheLabelElseItsPlace() {
        var s = blank()
        #expect(s.id == "node-42" && s.label == nil)
        s.ordinal = 6
        #expect(s.id == "node-7")
        s.label = "card"
        #expect(s.id == "card" && s.label == "card")
        s.label = nil
        #expect(s.id == "node-7")
        #expect(blank(label: "x").id == "x")
    }

    @Test func everySpecReadsBack() {
        var c = ConcentricSpec(all: .concentric(minimum: 15))
        c[.topTrailing] = .fixed(7.25)
        c.groups = [[.topLeading, .bottomLeading], [.bottomTrailing, .topTrailing]]
        let specs: [ShapeValue?] = [nil, .plain(.capsule), .plain(.relative), .radii(.rect, Radii(all: 12.5)),
                                    .radii(.uneven, Radii(1, 2, 3, 4)), .concentric(c),
                                    .concentric(ConcentricSpec(all: .concentric(minimum: nil)))]
        for spec in specs {
            var s = blank()
            s.role = .badge; s.stack = .zstack; s.style = .circular; s.fill = Color(r: 1, g: 2, b: 3)
            s.spec = spec
            #expect(s.spec == spec)
            #expect(s.kind == (spec?.kind ?? .group))
            #expect(s.role == .badge && s.stack == .zstack && s.style == .circular && s.fill == Color(r: 1, g: 2, b: 3))
        }
    }

    @Test func smallFieldsAreIndependent() {
        var s = blank()
        s.spec = .radii(.uneven, Radii(1, 2, 3, 4))
        for role in [nil, Role.button, .badge, .pill] {
            for stack in [nil, StackAxis.hstack, .vstack, .zstack] {
                for style in CornerStyle.allCases {
                    for flags in 0..<8 {
                        s.role = role; s.stack = stack; s.style = style
                        s.glass = flags & 1 != 0; s.isContainer = flags & 2 != 0
                        s.fill = flags & 4 != 0 ? Color(r: 9, g: 8, b: 7, a: 6) : nil
                        #expect(s.role == role && s.stack == stack && s.style == style)
                        #expect(s.glass == (flags & 1 != 0) && s.isContainer == (flags & 2 != 0))
                        #expect(s.fill == (flags & 4 != 0 ? Color(r: 9, g: 8, b: 7, a: 6) : nil))
                        #expect(s.spec == .radii(.uneven, Radii(1, 2, 3, 4)))
                    }
                }
            }
        }
    }

    /// Near its node, far into it, long, before it, or none: the same range back;
    /// moving the node's range leaves the shape's where it was.
    @Test func shapeRangeReadsBack() {
        for r in [SourceRange(100, 118), SourceRange(100, 100), SourceRange(70_000, 70_010),
                  SourceRange(150, 150 + 255), SourceRange(150, 150 + 256), SourceRange(50, 60)] as [SourceRange?] + [nil] {
            var s = blank()
            s.shapeRange = r
            #expect(s.shapeRange == r)
            s.range = SourceRange(90, 80_000)
            #expect(s.shapeRange == r)
            #expect(s.range == SourceRange(90, 80_000))
            s.shapeRange = nil
            #expect(s.shapeRange == nil && s.extras == nil)
        }
    }

    /// The container is the enclosing one or none (what the resolver produces).
    @Test func containerFollowsEnclosing() {
        var s = blank()
        #expect(s.container == .none && s.enclosing == .screen)
        s.container = .screen
        #expect(s.container == .screen)
        s.enclosing = .node(3)
        #expect(s.container == .node(3))
        s.container = .none
        #expect(s.container == .none && s.enclosing == .node(3))
    }

    /// Unlabelled ids count every shape before them, labelled or not.
    @Test func evaluatedIdsAndRanges() {
        let text = "screen 400x300\na: rect 4 <\n  concentric min 3 pad 2\n>\nglass capsule\nb: rectangle"
        guard let s = resolve(text) else { Issue.record("did not resolve"); return }
        #expect(s.shapes.map(\.id) == ["a", "node-2", "node-3", "b"])
        #expect(s.shapes.map(\.ordinal) == [0, 1, 2, 3])
        let file = SourceFile(name: "t", text: text)
        #expect(s.shapes[1].shapeRange.map { file.text($0.start..<$0.end) } == "concentric min 3")
        #expect(s.shapes[2].shapeRange == nil)
        #expect(s.shapes[0].shapeRange.map { file.text($0.start..<$0.end) } == "rect 4")
    }

    /// `shift(by:)` moves every range, as setting each one moved does: without a
    /// box (the node's range alone), with a label's, with the shape item's range
    /// inline or in the box, with a container range and layers.
    @Test func shiftMovesEveryRange() {
        func moved(_ r: SourceRange, _ d: Int) -> SourceRange { SourceRange(r.start + d, r.end + d) }
        var shapes: [ResolvedShape] = [blank(), blank(label: "card")]
        var inline = blank(); inline.shapeRange = SourceRange(104, 120); shapes.append(inline)
        var far = blank(); far.shapeRange = SourceRange(100, 100 + 300); shapes.append(far)
        var all = blank(label: "c"); all.shapeRange = SourceRange(110, 118); all.containerRange = SourceRange(120, 140)
        all.layers = [ShapeLayer(role: "clip", kind: .rect, radii: Radii(all: 4), range: SourceRange(150, 160))]
        shapes.append(all)
        var layered = blank(); layered.layers = [ShapeLayer(role: "hit", kind: .capsule, radii: Radii(all: 5), range: SourceRange(170, 180))]
        shapes.append(layered)
        for s in shapes {
            for d in [-50, 0, 7, 4000] {
                var fast = s
                fast.shift(by: d)
                var slow = s
                slow.range = moved(s.range, d)
                slow.shapeRange = s.shapeRange.map { moved($0, d) }
                slow.containerRange = s.containerRange.map { moved($0, d) }
                for k in slow.layers.indices { slow.layers[k].range = moved(s.layers[k].range, d) }
                #expect(fast == slow, "\(s.id) by \(d)")
                #expect(fast.range == moved(s.range, d) && fast.shapeRange == s.shapeRange.map { moved($0, d) })
            }
        }
    }

    /// `sameSpec`, read from the packed fields, agrees with comparing the
    /// built specs, for every form (two that differ only in it: `.plain(.rect)`
    /// beside `rect 0`), with and without a label's box, for 0 beside −0, and on
    /// shapes whose spec was set over another (the setter clears what it leaves).
    @Test func sameSpecIsSpecEquality() {
        let specs: [ShapeValue?] = [
            nil, .plain(.capsule), .plain(.rectangle), .plain(.rect), .plain(.concentric), .radii(.rect, Radii(all: 12)),
            .radii(.rect, Radii(all: 0)), .radii(.concentric, Radii(all: 0)),
            .radii(.rect, Radii(all: -0.0)), .radii(.uneven, Radii(1, 2, 3, 4)), .radii(.uneven, Radii(all: 12)),
            // (Equal as numbers, not to the bit: one kept inline, the other in the box.)
            .radii(.uneven, Radii(0, -0.0, 0, 0)), .radii(.uneven, Radii(all: 0)),
            .concentric(ConcentricSpec(values: Radii(all: 8), styles: 0x55, groupMasks: 0)),
            .concentric(ConcentricSpec(values: Radii(all: 8), styles: 0x55, groupMasks: 0xF)),
            .concentric(ConcentricSpec(values: Radii(all: 8), styles: 0x00, groupMasks: 0)),
            .concentric(ConcentricSpec(values: Radii(8, 8, 0, 0), styles: 0x05, groupMasks: 0)),
            .concentric(ConcentricSpec(values: Radii(all: 12), styles: 0x55, groupMasks: 0)),
        ]
        var shapes: [ResolvedShape] = []
        let earlier = ShapeValue.concentric(ConcentricSpec(values: Radii(1, 2, 3, 4), styles: 0x55, groupMasks: 0xF))
        for spec in specs {
            for label in [nil, "card"] {
                for over in [false, true] {
                    var s = blank(label: label)
                    if over { s.spec = earlier }
                    s.spec = spec
                    shapes.append(s)
                }
            }
        }
        // The two readings of the bits alone say what the spec says.
        for s in shapes {
            #expect(s.hasSpec == (s.spec != nil), "\(String(describing: s.spec))")
            if case .concentric(let c)? = s.spec { #expect(s.concentricSpec == c) } else { #expect(s.concentricSpec == nil) }
        }
        shapes.withUnsafeBufferPointer { s in
            for a in s.indices {
                for b in s.indices {
                    #expect(ResolvedShape.sameSpec(s.baseAddress! + a, s.baseAddress! + b) == (s[a].spec == s[b].spec),
                            "\(String(describing: s[a].spec)) vs \(String(describing: s[b].spec))")
                }
            }
        }
    }
}

import Testing
import SceneLang
@testable import SceneEval

/// Every worked number in shared/spec/semantics.md §2, and the other rules.
struct ResolutionTests {
    func radii(_ scene: ResolvedScene?, _ label: String) -> [Double]? {
        guard let s = scene, let i = s.index(ofLabel: label) else { return nil }
        return s.shapes[i].radii.values
    }

    @Test func workedNumbers() {
        let s = resolve("""
        screen 400x400
        c1: container rect 28 size 200x200 < k1: pad 12 concentric min 16 uniform >
        c2: container rect 20 size 200x200 < k2: pad 12 concentric min 16 >
        c3: container rect 24 size 200x200 < k3: pad h 8 v 16 concentric >
        """)
        #expect(radii(s, "k1") == [16, 16, 16, 16])
        #expect(radii(s, "k2") == [16, 16, 16, 16])
        #expect(radii(s, "k3") == [8, 8, 8, 8])
    }

    @Test func iPhoneBottomPanel() {
        let s = resolve("""
        screen iphone-16-pro
        a: concentric height 240 align bottom pad 8
        b: concentric min 12 height 240 align bottom pad 8
        c: concentric uniform height 240 align bottom pad 8
        """)
        #expect(radii(s, "a") == [0, 0, 54, 54])
        #expect(radii(s, "b") == [12, 12, 54, 54])
        #expect(radii(s, "c") == [54, 54, 54, 54])
        #expect(s?.shapes.first?.container == .screen)
        #expect(s?.shapes.first?.decisions.contains(.screenContainer) == true)
    }

    @Test func cardOfReferenceTable() {
        // apple-reference §2.7: card R=24, padding 12 → 12; three levels 16 → 8 → 0.
        let s = resolve("""
        screen 400x400
        c: container rect 24 size 200x200 < k: pad 12 concentric >
        o: container rect 24 size 200x200 < l1: pad 8 concentric container rect 16 < l2: pad 8 concentric container rect 8 < l3: pad 8 concentric > > >
        """)
        #expect(radii(s, "k") == [12, 12, 12, 12])
        #expect(radii(s, "l1") == [16, 16, 16, 16])
        #expect(radii(s, "l2") == [8, 8, 8, 8])
        #expect(radii(s, "l3") == [0, 0, 0, 0])
    }

    @Test func chebyshevDistanceAndItsFlag() {
        // apple-reference §2.4: dx = 8, dy = 20 inside rect 40 → 20 under max(dx, dy).
        let s = resolve("screen 400x400\nc: container rect 40 size 200x200 < k: concentric size 100x100 align topLeading pad leading 8 top 20 >")
        #expect(s.map { $0.shapes[1].radii.topLeading } == 20)
        #expect(s?.shapes[1].decisions.contains(.chebyshevDistance) == true)
    }

    @Test func appleMixedAndGroups() {
        let s = resolve("""
        screen 400x400 radius 40
        notes: concentric(top: fixed 24 uniform, bottom: concentric uniform) size 180x120 align topLeading pad 10
        mixed: concentric(topLeading: concentric min 12, topTrailing: fixed 24, bottomLeading: concentric, bottomTrailing: fixed 0) size 180x120 align topTrailing pad 10
        lead: concentric(leading: concentric uniform, trailing: 8 uniform) size 180x120 align bottomLeading pad 10
        """)
        #expect(radii(s, "notes") == [24, 24, 0, 0])
        #expect(radii(s, "mixed") == [12, 24, 0, 0])
        #expect(radii(s, "lead") == [30, 8, 8, 30])
    }

    @Test func fixedShapesAndClamps() {
        let s = resolve("""
        screen 400x400
        r: rect 100 size 60x40
        u: uneven(4, 50, 0, 8) size 60x40
        q: rectangle size 10x10
        p: capsule size 100x30
        o: circle size 80x40
        """)
        #expect(radii(s, "r") == [20, 20, 20, 20])
        #expect(s?.shapes.first?.decisions.contains(.clampedToHalfSide) == true)
        #expect(radii(s, "u") == [4, 20, 0, 8])
        #expect(radii(s, "q") == [0, 0, 0, 0])
        #expect(radii(s, "p") == [15, 15, 15, 15])
        #expect(radii(s, "o") == [20, 20, 20, 20])
    }

    @Test func concentricClampsToHalfTheShorterSide() {
        let s = resolve("screen 400x400\nc: container rect 100 size 200x200 < k: concentric size 20x20 align topLeading pad 4 >")
        #expect(radii(s, "k")?.first == 10)
    }

    @Test func relativeUsesTheSmallestEdgeInset() {
        let s = resolve("""
        screen 400x400
        c: container rect 30 size 200x200 < k: relative size 100x100 align topLeading pad leading 6 top 20 >
        alone: relative size 50x50 align topLeading
        """)
        #expect(radii(s, "k") == [24, 24, 24, 24])
        #expect(radii(s, "alone") == [0, 0, 0, 0])
        #expect(s?.shapes[2].decisions.contains(.relativeWithoutContainer) == true)
    }

    @Test func circleAndCapsuleContainers() {
        // A circle container: corners measured from its centred square (side 100, R 50).
        let s = resolve("""
        screen 400x400
        c: container circle size 200x100 < k: concentric size 80x80 >
        p: container capsule size 200x60 align bottom < q: concentric pad 6 >
        """)
        #expect(radii(s, "k") == [40, 40, 40, 40])
        #expect(s?.shapes[1].decisions.contains(.circleContainerSquare) == true)
        #expect(radii(s, "q") == [24, 24, 24, 24])
    }

    @Test func overflowCountsAsTouching() {
        let s = resolve("screen 400x400\nc: container rect 20 size 100x100 < k: concentric size 120x120 >")
        #expect(radii(s, "k") == [20, 20, 20, 20])
        #expect(s?.shapes[1].decisions.contains(.overflowClamped) == true)
        // Past one edge only: the other inset decides, the clamp changes nothing and is not marked.
        let one = resolve("screen 400x400\nc: container rect 20 size 100x100 < k: concentric size 120x80 >")
        #expect(radii(one, "k") == [10, 10, 10, 10])
        #expect(one?.shapes[1].decisions.contains(.overflowClamped) == false)
    }

    @Test func iOS18Fallback() {
        let s = resolve("""
        target ios18
        screen iphone-16-pro
        a: concentric min 12 height 240 align bottom pad 8
        b: concentric height 240 align bottom pad 8
        c: concentric(top: fixed 24 uniform, bottom: concentric) height 100 align top
        """)
        #expect(radii(s, "a") == [12, 12, 12, 12])
        #expect(radii(s, "b") == [0, 0, 0, 0])
        #expect(radii(s, "c") == [24, 24, 0, 0])
        #expect(s?.shapes.first?.decisions.contains(.ios18Fallback) == true)
    }

    @Test func targetOverrideForCompare() {
        let file = SourceFile(name: "t", text: "a: concentric min 12 height 240 align bottom pad 8")
        let c = Pipeline.compile(file, target: .ios18)
        #expect(c.scene?.target == .ios18)
        #expect(c.scene?.shapes.first?.radii.values == [12, 12, 12, 12])
    }

    @Test func concentricContainerIsAnErrorWithTheRadiusToDeclare() {
        let c = compile("screen 400x400\nm: container rect 28 size 200x200 < card: container concentric min 16 pad 12 >")
        #expect(c.diagnostics.map(\.code) == ["concentric-container"])
        #expect(c.diagnostics.first?.help?.contains("`container rect 16`") == true)
        #expect(c.scene == nil)
    }

    @Test func reasonsExplainEachCorner() throws {
        let s = try #require(resolve("screen 400x400\nm: container rect 16 size 200x200 < t: concentric min 10 size 64x64 align topLeading pad 12 >"))
        let r = s.reasons(for: 1)
        try #require(r.count == 4)
        #expect(r[0].containerRadius == 16)
        #expect(r[0].distance == 12)
        #expect(r[0].computed == 4)
        #expect(r[0].rule == .minimum)
        #expect(r[2].dx == 124)
    }

    @Test func screenPresetsMatchTheSpec() {
        #expect(Screen.preset("iphone-16-pro") == Screen(name: "iphone-16-pro", width: 402, height: 874, radius: 62))
        #expect(Screen.preset("iphone-14")?.radius == 47.33)
        #expect(Screen.preset("iphone-se")?.radius == 0)
        #expect(ScreenPreset.names.count == 26)
        // The new devices (docs/presets.md); the old names unchanged.
        #expect(Screen.preset("iphone-17-pro") == Screen(name: "iphone-17-pro", width: 402, height: 874, radius: 62))
        #expect(Screen.preset("mac-window")?.radius == 26 && Screen.preset("ipad-pro-11")?.height == 1194)
    }

    @Test func bareGlassIsACapsule() {
        let s = resolve("screen 400x400\nb: glass size 100x40\nc: glass rect 8 size 100x40")
        #expect(s?.shapes.first?.kind == .capsule)
        #expect(radii(s, "b") == [20, 20, 20, 20])
        #expect(radii(s, "c") == [8, 8, 8, 8])
    }
}

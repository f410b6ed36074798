import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// The resolver's cheap forms of slower definitions (issue 11): each must agree
/// with the definition it replaces, on every case.
struct ResolveFastPathTests {
    /// `ModelDecision.bit` is a switch; the bits are the cases' places in
    /// declaration order, which `Decisions.list` and the JSON rely on.
    @Test func decisionBitsFollowDeclarationOrder() {
        for (i, d) in ModelDecision.allCases.enumerated() {
            #expect(d.bit == UInt16(1) << UInt16(i), "\(d)")
        }
        let all = Decisions(ModelDecision.allCases)
        #expect(all.list == ModelDecision.allCases)
        // `forEach` (the writers') says each set's decisions as `list` does, in its order.
        var rng = SplitMix(seed: 11)
        for _ in 0..<500 {
            let some = Decisions(ModelDecision.allCases.filter { _ in rng.next() % 3 == 0 })
            var said: [ModelDecision] = []
            some.forEach { said.append($0) }
            #expect(said == some.list)
        }
    }

    /// `EdgeLimit.overflows` (a mask of corners) answers as `worst(…) != nil`
    /// (a set of corners) does: every mask, radii around each edge's limit.
    @Test func overflowsAgreesWithWorst() {
        let values: [Double] = [0, 5, 10, 10.000001, 10.00001, 15, 20, 40]
        let sizes: [(Double, Double)] = [(20, 20), (20, 40), (40, 20), (30, 30)]
        var checked = 0, overflowing = 0
        for (w, h) in sizes {
            for a in values { for b in values { for c in values { for d in [0.0, 10, 25] {
                let r = Radii(a, b, c, d)
                for mask in 0..<16 {
                    let only = Set(Corner.allCases.filter { mask & (1 << $0.rawValue) != 0 })
                    let expected = EdgeLimit.worst(r, width: w, height: h, only: mask == 15 ? nil : only) != nil
                    #expect(EdgeLimit.overflows(r, width: w, height: h, only: UInt8(mask)) == expected,
                            "\(r) in \(w)x\(h), corners \(mask)")
                    checked += 1
                    if expected { overflowing += 1 }
                }
            } } } }
        }
        // Both answers occur (the comparison is not vacuous).
        #expect(overflowing > 0 && overflowing < checked)
    }

    /// `ConcentricSpec.fixedCorners` is the corners whose style is `fixed`.
    @Test func fixedCornersMask() {
        let styles: [CornerValue] = [.concentric(minimum: nil), .concentric(minimum: 4), .fixed(8)]
        for a in styles { for b in styles { for c in styles { for d in styles {
            var spec = ConcentricSpec(all: .concentric(minimum: nil))
            spec.corners = Corners(a, b, c, d)
            var expected: UInt8 = 0
            for k in Corner.allCases { if case .fixed = spec[k] { expected |= 1 << UInt8(k.rawValue) } }
            #expect(spec.fixedCorners == expected)
        } } } }
    }

    /// `ResolveContext.writtenRadii` (every `.radii` shape, `rect R`) gives `resolve`'s
    /// radii, decisions, written radii and container to the bit: radii below, at and
    /// past half the shorter side and an edge's limit, empty and thin frames, both targets.
    @Test func writtenRadiiAgreeWithResolve() {
        let screen = Screen(name: nil, width: 400, height: 300, radius: 40)
        let values: [Double] = [0, -0.0, 4, 10, 15, 15.000001, 20, 35, 1e9]
        let sizes: [(Double, Double)] = [(0, 0), (0, 30), (0.5, 30), (30, 30), (30, 31), (20, 80), (200, 40)]
        var decided = Decisions(), cases = 0
        for target in [Target.ios26, .ios18] {
            let context = ResolveContext(screen: screen, target: target)
            for (w, h) in sizes { for a in values { for b in values { for (c, d) in [(0.0, 15.0), (15, 0), (35, 4)] {
            for kind in [ShapeKind.rect, .uneven] {
                // (Each corner its own number: a corner read for another fails.)
                let frame = Frame(x: 5, y: 7, width: w, height: h), rs = Radii(a, b, c, d)
                let full = context.resolve(.radii(kind, rs), frame: frame, ctx: .screen, outer: Outer(screen: screen))
                let quick = ResolveContext.writtenRadii(rs, frame: frame)
                for k in Corner.allCases {
                    #expect(quick.radii[k].bitPattern == full.radii[k].bitPattern, "\(k) of \(rs) in \(w)x\(h)")
                    #expect(quick.written?[k].bitPattern == full.written?[k].bitPattern, "\(k) of \(rs) in \(w)x\(h): written")
                }
                #expect(quick.decisions == full.decisions && full.container == .none, "\(rs) in \(w)x\(h)")
                decided.bits |= quick.decisions.bits
                cases += 1
            } } } } }
        }
        #expect(cases > 1000 && decided.contains(.clampedToHalfSide) && decided.contains(.radiusOverflowClamped))
    }

    /// `ResolveContext.concentricRadii` (every concentric spec on iOS 26, read from
    /// a shape's stored spec) gives `resolve`'s radii, decisions and written radii to
    /// the bit: frames inside, on and past their container's edges, circle and screen
    /// containers, with and without minimums, fixed corners that fit and that break
    /// an edge's limit, one uniform group and two; nil exactly under `target ios18`.
    @Test func concentricCommonCaseAgreesWithResolve() {
        let screen = Screen(name: nil, width: 400, height: 300, radius: 40)
        let containers: [(Outer, ContainerRef)] = [
            (Outer(screen: screen), .screen),
            (Outer(frame: Frame(x: 10, y: 20, width: 200, height: 100), radii: Radii(28, 12, 0, 40), kind: .uneven), .node(0)),
            (Outer(frame: Frame(x: 0, y: 0, width: 80, height: 80), radii: Radii(all: 40), kind: .circle), .node(3)),
        ]
        let offsets: [Double] = [-8, 0, 0.5, 6, 30]
        let sizes: [Double] = [0, 10, 44, 150]
        let specs: [ConcentricSpec] = [
            ConcentricSpec(all: .concentric(minimum: nil)), ConcentricSpec(all: .concentric(minimum: 15)),
            { var c = ConcentricSpec(all: .concentric(minimum: 4)); c[.topTrailing] = .concentric(minimum: nil); return c }(),
            { var c = ConcentricSpec(all: .concentric(minimum: 4)); c[.bottomLeading] = .fixed(9); return c }(),
            { var c = ConcentricSpec(all: .concentric(minimum: 2)); c.groupMasks = 0xF; return c }(),
            { var c = ConcentricSpec(all: .fixed(30)); c[.bottomTrailing] = .concentric(minimum: nil); return c }(),
            ConcentricSpec(all: .fixed(7)),
            // `lets`' rows: the top fixed and uniform, the bottom concentric with a minimum.
            { var c = ConcentricSpec(all: .concentric(minimum: 8)); c[.topLeading] = .fixed(26); c[.topTrailing] = .fixed(26)
              c.groupMasks = 0x3; return c }(),
            { var c = ConcentricSpec(all: .concentric(minimum: nil)); c[.topTrailing] = .fixed(60)
              c.groupMasks = 0x3 | 0xC << 4; return c }(),
            { var c = ConcentricSpec(all: .concentric(minimum: 3)); c.groupMasks = 0x9 | 0x6 << 4; return c }(),
            // Fixed corners raised by their group (written as 4 and 90, drawn as the group's largest).
            { var c = ConcentricSpec(all: .concentric(minimum: nil)); c[.topLeading] = .fixed(4); c[.bottomTrailing] = .fixed(90)
              c.groupMasks = 0xF; return c }(),
            { var c = ConcentricSpec(all: .fixed(-0.0)); c[.topTrailing] = .concentric(minimum: -0.0); return c }(),
        ]
        var fast = 0, general = 0, decided = Decisions()
        for target in [Target.ios26, .ios18] {
            let context = ResolveContext(screen: screen, target: target)
            for (outer, ctx) in containers { for dx in offsets { for dy in offsets { for w in sizes { for h in sizes {
                let frame = Frame(x: outer.frame.x + dx, y: outer.frame.y + dy, width: w, height: h)
                for spec in specs {
                    let full = context.resolve(.concentric(spec), frame: frame, ctx: ctx, outer: outer)
                    let quick = context.concentricRadii(values: spec.values, styles: spec.styles, groups: spec.groupMasks,
                                                        frame: frame, ctx: ctx, outer: outer)
                    #expect((quick != nil) == (target == .ios26))
                    guard let quick else { general += 1; continue }
                    fast += 1
                    decided.bits |= quick.decisions.bits
                    #expect(full.container == ctx)
                    for k in Corner.allCases {
                        #expect(quick.radii[k].bitPattern == full.radii[k].bitPattern, "\(k) of \(frame) in \(outer.frame)")
                        #expect(quick.written?[k].bitPattern == full.written?[k].bitPattern, "\(k) of \(frame): written")
                    }
                    #expect(quick.decisions == full.decisions, "\(frame) in \(outer.frame): \(quick.decisions.list) vs \(full.decisions.list)")
                }
            } } } } }
        }
        #expect(fast > 0 && general > 0)
        // The comparison covers every decision the common case can take.
        for d in [ModelDecision.screenContainer, .circleContainerSquare, .overflowClamped, .chebyshevDistance, .clampedToHalfSide,
                  .radiusOverflowClamped] {
            #expect(decided.contains(d), "\(d)")
        }
    }

    /// What layout stored for each shape (its radii, decisions, container and the
    /// drawn shape's overflow) is what `resolve` gives when asked again: every shape of
    /// every example and bench member and of a scene of the odd cases (fixed corners
    /// raised by a group, −0, overflowing written radii), under each target.
    @Test func layoutStoresWhatResolveGives() throws {
        var inputs = try BenchFamily.examples()
        for m in BenchFamily.members { inputs.append((m, BenchFamily.scene(m, nodes: 400))) }
        inputs.append(("odd cases", """
            screen 400x300 radius 40
            a: container rect 30 size 200x150 <
              b: concentric(topLeading: fixed 4, bottomTrailing: fixed 90) uniform size 100x60 align topLeading pad 2
              c: concentric(topLeading: fixed 4, topTrailing: concentric min 20, bottom: fixed 70) uniform size 120x80 align bottom
              d: uneven(0, 60, -0, 90) size 100x50
              e: rect 40 size 30x30 align trailing
            >
            """))
        var checked = 0, shortcut = 0
        for (name, text) in inputs { for target in [nil, Target.ios26, .ios18] {
            guard let scene = Pipeline.compile(SourceFile(name: name, text: text), target: target).scene else { continue }
            let context = ResolveContext(screen: scene.screen, target: scene.target, fallback: scene.fallback,
                                         newerScreen: scene.newerScreen)
            for (i, shape) in scene.shapes.enumerated() {
                guard let spec = shape.spec else { continue }
                let r = context.resolve(spec, frame: shape.frame, ctx: shape.enclosing, outer: scene.outer(of: shape.enclosing))
                let at = "\(name) \(target.map { "\($0)" } ?? "-") #\(i) \(spec)"
                #expect(Corner.allCases.allSatisfy { r.radii[$0].bitPattern == shape.radii[$0].bitPattern }, "\(at): radii")
                #expect(r.container == shape.container, "\(at): container")
                // (A layer's or a declared container's overflow also marks the shape.)
                var stored = shape.decisions
                if !r.decisions.contains(.radiusOverflowClamped) { stored.bits &= ~ModelDecision.radiusOverflowClamped.bit }
                #expect(stored == r.decisions, "\(at): \(stored.list) vs \(r.decisions.list)")
                let overflow = shape.overflows.first { $0.role == "shape" }
                #expect(overflow?.written == r.written && (overflow == nil || overflow!.drawn == r.radii), "\(at): overflow")
                checked += 1
                if shape.isConcentricSpec || shape.isRadiiSpec { shortcut += 1 }
            }
        } }
        #expect(checked > 5_000 && shortcut > 1_000, "\(checked) shapes, \(shortcut) through a shortcut")
    }
}

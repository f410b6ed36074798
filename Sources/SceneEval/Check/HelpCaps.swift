// THE CAPS ON A HELP'S NUMBERS, in one place. A help must not lead into
// another finding on the same node (docs/lint.md): a radius, a minimum or a
// container's radius that a help suggests is held below what the other rules
// allow here, and every rule's help asks here rather than capping by hand.
// A rule that forbids some radii teaches this file (HelpConsistencyTests
// applies every help on seeded scenes and fails until it does).
//
// - A drawn radius (`radiusCap`, `allowedRadius`): at most half the shape's
//   shorter side (radius-overflow; the concentric radius flared-corner,
//   pinched-corner and relative-uneven-insets suggest).
// - A concentric minimum (`minimumCap`, `allowedMinimum`, for flared/pinched-corner
//   and missing-minimum; `fallbackMinimumCap` for square-fallback, which must keep
//   iOS 26's corners as drawn; `ancestorCap` for both): at most R − d at a
//   corner at the container's corner (container-too-tight), at most the
//   container's radius (radius-inversion), at most R − d against a nearer
//   rounded ancestor that declares no container. `suggestedMinimum` is the
//   corner scale's preference below those caps, `thousandthDown` how a
//   minimum is written without rising above its cap.
// - A container's radius (`radiusBound`, below; issue 14). Raising a
//   container's radius for its content (container-too-tight, the joint fix in
//   Reconcile.swift, the ancestor rules) stops at what the container's own
//   container allows: concentric with it at a corner near it (R − d; more would
//   be flared), never rounder than its corner elsewhere (R: never a larger
//   radius inside a smaller one; against the screen, the display's radius),
//   and at most half its own shorter side. Content that needs more cannot be
//   fixed by a radius: the help says so (`boundHelp`), and how far the content
//   may sit from the corner (or how low its minimum must go) instead.
import SceneLang

extension Context {
    // MARK: A drawn radius

    /// The roundest a corner of shape `i` may be drawn: half its shorter side
    /// (radius-overflow reports more, and the clamp draws no more).
    func radiusCap(_ i: Int) -> Double { scene.shapes[i].frame.halfShorterSide }

    /// A radius `r` a help suggests drawing at a corner of shape `i`, held to what the other rules allow.
    func allowedRadius(_ r: Double, for i: Int) -> Double { min(r, radiusCap(i)) }

    // MARK: A concentric minimum

    /// The largest minimum a help may suggest for shape `i` as a concentric shape
    /// against its container (flared/pinched-corner's `concentric min M`,
    /// missing-minimum's): no larger than R − d at a corner that is at the container's
    /// corner (container-too-tight, `atCorner`, and against a nearer rounded
    /// ancestor that declares none, `ancestorCap`), nor than the container's
    /// radius at a rounded corner (radius-inversion).
    mutating func minimumCap(_ i: Int) -> Double {
        let outer = scene.outer(of: scene.shapes[i].enclosing)
        var m = Double.infinity
        for k in Corner.four {
            let R = outer.radii[k]
            guard R > 0 else { continue }
            if case .node = scene.shapes[i].enclosing { m = min(m, R) }
            let r = scene.concentricReason(k, of: i, outer: outer, minimum: nil)
            if atCorner(i, k, r), let computed = r.computed { m = min(m, computed) }
        }
        return min(m, ancestorCap(i))
    }

    /// The farthest in of shape `i`'s corners that sit at their container's corner
    /// with no whole point of concentric radius left there (R − d < 1): its distance d and the
    /// container's radius R; nil when there is none (another rule caps its minimum).
    mutating func farCorner(_ i: Int) -> (d: Double, R: Double)? {
        let outer = scene.outer(of: scene.shapes[i].enclosing)
        var far: (d: Double, R: Double)?
        for k in Corner.four where outer.radii[k] > 0 {
            let r = scene.concentricReason(k, of: i, outer: outer, minimum: nil)
            guard let d = r.distance, let c = r.computed, c < 1, atCorner(i, k, r) else { continue }
            if d > far?.d ?? -1 { far = (d, outer.radii[k]) }
        }
        return far
    }

    /// A minimum `m` a help suggests for shape `i` as a concentric shape, held to
    /// what the other rules allow (`minimumCap`, in whole points, never above it).
    mutating func allowedMinimum(_ m: Double, for i: Int) -> Double { min(m, minimumCap(i).rounded(.down)) }

    /// The largest minimum concentric shape `i` may have next to a nearer visibly
    /// rounded ancestor that declares no container: R − d at each corner at its
    /// corner (d < R), so a suggested minimum never leads into the finding above;
    /// infinity when there is no such ancestor.
    func ancestorCap(_ i: Int) -> Double {
        let ref = scene.nestingReference(of: i)
        guard ref.outline != .container, case .node = ref.ancestor else { return .infinity }
        var m = Double.infinity
        for k in Corner.four {
            let (R, d, full) = scene.concentricRadius(k, of: i, against: ref)
            if R > 0, d < R { m = min(m, full) }
        }
        return m
    }

    /// The largest minimum square-fallback may suggest for concentric shape `i`
    /// at its bare `corners` (those with no minimum of their own), at most
    /// `drawn`, what iOS 26 draws there: no more than R − d at a corner that is
    /// at its container's corner (container-too-tight), nor than `ancestorCap`.
    mutating func fallbackMinimumCap(_ i: Int, corners: [Corner], drawn: Double) -> Double {
        var m = drawn
        let reasons = scene.reasons(for: i)
        if reasons.count == 4 {
            for k in corners {
                let r = reasons[k.rawValue]
                if let c = r.computed, atCorner(i, k, r) { m = min(m, c) }
            }
        }
        return min(m, ancestorCap(i))
    }

    /// The minimum to suggest for a concentric shape with radii `radii`: its
    /// smallest rounded corner, else its container's radius, at most the corner
    /// scale's inner radius (16).
    static func suggestedMinimum(_ radii: Radii, containerRadius: Double) -> Double {
        var m = radii.values.filter { $0 > 0 }.min() ?? 0
        if m <= 0 { m = containerRadius }
        if m <= 0 { m = Checker.innerRadius }
        return min(m, Checker.innerRadius)
    }

    /// A number as a help writes a minimum: down to the thousandth, never above `v`.
    static func thousandthDown(_ v: Double) -> Double { (v * 1000 + 1e-6).rounded(.down) / 1000 }
}

extension Context {
    /// (A class: made once a container (`boundMemo`) and shared by every
    /// finding it bounds, each holding it in 8 bytes, `Raise.bounded`.)
    final class RadiusBound: Sendable {
        /// The largest radius the node may draw and declare at every corner.
        let radius: Double
        /// Why, in words: `concentric with the screen at topLeading: 62 − 8 = 54`.
        let why: String

        init(radius: Double, why: String) {
            self.radius = radius
            self.why = why
        }
    }

    /// The largest uniform radius node `j` may take (see the file's comment).
    /// A container above it may be raised too, so the limit is what each
    /// container up the chain may reach, down from the screen (whose radius is
    /// fixed): walked from the top, without recursion.
    func radiusBound(_ j: Int) -> RadiusBound {
        var chain: [Int] = [j]
        while case .node(let e) = scene.shapes[chain[chain.count - 1]].enclosing, chain.count <= scene.shapes.count { chain.append(e) }
        var bound: RadiusBound? = nil
        for c in chain.reversed() {
            bound = ownBound(c, outer: bound)
        }
        return bound!
    }

    /// Node `c`'s bound given its container's (nil: the screen, as it is).
    func ownBound(_ c: Int, outer: RadiusBound?) -> RadiusBound {
        let sh = scene.shapes[c]
        var best = RadiusBound(radius: radiusCap(c), why: "half its shorter side")
        let who = name(sh.enclosing)
        for k in Corner.four {
            let (R0, d, _) = scene.concentricRadius(k, of: c)
            // A node container may be raised as far as its own bound (never lowered here).
            let R = outer.map { max($0.radius, R0) } ?? R0
            guard R > 0 else { continue }
            let near = d < R
            let limit = near ? R - d : R
            guard limit < best.radius - 1e-9 else { continue }
            let as_ = outer != nil && R > R0 + 1e-9 ? " once \(who) is as round as it may be (\(n(R)))" : ""
            best = RadiusBound(radius: limit, why: near
                ? "concentric with \(who) at \(k.name)\(as_): \(Format.concentric(R, minus: d))"
                : "no rounder than \(who)'s \(k.name) corner\(as_), \(n(R))")
        }
        return best
    }

    /// The help when content at distance `d` with minimum `m` needs container
    /// `j` rounder than it may be: no automatic fix, and what would do instead.
    func boundHelp<W: WordSink>(_ j: Int, _ b: RadiusBound, content c: Int, m: Double, d: Double, to w: inout W) {
        // (Said piece by piece: a grid of content padded away from its corners
        // says this on nearly every node, and `--json` writes it as it is said.)
        w.literal("`"); w.id(j, in: scene.shapes); w.literal("` may be at most "); w.number(b.radius)
        w.literal(" round ("); w.text(b.why); w.literal(") and `"); w.id(c, in: scene.shapes); w.literal("` needs ")
        w.number(m); w.literal(" + "); w.number(d); w.literal(" = "); w.number(m + d)
        w.literal(", so raising its radius cannot fix this (no automatic fix): ")
        // Content placed by padding far from the corner (further in than the
        // container's radius): say so, and how close it would have to come.
        let R = scene.outer(of: .node(j)).radii.max
        if b.radius - m > 0, d >= R {
            w.literal("`"); w.id(c, in: scene.shapes); w.literal("` is "); w.number(d); w.literal(" pt in from `"); w.id(j, in: scene.shapes)
            w.literal("`'s corner, placed there by padding, so its corner cannot follow `"); w.id(j, in: scene.shapes)
            w.literal("`'s: bring it within "); w.number(b.radius - m); w.literal(" pt of the corner (less padding), or ")
        } else if b.radius - m > 0 {
            w.literal("move `"); w.id(c, in: scene.shapes); w.literal("` within "); w.number(b.radius - m)
            w.literal(" pt of `"); w.id(j, in: scene.shapes); w.literal("`'s corner (now "); w.number(d); w.literal("), or ")
        }
        if b.radius - d > 0 { w.literal("lower its minimum to "); w.number(b.radius - d) }
        else { w.literal("let its minimum show (it sits too far in for any radius `"); w.id(j, in: scene.shapes); w.literal("` may have)") }
    }
}

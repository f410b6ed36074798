// How round a container may be made (issue 14). Raising a container's radius
// for its content (container-too-tight, and the joint fix in Reconcile.swift)
// stops at what the container's own container allows: concentric with it at a
// corner near it (R − d; more would be flared), never rounder than its corner
// elsewhere (R: never a larger radius inside a smaller one; against the screen,
// the display's radius), and at most half its own shorter side. Content that
// needs more cannot be fixed by a radius: the help says so, and how far the
// content may sit from the corner (or how low its minimum must go) instead.
import SceneLang

extension Context {
    struct RadiusBound {
        /// The largest radius the node may draw and declare at every corner.
        var radius: Double
        /// Why, in words: `concentric with the screen at topLeading: 62 − 8 = 54`.
        var why: String
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
        var best = RadiusBound(radius: sh.frame.halfShorterSide, why: "half its shorter side")
        let who = name(sh.enclosing)
        for k in Corner.allCases {
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
    func boundHelp(_ j: Int, _ b: RadiusBound, content: String, m: Double, d: Double) -> String {
        // (Built as bytes: a grid of content padded away from its corners says this on nearly every node.)
        let id = scene.shapes[j].id
        var ways = Prose(capacity: 256)
        // Content placed by padding far from the corner (further in than the
        // container's radius): say so, and how close it would have to come.
        let R = scene.outer(of: .node(j)).radii.max
        if b.radius - m > 0, d >= R {
            ways = "`\(content)` is \(n: d) pt in from `\(id)`'s corner, placed there by padding, so its corner cannot follow `\(id)`'s: "
                + "bring it within \(n: b.radius - m) pt of the corner (less padding)"
        } else if b.radius - m > 0 {
            ways = "move `\(content)` within \(n: b.radius - m) pt of `\(id)`'s corner (now \(n: d))"
        }
        if !ways.bytes.isEmpty { ways.append(", or ") }
        if b.radius - d > 0 { ways.append("lower its minimum to \(n: b.radius - d)") }
        else { ways.append("let its minimum show (it sits too far in for any radius `\(id)` may have)") }
        let help: Prose = "`\(id)` may be at most \(n: b.radius) round (\(b.why)) and `\(content)` needs \(n: m) + \(n: d) = \(n: m + d), "
            + "so raising its radius cannot fix this (no automatic fix): \(ways)"
        return help.string
    }
}

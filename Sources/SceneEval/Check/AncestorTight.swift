// `container-too-tight` against a visibly rounded ancestor that declares no
// container (docs/lint.md, "Against what"). A concentric shape in such an
// ancestor follows the container above it, so on screen it draws its minimum
// (or more) next to the ancestor's corner. Where that minimum is more than the
// tolerance above the ancestor's R − d, at a corner that sits at the
// ancestor's corner (d < R), its corner cannot share the ancestor's centre,
// and declaring the ancestor as the container (what `missing-container-shape`
// asks) would not help: the ancestor is too tight. The fix is the one a
// declared container gets, raise its radius to minimum + d, drawn and declared
// alike; `missing-container-shape` on the same ancestor writes the same edit.
import SceneLang

extension Context {
    /// What concentric shape `i` needs of its nearest visibly rounded ancestor.
    struct AncestorNeed {
        var ancestor: Int
        var ref: NestingReference
        /// The corners named (bit k: corner k).
        var corners: UInt8
        /// The most demanding corner: the ancestor's radius there, the distance, the minimum.
        var R: Double, d: Double, m: Double
        var needed: Double { m + d }
    }

    /// Concentric shape `i` (iOS 26) inside a visibly rounded ancestor nearer than its
    /// container, that declares none: the corners at that ancestor's corner (only the
    /// plain d < R counts) where R − d is more than the tolerance below the shape's
    /// minimum, with the most demanding one (the largest minimum + d). Nil when none.
    /// (Mutating, though it changes nothing, as `noFixedRadius`: asked of every
    /// shape from a mutating rule, a plain method was handed a 408-byte copy of
    /// the context.)
    mutating func ancestorNeed(_ i: Int) -> AncestorNeed? {
        guard ios26, scene.shapes[i].kind == .concentric else { return nil }
        let ref = scene.nestingReference(of: i)
        guard ref.outline != .container, case .node(let a) = ref.ancestor else { return nil }
        let reasons = scene.reasons(for: i)
        guard reasons.count == 4 else { return nil }
        var worst: (R: Double, d: Double, m: Double)? = nil
        var corners: UInt8 = 0
        for k in Corner.four {
            guard let m = reasons[k.rawValue].minimum else { continue }
            let (R, d, full) = scene.concentricRadius(k, of: i, against: ref)
            guard R > 0, d < R, full < m - Checker.tolerance else { continue }
            corners |= 1 << UInt8(k.rawValue)
            if worst == nil || m + d > worst!.m + worst!.d { worst = (R, d, m) }
        }
        guard let w = worst else { return nil }
        return AncestorNeed(ancestor: a, ref: ref, corners: corners, R: w.R, d: w.d, m: w.m)
    }

    /// Ancestor `a`, drawn `rect X`, redrawn and declared at radius `r`: `rect 28
    /// container rect 28` (a radius written with names keeps them, adjusted:
    /// `rect r + 8 container rect r + 8`). None for any other shape or a clip.
    func ancestorRaise(_ a: Int, to r: Double, outline: NestingReference.Outline) -> [TextEdit] {
        guard outline == .drawn, !scene.shapes[a].isContainer, let range = drawnShapeRange(a),
              let e = drawnRect(a) else { return [] }
        let written: String
        if ExprValue.names(e).isEmpty { written = n(r) } else if let kept = adjusted(e, to: r) { written = kept } else { return [] }
        // A container SwiftUI ignores (`container relative`) is replaced, not added to.
        if let ignored = ignoredContainer(of: a) {
            return [TextEdit(range, "rect \(written)"), TextEdit(ignored.range, "container rect \(written)")]
        }
        return [TextEdit(range, "rect \(written) container rect \(written)")]
    }

    /// The finding on shape `i`, when its nearest visibly rounded ancestor is too
    /// tight for its minimum; records what the ancestor needs for `missing-container-shape`.
    mutating func tightAgainstAncestor(_ i: Int) -> Bool {
        guard let need = ancestorNeed(i) else { return false }
        let sh = scene.shapes[i], a = need.ancestor, who = scene.shapes[a].id
        let corners = Corner.four.filter { need.corners & (1 << UInt8($0.rawValue)) != 0 }.map(\.name)
        let bound = radiusBound(a)
        let what = need.ref.outline == .clip ? "its clip" : "its radius"
        var help: String, fixes: [TextEdit] = []
        if need.needed > bound.radius + Checker.tolerance {
            help = "`\(who)` may be at most \(n(bound.radius)) round (\(bound.why)) and `\(sh.id)` needs \(n(need.m)) + \(n(need.d)) = \(n(need.needed)), so raising \(what) cannot fix this (no automatic fix): bring `\(sh.id)` within \(n(max(bound.radius - need.m, 0))) pt of the corner, or lower its minimum to \(n(need.R - need.d))"
        } else {
            fixes = ancestorRaise(a, to: need.needed, outline: need.ref.outline)
            if need.ref.outline == .drawn { ancestorNeeds[a] = max(ancestorNeeds[a] ?? 0, need.needed) }
            let N = n(need.needed)
            let spelled = (fixes.isEmpty ? nil : fixes.map { "`\($0.replacement)`" }.joined(separator: " and "))
                ?? (need.ref.outline == .clip ? "`clip rect \(N) container rect \(N)`" : "a shape of radius \(N) and `container rect \(N)`")
            help = "raise `\(who)`'s \(need.ref.outline == .clip ? "clip" : "radius") to \(N) (\(n(need.m)) + \(n(need.d))), not lower the minimum; on iOS 26 declare it as the container `\(sh.id)` follows: \(spelled) on `\(who)`"
        }
        add(.containerTooTight,
            "\(name(need.ref)) is too tight for `\(sh.id)`: at \(corners.joined(separator: ", ")) the concentric radius \(Format.concentric(need.R, minus: need.d)) is below the minimum \(n(need.m))",
            at: shapeRange(i), help: help,
            values: ["containerRadius": need.R, "distance": need.d, "minimum": need.m, "neededRadius": need.needed,
                     "againstAncestor": 1],
            fixes: fixes)
        return true
    }
}

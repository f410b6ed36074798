// A row of fixed shapes against a rounded ancestor that declares no container
// (docs/lint.md, `uneven-siblings`, "Against an ancestor"). Chips drawn
// `rect 16` side by side in an hstack, 12 pt into a card drawn `rect 20`: the
// outer ones are flared at the card's corners (20 − 12 = 8), the middle ones
// sit far from every corner. Fixing each flared chip alone (`uneven(8, 16, 16,
// 8)`) leaves the middle ones at 16: the row comes out uneven, which is what
// `uneven-siblings` reports for concentric rows. So the help and the fix of a
// flared or pinched shape in such a row keep the row even: the ancestor's
// radius that makes the chips' own radius concentric (16 + 12 = 28, never more
// than the ancestor may have, HelpCaps.swift), or the concentric radius
// on every sibling. A row whose fixes agree (two mirror images) is left to the
// shape's own help.
import SceneLang

extension Context {
    /// Fixed shape `i`'s row: its siblings in an hstack or vstack drawn with the same
    /// shape (kind, style, radii) at the same size, `i` among them; [] when it has none.
    func fixedRow(_ i: Int) -> [Int] {
        let sh = scene.shapes[i]
        guard let p = sh.parent, let axis = scene.shapes[p].stack, axis != .zstack else { return [] }
        var row: [Int] = []
        let depth = scene.shapes[p].depth
        var j = p + 1
        while j < scene.shapes.count, scene.shapes[j].depth > depth {
            let s = scene.shapes[j]
            if s.parent == p, s.kind == sh.kind, s.style == sh.style, s.radii == sh.radii,
               s.frame.width == sh.frame.width, s.frame.height == sh.frame.height { row.append(j) }
            j += 1
        }
        return row.count > 1 ? row : []
    }

    /// The help and fixes of flared or pinched shape `i` when it is one of a row
    /// (`fixedRow`) against ancestor `ref` that declares no container, and fixing each
    /// sibling's corners alone would leave the row uneven; nil otherwise.
    /// `values`: `rowRadius` (every sibling's concentric radius), `rowAncestorRadius`
    /// (the ancestor's radius that keeps theirs, when it may be that round), `rowCount`.
    ///
    /// Against a container the ancestor declares (`declared`), the fix gives every
    /// sibling the concentric radius (the card, fixed with its content by
    /// `reconcile`, is not raised here): the new user's three thumbnails in a
    /// `rect r container rect r` card, where only the corner one was fixed.
    mutating func rowHelp(_ i: Int, _ ref: NestingReference, isFlared: Bool, declared: Bool = false)
        -> (help: String, fixes: [TextEdit], values: [String: Double])? {
        guard case .node(let a) = ref.ancestor else { return nil }
        let row = fixedRow(i)
        guard !row.isEmpty else { return nil }
        // Each sibling as its own fix would draw it, and the numbers a row-wide fix needs.
        var drawn: [Radii] = []
        var target = isFlared ? 0 : Double.infinity, radius = isFlared ? Double.infinity : 0
        var example: CornerMiss? = nil
        for s in row {
            guard scene.nestingReference(of: s) == ref else { return nil }
            let c = concentricCorners(s, against: ref)
            drawn.append(c.concentric)
            for m in isFlared ? c.flared : c.pinched {
                // The ancestor's radius that makes this corner concentric: r + d.
                target = isFlared ? max(target, m.radius + m.distance) : min(target, m.radius + m.distance)
                radius = isFlared ? min(radius, m.concentric) : max(radius, m.concentric)
                if example == nil { example = m }
            }
        }
        guard let ex = example, drawn.contains(where: { !sameCorners($0, drawn[0]) }) else { return nil }
        let who = scene.shapes[a].id
        let names = row.prefix(Self.siblingsNamed).map { "`\(scene.shapes[$0].id)`" }.joined(separator: ", ")
            + (row.count > Self.siblingsNamed ? " and \(row.count - Self.siblingsNamed) more" : "")
        // Every sibling at the concentric radius (a radius written with names keeps them).
        var every: [TextEdit] = []
        for s in row {
            guard let e = drawnRect(s) else { every = []; break }
            guard let t = ExprValue.names(e).isEmpty ? n(radius) : adjusted(e, to: radius) else { every = []; break }
            every.append(TextEdit(e.range, t))
        }
        // The ancestor at the radius that makes theirs concentric: when it draws a `rect`
        // item and may be that round. (Not a drawn glass shape or background: a row in one
        // then went back and forth between the card's radius and the row's, review of
        // 2cd7b564; a `rect` item's row has the same open problem, docs/lint.md.)
        var ancestor: [TextEdit] = []
        let bound = radiusBound(a)
        if !declared, ref.outline == .drawn, scene.shapes[a].shapeRange != nil, let e = drawnRect(a), target <= bound.radius + Checker.tolerance,
           let t = ExprValue.names(e).isEmpty ? n(target) : adjusted(e, to: target) {
            ancestor = [TextEdit(e.range, t)]
        }
        let sum = "\(n(ex.radius)) + \(n(ex.distance))"
        let spread = "give every one the concentric radius, `rect \(n(radius))`"
        let decl = Radii(all: isFlared && !ancestor.isEmpty ? target : scene.outer(of: ref).radii.max).containerDeclaration
        let minimum = isFlared && !ancestor.isEmpty ? ex.radius : radius
        // An ancestor that only clips (a grouped list's section) draws nothing: a container
        // declared there would be drawn (grammar rule 2), so that way is not offered.
        let clipOnly = scene.shapes[a].kind == .group
        let its = clipOnly ? "clip" : "radius"
        let ios26 = declared ? "; or, on iOS 26, make them `concentric min \(n(minimum))`"
            : clipOnly ? ""
            : "; or, on iOS 26, declare `\(who)`'s shape as their container (`\(decl)`) and make them `concentric min \(n(minimum))`"
        let way: String
        if declared {
            way = !isFlared ? "\(spread); or lower `\(who)`'s radius and its container to \(n(target)) (\(sum))"
                : target <= bound.radius + Checker.tolerance ? "\(spread); or raise `\(who)`'s radius and its container to \(n(target)) (\(sum)), and every one keeps its radius"
                : "\(spread) (`\(who)` cannot be raised to \(n(target)), \(sum): it may be at most \(n(bound.radius)) round, \(bound.why))"
        } else if !isFlared {
            way = "\(spread); or lower `\(who)`'s \(its) to \(n(target)) (\(sum))"
        } else if ancestor.isEmpty, clipOnly, target <= bound.radius + Checker.tolerance {
            // A clip that only clips may be raised (no fix written: its item is not a drawn `rect`).
            way = "raise `\(who)`'s clip to \(n(target)) (\(sum)), and every one keeps its radius; or \(spread)"
        } else if ancestor.isEmpty {
            way = "\(spread) (`\(who)` cannot be raised to \(n(target)), \(sum): it may be at most \(n(bound.radius)) round, \(bound.why))"
        } else {
            way = "raise `\(who)`'s radius to \(n(target)) (\(sum)), and every one keeps its radius; or \(spread)"
        }
        let help = "\(names) are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, \(way)\(ios26)"
        var values: [String: Double] = ["rowRadius": radius, "rowCount": Double(row.count)]
        if isFlared ? !ancestor.isEmpty : true { values["rowAncestorRadius"] = target }
        return (help, isFlared && !ancestor.isEmpty ? ancestor : every, values)
    }

    /// For flared shape `i` alone against ancestor `a`'s drawn outline (it declares no
    /// container): "; or raise `card`'s radius to 28 (12 + 16), and it keeps its radius",
    /// the corner scale's way (a container's radius is its content's plus the padding), when
    /// `a` draws a `rect` item and may be that round (HelpCaps.swift); "" otherwise.
    mutating func raiseAncestorWords(_ i: Int, _ ref: NestingReference, _ a: Int) -> String {
        guard ref.outline == .drawn, scene.shapes[a].shapeRange != nil, drawnRect(a) != nil else { return "" }
        let flared = concentricCorners(i, against: ref).flared
        guard let worst = flared.max(by: { $0.radius + $0.distance < $1.radius + $1.distance }) else { return "" }
        let target = worst.radius + worst.distance
        guard target <= radiusBound(a).radius + Checker.tolerance else { return "" }
        // Not when the raise would pinch another fixed shape at `a`'s corners (a badge `rect 8`
        // 16 pt into the corner a thumbnail raised it to 28 for: review of a9f54400).
        let depth = scene.shapes[a].depth
        var j = a + 1
        while j < scene.shapes.count, scene.shapes[j].depth > depth {
            defer { j += 1 }
            guard j != i, scene.shapes[j].kind.hasFixedCorners else { continue }
            let rj = scene.nestingReference(of: j)
            guard rj.ancestor == .node(a), rj.outline == .drawn else { continue }
            for k in Corner.four {
                let d = scene.concentricRadius(k, of: j, against: rj).distance
                if d < target, scene.shapes[j].radii[k] < target - d - Checker.tolerance { return "" }
            }
        }
        return "; or raise `\(scene.shapes[a].id)`'s radius to \(n(target)) (\(n(worst.radius)) + \(n(worst.distance))), and it keeps its radius"
    }
}

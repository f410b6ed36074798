import SceneLang

// MARK: screen-edge-margin

extension Context {
    mutating func screenEdge(_ i: Int) {
        let screen = scene.screen
        guard screen.isPhone, context(of: i) == .screen else { return }
        let sh = scene.shapes[i]
        // Only the outermost shapes that resolve against the screen: a shape
        // inside another top-level shape is that shape's business.
        var j = sh.parent
        while let a = j { if scene.shapes[a].kind != .group { return }; j = scene.shapes[a].parent }
        let f = sh.frame
        let Rs = ResolveContext.screenRadius(screen)
        // (a) Pokes out of a rounded display corner as drawn.
        if Rs > 0, case let poking = pokingCorners(i), let k = poking.first {
            let concentric = scene.concentricRadius(k, of: i).radius
            let names = poking.map(\.name).joined(separator: ", ")
            // A concentric corner it cannot hold (more than half its shorter side) would
            // trade this finding for radius-overflow: then the inset is the way.
            let cap = radiusCap(i)
            // Concentric, as a shape that follows the display (`concentric min M`, M what it draws
            // elsewhere): a fixed `uneven(…, 52, …)` would still sit closer than the margin.
            let keep = sh.radii.values.filter { $0 > 0 }.min() ?? 0
            let help = concentric <= cap + Checker.tolerance
                ? "inset it by at least \(n(margin)) pt, or make it concentric with the display, `concentric min \(n(keep))` (radius \(n(concentric)) at that corner)"
                : "inset it by at least \(n(margin)) pt: a corner concentric with the display there (radius \(n(concentric))) "
                    + "is more than half its \(n(2 * cap)) pt side (`radius-overflow`)"
            add(.screenEdgeMargin,
                "`\(sh.id)` pokes out of the display's rounded \(names) \(poking.count == 1 ? "corner" : "corners") (radius \(n(Rs))): part of it is hidden behind the bezel curve",
                at: shapeRange(i), help: help,
                values: ["displayRadius": Rs, "concentricRadius": concentric])
            return
        }
        // (b) Closer than the margin to an edge without touching it. Concentric
        // content follows the display's corners and may hug its edges.
        guard !sh.kind.followsContainer else { return }
        let gaps = [EdgeGap(edge: "leading", gap: f.minX), EdgeGap(edge: "top", gap: f.minY),
                    EdgeGap(edge: "trailing", gap: screen.width - f.maxX), EdgeGap(edge: "bottom", gap: screen.height - f.maxY)]
        let close = gaps.filter { $0.gap > 1e-9 && $0.gap < margin - Checker.tolerance }
        guard let nearest = close.min(by: { $0.gap < $1.gap }) else { return }
        let edges = close.map { "\($0.edge) (\(n($0.gap)) pt)" }.joined(separator: ", ")
        add(.screenEdgeMargin,
            "`\(sh.id)` is closer than the \(n(margin)) pt margin to the screen's \(close.count == 1 ? "edge" : "edges"): \(edges)",
            at: shapeRange(i),
            help: "keep at least \(n(margin)) pt from the phone's edges, or run it to the edge (0 pt); set the margin with `margin N`",
            values: ["gap": nearest.gap, "margin": margin])
    }

    var margin: Double { scene.margin }

    /// The display corners that shape i, as the SVG draws it, reaches past by
    /// more than the tolerance, where the display is its drawn outline (continuous
    /// corners, `RoundedRect(screen:)`), both sampled by `OutlinePolygon`. Parts
    /// of the shape beyond the screen's straight edges count as on the edge (a
    /// shape may run past an edge; the corner's curve still hides it there); a
    /// corner that runs past both edges is full-bleed: the display clips it on purpose.
    func pokingCorners(_ i: Int) -> [Corner] {
        let sh = scene.shapes[i], screen = scene.screen, f = sh.frame
        let display = RoundedRect(screen: screen)
        // The curve of each display corner lies in a square this wide at that corner.
        let reach = ContinuousCorner.expansion * display.radii.topLeading
        var outline: OutlinePolygon? = nil
        var displayOutline: OutlinePolygon? = nil
        var poking: [Corner] = []
        corners: for k in Corner.four {
            let (dx, dy) = ResolveContext.insets(k, f, screen.frame)
            if dx <= 0 && dy <= 0 { continue }
            if dx >= reach || dy >= reach { continue }  // clear of the curve's square
            let left = k == .topLeading || k == .bottomLeading, top = k == .topLeading || k == .topTrailing
            let ax = left ? 0 : screen.width - reach, ay = top ? 0 : screen.height - reach
            if outline == nil { outline = OutlinePolygon(Outline(shape: sh)) }
            if displayOutline == nil { displayOutline = OutlinePolygon(display) }
            for p in outline!.points {
                let q = Point(min(max(p.x, 0), screen.width), min(max(p.y, 0), screen.height))
                guard q.x >= ax, q.x <= ax + reach, q.y >= ay, q.y <= ay + reach else { continue }
                if displayOutline!.distanceOutside(q) > Checker.tolerance { poking.append(k); continue corners }
            }
        }
        return poking
    }
}

/// How far a shape is from one edge of the screen.
struct EdgeGap {
    var edge: String
    var gap: Double
}

import SceneLang

// `--labels` placement. A label goes inside its shape's top-leading area when it
// fits there (clear of the rounded corner and of the shape's children, so a
// parent's name never sits in a child's corner where it would read as the
// child's), moving right or down past a child into the shape's own free band,
// else just above the shape (or below), clamped into the panel, and past any shape it
// is drawn in whose outline it would cross (a padding band too narrow for a line). Labels are placed in scene order, parents first, and
// never overlap one another — nested labels stack at least a line apart — nor,
// with `--centers`, a corner-centre cross (a label is moved right past a cross,
// or down a line past another label). Everything is computed from the estimated
// text width (`SVGText`) in a fixed order, so placement is deterministic.

/// Places the labels of one panel.
typealias SVGLabelPlacer = SVGLabelLayout<SVGBoxGrid>

/// Places the labels of one panel, keeping what it placed in an `Index`
/// (`SVGBoxGrid`; `SVGBoxScan` in the tests, which must place alike). The
/// constants are computed properties: a generic type cannot store static ones.
struct SVGLabelLayout<Index: SVGBoxIndex> {
    /// A line of label text: ascent and descent of the font, rounded up.
    static var lineHeight: Double { 12 }
    /// From the top of a label's box to its baseline.
    static var ascent: Double { SVGText.ascent * SVGStyle.labelSize }
    /// Between a label and its shape's outline, inside.
    static var pad: Double { 3 }
    /// Between a label and whatever it was moved clear of.
    static var gap: Double { 1 }
    /// How far a cross and its halo reach from the corner centre.
    static var crossReach: Double { SVGStyle.crossArm + 1.5 }
    /// Between a label outside its shape and the shape: room for its leader.
    static var leaderGap: Double { 4 }
    /// Positions tried before a label gives up and takes its first choice.
    static var attempts: Int { 48 }

    /// Where labels may go: the panel's viewBox area.
    let bounds: SVGBox
    var grid = Index()

    init(bounds: SVGBox) { self.bounds = bounds }

    mutating func addCross(_ p: Point) {
        let r = Self.crossReach
        grid.insert(SVGBox(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r), cross: true)
    }

    /// How far from the leading (or trailing) edge a point at `depth` below the top
    /// (or above the bottom) must sit to be `pad` inside a corner of radius `r`.
    static func inset(_ r: Double, depth y: Double) -> Double {
        guard r > pad, y < r else { return pad }
        let outer = r - pad, dy = r - y
        guard dy < outer else { return r }
        return max(pad, r - (outer * outer - dy * dy).squareRoot())
    }

    /// How far from its leading and trailing edges a box from `top` below the
    /// outline's top to `below` above its bottom must sit to be `pad` inside it:
    /// past the rounded corners it reaches into, or the ellipse's curve at the
    /// box's row farther from the middle.
    static func insets(_ outline: Outline, top: Double, below: Double) -> (lead: Double, trail: Double) {
        switch outline {
        case .roundedRect(let rect), .capsule(let rect), .circle(let rect):
            let r = rect.radii
            return (max(inset(r.topLeading, depth: top), inset(r.bottomLeading, depth: below)),
                    max(inset(r.topTrailing, depth: top), inset(r.bottomTrailing, depth: below)))
        case .ellipse(let f):
            // The ellipse shrunk by `pad`; its half-width at the row `dy` from the middle.
            let a = f.width / 2 - pad, b = f.height / 2 - pad
            let dy = max(abs(f.height / 2 - top), abs(f.height / 2 - below))
            guard a > 0, b > 0, dy < b else { return (f.width, f.width) }
            let x = f.width / 2 - a * (1 - dy * dy / (b * b)).squareRoot()
            return (x, x)
        }
    }

    /// Where a label inside the outline is first tried, below its top: a
    /// rounded outline's point 45° into its top-leading corner, an ellipse's 45°
    /// point.
    static func firstDepth(_ outline: Outline) -> Double {
        switch outline {
        case .roundedRect(let rect), .capsule(let rect), .circle(let rect):
            let r0 = rect.radii.topLeading
            return r0 > pad ? max(pad, r0 - (r0 - pad) / 2.0.squareRoot()) : pad
        case .ellipse(let f):
            let b = f.height / 2
            return b > pad ? max(pad, b - (b - pad) / 2.0.squareRoot()) : pad
        }
    }

    /// Place a label `width` wide for a shape drawn as `rect`; returns its box and
    /// whether it is inside the shape. The box is taken: later labels avoid it.
    /// `children`: the frames of the shape's drawn children, which a label inside keeps clear of.
    /// `ancestors`: the outlines of the shapes it is drawn in, whose outlines a label
    /// outside it keeps clear of (asked for only then).
    /// `reads`: whether a box would read as this shape's label (`SVGLabelRule`);
    /// a box that would not is passed over like one in the way.
    mutating func place(width w: Double, for rect: Outline, clearOf children: [SVGBox] = [],
                        ancestors: () -> [Outline] = { [] },
                        reads: (SVGBox) -> Bool = { _ in true }) -> (box: SVGBox, inside: Bool) {
        if let box = inside(width: w, rect, clearOf: children, reads: reads) {
            grid.insert(box, cross: false)
            return (box, true)
        }
        let box = beside(width: w, rect, reads: reads) ?? outside(width: w, rect, ancestors: ancestors())
        grid.insert(box, cross: false)
        return (box, false)
    }

    /// The top-leading area: from the point 45° into the corner, then down a line at
    /// a time past other labels, and right past crosses and children (or down past
    /// them when there is no room to the right), while the box still fits.
    private func inside(width w: Double, _ rect: Outline, clearOf children: [SVGBox], reads: (SVGBox) -> Bool) -> SVGBox? {
        let f = rect.frame, h = Self.lineHeight, pad = Self.pad
        var b = Self.firstDepth(rect)
        // Right past the crosses in the way (and, if that does not fit, down past them).
        var shift: (x: Double, below: Double)? = nil
        for _ in 0..<Self.attempts {
            guard b + h <= f.height - pad else { return nil }
            let (lead, trail) = Self.insets(rect, top: b, below: f.height - (b + h))
            let x = max(lead, shift?.x ?? 0)
            if x + w > f.width - trail {
                // Too wide here: lower down, where a round shape is wider.
                b = max(b + h / 2, shift?.below ?? 0)
                shift = nil
                continue
            }
            let box = SVGBox(x: f.minX + x, y: f.minY + b, width: w, height: h)
            var hits = grid.hits(box)
            for c in children where c.overlaps(box) { hits.add(c, label: false) }
            if !hits.any {
                if reads(box) { return box }
                b += h / 2
                shift = nil
                continue
            }
            if let lowest = hits.labelMaxY {
                b = max(b + 1, lowest - f.minY + Self.gap)
                shift = nil
            } else {
                shift = (hits.maxX - f.minX + Self.gap, hits.maxY - f.minY + Self.gap)
            }
        }
        return nil
    }

    /// Whether `box` lies inside `rect` as a label inside it would: `pad` clear of
    /// its outline, rounded corners included.
    static func clear(_ box: SVGBox, inside rect: Outline) -> Bool {
        let f = rect.frame
        let top = box.minY - f.minY, below = f.maxY - box.maxY
        guard top >= pad, below >= pad else { return false }
        let (lead, trail) = insets(rect, top: top, below: below)
        return box.minX - f.minX >= lead && f.maxX - box.maxX >= trail
    }

    /// Just above the shape, leading edges aligned (moving up past what is there),
    /// else just below it (moving down); clamped into the panel. A shape the label's
    /// own shape is drawn in counts as in the way where the label would cross its
    /// outline (its band is too narrow for a label: the label goes past the whole
    /// shape), not where the label is well inside it.
    private func outside(width w: Double, _ rect: Outline, ancestors: [Outline]) -> SVGBox {
        let f = rect.frame, h = Self.lineHeight
        var first: SVGBox? = nil
        for above in [true, false] {
            var y = above ? f.minY - Self.gap - h : f.maxY + Self.gap
            for _ in 0..<(Self.attempts / 2) {
                let box = clamp(SVGBox(x: f.minX, y: y, width: w, height: h))
                if first == nil { first = box }
                var hits = grid.hits(box)
                for a in ancestors {
                    let af = SVGBox(x: a.frame.x, y: a.frame.y, width: a.frame.width, height: a.frame.height)
                    if af.overlaps(box), !Self.clear(box, inside: a) { hits.add(af, label: false) }
                }
                if !hits.any { return box }
                let next = above ? hits.minY - Self.gap - h : hits.maxY + Self.gap
                // Clamped against the panel's edge: no further to go this way.
                if (above && box.minY <= bounds.minY) || (!above && box.maxY >= bounds.maxY) { break }
                y = next
            }
        }
        return first!
    }

    /// Outside the shape, a leader's length away: above it, below it, after it or
    /// before it (leading edges, or centres, aligned), the first place that is
    /// free and reads as the shape's; nil when none does.
    private func beside(width w: Double, _ rect: Outline, reads: (SVGBox) -> Bool) -> SVGBox? {
        let f = rect.frame, h = Self.lineHeight, g = Self.leaderGap
        let midY = f.minY + f.height / 2 - h / 2, midX = f.minX + f.width / 2 - w / 2
        let candidates = [SVGBox(x: f.minX, y: f.minY - g - h, width: w, height: h),
                          SVGBox(x: f.minX, y: f.maxY + g, width: w, height: h),
                          SVGBox(x: f.maxX + g, y: midY, width: w, height: h),
                          SVGBox(x: f.minX - g - w, y: midY, width: w, height: h),
                          SVGBox(x: midX, y: f.minY - g - h, width: w, height: h),
                          SVGBox(x: midX, y: f.maxY + g, width: w, height: h)]
        for c in candidates {
            let box = clamp(c)
            guard box == c, !grid.hits(box).any, reads(box) else { continue }
            return box
        }
        return nil
    }

    /// The box moved (not resized) into the panel; a box wider than the panel
    /// keeps its leading edge inside.
    func clamp(_ b: SVGBox) -> SVGBox {
        let w = b.maxX - b.minX, h = b.maxY - b.minY
        let x = max(bounds.minX, min(b.minX, bounds.maxX - w))
        let y = max(bounds.minY, min(b.minY, bounds.maxY - h))
        return SVGBox(x: x, y: y, width: w, height: h)
    }
}

extension SVGLabelLayout {
    /// Places the label of every labelled drawn shape of `scene`, in scene order,
    /// clear of `crosses` and of one another within `area`; `body` gets the
    /// shape's index, its label, the box and whether it is inside the shape.
    static func placeAll(_ scene: ResolvedScene, crosses: [Point], area: SVGBox,
                         _ body: (Int, String, SVGBox, Bool) -> Void) {
        let shapes = scene.shapes
        var placer = Self(bounds: area)
        for p in crosses { placer.addCross(p) }
        let kids = scene.drawnChildren()
        var rule: SVGLabelRule? = nil
        for i in shapes.indices where shapes[i].kind != .group && shapes[i].isDrawable {
            guard let label = shapes[i].label else { continue }
            if rule == nil { rule = SVGLabelRule(scene) }
            let judge = rule!
            let clear = kids[i].map { j in let f = shapes[j].frame; return SVGBox(x: f.x, y: f.y, width: f.width, height: f.height) }
            let (box, inside) = placer.place(width: SVGText.width(label, size: SVGStyle.labelSize), for: Outline(shape: shapes[i]),
                                             clearOf: clear, ancestors: { scene.drawnAncestors(of: i) },
                                             reads: { judge.reads($0, as: i) })
            body(i, label, box, inside)
        }
    }
}

extension ResolvedScene {
    /// The outlines of the drawn shapes shape `i` is drawn in, nearest first
    /// (through layout groups).
    func drawnAncestors(of i: Int) -> [Outline] {
        var out: [Outline] = []
        var a = shapes[i].parent
        while let k = a, k < i {
            if shapes[k].kind != .group, shapes[k].isDrawable { out.append(Outline(shape: shapes[k])) }
            a = shapes[k].parent
        }
        return out
    }

    /// Each shape's drawn children (through layout groups), by index: the shapes
    /// whose nearest drawn ancestor it is. One pass; descendants follow their
    /// ancestor. A label keeps clear of them (`--labels`, the REPL's `:preview`).
    public func drawnChildren() -> [[Int]] {
        var kids = [[Int]](repeating: [], count: shapes.count)
        // The shape itself if drawn, else its nearest drawn ancestor (-1: none).
        var drawn = [Int](repeating: -1, count: shapes.count)
        for i in shapes.indices {
            let up = shapes[i].parent.map { $0 < i ? drawn[$0] : -1 } ?? -1
            if shapes[i].kind == .group { drawn[i] = up; continue }
            drawn[i] = i
            if up >= 0, shapes[i].isDrawable { kids[up].append(i) }
        }
        return kids
    }
}

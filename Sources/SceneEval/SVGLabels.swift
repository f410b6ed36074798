import SceneLang

// `--labels` placement. A label goes inside its shape's top-leading area when it
// fits there (clear of the rounded corner), else just above the shape (or below),
// clamped into the panel. Labels are placed in scene order, parents first, and
// never overlap one another — nested labels stack at least a line apart — nor,
// with `--centers`, a corner-centre cross (a label is moved right past a cross,
// or down a line past another label). Everything is computed from the estimated
// text width (`SVGText`) in a fixed order, so placement is deterministic.

/// An axis-aligned box in scene points.
struct SVGBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    func overlaps(_ o: SVGBox) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
}

/// Boxes bucketed by a coarse grid, so each query looks at a few neighbours, not
/// at every label and cross of a 100,000-node scene. Only looked up, never
/// iterated as a dictionary: hits come back in insertion order.
struct SVGBoxGrid {
    static let cell = 64.0
    private(set) var boxes: [SVGBox] = []
    /// Whether each box is a corner-centre cross (else a label).
    private(set) var isCross: [Bool] = []
    private var cells: [Int64: [Int32]] = [:]

    private static func index(_ v: Double) -> Int64 {
        Int64(max(-1e9, min(1e9, (v / cell).rounded(.down))))
    }

    private func keys(_ b: SVGBox) -> [Int64] {
        var out: [Int64] = []
        let x0 = Self.index(b.minX), x1 = Self.index(b.maxX), y0 = Self.index(b.minY), y1 = Self.index(b.maxY)
        guard x1 - x0 < 64, y1 - y0 < 64 else { return [] }
        for x in x0...x1 { for y in y0...y1 { out.append(x << 32 ^ (y & 0xFFFF_FFFF)) } }
        return out
    }

    mutating func insert(_ b: SVGBox, cross: Bool) {
        let n = Int32(boxes.count)
        boxes.append(b); isCross.append(cross)
        for k in keys(b) { cells[k, default: []].append(n) }
    }

    /// The boxes overlapping `b`, each once, in insertion order.
    func hits(_ b: SVGBox) -> [Int] {
        var found: [Int] = []
        for k in keys(b) {
            guard let list = cells[k] else { continue }
            for n in list where boxes[Int(n)].overlaps(b) && !found.contains(Int(n)) { found.append(Int(n)) }
        }
        return found.sorted()
    }
}

/// Places the labels of one panel.
struct SVGLabelPlacer {
    /// A line of label text: ascent and descent of the font, rounded up.
    static let lineHeight = 12.0
    /// From the top of a label's box to its baseline.
    static let ascent = SVGText.ascent * SVGStyle.labelSize
    /// Between a label and its shape's outline, inside.
    static let pad = 3.0
    /// Between a label and whatever it was moved clear of.
    static let gap = 1.0
    /// How far a cross and its halo reach from the corner centre.
    static let crossReach = SVGStyle.crossArm + 1.5
    /// Positions tried before a label gives up and takes its first choice.
    static let attempts = 48

    /// Where labels may go: the panel's viewBox area.
    let bounds: SVGBox
    var grid = SVGBoxGrid()

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

    /// Place a label `width` wide for a shape drawn as `rect`; returns its box and
    /// whether it is inside the shape. The box is taken: later labels avoid it.
    mutating func place(width w: Double, for rect: RoundedRect) -> (box: SVGBox, inside: Bool) {
        if let box = inside(width: w, rect) {
            grid.insert(box, cross: false)
            return (box, true)
        }
        let box = outside(width: w, rect)
        grid.insert(box, cross: false)
        return (box, false)
    }

    /// The top-leading area: from the point 45° into the corner, then down a line at
    /// a time past other labels and right past crosses, while the box still fits.
    private func inside(width w: Double, _ rect: RoundedRect) -> SVGBox? {
        let f = rect.frame, r = rect.radii, h = Self.lineHeight, pad = Self.pad
        let r0 = r.topLeading
        var b = r0 > pad ? max(pad, r0 - (r0 - pad) / 2.0.squareRoot()) : pad
        // Right past the crosses in the way (and, if that does not fit, down past them).
        var shift: (x: Double, below: Double)? = nil
        for _ in 0..<Self.attempts {
            guard b + h <= f.height - pad else { return nil }
            let below = f.height - (b + h)
            let lead = max(Self.inset(r0, depth: b), Self.inset(r.bottomLeading, depth: below))
            let trail = max(Self.inset(r.topTrailing, depth: b), Self.inset(r.bottomTrailing, depth: below))
            let x = max(lead, shift?.x ?? 0)
            if x + w > f.width - trail {
                guard let s = shift else { return nil }  // too wide for the shape
                b = max(b + 1, s.below)
                shift = nil
                continue
            }
            let box = SVGBox(x: f.minX + x, y: f.minY + b, width: w, height: h)
            let hits = grid.hits(box)
            if hits.isEmpty { return box }
            let labels = hits.filter { !grid.isCross[$0] }
            if let lowest = labels.map({ grid.boxes[$0].maxY }).max() {
                b = max(b + 1, lowest - f.minY + Self.gap)
                shift = nil
            } else {
                shift = (hits.map { grid.boxes[$0].maxX }.max()! - f.minX + Self.gap,
                         hits.map { grid.boxes[$0].maxY }.max()! - f.minY + Self.gap)
            }
        }
        return nil
    }

    /// Just above the shape, leading edges aligned (moving up past what is there),
    /// else just below it (moving down); clamped into the panel.
    private func outside(width w: Double, _ rect: RoundedRect) -> SVGBox {
        let f = rect.frame, h = Self.lineHeight
        var first: SVGBox? = nil
        for above in [true, false] {
            var y = above ? f.minY - Self.gap - h : f.maxY + Self.gap
            for _ in 0..<(Self.attempts / 2) {
                let box = clamp(SVGBox(x: f.minX, y: y, width: w, height: h))
                if first == nil { first = box }
                let hits = grid.hits(box)
                if hits.isEmpty { return box }
                let next = above ? hits.map { grid.boxes[$0].minY }.min()! - Self.gap - h
                                 : hits.map { grid.boxes[$0].maxY }.max()! + Self.gap
                // Clamped against the panel's edge: no further to go this way.
                if (above && box.minY <= bounds.minY) || (!above && box.maxY >= bounds.maxY) { break }
                y = next
            }
        }
        return first!
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

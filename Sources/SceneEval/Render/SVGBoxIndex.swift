// The boxes `--labels` placement keeps clear of (labels already placed and
// `--centers` crosses), and the one question placement asks of them: what does a
// box overlap? Only the extremes of what it overlaps are answered (`SVGHits`), so
// two indexes that hold the same boxes answer alike, in any order.
//
// `SVGBoxGrid` is the fast one: a uniform grid of 64-pt cells, each query looking
// only at the boxes in the cells it touches, and a box that another box contains
// (and that adds nothing the container does not) kept out of it, so labels that
// give up and pile onto one spot (many shapes on one frame) do not make every
// later query slower. `SVGBoxScan` looks at every box: the straightforward
// reference the grid is tested against (`SVGLabelIndexTests`).

/// An axis-aligned box in scene points.
struct SVGBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    func overlaps(_ o: SVGBox) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }

    /// Whether `o` lies within this box (edges included): whatever overlaps `o` overlaps this box.
    func contains(_ o: SVGBox) -> Bool {
        minX <= o.minX && o.maxX <= maxX && minY <= o.minY && o.maxY <= maxY
    }
}

/// What overlaps a box: nothing (`any` false), or the extremes of what does.
struct SVGHits: Equatable {
    var any = false
    /// The lowest bottom edge among the labels hit (nil: only crosses or children).
    var labelMaxY: Double? = nil
    var minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    /// Counts `o` as hit (`label`: a placed label, else a cross or a child's frame).
    @inline(__always) mutating func add(_ o: SVGBox, label: Bool) {
        any = true
        minY = min(minY, o.minY); maxX = max(maxX, o.maxX); maxY = max(maxY, o.maxY)
        if label { labelMaxY = max(labelMaxY ?? -Double.infinity, o.maxY) }
    }
}

/// Where placed labels and crosses are kept for `SVGLabelPlacer`.
protocol SVGBoxIndex {
    init()
    mutating func insert(_ b: SVGBox, cross: Bool)
    /// The extremes of every inserted box that overlaps `b`.
    func hits(_ b: SVGBox) -> SVGHits
}

/// Every box in a list, every query looking at all of them: quadratic, and obviously right.
struct SVGBoxScan: SVGBoxIndex {
    private(set) var boxes: [(box: SVGBox, cross: Bool)] = []

    init() {}

    mutating func insert(_ b: SVGBox, cross: Bool) { boxes.append((b, cross)) }

    func hits(_ b: SVGBox) -> SVGHits {
        var h = SVGHits()
        for o in boxes where o.box.overlaps(b) { h.add(o.box, label: !o.cross) }
        return h
    }
}

/// Boxes bucketed by a uniform grid, so each query looks at a few neighbours, not
/// at every label and cross of a 100,000-node scene. Only looked up, never
/// iterated as a dictionary, and queries only take minima and maxima, so the
/// answer does not depend on any order.
///
/// A box that a stored box contains is not stored, and storing a box drops the
/// ones it contains, when the container is a label or the contained one a cross:
/// whatever overlaps the contained box overlaps the container, whose extremes are
/// at least as far out, and which counts as a label if the contained one does. So
/// the answers are those of every box, and a pile of labels placed on one spot
/// (their shapes share a frame and there was no free place) is one box, not a
/// list every later query walks.
struct SVGBoxGrid: SVGBoxIndex {
    static let cell = 64.0
    /// A box over this many cells wide or tall is kept in `wide` and looked at by every query.
    static let span: Int64 = 64
    private var boxes: [SVGBox] = []
    /// Whether each box is a corner-centre cross (else a label).
    private var isCross: [Bool] = []
    private var cells: [Int64: [Int32]] = [:]
    /// Boxes too big for the cells (a label thousands of points wide).
    private var wide: [Int32] = []

    init() {}

    private static func index(_ v: Double) -> Int64 {
        Int64(max(-1e9, min(1e9, (v / cell).rounded(.down))))
    }

    /// The cells a box touches; nil for a box over `span` cells wide or tall (or not finite).
    private static func range(_ b: SVGBox) -> (x: ClosedRange<Int64>, y: ClosedRange<Int64>)? {
        guard (b.minX + b.minY + b.maxX + b.maxY).isFinite else { return nil }
        let x0 = index(b.minX), x1 = index(b.maxX), y0 = index(b.minY), y1 = index(b.maxY)
        guard x1 - x0 < span, y1 - y0 < span else { return nil }
        return (x0...x1, y0...y1)
    }

    @inline(__always) private static func key(_ x: Int64, _ y: Int64) -> Int64 { x << 32 ^ (y & 0xFFFF_FFFF) }

    /// Whether stored box `n` makes `b` (a cross or not) redundant, or the reverse.
    @inline(__always) private func covers(_ n: Int32, _ b: SVGBox, cross: Bool) -> Bool {
        (!isCross[Int(n)] || cross) && boxes[Int(n)].contains(b)
    }
    @inline(__always) private func covered(_ n: Int32, by b: SVGBox, cross: Bool) -> Bool {
        (!cross || isCross[Int(n)]) && b.contains(boxes[Int(n)])
    }

    mutating func insert(_ b: SVGBox, cross: Bool) {
        let n = Int32(boxes.count)
        guard let r = Self.range(b) else {
            boxes.append(b); isCross.append(cross); wide.append(n)
            return
        }
        // A stored box that contains this one is in every cell this one touches.
        let first = cells[Self.key(r.x.lowerBound, r.y.lowerBound)] ?? []
        for m in first where covers(m, b, cross: cross) { return }
        for w in wide where covers(w, b, cross: cross) { return }
        boxes.append(b); isCross.append(cross)
        // The boxes this one contains lie in its cells only: drop them there.
        for x in r.x {
            for y in r.y {
                let k = Self.key(x, y)
                if let list = cells[k], list.contains(where: { covered($0, by: b, cross: cross) }) {
                    cells[k] = list.filter { !covered($0, by: b, cross: cross) } + [n]
                } else {
                    cells[k, default: []].append(n)
                }
            }
        }
    }

    func hits(_ b: SVGBox) -> SVGHits {
        var h = SVGHits()
        guard let r = Self.range(b) else {
            // A query too big for the cells (or not finite) looks at every box.
            for n in boxes.indices where boxes[n].overlaps(b) { h.add(boxes[n], label: !isCross[n]) }
            return h
        }
        for n in wide where boxes[Int(n)].overlaps(b) { h.add(boxes[Int(n)], label: !isCross[Int(n)]) }
        for x in r.x {
            for y in r.y {
                guard let list = cells[Self.key(x, y)] else { continue }
                for n in list {
                    let o = boxes[Int(n)]
                    if o.overlaps(b) { h.add(o, label: !isCross[Int(n)]) }
                }
            }
        }
        return h
    }
}

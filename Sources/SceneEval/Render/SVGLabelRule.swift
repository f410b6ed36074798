import SceneLang

// The rule every `--labels` label keeps: it lies inside its own shape, or
// outside it with a leader line to it, and never nearer another shape's edge
// (or the screen's) than its own, so it cannot read as another shape's name.
// Distances are to outlines (rounded corners taken as circular, an ellipse
// as an ellipse); shapes are found through a grid of their frames, so a label
// costs the shapes near it, not every shape.

struct SVGLabelRule {
    let outlines: [Outline?]
    let screen: Outline
    /// Drawn shapes by 64-pt cell of their frame.
    private var cells: [Int64: [Int32]] = [:]
    static let cell = 64.0
    /// Grids larger than this many cells a shape are not indexed (a shape that
    /// big is found through `large`).
    static let maxCells = 256
    private var large: [Int32] = []

    init(_ scene: ResolvedScene) {
        let shapes = scene.shapes
        outlines = shapes.indices.map { i in
            shapes[i].kind != .group && shapes[i].isDrawable ? Outline(shape: shapes[i]) : nil
        }
        screen = Outline(screen: scene.screen)
        for (i, o) in outlines.enumerated() {
            guard let f = o?.frame else { continue }
            let (x0, y0, x1, y1) = Self.range(SVGBox(x: f.x, y: f.y, width: f.width, height: f.height))
            if (x1 - x0 + 1) * (y1 - y0 + 1) > Int64(Self.maxCells) { large.append(Int32(i)); continue }
            for cx in x0...x1 { for cy in y0...y1 { cells[Self.key(cx, cy), default: []].append(Int32(i)) } }
        }
    }

    static func range(_ b: SVGBox) -> (Int64, Int64, Int64, Int64) {
        func c(_ v: Double) -> Int64 { Int64(max(-1e9, min(1e9, (v / cell).rounded(.down)))) }
        return (c(b.minX), c(b.minY), c(b.maxX), c(b.maxY))
    }

    static func key(_ x: Int64, _ y: Int64) -> Int64 { x &* 2_000_003 &+ y }

    /// Whether `box`, shape `i`'s label, reads as `i`'s: no other shape's edge,
    /// nor the screen's, is nearer to it than `i`'s own.
    func reads(_ box: SVGBox, as i: Int) -> Bool {
        guard let own = outlines[i] else { return true }
        let d = Self.edgeDistance(box, own)
        if Self.edgeDistance(box, screen) < d { return false }
        let near = SVGBox(x: box.minX - d, y: box.minY - d, width: box.maxX - box.minX + 2 * d, height: box.maxY - box.minY + 2 * d)
        var seen = Set<Int32>()
        let (x0, y0, x1, y1) = Self.range(near)
        let span = (x1 - x0 + 1) * (y1 - y0 + 1)
        func check(_ j: Int32) -> Bool {
            guard Int(j) != i, seen.insert(j).inserted, let o = outlines[Int(j)] else { return true }
            let f = o.frame
            guard near.overlaps(SVGBox(x: f.x - 0.01, y: f.y - 0.01, width: f.width + 0.02, height: f.height + 0.02)) else { return true }
            return Self.edgeDistance(box, o) >= d
        }
        for j in large where !check(j) { return false }
        guard span <= 4096 else { return true }
        for cx in x0...x1 {
            for cy in y0...y1 {
                for j in cells[Self.key(cx, cy)] ?? [] where !check(j) { return false }
            }
        }
        return true
    }

    /// The signed distance from `p` to the outline: negative inside.
    static func signedDistance(_ p: Point, _ o: Outline) -> Double {
        switch o {
        case .roundedRect(let r), .capsule(let r), .circle(let r):
            let f = r.frame, hx = f.width / 2, hy = f.height / 2
            let px = p.x - (f.x + hx), py = p.y - (f.y + hy)
            let rr = px > 0 ? (py > 0 ? r.radii.bottomTrailing : r.radii.topTrailing) : (py > 0 ? r.radii.bottomLeading : r.radii.topLeading)
            let qx = abs(px) - hx + rr, qy = abs(py) - hy + rr
            return min(max(qx, qy), 0) + (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() - rr
        case .ellipse(let f):
            let a = f.width / 2, b = f.height / 2
            guard a > 0, b > 0 else { return .infinity }
            let x = (p.x - f.x - a) / a, y = (p.y - f.y - b) / b
            return ((x * x + y * y).squareRoot() - 1) * min(a, b)
        }
    }

    /// How far `box` is from the outline's edge: 0 where it crosses it.
    static func edgeDistance(_ box: SVGBox, _ o: Outline) -> Double {
        var lo = Double.infinity, hi = -Double.infinity
        let w = box.maxX - box.minX, h = box.maxY - box.minY
        let nx = max(2, Int((w / 3).rounded(.up))), ny = max(2, Int((h / 3).rounded(.up)))
        func sample(_ x: Double, _ y: Double) {
            let s = signedDistance(Point(x, y), o)
            lo = min(lo, s); hi = max(hi, s)
        }
        for k in 0...nx {
            let x = box.minX + w * Double(k) / Double(nx)
            sample(x, box.minY); sample(x, box.maxY)
        }
        for k in 1..<ny {
            let y = box.minY + h * Double(k) / Double(ny)
            sample(box.minX, y); sample(box.maxX, y)
        }
        if lo <= 0 && hi >= 0 { return 0 }
        return hi < 0 ? -hi : lo
    }

    /// A leader from `box` to an outline: the outline's point nearest
    /// the box, and the box's point nearest that.
    static func leader(_ box: SVGBox, to o: Outline) -> (Point, Point)? {
        var best: (Point, Point, Double)? = nil
        for p in OutlinePolygon(o, steps: 6).points {
            let q = Point(max(box.minX, min(p.x, box.maxX)), max(box.minY, min(p.y, box.maxY)))
            let d = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)
            if best == nil || d < best!.2 { best = (q, p, d) }
        }
        return best.map { ($0.0, $0.1) }
    }
}

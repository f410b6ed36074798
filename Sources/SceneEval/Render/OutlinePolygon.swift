import SceneLang

/// An outline as straight pieces: the points `Outline.build` passes through,
/// each cubic and arc cut into `steps` chords. It is the SVG's own outline
/// (the same `build`), so what the checker measures with it is what is drawn.
public struct OutlinePolygon: PathSink {
    /// Clockwise on screen (canvas y down), not closed (the last point is not the first again).
    public private(set) var points: [Point] = []
    let steps: Int
    var current = Point(0, 0)

    public init(_ rect: RoundedRect, steps: Int = 24) {
        self.init(.roundedRect(rect), steps: steps)
    }

    public init(_ outline: Outline, steps: Int = 24) {
        self.steps = max(1, steps)
        outline.build(into: &self)
        if points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
    }

    mutating func add(_ p: Point) {
        if points.last != p { points.append(p) }
        current = p
    }

    public mutating func move(to p: Point) { add(p) }
    public mutating func line(to p: Point) { add(p) }

    public mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) {
        let p0 = current
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            add(Point(a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y))
        }
        add(p)
    }

    /// A clockwise arc (on screen, y down) of `radius` from the current point to `p`:
    /// its centre lies on the right of the chord.
    public mutating func arc(radius r: Double, to p: Point) {
        let a = current
        let mx = (a.x + p.x) / 2, my = (a.y + p.y) / 2
        let dx = p.x - a.x, dy = p.y - a.y
        let chord = (dx * dx + dy * dy).squareRoot()
        guard chord > 0, r > 0 else { add(p); return }
        let h = max(0, r * r - chord * chord / 4).squareRoot()
        let cx = mx - dy / chord * h, cy = my + dx / chord * h
        // Points on the circle between the two radii (the arc is at most a quarter
        // turn, so the normalised blend of the two moves steadily along it).
        let ax = a.x - cx, ay = a.y - cy, bx = p.x - cx, by = p.y - cy
        for i in 1..<steps {
            let t = Double(i) / Double(steps)
            let vx = ax + (bx - ax) * t, vy = ay + (by - ay) * t
            let len = (vx * vx + vy * vy).squareRoot()
            if len > 0 { add(Point(cx + vx / len * r, cy + vy / len * r)) }
        }
        add(p)
    }

    public mutating func close() {}

    /// How far `p` lies outside this outline (0 or less: inside), for a convex
    /// outline: the largest distance past any of its edges.
    public func distanceOutside(_ p: Point) -> Double {
        var worst = -Double.infinity
        var a = points[points.count - 1]
        for b in points {
            let ex = b.x - a.x, ey = b.y - a.y
            let len = (ex * ex + ey * ey).squareRoot()
            if len > 0 {
                // Inside is on the right of each edge (clockwise, y down): the cross product is positive.
                worst = max(worst, -(ex * (p.y - a.y) - ey * (p.x - a.x)) / len)
            }
            a = b
        }
        return worst
    }
}

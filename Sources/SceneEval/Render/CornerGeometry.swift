import SceneLang

// Corner geometry: the outline SwiftUI draws for a rounded rectangle, as lines,
// cubic Béziers and circular arcs in canvas points (y down), clockwise from the
// top-leading corner. The SVG writer turns it into path data; the tests sample it.
//
// Continuous corners follow Apple's own curve (its CoreGraphics / RenderBox
// table): three cubics per corner, each corner taking 1.528665·r of both edges,
// and, on an edge too short for both corners, RenderBox's blend of the two
// lead-in cubics on that edge. Circular corners are quarter circles. Nothing here
// depends on output precision: the writer drops what rounds to nothing.

/// A point in canvas coordinates (points, y down).
public struct Point: Sendable, Equatable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// Receives an outline segment by segment. Every segment starts at the current point.
public protocol PathSink {
    mutating func move(to p: Point)
    mutating func line(to p: Point)
    mutating func cubic(_ c1: Point, _ c2: Point, to p: Point)
    /// A clockwise circular arc of `radius`, at most a quarter turn, ending at `p`.
    mutating func arc(radius: Double, to p: Point)
    mutating func close()
}

/// Apple's continuous corner in units of the radius, corner-local:
/// `u` runs back from the vertex along the incoming edge, `v` along the outgoing edge.
/// Three cubics: C1 leaves the incoming edge, C2 turns, C3 (C1 mirrored in u = v)
/// joins the outgoing edge.
public enum ContinuousCorner {
    /// C1 with the full table: where it leaves the edge, its controls, its end.
    public static let c1 = (start: (u: 1.528665, v: 0.0), cp1: (u: 1.08849, v: 0.0),
                            cp2: (u: 0.868407, v: 0.0), end: (u: 0.631494, v: 0.0749114))
    /// C2; the short-edge blend never changes it.
    public static let c2 = (cp1: (u: 0.372824, v: 0.16906), cp2: (u: 0.16906, v: 0.372824),
                            end: (u: 0.0749114, v: 0.631494))
    /// How much of each edge a corner takes with the full table, in units of r.
    public static let expansion = c1.start.u
    /// RenderBox's lead-in at t = 0, a capsule's cap: leaves the edge at r, controls 0.96·r, 0.82·r.
    public static let capLeadIn = (start: 1.0, cp1: 0.96, cp2: 0.82)

    /// The blend factor of one edge: 1 when the edge holds both
    /// corners' full 1.528665·r, 0 when it holds exactly r_a + r_b (a capsule's cap).
    public static func blend(edge length: Double, _ ra: Double, _ rb: Double) -> Double {
        let sum = ra + rb
        guard sum > 0 else { return 1 }
        let t = (length - sum) / (sum * (expansion - 1))
        return t.isNaN ? 1 : min(max(t, 0), 1)
    }

    /// The lead-in cubic on an edge with blend `t`, along that edge in units of r:
    /// where it leaves the edge and its two controls (the nearer the edge first).
    /// Linear from the cap (t = 0) to the table (t = 1), which is §7's
    /// 1 + 0.528665·t, 0.96 + 0.12849·t, 0.82 + 0.048407·t.
    public static func leadIn(_ t: Double) -> (start: Double, cp1: Double, cp2: Double) {
        (capLeadIn.start + (c1.start.u - capLeadIn.start) * t,
         capLeadIn.cp1 + (c1.cp1.u - capLeadIn.cp1) * t,
         capLeadIn.cp2 + (c1.cp2.u - capLeadIn.cp2) * t)
    }
}

/// One corner's frame of reference: the vertex, the direction the outline travels
/// along the incoming edge, and the direction it leaves along the outgoing edge.
struct CornerFrame {
    var vertex: Point
    var incoming: (dx: Double, dy: Double)
    var outgoing: (dx: Double, dy: Double)
    var r: Double

    /// Corner-local (u, v) in units of r → canvas.
    @inline(__always) func point(_ u: Double, _ v: Double) -> Point {
        Point(vertex.x - incoming.dx * u * r + outgoing.dx * v * r,
              vertex.y - incoming.dy * u * r + outgoing.dy * v * r)
    }
}

/// A rounded rectangle as SwiftUI draws it: frame, per-corner radii, corner style.
/// Most kinds' outlines are one (`Outline`, whose cases name the geometry).
public struct RoundedRect: Sendable, Equatable {
    public var frame: Frame
    /// Clamped to [0, half the shorter side]; NaN and negative radii are square corners.
    public private(set) var radii: Radii
    public var style: CornerStyle

    public init(frame: Frame, radii: Radii, style: CornerStyle) {
        self.frame = frame
        self.style = style
        // The evaluator already clamps; this keeps the outline well-formed for any input.
        let half = frame.halfShorterSide
        func clamp(_ r: Double) -> Double { r > 0 ? min(r, half) : 0 }
        self.radii = Radii(clamp(radii.topLeading), clamp(radii.topTrailing),
                           clamp(radii.bottomTrailing), clamp(radii.bottomLeading))
    }

    /// The screen (or window) outline: continuous corners of the display radius.
    public init(screen: Screen) {
        self.init(frame: screen.frame, radii: Radii(all: screen.radius), style: .continuous)
    }

    /// Corner k's radius (k = Corner.rawValue).
    @inline(__always) func radius(_ k: Int) -> Double {
        switch k {
        case 0: return radii.topLeading
        case 1: return radii.topTrailing
        case 2: return radii.bottomTrailing
        default: return radii.bottomLeading
        }
    }

    func corner(_ k: Int) -> CornerFrame {
        let f = frame
        switch k {
        case 0: return CornerFrame(vertex: Point(f.minX, f.minY), incoming: (0, -1), outgoing: (1, 0), r: radii.topLeading)
        case 1: return CornerFrame(vertex: Point(f.maxX, f.minY), incoming: (1, 0), outgoing: (0, 1), r: radii.topTrailing)
        case 2: return CornerFrame(vertex: Point(f.maxX, f.maxY), incoming: (0, 1), outgoing: (-1, 0), r: radii.bottomTrailing)
        default: return CornerFrame(vertex: Point(f.minX, f.maxY), incoming: (-1, 0), outgoing: (0, -1), r: radii.bottomLeading)
        }
    }

    /// The blend of the edge leaving corner k (0 top, 1 trailing, 2 bottom, 3 leading).
    func edgeBlend(_ k: Int) -> Double {
        let length = k % 2 == 0 ? frame.width : frame.height
        return ContinuousCorner.blend(edge: length, radius(k), radius((k + 1) % 4))
    }

    /// The centre marked for corner k: the point r from both of its edges (nil for a
    /// square corner). For a circular corner it is the arc's centre; for a continuous
    /// corner it is the centre of the quarter circle of radius r that the curve
    /// replaces. It is the one corner-relative point that concentric corners share:
    /// a corner of radius R − d whose vertex is inset by d from a corner of radius R
    /// has its centre at d + (R − d) = R from the edges, like the outer one. (The
    /// middle cubic hugs a circle of radius ≈ 0.9313·r about (0.95·r, 0.95·r); that
    /// point would sit 0.05·d apart for the same pair, so it is not the one marked.)
    public func centre(_ corner: Corner) -> Point? {
        let c = self.corner(corner.rawValue)
        return c.r > 0 ? c.point(1, 1) : nil
    }

    /// Emit the outline: clockwise from the top-leading corner's exit, one closed subpath
    /// (`close` draws the straight run back to the start, if any). Corners of radius 0
    /// are sharp; straight runs may have zero length (the sink drops them).
    public func build<S: PathSink>(into sink: inout S) {
        build(into: &sink) { _, _, _, _, _ in false }
    }

    /// `build(into:)`, offering each rounded corner's body (what follows the straight
    /// run into it: three cubics, or one arc) to `body` first, with the corner's frame,
    /// index and the blends of the edges into and out of it; where `body` returns true
    /// it has drawn that body itself (the SVG writer's corner cache), the same segments.
    func build<S: PathSink>(into sink: inout S,
                            body: (inout S, CornerFrame, Int, Double, Double) -> Bool) {
        let continuous = style == .continuous
        // Blend of the edge leaving corner k: top, trailing, bottom, leading.
        let blends = continuous ? (edgeBlend(0), edgeBlend(1), edgeBlend(2), edgeBlend(3)) : (1.0, 1.0, 1.0, 1.0)
        func blend(_ k: Int) -> Double {
            switch k & 3 {
            case 0: return blends.0
            case 1: return blends.1
            case 2: return blends.2
            default: return blends.3
            }
        }
        let tl = corner(0)
        if tl.r > 0 {
            sink.move(to: tl.point(0, continuous ? ContinuousCorner.leadIn(blends.0).start : 1))
        } else {
            sink.move(to: tl.vertex)
        }
        for k in 1...4 {
            let c = corner(k & 3)
            guard c.r > 0 else {
                // A sharp top-leading corner is the start: `close` draws the last edge.
                if k < 4 { sink.line(to: c.vertex) }
                continue
            }
            if continuous {
                let lin = ContinuousCorner.leadIn(blend(k - 1)), lout = ContinuousCorner.leadIn(blend(k))
                let t1 = ContinuousCorner.c1, t2 = ContinuousCorner.c2
                sink.line(to: c.point(lin.start, 0))
                if body(&sink, c, k & 3, blend(k - 1), blend(k)) { continue }
                sink.cubic(c.point(lin.cp1, 0), c.point(lin.cp2, 0), to: c.point(t1.end.u, t1.end.v))
                sink.cubic(c.point(t2.cp1.u, t2.cp1.v), c.point(t2.cp2.u, t2.cp2.v), to: c.point(t2.end.u, t2.end.v))
                sink.cubic(c.point(0, lout.cp2), c.point(0, lout.cp1), to: c.point(0, lout.start))
            } else {
                sink.line(to: c.point(1, 0))
                if body(&sink, c, k & 3, 1, 1) { continue }
                sink.arc(radius: c.r, to: c.point(0, 1))
            }
        }
        sink.close()
    }
}

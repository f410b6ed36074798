// The per-edge limit on a shape's corner radii (HedvigInsurance/ugglan pull
// request 2631): two adjacent corners' radii may not add up to more than the
// edge they share. iOS 26's renderer traps on a shape that breaks it; earlier
// versions clamped. The resolver marks such a shape (`radius-overflow-clamped`),
// the checker reports it (`radius-overflow`).
import SceneLang

/// The per-edge limit on four corner radii, and the radii a shape is drawn with.
public enum EdgeLimit {
    /// An edge of a shape and the two corners on it.
    public struct Edge: Sendable, Equatable {
        public var name: String
        public var a: Corner, b: Corner
        public var length: Double
    }

    public static func edges(width w: Double, height h: Double) -> [Edge] {
        [Edge(name: "top", a: .topLeading, b: .topTrailing, length: w),
         Edge(name: "trailing", a: .topTrailing, b: .bottomTrailing, length: h),
         Edge(name: "bottom", a: .bottomTrailing, b: .bottomLeading, length: w),
         Edge(name: "leading", a: .bottomLeading, b: .topLeading, length: h)]
    }

    /// Sums within this of the edge count as fitting (a capsule's r = h/2 fits exactly).
    static let epsilon = 1e-6

    /// The edge overflowed most, when any is: `only` limits it to edges with one of those corners.
    public static func worst(_ r: Radii, width w: Double, height h: Double, only: Set<Corner>? = nil) -> Edge? {
        overflowing(r, width: w, height: h, only: only).first
    }

    /// Whether any edge overflows (`worst(…) != nil`), without building the
    /// list: the resolver asks it of every shape with a fixed radius. `only` is
    /// a mask of corners (`1 << Corner.rawValue`): edges with one of them count.
    static func overflows(_ r: Radii, width w: Double, height h: Double, only: UInt8 = 0xF) -> Bool {
        func over(_ a: Corner, _ b: Corner, _ length: Double) -> Bool {
            (only & (1 << a.rawValue | 1 << b.rawValue)) != 0 && r[a] + r[b] - length > epsilon
        }
        return over(.topLeading, .topTrailing, w) || over(.topTrailing, .bottomTrailing, h)
            || over(.bottomTrailing, .bottomLeading, w) || over(.bottomLeading, .topLeading, h)
    }

    /// Every edge the radii overflow, the worst first.
    public static func overflowing(_ r: Radii, width w: Double, height h: Double, only: Set<Corner>? = nil) -> [Edge] {
        var out: [(Edge, Double)] = []
        for e in edges(width: w, height: h) {
            if let only, !only.contains(e.a), !only.contains(e.b) { continue }
            let over = r[e.a] + r[e.b] - e.length
            if over > epsilon { out.append((e, over)) }
        }
        // Stable: among equal overflows, top, trailing, bottom, leading.
        return out.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element.0)
    }

    /// The radii the shape is drawn with, which always fit: each clamped to half
    /// the shorter side, as earlier versions did (and as `scene` draws it).
    /// Rounded down to 0.001 so that what is written fits.
    public static func drawn(_ radii: Radii, width w: Double, height h: Double) -> Radii {
        let half = max(0, min(w, h)) / 2
        var r = radii
        for k in Corner.four { r[k] = (min(r[k], half) * 1000).rounded(.down) / 1000 }
        return r
    }
}

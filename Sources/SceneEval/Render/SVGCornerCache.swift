import SceneLang

// The SVG writer's corner cache. A list scene has thousands of equal corners, and
// writing one corner's three cubics is ~26 numbers: most of the writer's time before
// this cache. A corner's body (everything after the straight run into it) is written
// relative to its start, so its bytes depend only on which corner it is, its style,
// radius and the blends of its two edges — provided every point of it, quantised to
// thousandths, is the quantised vertex plus a fixed offset. That holds when
//   - the vertex lies on the thousandth grid (within 1e-6 of a thousandth), and
//   - every offset (in thousandths) is at least 1e-4 away from a rounding tie,
// with vertex and radius at most 1e6 points, so that the floating-point error of
// `vertex + offset` (a few 1e-7 thousandths) cannot cross a tie. Otherwise the
// corner is computed as before; the tests compare cached and uncached output.

struct SVGCornerCache {
    static let slots = 64
    /// Room for one body: three cubics of six numbers each, well under this.
    static let slotBytes = 512
    /// Largest vertex coordinate or radius the cache takes (the error bound above).
    static let limit = 1e6

    struct Key: Equatable {
        /// The corner's index (0…3), plus 4 when it is continuous.
        var corner: UInt64
        var radius: UInt64, into: UInt64, out: UInt64
    }

    struct Entry {
        var key: Key
        /// Every offset is clear of a rounding tie: the entry may be used.
        var usable: Bool
        /// Where the body starts and ends, in thousandths from the vertex.
        var sx: Int64, sy: Int64, ex: Int64, ey: Int64
        /// The body's bytes, at `slot * slotBytes` in `text`.
        var count: Int
    }

    /// Direct-mapped: a slot holds the last corner that hashed to it.
    let entries: UnsafeMutablePointer<Entry?>
    let text: UnsafeMutablePointer<UInt8>
    /// How many bodies were copied and how many computed (the tests read these).
    var hits = 0, misses = 0

    init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: nil, count: Self.slots)
        text = .allocate(capacity: Self.slots * Self.slotBytes)
    }

    func deallocate() {
        entries.deallocate()
        text.deallocate()
    }

    static func slot(_ k: Key) -> Int {
        var h = k.radius &* 0x9E37_79B9_7F4A_7C15
        h ^= k.into &* 0xC2B2_AE3D_27D4_EB4F
        h ^= k.out &* 0x1656_67B1_9E37_79F9
        h ^= k.corner
        h ^= h >> 29
        h ^= h >> 17
        return Int(truncatingIfNeeded: h) & (slots - 1)
    }

    /// `s` points in thousandths, nil when it is within 1e-4 of a rounding tie.
    static func offset(_ s: Double) -> Int64? {
        let y = s * 1000
        guard y.magnitude <= 2e9 else { return nil }
        let n = y.rounded()
        guard (y - n).magnitude < 0.4999 else { return nil }
        return Int64(n)
    }
}

extension SVGBuffer {
    /// A shape's whole outline, each corner body copied when an equal one was written.
    mutating func path(_ rect: RoundedRect) {
        guard corners != nil else { rect.build(into: &self); return }
        let continuous = rect.style == .continuous
        rect.build(into: &self) { sink, c, k, into, out in
            sink.cachedCorner(c, k, continuous: continuous, into, out)
        }
    }

    /// Writes corner `k`'s body (the current point is the end of the run into it)
    /// from the cache, or computes it and keeps it; false when the cache cannot vouch
    /// for it (off-grid vertex, an offset near a tie): the caller computes it.
    mutating func cachedCorner(_ c: CornerFrame, _ k: Int, continuous: Bool, _ into: Double, _ out: Double) -> Bool {
        let limit = SVGCornerCache.limit
        guard c.vertex.x.magnitude <= limit, c.vertex.y.magnitude <= limit, c.r <= limit else { return false }
        let vx = Self.quantize(c.vertex.x), vy = Self.quantize(c.vertex.y)
        guard (c.vertex.x * 1000 - Double(vx)).magnitude <= 1e-6,
              (c.vertex.y * 1000 - Double(vy)).magnitude <= 1e-6 else { return false }
        let key = SVGCornerCache.Key(corner: UInt64(k) | (continuous ? 4 : 0), radius: c.r.bitPattern,
                                     into: into.bitPattern, out: out.bitPattern)
        let slot = SVGCornerCache.slot(key)
        let cache = corners!
        if let e = cache.entries[slot], e.key == key {
            guard e.usable, cx == vx + e.sx, cy == vy + e.sy else { return false }
            room(e.count)
            (base + count).update(from: cache.text + slot * SVGCornerCache.slotBytes, count: e.count)
            count += e.count
            cx = vx + e.ex; cy = vy + e.ey
            corners!.hits += 1
            return true
        }
        corners!.misses += 1
        // The body's points from a vertex at the origin: exactly the offsets the
        // uncached path adds to the vertex (one term per coordinate, the other ±0).
        var local = c
        local.vertex = Point(0, 0)
        let points = continuous ? Self.continuousBody(local, into, out) : [local.point(1, 0), local.point(0, 1)]
        var q: [Int64] = []
        for p in points {
            guard let x = SVGCornerCache.offset(p.x), let y = SVGCornerCache.offset(p.y) else {
                cache.entries[slot] = SVGCornerCache.Entry(key: key, usable: false, sx: 0, sy: 0, ex: 0, ey: 0, count: 0)
                return false
            }
            q.append(x); q.append(y)
        }
        guard cx == vx + q[0], cy == vy + q[1] else { return false }
        // Written straight into the chunk (room for all of it first, so no flush
        // splits it), then kept.
        room(SVGCornerCache.slotBytes)
        let mark = count
        if continuous {
            for i in stride(from: 2, to: 20, by: 6) {
                cubic(vx + q[i], vy + q[i + 1], vx + q[i + 2], vy + q[i + 3], vx + q[i + 4], vy + q[i + 5])
            }
        } else {
            arc(Self.quantize(c.r), vx + q[2], vy + q[3])
        }
        let n = count - mark
        guard n <= SVGCornerCache.slotBytes else { return true }  // written, not kept
        (cache.text + slot * SVGCornerCache.slotBytes).update(from: base + mark, count: n)
        cache.entries[slot] = SVGCornerCache.Entry(key: key, usable: true, sx: q[0], sy: q[1], ex: cx - vx, ey: cy - vy,
                                                   count: n)
        return true
    }

    /// A continuous corner's run end and the three cubics' points, as `RoundedRect.build`
    /// computes them.
    static func continuousBody(_ c: CornerFrame, _ into: Double, _ out: Double) -> [Point] {
        let lin = ContinuousCorner.leadIn(into), lout = ContinuousCorner.leadIn(out)
        let t1 = ContinuousCorner.c1, t2 = ContinuousCorner.c2
        return [c.point(lin.start, 0),
                c.point(lin.cp1, 0), c.point(lin.cp2, 0), c.point(t1.end.u, t1.end.v),
                c.point(t2.cp1.u, t2.cp1.v), c.point(t2.cp2.u, t2.cp2.v), c.point(t2.end.u, t2.end.v),
                c.point(0, lout.cp2), c.point(0, lout.cp1), c.point(0, lout.start)]
    }
}

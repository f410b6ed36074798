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

    /// Continuous bodies in their own frame, for the misses (SVGCornerBodies.swift).
    var bodies = SVGCornerBodies()

    init() { (entries, text) = slotStorage(Self.slots, Self.slotBytes) }

    func deallocate() {
        freeSlotStorage(entries, text)
        bodies.deallocate()
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
    @inline(__always) static func offset(_ s: Double) -> Int64? {
        let y = s * 1000
        guard y.magnitude <= 2e9 else { return nil }
        // `y.rounded()` (half away from zero) without its libm call: truncate, then
        // step away from zero when the rest (exact: |y| < 2^52) is at least one half.
        let t = Int64(y), rest = y - Double(t)
        let n = rest >= 0.5 ? t + 1 : rest <= -0.5 ? t - 1 : t
        guard (y - Double(n)).magnitude < 0.4999 else { return nil }
        return n
    }
}

extension SVGBuffer {
    /// A rounded rectangle's outline (the screen's, a container's guide).
    mutating func path(_ rect: RoundedRect) { path(.roundedRect(rect)) }

    /// A shape's whole outline: copied after its `M` when an equal outline (same
    /// geometry, style, radii and size) was written (`SVGOutlineCache`), else built;
    /// a rounded one with each corner body copied when an equal one was.
    mutating func path(_ outline: Outline) {
        guard corners != nil else { outline.build(into: &self); return }
        switch outline {
        case .roundedRect(let r), .capsule(let r), .circle(let r): rounded(r, outline.geometry)
        case .ellipse(let f): ellipse(f)
        }
    }

    /// The outline cache's key for `geometry` in frame `f` with `radii` and
    /// `style`, and the top-leading vertex in thousandths; nil when a vertex is
    /// off the thousandth grid (the outline is not position-independent).
    private static func outlineKey(_ geometry: Outline.Geometry, _ f: Frame, _ r: Radii, _ style: CornerStyle)
        -> (key: SVGOutlineCache.Key, x0: Int64, y0: Int64)? {
        guard let x0 = onGrid(f.minX), let y0 = onGrid(f.minY), let x1 = onGrid(f.maxX), let y1 = onGrid(f.maxY) else {
            return nil
        }
        let k = SVGOutlineCache.Key(geometry: UInt64(geometry.rawValue), style: style == .continuous ? 1 : 0,
                                    r0: r.topLeading.bitPattern, r1: r.topTrailing.bitPattern,
                                    r2: r.bottomTrailing.bitPattern, r3: r.bottomLeading.bitPattern,
                                    width: f.width.bitPattern, height: f.height.bitPattern, dx: x1 - x0, dy: y1 - y0)
        return (k, x0, y0)
    }

    /// Copies the kept outline for `key` with its top-leading vertex at (x0, y0): true if there was one.
    private mutating func copyOutline(_ key: SVGOutlineCache.Key, _ x0: Int64, _ y0: Int64) -> Bool {
        guard let (text, e) = outlines!.lookup(key) else { return false }
        move(x0 + e.mx, y0 + e.my)
        let n = Int(e.count)
        room(n)
        (base + count).update(from: text, count: n)
        count += n
        // It ends with `z`: the current point is the start again, as `move` left it.
        outlines!.hits += 1
        return true
    }

    private mutating func rounded(_ rect: RoundedRect, _ geometry: Outline.Geometry) {
        let f = rect.frame
        var key: SVGOutlineCache.Key? = nil
        var origin: (x: Int64, y: Int64) = (0, 0)
        if let (k, x0, y0) = Self.outlineKey(geometry, f, rect.radii, rect.style) {
            origin = (x0, y0)
            if copyOutline(k, x0, y0) { return }
            key = k
        }
        let continuous = rect.style == .continuous
        if key != nil { room(SVGOutlineCache.maxBytes + 64) }
        let flushed = flushes
        var rounded = 0, served = 0
        rect.build(into: &self) { sink, c, k, into, out in
            rounded += 1
            let done = sink.cachedCorner(c, k, continuous: continuous, into, out)
            if done { served += 1 }
            return done
        }
        // Every corner came from checked offsets and the vertices are on the grid:
        // all after the `M` is the same for this key wherever the shape is.
        if let key, served == rounded, flushes == flushed, count > afterMove {
            outlines!.keep(key, base + afterMove, count - afterMove, start: (sx - origin.x, sy - origin.y))
        }
    }

    /// An ellipse: with its frame on the thousandth grid and every point's offset
    /// from the top-leading vertex clear of a rounding tie (`SVGCornerCache.offset`),
    /// its text after the `M` depends on its size alone, so it is kept and copied.
    private mutating func ellipse(_ f: Frame) {
        let outline = Outline.ellipse(f)
        guard let (key, x0, y0) = Self.outlineKey(.ellipse, f, Radii(all: 0), .circular) else {
            outline.build(into: &self); return
        }
        if copyOutline(key, x0, y0) { return }
        let points = Outline.ellipsePoints(width: f.width, height: f.height)
        guard points.allSatisfy({ SVGCornerCache.offset($0.x) != nil && SVGCornerCache.offset($0.y) != nil }) else {
            outline.build(into: &self); return
        }
        room(SVGOutlineCache.maxBytes + 64)
        let flushed = flushes
        outline.build(into: &self)
        if flushes == flushed, count > afterMove {
            outlines!.keep(key, base + afterMove, count - afterMove, start: (sx - x0, sy - y0))
        }
    }

    /// `v` in thousandths when it lies on the thousandth grid (within 1e-6) and within
    /// the caches' limit; else nil.
    @inline(__always) static func onGrid(_ v: Double) -> Int64? {
        guard v.magnitude <= SVGCornerCache.limit else { return nil }
        let q = quantize(v)
        return (v * 1000 - Double(q)).magnitude <= 1e-6 ? q : nil
    }

    /// Writes corner `k`'s body (the current point is the end of the run into it)
    /// from the cache, or computes it and keeps it; false when the cache cannot vouch
    /// for it (off-grid vertex, an offset near a tie): the caller computes it.
    mutating func cachedCorner(_ c: CornerFrame, _ k: Int, continuous: Bool, _ into: Double, _ out: Double) -> Bool {
        guard c.r <= SVGCornerCache.limit, let vx = Self.onGrid(c.vertex.x), let vy = Self.onGrid(c.vertex.y) else {
            return false
        }
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
        return continuous ? continuousMiss(c, slot, key, vx, vy, into, out) : circularMiss(c, slot, key, vx, vy)
    }

    /// `point` (a body point from a vertex at the origin: exactly the offset the
    /// uncached path adds to the vertex, one term per coordinate, the other ±0) in
    /// thousandths; nil when a coordinate is near a rounding tie.
    @inline(__always) private static func offsets(_ p: Point) -> (x: Int64, y: Int64)? {
        guard let x = SVGCornerCache.offset(p.x), let y = SVGCornerCache.offset(p.y) else { return nil }
        return (x, y)
    }

    /// A missed continuous corner: its body in its own frame (SVGCornerBodies.swift:
    /// worked out once for every corner of this radius and these blends), written
    /// in this corner's frame straight into the chunk (room for all of it first, so
    /// no flush splits it), and kept.
    private mutating func continuousMiss(_ c: CornerFrame, _ slot: Int, _ key: SVGCornerCache.Key, _ vx: Int64, _ vy: Int64,
                                         _ into: Double, _ out: Double) -> Bool {
        assert(c.incoming.dx * c.outgoing.dx == 0 && c.incoming.dy * c.outgoing.dy == 0
               && abs(c.incoming.dx) + abs(c.incoming.dy) == 1 && abs(c.outgoing.dx) + abs(c.outgoing.dy) == 1)
        guard let (at, body, reused) = corners!.bodies.body(c.r, into, out) else { return refuse(slot, key) }
        // (u, v) in thousandths → canvas offsets, as `CornerFrame.point` maps them.
        let ux = Int64(-c.incoming.dx), uy = Int64(-c.incoming.dy), wx = Int64(c.outgoing.dx), wy = Int64(c.outgoing.dy)
        guard cx == vx &+ ux &* body.start, cy == vy &+ uy &* body.start else { return false }
        if reused { corners!.bodies.hits += 1 }
        room(SVGCornerCache.slotBytes)
        let mark = count
        writeBody(corners!.bodies, at, ux, uy, wx, wy)
        cx = vx &+ wx &* body.end; cy = vy &+ wy &* body.end
        keep(slot, key, mark, start: (ux &* body.start, uy &* body.start), vx, vy)
        return true
    }

    /// A missed circular corner: its run's end and the quarter arc's end, each
    /// offset from the vertex at the origin (`offsets`), written and kept.
    private mutating func circularMiss(_ c: CornerFrame, _ slot: Int, _ key: SVGCornerCache.Key, _ vx: Int64, _ vy: Int64)
        -> Bool {
        var local = c
        local.vertex = Point(0, 0)
        guard let s = Self.offsets(local.point(1, 0)), let e = Self.offsets(local.point(0, 1)) else {
            return refuse(slot, key)
        }
        guard cx == vx + s.x, cy == vy + s.y else { return false }
        room(SVGCornerCache.slotBytes)
        let mark = count
        arc(Self.quantize(c.r), vx + e.x, vy + e.y)
        keep(slot, key, mark, start: s, vx, vy)
        return true
    }

    /// Marks `key`'s slot as a corner the cache cannot vouch for; false (the caller computes it).
    private func refuse(_ slot: Int, _ key: SVGCornerCache.Key) -> Bool {
        corners!.entries[slot] = SVGCornerCache.Entry(key: key, usable: false, sx: 0, sy: 0, ex: 0, ey: 0, count: 0)
        return false
    }

    /// Keeps the body written since `mark` for `key` (unless it outgrew a slot).
    private func keep(_ slot: Int, _ key: SVGCornerCache.Key, _ mark: Int, start s: (x: Int64, y: Int64), _ vx: Int64,
                      _ vy: Int64) {
        let n = count - mark
        guard n <= SVGCornerCache.slotBytes else { return }  // written, not kept
        let cache = corners!
        (cache.text + slot * SVGCornerCache.slotBytes).update(from: base + mark, count: n)
        cache.entries[slot] = SVGCornerCache.Entry(key: key, usable: true, sx: s.x, sy: s.y, ex: cx - vx, ey: cy - vy,
                                                   count: n)
    }
}

/// The storage of a direct-mapped cache (the corner cache above): `slots` empty
/// entries and `slotBytes` of text for each.
private func slotStorage<Entry>(_ slots: Int, _ slotBytes: Int) -> (UnsafeMutablePointer<Entry?>, UnsafeMutablePointer<UInt8>) {
    let entries = UnsafeMutablePointer<Entry?>.allocate(capacity: slots)
    entries.initialize(repeating: nil, count: slots)
    return (entries, .allocate(capacity: slots * slotBytes))
}

private func freeSlotStorage<Entry>(_ entries: UnsafeMutablePointer<Entry?>, _ text: UnsafeMutablePointer<UInt8>) {
    entries.deallocate()
    text.deallocate()
}

import SceneLang

// A continuous corner's body in its own frame. The cache in SVGCornerCache.swift
// keeps a body's text per corner (which of the four it is is in its key): a shape's
// four equal corners are four misses, each working out the same fourteen offsets
// and printing the same eighteen numbers with other signs. In its own (u, v) frame
// a body is the same for every corner of one radius and blends: its nine steps
// (each cubic's three points from the point before) in thousandths. On the canvas
// each step is (±du, ±dv) or (±dv, ±du), by the corner's frame (its directions are
// unit vectors along the axes, at right angles). So the steps are worked out once,
// each value's digits printed once, and each corner writes a sign and copies them:
// `writeFixed(-q)` is `-` then `writeFixed(q)`, and zero is `0` either way, so the
// text is the one `cubic` prints, byte for byte (the tests compare it with corners
// computed afresh). `deep`, whose every node is a container of its own radius,
// misses the text cache on nearly every corner (of its first chain: the outline
// cache, SVGOutlineCache.swift, copies the other chains' outlines whole).
//
// The bodies are kept in 16 slots, then in 2,048 once more than one ask in eight,
// in a block of 256, needs one worked out afresh: `deep`'s 100 chains of the same 1,000 radii worked out every body
// again in 16 slots; in 2,048 about 61 % fewer (those whose radii share a slot),
// for `deep --svg` 6 % less CPU time (interleaved, best of 9: 134.0 -> 125.9 ms)
// and 1.3 MB more peak memory (4,096 slots: 8.6 % less, 2.4 MB more). A slot is
// 306 bytes: a value's digits 12 apart, its sign in its length's byte.

struct SVGCornerBodies {
    /// Slots to start with; `largestSlots` once many bodies are worked out afresh:
    /// more than one in eight of the asks in a block of `growAfter` (the counts start
    /// again after each block that does not grow it; a square's four corners
    /// are one body: one in four when every shape has a radius of its own). A scene
    /// with more radii in turn than 16 slots hold grows it, as `deep`'s 100 chains of
    /// the same 1,000 radii, whose every body was worked out afresh; a list's few
    /// radii never do.
    static let firstSlots = 16, largestSlots = 2048, growAfter = 256
    /// Nine steps of two values: each cubic's three points.
    static let values = 18
    /// Room for one value's digits: at most 11 (`SVGCornerCache.offset` takes no
    /// offset past 2e9 thousandths, so no step is past 4e9). They are copied 16 at a
    /// time: the copy reads on into the next value's (or the slot's tail), and what
    /// it writes past the value is overwritten by what follows.
    static let digitBytes = 12
    /// A slot's digits: its values', then room for `writeFixed` to run past the last
    /// (it may write `SVGBuffer.maxFixed` bytes; each value's run-on is overwritten
    /// by the next's) and for the last value's 16-byte read.
    static let slotDigitBytes = values * digitBytes + max(SVGBuffer.maxFixed, 16)
    /// A value's length byte: its digits' count, and these flags.
    static let negative: UInt8 = 0x80, zero: UInt8 = 0x40, lengthMask: UInt8 = 0x3F

    struct Key: Equatable {
        var radius: UInt64, into: UInt64, out: UInt64
    }

    struct Body {
        var key: Key
        /// Every offset is clear of a rounding tie: the body may be used.
        var usable: Bool
        /// Where the body starts along u, and ends along v, in thousandths.
        var start: Int64, end: Int64
    }

    private(set) var slots = 0
    private(set) var bodies: UnsafeMutablePointer<Body?>
    /// Per slot, `values` steps' values (du, dv, du, dv, …): the digits of each
    /// one's magnitude (`digitBytes` each) and a byte of its length and sign (`negative`,
    /// `zero`). (Not the values themselves: 144 more bytes a slot, 2,048 slots.)
    /// Growing frees these and makes new ones (`count`): a copy of this value held
    /// across an ask would point at freed memory, so copies are taken after `body`
    /// (`SVGBuffer.writeBody(corners!.bodies, …)`), never kept.
    private(set) var digits: UnsafeMutablePointer<UInt8>
    private(set) var lengths: UnsafeMutablePointer<UInt8>
    /// How many corners were written from a body already worked out for another
    /// corner (counted by `SVGBuffer.continuousMiss` once it writes one; the tests read it).
    var hits = 0
    /// Bodies asked for (`body`) and worked out afresh, until the table has grown.
    private var asked = 0, fresh = 0

    init() {
        (bodies, digits, lengths) = Self.storage(Self.firstSlots)
        slots = Self.firstSlots
    }

    private static func storage(_ n: Int)
        -> (UnsafeMutablePointer<Body?>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) {
        let bodies = UnsafeMutablePointer<Body?>.allocate(capacity: n)
        bodies.initialize(repeating: nil, count: n)
        let digits = UnsafeMutablePointer<UInt8>.allocate(capacity: n * slotDigitBytes)
        // (Zeros first: a value is printed in place and copied 16 bytes at a time, so
        // the bytes past its digits are read, and never used, but never undefined.)
        digits.initialize(repeating: 0, count: n * slotDigitBytes)
        return (bodies, digits, .allocate(capacity: n * values))
    }

    func deallocate() {
        bodies.deallocate()
        digits.deallocate()
        lengths.deallocate()
    }

    /// Counts an ask (`fresh`: worked out afresh), and makes the table `largestSlots`
    /// long, empty (it is only a cache), when more than one in eight of a block of
    /// `growAfter` asks were; else starts counting the next block.
    private mutating func count(fresh isFresh: Bool) {
        guard slots < Self.largestSlots else { return }
        asked += 1
        if isFresh { fresh += 1 }
        guard asked >= Self.growAfter else { return }
        if 8 * fresh > asked {
            deallocate()
            (bodies, digits, lengths) = Self.storage(Self.largestSlots)
            slots = Self.largestSlots
        } else {
            asked = 0; fresh = 0
        }
    }

    /// The slot `k` hashes to. (The three fields folded, then mixed whole, as
    /// MurmurHash3's finaliser does: a round radius's bits end in zeros, which a
    /// product alone keeps in its low bits, and the slot is the low bits.)
    func slot(_ k: Key) -> Int {
        let h = mixedBits(k.radius ^ (k.into &* 0xC2B2_AE3D_27D4_EB4F) ^ (k.out &* 0x1656_67B1_9E37_79F9))
        return Int(truncatingIfNeeded: h) & (slots - 1)
    }

    /// The slot holding the body of radius `r` with blends `into` and `out`, worked
    /// out now if it is not there (`reused` false); nil when an offset is near a rounding tie.
    mutating func body(_ r: Double, _ into: Double, _ out: Double) -> (slot: Int, body: Body, reused: Bool)? {
        let key = Key(radius: r.bitPattern, into: into.bitPattern, out: out.bitPattern)
        var slot = self.slot(key)
        let before = slots
        if let b = bodies[slot], b.key == key {
            count(fresh: false)
            if slots == before {
                guard b.usable else { return nil }
                return (slot, b, true)
            }
        } else {
            count(fresh: true)
        }
        // (Grown just now: the table is empty, and the slot another.)
        if slots != before { slot = self.slot(key) }
        // Each point is `CornerFrame.point(u, v)` from a vertex at the origin: each
        // coordinate ±(u·r) or ±(v·r) exactly, so these offsets with the frame's
        // signs (SVGCornerCache.continuousMiss, before this file, rounded the same).
        let lin = ContinuousCorner.leadIn(into), lout = ContinuousCorner.leadIn(out)
        let t1 = ContinuousCorner.c1, t2 = ContinuousCorner.c2
        typealias O = SVGCornerCache
        guard let s = O.offset(lin.start * r), let a1 = O.offset(lin.cp1 * r), let a2 = O.offset(lin.cp2 * r),
              let a3u = O.offset(t1.end.u * r), let a3v = O.offset(t1.end.v * r),
              let b1u = O.offset(t2.cp1.u * r), let b1v = O.offset(t2.cp1.v * r),
              let b2u = O.offset(t2.cp2.u * r), let b2v = O.offset(t2.cp2.v * r),
              let b3u = O.offset(t2.end.u * r), let b3v = O.offset(t2.end.v * r),
              let c1 = O.offset(lout.cp2 * r), let c2 = O.offset(lout.cp1 * r), let c3 = O.offset(lout.start * r) else {
            bodies[slot] = Body(key: key, usable: false, start: 0, end: 0)
            return nil
        }
        // The three cubics from (s, 0): to (a3u, a3v) by a1 and a2 on the edge, to
        // (b3u, b3v), to (0, c3) by c1 and c2 on the other edge; each point from the cubic's start.
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: Self.values) { st in
            st[0] = a1 - s; st[1] = 0; st[2] = a2 - s; st[3] = 0; st[4] = a3u - s; st[5] = a3v
            st[6] = b1u - a3u; st[7] = b1v - a3v; st[8] = b2u - a3u; st[9] = b2v - a3v; st[10] = b3u - a3u; st[11] = b3v - a3v
            st[12] = -b3u; st[13] = c1 - b3v; st[14] = -b3u; st[15] = c2 - b3v; st[16] = -b3u; st[17] = c3 - b3v
            // Printed in place, in order (not into a scratch buffer and copied: a 16-byte
            // load of bytes just stored one or two at a time stalls, a third of this
            // function's time on `deep --svg`).
            let d = digits + slot * Self.slotDigitBytes
            for i in 0..<Self.values {
                let p = d + i * Self.digitBytes, v = st[i]
                let n = SVGBuffer.writeFixed(v < 0 ? -v : v, to: p) - p
                assert(n <= 11)
                lengths[slot * Self.values + i] = UInt8(truncatingIfNeeded: n) | (v < 0 ? Self.negative : 0) | (v == 0 ? Self.zero : 0)
            }
        }
        let b = Body(key: key, usable: true, start: s, end: c3)
        bodies[slot] = b
        return (slot, b, false)
    }
}

/// MurmurHash3's 64-bit finaliser: every bit of `h` moved into every bit of the
/// result, so a slot taken from the low bits depends on the high ones (a round
/// number's bits end in zeros). The SVG writer's caches hash their keys with it.
@inline(__always) func mixedBits(_ h: UInt64) -> UInt64 {
    var h = h
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
}

extension SVGBuffer {
    /// Writes the body in `slot` (SVGCornerBodies) as a corner whose u runs along
    /// (ux, uy) and v along (wx, wy) on the canvas: the three cubics `cubic` would,
    /// one skipped where all its points are its start. Room for it must be made first:
    /// at most 3 × (1 + 6 × 13) bytes, and the last number's copy runs 16 past its start.
    mutating func writeBody(_ bodies: SVGCornerBodies, _ slot: Int, _ ux: Int64, _ uy: Int64, _ wx: Int64, _ wy: Int64) {
        // u along x (and v along y), or u along y (and v along x): which value of a
        // step is x, and the sign each axis takes.
        let uAlongX = ux != 0
        let ix = uAlongX ? 0 : 1, iy = 1 - ix
        let signX = uAlongX ? ux : wx, signY = uAlongX ? wy : uy
        let first = slot * SVGCornerBodies.values
        let lens = bodies.lengths + first
        let d = bodies.digits + slot * SVGCornerBodies.slotDigitBytes
        var p = base + count
        typealias B = SVGCornerBodies
        @inline(__always) func put(_ i: Int, _ sign: Int64) {
            let l = lens[i]
            // A minus where the value's sign and the axis's differ (never on a zero).
            if l & B.zero == 0 && (l & B.negative != 0) != (sign < 0) { p.pointee = 0x2D; p += 1 }
            let from = UnsafeRawPointer(d + i * B.digitBytes)
            UnsafeMutableRawPointer(p).storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            UnsafeMutableRawPointer(p + 8).storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), as: UInt64.self)
            p += Int(l & B.lengthMask)
        }
        for c in 0..<3 {
            let k = 6 * c
            if lens[k] & lens[k + 1] & lens[k + 2] & lens[k + 3] & lens[k + 4] & lens[k + 5] & B.zero != 0 { continue }
            p.pointee = 0x63; p += 1
            put(k + ix, signX); p.pointee = 0x20; p += 1; put(k + iy, signY); p.pointee = 0x20; p += 1
            put(k + 2 + ix, signX); p.pointee = 0x20; p += 1; put(k + 2 + iy, signY); p.pointee = 0x20; p += 1
            put(k + 4 + ix, signX); p.pointee = 0x20; p += 1; put(k + 4 + iy, signY)
        }
        count = p - base
    }
}

import SceneLang

/// Whole outlines: with every vertex on the thousandth grid and every corner body
/// from checked offsets (SVGCornerCache), everything after an outline's `M` depends
/// only on its geometry (`Outline.Geometry`), style, radii, width and height (which
/// fix the blends) and its size in thousandths, and the `M` point is the top-leading
/// vertex plus a fixed offset (corner 0's body ends there, or it is the vertex). A
/// list repeats one outline thousands of times: it is written once, then copied.
///
/// An open-addressed table (linear probing, never more than half full) whose
/// entries' text is appended to one arena. It starts small and grows as outlines
/// are kept, to `Limits.largestSlots` slots and `Limits.largestText` bytes; when
/// either is full there it is emptied and fills again (it is only a cache). It was
/// 16 direct-mapped slots of 2 KB: `deep`'s 100 chains of the same 1,000 outlines
/// (at each level a container of its own size and radius) missed on nearly every
/// shape, and each of its four corners was written again from its body.
struct SVGOutlineCache {
    /// The longest outline kept: the writer makes room for this much (and the `M`)
    /// before it builds an outline it may keep, so no flush splits one.
    static let maxBytes = 2048

    /// Sizes to start from and to stop growing at (the tests pass small ones).
    struct Limits {
        var firstSlots = 16, largestSlots = 4096
        var firstText = 8192, largestText = 1 << 21
    }

    struct Key: Equatable {
        /// `Outline.Geometry`: a capsule and an ellipse of one size and style differ.
        var geometry: UInt64
        var style: UInt64, r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64, width: UInt64, height: UInt64
        var dx: Int64, dy: Int64
    }

    struct Entry {
        var key: Key
        /// The `M` point from the top-leading vertex, in thousandths.
        var mx: Int64, my: Int64
        /// The text after the `M`: `count` bytes at `offset` in the arena.
        var offset: Int32, count: Int32
    }

    let limits: Limits
    private(set) var slots: Int
    private(set) var entries: UnsafeMutablePointer<Entry?>
    private(set) var text: UnsafeMutablePointer<UInt8>
    private(set) var textCapacity: Int
    /// Entries and arena bytes in use.
    private(set) var kept = 0, textUsed = 0
    /// How many outlines were copied, and how many times the full cache was emptied
    /// (the tests read these).
    var hits = 0
    private(set) var emptied = 0

    init(limits: Limits = Limits()) {
        // (Two slots at least: at most half full, a probe always meets an empty one.
        // The arena's offsets are 32-bit.)
        precondition(limits.firstSlots.nonzeroBitCount == 1 && limits.largestSlots.nonzeroBitCount == 1
                     && 2 <= limits.firstSlots && limits.firstSlots <= limits.largestSlots
                     && limits.firstText <= limits.largestText && limits.largestText <= Int(Int32.max))
        self.limits = limits
        slots = limits.firstSlots
        entries = Self.table(slots)
        textCapacity = max(limits.firstText, Self.maxBytes)
        text = .allocate(capacity: textCapacity)
    }

    func deallocate() {
        entries.deallocate()
        text.deallocate()
    }

    private static func table(_ n: Int) -> UnsafeMutablePointer<Entry?> {
        let t = UnsafeMutablePointer<Entry?>.allocate(capacity: n)
        t.initialize(repeating: nil, count: n)
        return t
    }

    /// The fields folded, then mixed whole (`mixedBits`): a round radius's or
    /// size's bits end in zeros, and the slot is the low bits.
    static func hash(_ k: Key) -> Int {
        var h = k.r0 ^ (k.r1 &* 0x9E37_79B9_7F4A_7C15) ^ (k.r2 &* 0xC2B2_AE3D_27D4_EB4F) ^ (k.r3 &* 0x1656_67B1_9E37_79F9)
        h ^= (k.width &* 0x27D4_EB2F_1656_67C5) ^ (k.height &* 0x94D0_49BB_1331_11EB)
        h ^= UInt64(bitPattern: k.dx &* 31 &+ k.dy) ^ (k.style << 2) ^ (k.geometry << 5)
        return Int(truncatingIfNeeded: mixedBits(h))
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func probe(_ key: Key) -> Int {
        var i = Self.hash(key) & (slots - 1)
        while let e = entries[i], e.key != key { i = (i + 1) & (slots - 1) }
        return i
    }

    /// The kept text after the `M` of the outline for `key`, and its entry.
    func lookup(_ key: Key) -> (UnsafeMutablePointer<UInt8>, Entry)? {
        guard let e = entries[probe(key)] else { return nil }
        return (text + Int(e.offset), e)
    }

    /// Keeps `count` bytes at `bytes` (what followed the `M` of an outline just
    /// written, for `key`; not in this cache's storage), `start` the `M` point from
    /// the top-leading vertex.
    mutating func keep(_ key: Key, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, start: (x: Int64, y: Int64)) {
        guard count <= Self.maxBytes else { return }
        if 2 * (kept + 1) > slots { growTable() }
        if textUsed + count > textCapacity { growText(count) }
        let i = probe(key)
        if entries[i] == nil { kept += 1 }
        (text + textUsed).update(from: bytes, count: count)
        entries[i] = Entry(key: key, mx: start.x, my: start.y, offset: Int32(textUsed), count: Int32(count))
        textUsed += count
    }

    /// Four times the slots, every entry placed again; emptied at the largest.
    private mutating func growTable() {
        guard slots < limits.largestSlots else { return empty() }
        let old = entries, oldSlots = slots
        slots = min(slots * 4, limits.largestSlots)
        entries = Self.table(slots)
        for j in 0..<oldSlots {
            if let e = old[j] { entries[probe(e.key)] = e }
        }
        old.deallocate()
    }

    /// Twice the arena (or more, for `count` more bytes), the text kept; emptied
    /// when that would pass the largest.
    private mutating func growText(_ count: Int) {
        var capacity = textCapacity
        while capacity < textUsed + count { capacity *= 2 }
        guard capacity <= limits.largestText else { return empty() }
        let old = text
        text = .allocate(capacity: capacity)
        text.update(from: old, count: textUsed)
        old.deallocate()
        textCapacity = capacity
    }

    /// No outline kept: the slots and the arena are used again from the start.
    private mutating func empty() {
        entries.update(repeating: nil, count: slots)
        kept = 0
        textUsed = 0
        emptied += 1
    }
}

import CPrefetch

/// A slot of an open-addressed table of 4 bytes (`LabelTable`, `IDSet`): −1 when
/// empty, else an entry's index in its low `indexBits` bits and, above them, the
/// top bits of the entry's hash (a tag). A probe passes a taken slot whose tag
/// differs from the sought one without reading the entry, which is a cache miss
/// (or several) once the table outgrows the caches: at half full a probe passes
/// one or two taken slots, and the sought string is new nearly always.
enum TaggedSlot {
    /// Index bits for `count` entries: 21 (a 2,000,000-node scene's labels), or
    /// as many as it takes, at most 31; the rest of the 31 are the tag's.
    static func indexBits(for count: Int) -> Int {
        var bits = 21
        while bits < 31, count >= 1 << bits { bits += 1 }
        return bits
    }

    /// The tag of hash `h`, in place above `indexBits` (0 when no bit is left).
    @inline(__always) static func tag(_ h: Int, _ indexBits: Int) -> Int32 {
        Int32(truncatingIfNeeded: Int(bitPattern: UInt(bitPattern: h) >> UInt(64 - (31 - indexBits))) << indexBits)
    }

    /// The bits of a slot that are its tag.
    @inline(__always) static func tagMask(_ indexBits: Int) -> Int32 {
        Int32(truncatingIfNeeded: ~((1 << indexBits) - 1)) & Int32.max
    }

    /// The bits of a slot that are its entry's index.
    @inline(__always) static func entryMask(_ indexBits: Int) -> Int32 { Int32((1 << indexBits) - 1) }

    /// The slot of `slots` (a power of two long) that `key` hashes to, brought into
    /// the cache (`scene_prefetch`), for a probe soon after: both tables' callers
    /// ask it of the next label while they work on this one (docs/architecture.md,
    /// "Labels at a million"). Returns `key.hashValue`, for that probe, which works
    /// the slot out again from it (the table may have grown in between).
    static func prefetch(_ slots: [Int32], _ key: String) -> Int {
        let hash = key.hashValue
        slots.withUnsafeBufferPointer { scene_prefetch($0.baseAddress! + (hash & ($0.count - 1))) }
        return hash
    }
}

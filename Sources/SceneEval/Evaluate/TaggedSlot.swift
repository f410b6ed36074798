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
    /// "Labels at a million"). Returns `hash(key, seed:)`, for that probe, which works
    /// the slot out again from it (the table may have grown in between).
    static func prefetch(_ slots: [Int32], _ key: String, seed: UInt64) -> Int {
        let hash = Self.hash(key, seed: seed)
        slots.withUnsafeBufferPointer { scene_prefetch($0.baseAddress! + (hash & ($0.count - 1))) }
        return hash
    }

    /// The hash both tables file a string under: equal for strings Swift calls
    /// equal (canonical equivalence, as `==` and `hashValue`), and cheap for the
    /// strings they nearly always hold, a label's few ASCII bytes. Those are hashed
    /// straight from their bytes (FNV-1a, then a 64-bit finaliser so that both ends
    /// of the word, the slot's low bits and the tag's high ones, depend on every
    /// byte); any other string by `hashValue` (SipHash, through `Hasher`, several
    /// times the instructions for a short label).
    ///
    /// Why the split is exact: a string of ASCII bytes equals another only when
    /// the other has the same bytes, unless the other holds one of the three
    /// scalars whose canonical form is ASCII — KELVIN SIGN (U+212A, `K`), GREEK
    /// QUESTION MARK (U+037E, `;`) and GREEK VARIA (U+1FEF, `` ` ``), the only
    /// three in Unicode (checked against every scalar in `TaggedSlotTests`). So an
    /// ASCII string holding `K`, `;` or `` ` `` goes to `hashValue` too, with every
    /// non-ASCII one: two equal strings are always hashed the same way.
    ///
    /// Both are seeded afresh in every process (the bytes' hash from `hashValue`'s own
    /// seed), so no file can be written to pile its labels into one run of slots: the
    /// probes stay short whatever the labels (`SWIFT_DETERMINISTIC_HASHING` fixes both
    /// seeds, for profiling).
    /// `seed`: this process's (`TaggedSlot.seed`), which each table keeps for its probes
    /// (read once a table, not a lazy global read once a label).
    static func hash(_ key: String, seed s: UInt64 = seed) -> Int {
        if let h = key.utf8.withContiguousStorageIfAvailable({ plainHash($0, seed: s) }) { return h ?? key.hashValue }
        // A string whose bytes are not in one place (bridged, on Apple's platforms): read
        // there by `withUTF8`, so that it hashes as a native copy of it does.
        var native = key
        return native.withUTF8 { plainHash($0, seed: s) } ?? key.hashValue
    }

    /// This process's seed for `plainHash`.
    static let seed = UInt64(truncatingIfNeeded: 0x5CE_7E5EED.hashValue)

    /// The bytes' hash under `seed`, or nil when one is not ASCII or is `K`, `;` or `` ` `` (see `hash`).
    @inline(__always) static func plainHash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int? {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed ^ UInt64(truncatingIfNeeded: bytes.count)
        for b in bytes {
            if b >= 0x80 || b == UInt8(ascii: "K") || b == UInt8(ascii: ";") || b == UInt8(ascii: "`") { return nil }
            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
        }
        h ^= (seed << 29) | (seed >> 35)
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }
}

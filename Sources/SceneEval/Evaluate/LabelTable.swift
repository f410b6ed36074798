import SceneLang

/// The labels `flatten` has met, for the duplicate-label check: an open-addressed
/// table, 4 bytes a slot, of entries that each keep a label's shape and range
/// (12 bytes), the label's text read back from its shape (flatten appends a
/// node's shape, with its label, right after noting it). A dictionary from label
/// to range held every label's string again, in 24 bytes of entry and about as
/// many of table: 6 MB for a 100k scene labelled throughout, against 2.2 MB here.
///
/// A slot holds its entry's index in its low `indexBits` bits and, above them, a
/// few bits of the label's hash (a tag): a probe passes a slot whose tag differs
/// without reading the entry, the shape and the label, each a cache miss once the
/// table outgrows the caches (a label is new nearly always, and a probe at half
/// full passes one or two taken slots). Equal tags are then compared as labels.
struct LabelTable {
    /// −1: empty; else `tag << indexBits | entry`. A power of two long, at most half full.
    private var slots: [Int32]
    /// Each label's first use: its shape (index) and the label's range.
    private var entries: [(shape: Int32, range: SourceRange)] = []
    /// Bits of a slot for the entry's index: room for every entry (at least 21,
    /// a 2,000,000-node scene's); the rest of the 31 are the tag's.
    private var indexBits: Int

    /// Room for `labels` labels without growing.
    init(labels: Int) {
        var n = 16
        while n < 2 * labels { n <<= 1 }
        slots = Array(repeating: -1, count: n)
        entries.reserveCapacity(labels)
        indexBits = Self.indexBits(for: labels)
    }

    /// The index bits for `count` entries: 21, or as many as it takes (at most 31).
    private static func indexBits(for count: Int) -> Int {
        var bits = 21
        while bits < 31, count >= 1 << bits { bits += 1 }
        return bits
    }

    /// The tag of a label whose hash is `h`: its top bits, as many as fit above the index.
    @inline(__always) private func tag(_ h: Int) -> Int32 {
        Int32(truncatingIfNeeded: Int(bitPattern: UInt(bitPattern: h) >> UInt(64 - (31 - indexBits))) << indexBits)
    }

    /// Where `name` was first used as a label, or nil when it was not: then this
    /// use, the label of shape `index` (not in `shapes` yet) at `range`, is noted.
    mutating func firstUse(of name: String, at range: SourceRange, index: Int, in shapes: [ResolvedShape]) -> SourceRange? {
        let mask = slots.count - 1
        let hash = name.hashValue
        let tag = self.tag(hash), tagMask = Int32(truncatingIfNeeded: ~((1 << indexBits) - 1)) & Int32.max
        let entryMask = Int32((1 << indexBits) - 1)
        var h = hash & mask
        let found: SourceRange? = slots.withUnsafeBufferPointer { s in
            while true {
                let v = s[h]
                if v < 0 { return nil }
                if v & tagMask == tag {
                    let e = Int(v & entryMask)
                    // (The label read through a pointer: `shapes[j].label` copies the shape.)
                    let same = shapes.withUnsafeBufferPointer { $0[Int(entries[e].shape)].label == name }
                    if same { return entries[e].range }
                }
                h = (h + 1) & mask
            }
        }
        if let found { return found }
        slots[h] = tag | Int32(entries.count)
        entries.append((Int32(index), range))
        if 2 * entries.count > slots.count || entries.count >= 1 << indexBits { grow(shapes, pending: name) }
        return nil
    }

    /// Twice the slots (and index bits for every entry), every entry put again (the
    /// last one's shape is still to come: its name is `pending`).
    private mutating func grow(_ shapes: [ResolvedShape], pending: String) {
        slots = Array(repeating: -1, count: 2 * slots.count)
        indexBits = Self.indexBits(for: 2 * entries.count)
        let mask = slots.count - 1
        for e in entries.indices {
            let name = e == entries.count - 1 ? pending : shapes[Int(entries[e].shape)].label!
            let hash = name.hashValue
            var h = hash & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = tag(hash) | Int32(e)
        }
    }
}

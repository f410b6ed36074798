import SceneLang

/// The labels `flatten` has met, for the duplicate-label check: an open-addressed
/// table, 4 bytes a slot, of entries that each keep a label's shape and range
/// (12 bytes), the label's text read back from its shape (flatten appends a
/// node's shape, with its label, right after noting it). A dictionary from label
/// to range held every label's string again, in 24 bytes of entry and about as
/// many of table: 6 MB for a 100k scene labelled throughout, against 2.2 MB here.
///
/// Its slots are tagged (`TaggedSlot`): a probe passes a taken slot whose tag
/// differs without reading the entry, the shape and the label. Equal tags are
/// then compared as labels.
struct LabelTable {
    /// −1: empty; else a `TaggedSlot`. A power of two long, at most half full.
    private var slots: [Int32]
    /// Each label's first use: its shape (index) and the label's range.
    private var entries: [(shape: Int32, range: SourceRange)] = []
    /// Bits of a slot for the entry's index (`TaggedSlot.indexBits`).
    private var indexBits: Int

    /// Room for `labels` labels without growing.
    init(labels: Int) {
        var n = 16
        while n < 2 * labels { n <<= 1 }
        slots = Array(repeating: -1, count: n)
        entries.reserveCapacity(labels)
        indexBits = TaggedSlot.indexBits(for: labels)
    }

    /// The slot `name` hashes to, brought into the cache (`scene_prefetch`):
    /// `flatten` asks it of the next node's label while it works on this node, so the
    /// line is there when `firstUse` probes it (at 1M labels the table is 8 MB, and the
    /// probe's miss was 90 % of `firstUse`, 12 % of a labelled scene's parse +
    /// evaluate). Returns the name's hash, for `firstUse`.
    func prefetch(_ name: String) -> Int { TaggedSlot.prefetch(slots, name) }

    /// Where `name` was first used as a label, or nil when it was not: then this
    /// use, the label of shape `index` (not in `shapes` yet) at `range`, is noted.
    /// `hash`: `name.hashValue` when the caller has it (from `prefetch`).
    mutating func firstUse(of name: String, at range: SourceRange, index: Int, in shapes: [ResolvedShape],
                           hash known: Int? = nil) -> SourceRange? {
        let mask = slots.count - 1
        let hash = known ?? name.hashValue
        assert(known == nil || known == name.hashValue)
        let tag = TaggedSlot.tag(hash, indexBits), tagMask = TaggedSlot.tagMask(indexBits)
        let entryMask = TaggedSlot.entryMask(indexBits)
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
        indexBits = TaggedSlot.indexBits(for: 2 * entries.count)
        let mask = slots.count - 1
        for e in entries.indices {
            let name = e == entries.count - 1 ? pending : shapes[Int(entries[e].shape)].label!
            let hash = name.hashValue
            var h = hash & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = TaggedSlot.tag(hash, indexBits) | Int32(e)
        }
    }
}

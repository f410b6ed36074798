import SceneLang

/// The labels `flatten` has met, for the duplicate-label check: an open-addressed
/// table, 4 bytes a slot, each taken slot the shape (index) of a label's first
/// use, the label's text read back from that shape (flatten appends a node's
/// shape, with its label, right after noting it), and where it was used from
/// the shape's range, which starts at its label. A dictionary from label to
/// range held every label's string again, in 24 bytes of entry and about as
/// many of table: 6 MB for a 100k scene labelled throughout; a side array of
/// (shape, range) entries 2.2 MB; the slots alone, 1 MB.
///
/// Its slots are tagged (`TaggedSlot`): a probe passes a taken slot whose tag
/// differs without reading the shape and its label. Equal tags are then
/// compared as labels.
struct LabelTable {
    /// −1: empty; else a `TaggedSlot` of a shape's index. A power of two long, at most half full.
    private var slots: [Int32]
    /// How many labels it holds.
    private var count = 0
    /// Bits of a slot for the shape's index (`TaggedSlot.indexBits`).
    private var indexBits: Int
    /// The process's hash key (`TaggedSlot.seed`).
    private let seed = TaggedSlot.seed

    /// Room for `labels` labels of shapes numbered below `shapes` without growing.
    init(labels: Int, shapes: Int = 0) {
        var n = 16
        while n < 2 * labels { n <<= 1 }
        slots = Array(repeating: -1, count: n)
        indexBits = TaggedSlot.indexBits(for: Swift.max(labels, shapes))
    }

    /// The slot `name` hashes to, brought into the cache (`scene_prefetch`):
    /// `flatten` asks it of the next node's label while it works on this node, so the
    /// line is there when `firstUse` probes it (at 1M labels the table is 8 MB, and the
    /// probe's miss was 90 % of `firstUse`, 12 % of a labelled scene's parse +
    /// evaluate). Returns the name's hash, for `firstUse`.
    func prefetch(_ name: String) -> Int { TaggedSlot.prefetch(slots, name, seed: seed) }

    /// The shape whose label `name` was first, or nil when none was: then this
    /// use, the label of shape `index` (not in `shapes` yet), is noted.
    /// `hash`: `TaggedSlot.hash(name, seed:)` when the caller has it (from `prefetch`).
    mutating func firstUse(of name: String, index: Int, in shapes: [ResolvedShape], hash known: Int? = nil) -> Int? {
        let mask = slots.count - 1
        let hash = known ?? TaggedSlot.hash(name, seed: seed)
        assert(known == nil || known == TaggedSlot.hash(name, seed: seed))
        let tag = TaggedSlot.tag(hash, indexBits), tagMask = TaggedSlot.tagMask(indexBits)
        let shapeMask = TaggedSlot.entryMask(indexBits)
        var h = hash & mask
        let found: Int? = slots.withUnsafeBufferPointer { s in
            while true {
                let v = s[h]
                if v < 0 { return nil }
                if v & tagMask == tag {
                    let j = Int(v & shapeMask)
                    // (The label read through a pointer: `shapes[j].label` copies the shape.)
                    if shapes.withUnsafeBufferPointer({ $0[j].label == name }) { return j }
                }
                h = (h + 1) & mask
            }
        }
        if let found { return found }
        let full = 2 * (count + 1) > slots.count
        if full || index >> indexBits != 0 {
            grow(shapes, pending: (index, name), room: full ? 2 * slots.count : slots.count)
        } else {
            slots[h] = tag | Int32(index)
            count += 1
        }
        return nil
    }

    /// `room` slots, and index bits for every shape, each label put again, then
    /// `pending`, whose shape is still to come (so its name is given).
    private mutating func grow(_ shapes: [ResolvedShape], pending: (index: Int, name: String), room: Int) {
        let old = slots
        slots = Array(repeating: -1, count: room)
        var highest = pending.index
        let oldMask = TaggedSlot.entryMask(indexBits)
        for v in old where v >= 0 { highest = Swift.max(highest, Int(v & oldMask)) }
        indexBits = TaggedSlot.indexBits(for: highest + 1)
        let mask = slots.count - 1
        func put(_ j: Int, _ name: String) {
            let hash = TaggedSlot.hash(name, seed: seed)
            var h = hash & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = TaggedSlot.tag(hash, indexBits) | Int32(j)
        }
        for v in old where v >= 0 {
            let j = Int(v & oldMask)
            put(j, shapes[j].label!)
        }
        put(pending.index, pending.name)
        count += 1
    }
}

/// A set of strings kept as bytes: each string's UTF-8 end to end in one array,
/// found through an open-addressed table of 4-byte slots. `SVGIDs` keeps every
/// id it hands out in one, a labelled 100k-node scene's 100,000 labels: as a
/// `Set<String>` they took 4 MB, here about 2 MB. It answers as `Set<String>`
/// does: strings are equal as Swift compares them (canonical equivalence: `é`
/// as one scalar or as `e` and a combining accent is one id), hashed by
/// `TaggedSlot.hash`, which agrees; equal bytes are the quick test. Its slots
/// are tagged (`TaggedSlot`): a probe passes a taken slot whose tag differs
/// without reading the string it points at.
///
/// At 100k labels the table is 1 MB and a probe misses the cache nearly every
/// time (that load was 10 % of `deep --svg`'s user time): the SVG writer hashes
/// the next shape's label and fetches its slot ahead (`prefetch`), as `flatten`
/// does for the duplicate-label table.
struct IDSet {
    private var bytes: [UInt8] = []
    /// String k is `bytes[ends[k - 1]..<ends[k]]` (from 0 for the first).
    private var ends: [Int32] = []
    /// −1: empty; else a `TaggedSlot` of an index into `ends`. A power of two
    /// long, at most half full.
    private var slots = [Int32](repeating: -1, count: 16)
    /// Bits of a slot for the index (`TaggedSlot.indexBits`).
    private var indexBits = TaggedSlot.indexBits(for: 0)
    /// The process's hash key (`TaggedSlot.seed`).
    private let seed = TaggedSlot.seed

    var count: Int { ends.count }
    /// The bytes of the strings kept.
    var byteCount: Int { bytes.count }

    /// Room for `n` strings in all without growing the table, and for `bytes` bytes
    /// of them (all but what the later ones bring: no array of them outgrown and copied).
    mutating func reserve(_ n: Int, bytes b: Int = 0) {
        var size = slots.count
        while size < 2 * n { size <<= 1 }
        if size > slots.count { rehash(size) }
        ends.reserveCapacity(n)
        bytes.reserveCapacity(b)
    }

    func contains(_ s: String) -> Bool { find(s).found }

    /// The slot `s` hashes to, brought into the cache; its hash, for `insert` (`TaggedSlot.prefetch`).
    func prefetch(_ s: String) -> Int { TaggedSlot.prefetch(slots, s, seed: seed) }

    /// Whether `s` was not in the set (it is now). `hash`: `TaggedSlot.hash(s, seed:)`, when the caller has it.
    @discardableResult
    mutating func insert(_ s: String, hash: Int? = nil) -> Bool {
        let (found, slot, tag) = find(s, hash: hash)
        if found { return false }
        bytes += s.utf8
        ends.append(Int32(bytes.count))
        slots[slot] = tag | Int32(ends.count - 1)
        if 2 * ends.count > slots.count || ends.count >= 1 << indexBits { rehash(2 * slots.count) }
        return true
    }

    /// Whether `s` is kept, the slot it is in or would go in, and its tag.
    private func find(_ s: String, hash known: Int? = nil) -> (found: Bool, slot: Int, tag: Int32) {
        let mask = slots.count - 1
        let hash = known ?? TaggedSlot.hash(s, seed: seed)
        assert(known == nil || known == TaggedSlot.hash(s, seed: seed))
        let tag = TaggedSlot.tag(hash, indexBits), tagMask = TaggedSlot.tagMask(indexBits)
        let entryMask = TaggedSlot.entryMask(indexBits)
        var h = hash & mask
        var utf8 = s
        return utf8.withUTF8 { u in
            slots.withUnsafeBufferPointer { slots in
                while true {
                    let v = slots[h]
                    if v < 0 { return (false, h, tag) }
                    if v & tagMask == tag, equal(Int(v & entryMask), s, u) { return (true, h, tag) }
                    h = (h + 1) & mask
                }
            }
        }
    }

    private func range(_ k: Int) -> Range<Int> { (k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k]) }

    /// Whether string k is `s` (whose UTF-8 is `u`): the same bytes, or, when
    /// either is not ASCII, the same string as Swift compares them.
    private func equal(_ k: Int, _ s: String, _ u: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = range(k)
        return bytes.withUnsafeBufferPointer { b in
            let kept = UnsafeBufferPointer(rebasing: b[r])
            if kept.count == u.count, kept.elementsEqual(u) { return true }
            guard kept.contains(where: { $0 >= 0x80 }) || u.contains(where: { $0 >= 0x80 }) else { return false }
            return String(decoding: kept, as: UTF8.self) == s
        }
    }

    /// String k, as kept.
    private func string(_ k: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(k)]), as: UTF8.self) }
    }

    private mutating func rehash(_ size: Int) {
        slots = [Int32](repeating: -1, count: size)
        indexBits = TaggedSlot.indexBits(for: max(ends.count, size / 2))
        let mask = size - 1
        for k in ends.indices {
            let hash = TaggedSlot.hash(string(k), seed: seed)
            var h = hash & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = TaggedSlot.tag(hash, indexBits) | Int32(k)
        }
    }
}

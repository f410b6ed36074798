/// A set of strings kept as bytes: each string's UTF-8 end to end in one array,
/// found through an open-addressed table of 4-byte slots. `SVGIDs` keeps every
/// id it hands out in one, a labelled 100k-node scene's 100,000 labels: as a
/// `Set<String>` they took 4 MB, here about 2 MB. It answers as `Set<String>`
/// does: strings are equal as Swift compares them (canonical equivalence: `é`
/// as one scalar or as `e` and a combining accent is one id), hashed by
/// `String.hashValue`, which agrees; equal bytes are the quick test.
struct IDSet {
    private var bytes: [UInt8] = []
    /// String k is `bytes[ends[k - 1]..<ends[k]]` (from 0 for the first).
    private var ends: [Int32] = []
    /// Index into `ends`; −1: empty. A power of two long, at most half full.
    private var slots = [Int32](repeating: -1, count: 16)

    var count: Int { ends.count }

    /// Room for `n` strings in all without growing the table.
    mutating func reserve(_ n: Int) {
        var size = slots.count
        while size < 2 * n { size <<= 1 }
        if size > slots.count { rehash(size) }
        ends.reserveCapacity(n)
    }

    func contains(_ s: String) -> Bool { find(s).found }

    /// Whether `s` was not in the set (it is now).
    @discardableResult
    mutating func insert(_ s: String) -> Bool {
        let (found, slot) = find(s)
        if found { return false }
        bytes += s.utf8
        ends.append(Int32(bytes.count))
        slots[slot] = Int32(ends.count - 1)
        if 2 * ends.count > slots.count { rehash(2 * slots.count) }
        return true
    }

    /// Whether `s` is kept, and the slot it is in or would go in.
    private func find(_ s: String) -> (found: Bool, slot: Int) {
        let mask = slots.count - 1
        var h = s.hashValue & mask
        var utf8 = s
        return utf8.withUTF8 { u in
            while true {
                let k = slots[h]
                if k < 0 { return (false, h) }
                if equal(Int(k), s, u) { return (true, h) }
                h = (h + 1) & mask
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
        let mask = size - 1
        for k in ends.indices {
            var h = string(k).hashValue & mask
            while slots[h] >= 0 { h = (h + 1) & mask }
            slots[h] = Int32(k)
        }
    }
}

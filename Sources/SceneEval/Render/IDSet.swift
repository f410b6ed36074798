/// A set of strings kept as bytes: each string's UTF-8 end to end in one array,
/// found through an open-addressed table of 4-byte slots, hashed with FNV-1a
/// (`ByteHash`). `SVGIDs` keeps every id it hands out in one, a labelled
/// 100k-node scene's 100,000 labels: as a `Set<String>` they took 4 MB and a
/// SipHash each, here about 2 MB.
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

    func contains(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { find($0).found }
    }

    /// Whether `s` was not in the set (it is now).
    @discardableResult
    mutating func insert(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { u in
            let (found, slot) = find(u)
            if found { return false }
            bytes.append(contentsOf: u)
            ends.append(Int32(bytes.count))
            slots[slot] = Int32(ends.count - 1)
            if 2 * ends.count > slots.count { rehash(2 * slots.count) }
            return true
        }
    }

    /// Whether `u` is kept, and the slot it is in or would go in.
    private func find(_ u: UnsafeBufferPointer<UInt8>) -> (found: Bool, slot: Int) {
        let mask = slots.count - 1
        var h = ByteHash.fnv1a(u) & mask
        while true {
            let k = slots[h]
            if k < 0 { return (false, h) }
            if equal(Int(k), u) { return (true, h) }
            h = (h + 1) & mask
        }
    }

    private func range(_ k: Int) -> Range<Int> { (k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k]) }

    private func equal(_ k: Int, _ u: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = range(k)
        guard r.count == u.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            for i in 0..<u.count where b[r.lowerBound + i] != u[i] { return false }
            return true
        }
    }

    private mutating func rehash(_ size: Int) {
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        bytes.withUnsafeBufferPointer { b in
            for k in ends.indices {
                let r = range(k)
                var h = ByteHash.fnv1a(UnsafeBufferPointer(rebasing: b[r])) & mask
                while slots[h] >= 0 { h = (h + 1) & mask }
                slots[h] = Int32(k)
            }
        }
    }
}

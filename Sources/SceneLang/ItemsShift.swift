// A node's items moved in the text (the REPL and `scene lsp` keep an
// unchanged statement when an edit before it changes the text's length:
// SceneREPL/Shift.swift). Kept apart from Items.swift, which the parser's
// work changes: this reads the slot layout only to copy it.
extension Items {
    /// The same items with every range `d` bytes on: the compact slots copied
    /// (counted from the file's start, whatever `origin` they were counted from)
    /// with their item ranges moved (a number's range is counted from its
    /// item's, so it moves with it), an item kept whole rebuilt by `whole`.
    /// One copy of the slots, nothing decoded: what parsing the moved text
    /// again would give, for a fraction of its cost.
    public func shifted(by d: Int, whole: (Located<Item>) -> Located<Item>) -> Items {
        shifted(by: d, into: ItemShiftArena(chunkSlots: Int(slots)), whole: whole)
    }

    /// The same, the slots copied into `arena`'s chunks: the items of a whole tree
    /// shifted into a few chunks (`ItemShiftArena`), not one chunk (two
    /// allocations) a node.
    public func shifted(by d: Int, into arena: ItemShiftArena,
                        whole: (Located<Item>) -> Located<Item>) -> Items {
        guard let chunk, d != 0 else { return self }
        let n = Int(slots)
        if arena.chunk.map({ $0.capacity - $0.used < n || $0.exprs !== chunk.exprs }) ?? true {
            arena.chunk = ItemChunk(capacity: Swift.max(n, arena.chunkSlots), exprs: chunk.exprs)
            arena.chunkSlots = Swift.min(arena.chunkSlots * 2, ItemShiftArena.largestChunk)
        }
        let next = arena.chunk!
        let at = next.used
        let delta = Int32(d) &+ origin
        for k in 0..<n {
            var t = chunk.base[Int(start) + k]
            switch t.tag {
            case .whole:
                next.side.append(whole(chunk.side[Int(t.start)]))
                t.start = Int32(next.side.count - 1)
            case .more:
                break  // A continuation's numbers are counted from its item's first slot.
            default:
                t.start += delta  // (its length, and its numbers' offsets, stay)
            }
            next.base[at + k] = t
        }
        next.used = at + n
        return Items(chunk: next, start: at, slots: n)
    }
}

/// Where `Items.shifted(by:into:whole:)` puts the slots it copies (16 bytes
/// each): a new chunk when the last is full or the items come from another
/// parse, each twice the last up to `largestChunk` slots, so a one-line node
/// takes a small one and a 10,000-node tree a few (never twice what it uses,
/// but for the last).
public final class ItemShiftArena {
    var chunk: ItemChunk? = nil
    /// The next chunk's size in slots (more when one item needs more).
    var chunkSlots: Int
    static let largestChunk = 4096
    public init(chunkSlots: Int = 16) { self.chunkSlots = chunkSlots }
}

// A node's items moved in the text (the REPL and `scene lsp` keep an
// unchanged statement when an edit before it changes the text's length:
// SceneREPL/Shift.swift). Kept apart from Items.swift, which the parser's
// work changes: this reads the slot layout only to copy it.
extension Items {
    /// The same items with every range `d` bytes on: the compact slots copied
    /// with their item ranges moved (a number's range is counted from its
    /// item's, so it moves with it), an item kept whole rebuilt by `whole`.
    /// One copy of the slots, nothing decoded: what parsing the moved text
    /// again would give, for a fraction of its cost.
    public func shifted(by d: Int, whole: (Located<Item>) -> Located<Item>) -> Items {
        shifted(by: d, into: ItemShiftArena(slots: Int(slots)), whole: whole)
    }

    /// How many slots the items take (what `ItemShiftArena(slots:)` is sized by).
    public var slotCount: Int { Int(slots) }

    /// The same, the slots copied into `arena`'s chunk: the items of a whole tree
    /// shifted into one chunk, not one chunk (two allocations) a node.
    public func shifted(by d: Int, into arena: ItemShiftArena,
                        whole: (Located<Item>) -> Located<Item>) -> Items {
        guard let chunk, d != 0 else { return self }
        let n = Int(slots)
        if arena.chunk.map({ $0.capacity - $0.used < n || $0.exprs !== chunk.exprs }) ?? true {
            arena.chunk = ItemChunk(capacity: Swift.max(n, arena.slots), exprs: chunk.exprs)
        }
        let next = arena.chunk!
        let at = next.used
        let delta = Int32(d)
        for k in 0..<n {
            var t = chunk.base[Int(start) + k]
            switch t.tag {
            case .whole:
                next.side.append(whole(chunk.side[Int(t.start)]))
                t.start = Int32(next.side.count - 1)
            case .more:
                break  // A continuation's numbers are counted from its item's first slot.
            default:
                t.start += delta
                t.end += delta
            }
            next.base[at + k] = t
        }
        next.used = at + n
        return Items(chunk: next, start: at, slots: n)
    }
}

/// Where `Items.shifted(by:into:whole:)` puts the slots it copies: one chunk of
/// `slots` (what the items to be shifted take, all together), a new one only
/// when that one is full or the items come from another parse.
public final class ItemShiftArena {
    var chunk: ItemChunk? = nil
    let slots: Int
    public init(slots: Int) { self.slots = slots }
}

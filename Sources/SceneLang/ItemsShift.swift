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
        guard let chunk, d != 0 else { return self }
        let n = Int(slots)
        let next = ItemChunk(capacity: n, exprs: chunk.exprs)
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
            next.base[k] = t
        }
        next.used = n
        return Items(chunk: next, start: 0, slots: n)
    }
}

/// A node's items read once for each text they are written with.
///
/// A big scene is a few lines written many times over: a list's rows, a grid's
/// cells (a hundred paddings in a hundred thousand), a card's rows in every card.
/// The items after a node's label, up to the end of its line, are a run of slots
/// (`Items`) whose ranges are all counted from one place: the same bytes
/// anywhere else read as the same slots counted from a place further on by the
/// distance between the two (`Items.origin`). So the parser keeps, for each such
/// text it read without a word to say (no diagnostic, no item kept whole), where
/// it was and the slots it made; the same text again shares them, not read and
/// not copied (a 100k-node grid's items: 9.2 MB of slots, now 0.5). Parsing the
/// text again would give exactly those slots (`LineMemoTests` reads every example
/// and every bench member both ways and compares the trees, ranges and all).
///
/// The text is what lies between the first item and the first `<`, `>`, `;` or
/// newline, less the blanks (and a carriage return) before it. It is kept only when
/// its items were read without a diagnostic, end where it ends (not at a comment)
/// and are all compact; a scene where few texts come again turns the memo off
/// (`LineMemo.note`), so reading it costs no more than before.
final class LineMemo {
    struct Entry {
        var hash: UInt64 = 0
        /// Where the text was, and how long it is (`length` 0: no entry).
        var start: Int32 = 0
        var length: Int32 = 0
        /// Whether its first item was the node's first word (no label before it).
        var first = false
        var items: Items = []
        /// Where the last item ended, and the parser's `previous` after it, from
        /// `start`, and how many tokens the parser advanced over.
        var places = Places()
        struct Places {
            var lastItemStart: Int32 = 0, lastItemEnd: Int32 = 0
            var previousStart: Int32 = 0, previousEnd: Int32 = 0
            var tokens: Int32 = 0
        }
    }
    /// Two ways a bucket, by the text's hash: a text seen again is found while it is
    /// one of the last two of its bucket to be read or found (a new one takes the
    /// place of the one used longer ago). 64 slots for the first 1,024 nodes (a
    /// small file, or each of a thousand checked together, clears 4 KB, not 256),
    /// then `slots`: `deep`'s chains repeat 1,000 texts, which 1,024 slots kept a
    /// third of (its parse cost 3 % more, not 5 % less). One way a slot (the table
    /// before) lost every text of a slot two of them shared, met in turn: a
    /// quarter of `deep`'s 1,000 (the birthday bound: 1,000 texts in 4,096 slots);
    /// two ways lose only those of a bucket three share.
    static let slots = 4096, firstSlots = 64
    /// The table, `count` entries. (Its own memory, not an array: an array in a class
    /// was counted and dropped around each look, the parser not knowing that nothing
    /// replaces it meanwhile.)
    private(set) var entries: UnsafeMutablePointer<Entry>? = nil
    private(set) var count = 0
    /// Texts looked for in all.
    var asked = 0

    deinit { free() }

    private func free() {
        guard let entries else { return }
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The first slot of `hash`'s bucket (it and the next), the table made or grown
    /// first when it is time.
    @inline(__always) func slot(_ hash: UInt64) -> Int {
        if count < Self.slots, asked == 0 || asked == 1024 { grow() }
        return Int(truncatingIfNeeded: hash) & (count - 2)
    }

    /// The entry of the bucket at `slot` that `matches`, moved to the bucket's first
    /// place (the one used last), or nil.
    @inline(__always) func find(_ slot: Int, _ matches: (UnsafeMutablePointer<Entry>) -> Bool) -> UnsafeMutablePointer<Entry>? {
        let first = entries! + slot
        if matches(first) { return first }
        guard matches(first + 1) else { return nil }
        // Moved, not copied: no count of the items' storage taken and dropped.
        let found = (first + 1).move()
        (first + 1).moveInitialize(from: first, count: 1)
        first.initialize(to: found)
        return first
    }

    /// Keeps `e` first in the bucket at `slot`; the first moves second, the second is dropped.
    func keep(_ e: Entry, at slot: Int) {
        let first = entries! + slot
        (first + 1).pointee = first.move()
        first.initialize(to: e)
    }

    @inline(never) func grow() {
        free()
        count = asked == 0 ? Self.firstSlots : Self.slots
        entries = .allocate(capacity: count)
        entries!.initialize(repeating: Entry(), count: count)
    }
    /// Longest text kept.
    static let longest = 2048

    /// Off: every line read in full (`LineMemoTests` compares the two).
    var on = true
    /// Texts looked for in this window of `window`, and found.
    var tries = 0, hits = 0
    static let window = 4096
    /// Nodes whose items were shared from a text read before, in all.
    var replays = 0

    /// Counts a text looked for; at the end of each window of `window` texts, turns
    /// the memo off for the rest of the parse when fewer than one in eight were found
    /// (a scene of lines each written once: the looking would cost it about 6 %).
    @inline(__always) func note(hit: Bool) {
        asked += 1
        tries += 1
        if hit { hits += 1; replays += 1 }
        guard tries == Self.window else { return }
        if hits < Self.window / 8 { on = false }
        tries = 0; hits = 0
    }
}

/// A node's item text (`LineMemo`): where it ends and its hash.
struct LineKey {
    var start: Int
    var end: Int
    var hash: UInt64
    var first: Bool
}

extension Parser {
    /// The text of the items starting at `start` when the memo may keep it; nil for a
    /// line read every time.
    func lineKey(from start: Int, first: Bool) -> LineKey? {
        guard lineMemo.on else { return nil }
        return bytes.withUnsafeBufferPointer { b -> LineKey? in
            guard let p = b.baseAddress else { return nil }
            let raw = UnsafeRawPointer(p)
            let limit = min(b.count, start + LineMemo.longest)
            // Sixteen bytes at a time up to the first that ends a node's items. (What else
            // the text holds, a comment, a quote, is not looked for: a text is kept only when
            // its items were read quietly and end where it ends, and it is copied only for
            // the very same bytes.)
            let newline = SIMD16<UInt8>(repeating: UInt8(ascii: "\n")), less = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
            let greater = SIMD16<UInt8>(repeating: UInt8(ascii: ">")), semicolon = SIMD16<UInt8>(repeating: UInt8(ascii: ";"))
            var i = start, found = false
            while i + 16 <= limit {
                let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let ends = (v .== newline) .| (v .== less) .| (v .== greater) .| (v .== semicolon)
                if any(ends) {
                    // The first of them from the compare's lanes (all ones where one is), read
                    // as two words: not the block's bytes tested again one by one.
                    let lanes = unsafeBitCast(unsafeBitCast(ends, to: SIMD16<UInt8>.self), to: SIMD2<UInt64>.self)
                    let low = UInt64(littleEndian: lanes[0]), high = UInt64(littleEndian: lanes[1])
                    i += low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3
                    found = true
                    break
                }
                i += 16
            }
            while !found, i < limit {
                let c = p[i]
                if c == UInt8(ascii: "\n") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: ";") { break }
                i += 1
            }
            guard i < limit || limit == b.count else { return nil }
            var last = i
            while last > start, p[last - 1] == UInt8(ascii: " ") || p[last - 1] == UInt8(ascii: "\t") || p[last - 1] == UInt8(ascii: "\r") {
                last -= 1
            }
            guard last > start else { return nil }
            return LineKey(start: start, end: last, hash: Self.hash(raw + start, last - start, first: first), first: first)
        }
    }

    /// The hash of `n` bytes at `a` (and whether they start a node), eight at a time,
    /// then mixed once more so that the bucket's bits (the low ones) depend on every
    /// byte: `deep`'s texts, which differ only in a radius's digits mid-text, shared
    /// buckets well beyond chance without it (2.8 % more instructions).
    static func hash(_ a: UnsafeRawPointer, _ n: Int, first: Bool) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(n &+ (first ? 1 << 20 : 0))
        var i = 0
        while i + 8 <= n {
            h = (h ^ a.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        while i < n { tail = tail << 8 | UInt64(a.load(fromByteOffset: i, as: UInt8.self)); i += 1 }
        h = (h ^ tail) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 32
        h &*= 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 29)
    }

    /// The items of a text read before, for this node, the parser moved past them,
    /// and the last item's range; nil when the text was not kept.
    mutating func replayLine(_ key: LineKey) -> (items: Items, last: SourceRange)? {
        // (The entry read in place: a copy of it counted its items' storage and dropped it again.)
        let slot = lineMemo.slot(key.hash)  // (first: it makes the table)
        let length = Int32(key.end - key.start)
        guard let e = bytes.withUnsafeBufferPointer({ b in
            lineMemo.find(slot) { e in
                e.pointee.length == length && e.pointee.hash == key.hash && e.pointee.first == key.first
                    && Keyword.same(b.baseAddress! + Int(e.pointee.start), b.baseAddress! + key.start, Int(length))
            }
        }) else { return nil }
        let items = e.pointee.items.counted(from: Int32(key.start) - e.pointee.start), places = e.pointee.places
        lexer.i = key.end
        tok = lexer.next()
        ahead = nil
        previous = SourceRange(raw: places.previousStart + Int32(key.start), places.previousEnd + Int32(key.start))
        p += Int(places.tokens)
        return (items, SourceRange(raw: places.lastItemStart + Int32(key.start), places.lastItemEnd + Int32(key.start)))
    }

    /// Whether the next token is `:` (`peek().kind == .colon`), from the bytes when it
    /// is not lexed yet: the next that is not a blank. (A node without a label is most
    /// nodes of a big scene, and its next token, lexed to be asked, was lexed again
    /// after its items were shared.)
    mutating func nextIsColon() -> Bool {
        if let a = ahead { return a.kind == .colon }
        guard tok.kind != .eof, lexer.i == tok.range.end else { return peek().kind == .colon }
        var i = lexer.i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C: i += 1
            case UInt8(ascii: ":"): return true
            default: return false
            }
        }
        return false
    }

    /// Keeps the items just read from `key`'s text, when reading them said nothing
    /// (`quiet`), ended where the text ends, and kept no item whole.
    mutating func rememberLine(_ key: LineKey, items: Items, lastItem: SourceRange?, quiet: Bool, tokens: Int) {
        guard quiet, ahead == nil, let lastItem, lastItem.end == key.end, tok.range.start >= key.end,
              !items.isEmpty, items.compactOnly, tokens > 0 else { return }
        let base = Int32(key.start)
        var e = LineMemo.Entry()
        e.hash = key.hash
        e.start = base
        e.length = Int32(key.end - key.start)
        e.first = key.first
        e.items = items
        e.places = .init(lastItemStart: lastItem.lo - base, lastItemEnd: lastItem.hi - base,
                         previousStart: previous.lo - base, previousEnd: previous.hi - base, tokens: Int32(tokens))
        lineMemo.keep(e, at: lineMemo.slot(key.hash))
    }
}

extension Items {
    /// Whether every item is in compact slots (none kept whole: `LineMemo` copies slots alone).
    var compactOnly: Bool {
        guard let chunk else { return true }
        for k in 0..<Int(slots) where chunk.base[Int(start) + k].tag == .whole { return false }
        return true
    }
}

extension Items {
    /// The same slots, every item's start `d` bytes on (its numbers' ranges are
    /// counted from it, and a clause's slots hold no place), as `shifted(by:)`
    /// would copy them: nothing copied.
    func counted(from d: Int32) -> Items {
        Items(chunk: chunk, start: Int(start), slots: Int(slots), origin: origin &+ d)
    }
}

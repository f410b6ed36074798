// The slot `Items` keeps a node's items in (Items.swift reads and writes them;
// ItemParts.swift, ItemsExpr.swift and ItemsShift.swift read them too).

/// One slot: an item's kind and range, one number and that number's range
/// (as offsets from the item's start). 16 bytes: a 100k-node grid's items were
/// 14.6 MB in 24-byte slots, the largest single part of its memory.
///
/// What does not fit is not put in a slot: the item is built whole instead
/// (`Located<Item>` in the chunk's `side`), so reading it back gives the same
/// value either way. That is a number a `Float` does not hold exactly (`0.1`;
/// `12`, `0.5` and every integer to 2^24 it does), a number's range more than
/// 255 bytes from its item's start or longer than 255, an item longer than
/// 65,535 bytes (`ItemsTests` checks each).
struct Slot {
    var tag: SlotTag
    /// By tag: a shape item's `ShapeSlot.Form`; a `pad` slot's `Edge`; `align`'s
    /// `Alignment`; `stack`'s `StackAxis`; `style`'s `CornerStyle`; `role`'s `Role`.
    var a: UInt8 = 0
    /// By tag: a shape item's kind or `ShapeSlot.ConcentricFlags`; `stack`'s `StackSlot.Flags`.
    var b: UInt8 = 0
    /// How many slots the item takes (on its first slot).
    var width: UInt8 = 1
    /// An item's start (a `.whole` slot: its index in `side`; a clause's: its first step in the run).
    var start: Int32 = 0
    /// An item's length, from `start` to `end` (a clause's: its steps' count).
    var length: UInt16 = 0
    /// The number's range, as an offset from the item's start and a length
    /// (a `fill`: its colour's name, `Color.nameIndex`).
    var exprStart: UInt8 = 0
    var exprLength: UInt8 = 0
    /// By tag: a number, a `Float`'s bits (`number`); a `fill`'s colour; the
    /// first step of a shape's clauses' run in the `ExprStore`.
    var value: UInt32 = 0

    init(tag: SlotTag, a: UInt8 = 0, b: UInt8 = 0, start: Int32 = 0) {
        self.tag = tag; self.a = a; self.b = b; self.start = start
    }

    static let longest = Int(UInt16.max)
    var end: Int32 { start + Int32(length) }
    var number: Double { Double(Float(bitPattern: value)) }

    /// Keeps `v` as `number`; false, keeping nothing, when a `Float` does not hold it exactly.
    @inline(__always) mutating func hold(_ v: Double) -> Bool {
        let f = Float(v)
        guard Double(f).bitPattern == v.bitPattern else { return false }
        value = f.bitPattern
        return true
    }

    /// Whether a range `offset` bytes from its item's start and `length` long fits in `exprStart` and `exprLength`.
    @inline(__always) static func fits(offset: Int, length: Int) -> Bool {
        offset >= 0 && offset <= Int(UInt8.max) && length >= 0 && length <= Int(UInt8.max)
    }
}

enum SlotTag: UInt8, CaseIterable {
    /// Kept whole in the chunk's `side` array; `start` is its index there.
    case whole
    case shape, container, clip, background, hit, transition, glass
    case glassAlone, size, width, height, pad, align, stack, fill, style, role
    /// Kinds of items that are always kept whole (`.whole` in a slot): named here for
    /// the parser's once-per-node check, never a slot's tag.
    case spacer, offset
    /// The second number of `size W x H`, a further edge of `pad`.
    case more
}

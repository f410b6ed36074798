// The flattened scene between layout's passes (Layout.swift): a box a node,
// the paddings and spacings boxes point at, and what nodes declare beyond their
// drawn shape.
import SceneLang

/// What layout needs of one node, flattened in document order (kept small,
/// 32 bytes and nothing on the heap: a scene may have a million of them). A
/// missing width or height is NaN (evaluated lengths are finite).
///
/// A node's children are found through `end`, not a list: in pre-order its
/// first child is the next box, and each child's `end` is where its next
/// sibling starts, until the parent's `end`. A stack's spacing is kept in
/// `Flattened.spacings` (one per stack, in document order), not in every box;
/// its padding in `Flattened.pads`, shared by every node padded alike to the bit
/// (a list's rows; a grid's cells, from a few paddings: `appendPad`).
struct Box {
    var width: Double
    var height: Double
    /// Its padding: `Flattened.pads[pad]`.
    var pad: Int32
    /// One past the last box of this node's subtree.
    var end: Int32
    var align: Alignment
    var stack: StackAxis?
    /// `spacerBit`, `offsetBit`: what `Flattened.spacers` and `.offsets` hold for it.
    var flags: UInt8 = 0

    static let spacerBit: UInt8 = 1, offsetBit: UInt8 = 2
}

extension Double {
    /// NaN (layout's "not given") as nil.
    @inline(__always) var given: Double? { isNaN ? nil : self }
}

/// A container a node declares (`Flattened.containers`).
struct DeclaredContainer {
    var index: Int32
    /// Index into `Flattened.containerValues`, or `drawn`.
    var value: Int32
    var range: SourceRange
    /// The container's shape is the node's drawn one.
    static let drawn: Int32 = -1
}

/// A layer a node declares, its shape still to resolve: 64 bytes (it was a tuple
/// of 80, the layer's name a `String` and the index an `Int`).
struct LayerSpec {
    var index: Int32
    var use: ShapeUse
    var range: SourceRange
    var shape: ShapeValue
}

/// The flattened scene between layout's passes: one box and one shape per node
/// (document order), and what each node declares beyond its drawn shape.
struct Flattened {
    var boxes: [Box] = []
    /// Each stack's spacing, stacks in document order (see `Box`).
    var spacings: [Double] = []
    /// The paddings boxes point at: a new one only where it differs from the
    /// last and from any recent one (`appendPad`).
    var pads: [Insets] = []
    /// The recent paddings by their bits' hash: each slot −1 or an index into
    /// `pads` (made at the second padding, `appendPad`; empty after layout).
    var recentPads: [Int32] = []
    /// How many nodes there are (`flatten` counts them first): the most `pads` can hold.
    var nodes = 0
    var shapes: [ResolvedShape] = []
    /// The containers and layers nodes declare, in document order (`resolveAll`
    /// reads them in that order: a cursor, not a hash of every node's index).
    /// A container is 16 bytes: its shape is the node's drawn one, read back
    /// from the shape (`DeclaredContainer.drawn`: a node with no shape of its
    /// own draws its container, when it is not kept as drawn, `containerIsDrawn`:
    /// `concentric`, `relative`), or one of `containerValues` (it was 96 bytes, the
    /// shape in each). A container or glass layer kept as drawn is in neither list.
    var containers: [DeclaredContainer] = []
    var containerValues: [ShapeValue?] = []
    /// One entry a layer, a node's layers in a row (no array for each node: every
    /// node of a glass list has one).
    var layerSpecs: [LayerSpec] = []
    /// What few boxes have, by index (their flags say which): a spacer's minimum, an offset.
    var spacers: [Int: Double] = [:]
    var offsets: [Int: Offset] = [:]

    /// Node `index` declares a container at `range`: `value`, which is the
    /// node's drawn shape when `drawn` (then not kept twice).
    mutating func appendContainer(index: Int, _ value: ShapeValue?, range: SourceRange, drawn: Bool) {
        var value32 = DeclaredContainer.drawn
        if !drawn {
            value32 = Int32(containerValues.count)
            containerValues.append(value)
        }
        containers.append(DeclaredContainer(index: Int32(index), value: value32, range: range))
    }

    /// Container `k` as its node declared it (the node's shape already in `shapes`).
    func declared(_ k: Int) -> (ShapeValue?, SourceRange) {
        let c = containers[k]
        return (c.value == DeclaredContainer.drawn ? shapes[Int(c.index)].spec : containerValues[Int(c.value)], c.range)
    }

    /// A node's padding: its index in `pads`, the last one's or a recent one's
    /// equal to the bit (0 and −0 are not shared: the same numbers as before),
    /// else a new one's. `seen`: the nodes flattened so far.
    ///
    /// A list's rows share the last; a grid's cells are each padded their own
    /// way, but from a few values (`pad leading X top Y`: a hundred paddings in a
    /// hundred thousand cells), which `recentPads` finds again: `pads` was one
    /// padding a node, 32 bytes, held with the boxes at the evaluation's peak
    /// (32 MB at a million nodes).
    @inline(__always) mutating func appendPad(_ pad: Insets, seen: Int) -> Int32 {
        // (The last one inline: every row of a list shares it, and the call to the
        // rest, not inlined, cost a list 80 instructions a node.)
        if let last = pads.last, last.sameBits(pad) { return Int32(pads.count - 1) }
        return appendPadFound(pad, seen: seen)
    }

    /// `appendPad` past the last padding: a recent one equal to the bit, else a new one.
    @inline(never) mutating func appendPadFound(_ pad: Insets, seen: Int) -> Int32 {
        // (Two slots a hash, its own and its neighbour: two paddings that meet in
        // one slot would otherwise push each other out, and each come back new
        // in every card of a grid.)
        let slot = pad.bitsHash & (Self.recentPadSlots - 1), other = slot ^ 1
        if !recentPads.isEmpty {
            if case let k = recentPads[slot], k >= 0, pads[Int(k)].sameBits(pad) { return k }
            if case let k = recentPads[other], k >= 0, pads[Int(k)].sameBits(pad) { return k }
        } else if let first = pads.first {
            // The second padding: the table is made (a scene padded one way has none).
            recentPads = [Int32](repeating: -1, count: Self.recentPadSlots)
            recentPads[first.bitsHash & (Self.recentPadSlots - 1)] = 0
        }
        // Full at a thousand paddings or more: room for as many as the nodes still to
        // come will need at the rate so far (paddings no recent one matches), not
        // twice as many again, copied over while both are held. Few, they grow as
        // arrays do.
        if pads.count == pads.capacity, pads.count >= 1024, seen > 0 {
            pads.reserveCapacity(Swift.min(nodes, pads.count * nodes / seen + 1024))
        }
        pads.append(pad)
        if !recentPads.isEmpty {
            recentPads[recentPads[slot] >= 0 && recentPads[other] < 0 ? other : slot] = Int32(pads.count - 1)
        }
        return Int32(pads.count - 1)
    }

    /// Slots of `recentPads`: a fixed, small table (16 KB), overwritten on a
    /// clash of three; it only finds paddings again, and nothing grows with the scene.
    static let recentPadSlots = 4096
}

extension Insets {
    /// A hash of the four edges' bits (equal to the bit, equal hash). A product
    /// carries a bit only upwards and a whole number's low bits are all 0, so each
    /// step folds the high bits down, and the top bits, which every bit below
    /// reaches, come first (rotated to the bottom). (Combined by `^` alone, equal
    /// edges cancel: 0 and −0 on every edge hashed alike.)
    var bitsHash: Int {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func step(_ h: UInt64, _ x: Double) -> UInt64 {
            let p = (h ^ x.bitPattern) &* k
            return p ^ p >> 29
        }
        let h = step(step(step(step(0, top), leading), bottom), trailing)
        return Int(truncatingIfNeeded: h >> 52 | h << 12)
    }

    /// Equal to the bit on every edge.
    func sameBits(_ o: Insets) -> Bool {
        top.bitPattern == o.top.bitPattern && leading.bitPattern == o.leading.bitPattern
            && bottom.bitPattern == o.bottom.bitPattern && trailing.bitPattern == o.trailing.bitPattern
    }
}

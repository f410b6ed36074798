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
/// its padding in `Flattened.pads`, shared by a run of nodes padded alike (a
/// list's rows; a grid's cells are each padded their own way: `appendPad`).
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
    /// The paddings boxes point at: a new one only where it differs from the last.
    var pads: [Insets] = []
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

    /// A node's padding, as `pads`' last unless it differs from it to the bit
    /// (0 and −0 are not shared: the same numbers as before).
    /// `seen`: the nodes flattened so far.
    mutating func appendPad(_ pad: Insets, seen: Int) {
        if let last = pads.last, last.sameBits(pad) { return }
        // Full at a thousand paddings or more: room for as many as the nodes still to
        // come will need at the rate so far (a grid's nodes, each padded its own way:
        // one a node, at once), not twice as many again, copied over while both are
        // held (32 bytes a node; the last copy of a 100k grid's was 2 MB beside 4 MB,
        // at the evaluation's peak). Few, they grow as arrays do.
        if pads.count == pads.capacity, pads.count >= 1024, seen > 0 {
            pads.reserveCapacity(Swift.min(nodes, pads.count * nodes / seen + 1024))
        }
        pads.append(pad)
    }
}

extension Insets {
    /// Equal to the bit on every edge.
    func sameBits(_ o: Insets) -> Bool {
        top.bitPattern == o.top.bitPattern && leading.bitPattern == o.leading.bitPattern
            && bottom.bitPattern == o.bottom.bitPattern && trailing.bitPattern == o.trailing.bitPattern
    }
}

/// Reading a node's items for the evaluator: each compact item handed over as
/// its numbers and ranges straight from its slots (no `Item` built back, no
/// array of radii or edges, nothing to retain or release), the rest whole.

/// What `Items.fold` hands over.
public enum ItemPart {
    /// An item with no form below, built back whole (`align`, `fill`, a name or
    /// an expression instead of a number, corner clauses, …).
    case item(Item, SourceRange)
    /// One edge of a `pad` of literal numbers: the edge, its number and the number's range.
    case padEdge(Edge, Double, SourceRange)
    /// A shape item of literal numbers: what the shape is for, the shape, the item's range.
    case shape(ShapeUse, CompactShape, SourceRange)
    /// A `concentric` shape item with corner clauses, its expressions flat: what
    /// the shape is for, the shape, the item's range.
    case concentric(ShapeUse, ConcentricClauses, SourceRange)
    /// `width N`, `height N`, `size N` (`square`), or `size W x H` as its width then its height:
    /// the number and its range.
    case dimension(Dimension, Double, SourceRange)
    /// `hstack`, `vstack`, `zstack`, with `spacing N` (the number and its range) or none.
    case stack(StackAxis, spacing: Double?, SourceRange)
}

/// The item a shape is written in.
public enum ShapeUse: Sendable, Equatable, CaseIterable {
    case shape, container, clip, background, hit, transition, glass
}

/// A shape of literal numbers.
public enum CompactShape: Sendable, Equatable {
    /// A kind with no arguments (`capsule`).
    case plain(ShapeKind)
    /// A kind with one radius (`rect 12`): the radius and its range.
    case radius(ShapeKind, Double, SourceRange)
    /// `concentric [min M] [uniform]`, with no corner clauses: the minimum and its range.
    case concentric(minimum: Double?, SourceRange, uniform: Bool)
    /// A kind with four radii (`uneven(24, 24, 0, 0)`): the numbers and their ranges.
    case fourRadii(ShapeKind, FourNumbers)
}

/// Four literal numbers and their ranges, in the order written (`uneven`'s
/// radii clockwise from the top-leading corner).
public struct FourNumbers: Sendable, Equatable {
    public var values: (Double, Double, Double, Double)
    public var ranges: (SourceRange, SourceRange, SourceRange, SourceRange)

    public static func == (a: FourNumbers, b: FourNumbers) -> Bool {
        a.values.0.bitPattern == b.values.0.bitPattern && a.values.1.bitPattern == b.values.1.bitPattern
            && a.values.2.bitPattern == b.values.2.bitPattern && a.values.3.bitPattern == b.values.3.bitPattern
            && a.ranges == b.ranges
    }
}

public enum Dimension: Sendable, Equatable {
    case width, height
    /// `size N`: the width and the height.
    case square
}

extension Items {
    /// The items in order for a reader that folds them into properties (the
    /// evaluator): compact ones as their numbers, a `pad` edge by edge.
    public func fold(_ body: (ItemPart) -> Void) {
        // (The chunk borrowed, not retained and released around the walk: `self`
        // holds it for the whole call. The evaluator folds every node's items.)
        guard let held = chunk.map(Unmanaged.passUnretained) else { return }
        held._withUnsafeGuaranteedRef { chunk in Self.fold(chunk, start: Int(start), slots: Int(slots), origin: origin, body) }
    }

    /// `fold` of the items at `items` (a node's in the tree, read in place): the same,
    /// without their storage's count taken and dropped around it (a node's items passed
    /// on as a value were, two atomic counts for each node the evaluator reads).
    public static func fold(at items: UnsafePointer<Items>, _ body: (ItemPart) -> Void) {
        // (The storage borrowed from its reference's bits, the other fields read one by
        // one: a method called on `items.pointee`, or the reference passed on, took a
        // count of the storage for the call, however it was read.)
        guard let raw = UnsafeRawPointer(items).load(fromByteOffset: chunkOffset, as: UnsafeRawPointer?.self) else { return }
        let start = Int(items.pointee.start), slots = Int(items.pointee.slots), origin = items.pointee.origin
        Unmanaged<ItemChunk>.fromOpaque(raw)._withUnsafeGuaranteedRef { chunk in
            fold(chunk, start: start, slots: slots, origin: origin, body)
        }
    }
    /// Where `Items` keeps its storage's reference (a stored property: `offset(of:)` has it).
    static let chunkOffset = MemoryLayout<Items>.offset(of: \Items.chunk)!

    /// The slots of the items at `items` when they are shared with a node written alike
    /// (`Parser.replayLine` counts them from another `origin`, never 0): their storage's
    /// address, first slot and count, which name the same slots wherever they are read,
    /// and the origin. Nil for items read from their own slots (origin 0) or none.
    /// (For the evaluator's `PropsMemo`: the same slots fold to the same parts, each
    /// range `origin` − the other's further on.)
    public static func sharedSlots(at items: UnsafePointer<Items>)
        -> (storage: UnsafeRawPointer, start: UInt32, slots: UInt32, origin: Int32)? {
        let origin = items.pointee.origin
        guard origin != 0, let raw = UnsafeRawPointer(items).load(fromByteOffset: chunkOffset, as: UnsafeRawPointer?.self)
        else { return nil }
        return (raw, items.pointee.start, items.pointee.slots, origin)
    }

    @inline(__always)
    private static func fold(_ chunk: ItemChunk, start: Int, slots: Int, origin: Int32, _ body: (ItemPart) -> Void) {
        var i = start
        let end = i + slots
        while i < end {
            let s = chunk.first(at: i, origin: origin)
            let range = SourceRange(raw: s.start, s.end)
            switch s.tag {
            case .pad:
                for k in 0..<Int(s.width) {
                    let t = chunk.base[i + k]
                    body(.padEdge(Edge.decode(t.a), t.number, ItemChunk.numberRange(t, of: s)))
                }
            case .size:
                if s.width == 1 {
                    body(.dimension(.square, s.number, ItemChunk.numberRange(s, of: s)))
                } else {
                    let t = chunk.base[i + 1]
                    body(.dimension(.width, s.number, ItemChunk.numberRange(s, of: s)))
                    body(.dimension(.height, t.number, ItemChunk.numberRange(t, of: s)))
                }
            case .width: body(.dimension(.width, s.number, ItemChunk.numberRange(s, of: s)))
            case .height: body(.dimension(.height, s.number, ItemChunk.numberRange(s, of: s)))
            case .stack:
                let stack = StackSlot(s)
                body(.stack(stack.axis, spacing: stack.flags.contains(.hasSpacing) ? s.number : nil, ItemChunk.numberRange(s, of: s)))
            default:
                // A compact shape (its use from the one table of tags), else a kept item.
                if let use = ShapeUse(s.tag) {
                    switch ShapeSlot(s) {
                    case .clauses:
                        body(.concentric(use, ConcentricClauses(chunk: chunk, at: i, origin: origin), range))
                    case .plain, .radius, .concentric, .fourRadii:
                        body(.shape(use, chunk.compactShape(at: i, origin: origin), range))
                    }
                } else {
                    let (item, range) = chunk.item(at: i, origin: origin)
                    body(.item(item, range))
                }
            }
            i += Int(s.width)
        }
    }
}

extension ShapeUse {
    /// The use of a slot that holds a compact shape (`rect 12` after `container`, …); nil
    /// for a slot of any other kind. Every tag is named, with no `default`: a new tag is a
    /// compile error here until it is given a use or none.
    init?(_ tag: SlotTag) {
        switch tag {
        case .shape: self = .shape
        case .container: self = .container
        case .clip: self = .clip
        case .background: self = .background
        case .hit: self = .hit
        case .transition: self = .transition
        case .glass: self = .glass
        // `glass` with no shape of its own is kept as an item, like every other kind.
        case .glassAlone, .whole, .size, .width, .height, .pad, .align, .stack, .fill, .style, .role,
             .spacer, .offset, .more:
            return nil
        }
    }
}

extension ItemChunk {
    /// The range of the number a slot holds, counted from its item's first slot.
    static func numberRange(_ t: Slot, of first: Slot) -> SourceRange {
        let lo = Int(first.start) + Int(t.exprStart)
        return SourceRange(lo, lo + Int(t.exprLength))
    }

    /// The shape of the shape item at slot `i` (not one with clauses: `ConcentricClauses`).
    func compactShape(at i: Int, origin: Int32) -> CompactShape {
        let s = first(at: i, origin: origin)
        switch ShapeSlot(s) {
        case .clauses: preconditionFailure("a shape with clauses is read as `ConcentricClauses`")
        case .plain(let k): return .plain(k)
        case .radius(let k): return .radius(k, s.number, Self.numberRange(s, of: s))
        case .concentric(let flags):
            return .concentric(minimum: flags.contains(.hasMinimum) ? s.number : nil, Self.numberRange(s, of: s),
                               uniform: flags.contains(.uniform))
        case .fourRadii(let k):
            let b = base[i + 1], c = base[i + 2], d = base[i + 3]
            return .fourRadii(k, FourNumbers(values: (s.number, b.number, c.number, d.number),
                                             ranges: (Self.numberRange(s, of: s), Self.numberRange(b, of: s),
                                                      Self.numberRange(c, of: s), Self.numberRange(d, of: s))))
        }
    }
}

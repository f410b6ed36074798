/// A node's items, stored compactly.
///
/// A list row (`concentric min 15 height 30 pad h 6`) is three 16-byte slots
/// in a chunk the parser shares among many nodes, instead of an array of its
/// own holding 72-byte `Located<Item>`s and another array for pad's edges:
/// the common items (a shape or `container` written with no name, `size`,
/// `width`, `height`, `pad`, `align`, `stack`, `fill`, `style`, `role`,
/// `glass`, a `concentric` shape's corner clauses with their expressions as steps
/// in the parse's `ExprStore`, `uneven` of four numbers) are kept field by field
/// with their numbers inline; any other item (a name or an expression instead of
/// a number in most, `spacer`, `offset`, …), and any item that does not fit a
/// slot (`Slot.swift`: a number a `Float` does not hold exactly, a range too far
/// in, an item too long), is kept whole beside the slots. Reading an item builds
/// it back: the collection hands out the same `Located<Item>` values the parser built.
public struct Items: Sendable, Equatable, Collection, ExpressibleByArrayLiteral {
    let chunk: ItemChunk?
    let start: UInt32
    let slots: UInt32
    /// Where its slots' item starts are counted from: 0 for the items a parse
    /// wrote, a text's place for the same slots shared by a node written alike
    /// (`Parser.replayLine`: a grid's hundred paddings in a hundred thousand
    /// cells are a hundred runs of slots, not a hundred thousand).
    let origin: Int32

    init(chunk: ItemChunk?, start: Int, slots: Int, origin: Int32 = 0) {
        self.chunk = chunk; self.start = UInt32(start); self.slots = UInt32(slots); self.origin = origin
    }

    public init(_ items: [Located<Item>]) {
        guard !items.isEmpty else { self.init(chunk: nil, start: 0, slots: 0); return }
        let arena = ItemArena(chunkSize: items.count + 1)
        for it in items { arena.add(it.value, it.range) }
        self = arena.finish()
    }

    public init(arrayLiteral items: Located<Item>...) { self.init(items) }

    /// Where an item starts (an item may take several slots: it is not an ordinal).
    public struct Index: Comparable, Sendable {
        let slot: Int
        public static func < (a: Index, b: Index) -> Bool { a.slot < b.slot }
    }
    public var startIndex: Index { Index(slot: 0) }
    public var endIndex: Index { Index(slot: Int(slots)) }
    public var isEmpty: Bool { slots == 0 }
    public func index(after i: Index) -> Index {
        Index(slot: i.slot + Int(chunk!.base[Int(start) + i.slot].width))
    }
    public subscript(i: Index) -> Located<Item> { chunk!.decode(at: Int(start) + i.slot, origin: origin) }

    /// The last item (the collection only walks forwards).
    public var last: Located<Item>? {
        guard !isEmpty else { return nil }
        var i = startIndex, last = i
        while i < endIndex { last = i; i = index(after: i) }
        return self[last]
    }

    public static func == (a: Items, b: Items) -> Bool { a.elementsEqual(b) }

    /// From the first item's start to the furthest end of any item, read from
    /// the slots (no item built back); nil when there are none.
    public var span: SourceRange? {
        // (The chunk borrowed, as `fold` borrows it: the checker asks every node's span.)
        guard let held = chunk.map(Unmanaged.passUnretained) else { return nil }
        return held._withUnsafeGuaranteedRef { span(in: $0) }
    }

    @inline(__always) private func span(in chunk: ItemChunk) -> SourceRange? {
        var lo = Int.max, hi = Int.min
        var i = Int(start)
        let end = i + Int(slots)
        chunk.side.withUnsafeBufferPointer { side in
            while i < end {
                let s = chunk.first(at: i, origin: origin)
                let r = s.tag == .whole ? side[Int(s.start)].range : SourceRange(Int(s.start), Int(s.end))
                lo = Swift.min(lo, r.start); hi = Swift.max(hi, r.end)
                i += Int(s.width)
            }
        }
        return lo <= hi ? SourceRange(lo, hi) : nil
    }

    /// The edges of every `pad` item in order, the other items skipped
    /// without being built (the checker reads a node's padding this way).
    public func padEdges(_ body: (Edge, Expr) -> Void) {
        walk(padEdge: body, other: { chunk, _, s in
            if s.tag == .whole, case .pad(let edges) = chunk.side[Int(s.start)].value {
                for (edge, e) in edges { body(edge, e) }
            }
        })
    }

    /// The items that can name a binding, in order: those kept whole, and shapes
    /// with corner clauses (their expressions kept as steps); every other compact
    /// item holds only numbers and is skipped without being built (the checker's
    /// `unused-binding` walk reads a whole scene this way; `ItemsTests` checks that
    /// no item skipped holds a name).
    public func eachNaming(_ body: (Item) -> Void) {
        walk(padEdge: { _, _ in }, other: { chunk, i, s in
            if s.tag == .whole {
                body(chunk.side[Int(s.start)].value)
            } else if ShapeUse(s.tag) != nil, case .clauses = ShapeSlot(s) {
                body(chunk.item(at: i, origin: origin).0)
            }
        })
    }

    /// Each item's first slot in order (`other`: the chunk, the slot's place,
    /// the slot), except a compact `pad`, handed over edge by edge.
    @inline(__always)
    private func walk(padEdge: (Edge, Expr) -> Void, other: (ItemChunk, Int, Slot) -> Void) {
        // (The chunk borrowed, as `fold` borrows it: the checker walks every node's items.)
        guard let held = chunk.map(Unmanaged.passUnretained) else { return }
        held._withUnsafeGuaranteedRef { chunk in walk(chunk, padEdge: padEdge, other: other) }
    }

    @inline(__always)
    private func walk(_ chunk: ItemChunk, padEdge: (Edge, Expr) -> Void, other: (ItemChunk, Int, Slot) -> Void) {
        var i = Int(start)
        let end = i + Int(slots)
        while i < end {
            let s = chunk.first(at: i, origin: origin)
            if s.tag == .pad {
                for k in 0..<Int(s.width) {
                    let t = chunk.base[i + k]
                    padEdge(Edge.decode(t.a), ItemChunk.number(t, of: s))
                }
            } else {
                other(chunk, i, s)
            }
            i += Int(s.width)
        }
    }
}

/// Slots of many nodes' items, appended while parsing and never changed after.
/// A node's items are one run of slots in one chunk.
final class ItemChunk: @unchecked Sendable {
    let base: UnsafeMutablePointer<Slot>
    let capacity: Int
    /// (Not checked for exclusive access at run time, as `ExprStore`: written by
    /// one parse, or one shift of a tree's items (`ItemShiftArena`), on one
    /// thread, and only read after; the checker reads the items of most nodes,
    /// and each read went through those checks.)
    @exclusivity(unchecked) var used = 0
    @exclusivity(unchecked) var side: [Located<Item>] = []
    /// The steps of its flat expressions (shared by every chunk of a parse).
    let exprs: ExprStore

    init(capacity: Int, exprs: ExprStore) {
        self.capacity = max(capacity, 1)
        self.exprs = exprs
        base = .allocate(capacity: self.capacity)
    }
    deinit { base.deallocate() }

    /// The number a slot holds, its range counted from its item's first slot.
    static func number(_ t: Slot, of first: Slot) -> Expr { .number(t.number, numberRange(t, of: first)) }

    func decode(at i: Int, origin: Int32) -> Located<Item> {
        let (item, range) = item(at: i, origin: origin)
        return Located(item, range)
    }

    /// An item's first slot, `i`, its start counted from the file's (`Items.origin`):
    /// what every reader of a run reads first, so that the numbers' ranges, counted
    /// from it, are the file's too. (A `.whole` slot's start is a place in `side`.)
    @inline(__always) func first(at i: Int, origin: Int32) -> Slot {
        var s = base[i]
        if s.tag != .whole { s.start &+= origin }
        return s
    }

    /// The item starting at slot `i` of a run counted from `origin`, and its range.
    func item(at i: Int, origin: Int32) -> (Item, SourceRange) {
        let s = first(at: i, origin: origin)
        let range = SourceRange(Int(s.start), Int(s.end))
        func number(_ t: Slot) -> Expr { Self.number(t, of: s) }
        let item: Item
        switch s.tag {
        case .whole: return side.withUnsafeBufferPointer { ($0[Int(s.start)].value, $0[Int(s.start)].range) }
        case .shape, .container, .clip, .background, .hit, .transition, .glass:
            let shape: ShapeExpr
            switch ShapeSlot(s) {
            case .plain(let k): shape = .plain(k)
            case .radius(let k): shape = .radii(k, [number(s)])
            case .concentric(let flags):
                shape = .concentric(base: .concentric(minimum: flags.contains(.hasMinimum) ? number(s) : nil),
                                    uniform: flags.contains(.uniform), clauses: [])
            case .clauses: shape = ConcentricClauses(chunk: self, at: i, origin: origin).shape
            case .fourRadii(let k): shape = .radii(k, [number(s), number(base[i + 1]), number(base[i + 2]), number(base[i + 3])])
            }
            switch s.tag {
            case .shape: item = .shape(shape)
            case .container: item = .container(shape)
            case .clip: item = .clip(shape)
            case .background: item = .background(shape)
            case .hit: item = .hit(shape)
            case .transition: item = .transition(shape)
            default: item = .glass(shape)
            }
        case .glassAlone: item = .glass(nil)
        case .size:
            let w = number(s)
            item = .size(w, s.width == 1 ? w : number(base[i + 1]))
        case .width: item = .width(number(s))
        case .height: item = .height(number(s))
        case .pad:
            var edges: [(Edge, Expr)] = []
            edges.reserveCapacity(Int(s.width))
            for k in 0..<Int(s.width) { edges.append((Edge.decode(base[i + k].a), number(base[i + k]))) }
            item = .pad(edges)
        case .align: item = .align(Alignment.decode(s.a))
        case .stack:
            let stack = StackSlot(s)
            item = .stack(stack.axis, spacing: stack.flags.contains(.hasSpacing) ? number(s) : nil)
        case .fill:
            let v = s.value
            var c = Color(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                          b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
            c.nameIndex = s.exprStart
            item = .fill(c)
        case .style: item = .style(CornerStyle.decode(s.a))
        case .role: item = .role(Role.decode(s.a))
        case .more: preconditionFailure("an item starts at a continuation slot")
        case .spacer, .offset: preconditionFailure("a spacer or an offset is kept whole")
        }
        return (item, range)
    }
}

/// Where the parser puts items: each item's slots go straight to the end of
/// the current chunk; `finish()` hands over the node's run. When a chunk is
/// full, the node's slots so far move to a new one (a run is never split).
final class ItemArena {
    private(set) var chunk: ItemChunk
    /// The first slot of the node being written.
    private var nodeStart = 0
    let chunkSize: Int
    /// The steps of the parse's compact items' expressions, and a scratch run of a tree's steps.
    let exprs = ExprStore()
    var treeSteps: [FlatStep] = []

    init(chunkSize: Int) {
        assert(SlotCodes.verified, "a SlotCode enum is not one byte of payload-free cases")
        self.chunkSize = chunkSize
        chunk = ItemChunk(capacity: chunkSize, exprs: exprs)
    }
    convenience init(sourceBytes: Int) { self.init(chunkSize: min(8192, max(32, sourceBytes / 12))) }

    /// (The item and its range apart: a generic `Located` would be copied
    /// through its value witnesses.)
    func add(_ item: Item, _ range: SourceRange) {
        if !encode(item, range) {
            reserve(1)
            chunk.side.append(Located(item, range))
            emit(Slot(tag: .whole, start: Int32(chunk.side.count - 1)))
        }
    }

    /// The slots of the item being parsed, written by the parser as it reads a
    /// form with literal numbers (no `Item` built, encoded and destroyed):
    /// `commit` moves them after the node's other items, `dropPending` drops them.
    /// (A buffer, not an array: an array in a class is checked for exclusive
    /// access at run time on every append.)
    let pending = UnsafeMutablePointer<Slot>.allocate(capacity: 255)
    var pendingCount = 0

    deinit { pending.deallocate() }

    /// The pending item's kind (its first slot's tag).
    var pendingTag: SlotTag { pending[0].tag }

    /// Adds a slot to the pending item, which starts at `itemStart`: the first
    /// one with `tag`, the next ones as `.more`. False, adding nothing, when the
    /// number's range does not fit in a slot, a `Float` does not hold the number
    /// exactly, or the item has 255 slots already (the parser then builds the
    /// `Item`, kept whole if need be).
    @inline(__always) func pend(_ tag: SlotTag, _ shape: ShapeSlot, _ e: Expr? = nil, itemStart: Int) -> Bool {
        let (a, b) = shape.fields
        return pend(tag, a: a, b: b, e, itemStart: itemStart)
    }
    /// A shape of four literal radii (`uneven(1, 12, 7, 8)`), pended in four slots;
    /// false, pending nothing, when one is not a literal number (it is built whole).
    func pendFourRadii(_ tag: SlotTag, _ kind: ShapeKind, _ radii: [Expr], itemStart: Int) -> Bool {
        guard pendingCount == 0, radii.count == 4 else { return false }
        let (a, b) = ShapeSlot.fourRadii(kind).fields
        for e in radii {
            guard pend(tag, a: a, b: b, e, itemStart: itemStart) else { dropPending(); return false }
        }
        return true
    }
    @inline(__always) func pend(_ tag: SlotTag, _ stack: StackSlot, _ e: Expr? = nil, itemStart: Int) -> Bool {
        pend(tag, a: stack.axis.code, b: stack.flags.rawValue, e, itemStart: itemStart)
    }
    @inline(__always) func pend(_ tag: SlotTag, a: UInt8 = 0, b: UInt8 = 0, _ e: Expr? = nil, itemStart: Int) -> Bool {
        let n = pendingCount
        guard n < 255 else { return false }
        var s = Slot(tag: n == 0 ? tag : .more, a: a, b: b)
        if let e { guard Self.number(e, SourceRange(itemStart, itemStart), &s) else { return false } }
        pending[n] = s
        pendingCount = n + 1
        return true
    }

    /// The pending `pad`'s edges so far, as the parser would have built them
    /// (when a later edge is not a literal number and the item is built whole).
    func pendingEdges(itemStart: Int) -> [(Edge, Expr)] {
        let first = Slot(tag: .pad, start: Int32(clamping: itemStart))
        let edges = (0..<pendingCount).map { (Edge.decode(pending[$0].a), ItemChunk.number(pending[$0], of: first)) }
        pendingCount = 0
        return edges
    }

    func dropPending() { pendingCount = 0 }

    /// Writes the pending item, whose source is `range`, after the node's items so far.
    func commit(_ range: SourceRange) {
        guard range.length <= Slot.longest else { commitWhole(range); return }
        let n = pendingCount
        pending[0].start = range.lo
        pending[0].length = UInt16(range.length)
        pending[0].width = UInt8(n)
        reserve(n)
        (chunk.base + chunk.used).initialize(from: pending, count: n)
        chunk.used += n
        pendingCount = 0
    }

    /// The pending item when it is longer than a slot's length holds
    /// (`concentric`, 70,000 blanks, `uniform`): built back from its slots, put
    /// after the node's items but not counted (its numbers' ranges are counted
    /// from its start, which is right), and kept whole. (Apart, so that `commit`
    /// stays small enough to be inlined into the parser.)
    @inline(never)
    private func commitWhole(_ range: SourceRange) {
        let n = pendingCount
        pending[0].start = range.lo
        pending[0].width = UInt8(n)
        reserve(n)
        (chunk.base + chunk.used).initialize(from: pending, count: n)
        pendingCount = 0
        add(chunk.item(at: chunk.used, origin: 0).0, range)
    }

    /// The current node's items; the next node starts after them.
    func finish() -> Items {
        let n = chunk.used - nodeStart
        guard n > 0 else { return [] }
        defer { nodeStart = chunk.used }
        return Items(chunk: chunk, start: nodeStart, slots: n)
    }

    /// Room for `n` more slots of the current node.
    func reserve(_ n: Int) {
        guard chunk.capacity - chunk.used < n else { return }
        let pending = chunk.used - nodeStart
        let next = ItemChunk(capacity: max(chunkSize, 2 * (pending + n)), exprs: exprs)
        for k in 0..<pending {
            var t = chunk.base[nodeStart + k]
            if t.tag == .whole {
                next.side.append(chunk.side[Int(t.start)])
                t.start = Int32(next.side.count - 1)
            }
            next.base[k] = t
        }
        next.used = pending
        chunk = next
        nodeStart = 0
    }

    func emit(_ s: Slot) {
        chunk.base[chunk.used] = s
        chunk.used += 1
    }

    /// Writes the item's slots when it has a compact form; writes nothing and
    /// returns false when it has none.
    func encode(_ item: Item, _ r: SourceRange) -> Bool {
        guard r.length <= Slot.longest else { return false }
        var s = Slot(tag: .whole, start: r.lo)
        s.length = UInt16(r.length)
        switch item {
        case .shape(let x): return shape(x, .shape, s)
        case .container(let x): return shape(x, .container, s)
        case .clip(let x): return shape(x, .clip, s)
        case .background(let x): return shape(x, .background, s)
        case .hit(let x): return shape(x, .hit, s)
        case .transition(let x): return shape(x, .transition, s)
        case .glass(let x?): return shape(x, .glass, s)
        case .glass(nil): s.tag = .glassAlone
        case .size(let w, let h):
            s.tag = .size
            guard Self.number(w, r, &s) else { return false }
            if w != h {
                var t = Slot(tag: .more)
                guard Self.number(h, r, &t) else { return false }
                s.width = 2
                reserve(2)
                emit(s)
                emit(t)
                return true
            }
        case .width(let e): s.tag = .width; guard Self.number(e, r, &s) else { return false }
        case .height(let e): s.tag = .height; guard Self.number(e, r, &s) else { return false }
        case .pad(let edges): return pad(edges, s)
        case .align(let x): s.tag = .align; s.a = x.code
        case .stack(let axis, let spacing):
            s.tag = .stack
            StackSlot(axis: axis, flags: spacing == nil ? [] : .hasSpacing).encode(into: &s)
            if let spacing { guard Self.number(spacing, r, &s) else { return false } }
        case .fill(let c):
            s.tag = .fill
            s.value = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
            s.exprStart = c.nameIndex
        case .style(let x): s.tag = .style; s.a = x.code
        case .role(let x): s.tag = .role; s.a = x.code
        case .spacer, .offset: return false  // rare: kept whole
        }
        reserve(1)
        emit(s)
        return true
    }

    /// A pad whose every edge is a number: one slot an edge.
    private func pad(_ edges: [(Edge, Expr)], _ s: Slot) -> Bool {
        guard !edges.isEmpty, edges.count < 256 else { return false }
        let r = SourceRange(raw: s.start, s.end)
        var probe = s
        for (_, e) in edges { guard Self.number(e, r, &probe) else { return false } }
        reserve(edges.count)
        for (k, (edge, e)) in edges.enumerated() {
            var t = k == 0 ? s : Slot(tag: .more)
            if k == 0 { t.tag = .pad; t.width = UInt8(edges.count) }
            t.a = edge.code
            _ = Self.number(e, r, &t)
            emit(t)
        }
        return true
    }

    private func shape(_ x: ShapeExpr, _ tag: SlotTag, _ first: Slot) -> Bool {
        var s = first
        s.tag = tag
        let r = SourceRange(raw: s.start, s.end)
        switch x {
        case .plain(let k): ShapeSlot.plain(k).encode(into: &s)
        case .radii(let k, let es) where es.count == 4 && k.arguments == .fourRadii:
            // (As `pad`: every number checked first, then a slot each.)
            var probe = s
            for e in es { guard Self.number(e, r, &probe) else { return false } }
            ShapeSlot.fourRadii(k).encode(into: &s)
            s.width = 4
            reserve(4)
            for (j, e) in es.enumerated() {
                var t = j == 0 ? s : Slot(tag: .more)
                _ = Self.number(e, r, &t)
                emit(t)
            }
            return true
        case .radii(let k, let es):
            guard es.count == 1, k.arguments == .radius else { return false }
            ShapeSlot.radius(k).encode(into: &s)
            guard Self.number(es[0], r, &s) else { return false }
        case .concentric(let base, let uniform, let clauses):
            guard case .concentric(let m) = base else { return false }
            guard clauses.isEmpty else { return concentric(minimum: m, uniform: uniform, clauses: clauses, s) }
            ShapeSlot.concentric(ShapeSlot.ConcentricFlags(minimum: m != nil, uniform: uniform)).encode(into: &s)
            if let m { guard Self.number(m, r, &s) else { return false } }
        }
        reserve(1)
        emit(s)
        return true
    }

    /// A literal number inside the item's range, with its range as offsets that fit
    /// (`Slot.fits`), and held exactly by a `Float` (`Slot.hold`); else false, `s` unchanged.
    @inline(__always) static func number(_ e: Expr, _ item: SourceRange, _ s: inout Slot) -> Bool {
        guard case .number(let v, let r) = e else { return false }
        let offset = r.start - item.start
        guard Slot.fits(offset: offset, length: r.length), s.hold(v) else { return false }
        s.exprStart = UInt8(offset)
        s.exprLength = UInt8(r.length)
        return true
    }
}

/// The packed fields of a shape item's slot (`shape`, `container`, `clip`, …):
/// which form it is in `a`, the kind or the flags in `b`; the number (radius or
/// minimum) is the slot's number. Encoded and decoded here and nowhere else.
enum ShapeSlot: Equatable {
    /// A kind with no arguments (`capsule`).
    case plain(ShapeKind)
    /// A kind with one literal radius (`rect 12`).
    case radius(ShapeKind)
    /// `concentric [min M] [uniform]` with no corner clauses.
    case concentric(ConcentricFlags)
    /// `concentric [min M] [uniform] (clauses)`, its expressions flat (`ConcentricClauses`).
    case clauses(ConcentricFlags)
    /// A kind with four literal radii (`uneven(24, 24, 0, 0)`): the first in this
    /// slot, the other three in the three `.more` slots after it.
    case fourRadii(ShapeKind)

    /// Field `a`: the form.
    enum Form: CaseIterable { case plain, radius, concentric, clauses, fourRadii }

    /// Field `b` of a `concentric` slot.
    struct ConcentricFlags: OptionSet, Equatable {
        let rawValue: UInt8
        static let hasMinimum = ConcentricFlags(rawValue: 1)
        static let uniform = ConcentricFlags(rawValue: 2)
        init(rawValue: UInt8) { self.rawValue = rawValue }
        init(minimum: Bool, uniform: Bool) {
            self = []
            if minimum { insert(.hasMinimum) }
            if uniform { insert(.uniform) }
        }
    }

    /// The slot's `a` and `b`.
    @inline(__always) var fields: (a: UInt8, b: UInt8) {
        switch self {
        case .plain(let k): return (Form.plain.code, k.code)
        case .radius(let k): return (Form.radius.code, k.code)
        case .concentric(let f): return (Form.concentric.code, f.rawValue)
        case .clauses(let f): return (Form.clauses.code, f.rawValue)
        case .fourRadii(let k): return (Form.fourRadii.code, k.code)
        }
    }

    @inline(__always) func encode(into s: inout Slot) { (s.a, s.b) = fields }

    /// What a shape item's slot holds.
    @inline(__always) init(_ s: Slot) {
        switch Form.decode(s.a) {
        case .plain: self = .plain(ShapeKind.decode(s.b))
        case .radius: self = .radius(ShapeKind.decode(s.b))
        case .concentric: self = .concentric(ConcentricFlags(rawValue: s.b))
        case .clauses: self = .clauses(ConcentricFlags(rawValue: s.b))
        case .fourRadii: self = .fourRadii(ShapeKind.decode(s.b))
        }
    }
}

/// The packed fields of a `stack` slot: the axis in `a`, flags in `b`; the
/// spacing, when there is one, is the slot's number.
struct StackSlot: Equatable {
    var axis: StackAxis
    var flags: Flags

    /// Field `b`.
    struct Flags: OptionSet, Equatable {
        let rawValue: UInt8
        static let hasSpacing = Flags(rawValue: 1)
    }

    init(axis: StackAxis, flags: Flags) { self.axis = axis; self.flags = flags }

    @inline(__always) func encode(into s: inout Slot) { s.a = axis.code; s.b = flags.rawValue }

    @inline(__always) init(_ s: Slot) { axis = StackAxis.decode(s.a); flags = Flags(rawValue: s.b) }
}

/// One-byte codes for the small enums a slot holds (their cases in order).
///
/// The codes are the enums' own bytes (`unsafeBitCast`): right only for an
/// enum of payload-free cases, one byte in memory, whose case number k is
/// stored as k. A payload, a 257th case or an empty enum would break that
/// silently, so `codesRoundTrip` checks it for each type: `SlotCodes.verified`
/// is asserted whenever an `ItemArena` is made (debug builds) and tested.
protocol SlotCode: CaseIterable, Equatable {}
extension SlotCode {
    var code: UInt8 { unsafeBitCast(self, to: UInt8.self) }
    static func decode(_ c: UInt8) -> Self { unsafeBitCast(c, to: Self.self) }

    /// Whether the type is one byte and case k (in `allCases` order) is code k both ways.
    static var codesRoundTrip: Bool {
        guard MemoryLayout<Self>.size == 1, MemoryLayout<Self>.stride == 1, allCases.count <= 256 else { return false }
        return allCases.enumerated().allSatisfy { k, c in c.code == UInt8(k) && decode(UInt8(k)) == c }
    }
}
extension ShapeKind: SlotCode {}
extension ShapeSlot.Form: SlotCode {}
extension Edge: SlotCode {}
extension Alignment: SlotCode {}
extension StackAxis: SlotCode {}
extension CornerStyle: SlotCode {}
extension Role: SlotCode {}
extension Keyword: SlotCode {}
extension CornerSet: SlotCode {}

enum SlotCodes {
    /// Every `SlotCode` type's codes round-trip (computed once).
    static let verified = ShapeKind.codesRoundTrip && ShapeSlot.Form.codesRoundTrip && Edge.codesRoundTrip && Alignment.codesRoundTrip
        && StackAxis.codesRoundTrip && CornerStyle.codesRoundTrip && Role.codesRoundTrip && Keyword.codesRoundTrip
        && CornerSet.codesRoundTrip
}

/// Expressions in flat steps: the parser writes every expression this way
/// (`FlatStep`, postfix order: `min(k3, k21 - inset / 2)` is `k3 k21 inset 2
/// apply(/) chain(2) apply(-) chain(2) min(2)`), and a tree is built from the
/// steps only for a caller that wants one. A compact `concentric (…)` item keeps
/// its clauses' steps as they are (`ExprCode`, 8 bytes a step, names as
/// numbers into one table of the parse), not a tree of arrays (~520 bytes for
/// that clause's `min`); the evaluator works their values out in place
/// (`CompactExpr.value`), and reading the item builds the tree back.

/// What a step does.
enum StepOp: UInt8, CaseIterable {
    /// Push a number (`payload`: its bits) or a name's value (`payload`: its number in the `ExprStore`).
    case number, name
    /// Negate the last value.
    case negate
    /// Replace the last two values x, y with x op y (`payload`: `Expr.BinaryOp.code`): one
    /// operator of a chain, which reads left to right as `Evaluator.eval` does.
    case apply
    /// The end of a chain of `payload` operands (its operators already applied):
    /// nothing to work out, it gives the tree its chain and the chain its range.
    case chain
    /// Replace the last `payload` values with the least or the greatest.
    case min, max
}

/// One step as the parser writes it: its range in the file.
struct FlatStep {
    var payload: UInt64
    var range: SourceRange
    var op: StepOp
}

/// One step as a compact item keeps it, in 8 bytes (a million-node scene of
/// corner clauses keeps ten million): its range counted from the item's start.
/// A number is kept as its `Float` when that is the same number to the bit
/// (`12`, `0.5`, `-0`: nearly every number written), else in the store's
/// `numbers` (`0.1`), its place the payload.
struct ExprCode {
    /// A name's number, an operator's code, a count; a number's `Float` bits or its place in `numbers`.
    let payload: UInt32
    /// The op (3 bits: `StepOp`'s raw value, or `wideNumber`), then the length (13 bits), then the offset (16).
    let packed: UInt32

    /// The op bits of a number kept in the store's `numbers`: past every `StepOp`'s
    /// raw value, which fit the 3 bits below it (`ItemsExprTests` fails when a case does not).
    static let wideNumber: UInt32 = 7
    /// The longest range (a step of a longer one leaves its item whole) and the furthest offset.
    static let maxLength = (1 << 13) - 1
    static let maxOffset = Int(UInt16.max)

    /// A step of `op` whose range is `length` bytes at `offset` from the item's start (within the limits above).
    init(op: UInt32, payload: UInt32, offset: Int, length: Int) {
        self.payload = payload
        packed = op | UInt32(truncatingIfNeeded: length) << 3 | UInt32(truncatingIfNeeded: offset) << 16
    }

    @inline(__always) var op: StepOp {
        let bits = packed & 7
        return bits == Self.wideNumber ? .number : StepOp(rawValue: UInt8(truncatingIfNeeded: bits))!
    }
    @inline(__always) var length: Int { Int(packed >> 3 & 0x1FFF) }
    @inline(__always) var offset: Int { Int(packed >> 16) }

    /// A number step's value (`numbers`: the store's, for a number kept wide).
    @inline(__always) func number(_ numbers: UnsafePointer<Double>?) -> Double {
        packed & 7 == Self.wideNumber ? numbers![Int(payload)] : Double(Float(bitPattern: payload))
    }
}

extension Expr.BinaryOp {
    var code: UInt64 {
        switch self {
        case .add: return 0
        case .sub: return 1
        case .mul: return 2
        case .div: return 3
        }
    }
    /// The operator of a code's two low bits.
    @inline(__always) static func decode(_ code: UInt64) -> Expr.BinaryOp {
        switch code & 3 {
        case 0: return .add
        case 1: return .sub
        case 2: return .mul
        default: return .div
        }
    }
}

/// Building trees from steps (the one way, for the parser's steps and for a compact item's).
enum FlatTree {
    /// The trees of `count` steps (one a complete expression in them, in order);
    /// `step(i)` reads step i, `name(id)` a name.
    static func trees(count: Int, _ step: (Int) -> (StepOp, UInt64, SourceRange), name: (Int) -> String) -> [Expr] {
        // A chain being read is kept as its operands and operators until its `chain` step.
        enum Entry { case expr(Expr), partial([Expr], [Expr.BinaryOp]) }
        var stack: [Entry] = []
        func pop() -> Expr {
            guard case .expr(let e) = stack.removeLast() else { preconditionFailure("an unfinished chain as a value") }
            return e
        }
        for i in 0..<count {
            let (op, payload, r) = step(i)
            switch op {
            case .number: stack.append(.expr(.number(Double(bitPattern: payload), r)))
            case .name: stack.append(.expr(.name(name(Int(payload)), r)))
            case .negate: stack.append(.expr(.negate(pop(), r)))
            case .apply:
                let y = pop()
                let o = Expr.BinaryOp.decode(payload)
                switch stack.removeLast() {
                case .partial(var xs, var ops): xs.append(y); ops.append(o); stack.append(.partial(xs, ops))
                case .expr(let x): stack.append(.partial([x, y], [o]))
                }
            case .chain:
                guard case .partial(let xs, let ops) = stack.removeLast() else { preconditionFailure("a chain with no operators") }
                stack.append(.expr(.chain(xs, ops, r)))
            case .min, .max:
                var xs = [Expr](repeating: .invalid(r), count: Int(payload))
                for k in xs.indices.reversed() { xs[k] = pop() }
                stack.append(.expr(.call(op == .min ? .min : .max, xs, r)))
            }
        }
        return stack.map { if case .expr(let e) = $0 { return e } else { preconditionFailure("an unfinished chain") } }
    }

    /// The steps of a tree, appended (what the parser writes for it); false when it has none (`.invalid`).
    static func steps(_ e: Expr, into out: inout [FlatStep], names: ExprStore) -> Bool {
        switch e {
        case .number(let v, let r): out.append(FlatStep(payload: v.bitPattern, range: r, op: .number))
        case .name(let n, let r): out.append(FlatStep(payload: UInt64(names.id(of: n)), range: r, op: .name))
        case .negate(let x, let r):
            guard steps(x, into: &out, names: names) else { return false }
            out.append(FlatStep(payload: 0, range: r, op: .negate))
        case .chain(let xs, let ops, let r):
            guard !xs.isEmpty, ops.count == xs.count - 1, steps(xs[0], into: &out, names: names) else { return false }
            for (x, o) in zip(xs.dropFirst(), ops) {
                guard steps(x, into: &out, names: names) else { return false }
                out.append(FlatStep(payload: o.code, range: .empty, op: .apply))
            }
            out.append(FlatStep(payload: UInt64(xs.count), range: r, op: .chain))
        case .call(let f, let xs, let r):
            guard !xs.isEmpty else { return false }
            for x in xs { guard steps(x, into: &out, names: names) else { return false } }
            out.append(FlatStep(payload: UInt64(xs.count), range: r, op: f == .min ? .min : .max))
        case .invalid: return false
        }
        return true
    }
}

/// One flat expression of a compact item, read in place.
public struct CompactExpr {
    public let store: ExprStore
    let first: Int
    let count: Int
    /// Its item's start (the steps' ranges are counted from it).
    let itemStart: Int
    /// Where its steps are (kept alive by `store`).
    let steps: UnsafePointer<ExprCode>

    init(store: ExprStore, first: Int, count: Int, itemStart: Int) {
        self.store = store; self.first = first; self.count = count; self.itemStart = itemStart
        steps = UnsafePointer(store.pointer(first))
    }

    /// The tree, as the parser built it.
    public var expr: Expr {
        store.withNumbers { numbers in
            FlatTree.trees(count: count, { i in
                let c = steps[i]
                let lo = itemStart + c.offset
                let payload = c.op == .number ? c.number(numbers).bitPattern : UInt64(c.payload)
                return (c.op, payload, SourceRange(lo, lo + c.length))
            }, name: store.name)[0]
        }
    }

    /// The names it uses, in the order the tree has them.
    public func names(_ body: (String) -> Void) {
        for i in 0..<count where steps[i].op == .name { body(store.name(Int(steps[i].payload))) }
    }

    /// Its value, the names' values from `value` (by their number in `store`),
    /// worked out as `Evaluator.eval` works out the tree: the same operations
    /// in the same order. Nil when a name has no value or a divisor is 0 (the
    /// tree then says which).
    public func value(_ value: (Int) -> Double?) -> Double? {
        store.withNumbers { numbers in Self.evaluate(steps, count, numbers, value) }
    }

    /// The value of the `count` steps at `steps` (`value(_:)`; `ConcentricClauses.value(of:_:)`).
    @inline(__always) static func evaluate(_ steps: UnsafePointer<ExprCode>, _ count: Int, _ numbers: UnsafePointer<Double>?,
                                           _ value: (Int) -> Double?) -> Double? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { stack in
            var sp = 0
            for i in 0..<count {
                let c = steps[i]
                switch c.op {
                case .number: stack[sp] = c.number(numbers); sp += 1
                case .name:
                    guard let v = value(Int(c.payload)) else { return nil }
                    stack[sp] = v; sp += 1
                case .negate: stack[sp - 1] = -stack[sp - 1]
                case .apply:
                    let y = stack[sp - 1]
                    let o = Expr.BinaryOp.decode(UInt64(c.payload))
                    if o == .div, y == 0 { return nil }
                    sp -= 1
                    stack[sp - 1] = o.apply(stack[sp - 1], y)
                case .chain: break
                case .min, .max:
                    let at = sp - Int(c.payload)
                    var r = stack[at]
                    for k in at + 1..<sp {
                        let v = stack[k]
                        if c.op == .min ? v < r : r < v { r = v }
                    }
                    stack[at] = r; sp = at + 1
                }
            }
            return stack[0]
        }
    }
}

/// A corner clause as the parser reads it: its value is a run of the parser's steps.
struct FlatClause {
    var set: CornerSet
    var fixed: Bool
    var value: Range<Int>?
    var uniform: Bool
    var range: SourceRange
}

/// A `concentric` shape with corner clauses, read from its slots: the first
/// holds the form, the flags, and where its run of steps starts in `value`
/// (the minimum's steps first, `exprLength` of them, at most 255); then one
/// `.more` slot a clause: its set in `a`, `ClauseFlags` in `b`, its range from
/// the item's start in `exprStart`/`exprLength` (each at most 255, else the
/// item is kept whole), its value's steps (their place in the run and how
/// many) in `start`/`length`.
public struct ConcentricClauses {
    let chunk: ItemChunk
    let at: Int
    /// Where the run's starts are counted from (`Items.origin`).
    let origin: Int32

    struct ClauseFlags: OptionSet {
        let rawValue: UInt8
        static let fixed = ClauseFlags(rawValue: 1)
        static let hasValue = ClauseFlags(rawValue: 2)
        static let uniform = ClauseFlags(rawValue: 4)
    }

    private var first: Slot { chunk.first(at: at, origin: origin) }
    private var run: Int { Int(first.value) }
    private func expr(_ offset: Int, _ count: Int) -> CompactExpr {
        CompactExpr(store: chunk.exprs, first: run + offset, count: count, itemStart: Int(first.start))
    }

    public var uniform: Bool { ShapeSlot.ConcentricFlags(rawValue: first.b).contains(.uniform) }
    /// `min M` after the keyword.
    public var minimum: CompactExpr? {
        ShapeSlot.ConcentricFlags(rawValue: first.b).contains(.hasMinimum) ? expr(0, Int(first.exprLength)) : nil
    }
    public var count: Int { Int(first.width) - 1 }

    /// One clause, as `clause(_:)` reads it. (A struct, not a tuple: the evaluator
    /// reads every clause of every node, and a tuple holding a reference was
    /// destroyed through the runtime's generic tuple code.)
    public struct Clause {
        public let set: CornerSet
        public let fixed: Bool
        public let value: CompactExpr?
        public let uniform: Bool
        public let range: SourceRange
    }

    /// Clause `k`: its corners, whether it is `fixed` (else `concentric`), its
    /// radius or minimum (nil for `concentric` with none), `uniform`, its range.
    public func clause(_ k: Int) -> Clause {
        let h = head(k), s = chunk.base[at + 1 + k]
        let lo = Int(first.start) + Int(s.exprStart)
        return Clause(set: h.set, fixed: h.fixed, value: h.hasValue ? value(k) : nil,
                      uniform: h.uniform, range: SourceRange(lo, lo + Int(s.exprLength)))
    }

    /// Clause `k` without its value's expression: its corners, whether it is
    /// `fixed`, `uniform`, and whether it has a value (`value(k)`). No reference
    /// in it: the evaluator reads every clause of every node, and each `Clause`,
    /// whose value holds the store, was copied several times over as it was read.
    public struct Head {
        public let set: CornerSet
        public let fixed: Bool
        public let uniform: Bool
        public let hasValue: Bool
    }

    /// Clause `k`'s head, as `clause(k)` reads it.
    public func head(_ k: Int) -> Head {
        let s = chunk.base[at + 1 + k]
        let flags = ClauseFlags(rawValue: s.b)
        return Head(set: CornerSet.decode(s.a), fixed: flags.contains(.fixed), uniform: flags.contains(.uniform),
                    hasValue: flags.contains(.hasValue))
    }

    /// Clause `k`'s radius or minimum, which it has (`head(k).hasValue`): `clause(k).value!`.
    public func value(_ k: Int) -> CompactExpr {
        let s = chunk.base[at + 1 + k]
        return expr(Int(s.start), Int(s.length))
    }

    /// Where one of its expressions' steps are in the store: the minimum's
    /// (`minimumSteps`) or clause k's value's (`valueSteps(k)`). Read with
    /// `value(of:_:)`, no `CompactExpr` is made, and so no reference to the
    /// store counted for it (the evaluator works out every clause of every node).
    public struct Steps {
        let first: Int
        let count: Int
    }
    public var minimumSteps: Steps? {
        ShapeSlot.ConcentricFlags(rawValue: first.b).contains(.hasMinimum) ? Steps(first: run, count: Int(first.exprLength)) : nil
    }
    public func valueSteps(_ k: Int) -> Steps {
        let s = chunk.base[at + 1 + k]
        return Steps(first: run + Int(s.start), count: Int(s.length))
    }
    /// What `minimum` or `value(k)`'s `value(_:)` gives for the same steps.
    public func value(of steps: Steps, _ value: (Int) -> Double?) -> Double? {
        let store = chunk.exprs
        return store.withNumbers { numbers in CompactExpr.evaluate(store.pointer(steps.first), steps.count, numbers, value) }
    }
    /// The store that numbers its expressions' names, borrowed for `body` (the clauses hold it).
    public func withStore<R>(_ body: (ExprStore) -> R) -> R {
        Unmanaged.passUnretained(chunk.exprs)._withUnsafeGuaranteedRef(body)
    }

    /// The item, built back whole, and its range.
    public var item: (Item, SourceRange) { chunk.item(at: at, origin: origin) }

    /// The shape, built back.
    var shape: ShapeExpr {
        var clauses: [CornerClause] = []
        clauses.reserveCapacity(count)
        for k in 0..<count {
            let c = clause(k)
            let spec: CornerSpec = c.fixed ? .fixed(c.value!.expr) : .concentric(minimum: c.value?.expr)
            clauses.append(CornerClause(set: c.set, spec: spec, uniform: c.uniform, range: c.range))
        }
        return .concentric(base: .concentric(minimum: minimum?.expr), uniform: uniform, clauses: clauses)
    }
}

extension ItemArena {
    /// The slots of a `concentric` shape with clauses as `ConcentricClauses`
    /// reads them, written as the pending item (the first slot's tag and range from
    /// `first`), its minimum's and clauses' steps (runs of `steps`) put in the
    /// store; false, putting nothing, when a range or the steps do not fit.
    func clauses(minimum: Range<Int>?, uniform: Bool, _ clauses: [FlatClause], steps: [FlatStep], first: Slot, itemStart: Int) -> Bool {
        guard clauses.count < 255 else { return false }
        return steps.withUnsafeBufferPointer { st in
            @inline(__always) func fits(_ r: SourceRange) -> Bool { Slot.fits(offset: r.start - itemStart, length: r.length) }
            func runFits(_ run: Range<Int>) -> Bool {
                for i in run where !exprs.fits(st[i], offset: st[i].range.start - itemStart) { return false }
                return true
            }
            var n = 0
            if let minimum { guard minimum.count <= Int(UInt8.max), runFits(minimum) else { return false }; n = minimum.count }
            for c in clauses {
                guard fits(c.range) else { return false }
                if let v = c.value { guard runFits(v) else { return false }; n += v.count }
            }
            guard n <= ExprStore.pageSize else { return false }
            let (run, base) = exprs.reserve(n)
            var next = 0
            func put(_ r: Range<Int>) {
                for i in r {
                    base[next] = exprs.code(st[i], offset: st[i].range.start - itemStart)
                    next += 1
                }
            }
            var s = first
            var hasMinimum = false
            if case .some = minimum { hasMinimum = true }
            ShapeSlot.clauses(.init(minimum: hasMinimum, uniform: uniform)).encode(into: &s)
            if let minimum { put(minimum) }
            s.exprLength = UInt8(next)
            s.width = UInt8(1 + clauses.count)
            let slots = pending
            for (k, c) in clauses.enumerated() {
                var flags: ConcentricClauses.ClauseFlags = c.uniform ? .uniform : []
                if c.fixed { flags.insert(.fixed) }
                var t = Slot(tag: .more, a: c.set.code)
                t.start = Int32(next)
                if let v = c.value { flags.insert(.hasValue); put(v) }
                t.length = UInt16(Int32(next) - t.start)
                t.b = flags.rawValue
                t.exprStart = UInt8(c.range.start - itemStart)
                t.exprLength = UInt8(c.range.length)
                slots[k + 1] = t
            }
            // (Every step written: the run may be one kept already.)
            s.value = UInt32(exprs.share(run, n))
            slots[0] = s
            pendingCount = 1 + clauses.count
            return true
        }
    }

    /// A tree's `concentric` shape with clauses, written as the parser writes one
    /// it reads (`Items([…])`, an item built by a fix); false when it has no flat form.
    func concentric(minimum: Expr?, uniform: Bool, clauses: [CornerClause], _ first: Slot) -> Bool {
        treeSteps.removeAll(keepingCapacity: true)
        var flat: [FlatClause] = []
        flat.reserveCapacity(clauses.count)
        var m: Range<Int>? = nil
        if let minimum {
            guard FlatTree.steps(minimum, into: &treeSteps, names: exprs) else { return false }
            m = 0..<treeSteps.count
        }
        for c in clauses {
            let start = treeSteps.count
            let value: Expr?
            switch c.spec {
            case .fixed(let e): value = e
            case .concentric(let e): value = e
            }
            if let value { guard FlatTree.steps(value, into: &treeSteps, names: exprs) else { return false } }
            let fixed: Bool
            if case .fixed = c.spec { fixed = true } else { fixed = false }
            flat.append(FlatClause(set: c.set, fixed: fixed, value: value == nil ? nil : start..<treeSteps.count, uniform: c.uniform, range: c.range))
        }
        guard pendingCount == 0,
              self.clauses(minimum: m, uniform: uniform, flat, steps: treeSteps, first: first, itemStart: Int(first.start)) else { return false }
        let n = pendingCount
        pendingCount = 0
        reserve(n)
        for k in 0..<n { emit(pending[k]) }
        return true
    }

    /// Pends a `concentric` shape with clauses as the parser read it (see `clauses`).
    func pendClauses(_ tag: SlotTag, minimum: Range<Int>?, uniform: Bool, _ clauses: [FlatClause], steps: [FlatStep], itemStart: Int) -> Bool {
        pendingCount == 0
            && self.clauses(minimum: minimum, uniform: uniform, clauses, steps: steps, first: Slot(tag: tag), itemStart: itemStart)
    }
}

/// A `concentric` item's clauses as its slots, less where the item starts: items
/// written alike have the same words, and their clauses come to the same value in
/// one environment (`Evaluator.quickValue` keeps it).
extension ConcentricClauses {
    /// The item's slots as 64-bit words, two a slot, into `words` (room for 16), the
    /// first slot's start (the low half of its first word: `Slot`'s layout, which
    /// `ItemsTests` holds) zeroed; how many, and their hash. Nil past eight slots.
    /// (Not generic: one taking a closure, across modules, cost 785 instructions a call.)
    public func words(into words: UnsafeMutablePointer<UInt64>) -> (count: Int, hash: UInt64)? {
        let width = Int(chunk.base[at].width)
        guard width <= 8 else { return nil }
        let n = 2 * width
        let raw = UnsafeRawPointer(chunk.base + at)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for k in 0..<n {
            var x = raw.load(fromByteOffset: 8 * k, as: UInt64.self)
            if k == 0 { x &= 0x0000_0000_FFFF_FFFF }
            words[k] = x
            h = (h ^ x ^ (h >> 29)) &* 0xC2B2_AE3D_27D4_EB4F
        }
        return (n, h ^ (h >> 32))
    }
}

/// Expressions of compact items, kept flat: `concentric(top: fixed min(k3, k21 - inset / 2) uniform, …)`
/// is one run of 16-byte steps in postfix order (the names as numbers into one
/// table of the parse), not a tree of arrays (~520 bytes for that clause's
/// `min`). Reading the item builds the tree back (`CompactExpr.expr`); the
/// evaluator works the value out from the steps in place (`CompactExpr.value`).

/// One step of an expression in postfix order: a leaf pushes a value, an
/// operation replaces the values it takes (`arity` of them) with its result.
struct ExprCode {
    /// `.number`: the number's bits; `.name`: the name's number in the store;
    /// `.chain`: the operators, two bits each (`Expr.BinaryOp.code`), the first lowest.
    var payload: UInt64
    /// The step's range: its start counted from its item's start, and its length.
    var offset: Int32
    var length: UInt16
    var op: Op
    /// How many values a chain or a call takes.
    var arity: UInt8

    enum Op: UInt8 { case number, name, negate, chain, min, max }
}

extension Expr.BinaryOp {
    /// Two bits.
    var code: UInt64 {
        switch self {
        case .add: return 0
        case .sub: return 1
        case .mul: return 2
        case .div: return 3
        }
    }
    static let byCode: [Expr.BinaryOp] = [.add, .sub, .mul, .div]
}

/// The steps of every flat expression of one parse and the names they use,
/// in pages that are never moved (no big array copied as it grows). Written
/// while parsing, never changed after.
public final class ExprStore: @unchecked Sendable {
    static let pageSize = 4096
    private var pages: [UnsafeMutablePointer<ExprCode>] = []
    /// Steps used in the last page.
    private var used = ExprStore.pageSize
    private(set) var names: [String] = []
    private var ids: [String: UInt32] = [:]

    deinit { for p in pages { p.deallocate() } }

    /// The name with number `id`.
    public func name(_ id: Int) -> String { names[id] }

    func id(of name: String) -> UInt32 {
        if let k = ids[name] { return k }
        let k = UInt32(names.count)
        names.append(name)
        ids[name] = k
        return k
    }

    @inline(__always) subscript(i: Int) -> ExprCode { pages[i / Self.pageSize][i % Self.pageSize] }

    /// Copies `n` steps into one page; the place of the first. (n ≤ pageSize)
    func append(_ codes: UnsafePointer<ExprCode>, count n: Int) -> Int {
        if used + n > Self.pageSize {
            pages.append(.allocate(capacity: Self.pageSize))
            used = 0
        }
        (pages[pages.count - 1] + used).initialize(from: codes, count: n)
        defer { used += n }
        return (pages.count - 1) * Self.pageSize + used
    }
}

/// Turns trees into steps (the parser's items, as `ItemArena` encodes them).
struct ExprEncoder {
    var codes: [ExprCode] = []

    /// Appends `e`'s steps, ranges counted from `item`; false when it has no flat
    /// form (an `.invalid`, a range or a chain that does not fit).
    mutating func add(_ e: Expr, item: SourceRange, names: ExprStore) -> Bool {
        let r = e.range
        let offset = r.start - item.start
        guard r.length <= Int(UInt16.max), let off = Int32(exactly: offset) else { return false }
        var c = ExprCode(payload: 0, offset: off, length: UInt16(r.length), op: .number, arity: 0)
        switch e {
        case .number(let v, _): c.payload = v.bitPattern
        case .name(let n, _): c.op = .name; c.payload = UInt64(names.id(of: n))
        case .negate(let x, _):
            guard add(x, item: item, names: names) else { return false }
            c.op = .negate
        case .chain(let xs, let ops, _):
            guard xs.count <= 33, ops.count == xs.count - 1 else { return false }
            for x in xs { guard add(x, item: item, names: names) else { return false } }
            c.op = .chain
            c.arity = UInt8(xs.count)
            for (k, o) in ops.enumerated() { c.payload |= o.code << UInt64(2 * k) }
        case .call(let f, let xs, _):
            guard xs.count <= 255 else { return false }
            for x in xs { guard add(x, item: item, names: names) else { return false } }
            c.op = f == .min ? .min : .max
            c.arity = UInt8(xs.count)
        case .invalid: return false
        }
        codes.append(c)
        return true
    }
}

/// One flat expression of an item, read in place.
public struct CompactExpr {
    public let store: ExprStore
    let first: Int
    let count: Int
    /// Its item's start (the steps' ranges are counted from it).
    let itemStart: Int

    /// The tree, as the parser built it.
    public var expr: Expr {
        var stack: [Expr] = []
        for i in first..<first + count {
            let c = store[i]
            let lo = itemStart + Int(c.offset)
            let r = SourceRange(lo, lo + Int(c.length))
            switch c.op {
            case .number: stack.append(.number(Double(bitPattern: c.payload), r))
            case .name: stack.append(.name(store.name(Int(c.payload)), r))
            case .negate: stack.append(.negate(stack.removeLast(), r))
            case .chain:
                let xs = Array(stack.suffix(Int(c.arity)))
                stack.removeLast(Int(c.arity))
                let ops = (0..<xs.count - 1).map { Expr.BinaryOp.byCode[Int((c.payload >> UInt64(2 * $0)) & 3)] }
                stack.append(.chain(xs, ops, r))
            case .min, .max:
                let xs = Array(stack.suffix(Int(c.arity)))
                stack.removeLast(Int(c.arity))
                stack.append(.call(c.op == .min ? .min : .max, xs, r))
            }
        }
        return stack[0]
    }

    /// The names it uses, in the order the tree has them.
    public func names(_ body: (String) -> Void) {
        for i in first..<first + count where store[i].op == .name { body(store.name(Int(store[i].payload))) }
    }

    /// Its value, the names' values from `value` (by their number in `store`),
    /// worked out as `Evaluator.eval` works out the tree: the same operations
    /// in the same order. Nil when a name has no value or a divisor is 0 (the
    /// tree then says which).
    public func value(_ value: (Int) -> Double?) -> Double? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { stack in
            var sp = 0
            for i in first..<first + count {
                let c = store[i]
                switch c.op {
                case .number: stack[sp] = Double(bitPattern: c.payload); sp += 1
                case .name:
                    guard let v = value(Int(c.payload)) else { return nil }
                    stack[sp] = v; sp += 1
                case .negate: stack[sp - 1] = -stack[sp - 1]
                case .chain:
                    let n = Int(c.arity), at = sp - n
                    var x = stack[at]
                    for k in 1..<n {
                        let y = stack[at + k]
                        let o = Expr.BinaryOp.byCode[Int((c.payload >> UInt64(2 * (k - 1))) & 3)]
                        if o == .div, y == 0 { return nil }
                        x = o.apply(x, y)
                    }
                    stack[at] = x; sp = at + 1
                case .min, .max:
                    let n = Int(c.arity), at = sp - n
                    var r = stack[at]
                    for k in 1..<n {
                        let v = stack[at + k]
                        if c.op == .min ? v < r : r < v { r = v }
                    }
                    stack[at] = r; sp = at + 1
                }
            }
            return stack[0]
        }
    }
}

/// A `concentric` shape with corner clauses, read from its slots: the first
/// holds the form, the flags, and its run of steps (where it starts and how
/// many, in `number`; the minimum's steps first, `exprLength` of them); then
/// one `.more` slot a clause: its set in `a`, `ClauseFlags` in `b`, its range
/// from the item's start in `exprStart`/`exprLength`, its value's steps (their
/// place in the run and how many) in `start`/`end`.
public struct ConcentricClauses {
    let chunk: ItemChunk
    let at: Int

    struct ClauseFlags: OptionSet {
        let rawValue: UInt8
        static let fixed = ClauseFlags(rawValue: 1)
        static let hasValue = ClauseFlags(rawValue: 2)
        static let uniform = ClauseFlags(rawValue: 4)
    }

    private var first: Slot { chunk.base[at] }
    private var run: Int { Int(UInt32(truncatingIfNeeded: first.number.bitPattern)) }
    private func expr(_ offset: Int, _ count: Int) -> CompactExpr {
        CompactExpr(store: chunk.exprs, first: run + offset, count: count, itemStart: Int(first.start))
    }

    public var uniform: Bool { ShapeSlot.ConcentricFlags(rawValue: first.b).contains(.uniform) }
    /// `min M` after the keyword.
    public var minimum: CompactExpr? {
        ShapeSlot.ConcentricFlags(rawValue: first.b).contains(.hasMinimum) ? expr(0, Int(first.exprLength)) : nil
    }
    public var count: Int { Int(first.width) - 1 }

    /// Clause `k`: its corners, whether it is `fixed` (else `concentric`), its
    /// radius or minimum (nil for `concentric` with none), `uniform`, its range.
    public func clause(_ k: Int) -> (set: CornerSet, fixed: Bool, value: CompactExpr?, uniform: Bool, range: SourceRange) {
        let s = chunk.base[at + 1 + k]
        let flags = ClauseFlags(rawValue: s.b)
        let lo = Int(first.start) + Int(s.exprStart)
        return (CornerSet.decode(s.a), flags.contains(.fixed), flags.contains(.hasValue) ? expr(Int(s.start), Int(s.end)) : nil,
                flags.contains(.uniform), SourceRange(lo, lo + Int(s.exprLength)))
    }

    /// The item, built back whole, and its range.
    public var item: (Item, SourceRange) { chunk.item(at: at) }

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
    /// Writes a `concentric` shape with clauses as `ConcentricClauses` reads it;
    /// false, writing nothing, when an expression or a range has no flat form.
    func concentric(minimum: Expr?, uniform: Bool, clauses: [CornerClause], _ first: Slot) -> Bool {
        guard clauses.count < 255 else { return false }
        let item = SourceRange(raw: first.start, first.end)
        encoder.codes.removeAll(keepingCapacity: true)
        clauseSlots.removeAll(keepingCapacity: true)
        var s = first
        ShapeSlot.clauses(.init(minimum: minimum != nil, uniform: uniform)).encode(into: &s)
        if let minimum { guard encoder.add(minimum, item: item, names: exprs) else { return false } }
        s.exprLength = UInt16(clamping: encoder.codes.count)
        s.width = UInt8(1 + clauses.count)
        for c in clauses {
            let offset = c.range.start - item.start
            guard offset >= 0, offset <= Int(UInt16.max), c.range.length <= Int(UInt16.max) else { return false }
            var t = Slot(tag: .more, a: c.set.code)
            var flags: ConcentricClauses.ClauseFlags = c.uniform ? .uniform : []
            let before = encoder.codes.count
            let value: Expr?
            switch c.spec {
            case .fixed(let e): flags.insert(.fixed); value = e
            case .concentric(let m): value = m
            }
            if let value {
                flags.insert(.hasValue)
                guard encoder.add(value, item: item, names: exprs) else { return false }
            }
            t.b = flags.rawValue
            t.exprStart = UInt16(offset)
            t.exprLength = UInt16(c.range.length)
            t.start = Int32(before)
            t.end = Int32(encoder.codes.count - before)
            clauseSlots.append(t)
        }
        let n = encoder.codes.count
        guard n <= ExprStore.pageSize, s.exprLength < UInt16.max else { return false }
        let run = n == 0 ? 0 : encoder.codes.withUnsafeBufferPointer { exprs.append($0.baseAddress!, count: n) }
        s.number = Double(bitPattern: UInt64(run) | UInt64(n) << 32)
        reserve(1 + clauses.count)
        emit(s)
        for t in clauseSlots { emit(t) }
        return true
    }
}

import Testing
@testable import SceneLang

/// The flat expressions of compact `concentric (…)` items (`ExprStore`,
/// `CompactExpr`, `ConcentricClauses`) read back as the trees the parser built.
struct ItemsExprTests {
    /// The first node's first item, parsed.
    static func parsed(_ text: String) -> (Located<Item>, Items)? {
        let r = Parser.parse(SourceFile(name: "t", text: text))
        guard case .node(let n)? = r.scene.statements.last, let first = n.items.first else { return nil }
        return (first, n.items)
    }

    static let rows = [
        "concentric(top: fixed min(k3, k21 - inset / 2) uniform, bottom: concentric min 8) height 30 pad h 6",
        "concentric min 4 uniform (all: 12)",
        "concentric(leading: concentric, trailing: fixed -(2 * (a + 1)) uniform)",
        "concentric(topLeading: max(1, 2, 3, b / c - d * 2 + 1), bottomTrailing: -0, topTrailing: concentric min (x))",
        "container concentric (top: min(a, (b)), bottom: 4 - -3)",
    ]

    /// Each row's clause item is kept in slots (nothing whole), reads back as the
    /// tree the parser built (ranges, parentheses and all), and the same tree put
    /// in through `Items([…])` reads back the same.
    @Test func clauseItemsReadBackAsParsed() throws {
        for row in Self.rows {
            let (first, items) = try #require(Self.parsed("let k3 = 1\n" + row), "\(row)")
            #expect(items.chunk!.side.isEmpty, "\(row)")
            #expect(Array(Items([first])) == [first], "\(row)")
            guard case .concentric(_, _, let clauses)? = first.value.shapeExpr, !clauses.isEmpty else {
                Issue.record("no clauses in \(row)"); continue
            }
        }
        let (first, _) = try #require(Self.parsed(Self.rows[0]))
        guard case .shape(.concentric(_, _, let cs)) = first.value, case .fixed(.call(.min, let args, let r)) = cs[0].spec else {
            Issue.record("\(first.value)"); return
        }
        #expect(r == SourceRange(22, 46) && args.count == 2)
        #expect(args[1] == .chain([.name("k21", SourceRange(30, 33)),
                                   .chain([.name("inset", SourceRange(36, 41)), .number(2, SourceRange(44, 45))], [.div], SourceRange(36, 45))],
                                  [.sub], SourceRange(30, 45)))
    }

    /// The evaluator reads a clause's value where its steps are (`valueSteps`,
    /// `minimumSteps`, `value(of:_:)`), with no `CompactExpr` made: the same
    /// value as the `CompactExpr` of it, for every row's minimum and clauses,
    /// the same names asked for, and nil where a name has no value.
    @Test func stepsReadAsTheirCompactExpr() throws {
        let values: [String: Double] = ["k3": 7, "k21": 30, "inset": 6, "a": 2, "b": 9, "c": 3, "d": 0.5, "x": 11]
        var compared = 0
        for row in Self.rows {
            let (_, items) = try #require(Self.parsed(row), "\(row)")
            var clauses: [ConcentricClauses] = []
            items.fold { if case .concentric(_, let c, _) = $0 { clauses.append(c) } }
            let c = try #require(clauses.first, "\(row)")
            let store = c.withStore { $0 }
            for known in [true, false] {
                var a: [Int] = [], b: [Int] = []
                let lookupA: (Int) -> Double? = { id in a.append(id); return known ? values[store.name(id)] : nil }
                let lookupB: (Int) -> Double? = { id in b.append(id); return known ? values[store.name(id)] : nil }
                #expect((c.minimumSteps == nil) == (c.minimum == nil), "\(row)")
                if let m = c.minimumSteps, let e = c.minimum {
                    #expect(c.value(of: m, lookupA) == e.value(lookupB), "\(row)")
                    compared += 1
                }
                for k in 0..<c.count where c.head(k).hasValue {
                    let x = c.value(of: c.valueSteps(k), lookupA), y = c.value(k).value(lookupB)
                    #expect(x == y, "\(row), clause \(k)")
                    compared += 1
                }
                #expect(a == b, "\(row)")
            }
        }
        #expect(compared >= 14)
    }

    /// What has no flat form is kept whole and still reads back: an `.invalid`,
    /// a range too long for a step, a clause longer than its slot holds; a chain
    /// of any length has one.
    @Test func whatDoesNotFitIsKeptWhole() {
        let wide = Expr.number(1, SourceRange(10, 70_010))
        let long = Expr.chain((0..<1000).map { .number(Double($0), SourceRange(10 + $0, 11 + $0)) },
                              Array(repeating: .div, count: 999), SourceRange(10, 1010))
        // A step's range is at most `ExprCode.maxLength` (8,191) bytes.
        let longest = Expr.number(1, SourceRange(10, 10 + ExprCode.maxLength))
        let tooLong = Expr.number(1, SourceRange(10, 11 + ExprCode.maxLength))
        // A clause's own range is at most 255 bytes, 255 from its item's start (`Slot.fits`).
        let cases: [(Expr, Int, Bool)] = [(.invalid(SourceRange(10, 11)), 11, true), (wide, 70_010, true), (long, 200, false),
                                          (long, 261, true), (longest, 260, false), (tooLong, 260, true)]
        for (e, clauseEnd, whole) in cases {
            let it = Located<Item>(.shape(.concentric(base: .concentric(minimum: nil), uniform: false, clauses: [
                CornerClause(set: .top, spec: .fixed(e), uniform: false, range: SourceRange(5, clauseEnd))])), SourceRange(0, e.range.end))
            let items = Items([it])
            #expect(items.chunk!.side.count == (whole ? 1 : 0))
            #expect(Array(items) == [it])
        }
    }

    /// The steps the parser writes for a clause are the steps of the tree it
    /// reads back as (`FlatTree.steps`, which `Items([…])` writes): one form, not two.
    @Test func theParsersStepsAreTheTreesSteps() throws {
        func steps(_ items: Items) -> [String] {
            var parts: [ItemPart] = []
            items.fold { parts.append($0) }
            guard case .concentric(_, let c, _)? = parts.first else { return [] }
            var out: [String] = []
            let exprs = [c.minimum] + (0..<c.count).map { c.clause($0).value }
            for e in exprs {
                guard let e else { out.append("none"); continue }
                for i in e.first..<e.first + e.count {
                    let s = e.store[i]
                    out.append("\(s.op) \(s.op == .name ? e.store.name(Int(s.payload)) : String(s.payload)) \(s.offset) \(s.length)")
                }
            }
            return out
        }
        for row in Self.rows + ["concentric min max(1, 2) (top: ((1 + 2) * 3) - -(4 - 5 - 6) / 7)",
                                "concentric(top: concentric, bottom: concentric)"] {
            let (first, items) = try #require(Self.parsed(row), "\(row)")
            #expect(items.chunk!.side.isEmpty, "\(row)")
            #expect(steps(items) == steps(Items([first])), "\(row)")
        }
    }

    /// A step keeps a number as a `Float` only when that is the same number to
    /// the bit; any other (`0.1`, `999999.9`) is kept whole in the store, once while
    /// the store's table remembers it: every one reads back, and works out, exactly as written.
    @Test func numbersAFloatDoesNotHoldAreKeptWhole() throws {
        let numbers: [(String, Double, Bool)] = [
            ("12", 12, false), ("0.5", 0.5, false), ("0", 0, false), ("1000000", 1_000_000, false),
            ("0.1", 0.1, true), ("12.3", 12.3, true), ("0.001", 0.001, true), ("999999.9", 999_999.9, true),
            ("123456.789", 123_456.789, true),
        ]
        for (text, number, wide) in numbers {
            let row = "concentric(top: fixed \(text) + 0.25, bottom: concentric min \(text))"
            let (first, items) = try #require(Self.parsed(row), "\(row)")
            #expect(items.chunk!.side.isEmpty, "\(row)")
            var parts: [ItemPart] = []
            items.fold { parts.append($0) }
            guard case .concentric(_, let c, _)? = parts.first else { Issue.record("\(row)"); continue }
            let sum = try #require(c.clause(0).value), alone = try #require(c.clause(1).value)
            #expect(sum.value { _ in nil }?.bitPattern == (number + 0.25).bitPattern, "\(row)")
            #expect(alone.value { _ in nil }?.bitPattern == number.bitPattern, "\(row)")
            guard case .number(let v, let r) = alone.expr else { Issue.record("\(alone.expr)"); continue }
            #expect(v.bitPattern == number.bitPattern && r.length == text.utf8.count, "\(row)")
            // Written twice, kept once (`ExprStore.wide`).
            #expect(sum.store.numbers.count == (wide ? 1 : 0), "\(row)")
            #expect(Array(Items([first])) == [first], "\(row)")
        }
    }

    /// A step keeps its op in 3 bits, and a number kept wide is the op past every
    /// `StepOp`: a new case must fit below it, and each reads back as itself.
    @Test func everyOpFitsItsBits() {
        for op in StepOp.allCases {
            #expect(UInt32(op.rawValue) < ExprCode.wideNumber, "\(op)")
            let c = ExprCode(op: UInt32(op.rawValue), payload: 5, offset: ExprCode.maxOffset, length: ExprCode.maxLength)
            #expect(c.op == op && c.offset == ExprCode.maxOffset && c.length == ExprCode.maxLength && c.payload == 5, "\(op)")
        }
        #expect(ExprCode(op: ExprCode.wideNumber, payload: 0, offset: 0, length: 0).op == .number)
    }

    /// Moved in the text, a clause item moves whole: its clauses' and its
    /// expressions' ranges are counted from its start.
    @Test func clauseItemsShift() throws {
        let (first, items) = try #require(Self.parsed(Self.rows[3]))
        let (moved, _) = try #require(Self.parsed("\n\n\n" + Self.rows[3]))
        let shifted = items.shifted(by: 3) { Located($0.value, SourceRange($0.range.start + 3, $0.range.end + 3)) }
        #expect(shifted.first == moved)
        #expect(shifted.first != first)
    }

    /// A tree's items shifted into one arena read as a parse of the moved text
    /// does, as each shifted alone does, and share chunks.
    @Test func treeShiftsIntoOneChunk() throws {
        // Each row twice: the second shares the first's slots, counted from its own place
        // (`Items.origin`), and moves as a row read afresh does.
        let text = "a: container rect 20 vstack spacing 4 <\n" + (Self.rows + Self.rows).map { "  n: " + $0 }.joined(separator: "\n") + "\n>"
        func nodes(_ text: String) throws -> [Node] {
            let r = Parser.parse(SourceFile(name: "t", text: text))
            guard case .node(let root)? = r.scene.statements.last else { throw CancellationError() }
            return [root] + root.children
        }
        let all = try nodes(text)
        #expect(all.count == 2 * Self.rows.count + 1)
        #expect(all.contains { $0.items.origin != 0 })
        let arena = ItemShiftArena(chunkSlots: 4096)
        let move: (Located<Item>) -> Located<Item> = { Located($0.value, SourceRange($0.range.start + 5, $0.range.end + 5)) }
        let together = all.map { $0.items.shifted(by: 5, into: arena, whole: move) }
        let alone = all.map { $0.items.shifted(by: 5, whole: move) }
        let moved = try nodes("\n\n\n\n\n" + text)
        #expect(together.map { Array($0) } == alone.map { Array($0) })
        #expect(together.map { Array($0) } == moved.map { Array($0.items) })
        #expect(Set(together.compactMap { $0.chunk.map(ObjectIdentifier.init) }).count == 1)
        // Chunks too small for the next node's items: a new one, the same items;
        // from the default's small first chunk, fewer chunks than nodes.
        let small = ItemShiftArena(chunkSlots: 1)
        #expect(all.map { Array($0.items.shifted(by: 5, into: small, whole: move)) } == alone.map { Array($0) })
        let growing = ItemShiftArena()
        let grown = all.map { $0.items.shifted(by: 5, into: growing, whole: move) }
        #expect(grown.map { Array($0) } == alone.map { Array($0) })
        #expect(Set(grown.compactMap { $0.chunk.map(ObjectIdentifier.init) }).count < all.count)
    }

    /// The names of a flat expression come in the tree's order, each time it is used.
    @Test func namesComeInTheTreesOrder() throws {
        let (_, items) = try #require(Self.parsed(Self.rows[3]))
        var parts: [ItemPart] = []
        items.fold { parts.append($0) }
        guard case .concentric(_, let c, _)? = parts.first else { Issue.record("not compact"); return }
        var got: [String] = []
        c.clause(0).value!.names { got.append($0) }
        #expect(got == ["b", "c", "d"])
        #expect(c.clause(1).value!.expr == .negate(.number(0, SourceRange(73, 74)), SourceRange(72, 74)))
    }
}

extension ItemsExprTests {
    /// A name has one number whether it comes as a string or as bytes, through
    /// the table's growth; different names have different numbers.
    @Test func namesHaveOneNumberEach() {
        let store = ExprStore()
        let names = [""] + (0..<300).map { "k\($0)" } + ["a", "ab", "ba", "inset", "é", "k1 "]
        let ids = names.map { store.id(of: $0) }
        #expect(Set(ids).count == names.count)
        for (name, id) in zip(names, ids) {
            var bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { store.id(of: $0) } == id, "\(name)")
            #expect(store.id(of: name) == id && store.name(Int(id)) == name)
            bytes.append(0x7a)
            #expect(bytes.withUnsafeBufferPointer { store.id(of: $0) } != id)
        }
    }
}

extension Item {
    /// The shape, when the item is one.
    fileprivate var shapeExpr: ShapeExpr? {
        switch self {
        case .shape(let s), .container(let s): return s
        default: return nil
        }
    }
}

extension ItemsExprTests {
    /// Items whose expressions read the same keep one run of steps
    /// (`ExprStore.share`): each still reads back as its own tree, with its own
    /// ranges; an item that differs by one name, or by where a clause starts in
    /// it, keeps its own run.
    /// (Read without the line memo, which copies a repeated row's slots, runs and all,
    /// before the store is asked: `LineMemoTests`.)
    @Test func theSameStepsAreKeptOnce() throws {
        func row(_ a: String, _ b: String, gap: String = " ") -> String {
            "  concentric(top:\(gap)fixed min(\(a), \(b) - inset / 2) uniform, bottom: concentric min 0.1) height 30\n"
        }
        let same = row("k3", "k21"), other = row("k3", "k22"), spaced = row("k3", "k21", gap: "  ")
        let rows = [same, same, other, same, spaced, other]
        let head = "c: container rect 30 <\n"
        let r = Parser.parse(SourceFile(name: "t", text: head + rows.joined() + ">\n"), lineMemo: false).result
        guard case .node(let c)? = r.scene.statements.last else { Issue.record("no node"); return }
        #expect(r.diagnostics.isEmpty && c.children.count == rows.count)
        let store = try #require(c.children[0].items.chunk?.exprs)
        // Three runs (same, other, spaced) of 10 steps: `k3 k21 inset 2 apply(/) chain(2)
        // apply(-) chain(2) min(2)`, then the minimum 0.1, one number kept wide (once).
        #expect(store.shared == 3)
        #expect(store.pageSteps == 30 && store.numbers == [0.1])
        var start = head.utf8.count
        for (row, child) in zip(rows, c.children) {
            let alone = try #require(Self.parsed(String(repeating: " ", count: start) + row.dropLast()))
            let items = Array(child.items)
            #expect(items.first == alone.0, "\(row)")
            #expect(items.count == 2)
            start += row.utf8.count
        }
        // Rows that all differ keep a run each.
        let differ = rows.indices.map { row("k\($0)", "k21") }
        let u = Parser.parse(SourceFile(name: "t", text: head + differ.joined() + ">\n"), lineMemo: false).result
        guard case .node(let d)? = u.scene.statements.last else { Issue.record("no node"); return }
        let s2 = try #require(d.children[0].items.chunk?.exprs)
        #expect(s2.shared == 0 && s2.pageSteps == 60)
        // Past the small table's 256 writes it starts again, larger and empty: one
        // more run kept (and 0.1 once more), then the rest share it.
        let many = Parser.parse(SourceFile(name: "t", text: head + String(repeating: same, count: 400) + ">\n"), lineMemo: false).result
        guard case .node(let m)? = many.scene.statements.last else { Issue.record("no node"); return }
        let s3 = try #require(m.children[0].items.chunk?.exprs)
        #expect(s3.shared == 398 && s3.pageSteps == 20 && s3.numbers == [0.1, 0.1])
        // With the line memo, the row is read once and copied: its run written once.
        let copied = Parser.parse(SourceFile(name: "t", text: head + String(repeating: same, count: 400) + ">\n"), lineMemo: true)
        guard case .node(let k)? = copied.result.scene.statements.last else { Issue.record("no node"); return }
        let s4 = try #require(k.children[0].items.chunk?.exprs)
        #expect(copied.replays == 399 && s4.shared == 0 && s4.pageSteps == 10, "\(copied.replays) \(s4.shared) \(s4.pageSteps)")
    }
}

import Testing
@testable import SceneLang

/// The compact item store (`Items`) gives back exactly what was put in, and keeps the sizes it promises.
struct ItemsTests {
    static func r(_ a: Int, _ b: Int) -> SourceRange { SourceRange(a, b) }
    static func n(_ v: Double, _ a: Int, _ b: Int) -> Expr { .number(v, r(a, b)) }

    /// Every item kind, in its compact form and in forms kept whole.
    static let samples: [Located<Item>] = [
        Located(.shape(.concentric(base: .concentric(minimum: n(15, 15, 17)), uniform: false, clauses: [])), r(4, 17)),
        Located(.shape(.concentric(base: .concentric(minimum: nil), uniform: true, clauses: [])), r(0, 18)),
        Located(.shape(.radii(.rect, [n(12.5, 5, 9)])), r(0, 9)),
        Located(.shape(.radii(.rect, [.name("r", r(5, 6))])), r(0, 6)),
        Located(.shape(.radii(.uneven, [n(1, 7, 8), n(2, 10, 11), n(3, 13, 14), n(4, 16, 17)])), r(0, 18)),
        Located(.shape(.radii(.uneven, [n(1, 7, 8), .name("r", r(10, 11)), n(3, 13, 14), n(4, 16, 17)])), r(0, 18)),
        Located(.container(.radii(.uneven, [n(0.5, 17, 20), n(0, 22, 23), n(-0.0, 25, 27), n(1e6, 29, 36)])), r(0, 37)),
        Located(.shape(.plain(.capsule)), r(0, 7)),
        Located(.shape(.concentric(base: .concentric(minimum: n(4, 15, 16)), uniform: false, clauses: [
            CornerClause(set: .top, spec: .fixed(n(8, 30, 31)), uniform: true, range: r(20, 40))])), r(0, 41)),
        Located(.container(.radii(.rect, [n(28, 15, 17)])), r(5, 17)),
        Located(.container(.plain(.circle)), r(0, 16)),
        Located(.clip(.plain(.capsule)), r(0, 12)), Located(.background(.radii(.rect, [n(3, 16, 17)])), r(0, 17)),
        Located(.hit(.plain(.rectangle)), r(0, 13)), Located(.transition(.plain(.circle)), r(0, 17)),
        Located(.glass(.plain(.capsule)), r(0, 13)), Located(.glass(nil), r(0, 5)),
        Located(.size(n(30, 5, 7), n(40, 8, 10)), r(0, 10)), Located(.size(n(30, 5, 7), n(30, 5, 7)), r(0, 7)),
        Located(.size(n(30, 5, 7), .negate(n(40, 9, 11), r(8, 11))), r(0, 11)),
        Located(.width(n(300, 6, 9)), r(0, 9)), Located(.height(n(-0.0, 7, 11)), r(0, 11)),
        Located(.pad([(.h, n(6, 106, 107))]), r(100, 107)),
        Located(.pad([(.all, n(12, 4, 6))]), r(0, 6)),
        Located(.pad([(.leading, n(0, 12, 13)), (.top, n(0, 18, 19)), (.v, n(2, 22, 23))]), r(0, 23)),
        Located(.pad([(.leading, n(1, 12, 13)), (.top, .name("p", r(18, 19)))]), r(0, 19)),
        Located(.align(.topLeading), r(0, 16)), Located(.align(.bottomTrailing), r(0, 20)),
        Located(.stack(.vstack, spacing: n(4, 15, 16)), r(0, 16)), Located(.stack(.zstack, spacing: nil), r(0, 6)),
        Located(.fill(Color(r: 1, g: 2, b: 3, a: 4)), r(0, 14)), Located(.fill({ var c = Color.named["teal"]!; c.name = "teal"; return c }()), r(0, 9)),
        Located(.style(.circular), r(0, 14)), Located(.role(.badge), r(0, 10)),
        // A number whose offset from the item's start does not fit in the slot.
        Located(.width(n(1, 70_006, 70_007)), r(0, 70_007)),
        // Kept whole too: a number a `Float` does not hold exactly, a number's range
        // 256 bytes on, an item longer than 65,535 bytes.
        Located(.height(n(0.1, 7, 10)), r(0, 10)),
        Located(.pad([(.h, n(6, 256, 257))]), r(0, 257)),
        Located(.align(.topLeading), r(0, 70_000)),
    ]

    /// `padEdges` hands over the edges of every `pad` (compact or kept whole) in order, and nothing else.
    @Test func padEdgesAreThePadItemsEdges() {
        let far = Located<Item>(.pad([(.top, Self.n(5, 80_001, 80_002)), (.all, Self.n(1, 80_004, 80_005))]), Self.r(0, 80_005))
        let samples = Self.samples + [far]
        var expected: [String] = []
        for it in samples { if case .pad(let edges) = it.value { for (e, x) in edges { expected.append("\(e) \(x)") } } }
        var got: [String] = []
        Items(samples).padEdges { e, x in got.append("\(e) \(x)") }
        #expect(expected.count == 10)
        #expect(got == expected)
        var none = 0
        Items(Array(samples.prefix(20))).padEdges { _, _ in none += 1 }
        #expect(none == 0)
    }

    /// `span` (read from the slots) is the items' own extent: the first start to
    /// the furthest end, in compact and whole forms alike, one item or many.
    @Test func spanIsTheItemsExtent() {
        func extent(_ items: [Located<Item>]) -> SourceRange? {
            guard !items.isEmpty else { return nil }
            return SourceRange(items.map(\.range.start).min()!, items.map(\.range.end).max()!)
        }
        for s in Self.samples { #expect(Items([s]).span == s.range, "\(s)") }
        for k in stride(from: 0, to: Self.samples.count, by: 3) {
            let group = Array(Self.samples[k..<min(k + 5, Self.samples.count)])
            #expect(Items(group).span == extent(group), "items \(k)…")
        }
        #expect(Items([]).span == nil)
    }

    /// `eachNaming` hands over, in order, only items that are among the items,
    /// and every item that names a binding (any other compact item holds only
    /// numbers, which the checker's `unused-binding` walk relies on): items kept
    /// whole, and shapes whose corner clauses the parser keeps as steps.
    @Test func everyItemWithANameIsHandedOver() {
        func hasName(_ item: Item) -> Bool { "\(item)".contains("name(\"") }
        func check(_ items: Items, names expected: Int) {
            var handed: [String] = []
            items.eachNaming { handed.append("\($0)") }
            let all = items.map { "\($0.value)" }
            var k = 0
            for w in handed { while k < all.count, all[k] != w { k += 1 }; #expect(k < all.count, "not an item in order: \(w)"); k += 1 }
            let withNames = items.filter { hasName($0.value) }.map { "\($0.value)" }
            #expect(withNames.count == expected)
            #expect(withNames.allSatisfy { handed.contains($0) })
            #expect(handed.count < all.count)
        }
        let named = Located<Item>(.offset(.name("x", Self.r(7, 8)), Self.n(2, 9, 10)), Self.r(0, 10))
        check(Items(Self.samples + [named]), names: 4)
        // As the parser stores them: a clause naming a binding, beside compact items.
        let text = "let k = 3\na: concentric(top: fixed k + 1 uniform, bottom: concentric min k) size 40x40 pad h 2 fill red"
        let file = SourceFile(name: "t", text: text)
        let result = Parser.parse(file)
        #expect(result.diagnostics.isEmpty)
        for case .node(let node) in result.scene.statements { check(node.items, names: 1) }
    }

    @Test func everyItemReadsBackAsWritten() {
        let items = Items(Self.samples)
        #expect(Array(items) == Self.samples)
        #expect(items.count == Self.samples.count)
        #expect(items.last == Self.samples.last)
        #expect(Array(items).map { $0.value }.compactMap { if case .fill(let c) = $0 { return c.name } else { return nil } } == ["teal"])
        // One at a time too (each is the first and last of its run).
        for s in Self.samples { #expect(Array(Items([s])) == [s]); #expect(Items([s]).last == s) }
        #expect(Items([]).isEmpty && Items([]).last == nil && Items([]) == [])
        #expect(Items(Self.samples) != Items(Array(Self.samples.dropLast())))
    }

    /// Nodes written one after another into small chunks: a node's slots so far
    /// (items kept whole among them) move to a new chunk when the next item does
    /// not fit, and every node still reads back as written.
    @Test func nodesSurviveChunksFillingUp() {
        for size in [1, 2, 3, 5, 64] {
            let arena = ItemArena(chunkSize: size)
            var written: [([Located<Item>], Items)] = []
            for start in stride(from: 0, to: Self.samples.count, by: 4) {
                let group = Array(Self.samples[start..<min(start + 4, Self.samples.count)])
                for it in group { arena.add(it.value, it.range) }
                written.append((group, arena.finish()))
                _ = arena.finish()  // a node with no items
            }
            for (group, items) in written { #expect(Array(items) == group, "chunk size \(size)") }
            #expect(Set(written.map { ObjectIdentifier($0.1.chunk!) }).count > 1 || size == 64)
        }
    }

    /// Reading for the evaluator: each item's parts, built back into an item, are the item put in
    /// (compact ones as numbers and ranges, a pad edge by edge, the rest whole).
    @Test func foldHandsOverWhatWasPutIn() {
        var edges = 0, lean = 0
        for sample in Self.samples {
            var parts: [ItemPart] = []
            Items([sample]).fold { parts.append($0) }
            if case .padEdge = parts[0] { edges += parts.count }
            if case .item = parts[0] {} else { lean += 1 }
            #expect(Self.rebuild(parts) == sample.value, "\(sample.value)")
            if case .item(_, let r) = parts[0] { #expect(r == sample.range) }
            if case .shape(_, _, let r) = parts[0] { #expect(r == sample.range) }
        }
        #expect(edges == 5)
        #expect(lean == 23)
    }

    /// The item one item's parts describe.
    static func rebuild(_ parts: [ItemPart]) -> Item? {
        func n(_ v: Double, _ r: SourceRange) -> Expr { .number(v, r) }
        switch parts[0] {
        case .item(let item, _): return parts.count == 1 ? item : nil
        case .padEdge:
            return .pad(parts.compactMap { if case .padEdge(let e, let v, let r) = $0 { (e, n(v, r)) } else { nil } })
        case .shape(let use, let compact, _):
            let s: ShapeExpr
            switch compact {
            case .plain(let k): s = .plain(k)
            case .radius(let k, let v, let r): s = .radii(k, [n(v, r)])
            case .concentric(let m, let r, let u): s = .concentric(base: .concentric(minimum: m.map { n($0, r) }), uniform: u, clauses: [])
            case .fourRadii(let k, let f):
                s = .radii(k, [n(f.values.0, f.ranges.0), n(f.values.1, f.ranges.1), n(f.values.2, f.ranges.2), n(f.values.3, f.ranges.3)])
            }
            let items: [ShapeUse: Item] = [.shape: .shape(s), .container: .container(s), .clip: .clip(s),
                                           .background: .background(s), .hit: .hit(s), .transition: .transition(s), .glass: .glass(s)]
            return items[use]
        case .dimension(.square, let v, let r): return .size(n(v, r), n(v, r))
        case .dimension(.width, let v, let r):
            if parts.count == 2, case .dimension(.height, let h, let hr) = parts[1] { return .size(n(v, r), n(h, hr)) }
            return .width(n(v, r))
        case .dimension(.height, let v, let r): return .height(n(v, r))
        case .stack(let axis, let spacing, let r): return .stack(axis, spacing: spacing.map { n($0, r) })
        case .concentric(let use, let c, _):
            guard use == .shape else { return nil }
            let clauses = (0..<c.count).map { k in
                let x = c.clause(k)
                return CornerClause(set: x.set, spec: x.fixed ? .fixed(x.value!.expr) : .concentric(minimum: x.value?.expr),
                                    uniform: x.uniform, range: x.range)
            }
            return .shape(.concentric(base: .concentric(minimum: c.minimum?.expr), uniform: c.uniform, clauses: clauses))
        }
    }

    /// The common items take one slot each and nothing whole; the rest are kept whole.
    @Test func commonItemsAreCompact() {
        let compact = Self.samples.filter { Items([$0]).chunk!.side.isEmpty }.count
        let whole = Self.samples.filter { !Items([$0]).chunk!.side.isEmpty }.map(\.range)
        #expect(whole == [SourceRange(0, 6), SourceRange(0, 18), SourceRange(0, 11), SourceRange(0, 19), SourceRange(0, 70_007),
                          SourceRange(0, 10), SourceRange(0, 257), SourceRange(0, 70_000)])
        #expect(compact == Self.samples.count - 8)
    }

    /// A corner clause (two on every `lets` row, four on half the `corners`
    /// rows) is 40 bytes in its array: the one-byte fields after the style,
    /// not one before it (48).
    @Test func aCornerClauseFitsItsBudget() {
        #expect(MemoryLayout<CornerClause>.stride <= 40)
    }

    /// The memory budget of a list row (`concentric min 15 height 30 pad h 6`): a
    /// 48-byte node in its parent's children and three 16-byte slots (it was
    /// 64 + a 249-byte item array + a 72-byte edge array, then three 24-byte slots).
    @Test func aListRowFitsItsBudget() {
        #expect(MemoryLayout<Slot>.stride == 16)
        // `ConcentricClauses.words` zeroes an item's start as the low half of its first
        // word, and keys the evaluator's memo on the rest (the run in `value` among it).
        #expect(MemoryLayout<Slot>.offset(of: \.start) == 4 && MemoryLayout<Slot>.offset(of: \.value) == 12)
        #expect(MemoryLayout<Node>.stride <= 48)
        // A top-level node costs no more than a nested one plus a tag (a boxed screen and binding).
        #expect(MemoryLayout<Statement>.stride <= 56)
        let text = "let r = 28\nc: container rect r size 360x200 vstack spacing 4 <\n" + String(repeating: "  concentric min 15 height 30 pad h 6\n", count: 50) + ">\n"
        let result = Parser.parse(SourceFile(name: "t", text: text))
        #expect(result.diagnostics.isEmpty)
        guard case .node(let c)? = result.scene.statements.last else { Issue.record("no node"); return }
        #expect(c.children.count == 50)
        let rows = c.children.map(\.items)
        #expect(rows.allSatisfy { $0.slots == 3 && $0.chunk === rows[0].chunk })
        #expect(rows[0].chunk!.side.count == 1)  // only `rect r` is kept whole
        #expect(Dump.scene(result.scene, in: result.file).contains("pad h 6"))
    }

    @Test func oneByteCodesRoundTrip() {
        for k in ShapeKind.allCases { #expect(ShapeKind.decode(k.code) == k) }
        for e in [Edge.top, .leading, .bottom, .trailing, .h, .v, .all] { #expect(Edge.decode(e.code) == e) }
        for a in Alignment.allCases { #expect(Alignment.decode(a.code) == a) }
        for a in [StackAxis.hstack, .vstack, .zstack] { #expect(StackAxis.decode(a.code) == a) }
        for s in CornerStyle.allCases { #expect(CornerStyle.decode(s.code) == s) }
        for x in Role.allCases { #expect(Role.decode(x.code) == x) }
    }

    /// The generated keyword switch finds every keyword and nothing else: each
    /// keyword with one byte changed, a byte more, a byte less or a capital first.
    @Test func keywordLookupFindsExactlyTheKeywords() {
        let all = Set(Keyword.allCases.map(\.rawValue))
        func look(_ s: String) -> Keyword? { let b = Array(s.utf8); return Keyword.lookup(b, 0, b.count) }
        for k in Keyword.allCases {
            let w = k.rawValue
            #expect(look(w) == k)
            // Inside a longer buffer too.
            let b = Array(("(" + w + ")").utf8)
            #expect(Keyword.lookup(b, 1, b.count - 1) == k)
            var variants = [w + "s", String(w.dropLast()), w.prefix(1).uppercased() + w.dropFirst()]
            for i in 0..<w.utf8.count {
                var u = Array(w.utf8)
                u[i] = u[i] == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
                variants.append(String(decoding: u, as: UTF8.self))
            }
            for v in variants { #expect(look(v) == (all.contains(v) ? Keyword(rawValue: v) : nil), "\(v)") }
        }
        #expect(look("") == nil && look("bottomTrailingX") == nil && look("x") == nil)
    }

    /// A literal alone is a number (parsed without descending); one an operator
    /// follows is the first operand of a chain; one too large is an error.
    @Test func aLiteralAloneAndInAnExpression() {
        func item(_ text: String) -> (Item?, [String]) {
            let r = Parser.parse(SourceFile(name: "t", text: text))
            guard case .node(let n)? = r.scene.statements.first else { return (nil, r.diagnostics.map(\.code)) }
            return (n.items.first?.value, r.diagnostics.map(\.code))
        }
        #expect(item("height 30").0 == .height(.number(30, SourceRange(7, 9))))
        #expect(item("height 30\n").0 == .height(.number(30, SourceRange(7, 9))))
        guard case .height(.chain(let operands, let ops, _))? = item("height 30 + 2 * 3").0 else { Issue.record("no chain"); return }
        #expect(operands.first == .number(30, SourceRange(7, 9)) && ops == [.add])
        #expect(item("height 30 - 2").0 != item("height 30").0)
        #expect(item("height 2000000").1 == ["number-too-large"])
        #expect(item("size 30x40").0 == .size(.number(30, SourceRange(5, 7)), .number(40, SourceRange(8, 10))))
    }

    /// `uneven` of four literal numbers is read straight into four slots (nothing
    /// kept whole) and reads back as the item the parser builds for any other;
    /// with a name among them it is kept whole, as before.
    @Test func unevenOfNumbersIsCompact() {
        let text = "a: uneven(1, 12.5, 0, 8) container uneven(1, r, 3, 4) clip uneven(2,2,2,2)"
        let r = Parser.parse(SourceFile(name: "t", text: text))
        guard case .node(let node)? = r.scene.statements.first else { Issue.record("no node"); return }
        func n(_ v: Double, _ a: Int) -> Expr { .number(v, SourceRange(a, a + String(v).count - (v == v.rounded() ? 2 : 0))) }
        #expect(Array(node.items) == [
            Located(.shape(.radii(.uneven, [n(1, 10), n(12.5, 13), n(0, 19), n(8, 22)])), SourceRange(3, 24)),
            Located(.container(.radii(.uneven, [n(1, 42), .name("r", SourceRange(45, 46)), n(3, 48), n(4, 51)])), SourceRange(25, 53)),
            Located(.clip(.radii(.uneven, [n(2, 66), n(2, 68), n(2, 70), n(2, 72)])), SourceRange(54, 74)),
        ])
        #expect(node.items.chunk!.side.count == 1, "only the one with a name is kept whole")
        #expect(r.diagnostics.isEmpty)
    }

    /// What the parser writes straight into slots and does not fit in one is built
    /// back and kept whole, and reads back as the item the parser builds for any
    /// other: an item longer than 65,535 bytes (`concentric`, blanks, `uniform`),
    /// a number a `Float` does not hold exactly, a number 259 bytes into its item.
    @Test func whatDoesNotFitASlotIsKeptWhole() {
        let blanks = String(repeating: " ", count: 70_000)
        let text = "a: concentric\(blanks)uniform height 0.1 pad h 6" + String(repeating: " ", count: 250) + "v 2 vstack spacing 0.5\n"
        let r = Parser.parse(SourceFile(name: "t", text: text))
        #expect(r.diagnostics.isEmpty)
        guard case .node(let node)? = r.scene.statements.first else { Issue.record("no node"); return }
        let u = 3 + 10 + 70_000 + 7, h = u + 1, p = h + 11, v = p + 7 + 250, z = v + 4
        #expect(Array(node.items) == [
            Located(.shape(.concentric(base: .concentric(minimum: nil), uniform: true, clauses: [])), SourceRange(3, u)),
            Located(.height(.number(0.1, SourceRange(h + 7, h + 10))), SourceRange(h, h + 10)),
            Located(.pad([(.h, .number(6, SourceRange(p + 6, p + 7))), (.v, .number(2, SourceRange(v + 2, v + 3)))]), SourceRange(p, v + 3)),
            Located(.stack(.vstack, spacing: .number(0.5, SourceRange(z + 15, z + 18))), SourceRange(z, z + 18)),
        ])
        // Kept whole: all but the stack (0.5 is held exactly).
        #expect(node.items.chunk!.side.count == 3)
    }
}

import Testing
@testable import SceneLang

/// A written sample of the item a row of the item table starts, with `n` for
/// each number it takes (`rect n`, `pad n`, `offset n -2`). The sample switch
/// is exhaustive over the argument forms, so a new form needs a sample here.
func itemSample(_ row: ItemSyntax, _ n: Int = 4) -> String {
    switch row.argument {
    case .shape(let kind):
        switch kind.row.arguments {
        case .none: return kind.rawValue
        case .concentric: return kind.rawValue + " min \(n)"
        case .radius: return kind.rawValue + " \(n)"
        case .fourRadii: return kind.rawValue + "(1, 2, 3, \(n))"
        }
    case .containerShape: return "container rect \(n)"
    case .anyShape: return row.keyword.rawValue + " capsule"
    case .optionalShape: return row.keyword.rawValue + " rect \(n)"
    case .stack: return row.keyword.rawValue + " spacing \(n)"
    case .size: return "size 10x\(n)"
    case .value, .padding: return row.keyword.rawValue + " \(n)"
    case .alignment: return "align top"
    case .colour: return "fill red"
    case .style: return "style circular"
    case .role: return "role pill"
    case .spacer: return "spacer min \(n)"
    case .offset: return "offset \(n) -2"
    }
}

/// `Item.==` (AST.swift) says what the items are: every kind of item equals
/// itself parsed again, and no item equals another kind, or the same kind with
/// another number. Before it was exhaustive it ended in `default: return false`,
/// so a kind with no branch of its own was unequal to itself.
@Suite struct ItemEqualityTests {
    /// The item `text` parses to, as the node's items hand it back.
    func item(_ text: String) -> Item? {
        let parsed = Parser.parse(SourceFile(name: "", text: "n: " + text))
        guard parsed.diagnostics.isEmpty, case .node(let node)? = parsed.scene.statements.first,
              node.items.count == 1 else { return nil }
        return node.items.first?.value
    }

    @Test func everyItemEqualsItselfAndNoOther() {
        // Every keyword of the item table, each with two numbers (the same text
        // where it takes none), and the bare forms of the optional arguments.
        var texts: [String] = []
        for row in ItemSyntax.all { texts += [itemSample(row, 4), itemSample(row, 5)] }
        texts += ["glass", "hstack", "spacer", "pad top 4", "align bottom", "fill blue", "style continuous", "role badge"]
        let items = texts.map { ($0, item($0)) }
        for (text, parsed) in items { #expect(parsed != nil, "`\(text)` is not one item") }
        for (a, x) in items {
            guard let x else { continue }
            #expect(x == x, "`\(a)` is unequal to itself")
            for (b, y) in items {
                guard let y else { continue }
                // Parsed at the same place: the same text is the same item, anything else is not.
                #expect((x == y) == (a == b), "`\(a)` == `\(b)` is \(x == y)")
            }
        }
        // Every kind of item is among them (`Parser.slotTag` is exhaustive over `Item`).
        // and every tag but the slot-only ones names a kind of item.
        let kinds = Set(items.compactMap { $0.1.map(Parser.slotTag) })
        #expect(kinds == Set(SlotTag.allCases).subtracting([.whole, .glassAlone, .more]))
    }
}

/// `pad`'s edge words are `Edge`'s cases (`Edge(padWord:)`, the one list the
/// parser and completion read): every edge but `all` is written as its own
/// name, and nothing else is an edge word.
@Suite struct PadEdgeWordTests {
    @Test func everyEdgeButAllIsTheWordOfItsName() {
        for k in Keyword.allCases {
            let edge = Edge(rawValue: k.rawValue)
            #expect(Edge(padWord: k) == (edge == .all ? nil : edge), "`pad \(k.rawValue)`")
        }
        #expect(Set(ItemSyntax.edges.map(\.rawValue)) == Set(Edge.allCases.filter { $0 != .all }.map(\.rawValue)))
    }
}

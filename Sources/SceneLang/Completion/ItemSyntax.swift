// THE ITEM TABLE: one row per keyword that starts an item of a node — what
// follows it (grammar.md, `item`) and which of the node's once-only slots it
// takes. Completion (Completer.swift) reads it to offer what may come next;
// the parser reads its keywords (`Parser.itemKeywords`: did-you-mean and the
// items help) and its slots (`Parser.keyBits`: the duplicate-item rule), so
// neither list is kept twice. Shape keywords take their arguments from the
// shape-kind table (ShapeKind.swift).

/// What an item keyword is followed by.
public enum ItemArgument: Sendable, Equatable {
    /// The keyword is a shape: its row's `arguments` follow (`rect 12`, `capsule`).
    case shape(ShapeKind)
    /// A shape a container can publish (`container rect 20`): the kinds whose
    /// row says `publishes`.
    case containerShape
    /// Any shape (`clip capsule`).
    case anyShape
    /// A shape or nothing (`glass`, `glass rect 12`).
    case optionalShape
    /// `W` or `W x H`.
    case size
    /// One value (`width 100`).
    case value
    /// `N`, edges with values, or both (`pad 12 top 8`).
    case padding
    /// One of `ItemSyntax.alignments`.
    case alignment
    /// `[spacing S]`.
    case stack
    /// `#hex` or one of `ItemSyntax.colours`.
    case colour
    /// `continuous` or `circular`.
    case style
    /// `button`, `badge` or `pill`.
    case role
    /// `[min M]`.
    case spacer
    /// Two values, x then y, each a term (`offset 10 -5`).
    case offset
}

/// One row of the item table.
public struct ItemSyntax: Sendable {
    public let keyword: Keyword
    public let argument: ItemArgument
    /// The once-per-node slots the item takes (0: it may repeat, as `pad` does).
    public let slots: Slots

    /// A row: `tag` is the kind of item the keyword starts, as the parser names
    /// it (`CompleterTests.itemSlotsMatchTheParsersDuplicateCheck` parses every
    /// pair of rows and fails when a row names another kind); its slots are the kind's.
    init(keyword: Keyword, argument: ItemArgument, tag: SlotTag) {
        self.keyword = keyword; self.argument = argument; self.slots = Slots(tag)
    }

    /// A node's once-only items, one bit each (`size` is both `width` and `height`).
    public struct Slots: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shape = Slots(rawValue: 1 << 0), container = Slots(rawValue: 1 << 1)
        public static let clip = Slots(rawValue: 1 << 2), background = Slots(rawValue: 1 << 3)
        public static let hit = Slots(rawValue: 1 << 4), transition = Slots(rawValue: 1 << 5)
        public static let glass = Slots(rawValue: 1 << 6), width = Slots(rawValue: 1 << 7)
        public static let height = Slots(rawValue: 1 << 8), align = Slots(rawValue: 1 << 9)
        public static let stack = Slots(rawValue: 1 << 10), fill = Slots(rawValue: 1 << 11)
        public static let style = Slots(rawValue: 1 << 12), role = Slots(rawValue: 1 << 13)
        public static let spacer = Slots(rawValue: 1 << 14), offset = Slots(rawValue: 1 << 15)

        /// The slots an item of kind `tag` takes: the one place a kind is given
        /// its bits (the parser's duplicate-item rule, `Parser.keyBits`, asks here).
        init(_ tag: SlotTag) {
            switch tag {
            case .shape: self = .shape
            case .container: self = .container
            case .clip: self = .clip
            case .background: self = .background
            case .hit: self = .hit
            case .transition: self = .transition
            case .glass, .glassAlone: self = .glass
            case .size: self = [.width, .height]
            case .width: self = .width
            case .height: self = .height
            case .pad, .whole, .more: self = []
            case .align: self = .align
            case .stack: self = .stack
            case .fill: self = .fill
            case .style: self = .style
            case .role: self = .role
            case .spacer: self = .spacer
            case .offset: self = .offset
            }
        }
    }

    /// The table: shapes first (from the shape-kind table), then the other items
    /// in the order the parser's did-you-mean and items help name them.
    public static let all: [ItemSyntax] = ShapeKind.shapes.compactMap { kind in
        kind.row.keyword.map { ItemSyntax(keyword: $0, argument: .shape(kind), tag: .shape) }
    } + [
        //         keyword       argument          kind of item
        ItemSyntax(keyword: .container, argument: .containerShape, tag: .container),
        ItemSyntax(keyword: .size, argument: .size, tag: .size),
        ItemSyntax(keyword: .width, argument: .value, tag: .width),
        ItemSyntax(keyword: .height, argument: .value, tag: .height),
        ItemSyntax(keyword: .pad, argument: .padding, tag: .pad),
        ItemSyntax(keyword: .align, argument: .alignment, tag: .align),
        ItemSyntax(keyword: .hstack, argument: .stack, tag: .stack),
        ItemSyntax(keyword: .vstack, argument: .stack, tag: .stack),
        ItemSyntax(keyword: .zstack, argument: .stack, tag: .stack),
        ItemSyntax(keyword: .fill, argument: .colour, tag: .fill),
        ItemSyntax(keyword: .style, argument: .style, tag: .style),
        ItemSyntax(keyword: .glass, argument: .optionalShape, tag: .glass),
        ItemSyntax(keyword: .clip, argument: .anyShape, tag: .clip),
        ItemSyntax(keyword: .background, argument: .anyShape, tag: .background),
        ItemSyntax(keyword: .hit, argument: .anyShape, tag: .hit),
        ItemSyntax(keyword: .transition, argument: .anyShape, tag: .transition),
        ItemSyntax(keyword: .role, argument: .role, tag: .role),
        ItemSyntax(keyword: .spacer, argument: .spacer, tag: .spacer),
        ItemSyntax(keyword: .offset, argument: .offset, tag: .offset),
    ]

    /// Whether the item stands alone on its node: nothing else may go with it
    /// (`spacer`, a view of its own in SwiftUI). Completion offers it only first
    /// and nothing after it; the evaluator reports anything else on its node.
    public var alone: Bool { argument == .spacer }

    /// The row of an item keyword, if it starts an item.
    public static func row(_ k: Keyword) -> ItemSyntax? { byKeyword[k] }
    static let byKeyword: [Keyword: ItemSyntax] = Dictionary(all.map { ($0.keyword, $0) }, uniquingKeysWith: { a, _ in a })

    // MARK: The words that follow an item keyword

    /// After `pad`: the edges that take their own value.
    public static let edges: [Keyword] = Keyword.allCases.filter { Edge(padWord: $0) != nil }
    public static let alignments: [String] = Alignment.allCases.map(\.rawValue)
    public static let colours: [String] = Color.named.keys.sorted()
    public static let styles: [String] = CornerStyle.allCases.map(\.rawValue)
    public static let roles: [String] = Role.allCases.map(\.rawValue)
    /// After `container`: the kinds a container publishes (`concentric` is an
    /// error there and `relative` is ignored: ShapeKind's `container` column).
    public static let containerKinds: [ShapeKind] = ShapeKind.shapes.filter(\.publishesAsContainer)
}

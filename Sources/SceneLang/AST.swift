/// The syntax tree: what the user wrote, every piece with its source range.
/// Nothing here is evaluated; `SceneEval` turns it into a resolved scene.

public struct Identifier: Sendable, Equatable {
    public var name: String
    public var range: SourceRange
    public init(_ name: String, _ range: SourceRange) { self.name = name; self.range = range }
}

/// Only the recursive cases are boxed: a literal or a name is stored inline.
public enum Expr: Sendable, Equatable {
    case number(Double, SourceRange)
    case name(String, SourceRange)
    indirect case negate(Expr, SourceRange)
    /// `a + b - c` or `a * b / c`: operands of one precedence level joined left
    /// to right (`operators.count == operands.count - 1`, at least one). Kept
    /// flat so that a sum of a million terms is one node with a million
    /// operands, not a million-deep tree that walking or freeing would
    /// overflow the stack with; `a + b * c` is a chain holding a chain.
    case chain([Expr], [BinaryOp], SourceRange)
    /// `min(a, b, …)` / `max(a, b, …)`.
    case call(Function, [Expr], SourceRange)
    /// Stands in for an expression that failed to parse (already reported).
    case invalid(SourceRange)

    public enum BinaryOp: String, Sendable {
        case add = "+", sub = "-", mul = "*", div = "/"
        public func apply(_ x: Double, _ y: Double) -> Double {
            switch self {
            case .add: return x + y
            case .sub: return x - y
            case .mul: return x * y
            case .div: return x / y
            }
        }
    }
    public enum Function: String, Sendable { case min, max }

    public var range: SourceRange {
        switch self {
        case .number(_, let r), .name(_, let r), .negate(_, let r), .chain(_, _, let r),
             .call(_, _, let r), .invalid(let r):
            return r
        }
    }
}

/// One corner's style inside a `concentric` shape: Apple's `Edge.Corner.Style`.
public enum CornerSpec: Sendable, Equatable {
    case concentric(minimum: Expr?)
    case fixed(Expr)
}

public enum Corner: Int, Sendable, CaseIterable, Equatable {
    case topLeading = 0, topTrailing, bottomTrailing, bottomLeading

    /// `allCases` without an array: `allCases` hands out a new one on each call,
    /// and the evaluator and checker walk the corners of every shape.
    /// (`CornerTests` compares the two.)
    @inlinable public static var four: Four { Four() }
    public struct Four: RandomAccessCollection, Sendable {
        @inlinable init() {}
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { 4 }
        @inlinable public subscript(i: Int) -> Corner { Corner(rawValue: i)! }
    }
    public var name: String {
        switch self {
        case .topLeading: return "topLeading"
        case .topTrailing: return "topTrailing"
        case .bottomTrailing: return "bottomTrailing"
        case .bottomLeading: return "bottomLeading"
        }
    }
}

/// The corners one clause of a concentric shape applies to.
public enum CornerSet: String, Sendable, Equatable, CaseIterable {
    case all, top, bottom, leading, trailing
    case topLeading, topTrailing, bottomLeading, bottomTrailing

    public var corners: [Corner] {
        switch self {
        case .all: return Corner.allCases
        case .top: return [.topLeading, .topTrailing]
        case .bottom: return [.bottomLeading, .bottomTrailing]
        case .leading: return [.topLeading, .bottomLeading]
        case .trailing: return [.topTrailing, .bottomTrailing]
        case .topLeading: return [.topLeading]
        case .topTrailing: return [.topTrailing]
        case .bottomLeading: return [.bottomLeading]
        case .bottomTrailing: return [.bottomTrailing]
        }
    }

    /// `corners` as a mask (bit `Corner.rawValue`), read from a table made
    /// from `corners` once: no array built for a clause.
    public var cornerMask: UInt8 { Self.masks[Int(code)] }
    private static let masks: [UInt8] = allCases.map { $0.corners.reduce(0) { $0 | 1 << UInt8($1.rawValue) } }

    /// The set a keyword spells (every set's name is a keyword), from a table
    /// made from the two enums' spellings once: no string built or compared.
    public init?(keyword: Keyword) {
        guard let s = Self.byKeyword[Int(keyword.code)] else { return nil }
        self = s
    }
    private static let byKeyword: [CornerSet?] = Keyword.allCases.map { CornerSet(rawValue: $0.rawValue) }
}

/// `top: fixed 24 uniform` — a corner set, its style, and whether the set is a
/// uniform group (the largest resolved radius wins across it).
/// (The style first: the two one-byte fields then fill its tail, 40 bytes a
/// clause, not 48 with the set before it.)
public struct CornerClause: Sendable, Equatable {
    public var spec: CornerSpec
    public var set: CornerSet
    public var uniform: Bool
    public var range: SourceRange
    public init(set: CornerSet, spec: CornerSpec, uniform: Bool, range: SourceRange) {
        self.set = set; self.spec = spec; self.uniform = uniform; self.range = range
    }
}

/// A shape as written; which kinds take which arguments is the shape-kind
/// table's `arguments` column (ShapeKind.swift).
public enum ShapeExpr: Sendable, Equatable {
    /// A kind written with no arguments (`arguments == .none`): `rectangle`, `capsule`, ….
    case plain(ShapeKind)
    /// A kind written with radii: `rect R` (one, `.radius`) or `uneven(TL, TR, BR, BL)`
    /// (four, clockwise from top-leading, `.fourRadii`).
    case radii(ShapeKind, [Expr])
    /// `concentric [min M] [uniform] [(clauses)]`: ConcentricRectangle. `base`
    /// applies to every corner no clause names.
    case concentric(base: CornerSpec, uniform: Bool, clauses: [CornerClause])

    public var kind: ShapeKind {
        switch self {
        case .plain(let k), .radii(let k, _): return k
        case .concentric: return .concentric
        }
    }
}

public struct Located<T: Sendable & Equatable>: Sendable, Equatable {
    public var value: T
    public var range: SourceRange
    public init(_ value: T, _ range: SourceRange) { self.value = value; self.range = range }
}

public enum Edge: String, Sendable, Equatable, CaseIterable {
    case top, leading, bottom, trailing, h, v, all

    /// The sides of a box that the edge pads (grammar.md, `pad`): `h` the
    /// leading and trailing ones, `v` the top and bottom ones, `all` every side.
    /// The one place the words are spelled out: the evaluator, the checker's
    /// padding and the SwiftUI export read it.
    @inlinable public var sides: (top: Bool, leading: Bool, bottom: Bool, trailing: Bool) {
        switch self {
        case .top: return (true, false, false, false)
        case .leading: return (false, true, false, false)
        case .bottom: return (false, false, true, false)
        case .trailing: return (false, false, false, true)
        case .h: return (false, true, false, true)
        case .v: return (true, false, true, false)
        case .all: return (true, true, true, true)
        }
    }

    /// The edge a word after `pad` names (`pad top 8`; `all` is `pad 8`, no
    /// word): the one list of `pad`'s edge words, which the parser and
    /// completion (`ItemSyntax.edges`) read.
    @inlinable public init?(padWord k: Keyword) {
        switch k {
        case .top: self = .top
        case .leading: self = .leading
        case .bottom: self = .bottom
        case .trailing: self = .trailing
        case .h: self = .h
        case .v: self = .v
        default: return nil
        }
    }
}

public enum Alignment: String, Sendable, Equatable, CaseIterable {
    case center, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing

    /// The alignment a keyword names (all nine are keywords).
    public init?(keyword: Keyword) {
        switch keyword {
        case .center: self = .center
        case .top: self = .top
        case .bottom: self = .bottom
        case .leading: self = .leading
        case .trailing: self = .trailing
        case .topLeading: self = .topLeading
        case .topTrailing: self = .topTrailing
        case .bottomLeading: self = .bottomLeading
        case .bottomTrailing: self = .bottomTrailing
        default: return nil
        }
    }
    /// The one alignment two words make, in either order (`top` and `leading`:
    /// `topLeading`, as SwiftUI spells it), or nil when they make none.
    public func joined(with other: Alignment) -> Alignment? {
        let pair = [self, other]
        guard let v = pair.first(where: { $0 == .top || $0 == .bottom }),
              let h = pair.first(where: { $0 == .leading || $0 == .trailing }) else { return nil }
        return Alignment(rawValue: v.rawValue + h.rawValue.prefix(1).uppercased() + h.rawValue.dropFirst())
    }
    /// Fraction of the free space before the node, per axis (0 leading/top, 0.5 centre, 1 trailing/bottom).
    public var fx: Double {
        switch self {
        case .leading, .topLeading, .bottomLeading: return 0
        case .trailing, .topTrailing, .bottomTrailing: return 1
        default: return 0.5
        }
    }
    public var fy: Double {
        switch self {
        case .top, .topLeading, .topTrailing: return 0
        case .bottom, .bottomLeading, .bottomTrailing: return 1
        default: return 0.5
        }
    }
}

public enum StackAxis: String, Sendable, Equatable, CaseIterable { case hstack, vstack, zstack }
public enum CornerStyle: String, Sendable, Equatable, CaseIterable { case continuous, circular }

/// A colour as written: `#4a8`, `#44aa88`, `#44aa88cc`, or a name.
public struct Color: Sendable, Equatable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// 1 + the position of `name` in `names`; 0 for none (five bytes a colour, not 24).
    var nameIndex: UInt8 = 0
    /// The name it was written with (`red`), for dumps; nil for `#…`. Only a name
    /// of `named` is kept (another is dropped).
    public var name: String? {
        get { nameIndex == 0 ? nil : Self.names[Int(nameIndex) - 1] }
        set { nameIndex = newValue.flatMap { Self.names.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0 }
    }
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// The names of `named`, sorted.
    static let names: [String] = named.keys.sorted()
    /// `named`'s colours, each with its name set (the parser's one lookup for `fill red`).
    static let withName: [String: Color] = Dictionary(uniqueKeysWithValues: named.map { name, c in
        var c = c
        c.name = name
        return (name, c)
    })
    /// As written: the name, else the hex form.
    public var written: String { name ?? hex }
    public var hex: String {
        let h = { (v: UInt8) -> String in let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    /// SwiftUI's named colours (light appearance).
    public static let named: [String: Color] = [
        "red": Color(r: 255, g: 56, b: 60), "orange": Color(r: 255, g: 141, b: 40),
        "yellow": Color(r: 255, g: 204, b: 0), "green": Color(r: 52, g: 199, b: 89),
        "mint": Color(r: 0, g: 200, b: 179), "teal": Color(r: 0, g: 195, b: 208),
        "cyan": Color(r: 0, g: 192, b: 232), "blue": Color(r: 0, g: 136, b: 255),
        "indigo": Color(r: 97, g: 85, b: 245), "purple": Color(r: 203, g: 48, b: 224),
        "pink": Color(r: 255, g: 45, b: 85), "brown": Color(r: 172, g: 127, b: 94),
        "white": Color(r: 255, g: 255, b: 255), "gray": Color(r: 142, g: 142, b: 147),
        "black": Color(r: 0, g: 0, b: 0), "clear": Color(r: 0, g: 0, b: 0, a: 0),
    ]
}

public enum Role: String, Sendable, Equatable, CaseIterable { case button, badge, pill }

public enum Item: Sendable, Equatable {
    case shape(ShapeExpr)
    case container(ShapeExpr)
    case size(Expr, Expr)
    case width(Expr)
    case height(Expr)
    case pad([(Edge, Expr)])
    case align(Alignment)
    case stack(StackAxis, spacing: Expr?)
    case fill(Color)
    case style(CornerStyle)
    case glass(ShapeExpr?)
    case clip(ShapeExpr)
    case background(ShapeExpr)
    case hit(ShapeExpr)
    case transition(ShapeExpr)
    case role(Role)
    /// `spacer [min M]`: SwiftUI's `Spacer(minLength:)`, a node of its own in an h/v stack.
    case spacer(minimum: Expr?)
    /// `offset X Y`: `.offset(x:y:)`, which moves the node's drawing (and its content), not its layout.
    case offset(Expr, Expr)

    /// Written out because `pad`'s pairs are tuples (not `Equatable`). A switch
    /// over `a` alone, with no `default`: a new case is a compile error here, not
    /// an item silently unequal to itself (`ItemEqualityTests`).
    public static func == (a: Item, b: Item) -> Bool {
        switch a {
        case let .pad(x):
            if case let .pad(y) = b { return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 } }
        case let .shape(x): if case let .shape(y) = b { return x == y }
        case let .container(x): if case let .container(y) = b { return x == y }
        case let .clip(x): if case let .clip(y) = b { return x == y }
        case let .background(x): if case let .background(y) = b { return x == y }
        case let .hit(x): if case let .hit(y) = b { return x == y }
        case let .transition(x): if case let .transition(y) = b { return x == y }
        case let .glass(x): if case let .glass(y) = b { return x == y }
        case let .size(a1, a2): if case let .size(b1, b2) = b { return a1 == b1 && a2 == b2 }
        case let .width(x): if case let .width(y) = b { return x == y }
        case let .height(x): if case let .height(y) = b { return x == y }
        case let .align(x): if case let .align(y) = b { return x == y }
        case let .stack(x, s1): if case let .stack(y, s2) = b { return x == y && s1 == s2 }
        case let .fill(x): if case let .fill(y) = b { return x == y }
        case let .style(x): if case let .style(y) = b { return x == y }
        case let .role(x): if case let .role(y) = b { return x == y }
        case let .spacer(x): if case let .spacer(y) = b { return x == y }
        case let .offset(x1, y1): if case let .offset(x2, y2) = b { return x1 == x2 && y1 == y2 }
        }
        return false
    }
}

/// A node as written. 48 bytes: the label is boxed (most nodes have none),
/// the items are a run of compact slots (`Items`), and the block is where its
/// `<` is (it ends where the node does; -1: none).
public struct Node: Sendable, Equatable {
    /// The label's box (the evaluator keeps it as a labelled shape's, no second copy of the name).
    public internal(set) var labelBox: LabelBox?
    public var items: Items
    /// Where the `<` … `>` block starts, -1 for none: it ends where the node ends.
    /// (Beside `items`, 20 bytes, in the 4 bytes the next reference would leave.)
    var blockStart: Int32
    public var children: [Node]
    public var range: SourceRange

    public var label: Identifier? {
        get { labelBox?.identifier }
        set { labelBox = newValue.map(LabelBox.init) }
    }
    /// The `<` … `>` block, when there is one: from `blockStart` to the node's end
    /// (setting it keeps only where it starts: it ends where the node does, whichever
    /// of the two is set first when a node is moved).
    public var block: SourceRange? {
        get { blockStart < 0 ? nil : SourceRange(raw: blockStart, range.hi) }
        set { blockStart = newValue?.lo ?? -1 }
    }

    // The initializer the parser calls is the implicit memberwise one,
    // `init(labelBox:items:blockStart:children:range:)`: it builds the node as one
    // value. One written here built it field by field in a temporary and then copied
    // it out (its three references each counted and dropped once more a node, in
    // `Parser.pushNode`): so the public initializers are in an extension below.

    public static func == (a: Node, b: Node) -> Bool {
        a.label == b.label && a.items == b.items && a.children == b.children && a.block == b.block && a.range == b.range
    }
}

extension Node {
    public init(label: Identifier?, items: Items, children: [Node], block: SourceRange?, range: SourceRange) {
        precondition(block.map { $0.hi == range.hi } ?? true, "a node's block ends where the node does")
        self.init(labelBox: label.map(LabelBox.init), items: items, blockStart: block?.lo ?? -1,
                  children: children, range: range)
    }
    public init(label: Identifier?, items: [Located<Item>], children: [Node], block: SourceRange?, range: SourceRange) {
        self.init(label: label, items: Items(items), children: children, block: block, range: range)
    }
}

public final class LabelBox: Sendable {
    public let identifier: Identifier
    public init(_ identifier: Identifier) { self.identifier = identifier }
}

public enum ScreenSpec: Sendable, Equatable {
    /// `screen iphone-16-pro [W x H] [radius R]`.
    case preset(Identifier, size: (Expr, Expr)?, radius: Expr?)
    /// `screen W x H [radius R]`.
    case custom(Expr, Expr, radius: Expr?)

    public static func == (a: ScreenSpec, b: ScreenSpec) -> Bool {
        switch (a, b) {
        case let (.preset(n1, s1, r1), .preset(n2, s2, r2)):
            return n1 == n2 && r1 == r2 && s1?.0 == s2?.0 && s1?.1 == s2?.1
        case let (.custom(w1, h1, r1), .custom(w2, h2, r2)):
            return w1 == w2 && h1 == h2 && r1 == r2
        default: return false
        }
    }
}

public enum Target: String, Sendable, Equatable, CaseIterable {
    case ios26, ios18

    /// `ios26` / `ios18`, or the macOS words for the same resolution: `macos26` (as ios26)
    /// and `macos15` (as ios18, the release before 26).
    public init?(word: String) {
        switch word {
        case "macos26": self = .ios26
        case "macos15": self = .ios18
        default: self.init(rawValue: word)
        }
    }

    /// Every word `target` accepts.
    public static let words = ["ios26", "ios18", "macos26", "macos15"]

    /// The target's name: the macOS release on a Mac window.
    public func name(onWindow: Bool) -> String {
        onWindow ? (self == .ios26 ? "macos26" : "macos15") : rawValue
    }

    /// The release in words: `iOS 26`, `iOS 18`; on a Mac window `macOS 26`, `macOS 15`.
    public func release(onWindow: Bool) -> String {
        switch self {
        case .ios26: return onWindow ? "macOS 26" : "iOS 26"
        case .ios18: return onWindow ? "macOS 15" : "iOS 18"
        }
    }
}

public enum Statement: Sendable, Equatable {
    // Boxed (one per scene, or few): a statement is as small as a node.
    indirect case binding(name: Identifier, value: Expr, range: SourceRange)
    indirect case screen(ScreenSpec, range: SourceRange)
    case target(Located<Target>, range: SourceRange)
    /// `margin N`: the screen-edge margin the checker asks for (default 16).
    case margin(Expr, range: SourceRange)
    case node(Node)

    public var range: SourceRange {
        switch self {
        case .binding(_, _, let r), .screen(_, let r), .target(_, let r), .margin(_, let r): return r
        case .node(let n): return n.range
        }
    }
}

public struct Scene: Sendable, Equatable {
    public var statements: [Statement]
    public init(statements: [Statement]) { self.statements = statements }
}

// THE SHAPE-KIND TABLE: one row per kind of shape a scene can draw (after
// Pikchr's `aClass[]`). The lexer's keywords, the parser's shape list and
// suggestions, the AST dump, the evaluator, layout, checker and writers read
// these columns instead of listing kinds; the geometry columns (how a kind's
// radii follow from its frame, how its outline is built, the centred square it
// is measured from) are in SceneEval (`ShapeKind+Geometry.swift`).
//
// Adding a kind: a case here, its row, its geometry there, its tests; every
// `switch` over kinds is exhaustive, so the compiler points at the rest.

/// What a node draws.
public enum ShapeKind: String, Sendable, Equatable, CaseIterable {
    // In the order the parser lists and suggests them.
    case rect, rectangle, capsule, circle, uneven, concentric, relative
    /// A node that draws nothing (a layout group): no keyword, no row of its own.
    case group

    /// What follows the keyword.
    public enum Arguments: Sendable, Equatable {
        /// Nothing: the frame (or the container) decides the corners.
        case none
        /// One radius: `rect 12`.
        case radius
        /// Four radii, clockwise from top-leading: `uneven(24, 24, 0, 0)`.
        case fourRadii
        /// `min M`, `uniform`, per-corner clauses: `concentric min 16 (top: fixed 8)`.
        case concentric
    }

    /// What a kind does after `container`.
    public enum ContainerUse: Sendable, Equatable {
        /// It publishes its resolved radii to its children (`.containerShape(…)`).
        case publishes
        /// An error (`code`): SwiftUI cannot take it, for the reason `why`
        /// (the diagnostic's help says it); its resolved radii stand in, as `uneven`.
        case rejected(DiagnosticCode, why: String)
        /// A warning (`code`): SwiftUI ignores it, for the reason `why`.
        case ignored(DiagnosticCode, why: String)
        /// Not a shape (a group).
        case never
    }

    /// Where a kind's corner radii come from.
    public enum RadiiSource: Sendable, Equatable {
        /// Written in the source (`rect`, `uneven`), clamped to the frame.
        case written
        /// The frame alone decides them (square, or half the shorter side).
        case frame
        /// Resolved against the enclosing container (grammar.md, Resolution).
        case container
        /// Nothing is drawn.
        case none
    }

    /// One row of the table.
    public struct Row: Sendable {
        /// The word that writes it (nil: a group).
        public let keyword: Keyword?
        /// The SwiftUI shape it stands for.
        public let swiftUI: String?
        /// Whether that SwiftUI initialiser takes `style:` (a RoundedCornerStyle).
        public let swiftUIStyle: Bool
        public let arguments: Arguments
        public let container: ContainerUse
        public let radii: RadiiSource
        /// Concentric with anything by nature (buttons, badges, pills): the
        /// inversion rule leaves it alone.
        public let concentricByNature: Bool
        /// Drawn and measured in its frame's centred square, not its frame.
        public let centredSquare: Bool
    }

    /// The table. (Inlinable: callers read one column, and the switch folds away.)
    @inlinable public var row: Row {
        switch self {
        //                             keyword      SwiftUI                   style  arguments    container   radii       nature square
        case .rect:       return Row(.rect,       "RoundedRectangle",       true,  .radius,     .publishes, .written,   false, false)
        case .rectangle:  return Row(.rectangle,  "Rectangle",              false, .none,       .publishes, .frame,     false, false)
        case .capsule:    return Row(.capsule,    "Capsule",                true,  .none,       .publishes, .frame,     true,  false)
        case .circle:     return Row(.circle,     "Circle",                 false, .none,       .publishes, .frame,     true,  true)
        case .uneven:     return Row(.uneven,     "UnevenRoundedRectangle", true,  .fourRadii,  .publishes, .written,   false, false)
        case .concentric: return Row(.concentric, "ConcentricRectangle",    false, .concentric, .concentricRejected, .container, false, false)
        case .relative:   return Row(.relative,   "ContainerRelativeShape", false, .none,       .relativeIgnored, .container, false, false)
        case .group:      return Row(nil,         nil,                      false, .none,       .never,     .none,      false, false)
        }
    }

    /// Every kind a keyword writes, in the table's order (the parser's list and suggestions).
    public static let shapes: [ShapeKind] = allCases.filter { $0.row.keyword != nil }
    /// Their keywords, in the same order.
    public static let keywordNames: [String] = shapes.map(\.rawValue)
    /// The keyword column inverted, read once: the kind each keyword writes, by
    /// the keyword's one-byte code (the parser asks for every item keyword).
    static let byKeyword: [ShapeKind?] = {
        var t = [ShapeKind?](repeating: nil, count: Keyword.allCases.count)
        for s in shapes { t[Int(s.row.keyword!.code)] = s }
        return t
    }()

    /// The kind a keyword writes, if it writes one.
    public init?(keyword: Keyword) {
        guard let k = ShapeKind.byKeyword[Int(keyword.code)] else { return nil }
        self = k
    }

    /// The shape SwiftUI's bare `.glassEffect()` uses.
    public static let defaultGlass = ShapeKind.capsule
    /// The kind whose radii stand in for a rejected container (`container concentric`).
    public static let rejectedContainerStandIn = ShapeKind.uneven
    /// The shape `role button / badge / pill` should draw.
    public static let pill = ShapeKind.capsule

    /// Kinds whose corners follow no container: a fixed radius, or the square
    /// `rectangle` (the flared / pinched rules look at these).
    @inlinable public var hasFixedCorners: Bool { bit(Self.fixedCornersBit) }
    /// Kinds resolved against their enclosing container.
    @inlinable public var followsContainer: Bool { bit(Self.followsContainerBit) }
    /// Kinds a `container …` item publishes as written.
    @inlinable public var publishesAsContainer: Bool { bit(Self.publishesBit) }
    /// `row.concentricByNature`, from the bits.
    @inlinable public var concentricByNature: Bool { bit(Self.byNatureBit) }
    /// `row.centredSquare`, from the bits (asked of a shape's outer for every node resolved and drawn).
    @inlinable public var centredSquare: Bool { bit(Self.centredSquareBit) }

    // The yes-or-no columns the checker and the evaluator ask of every shape,
    // worked out from `row` once per kind: a row, built, copies its strings, and
    // was built for each ask. `ShapeKindTests` compares them with the rows.
    @inlinable static var fixedCornersBit: UInt8 { 1 }
    @inlinable static var followsContainerBit: UInt8 { 2 }
    @inlinable static var publishesBit: UInt8 { 4 }
    @inlinable static var byNatureBit: UInt8 { 8 }
    @inlinable static var centredSquareBit: UInt8 { 16 }
    @usableFromInline static let bits: [UInt8] = allCases.map { kind in
        let r = kind.row
        var b: UInt8 = 0
        if (r.radii == .written || r.radii == .frame) && !r.concentricByNature { b |= fixedCornersBit }
        if r.radii == .container { b |= followsContainerBit }
        if r.container == .publishes { b |= publishesBit }
        if r.concentricByNature { b |= byNatureBit }
        if r.centredSquare { b |= centredSquareBit }
        return b
    }
    /// The arguments column, read from the rows once per kind: the parser asks it of
    /// every shape it reads, and `concentric`'s row holds a string (its container
    /// use), so building the row took and dropped a reference count each time.
    @usableFromInline static let argumentsColumn: [Arguments] = allCases.map { $0.row.arguments }
    /// `row.arguments`, from the column.
    @inlinable public var arguments: Arguments { Self.argumentsColumn[ordinal] }
    /// The kind's place in `allCases`: its declaration order, which is how a case
    /// without payloads is stored (the test checks every kind).
    @inlinable var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
    @inlinable @inline(__always) func bit(_ b: UInt8) -> Bool { Self.bits[ordinal] & b != 0 }
}

extension ShapeKind.ContainerUse {
    // The two cells too long for the table's line.
    @usableFromInline static let concentricRejected = Self.rejected(.concentricContainer,
        why: "ConcentricRectangle is not a RoundedRectangularShape")
    @usableFromInline static let relativeIgnored = Self.ignored(.relativeContainer,
        why: "SwiftUI ignores ContainerRelativeShape in containerShape")
}

extension ShapeKind.Row {
    @inlinable init(_ keyword: Keyword?, _ swiftUI: String?, _ swiftUIStyle: Bool, _ arguments: ShapeKind.Arguments,
         _ container: ShapeKind.ContainerUse, _ radii: ShapeKind.RadiiSource, _ concentricByNature: Bool, _ centredSquare: Bool) {
        self.keyword = keyword; self.swiftUI = swiftUI; self.swiftUIStyle = swiftUIStyle
        self.arguments = arguments; self.container = container
        self.radii = radii; self.concentricByNature = concentricByNature; self.centredSquare = centredSquare
    }
}

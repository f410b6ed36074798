import SceneLang

/// One node of the resolved scene: what the writers, the checker and the REPL read.
///
/// A scene may have a million of these, so the storage is compact (184 bytes,
/// was 336): indices in four bytes, the label as a flag on `id`, and what few
/// nodes have (a declared container, layers, overflows) in one shared box that
/// most shapes leave empty. The public properties read as plain fields.
public struct ResolvedShape: Sendable, Equatable {
    /// The label, or `node-N` (N in document order, from 1) for an unlabelled node.
    public var id: String
    public var frame: Frame
    public var radii: Radii
    /// What was drawn, with its numbers: `ResolvedScene.reasons(for:)` explains it.
    public var spec: ShapeValue?
    public var range: SourceRange
    /// Source range of the drawn shape's item, a part a checker may point at.
    public var shapeRange: SourceRange?
    /// −1 for none; else the index.
    var parentIndex: Int32
    var depthValue: Int32
    /// −2 for `.none`, −1 for the screen, else the container's index.
    var containerCode: Int32
    /// `enclosing`: −1 for the screen, else the container's index.
    var enclosingIndex: Int32
    public var kind: ShapeKind
    public var isContainer: Bool
    public var style: CornerStyle
    public var glass: Bool
    public var role: Role?
    public var stack: StackAxis?
    /// Whether `id` is a label the user wrote.
    var labelled: Bool
    public var decisions: Decisions
    public var fill: Color?
    /// The rarely present parts; nil when all are empty.
    var extras: ExtrasBox?

    /// Shape `index` (document order, from 0), still to be placed and resolved.
    init(index: Int, label: String?, kind: ShapeKind, parent: Int?, depth: Int, frame: Frame,
         style: CornerStyle, fill: Color?, glass: Bool, role: Role?, stack: StackAxis?, spec: ShapeValue?,
         range: SourceRange, shapeRange: SourceRange?, containerRange: SourceRange?) {
        self.id = label ?? "node-" + String(index + 1)
        self.labelled = label != nil
        self.kind = kind
        self.parentIndex = parent.map { Int32($0) } ?? -1
        self.depthValue = Int32(clamping: depth)
        self.containerCode = -2
        self.isContainer = false
        self.enclosingIndex = -1
        self.frame = frame
        self.radii = Radii(all: 0)
        self.style = style
        self.fill = fill
        self.glass = glass
        self.role = role
        self.stack = stack
        self.spec = spec
        self.decisions = Decisions()
        self.range = range
        self.shapeRange = shapeRange
        if let containerRange { extras = ExtrasBox(Extras(containerRange: containerRange)) }
    }

    public var label: String? {
        get { labelled ? id : nil }
        set { labelled = newValue != nil; if let newValue { id = newValue } }
    }
    public var parent: Int? {
        get { parentIndex < 0 ? nil : Int(parentIndex) }
        set { parentIndex = newValue.map { Int32($0) } ?? -1 }
    }
    public var depth: Int {
        get { Int(depthValue) }
        set { depthValue = Int32(clamping: newValue) }
    }
    /// The container its radii resolved against (`.none` when they depend on none).
    public var container: ContainerRef {
        get { containerCode == -2 ? .none : containerCode == -1 ? .screen : .node(Int(containerCode)) }
        set {
            switch newValue {
            case .none: containerCode = -2
            case .screen: containerCode = -1
            case .node(let j): containerCode = Int32(j)
            }
        }
    }
    /// The container it sits in, whether or not its radii depend on it: the
    /// nearest ancestor that declares one, else the screen (never `.none`).
    /// Layout sets it once; the checker, SVG `--centers` and `reasons(for:)` read it.
    public var enclosing: ContainerRef {
        get { enclosingIndex < 0 ? .screen : .node(Int(enclosingIndex)) }
        set {
            if case .node(let j) = newValue { enclosingIndex = Int32(j) } else { enclosingIndex = -1 }
        }
    }
    /// The radii it publishes to its children, when it is a container.
    public var containerRadii: Radii? {
        get { extras?.value.containerRadii }
        set { update { $0.containerRadii = newValue } }
    }
    /// The container's kind (for drawing the corner guides).
    public var containerKind: ShapeKind? {
        get { extras?.value.containerKind }
        set { update { $0.containerKind = newValue } }
    }
    /// Source range of the `container …` item, a part a checker may point at.
    public var containerRange: SourceRange? {
        get { extras?.value.containerRange }
        set { update { $0.containerRange = newValue } }
    }
    public var layers: [ShapeLayer] {
        get { extras?.value.layers ?? [] }
        set { update { $0.layers = newValue } }
    }
    /// Fixed radii it cannot hold, drawn clamped (`radius-overflow-clamped`).
    public var overflows: [RadiusOverflow] {
        get { extras?.value.overflows ?? [] }
        set { update { $0.overflows = newValue } }
    }
    /// The concentric shape's minimum, when it has one on every corner.
    public var minimum: Double? {
        if case .concentric(let c)? = spec { return c.minimum }
        return nil
    }
    /// A concentric shape whose four corners form one uniform group.
    public var uniform: Bool {
        if case .concentric(let c)? = spec { return c.isUniform }
        return false
    }

    /// Copy on write: the box is shared between copies, so a change makes a new one.
    mutating func update(_ change: (inout Extras) -> Void) {
        var v = extras?.value ?? Extras()
        change(&v)
        extras = v == Extras() ? nil : ExtrasBox(v)
    }

    /// What few shapes have, kept out of line.
    struct Extras: Sendable, Equatable {
        var containerRadii: Radii? = nil
        var containerKind: ShapeKind? = nil
        var containerRange: SourceRange? = nil
        var layers: [ShapeLayer] = []
        var overflows: [RadiusOverflow] = []
    }

    /// Immutable: equal by contents.
    final class ExtrasBox: Sendable, Equatable {
        let value: Extras
        init(_ value: Extras) { self.value = value }
        static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.value == b.value }
    }
}

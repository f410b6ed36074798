import SceneLang

/// How far `offset X Y` moves a node's drawing: x to the right, y down, in points.
public struct Offset: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// One node of the resolved scene: what the writers, the checker and the REPL read.
///
/// A scene may have a million of these, so the storage is compact (120 bytes,
/// was 144, 184, and 336 before that): indices in four bytes; the `node-N` id of
/// an unlabelled node made when it is read, from its place in document order;
/// the drawn shape's numbers in one `Double` when they are one number (`rect 12`,
/// `concentric min 15`: nearly every shape), else in the shared box below, and
/// its kind in `kind`; small
/// enumerations as bits; the container it resolved against as one bit (it is
/// always the enclosing one, or none); the shape item's range as an offset in
/// the node's. What few nodes have (a label, a declared container, layers,
/// overflows) lives out of line, in one shared box (`ExtrasBox`: a label alone,
/// numbers and overflows alone, a declared container with its label, or layers
/// alone, as their bare array, each take a smaller one) that most shapes leave
/// empty; a container or glass layer that is the very shape the node draws is
/// kept in no box (DrawnItems.swift). The public properties read as plain fields.
public struct ResolvedShape: Sendable, Equatable {
    public var frame: Frame
    public var radii: Radii
    /// The drawn shape's numbers when all four are the same to the bit (else
    /// they are `Extras.specRadii`): see `specValues`.
    var specValue: Double
    /// The rarely present parts; nil when all are empty.
    var extras: ExtrasBox?
    /// `range`, which `shapeRange` is stored against.
    var nodeRange: SourceRange
    /// −1 for none; else the index.
    var parentIndex: Int32
    var depthValue: Int32
    /// `enclosing`: −1 for the screen, else the container's index.
    var enclosingIndex: Int32
    /// Its place in document order, from 0 (`node-N` is N = ordinal + 1).
    var ordinalValue: Int32
    /// `shapeRange` from the node's start (with `shapeLength`); `noShapeRange`
    /// when there is none, `shapeRangeInExtras` when it does not fit.
    var shapeOffset: UInt16
    /// A concentric spec's uniform groups (`ConcentricSpec.groupMasks`).
    var specGroups: UInt16
    public var decisions: Decisions
    /// style 1 bit, role 2, stack 2, spec form 2, then the flags below.
    var bits: UInt16
    var shapeLength: UInt8
    var fillColor: Color
    /// What it draws (`.group` for nothing).
    public private(set) var kind: ShapeKind
    /// A concentric spec's corner styles (`ConcentricSpec.styles`).
    var specStyles: UInt8

    static let noShapeRange = UInt16.max
    static let shapeRangeInExtras = UInt16.max - 1

    // Bit positions in `bits`.
    static let styleShift: UInt16 = 0, roleShift: UInt16 = 1, stackShift: UInt16 = 3, specShift: UInt16 = 5
    static let containerBit: UInt16 = 1 << 7, glassBit: UInt16 = 1 << 8
    static let dependsBit: UInt16 = 1 << 9, fillBit: UInt16 = 1 << 10
    /// `containerIsDrawn`, `glassIsDrawn` (DrawnItems.swift).
    static let drawnContainerBit: UInt16 = 1 << 11, drawnGlassBit: UInt16 = 1 << 12

    /// Shape `index` (document order, from 0), still to be placed and resolved.
    /// `kind` is what `spec` draws, `.group` without one.
    /// `labelBox`: the node's box of `label`, kept as the shape's (nil: a box is made).
    /// `drawnContainer`: the container declared at `containerRange` is `spec`, the
    /// node's only shape, and publishes its radii (`containerIsDrawn`, when its range fits).
    /// `drawnGlass`: the range of the node's one layer, its `glass` shape, which is
    /// `spec` (`glassIsDrawn`, when its range fits). The caller reads which it kept.
    @inline(never) init(index: Int, label: String?, labelBox: LabelBox? = nil, parent: Int?, depth: Int, frame: Frame,
         style: CornerStyle, fill: Color?, glass: Bool, role: Role?, stack: StackAxis?, spec: ShapeValue?,
         range: SourceRange, shapeRange: SourceRange?, containerRange: SourceRange?, drawnContainer: Bool = false,
         drawnGlass: SourceRange? = nil, sharing shared: UnsafeMutablePointer<SharedExtras>? = nil) {
        self.frame = frame
        self.radii = Radii(all: 0)
        self.specValue = 0
        self.extras = nil
        self.nodeRange = range
        self.parentIndex = parent.map { Int32($0) } ?? -1
        self.depthValue = Int32(clamping: depth)
        self.enclosingIndex = -1
        self.ordinalValue = Int32(clamping: index)
        self.shapeOffset = Self.noShapeRange
        self.shapeLength = 0
        self.specGroups = 0
        self.decisions = Decisions()
        self.fillColor = fill ?? Color(r: 0, g: 0, b: 0, a: 0)
        self.kind = .group
        self.specStyles = 0
        self.bits = fill == nil ? 0 : Self.fillBit
        var containerRange = containerRange
        if drawnContainer, shapeRange == nil, let r = containerRange, placeInSlot(r) {
            bits |= Self.drawnContainerBit
            containerRange = nil
        } else if let g = drawnGlass, shapeRange == nil, placeInSlot(g) {
            bits |= Self.drawnGlassBit
        }
        // The box first: the spec and the shape range may add to it.
        if let label, containerRange == nil {
            // (The box `ExtrasBox.init` makes for a label alone, without comparing an `Extras`.)
            assert(labelBox == nil || labelBox!.identifier.name == label)
            extras = .label(labelBox ?? LabelBox(Identifier(label, .empty)))
        } else if label != nil || containerRange != nil {
            extras = ExtrasBox(Extras(containerRange: containerRange, label: label), labelBox: labelBox)
        }
        self.style = style
        self.glass = glass
        self.role = role
        self.stack = stack
        // A box of the drawn numbers alone (every concentric shape with corner
        // clauses and no label has one) is the one `shared` keeps for them, not a
        // box made here for each shape (the evaluator passes `sharing`; nothing swaps it later).
        let values = setSpecFields(spec)
        if let shared, extras == nil, !Self.oneNumber(values) {
            specValue = 0
            extras = .spec(shared.pointee.specBox(values, []))
        } else {
            specValues = values
        }
        if let shapeRange { self.shapeRange = shapeRange }
    }

    public var range: SourceRange {
        get { nodeRange }
        // The shape item's range stays where it was (it is stored against this one),
        // as does a drawn item's kept in its place.
        set {
            if slotHoldsDrawnItem {
                let c = slotRange
                nodeRange = newValue
                if !placeInSlot(c) { unpackDrawnItems(range: c) }
            } else {
                let s = shapeRange; nodeRange = newValue; shapeRange = s
            }
        }
    }

    /// Every source range `d` bytes on: its node moved in the text (the REPL's
    /// `Shift`, for each shape after an edit that changed a statement's length).
    /// Without a box, the node's range is all there is to move (the shape item's
    /// range is kept against it); with one, each range is read and set again.
    package mutating func shift(by d: Int) {
        func moved(_ r: SourceRange) -> SourceRange { SourceRange(r.start + d, r.end + d) }
        guard extras != nil else { nodeRange = moved(nodeRange); return }
        if slotHoldsDrawnItem {
            nodeRange = moved(nodeRange)  // (a drawn item's range, in the shape item's place, moves with it)
            // A container in the box, beside a drawn glass layer.
            if !containerIsDrawn, let c = extras?.declared.range { containerRange = moved(c) }
        } else {
            range = moved(range)
            shapeRange = shapeRange.map(moved)
            containerRange = containerRange.map(moved)
        }
        // (A drawn glass layer is the only layer, in the slot: moved above.)
        if !glassIsDrawn { for k in layers.indices { layers[k].range = moved(layers[k].range) } }
    }

    /// `x.spec == y.spec`, read from the packed fields (form, kind, styles, groups)
    /// and the numbers, inline or, for a shape that keeps them in its box, from
    /// there, compared as numbers: no `ShapeValue` built (siblings are compared two
    /// by two on every check; a test compares the two over every form).
    static func sameSpec(_ x: UnsafePointer<ResolvedShape>, _ y: UnsafePointer<ResolvedShape>) -> Bool {
        // Unset parts are 0 in both (the setter clears them), and a nil spec is `.group`.
        guard (x.pointee.bits ^ y.pointee.bits) & (3 << specShift) == 0, x.pointee.kind == y.pointee.kind,
              x.pointee.specStyles == y.pointee.specStyles, x.pointee.specGroups == y.pointee.specGroups else { return false }
        guard case .none = x.pointee.extras, case .none = y.pointee.extras else {
            // The numbers, inline or in the box (a labelled shape, a clamped one), compared as numbers.
            return x.pointee.specValues == y.pointee.specValues
        }
        return x.pointee.specValue == y.pointee.specValue
    }

    /// Whether `x` and `y` draw differently: frame, corners, what they draw and
    /// how (the REPL's diff asks of every shape after every edit: each field is
    /// read in place, through the pointers, and no shape is copied).
    static func looksDifferent(_ x: UnsafePointer<ResolvedShape>, _ y: UnsafePointer<ResolvedShape>) -> Bool {
        x.pointee.frame != y.pointee.frame || x.pointee.radii != y.pointee.radii || x.pointee.kind != y.pointee.kind
            || !sameSpec(x, y) || x.pointee.isContainer != y.pointee.isContainer
            || x.pointee.containerRadii != y.pointee.containerRadii || x.pointee.fill != y.pointee.fill
            || x.pointee.glass != y.pointee.glass || x.pointee.style != y.pointee.style || x.pointee.role != y.pointee.role
            || !sameLayerRadii(x, y)
    }

    /// Whether two shapes' layers are as many, with the same radii (read from their
    /// boxes: the `layers` getter, asked through a pointer, copies the whole shape).
    /// A drawn glass layer's radii are its shape's (`glassIsDrawn`).
    @inline(__always) static func sameLayerRadii(_ x: UnsafePointer<ResolvedShape>, _ y: UnsafePointer<ResolvedShape>) -> Bool {
        let (a, b) = (x.pointee.extras, y.pointee.extras)
        switch (x.pointee.glassIsDrawn, y.pointee.glassIsDrawn) {
        case (true, true): return x.pointee.radii == y.pointee.radii
        case (false, false):
            if case .none = a, case .none = b { return true }
            let l = a?.layers ?? [], m = b?.layers ?? []
            return l.count == m.count && !zip(l, m).contains { $0.radii != $1.radii }
        default:
            // (One drawn, one boxed: the one layer beside the other's layers.)
            let l = x.pointee.layers, m = y.pointee.layers
            return l.count == m.count && !zip(l, m).contains { $0.radii != $1.radii }
        }
    }

    /// Shape `i` of `a` beside shape `j` of `b`: whether they look different,
    /// and their containers (read in place, in this module: a caller elsewhere
    /// that read them itself would copy each shape for each look).
    package static func compare(_ a: UnsafeBufferPointer<ResolvedShape>, _ i: Int, _ b: UnsafeBufferPointer<ResolvedShape>,
                                _ j: Int) -> (differs: Bool, x: ContainerRef, y: ContainerRef) {
        precondition(a.indices.contains(i) && b.indices.contains(j))
        let x = a.baseAddress! + i, y = b.baseAddress! + j
        return (looksDifferent(x, y), x.pointee.container, y.pointee.container)
    }

    /// Whether shape `i` of `a` and shape `j` of `b` differ as containers:
    /// their frames or the radii they publish (read in place, as `compare`).
    package static func containerDiffers(_ a: UnsafeBufferPointer<ResolvedShape>, _ i: Int,
                                         _ b: UnsafeBufferPointer<ResolvedShape>, _ j: Int) -> Bool {
        precondition(a.indices.contains(i) && b.indices.contains(j))
        let x = a.baseAddress! + i, y = b.baseAddress! + j
        return x.pointee.frame != y.pointee.frame || x.pointee.containerRadii != y.pointee.containerRadii
    }

    /// The label, or `node-N` (N in document order, from 1) for an unlabelled node.
    public var id: String { Self.id(extras: extras, ordinal: ordinalValue) }
    /// Shape `j`'s id, its two fields read from `shapes` in place (`shapes[j].id`
    /// copies the whole shape first: the text writer names a container on every row).
    static func id(of j: Int, in shapes: [ResolvedShape]) -> String {
        shapes.withUnsafeBufferPointer { b in
            precondition(b.indices.contains(j))
            let p = b.baseAddress! + j
            return id(extras: p.pointee.extras, ordinal: p.pointee.ordinalValue)
        }
    }
    @inline(__always) private static func id(extras: ExtrasBox?, ordinal: Int32) -> String {
        extras?.label ?? "node-" + String(ordinal + 1)
    }
    /// The same id, said into `w` piece by piece (a finding on every node names
    /// two shapes; a test compares the two).
    func say<W: WordSink>(id w: inout W) { Self.say(label: extras?.label, ordinal: ordinalValue, to: &w) }
    /// Shape `j`'s id said into `w`, its two fields read from `shapes` in place: a
    /// shape passed on as an argument is copied first (a dozen reference counts),
    /// and a finding on every node names two.
    static func say<W: WordSink>(idOf j: Int, in shapes: [ResolvedShape], to w: inout W) {
        // (Through a pointer: `shapes[j].extras` copies the whole shape to read one field.)
        shapes.withUnsafeBufferPointer { b in
            precondition(b.indices.contains(j))
            say(idAt: b.baseAddress! + j, to: &w)
        }
    }
    /// The id of the shape at `p`, its two fields read in place (`JSONWriter`'s shapes).
    static func say<W: WordSink>(idAt p: UnsafePointer<ResolvedShape>, to w: inout W) {
        // (The label asked of the box where it is: the box passed on was retained
        // and released for every id said, and most shapes have one, a label's or
        // the drawn numbers'.)
        say(label: p.pointee.extras?.label, ordinal: p.pointee.ordinalValue, to: &w)
    }
    @inline(__always) private static func say<W: WordSink>(label: String?, ordinal: Int32, to w: inout W) {
        if let l = label { w.text(l) } else { w.literal("node-"); w.number(Double(ordinal) + 1) }
    }
    /// Its place in the scene's `shapes` (document order, from 0): what an
    /// unlabelled node's id counts.
    public var ordinal: Int {
        get { Int(ordinalValue) }
        set { ordinalValue = Int32(clamping: newValue) }
    }
    public var label: String? {
        get { extras?.label }
        set { update { $0.label = newValue } }
    }
    public var parent: Int? {
        get { parentIndex < 0 ? nil : Int(parentIndex) }
        set { parentIndex = newValue.map { Int32($0) } ?? -1 }
    }
    public var depth: Int {
        get { Int(depthValue) }
        set { depthValue = Int32(clamping: newValue) }
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
    /// The container its radii resolved against (`.none` when they depend on
    /// none). The resolver measures every shape against its `enclosing`
    /// container, so this is that one or none: setting any container but
    /// `.none` says it depends on `enclosing`.
    public var container: ContainerRef {
        get { bits & Self.dependsBit != 0 ? enclosing : .none }
        set { flag(Self.dependsBit, newValue != .none) }
    }
    /// `spec != nil`, from the bits alone (no `ShapeValue` built).
    var hasSpec: Bool { (bits >> Self.specShift) & 3 != 0 }
    /// `spec`'s corners when it is `.concentric`, else nil: the checker's rules
    /// ask of every shape, and need no `ShapeValue` built to ask.
    var concentricSpec: ConcentricSpec? {
        isConcentricSpec ? ConcentricSpec(values: specValues, styles: specStyles, groupMasks: specGroups) : nil
    }
    /// What was drawn, with its numbers: `ResolvedScene.reasons(for:)` explains it.
    public var spec: ShapeValue? {
        get {
            switch (bits >> Self.specShift) & 3 {
            case 1: return .plain(kind)
            case 2: return .radii(kind, specValues)
            case 3: return .concentric(ConcentricSpec(values: specValues, styles: specStyles, groupMasks: specGroups))
            default: return nil
            }
        }
        set { specValues = setSpecFields(newValue) }
    }
    /// Everything `spec`'s setter sets but the numbers, which it returns for `specValues`.
    private mutating func setSpecFields(_ newValue: ShapeValue?) -> Radii {
        var form: UInt16 = 0
        var values = Radii(all: 0)
        specStyles = 0; specGroups = 0
        switch newValue {
        case nil: kind = .group
        case .plain(let k)?: form = 1; kind = k
        case .radii(let k, let r)?: form = 2; kind = k; values = r
        case .concentric(let c)?:
            form = 3; kind = .concentric
            values = c.values; specStyles = c.styles; specGroups = c.groupMasks
        }
        bits = bits & ~(3 << Self.specShift) | form << Self.specShift
        return values
    }
    /// Whether the four numbers are one, to the bit (0 and −0 differ): kept inline, not boxed.
    @inline(__always) static func oneNumber(_ r: Radii) -> Bool {
        let v = r.topLeading.bitPattern
        return r.topTrailing.bitPattern == v && r.bottomTrailing.bitPattern == v && r.bottomLeading.bitPattern == v
    }
    /// The drawn shape's numbers: the written radii (`radii` kinds), or each
    /// corner's minimum or fixed radius (`concentric`; see `ConcentricSpec`).
    /// One number inline when all four are equal to the bit (0 and −0 differ,
    /// so every number reads back as written), else four in the box.
    var specValues: Radii {
        get { extras?.specRadii ?? Radii(all: specValue) }
        set {
            if Self.oneNumber(newValue) {
                specValue = newValue.topLeading
                if extras?.specRadii != nil { update { $0.specRadii = nil } }
            } else {
                specValue = 0
                // A box of the drawn numbers (and overflows) alone is made directly, as
                // `ExtrasBox.init` would make it (every concentric shape with corner
                // clauses has one): no `Extras` built, compared and taken apart.
                switch extras {
                case nil: setSpecOnly(newValue, [])
                case .spec(let b)?: setSpecOnly(newValue, b.overflows)
                default: update { $0.specRadii = newValue }
                }
            }
        }
    }
    /// Whether `spec` is a `.concentric` one (read without building it).
    var isConcentricSpec: Bool { (bits >> Self.specShift) & 3 == 3 }
    /// Whether `spec` is a `.radii` one, written radii (read without building it).
    var isRadiiSpec: Bool { (bits >> Self.specShift) & 3 == 2 }
    /// Source range of the drawn shape's item, a part a checker may point at.
    public var shapeRange: SourceRange? {
        get {
            if slotHoldsDrawnItem { return nil }
            switch shapeOffset {
            case Self.noShapeRange: return nil
            case Self.shapeRangeInExtras: return extras?.full?.value.shapeRange
            default:
                let start = range.start + Int(shapeOffset)
                return SourceRange(start, start + Int(shapeLength))
            }
        }
        set {
            if slotHoldsDrawnItem { unpackDrawnItems(range: slotRange) }
            if extras?.full?.value.shapeRange != nil { update { $0.shapeRange = nil } }
            guard let r = newValue else { shapeOffset = Self.noShapeRange; shapeLength = 0; return }
            if !placeInSlot(r) {
                shapeOffset = Self.shapeRangeInExtras; shapeLength = 0
                update { $0.shapeRange = r }
            }
        }
    }
    public var style: CornerStyle {
        get { (bits >> Self.styleShift) & 1 == 0 ? .continuous : .circular }
        set { bits = bits & ~(1 << Self.styleShift) | (newValue == .circular ? 1 : 0) << Self.styleShift }
    }
    public var role: Role? {
        get {
            switch (bits >> Self.roleShift) & 3 {
            case 1: return .button
            case 2: return .badge
            case 3: return .pill
            default: return nil
            }
        }
        set {
            let code: UInt16
            switch newValue {
            case nil: code = 0
            case .button?: code = 1
            case .badge?: code = 2
            case .pill?: code = 3
            }
            bits = bits & ~(3 << Self.roleShift) | code << Self.roleShift
        }
    }
    public var stack: StackAxis? {
        get {
            switch (bits >> Self.stackShift) & 3 {
            case 1: return .hstack
            case 2: return .vstack
            case 3: return .zstack
            default: return nil
            }
        }
        set {
            let code: UInt16
            switch newValue {
            case nil: code = 0
            case .hstack?: code = 1
            case .vstack?: code = 2
            case .zstack?: code = 3
            }
            bits = bits & ~(3 << Self.stackShift) | code << Self.stackShift
        }
    }
    public var isContainer: Bool {
        get { bits & Self.containerBit != 0 }
        set { flag(Self.containerBit, newValue) }
    }
    public var glass: Bool {
        get { bits & Self.glassBit != 0 }
        set { flag(Self.glassBit, newValue) }
    }
    public var fill: Color? {
        get { bits & Self.fillBit != 0 ? fillColor : nil }
        set {
            flag(Self.fillBit, newValue != nil)
            fillColor = newValue ?? Color(r: 0, g: 0, b: 0, a: 0)
        }
    }
    mutating func flag(_ bit: UInt16, _ on: Bool) { bits = on ? bits | bit : bits & ~bit }

    /// The radii it publishes to its children, when it is a container.
    public var containerRadii: Radii? {
        get { declaredContainer.radii }
        set { unpackContainer(range: slotRange); update { $0.containerRadii = newValue } }
    }
    /// The container's kind (for drawing the corner guides).
    public var containerKind: ShapeKind? {
        get { declaredContainer.kind }
        set { unpackContainer(range: slotRange); update { $0.containerKind = newValue } }
    }
    /// Source range of the `container …` item, a part a checker may point at.
    public var containerRange: SourceRange? {
        get { containerIsDrawn ? slotRange : extras?.declared.range }
        set { unpackContainer(range: slotRange); update { $0.containerRange = newValue } }
    }
    public var layers: [ShapeLayer] {
        get { glassIsDrawn ? [drawnGlassLayer] : extras?.layers ?? [] }
        set {
            unpackGlass(range: slotRange)
            // (Layers alone, the usual case: the box `ExtrasBox.init` would make, without building an `Extras`.)
            if extras == nil { extras = newValue.isEmpty ? nil : .layers(newValue) } else { update { $0.layers = newValue } }
            assert(extras == nil || extras == ExtrasBox(extras!.value), "not the box ExtrasBox.init makes")
        }
    }
    /// Fixed radii it cannot hold, drawn clamped (`radius-overflow-clamped`).
    public var overflows: [RadiusOverflow] {
        get { extras?.overflows ?? [] }
        set { update { $0.overflows = newValue } }
    }
    /// `offset X Y`: how far the node (and its content) is drawn from where layout put it.
    /// `frame` is where it is drawn.
    public var offset: Offset? {
        get { extras?.full?.value.offset }
        set { update { $0.offset = newValue } }
    }
    /// A `spacer`'s minimum length; nil for any other node.
    public var spacerMinimum: Double? {
        get { extras?.full?.value.spacerMinimum }
        set { update { $0.spacerMinimum = newValue } }
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
    /// `containerRadii` and `containerKind` from one read of the box (the
    /// resolver and checker read both for every shape's container), or, for a
    /// container kept as drawn, the shape's own once declared: the one place
    /// that says where they are (the two getters read it).
    var declaredContainer: (radii: Radii?, kind: ShapeKind?) {
        if containerIsDrawn { return isContainer ? (radii, kind) : (nil, nil) }
        guard let d = extras?.declared else { return (nil, nil) }
        return (d.radii, d.kind)
    }
}

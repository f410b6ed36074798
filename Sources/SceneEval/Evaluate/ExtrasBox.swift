import SceneLang
import CPrefetch

// What few shapes have, out of line (`ResolvedShape.extras`): the box forms and
// the only code that changes a box (`update`, and a spec box appended to in place).
extension ResolvedShape {
    /// Extras of drawn numbers and overflows alone, boxed as `ExtrasBox.init` boxes
    /// them (`.spec`), without building, comparing and taking apart a whole `Extras`
    /// (every concentric shape with corner clauses has one; debug builds check the box).
    mutating func setSpecOnly(_ radii: Radii, _ overflows: [RadiusOverflow]) {
        extras = .spec(.init(radii, overflows))
        assert(extras == ExtrasBox(extras!.value), "not the box ExtrasBox.init makes")
    }

    /// The radii and kind it publishes as a container. A box of a declared
    /// container and its label alone (a node with a shape of its own besides) is
    /// changed in place while this shape holds its only reference, as `update`
    /// would box the change: no `Extras` built and compared, no second box.
    mutating func declareContainer(radii: Radii, kind: ShapeKind) {
        assert(!containerIsDrawn, "a container kept as drawn is declared by resolveAll, not here")
        if case .container(var b)? = extras {
            extras = nil  // (the box's only other reference, if this shape alone holds it)
            let alone = isKnownUniquelyReferenced(&b)
            if alone { b.declare(radii: radii, kind: kind) }
            extras = .container(b)
            if alone {
                assert(extras == ExtrasBox(extras!.value), "not the box ExtrasBox.init makes")
                return
            }
        }
        update { $0.containerRadii = radii; $0.containerKind = kind }
        assert(extras == ExtrasBox(extras!.value), "not the box ExtrasBox.init makes")
    }

    /// How many shapes ahead a writer fetches a label's box (`prefetchLabel`).
    static let labelsAhead = 8

    /// Brings shape `j`'s label, if it has one, into the cache (nothing past the end;
    /// a label in a full box, rare, is left to be read as before):
    /// the writers read every shape's label in turn from its own box, made while
    /// parsing among the tree's objects, which missed the cache on nearly every
    /// shape of a labelled scene; asked `labelsAhead` shapes early, it is there.
    @inline(__always)
    static func prefetchLabel(of j: Int, in all: UnsafeBufferPointer<ResolvedShape>) {
        if j < all.count { all[j].extras?.prefetchLabel() }
    }

    /// Appends `o` to the overflows when the box holds the drawn numbers and overflows
    /// alone (`.spec`); false, changing nothing, for any other box. A first overflow
    /// takes the box `shared` keeps for the numbers and `o` (made once for the
    /// shapes clamped alike, not one a shape); a later one changes the box in place
    /// when this shape holds its only reference, else replaces it: a box another
    /// shape, or `shared`, holds is never changed.
    mutating func appendToSpecBox(_ o: RadiusOverflow, shared: inout SharedExtras) -> Bool {
        guard case .spec(var b)? = extras else { return false }
        extras = nil
        let overflows = b.overflows
        if overflows.isEmpty {
            // The first: the box `shared` keeps for these numbers and `o` alone.
            extras = .spec(shared.specBox(b.specRadii, shared.alone(o)))
        } else if isKnownUniquelyReferenced(&b) {
            b.overflows.append(o)
            extras = .spec(b)
        } else {
            setSpecOnly(b.specRadii, overflows + [o])
        }
        assert(extras == ExtrasBox(extras!.value), "not the box ExtrasBox.init makes")
        return true
    }

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
        var label: String? = nil
        /// A shape range too far into its node, or too long, for `shapeOffset`.
        var shapeRange: SourceRange? = nil
        /// The drawn shape's numbers when they are not one number (`specValues`).
        var specRadii: Radii? = nil
        var offset: Offset? = nil
        var spacerMinimum: Double? = nil
    }

    /// Equal by contents, and immutable once shared (a spec box is appended to
    /// only while one shape holds it: `appendToSpecBox`). A shape whose only extra is its label
    /// (every node of a labelled scene) keeps its node's box of the label, no
    /// box of its own (it had one of 32 bytes; the whole `Extras` is about
    /// 190); one whose only extras are
    /// its drawn numbers and their overflows (a concentric shape with corner
    /// clauses, fixed corners clamped) keeps those alone, 56 bytes; one whose
    /// only extras are its layers (`glass`, `clip concentric`: every node of a
    /// glass list) keeps the layers' array itself, no box at all; one whose only
    /// extras are a declared container and its label (a container that is not the
    /// shape it draws: `containerIsDrawn` keeps that one in no box) keeps those
    /// alone, 67 bytes, with the node's box of the label.
    enum ExtrasBox: Sendable, Equatable {
        /// The node's own box of its label (`Node.labelBox`: one object a label,
        /// shared by the tree and the shape), or a new one without a range.
        case label(LabelBox)
        case spec(SpecOnly)
        case layers([ShapeLayer])
        case container(ContainerOnly)
        case full(Full)

        /// (Unchecked, for `Sendable` and for exclusive access at run time: `overflows`
        /// changes only in `appendToSpecBox`, in this file, while the box is
        /// referenced once; shared, it is never changed. Every clamped shape reads it.)
        final class SpecOnly: @unchecked Sendable {
            let specRadii: Radii
            @exclusivity(unchecked) fileprivate(set) var overflows: [RadiusOverflow]
            init(_ specRadii: Radii, _ overflows: [RadiusOverflow]) { self.specRadii = specRadii; self.overflows = overflows }
        }

        /// A declared container and a label, nothing else (a container that is not
        /// the node's drawn shape): 67 bytes, malloc's 80-byte chunk, not the
        /// whole `Extras`. (It was 82, a 96-byte chunk: the label a copy of the name,
        /// the radii and range optionals. Now the radii and range are plain, with a
        /// flag each, and the label is the node's own box of it, shared.)
        /// (Unchecked, for `Sendable` and for exclusive access at run time, as
        /// `SpecOnly`: the radii and kind change only in `declareContainer`, in
        /// this file, while one shape holds the box; shared, it is never changed.)
        final class ContainerOnly: @unchecked Sendable {
            @exclusivity(unchecked) private var radiiValue: Radii
            /// The node's box of its label (`Node.labelBox`), or one made for a
            /// label given by name alone; nil: no label.
            let labelBox: LabelBox?
            private let rangeValue: SourceRange
            @exclusivity(unchecked) fileprivate(set) var kind: ShapeKind?
            private let hasRange: Bool
            @exclusivity(unchecked) private var hasRadii: Bool

            /// `v`'s container and label; `labelBox` is the node's box of `v.label`, if there is one.
            init(_ v: Extras, labelBox: LabelBox? = nil) {
                assert(labelBox == nil || labelBox!.identifier.name == v.label)
                radiiValue = v.containerRadii ?? Radii(all: 0)
                hasRadii = v.containerRadii != nil
                self.labelBox = v.label.map { labelBox ?? LabelBox(Identifier($0, .empty)) }
                rangeValue = v.containerRange ?? SourceRange(0, 0)
                hasRange = v.containerRange != nil
                kind = v.containerKind
            }

            var label: String? { labelBox?.identifier.name }
            var range: SourceRange? { hasRange ? rangeValue : nil }
            var radii: Radii? { hasRadii ? radiiValue : nil }
            var value: Extras { Extras(containerRadii: radii, containerKind: kind, containerRange: range, label: label) }

            fileprivate func declare(radii: Radii, kind: ShapeKind) {
                radiiValue = radii
                hasRadii = true
                self.kind = kind
            }
        }

        final class Full: Sendable {
            let value: Extras
            init(_ value: Extras) { self.value = value }
        }

        /// The smallest box that holds `value`; `labelBox`, the node's box of
        /// `value.label`, is kept rather than a box made for the name.
        init(_ value: Extras, labelBox: LabelBox? = nil) {
            assert(labelBox == nil || labelBox!.identifier.name == value.label)
            if let l = value.label, value == Extras(label: l) {
                self = .label(labelBox ?? LabelBox(Identifier(l, .empty)))
            } else if let r = value.specRadii, value == Extras(overflows: value.overflows, specRadii: r) {
                self = .spec(SpecOnly(r, value.overflows))
            } else if !value.layers.isEmpty, value == Extras(layers: value.layers) {
                self = .layers(value.layers)
            } else if value.containerRange != nil || value.containerRadii != nil || value.containerKind != nil,
                      value.layers.isEmpty, value.overflows.isEmpty, value.shapeRange == nil, value.specRadii == nil,
                      value.offset == nil, value.spacerMinimum == nil {
                // (Field by field, not `value ==` an `Extras` of those four: every declared container is boxed twice.)
                self = .container(ContainerOnly(value, labelBox: labelBox))
            } else {
                self = .full(Full(value))
            }
        }

        @inline(__always)
        var value: Extras {
            switch self {
            case .label(let b): return Extras(label: b.identifier.name)
            case .spec(let b): return Extras(overflows: b.overflows, specRadii: b.specRadii)
            case .layers(let l): return Extras(layers: l)
            case .container(let b): return b.value
            case .full(let b): return b.value
            }
        }

        /// Brings the object holding the label into the cache (`scene_prefetch`;
        /// `ResolvedShape.prefetchLabel(of:in:)`).
        @inline(__always)
        func prefetchLabel() {
            switch self {
            case .label(let b): scene_prefetch(Unmanaged.passUnretained(b).toOpaque())
            case .container(let b): if let l = b.labelBox { scene_prefetch(Unmanaged.passUnretained(l).toOpaque()) }
            case .spec, .layers, .full: break
            }
        }

        @inline(__always)
        var label: String? {
            switch self {
            case .label(let b): return b.identifier.name
            case .spec, .layers: return nil
            case .container(let b): return b.label
            case .full(let b): return b.value.label
            }
        }

        /// The full box, when it is one: the fields the small boxes do not
        /// keep are read from it alone (a small box is made only when they are
        /// all empty: `init`), without building `value`.
        @inline(__always)
        var full: Full? {
            if case .full(let b) = self { return b }
            return nil
        }

        /// The declared container's radii, kind and range, read without building `value`.
        @inline(__always)
        var declared: (radii: Radii?, kind: ShapeKind?, range: SourceRange?) {
            switch self {
            case .label, .spec, .layers: return (nil, nil, nil)
            case .container(let b): return (b.radii, b.kind, b.range)
            case .full(let b): return (b.value.containerRadii, b.value.containerKind, b.value.containerRange)
            }
        }

        /// `value.overflows`, read without building `value`.
        @inline(__always)
        var overflows: [RadiusOverflow] {
            switch self {
            case .label, .layers, .container: return []
            case .spec(let b): return b.overflows
            case .full(let b): return b.value.overflows
            }
        }

        /// `value.specRadii`, read without building `value`.
        @inline(__always)
        var specRadii: Radii? {
            switch self {
            case .label, .layers, .container: return nil
            case .spec(let b): return b.specRadii
            case .full(let b): return b.value.specRadii
            }
        }

        /// `!value.layers.isEmpty`, without building either (a `.layers` box is never empty).
        @inline(__always)
        var hasLayers: Bool {
            switch self {
            case .label, .spec, .container: return false
            case .layers: return true
            case .full(let b): return !b.value.layers.isEmpty
            }
        }

        /// `value.layers`, read without building `value`.
        @inline(__always)
        var layers: [ShapeLayer] {
            switch self {
            case .label, .spec, .container: return []
            case .layers(let l): return l
            case .full(let b): return b.value.layers
            }
        }

        static func == (a: ExtrasBox, b: ExtrasBox) -> Bool {
            switch (a, b) {
            case (.label(let x), .label(let y)): return x === y || x.identifier.name == y.identifier.name
            case (.spec(let x), .spec(let y)): return x === y || (x.specRadii == y.specRadii && x.overflows == y.overflows)
            case (.layers(let x), .layers(let y)): return x == y
            case (.container(let x), .container(let y)):
                return x === y || (x.label == y.label && x.range == y.range && x.radii == y.radii && x.kind == y.kind)
            case (.full(let x), .full(let y)): return x === y || x.value == y.value
            default: return false  // (the cases hold different sets of extras: they differ)
            }
        }
    }
}

/// The overflow arrays and boxes of drawn numbers that shapes share. Most
/// clamped shapes record one overflow, and shapes clamped alike the same one;
/// shapes with corner clauses alike draw the same numbers (every row of a list
/// of them): so a scene keeps a few arrays and boxes, not one of each a shape
/// (~120 and 64 bytes). Each table is direct-mapped, 64 slots (a slot keeps the
/// last that hashed to it: no whole key hashed, no table that grows), and equal
/// to the bit (0 and −0 stay apart). A box kept here is never changed: the
/// table's reference makes it shared, so `appendToSpecBox` copies it.
struct SharedExtras {
    private var arrays = [[RadiusOverflow]?](repeating: nil, count: 64)
    private var boxes = [ResolvedShape.ExtrasBox.SpecOnly?](repeating: nil, count: 64)

    /// `[o]`, the one kept for it when there is one.
    mutating func alone(_ o: RadiusOverflow) -> [RadiusOverflow] {
        let w = o.written, d = o.drawn
        var h = Self.hash(w)
        h ^= (d.topLeading.bitPattern ^ d.topTrailing.bitPattern >> 1 ^ d.bottomTrailing.bitPattern >> 2
              ^ d.bottomLeading.bitPattern >> 3) &* 0x1656_67B1_9E37_79F9
        let slot = Self.slot(h)
        if let kept = arrays[slot], Self.same(kept[0], o) { return kept }
        arrays[slot] = [o]
        return arrays[slot]!
    }

    /// The box of `radii` and `overflows`: the one kept for them (the same
    /// numbers and the very same array of overflows) when there is one, else a new one, kept.
    mutating func specBox(_ radii: Radii, _ overflows: [RadiusOverflow]) -> ResolvedShape.ExtrasBox.SpecOnly {
        let identity = Self.identity(overflows)
        let slot = Self.slot(Self.hash(radii) ^ UInt64(identity) &* 0x1656_67B1_9E37_79F9)
        if let kept = boxes[slot], Self.bits(kept.specRadii) == Self.bits(radii), Self.identity(kept.overflows) == identity {
            return kept
        }
        let b = ResolvedShape.ExtrasBox.SpecOnly(radii, overflows)
        boxes[slot] = b
        return b
    }

    static func same(_ a: RadiusOverflow, _ b: RadiusOverflow) -> Bool {
        bits(a.written) == bits(b.written) && bits(a.drawn) == bits(b.drawn) && a.role == b.role
    }

    /// The four numbers' bits.
    static func bits(_ r: Radii) -> (UInt64, UInt64, UInt64, UInt64) {
        (r.topLeading.bitPattern, r.topTrailing.bitPattern, r.bottomTrailing.bitPattern, r.bottomLeading.bitPattern)
    }

    /// Where an array's elements are (0 for none): arrays `alone` shares are one array.
    static func identity(_ a: [RadiusOverflow]) -> UInt {
        a.isEmpty ? 0 : a.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    static func hash(_ r: Radii) -> UInt64 {
        r.topLeading.bitPattern &* 0x9E37_79B9_7F4A_7C15
            ^ (r.topTrailing.bitPattern ^ r.bottomTrailing.bitPattern >> 1 ^ r.bottomLeading.bitPattern >> 2) &* 0xC2B2_AE3D_27D4_EB4F
    }

    static func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h ^ h >> 29) >> 58) }
}

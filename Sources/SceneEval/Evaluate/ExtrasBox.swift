import SceneLang

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

    /// Appends `o` to the overflows when the box holds the drawn numbers and overflows
    /// alone (`.spec`); false, changing nothing, for any other box. The box is changed
    /// in place when this shape holds its only reference (`noteOverflow` made it for
    /// this shape a moment ago: no box made and freed for every clamped shape of a
    /// list), else replaced; a box another shape shares is never changed.
    mutating func appendToSpecBox(_ o: RadiusOverflow, shared: inout OverflowArrays) -> Bool {
        guard case .spec(var b)? = extras else { return false }
        extras = nil
        if isKnownUniquelyReferenced(&b) {
            if b.overflows.isEmpty { b.overflows = shared.alone(o) } else { b.overflows.append(o) }
            extras = .spec(b)
        } else {
            setSpecOnly(b.specRadii, b.overflows.isEmpty ? shared.alone(o) : b.overflows + [o])
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
    /// (every node of a labelled scene) keeps the label alone, 32 bytes, not
    /// the whole `Extras` (about 190 bytes a label); one whose only extras are
    /// its drawn numbers and their overflows (a concentric shape with corner
    /// clauses, fixed corners clamped) keeps those alone, 56 bytes; one whose
    /// only extras are its layers (`glass`, `clip concentric`: every node of a
    /// glass list) keeps the layers' array itself, no box at all; one whose only
    /// extras are a declared container and its label (every node of a labelled
    /// chain of containers) keeps those alone, about 90 bytes.
    enum ExtrasBox: Sendable, Equatable {
        case label(LabelOnly)
        case spec(SpecOnly)
        case layers([ShapeLayer])
        case container(ContainerOnly)
        case full(Full)

        final class LabelOnly: Sendable {
            let label: String
            init(_ label: String) { self.label = label }
        }

        /// (Unchecked: `overflows` changes only in `appendToSpecBox`, in this file,
        /// while the box is referenced once; shared, it is never changed.)
        final class SpecOnly: @unchecked Sendable {
            let specRadii: Radii
            fileprivate(set) var overflows: [RadiusOverflow]
            init(_ specRadii: Radii, _ overflows: [RadiusOverflow]) { self.specRadii = specRadii; self.overflows = overflows }
        }

        /// A declared container and a label, nothing else (every node of a
        /// labelled chain of containers): about 90 bytes, not the whole `Extras`.
        final class ContainerOnly: Sendable {
            let label: String?
            let range: SourceRange?
            let radii: Radii?
            let kind: ShapeKind?
            init(_ v: Extras) { label = v.label; range = v.containerRange; radii = v.containerRadii; kind = v.containerKind }
            var value: Extras { Extras(containerRadii: radii, containerKind: kind, containerRange: range, label: label) }
        }

        final class Full: Sendable {
            let value: Extras
            init(_ value: Extras) { self.value = value }
        }

        init(_ value: Extras) {
            if let l = value.label, value == Extras(label: l) {
                self = .label(LabelOnly(l))
            } else if let r = value.specRadii, value == Extras(overflows: value.overflows, specRadii: r) {
                self = .spec(SpecOnly(r, value.overflows))
            } else if !value.layers.isEmpty, value == Extras(layers: value.layers) {
                self = .layers(value.layers)
            } else if value.containerRange != nil || value.containerRadii != nil || value.containerKind != nil,
                      value.layers.isEmpty, value.overflows.isEmpty, value.shapeRange == nil, value.specRadii == nil,
                      value.offset == nil, value.spacerMinimum == nil {
                // (Field by field, not `value ==` an `Extras` of those four: every node of a chain is boxed twice.)
                self = .container(ContainerOnly(value))
            } else {
                self = .full(Full(value))
            }
        }

        @inline(__always)
        var value: Extras {
            switch self {
            case .label(let b): return Extras(label: b.label)
            case .spec(let b): return Extras(overflows: b.overflows, specRadii: b.specRadii)
            case .layers(let l): return Extras(layers: l)
            case .container(let b): return b.value
            case .full(let b): return b.value
            }
        }

        @inline(__always)
        var label: String? {
            switch self {
            case .label(let b): return b.label
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
            case (.label(let x), .label(let y)): return x === y || x.label == y.label
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

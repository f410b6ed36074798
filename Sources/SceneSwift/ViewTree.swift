// The layout a SwiftUI view builds, as the scene language's nodes: each node is one
// frame (a view, or a modifier that makes a new frame: padding, a frame, a background
// or clip), with the shape drawn in it, the container it declares, its padding inside
// its parent and its size when the code fixes it.

/// A shape written in Swift, as a scene shape.
struct SwiftShape: Sendable {
    enum Kind: Sendable {
        case rect(Num)
        case uneven([Num])
        case rectangle, capsule, circle, relative
        /// `ConcentricRectangle`, as scene text (`concentric min 12 uniform`), with each number
        /// written in it and where it starts in that text (so a fix to a minimum maps back).
        case concentric(String, [NumAt])
    }
    var kind: Kind
    var circular = false
    /// The shape expression's span (`RoundedRectangle(cornerRadius: 8)`, `.cornerRadius(8)`).
    var range: Range<Int>
    /// The Swift text, shortened, for messages.
    var swift: String
    /// Whether `swift` is a `Shape` value (false for a modifier, `.cornerRadius(8)`, and
    /// for a call of a function that returns `some View`): see `shapeValue`.
    var swiftIsShape = true
    /// The shape as a `Shape` value, for `.containerShape(…)`: as written when it is one,
    /// else spelled from what it is (`.rect(cornerRadius: 8)` for `.cornerRadius(8)` or
    /// a `chip(radius: 8)` that returns `some View`, which `.containerShape` does not take).
    var shapeValue: String {
        if swiftIsShape, !swift.hasPrefix(".cornerRadius") { return swift }
        switch kind {
        case .rect(let r): return ".rect(cornerRadius: \(r.swift))"
        case .rectangle: return "Rectangle()"
        case .capsule: return "Capsule()"
        case .circle: return "Circle()"
        case .relative: return "ContainerRelativeShape()"
        case .concentric: return "ConcentricRectangle()"
        case .uneven(let rs) where rs.count == 4:
            return ".rect(topLeadingRadius: \(rs[0].swift), bottomLeadingRadius: \(rs[3].swift), "
                + "bottomTrailingRadius: \(rs[2].swift), topTrailingRadius: \(rs[1].swift))"
        case .uneven: return swift
        }
    }
    /// A container declared by a modifier the files declare (`.concentricContainer(…)`,
    /// Helpers.swift): that call as written, which messages name instead of `.containerShape(…)`.
    var declaredBy: String? = nil

    /// The scene text (`rect v_Radius_card`, `uneven(4, 4, 0, 0)`).
    var scene: String {
        switch kind {
        case .rect(let r): return "rect " + r.scene
        case .uneven(let rs): return "uneven(" + rs.map(\.scene).joined(separator: ", ") + ")"
        case .rectangle: return "rectangle"
        case .capsule: return "capsule"
        case .circle: return "circle"
        case .relative: return "relative"
        case .concentric(let text, _): return text
        }
    }

    /// Visibly rounded (a finding can measure against it).
    var rounded: Bool {
        switch kind {
        case .rect(let r): return r.value > 0
        case .uneven(let rs): return rs.contains { $0.value > 0 }
        case .rectangle: return false
        default: return true
        }
    }

    /// The written radius, for a fix that rewrites it.
    var radius: Num? { if case .rect(let r) = kind { return r } else { return nil } }
}

/// A number written inside a longer scene text, and the byte it starts at there.
struct NumAt: Sendable {
    var offset: Int
    var num: Num
}

/// Edge insets, each a number as written (nil: none on that edge).
struct Insets: Sendable {
    var top: Num?, leading: Num?, bottom: Num?, trailing: Num?
    var isEmpty: Bool { top == nil && leading == nil && bottom == nil && trailing == nil }
    var all: [Num?] { [top, leading, bottom, trailing] }
}

/// One frame of the view's layout.
final class ViewNode {
    /// The scene label (`n14`), set when the scene is written.
    var label = ""
    /// The radii its shape resolved to (topLeading, topTrailing, bottomTrailing,
    /// bottomLeading), set once the scene is checked: what a help that declares a
    /// `ConcentricRectangle` around as the container writes (`.containerShape` takes
    /// no shape that follows another's corners).
    var resolvedRadii: [Double]? = nil
    /// The index of the Swift file it is written in (-1 until its view is read).
    var file = -1
    /// Where the view or modifier that made this frame is written.
    var range: Range<Int>
    var shape: SwiftShape?
    /// `.clipShape(S)`, `.mask(S)`, `.cornerRadius(r)` on a frame with views in
    /// it: they are cut to S too (`clip S`); S is also the frame's own `shape`.
    var clip: SwiftShape?
    var container: SwiftShape?
    var glass = false
    var pad = Insets()
    var width: Num?, height: Num?
    /// `hstack` / `vstack` / `zstack` and spacing.
    var stack: String?
    var spacing: Num?
    var align: String?
    var children: [ViewNode] = []
    /// Why this frame's place in its parent is not certain (nil: certain).
    var uncertain: String?
    /// Why this frame's size is not known from the code (nil: known).
    var unsized: String?
    /// The node is a view whose content fills what it is offered (a shape).
    var fills = false
    /// `Spacer()` (`spacer`), with its `minLength:` (`spacer min N`).
    var spacer = false
    var spacerMin: Num?
    /// `.offset(x:y:)` (`offset X Y`): its drawing moved after layout.
    var offset: (x: Num, y: Num)?

    init(range: Range<Int>) { self.range = range }

    /// The node's own size when the code fixes it (width, height), from its frame or its content.
    var naturalSize: (Double, Double)? {
        if let w = width?.value, let h = height?.value { return (w, h) }
        if stack == nil, children.count == 1, let c = children[0].naturalSize {
            let p = children[0].pad
            let w = width?.value ?? c.0 + (p.leading?.value ?? 0) + (p.trailing?.value ?? 0)
            let h = height?.value ?? c.1 + (p.top?.value ?? 0) + (p.bottom?.value ?? 0)
            return (w, h)
        }
        if let s = stack, !children.isEmpty {
            var sizes: [(Double, Double)] = []
            for c in children {
                // A spacer takes what its stack's fixed length leaves (nothing across it).
                if c.spacer, (s == "hstack" && width != nil) || (s == "vstack" && height != nil) { continue }
                guard let n = c.naturalSize else { return nil }
                let p = c.pad
                sizes.append((n.0 + (p.leading?.value ?? 0) + (p.trailing?.value ?? 0), n.1 + (p.top?.value ?? 0) + (p.bottom?.value ?? 0)))
            }
            guard !sizes.isEmpty else { return nil }
            let gap = (spacing?.value ?? 8) * Double(children.count - 1)
            switch s {
            case "hstack": return (width?.value ?? sizes.map(\.0).reduce(0, +) + gap, height?.value ?? sizes.map(\.1).max()!)
            case "vstack": return (width?.value ?? sizes.map(\.0).max()!, height?.value ?? sizes.map(\.1).reduce(0, +) + gap)
            default: return (width?.value ?? sizes.map(\.0).max()!, height?.value ?? sizes.map(\.1).max()!)
            }
        }
        return nil
    }
}

extension ViewNode {
    /// The node's length along one axis (0: width, 1: height) when the code fixes it, though
    /// perhaps not the other: its frame's, or what its content adds up to there (a stack whose
    /// children all have a fixed height hugs them, and `.padding`/`.background` wrap it).
    func naturalLength(_ axis: Int) -> Double? {
        if let s = naturalSize { return axis == 0 ? s.0 : s.1 }
        if let v = (axis == 0 ? width : height)?.value { return v }
        guard !spacer, !fills, unsized == nil, !children.isEmpty else { return nil }
        var lengths: [Double] = []
        for c in children {
            guard let l = c.naturalLength(axis) else { return nil }
            let p = c.pad
            let edges = axis == 0 ? (p.leading?.value ?? 0) + (p.trailing?.value ?? 0) : (p.top?.value ?? 0) + (p.bottom?.value ?? 0)
            lengths.append(l + edges)
        }
        guard let s = stack else { return children.count == 1 ? lengths[0] : nil }
        if (s == "hstack" && axis == 0) || (s == "vstack" && axis == 1) {
            guard let gap = spacing?.value else { return nil }
            return lengths.reduce(0, +) + gap * Double(lengths.count - 1)
        }
        return lengths.max()
    }

    /// The node takes all it is offered along one axis (0: width, 1: height): a shape, or a
    /// frame that fixes only the other axis around one.
    func fillsAlong(_ axis: Int) -> Bool {
        if (axis == 0 ? width : height) != nil { return false }
        if fills { return true }
        guard unsized == nil, !spacer else { return false }
        if stack == nil { return children.count == 1 && children[0].fillsAlong(axis) }
        return children.contains { $0.fillsAlong(axis) }
    }
}

/// A view the reader found: its name, where it is, and its layout (nil: why not).
struct ReadView {
    var name: String
    var range: Range<Int>
    var root: ViewNode?
    var skipped: String?
}

/// What the reader passed over or assumed, one line each (`--explain`).
struct Explanation: Sendable, Equatable {
    enum Kind: String, Sendable { case skipped, assumed, read }
    var kind: Kind
    /// The file `range` is in (an index of the files read).
    var file: Int
    var range: Range<Int>
    var text: String
}

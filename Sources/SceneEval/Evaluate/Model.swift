import SceneLang

/// A rectangle in canvas points, y down.
public struct Frame: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var halfShorterSide: Double { max(0, min(width, height)) / 2 }
    /// The square a circle occupies: centred, side = the shorter side.
    public var centredSquare: Frame {
        let s = max(0, min(width, height))
        return Frame(x: x + (width - s) / 2, y: y + (height - s) / 2, width: s, height: s)
    }
    public func inset(_ e: Insets) -> Frame {
        Frame(x: x + e.leading, y: y + e.top, width: width - e.leading - e.trailing, height: height - e.top - e.bottom)
    }
}

public struct Insets: Sendable, Equatable {
    public var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The sides `edge` pads set to `v` (`Edge.sides`), as a later `pad` value overrides an earlier one.
    @inlinable public mutating func set(_ edge: Edge, _ v: Double) {
        let s = edge.sides
        if s.top { top = v }
        if s.leading { leading = v }
        if s.bottom { bottom = v }
        if s.trailing { trailing = v }
    }
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
    /// Side by side: the padding of nested nodes, added up.
    @inlinable public static func + (a: Insets, b: Insets) -> Insets {
        Insets(top: a.top + b.top, leading: a.leading + b.leading, bottom: a.bottom + b.bottom, trailing: a.trailing + b.trailing)
    }
}

/// One value per corner, SwiftUI's order: topLeading, topTrailing, bottomTrailing, bottomLeading.
public struct Corners<Value: Sendable & Equatable>: Sendable, Equatable {
    public var topLeading: Value, topTrailing: Value, bottomTrailing: Value, bottomLeading: Value
    public init(_ tl: Value, _ tr: Value, _ br: Value, _ bl: Value) {
        topLeading = tl; topTrailing = tr; bottomTrailing = br; bottomLeading = bl
    }
    public init(all v: Value) { self.init(v, v, v, v) }
    public subscript(c: Corner) -> Value {
        get {
            switch c {
            case .topLeading: return topLeading
            case .topTrailing: return topTrailing
            case .bottomTrailing: return bottomTrailing
            case .bottomLeading: return bottomLeading
            }
        }
        set {
            switch c {
            case .topLeading: topLeading = newValue
            case .topTrailing: topTrailing = newValue
            case .bottomTrailing: bottomTrailing = newValue
            case .bottomLeading: bottomLeading = newValue
            }
        }
    }
    /// In SwiftUI's order.
    public var values: [Value] { [topLeading, topTrailing, bottomTrailing, bottomLeading] }
    public var isUniform: Bool { topLeading == topTrailing && topLeading == bottomTrailing && topLeading == bottomLeading }
}

/// Four corner radii.
public typealias Radii = Corners<Double>

extension Corners: CustomStringConvertible where Value == Double {
    public var max: Double { Swift.max(topLeading, topTrailing, bottomTrailing, bottomLeading) }
    public var description: String { values.map(Format.number).joined(separator: " ") }
}

/// The screen (or window) at the root: the container of last resort.
public struct Screen: Sendable, Equatable {
    public var name: String?
    public var width: Double
    public var height: Double
    public var radius: Double
    public var frame: Frame { Frame(x: 0, y: 0, width: width, height: height) }
    /// The preset this screen is named after, if any (`ScreenPreset.all`).
    public var preset: ScreenPreset? { name.flatMap(ScreenPreset.named) }
    /// Whether this is a phone display (the checker's screen-edge rule applies).
    public var isPhone: Bool { preset?.family == .phone }
    /// Whether this is a Mac window (SVG titles name macOS releases).
    public var isWindow: Bool { preset?.family == .window }
    /// What messages call it: `window` on a Mac window, else `screen`.
    public var noun: String { isWindow ? "window" : "screen" }
    /// Whose corners its outline has: `window` on a Mac window, else `display`
    /// (the checker's help: "the window's corner radius", not "the display's").
    public var outline: String { isWindow ? "window" : "display" }

    public init(name: String?, width: Double, height: Double, radius: Double) {
        self.name = name; self.width = width; self.height = height; self.radius = radius
    }

    /// The screen of a preset (`ScreenPreset.all`, docs/presets.md). A preset with
    /// no published radius gets 0 here; the evaluator refuses it unless the scene
    /// gives `radius R`.
    public static func preset(_ name: String) -> Screen? {
        ScreenPreset.named(name).map { Screen(name: $0.name, width: $0.width, height: $0.height, radius: $0.radius ?? 0) }
    }

    /// With no `screen` statement a scene is on an iPhone 16 Pro.
    public static let defaultScreen = preset("iphone-16-pro")!
}

extension ScreenPreset {
    /// One line of the REPL's `:screen`: name, size, radius (`scene presets` adds status and source).
    public var listing: String {
        func column(_ s: String, _ n: Int) -> String { String((s + String(repeating: " ", count: n)).prefix(n)) }
        return column(name, 22) + column("\(Format.number(width))×\(Format.number(height))", 12)
            + (radius.map { "radius \(Format.number($0))" } ?? "radius not published: give `radius R`")
    }
}

/// Where a shape's radii came from.
public enum ContainerRef: Sendable, Equatable {
    case screen
    case node(Int)
    /// The shape's radii do not depend on any container (fixed shapes).
    case none
}

/// Rules Apple does not document, which this model decides (grammar.md, Resolution). Each
/// is named here so the JSON can say when one decided a result.
public enum ModelDecision: String, Sendable, Equatable, CaseIterable {
    /// The decision whose bit is bit `i` (`bit`): `allCases`, read once.
    static let byBit: [ModelDecision] = allCases
    /// Its bit in `Decisions`: its place in declaration order (`allCases`), as a
    /// switch (the resolver sets these on every shape; a search of `allCases`
    /// was a tenth of its time). ModelDecisionBitTests holds it to that order.
    var bit: UInt16 {
        switch self {
        case .chebyshevDistance: return 1 << 0
        case .overflowClamped: return 1 << 1
        case .circleContainerSquare: return 1 << 2
        case .clampedToHalfSide: return 1 << 3
        case .screenContainer: return 1 << 4
        case .relativeWithoutContainer: return 1 << 5
        case .ios18Fallback: return 1 << 6
        case .radiusOverflowClamped: return 1 << 7
        }
    }

    /// dx ≠ dy at a concentric corner: the distance is max(dx, dy).
    case chebyshevDistance = "chebyshev-distance"
    /// The shape pokes out of its container on both edges of a corner; the
    /// negative insets count as 0 (marked only where that changed the radius).
    case overflowClamped = "overflow-clamped"
    /// A circle container: corners measured from its centred square.
    case circleContainerSquare = "circle-container-square"
    /// A resolved radius was larger than half the shorter side and was clamped.
    case clampedToHalfSide = "clamped-to-half-side"
    /// No container declared: the screen (or window) is the container.
    case screenContainer = "screen-container"
    /// `relative` with no declared container draws a plain rectangle.
    case relativeWithoutContainer = "relative-without-container"
    /// `target ios18`: ConcentricRectangle falls back to RoundedRectangle(minimum).
    case ios18Fallback = "ios18-fallback"
    /// A fixed radius two adjacent corners cannot hold (their sum exceeds the
    /// edge they share): iOS 26 traps at render time; drawn clamped to half the
    /// shorter side, as iOS 18 did (`ResolvedShape.overflows` has the numbers).
    case radiusOverflowClamped = "radius-overflow-clamped"

    /// The one place the distance metric is chosen.
    public static func cornerDistance(dx: Double, dy: Double) -> Double { max(dx, dy) }
    /// The one place a negative inset (overflow) is treated.
    public static func clampInset(_ d: Double) -> Double { max(0, d) }
}

/// Why one corner came out as it did: the numbers behind a radius.
public struct CornerReason: Sendable, Equatable {
    public enum Rule: String, Sendable, Equatable, CaseIterable {
        case fixed, concentric, minimum, uniform, fallback, relative, clamped, shape
    }
    /// The container's radius at this corner.
    public var containerRadius: Double?
    public var dx: Double?
    public var dy: Double?
    public var distance: Double?
    /// R − d clamped at 0, before minimum and uniform.
    public var computed: Double?
    public var minimum: Double?
    public var fixed: Double?
    /// Which rule decided the final value.
    public var rule: Rule
    public init(rule: Rule) { self.rule = rule }
}

/// A second shape the node uses (`clip`, `background`, `hit`, `glass`, `transition`).
/// 48 bytes: which one it is in a byte (`use`; `role` names it), not a `String`
/// (64; a glass list has one on every node).
public struct ShapeLayer: Sendable, Equatable {
    /// Which layer: `ShapeUse`'s `clip`, `background`, `hit`, `transition` or `glass`.
    var use: ShapeUse
    public var kind: ShapeKind
    public var range: SourceRange
    public var radii: Radii

    /// The layer's name, as its item is written: `clip`, `background`, …
    public var role: String { use.layerName }

    public init(role: String, kind: ShapeKind, radii: Radii, range: SourceRange) {
        guard let use = ShapeUse.layer(named: role) else { preconditionFailure("ShapeLayer: no layer is called `\(role)`") }
        self.init(use, kind: kind, radii: radii, range: range)
    }

    init(_ use: ShapeUse, kind: ShapeKind, radii: Radii, range: SourceRange) {
        self.use = use
        self.kind = kind
        self.range = range
        self.radii = radii
    }
}

extension ShapeUse {
    /// The keyword a layer of this use is written with (`clip`, …): its name is the
    /// keyword's, spelled once (`Keyword`). Nil for the node's own shape and its
    /// container, which are not layers.
    var layerKeyword: Keyword? {
        switch self {
        case .clip: return .clip
        case .background: return .background
        case .hit: return .hit
        case .transition: return .transition
        case .glass: return .glass
        case .shape, .container: return nil
        }
    }

    /// The uses that are layers.
    static let layers = allCases.filter { $0.layerKeyword != nil }

    /// A layer's name, its keyword (`clip`, …). Only a layer has one.
    var layerName: String {
        guard let k = layerKeyword else { preconditionFailure("`\(self)` is no layer: it has no layer name") }
        return k.rawValue
    }

    /// The layer called `name`, if one is.
    static func layer(named name: String) -> ShapeUse? { layers.first { $0.layerKeyword?.rawValue == name } }
}

/// Fixed radii a shape cannot hold (`radius-overflow-clamped`): as written, and as drawn.
public struct RadiusOverflow: Sendable, Equatable {
    /// `shape` for the drawn shape, else `container`, `glass`, `clip`, `background`, `transition`.
    public var role: String
    public var written: Radii
    public var drawn: Radii
    /// `36 → 22`, `32 32 0 0 → 10 10 0 0`; `container 60 → 20`.
    public var description: String {
        var s = StringNotes()
        write(to: &s)
        return s.text
    }

    /// The description, written to `sink` (the text writer's notes).
    func write<S: NoteSink>(to sink: inout S) {
        if role != "shape" { sink.put(role); sink.put(" ") }
        sink.radii(written); sink.put(" → "); sink.radii(drawn)
    }
}

/// A set of model decisions, stored as bits.
public struct Decisions: Sendable, Equatable {
    var bits: UInt16 = 0
    public init() {}
    public init(_ list: [ModelDecision]) { for d in list { insert(d) } }
    public mutating func insert(_ d: ModelDecision) { bits |= d.bit }
    public func contains(_ d: ModelDecision) -> Bool { bits & d.bit != 0 }
    public var isEmpty: Bool { bits == 0 }
    /// In declaration order.
    public var list: [ModelDecision] { ModelDecision.allCases.filter(contains) }
    /// Each decision in the set, in declaration order (`list`'s), from its bits: not
    /// every case asked (the writers say each shape's decisions).
    @inline(__always) func forEach(_ body: (ModelDecision) -> Void) {
        var b = bits
        while b != 0 {
            body(ModelDecision.byBit[b.trailingZeroBitCount])
            b &= b &- 1
        }
    }
}

/// One corner's style inside a concentric shape, evaluated.
public enum CornerValue: Sendable, Equatable {
    case concentric(minimum: Double?)
    case fixed(Double)
}

/// A shape with its numbers evaluated: what the resolver works from.
public enum ShapeValue: Sendable, Equatable {
    /// A kind with no arguments (`rectangle`, `capsule`, …).
    case plain(ShapeKind)
    /// A kind with written radii (`rect R`, `uneven(…)`): topLeading, topTrailing,
    /// bottomTrailing, bottomLeading.
    case radii(ShapeKind, Radii)
    case concentric(ConcentricSpec)

    public var kind: ShapeKind {
        switch self {
        case .plain(let k), .radii(let k, _): return k
        case .concentric: return .concentric
        }
    }
}

/// A ConcentricRectangle: each corner's style and the uniform groups. Stored in
/// 36 bytes (one number and two bits per corner), not four optional-carrying
/// enums: every concentric shape of a million-node scene holds one.
public struct ConcentricSpec: Sendable, Equatable {
    /// Per corner: the minimum (0 when none) or the fixed radius.
    var values: Radii
    /// Two bits per corner (bit 2 × Corner.rawValue): 0 concentric, 1 concentric
    /// with a minimum, 2 fixed.
    var styles: UInt8
    /// Up to four uniform groups, each a 4-bit mask of corners (bit = Corner.rawValue).
    var groupMasks: UInt16 = 0

    init(values: Radii, styles: UInt8, groupMasks: UInt16) {
        self.values = values; self.styles = styles; self.groupMasks = groupMasks
    }

    public init(all v: CornerValue) {
        values = Radii(all: 0); styles = 0
        for k in Corner.four { self[k] = v }
    }

    public var corners: Corners<CornerValue> {
        get { Corners(self[.topLeading], self[.topTrailing], self[.bottomTrailing], self[.bottomLeading]) }
        set { for k in Corner.four { self[k] = newValue[k] } }
    }

    /// Corner `c` is concentric with no minimum (`missing-minimum`, `square-fallback`).
    @inline(__always) func isBare(_ c: Corner) -> Bool {
        if case .concentric(nil) = self[c] { return true } else { return false }
    }

    public subscript(c: Corner) -> CornerValue {
        get {
            switch (styles >> UInt8(2 * c.rawValue)) & 3 {
            case 0: return .concentric(minimum: nil)
            case 1: return .concentric(minimum: values[c])
            default: return .fixed(values[c])
            }
        }
        set {
            let bits: UInt8
            switch newValue {
            case .concentric(nil): bits = 0; values[c] = 0
            case .concentric(let m?): bits = 1; values[c] = m
            case .fixed(let v): bits = 2; values[c] = v
            }
            let shift = UInt8(2 * c.rawValue)
            styles = styles & ~(3 << shift) | bits << shift
        }
    }

    public var groups: [[Corner]] {
        get {
            var out: [[Corner]] = []
            var m = groupMasks
            while m != 0 {
                let g = m & 0xF
                out.append(Corner.four.filter { g & (1 << UInt16($0.rawValue)) != 0 })
                m >>= 4
            }
            return out
        }
        set {
            groupMasks = 0
            for (i, g) in newValue.prefix(4).enumerated() {
                var mask: UInt16 = 0
                for c in g { mask |= 1 << UInt16(c.rawValue) }
                groupMasks |= mask << UInt16(4 * i)
            }
        }
    }
    /// The fixed corners, a mask of `1 << Corner.rawValue` (style 2 in `styles`).
    var fixedCorners: UInt8 { Self.fixedCorners(styles: styles) }
    /// The same from the styles alone (the resolver reads a shape's stored ones):
    /// a corner whose style is not 0 or 1 reads as fixed, as the subscript reads it.
    static func fixedCorners(styles: UInt8) -> UInt8 {
        var m: UInt8 = 0
        for c in 0..<4 where (styles >> UInt8(2 * c)) & 2 != 0 { m |= 1 << UInt8(c) }
        return m
    }
    /// Whether all four corners form one uniform group (`isUniform: true`).
    public var isUniform: Bool { groupMasks == 0xF }
    /// The minimum shared by every corner, when they share one.
    public var minimum: Double? {
        guard case .concentric(let m?) = self[.topLeading] else { return nil }
        for c in Corner.four { guard case .concentric(m) = self[c] else { return nil } }
        return m
    }
}

public struct ResolvedScene: Sendable, Equatable {
    public var screen: Screen
    public var target: Target
    /// The margin the checker keeps from the screen's edges.
    public var margin: Double
    public var shapes: [ResolvedShape]
    public var bindings: [(name: String, value: Double, range: SourceRange)]
    /// How concentric shapes are drawn under `target ios18` (`--fallback`).
    public var fallback = FallbackStyle.minimum
    /// The screen iOS 26 (macOS 26) draws on, where it is not `screen`: in `--compare macos15`'s
    /// panel, the Mac window at macOS 26's radius (the `resolved` fallback draws its radii).
    public var newerScreen: Screen?

    public static func == (a: ResolvedScene, b: ResolvedScene) -> Bool {
        a.screen == b.screen && a.target == b.target && a.margin == b.margin && a.shapes == b.shapes
            && a.fallback == b.fallback && a.newerScreen == b.newerScreen
            && a.bindings.count == b.bindings.count
            && zip(a.bindings, b.bindings).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func index(ofLabel label: String) -> Int? { shapes.firstIndex { $0.label == label } }
    public func containerName(_ ref: ContainerRef) -> String? {
        switch ref {
        case .screen: return "screen"
        case .node(let i): return ResolvedShape.id(of: i, in: shapes)
        case .none: return nil
        }
    }
}

/// One formatter for every number the writers print: at most 3 decimals,
/// trailing zeros trimmed, never `-0`.
public enum Format {
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return v > 0 ? "inf" : (v < 0 ? "-inf" : "nan") }
        var r = (v * 1000).rounded() / 1000
        if r == 0 { r = 0 }  // folds -0
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        // Past 1e15 a Double has no thousandths left (and × 1000 would overflow
        // Int64 past 9.2e15): whole points, in exponent form beyond Int64.
        if abs(r) >= 1e15 { return abs(r) < 9e18 ? String(Int64(r.rounded())) : "\(r.rounded())" }
        var s = String(Int64((abs(r) * 1000).rounded()))
        while s.count < 4 { s = "0" + s }
        let intPart = s.dropLast(3)
        var frac = String(s.suffix(3))
        while frac.hasSuffix("0") { frac.removeLast() }
        return (r < 0 ? "-" : "") + intPart + (frac.isEmpty ? "" : "." + frac)
    }
}

extension Corners where Value == Double {
    /// The four, in `Corner` order, as one hashable value.
    var simd: SIMD4<Double> { SIMD4(topLeading, topTrailing, bottomTrailing, bottomLeading) }
}

import SceneLang

/// A `concentric …` shape as Apple's ConcentricRectangle: the one initialiser
/// (of the nine) whose uniform groups match the scene's corner clauses, each corner's
/// `Edge.Corner.Style` as written, and the iOS 18 fallback (a rounded rectangle of
/// each corner's minimum, 0 without one; `SwiftUIFallback` for the other styles).
struct ConcentricCode: Equatable {
    /// `ConcentricRectangle(…)`, names unprefixed (it sits in the corner enum).
    var initializer: String
    /// The fallback radius per corner (topLeading, topTrailing, bottomTrailing, bottomLeading).
    var fallback: [String]
    /// The corner scale's `nested(minimum:uniform:)` covers it: the minimum and whether all four are uniform.
    var seed: (minimum: Expr, uniform: Bool)?
    /// Why the initialiser is not exactly the scene (nil when it is).
    var approximation: String?
    /// Each corner's style as written (Corner.rawValue order), for the radii SwiftUI draws.
    var specs: [CornerSpec] = []
    /// The fallback shape under `--fallback relative|resolved` (nil: each corner's minimum).
    var fallbackOverride: String?
    /// What the fallback draws, in words, for the shape's comment.
    var before = "a rounded rectangle of each corner's minimum"

    static func == (a: ConcentricCode, b: ConcentricCode) -> Bool {
        a.initializer == b.initializer && a.fallbackShape == b.fallbackShape
    }

    /// `Edge.Corner.Style` as written: `.concentric`, `.concentric(minimum: .fixed(m))`, `.fixed(v)`.
    static func style(_ s: CornerSpec) -> String {
        switch s {
        case .concentric(nil): return ".concentric"
        case .concentric(let m?): return ".concentric(minimum: .fixed(\(SwiftSource.expr(m, prefix: ""))))"
        case .fixed(let v): return ".fixed(\(SwiftSource.expr(v, prefix: "")))"
        }
    }

    static func fallback(_ s: CornerSpec) -> String {
        switch s {
        case .concentric(nil): return "0"
        case .concentric(let m?): return SwiftSource.expr(m, prefix: "")
        case .fixed(let v): return SwiftSource.expr(v, prefix: "")
        }
    }

    init(base: CornerSpec, uniform: Bool, clauses: [CornerClause]) {
        var specs = [CornerSpec](repeating: base, count: 4)  // Corner.rawValue order
        defer { self.specs = specs }
        var groups = Set<CornerSet>()
        for c in clauses {
            for k in c.set.corners { specs[k.rawValue] = c.spec }
            if c.uniform, c.set.corners.count > 1 { groups.insert(c.set) }
        }
        if uniform || groups.contains(.all) { groups = [.all] }
        let s = specs.map(Self.style)
        fallback = specs.map(Self.fallback)
        before = Self.before(specs)
        seed = nil
        approximation = nil
        if clauses.isEmpty, case .concentric(let m?) = base { seed = (m, uniform) }
        let (tl, tr, br, bl) = (s[0], s[1], s[2], s[3])
        let same = Set(s).count == 1
        let perCorner = "ConcentricRectangle(topLeadingCorner: \(tl), topTrailingCorner: \(tr), bottomLeadingCorner: \(bl), bottomTrailingCorner: \(br))"
        switch groups {
        case [.all] where same:
            initializer = "ConcentricRectangle(corners: \(tl), isUniform: true)"
        case [.all]:
            initializer = perCorner
            approximation = "no ConcentricRectangle initialiser makes four corners of different styles one uniform group; written per corner"
            // The scene's fallback takes the largest of the four, as the uniform group does:
            // a number when the four are numbers, else `max(…)` of the expressions as written.
            let distinct = Array(Set(fallback)).sorted()
            let numbers = fallback.compactMap(Double.init)
            let v = distinct.count == 1 ? distinct[0]
                : numbers.count == 4 ? SwiftSource.number(numbers.max()!) : "max(\(fallback.joined(separator: ", ")))"
            fallback = [v, v, v, v]
            before = "a rounded rectangle of the largest of the corners' minima and fixed radii, as the uniform group takes"
        case [] where same:
            initializer = tl == ".concentric" ? "ConcentricRectangle()" : "ConcentricRectangle(corners: \(tl))"
        case []:
            initializer = perCorner
        case [.top, .bottom]:
            initializer = "ConcentricRectangle(uniformTopCorners: \(tl), uniformBottomCorners: \(bl))"
        case [.leading, .trailing]:
            initializer = "ConcentricRectangle(uniformLeadingCorners: \(tl), uniformTrailingCorners: \(tr))"
        case [.top]:
            initializer = "ConcentricRectangle(uniformTopCorners: \(tl), bottomLeadingCorner: \(bl), bottomTrailingCorner: \(br))"
        case [.bottom]:
            initializer = "ConcentricRectangle(uniformBottomCorners: \(bl), topLeadingCorner: \(tl), topTrailingCorner: \(tr))"
        case [.leading]:
            initializer = "ConcentricRectangle(uniformLeadingCorners: \(tl), topTrailingCorner: \(tr), bottomTrailingCorner: \(br))"
        case [.trailing]:
            initializer = "ConcentricRectangle(uniformTrailingCorners: \(tr), topLeadingCorner: \(tl), bottomLeadingCorner: \(bl))"
        default:
            // Corners are named once, so two groups never share a corner: this cannot happen.
            initializer = perCorner
            approximation = "these uniform groups have no ConcentricRectangle initialiser; written per corner"
        }
    }

    /// What the minimum fallback draws, in words: each corner's minimum, a fixed corner's
    /// radius, square where a corner has neither.
    static func before(_ specs: [CornerSpec]) -> String {
        let fixed = specs.contains { if case .fixed = $0 { return true } else { return false } }
        let bare = specs.filter { if case .concentric(nil) = $0 { return true } else { return false } }.count
        if bare == specs.count { return "a rectangle with square corners (no corner has a minimum)" }
        return "a rounded rectangle of each corner's " + (fixed ? "fixed radius or minimum" : "minimum")
            + (bare > 0 ? " (square where a corner has neither)" : "")
    }

    /// The fallback shape, in the enum: `rect(m)` when the four corners agree, else an uneven rectangle.
    var fallbackShape: String {
        if let fallbackOverride { return fallbackOverride }
        if Set(fallback).count == 1 { return "rect(\(fallback[0]))" }
        return "UnevenRoundedRectangle(topLeadingRadius: \(fallback[0]), bottomLeadingRadius: \(fallback[3]), "
            + "bottomTrailingRadius: \(fallback[2]), topTrailingRadius: \(fallback[1]))"
    }
}

/// The words the parser knows and suggests: keyword lists, synonyms, names for did-you-mean.
extension Parser {
    // MARK: Shape keywords
    // The words that start a shape: the shape-kind table's (ShapeKind.swift).
    static let shapeKeywordNames = ShapeKind.keywordNames
    static func isShapeKeyword(_ k: Keyword) -> Bool { ShapeKind(keyword: k) != nil }
    /// "shapes are `rect R`, `uneven(a, b, c, d)`, `rectangle`, …": every kind, those
    /// that take arguments first, each as it is written.
    static let shapesHelp: String = {
        let withArguments = ShapeKind.shapes.filter { $0.arguments == .radius || $0.arguments == .fourRadii }
        let rest = ShapeKind.shapes.filter { !withArguments.contains($0) }
        func written(_ k: ShapeKind) -> String {
            switch k.arguments {
            case .radius: return "\(k.rawValue) R"
            case .fourRadii: return "\(k.rawValue)(a, b, c, d)"
            case .none, .concentric: return k.rawValue
            }
        }
        return "shapes are " + (withArguments + rest).map { "`\(written($0))`" }.joined(separator: ", ")
    }()

    // MARK: Statement and item keywords
    static let statementKeywords = Keyword.statements.map(\.rawValue)
    /// The keywords that start an item other than a shape: the item table's
    /// (`ItemSyntax.all`), in its order.
    static let modifierKeywords: [Keyword] = ItemSyntax.all.map(\.keyword).filter { !isShapeKeyword($0) }
    /// The keywords that start an item, shapes first (the first eight are the ones a help line names).
    static let itemKeywords: [String] = shapeKeywordNames + modifierKeywords.map(\.rawValue)

    // MARK: Synonyms
    /// SwiftUI and CSS words a newcomer may reach for, and what to write instead:
    /// the words below, and each shape kind's SwiftUI name from its row
    /// (`Capsule` → "`Capsule()` is `capsule`") where no word below says more.
    static let synonyms: [String: String] = writtenSynonyms.merging(
        ShapeKind.shapes.compactMap { k in k.row.swiftUI.map { ($0, "`\($0)()` is `\(k.rawValue)`") } },
        uniquingKeysWith: { written, _ in written })
    static let writtenSynonyms: [String: String] = [
        "padding": "`.padding(N)` is `pad N`", "inset": "insets are padding: `pad N`", "margin": "margins are padding: `pad N`",
        "frame": "`.frame(width: W, height: H)` is `size W x H`", "dimensions": "write `size W x H`",
        "radius": "a fixed radius is `rect R`", "cornerRadius": "`cornerRadius: R` is `rect R`",
        "corner": "a fixed radius is `rect R`", "rounded": "a fixed radius is `rect R`",
        "RoundedRectangle": "`RoundedRectangle(cornerRadius: R)` is `rect R`",
        "UnevenRoundedRectangle": "`UnevenRoundedRectangle` is `uneven(topLeading, topTrailing, bottomTrailing, bottomLeading)`",
        "ConcentricRectangle": "`ConcentricRectangle()` is `concentric`; with a minimum, `concentric min M`",
        "containerShape": "`.containerShape(RoundedRectangle(cornerRadius: R))` is `container rect R`",
        "color": "colours are `fill #rrggbb` or `fill blue`", "background": "colours are `fill #rrggbb` or `fill blue`",
        "foregroundColor": "colours are `fill #rrggbb` or `fill blue`", "foregroundStyle": "colours are `fill #rrggbb` or `fill blue`",
        "alignment": "write `align center` (or `top`, `bottomLeading`, …)",
        "HStack": "`HStack` is `hstack`", "VStack": "`VStack` is `vstack`", "ZStack": "`ZStack` is `zstack`",
        "glassEffect": "`.glassEffect()` is `glass`", "contentShape": "`.contentShape(S)` is `hit S`",
        "clipShape": "`.clipShape(S)` is `clip S`",
        "Spacer": "`Spacer()` is `spacer`, in an `hstack` or `vstack`; `Spacer(minLength: N)` is `spacer min N`",
        "position": "`.position` is not modelled: place a node with `align` and `pad`, or move its drawing with `offset X Y`",
        "by": "write sizes as `size W x H`", "times": "write sizes as `size W x H`",
    ]

    /// SwiftUI argument labels a newcomer may write with their colon (`rect cornerRadius: 20`),
    /// and what to write instead, given the value written after the colon.
    static let argumentLabels: [String: @Sendable (String) -> String] = [
        "cornerRadius": { "rect \($0)" },
        "minimum": { "concentric min \($0)" },
        "minLength": { "spacer min \($0)" },
    ]

    // MARK: Other names offered by did-you-mean
    static let cornerSetNames = CornerSet.allCases.map(\.rawValue)
}

/// The words the parser knows and suggests: keyword lists, synonyms, names for did-you-mean.
extension Parser {
    // MARK: Shape keywords
    // The words that start a shape: the shape-kind table's (ShapeKind.swift).
    static let shapeKeywordNames = ShapeKind.keywordNames
    static func isShapeKeyword(_ k: Keyword) -> Bool { ShapeKind(keyword: k) != nil }

    // MARK: Statement and item keywords
    static let statementKeywords = Keyword.statements.map(\.rawValue)
    /// The keywords that start an item other than a shape.
    static let modifierKeywords: [Keyword] = [
        .container, .size, .width, .height, .pad, .align, .hstack, .vstack, .zstack, .fill, .style,
        .glass, .clip, .background, .hit, .transition, .role,
    ]
    /// The keywords that start an item, shapes first (the first eight are the ones a help line names).
    static let itemKeywords: [String] = shapeKeywordNames + modifierKeywords.map(\.rawValue)

    // MARK: Synonyms
    /// SwiftUI and CSS words a newcomer may reach for, and what to write instead.
    static let synonyms: [String: String] = [
        "padding": "`.padding(N)` is `pad N`", "inset": "insets are padding: `pad N`", "margin": "margins are padding: `pad N`",
        "frame": "`.frame(width: W, height: H)` is `size W x H`", "dimensions": "write `size W x H`",
        "radius": "a fixed radius is `rect R`", "cornerRadius": "`cornerRadius: R` is `rect R`",
        "corner": "a fixed radius is `rect R`", "rounded": "a fixed radius is `rect R`",
        "RoundedRectangle": "`RoundedRectangle(cornerRadius: R)` is `rect R`", "Rectangle": "`Rectangle()` is `rectangle`",
        "Capsule": "`Capsule()` is `capsule`", "Circle": "`Circle()` is `circle`",
        "UnevenRoundedRectangle": "`UnevenRoundedRectangle` is `uneven(topLeading, topTrailing, bottomTrailing, bottomLeading)`",
        "ConcentricRectangle": "`ConcentricRectangle()` is `concentric`; with a minimum, `concentric min M`",
        "ContainerRelativeShape": "`ContainerRelativeShape()` is `relative`",
        "containerShape": "`.containerShape(RoundedRectangle(cornerRadius: R))` is `container rect R`",
        "color": "colours are `fill #rrggbb` or `fill blue`", "background": "colours are `fill #rrggbb` or `fill blue`",
        "foregroundColor": "colours are `fill #rrggbb` or `fill blue`", "foregroundStyle": "colours are `fill #rrggbb` or `fill blue`",
        "alignment": "write `align center` (or `top`, `bottomLeading`, …)",
        "HStack": "`HStack` is `hstack`", "VStack": "`VStack` is `vstack`", "ZStack": "`ZStack` is `zstack`",
        "glassEffect": "`.glassEffect()` is `glass`", "contentShape": "`.contentShape(S)` is `hit S`",
        "clipShape": "`.clipShape(S)` is `clip S`",
        "by": "write sizes as `size W x H`", "times": "write sizes as `size W x H`",
    ]

    /// SwiftUI argument labels a newcomer may write with their colon (`rect cornerRadius: 20`),
    /// and what to write instead, given the value written after the colon.
    static let argumentLabels: [String: @Sendable (String) -> String] = [
        "cornerRadius": { "rect \($0)" },
        "minimum": { "concentric min \($0)" },
    ]

    // MARK: Other names offered by did-you-mean
    static let cornerSetNames = CornerSet.allCases.map(\.rawValue)
}

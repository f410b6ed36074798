import Testing
@testable import SceneLang

/// The shape-kind table's SceneLang columns: keywords and arguments.
struct ShapeKindTests {
    /// Source text that writes `kind` with the arguments its row asks for.
    static func written(_ kind: ShapeKind) -> String {
        switch kind.row.arguments {
        case .none: return kind.rawValue
        case .radius: return "\(kind.rawValue) 12"
        case .fourRadii: return "\(kind.rawValue)(1, 2, 3, 4)"
        case .concentric: return "\(kind.rawValue) min 8"
        }
    }

    @Test func everyDrawnKindHasALexerKeywordSpelledAsItsName() {
        #expect(!ShapeKind.shapes.isEmpty)
        for kind in ShapeKind.shapes {
            let k = Keyword.lookup(kind.rawValue)
            #expect(k != nil && k == kind.row.keyword, "\(kind): not a lexer keyword")
            #expect(k.flatMap(ShapeKind.init(keyword:)) == kind, "\(kind): the keyword does not map back")
            #expect(kind.row.swiftUI != nil, "\(kind): no SwiftUI name")
        }
        #expect(ShapeKind.group.row.keyword == nil)
        #expect(!ShapeKind.shapes.contains(.group))
        #expect(ShapeKind(keyword: .container) == nil)
        #expect(ShapeKind.keywordNames == ShapeKind.shapes.map(\.rawValue))
    }

    /// The yes-or-no columns read from `ShapeKind.bits` and the arguments column
    /// (worked out once per kind) say what the rows say, and each kind's `ordinal` is its place in the table.
    @Test func bitColumnsSayWhatTheRowsSay() {
        for (n, kind) in ShapeKind.allCases.enumerated() {
            #expect(kind.ordinal == n, "\(kind)")
            let r = kind.row
            #expect(kind.hasFixedCorners == ((r.radii == .written || r.radii == .frame) && !r.concentricByNature), "\(kind)")
            #expect(kind.followsContainer == (r.radii == .container), "\(kind)")
            #expect(kind.publishesAsContainer == (r.container == .publishes), "\(kind)")
            #expect(kind.concentricByNature == r.concentricByNature, "\(kind)")
            #expect(kind.centredSquare == r.centredSquare, "\(kind)")
            #expect(kind.arguments == r.arguments, "\(kind)")
        }
        // Each column is yes for some kind and no for another.
        for column in [\ShapeKind.hasFixedCorners, \.followsContainer, \.publishesAsContainer, \.concentricByNature, \.centredSquare] {
            #expect(Set(ShapeKind.allCases.map { $0[keyPath: column] }).count == 2)
        }
    }

    /// `ShapeKind(keyword:)` is a switch: it must say what the keyword column says, for every keyword.
    @Test func keywordInitialiserMatchesTheKeywordColumn() {
        for k in Keyword.allCases {
            #expect(ShapeKind(keyword: k) == ShapeKind.shapes.first { $0.row.keyword == k }, "\(k)")
        }
    }

    @Test(arguments: ShapeKind.shapes)
    func eachKindParsesWithItsArgumentsAndDumpsBack(_ kind: ShapeKind) {
        let text = "n: \(Self.written(kind))"
        let file = SourceFile(name: "t", text: text)
        let r = Parser.parse(file)
        #expect(r.diagnostics.isEmpty, "\(text): \(r.diagnostics.map(\.message))")
        guard case .node(let node)? = r.scene.statements.first, case .shape(let s)? = node.items.first?.value else {
            Issue.record("\(text) did not parse to a node with a shape")
            return
        }
        #expect(s.kind == kind)
        #expect(Dump.shape(s).hasPrefix(Self.written(kind).prefix(kind.rawValue.count)))
        if kind.row.arguments != .concentric { #expect(Dump.shape(s) == Self.written(kind)) }
    }

    @Test func aMisspelledShapeIsOfferedFromTheTable() {
        let file = SourceFile(name: "t", text: "n: container circel")
        let r = Parser.parse(file)
        #expect(r.diagnostics.map(\.code) == ["expected-shape"])
        #expect(r.diagnostics.first?.help == "did you mean `circle`?")
    }
}

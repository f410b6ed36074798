import Testing
import SceneLang
import SceneEval
@testable import SceneSwift

/// The SwiftUI reader reads every shape the shape-kind table names in SwiftUI
/// (its `swiftUI` column) as that kind: drawn in a view, and returned by a
/// shape function of the view (`Declarations.shapeTypes`, derived from the
/// column), and a file drawing it is not skipped by the prefilter. A kind
/// added to the table that the reader does not read (`Shapes.swift`,
/// `SwiftShape.Kind`, `Prefilter.words`) fails here.
@Suite struct ShapeKindReaderTests {
    /// The initialiser's arguments for a kind's arguments column.
    static func arguments(_ kind: ShapeKind) -> String {
        switch kind.row.arguments {
        case .none: return ""
        case .radius: return "cornerRadius: 8"
        case .fourRadii: return "topLeadingRadius: 8, bottomTrailingRadius: 4"
        case .concentric: return "corners: .concentric(minimum: 8)"
        }
    }

    /// The words of the scene text the reader made of `swift`.
    static func sceneWords(_ swift: String) -> [String] {
        let read = SwiftRead([SourceFile(name: "V.swift", text: swift)])
        return read.scene.text.split(whereSeparator: { !$0.isLetter }).map(String.init)
    }

    /// A kind with no arguments is also written as SwiftUI's shape-style member
    /// (`.background(.red, in: .capsule)`): `Rectangle` is `.rect`, any other type its
    /// name in lowerCamel without `Shape` (`ContainerRelativeShape` is `.containerRelative`).
    @Test func everyArgumentlessKindsMemberIsReadAsThatKind() {
        let kinds = ShapeKind.allCases.filter { $0.row.swiftUI != nil && $0.row.arguments == .none }
        #expect(kinds.count >= 4)
        for kind in kinds {
            let type = kind.row.swiftUI!
            let base = type == "Rectangle" ? "rect" : String(type.hasSuffix("Shape") ? type.dropLast(5) : type[...])
            let member = "." + base.prefix(1).lowercased() + base.dropFirst()
            let swift = """
                import SwiftUI
                struct V: View { var body: some View { Color.clear.frame(width: 120, height: 80).background(.red, in: \(member)) } }
                """
            #expect(Self.sceneWords(swift).contains(kind.rawValue), "`\(member)` (the member for `\(type)`) is not read as `\(kind.rawValue)` (ShapeRead.shape's member switch, Shapes.swift)")
        }
    }

    @Test func everyKindsSwiftUIShapeIsReadAsThatKind() {
        let kinds = ShapeKind.allCases.filter { $0.row.swiftUI != nil }
        #expect(kinds.count >= 7)
        for kind in kinds {
            let type = kind.row.swiftUI!, call = "\(type)(\(Self.arguments(kind)))"
            let drawn = """
                import SwiftUI
                struct V: View { var body: some View { ZStack { \(call) }.frame(width: 120, height: 80) } }
                """
            #expect(Self.sceneWords(drawn).contains(kind.rawValue), "`\(call)` is not read as `\(kind.rawValue)`")
            // The byte scan that skips files with no rounded shape (Prefilter.words) lets it
            // through: every kind but the square `Rectangle`, which it skips on purpose.
            #expect(Prefilter.isCandidate(Array(drawn.utf8)) == (kind != .rectangle),
                    "Prefilter.words does not let a file drawing only `\(call)` through")
            let returned = """
                import SwiftUI
                struct V: View {
                    func outline() -> \(type) { \(call) }
                    var body: some View { ZStack { outline() }.frame(width: 120, height: 80) }
                }
                """
            #expect(Self.sceneWords(returned).contains(kind.rawValue), "`func outline() -> \(type)` is not read as `\(kind.rawValue)`")
        }
    }
}

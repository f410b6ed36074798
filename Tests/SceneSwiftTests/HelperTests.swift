import Foundation
import Testing
import SceneLang
import SceneEval
import SceneTestSupport
import SwiftParser
import SwiftSyntax
@testable import SceneSwift

/// Helper functions the files declare are read where they are called (Helpers.swift):
/// the SwiftUI `scene run --swiftui` writes is read back as the scene it came from.
@Suite struct HelperTests {
    static func check(_ swift: String) -> SwiftFileResult {
        SwiftRead([SourceFile(name: "V.swift", text: swift)]).check()[0]
    }

    /// Every example's export is read whole: no modifier or shape the export writes is
    /// passed over, and the nesting rules find in the code what they find in the scene.
    static func examples() throws -> [String] {
        try ["examples", "examples/lint"].flatMap { dir in
            try FileManager.default.contentsOfDirectory(atPath: Golden.root.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".scene") }.sorted().map { dir + "/" + $0 }
        }
    }

    @Test(arguments: try examples())
    func anExportIsReadAsItsScene(_ path: String) throws {
        let bytes = try Data(contentsOf: Golden.root.appendingPathComponent(path))
        let file = SourceFile(name: path, bytes: [UInt8](bytes))
        guard let export = SwiftUIWriter.export(file) else { return }  // (an example of an error: no export)
        let read = SwiftRead([SourceFile(name: "V.swift", text: export.code)]).check()[0]
        for helper in [".concentricContainer", ".glass(", "Corners.nested(", "Corners.rect("] {
            let passed = read.explanations.filter { $0.contains("skipped") && $0.contains(helper) && $0.contains("not known") }
            #expect(passed.isEmpty, "\(path): \(passed)")
        }
        // The scene's findings of the rules Swift files get, against the code's (the
        // scene's own `# scene: ignore` comments are not in the code: none of these has one).
        let ruled = Set(swiftRules)
        let scene = Pipeline.compileAndCheck(file).diagnostics.filter { ruled.contains($0.id) }.map(\.code).sorted()
        let swift = read.diagnostics.map(\.code).sorted()
        if Self.sameFindings.contains(where: { path.hasSuffix($0) }) {
            #expect(scene == swift, "\(path): the scene finds \(scene), its export \(swift)")
            #expect(!scene.isEmpty || path.hasSuffix("map.scene"))
        }
    }

    /// Examples whose export the checker reads with the scene's own findings (the others
    /// hold a screen edge, a fallback, or suppressions, which the code does not carry).
    static let sameFindings = ["map.scene", "lint/container-too-tight.scene", "lint/flared-corner.scene",
                               "lint/pinched-corner.scene", "lint/radius-inversion.scene", "lint/uneven-siblings.scene",
                               "lint/relative-uneven-insets.scene"]

    /// A helper of the reader's own code, not the export's: a `View` extension made of one
    /// modifier, with a number parameter; a shape function with an `#available` branch, a
    /// default, an overload and `AnyShape`.
    @Test func helpersAreReadWithTheirArguments() {
        let swift = """
            import SwiftUI
            enum Radii {
                static func tile(_ r: CGFloat, uniform: Bool = false) -> AnyShape {
                    if #available(iOS 26.0, *) {
                        AnyShape(ConcentricRectangle(corners: .concentric(minimum: .fixed(r)), isUniform: uniform))
                    } else {
                        AnyShape(RoundedRectangle(cornerRadius: r))
                    }
                }
                static func tile(fixed r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
                static func tile(_ r: CGFloat, inset: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r - inset) }
            }
            extension View {
                func card(radius: CGFloat) -> some View { containerShape(RoundedRectangle(cornerRadius: radius, style: .continuous)) }
            }
            struct V: View {
                var body: some View {
                    VStack(spacing: 8) {
                        Radii.tile(20).padding(4).frame(width: 100, height: 100).card(radius: 24)
                        Radii.tile(fixed: 22).padding(4).frame(width: 100, height: 100).card(radius: 24)
                        Radii.tile(30, inset: 2).padding(4).frame(width: 100, height: 100).card(radius: 24)
                    }
                }
            }
            """
        let r = Self.check(swift)
        // 24 − 4 = 20: the first tile's minimum 20 holds (no finding); the second, a fixed 22, flares;
        // the third computes with its parameters, which is said, not followed.
        #expect(r.diagnostics.map(\.code) == ["flared-corner"], "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first.map { $0.message.contains("Radii.tile(fixed: 22)") } == true)
        #expect(!r.explanations.contains { $0.contains("`.card(") })
        #expect(r.explanations.contains { $0.contains("`r` is a parameter of the function read here") })
        // Without the helper's declaration, `.card` is a modifier the reader does not know.
        let unknown = Self.check(swift.replacingOccurrences(of: "func card(", with: "func other("))
        #expect(unknown.diagnostics.isEmpty)
        #expect(unknown.explanations.contains { $0.contains("`.card(…)` is not known") })
    }

    /// A call binds by its labels, in order, a missing argument taking its default;
    /// labels that are not the function's bind nothing (another overload's, or none).
    @Test func argumentsBindByLabel() throws {
        let tree = Parser.parse(source: """
            func f(_ a: Int, b: Int = 2, c: Int) -> Int { a }
            f(1, c: 3)
            f(1, b: 5, c: 3)
            f(1, 3)
            f(1, c: 3, b: 5)
            """)
        let decl = try #require(tree.statements.first?.item.as(FunctionDeclSyntax.self))
        let f = HelperFunction(decl, body: ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral("0"))))
        let calls = tree.statements.dropFirst().compactMap { $0.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self) ?? $0.item.as(FunctionCallExprSyntax.self) }
        #expect(calls.count == 4)
        func bound(_ c: FunctionCallExprSyntax) -> [String: String]? { f.bind(Array(c.arguments))?.mapValues(\.trimmedDescription) }
        #expect(bound(calls[0]) == ["a": "1", "b": "2", "c": "3"])
        #expect(bound(calls[1]) == ["a": "1", "b": "5", "c": "3"])
        #expect(bound(calls[2]) == nil)
        #expect(bound(calls[3]) == nil)
    }
}

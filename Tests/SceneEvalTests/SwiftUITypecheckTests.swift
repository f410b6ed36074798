import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The generated code must compile: every example's and every random scene's SwiftUI
/// typechecks in Swift 6 mode, warnings as errors, against the interface stub — and the
/// stub is strict enough to reject wrong code.
@Suite("SwiftUI export: typecheck")
struct SwiftUITypecheckTests {
    static func fail(_ output: String?, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let output else { return }
        Issue.record("\(what) does not typecheck:\n\(output.prefix(4000))", sourceLocation: sourceLocation)
    }

    @Test("every example's SwiftUI typechecks (with the verification harness too)")
    func examples() throws {
        var files: [(name: String, code: String)] = []
        for source in SVGGoldenTests.sources() {
            let file = SourceFile(name: source.path, text: source.text)
            let export = try #require(SwiftUIWriter.export(file))
            files.append((source.path.replacingOccurrences(of: "/", with: "_") + ".swift", export.code))
        }
        #expect(files.count >= 20)
        // One more file: the map with `--verify-harness` under another name.
        let map = SVGGoldenTests.Source(path: "examples/map.scene")
        let harness = try #require(SwiftUIWriter.export(SourceFile(name: map.path, text: map.text),
                                                        options: SwiftUIOptions(typeName: "MapHarnessView", verifyHarness: true)))
        #expect(harness.code.contains("ImageRenderer(content: MapHarnessView().frame(width: 402, height: 874))"))
        files.append(("map-harness.swift", harness.code))
        Self.fail(try SwiftUITest.typecheck(files), "\(files.count) example files")
    }

    @Test("random scenes' SwiftUI typechecks, under each --fallback", arguments: FallbackStyle.allCases)
    func random(_ style: FallbackStyle) throws {
        var files: [(name: String, code: String)] = []
        for seed in SwiftUIRandomScene.seeds {
            var gen = SwiftUIRandomScene(seed: seed)
            let file = SourceFile(name: "random\(seed).scene", text: gen.scene())
            let options = SwiftUIOptions(typeName: "Random\(seed)View", fallback: style)
            guard let export = SwiftUIWriter.export(file, options: options) else { continue }
            files.append(("random\(seed).swift", export.code))
        }
        #expect(files.count >= SwiftUIRandomScene.seeds.count * 3 / 4)
        for (n, fixture) in SwiftUIRandomScene.fixtures.enumerated() {
            let options = SwiftUIOptions(typeName: "Regression\(n)View", fallback: style)
            let export = try #require(SwiftUIWriter.export(SourceFile(name: fixture.name, text: fixture.text), options: options))
            files.append(("regression\(n).swift", export.code))
        }
        Self.fail(try SwiftUITest.typecheck(files), "\(files.count) random scenes under --fallback \(style)")
    }

    /// The harness sits under `#if os(macOS)` and the file under `#if os(iOS) || os(macOS)`:
    /// the test makes those branches true on Linux, so they are checked, not skipped.
    @Test("the file's and the harness's platform branches are typechecked, not skipped")
    func harnessBranchIsChecked() throws {
        let wrong = "import SwiftUI\n\n#if os(iOS) || os(macOS)\n\n#if os(macOS)\nimport AppKit\n"
            + "let notAnInt: Int = NSBitmapImageRep.FileType.png\n#endif\n\n#endif\n"
        let output = try #require(try SwiftUITest.typecheck([("branch.swift", wrong)]), "the macOS branch was skipped")
        #expect(output.contains("cannot convert value of type 'NSBitmapImageRep.FileType'"), "\(output)")
    }

    /// Apple's own documented uses (the ConcentricRectangle overview, the seed) compile.
    @Test("the stub accepts Apple's documented code")
    func accepts() throws {
        let code = """
        import SwiftUI
        @available(iOS 26.0, macOS 26.0, *)
        struct Documented: View {
            var body: some View {
                VStack {
                    ConcentricRectangle().fill(Color.green).padding(8.0).ignoresSafeArea().frame(height: 240.0)
                    ConcentricRectangle(topLeadingCorner: .concentric(minimum: 12.0), topTrailingCorner: .fixed(24.0),
                                        bottomLeadingCorner: .concentric, bottomTrailingCorner: .fixed(0.0))
                        .fill(Color.green)
                    ConcentricRectangle(uniformTopCorners: .fixed(24.0), uniformBottomCorners: .concentric).fill(Color.green)
                    Color.clear.padding(12).containerShape(RoundedRectangle(cornerRadius: 28, style: .continuous))
                        .glassEffect(.regular, in: ConcentricRectangle(corners: .concentric(minimum: .fixed(16)), isUniform: true))
                    Button { } label: { Color.clear.frame(width: 44, height: 44) }
                        .buttonStyle(.glass).buttonBorderShape(.circle)
                }
            }
        }
        """
        Self.fail(try SwiftUITest.typecheck([("documented.swift", code)]), "Apple's documented code")
    }

    /// Wrong labels, wrong types and shapes that cannot be containers are rejected, each
    /// with the compiler's reason: a stub that accepted anything would prove nothing.
    @Test("the stub rejects wrong code", arguments: [
        ("ConcentricRectangle(minimum: 10)", "argument passed to call that takes no arguments"),
        ("ConcentricRectangle(uniformTop: .concentric)", "argument passed to call that takes no arguments"),
        ("ConcentricRectangle(corners: .concentric(minimum: 10 as CGFloat))", "cannot convert value of type 'CGFloat'"),
        ("ConcentricRectangle(corners: .concentric, isUniform: 1)", "integer literal value '1' cannot be used as a boolean"),
        ("Color.clear.containerShape(ConcentricRectangle())", "requires that 'ConcentricRectangle' conform to 'RoundedRectangularShape'"),
        ("Color.clear.containerShape(AnyShape(Circle()))", "requires that 'AnyShape' conform to 'RoundedRectangularShape'"),
        ("Color.clear.glassEffect(.regular, in: 12)", "requires that 'Int' conform to 'Shape'"),
        ("Color.clear.background(Color.red.frame(width: 1))", "deprecated"),
        ("Color.clear.matchedTransitionSource(id: 1, in: Namespace().wrappedValue) { $0.clipShape(Capsule()) }", "cannot convert value of type 'Capsule' to expected argument type 'RoundedRectangle'"),
        ("RoundedRectangle(radius: 8)", "no exact matches in call to initializer"),
        ("Button { } label: { Color.clear }.buttonStyle(Glass.regular)", "requires that 'Glass' conform to 'PrimitiveButtonStyle'"),
        ("Button { } label: { Color.clear }.buttonBorderShape(Circle())", "cannot convert value of type 'Circle' to expected argument type 'ButtonBorderShape'"),
        ("Button(action: {}) { Color.clear }.buttonStyle(.glassy)", "has no member 'glassy'"),
    ])
    func rejects(_ snippet: String, _ reason: String) throws {
        let code = """
        import SwiftUI
        @available(iOS 26.0, macOS 26.0, *)
        @MainActor func probe() -> some View { \(snippet) }
        """
        let output = try #require(try SwiftUITest.typecheck([("wrong.swift", code)]), "`\(snippet)` typechecked")
        #expect(output.contains(reason), "`\(snippet)` failed for another reason:\n\(output.prefix(2000))")
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SceneLang
@testable import SceneEval

/// Every input the fuzzer ever crashed on (Tests/Fixtures/fuzz/crashes,
/// TARGET-NAME) runs again here with the checks of its target
/// (Tests/Fuzz/Targets.swift); `scripts/fuzz --smoke` replays them under ASan too.
struct FuzzRegressionTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/fuzz/crashes")
    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix("repl-") }.sorted()
    }

    @Test func theCrashFolderExists() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path))
    }

    @Test(arguments: inputs)
    func aKeptCrashPassesItsChecks(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let file = SourceFile(name: name, bytes: bytes)
        let c = Pipeline.compile(file)
        #expect((c.scene == nil) == c.diagnostics.hasErrors)
        _ = DiagnosticRenderer().render(c.diagnostics, in: file)
        _ = Dump.scene(c.parse.scene, in: file)
        let json = JSONWriter.write(c.scene, diagnostics: c.diagnostics, file: file)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        guard let scene = c.scene else { return }
        for sh in scene.shapes {
            let half = sh.frame.halfShorterSide
            #expect(sh.radii.values.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= half + 1e-9 * max(1, half) }, "\(sh.id)")
        }
        let svg = SVGWriter.bytes(scene, options: SVGOptions(centers: true, labels: true))
        #expect(XMLParser(data: Data(svg)).parse())
        _ = Checker.check(scene, ast: c.parse.scene, file: file)
        guard let fixed = Fixer.fixAll(file).text else { return }
        let again = SourceFile(name: name, text: fixed)
        #expect(Pipeline.compile(again).scene != nil, "the fix does not compile")
        let second = Fixer.fixAll(again).text
        #expect(second == nil, "fixing twice changed the text again:\n\(second ?? "")")
    }
}

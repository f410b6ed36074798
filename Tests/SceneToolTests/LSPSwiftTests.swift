import Foundation
import Testing
import SceneLang
@testable import SceneLSP

/// `.swift` documents in `scene lsp`: the findings `scene check FILE.swift` gives, at the
/// Swift line and character, as the document is edited (through `scene-swift serve`).
@Suite(.serialized) struct LSPSwiftTests {
    static let fixture = CLI.root.appendingPathComponent("Tests/Fixtures/swift/pre26-issue-example.swift")

    @Test func aSwiftDocumentGetsItsFindingAtTheSwiftPosition() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let c = try LSPClient()
        _ = c.initialize()
        let uri = "file://" + Self.fixture.path
        c.open(uri, text, language: "swift")
        // `RoundedRectangle(cornerRadius: 8)` in `.padding(12)` in a 24: pinched (24 − 12 = 12).
        let found = try #require(c.diagnostics(for: uri))
        #expect(found.map { $0["code"]?.string } == ["pinched-corner"])
        let d = try #require(found.first)
        // The fixture's `expect warning 7:40`: line 7, column 40 → 0-based line 6, character 39.
        #expect(LSPText.position(d["range"]?["start"]) == (6, 39))
        #expect(d["severity"] == 2 && d["source"] == "scene")
        #expect(d["message"]?.string?.contains("\nhelp: ") == true, "\(d)")
        // Edited to the concentric radius: the finding goes.
        c.change(uri, text.replacingOccurrences(of: "RoundedRectangle(cornerRadius: 8)", with: "RoundedRectangle(cornerRadius: 12)"), version: 2)
        #expect(c.diagnostics(for: uri) == [])
        // And back, one line lower: it comes back there.
        c.change(uri, "\n" + text, version: 3)
        #expect(try #require(c.diagnostics(for: uri)).first.map { LSPText.position($0["range"]?["start"]) == (7, 39) } == true)
        // The scene features answer nothing for Swift (that is the Swift language server's).
        let hover = c.request("textDocument/hover", ["textDocument": ["uri": JSON(uri)], "position": ["line": 7, "character": 12]])
        #expect(hover?["result"] == .null)
        // Half-typed Swift: no crash, no findings, the session goes on.
        c.change(uri, "struct A: View { var body: some View { RoundedRectangle(cornerRadius: ", version: 4)
        #expect(c.diagnostics(for: uri) == [])
        #expect(c.finish() == 0)
    }

    final class Failing: SwiftReader, @unchecked Sendable {
        var asked = 0
        func check(name: String, text: [UInt8]) -> Result<[Diagnostic], SwiftReaderError> {
            asked += 1
            return .failure(SwiftReaderError("no reader here"))
        }
    }

    @Test func aReaderThatCannotReadSwiftIsSaidOnceAndTheListIsEmpty() {
        let reader = Failing()
        let s = Server(options: ServerOptions(swiftReader: reader))
        _ = s.receive((["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]] as JSON).bytes)
        for (k, uri) in ["file:///a/View.swift", "file:///a/Other.swift"].enumerated() {
            _ = s.receive((["jsonrpc": "2.0", "method": "textDocument/didOpen",
                            "params": ["textDocument": ["uri": JSON(uri), "version": JSON(k), "text": "RoundedRectangle(cornerRadius: 8)"]]] as JSON).bytes)
        }
        let out = s.flush().compactMap { JSON.parse($0) }
        #expect(out.filter { $0["method"] == "textDocument/publishDiagnostics" }.allSatisfy { $0["params"]?["diagnostics"] == .array([]) })
        #expect(out.filter { $0["method"] == "window/showMessage" }.map { $0["params"]?["message"] } == ["no reader here"])
        #expect(reader.asked == 2)
        // A scene document is still the scene pipeline's.
        #expect(Document.isSwift(uri: "file:///a/x.scene", languageId: nil) == false)
        #expect(Document.isSwift(uri: "file:///a/x.swift", languageId: nil) == true)
        #expect(Document.isSwift(uri: "untitled:1", languageId: "swift") == true)
    }
}

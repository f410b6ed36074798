import Foundation
import Testing
import SceneLang
import SceneEval
import SceneLSP

/// Every LSP position pinned, line and character, start and end, on a scene
/// where an off-by-one shows (a `let` whose hint belongs after its value, not
/// at the binding's start; labels and shapes not at column 0).
@Suite(.serialized) struct LSPPositionTests {
    static let text = """
        let a = 12
        let b = a + 4
        screen iphone-16-pro
        card: container rect b size 200x200 <
          k: concentric min 8 pad a
        >

        """
    static let uri = "file:///tmp/positions.scene"

    static func at(_ p: JSON?) -> [Int] { [p?["line"]?.int ?? -1, p?["character"]?.int ?? -1] }
    static func span(_ r: JSON?) -> [Int] { at(r?["start"]) + at(r?["end"]) }

    @Test func everyPositionIsPinned() throws {
        let c = try LSPClient()
        _ = c.initialize()
        c.open(Self.uri, Self.text)
        let doc: JSON = ["uri": JSON(Self.uri)]
        // Diagnostics: container-too-tight under `concentric min 8` (line 4, characters 5–21).
        let ds = try #require(c.diagnostics(for: Self.uri))
        #expect(ds.map { $0["code"]?.string } == ["container-too-tight"])
        #expect(Self.span(ds.first?["range"]) == [4, 5, 4, 21])
        // Inlay hints: `= 16` after `a + 4` (line 1, character 13), the radii after each node's header.
        let all: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 10, "character": 0]]
        let hints = c.request("textDocument/inlayHint", ["textDocument": doc, "range": all])?["result"]?.array ?? []
        #expect(hints.map { $0["label"]?.string ?? "" } == ["= 16", "16 16 16 16", "8 8 8 8 ← card"])
        #expect(hints.map { Self.at($0["position"]) } == [[1, 13], [3, 35], [4, 27]])
        // Hover on the label `k` (line 4, character 2): its range is the token, 2–3.
        let hover = c.request("textDocument/hover", ["textDocument": doc, "position": ["line": 4, "character": 2]])?["result"]
        #expect(Self.span(hover?["range"]) == [4, 2, 4, 3])
        // Hover on the name `a` in `pad a` (line 4, character 26): 26–27; on the keyword `pad`, 22–25.
        let nameHover = c.request("textDocument/hover", ["textDocument": doc, "position": ["line": 4, "character": 26]])?["result"]
        #expect(Self.span(nameHover?["range"]) == [4, 26, 4, 27])
        let padHover = c.request("textDocument/hover", ["textDocument": doc, "position": ["line": 4, "character": 24]])?["result"]
        #expect(Self.span(padHover?["range"]) == [4, 22, 4, 25])
        // Definition: `k` → the label `card` (line 3, 0–4); `a` → the name in `let a` (line 0, 4–5).
        let toCard = c.request("textDocument/definition", ["textDocument": doc, "position": ["line": 4, "character": 2]])?["result"]
        #expect(Self.span(toCard?["range"]) == [3, 0, 3, 4])
        let toLet = c.request("textDocument/definition", ["textDocument": doc, "position": ["line": 4, "character": 26]])?["result"]
        #expect(Self.span(toLet?["range"]) == [0, 4, 0, 5])
        // The quick fix edits the `b` of `container rect b` (line 3, 21–22: `b + 4`), no more.
        let actions = c.request("textDocument/codeAction", ["textDocument": doc, "range": ds.first?["range"] ?? .null,
                                                           "context": ["diagnostics": JSON.array(ds)]])?["result"]?.array ?? []
        let quick = try #require(actions.first { $0["kind"] == "quickfix" })
        let edits = quick["edit"]?["changes"]?[Self.uri]?.array ?? []
        #expect(edits.map { Self.span($0["range"]) } == [[3, 21, 3, 22]], "\(edits)")
        #expect(edits.map { $0["newText"]?.string } == ["b + 4"])
        #expect(c.finish() == 0)
    }
}

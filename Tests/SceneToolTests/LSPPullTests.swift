import Foundation
import Testing
import SceneLang
@testable import SceneLSP

/// Pull diagnostics (LSP 3.17 `textDocument/diagnostic`) with result ids, and the cap on
/// a push publish: what an editor on a scene with thousands of findings is sent.
@Suite struct LSPPullTests {
    static let uri = "file:///tmp/pull.scene"

    /// A scene where nearly every child is too tight for its container (content inset by
    /// padding counts as at the corner): `containers` × 100 children on a 10 × 10 grid.
    static func grid(_ containers: Int) -> String {
        var s = "let r = 28\nscreen 40000 x 4000 radius 40\n"
        for c in 0..<containers {
            s += "c\(c): container rect r size 360x360 align topLeading pad leading \(c * 400) top 0 <\n"
            for k in 0..<100 { s += "  concentric min 8 size 30x30 align topLeading pad leading \(k % 10 * 34 + 6) top \(k / 10 * 34 + 6)\n" }
            s += ">\n"
        }
        return s
    }

    func server(_ text: String, pull: Bool) -> (Server, [JSON]) {
        let s = Server()
        let caps: JSON = pull ? ["textDocument": ["diagnostic": ["dynamicRegistration": false]]] : [:]
        let replies = s.receive((["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": caps]] as JSON).bytes)
        _ = s.receive((["jsonrpc": "2.0", "method": "textDocument/didOpen",
                        "params": ["textDocument": ["uri": JSON(Self.uri), "version": 1, "text": JSON(text)]]] as JSON).bytes)
        return (s, replies)
    }

    func change(_ s: Server, _ text: String, version: Int) {
        _ = s.receive((["jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": ["textDocument": ["uri": JSON(Self.uri), "version": JSON(version)],
                                   "contentChanges": [["text": JSON(text)]]]] as JSON).bytes)
    }

    /// The answer to a pull, parsed back as a client reads it.
    func pull(_ s: Server, previous: String? = nil, id: Int = 7) -> JSON? {
        var params: [String: JSON] = ["textDocument": ["uri": JSON(Self.uri)]]
        if let previous { params["previousResultId"] = JSON(previous) }
        let replies = s.receive((["jsonrpc": "2.0", "id": JSON(id), "method": "textDocument/diagnostic", "params": .object(params)] as JSON).bytes)
        return replies.first.flatMap { JSON.parse($0.bytes) }?["result"]
    }

    @Test func theServerSaysItAnswersPulls() {
        let (_, replies) = server("rect 4 size 10x10\n", pull: false)
        let provider = replies.first?["result"]?["capabilities"]?["diagnosticProvider"]
        #expect(provider?["interFileDependencies"] == .bool(false))
        #expect(provider?["workspaceDiagnostics"] == .bool(false))
    }

    @Test func aPullIsAnsweredWithAResultIdAndUnchangedWhileTheListIsTheSame() throws {
        let text = """
        let r = 28
        screen 400 x 400 radius 40
        box: container rect r size 300x200 <
          concentric min 20 pad 12
        >

        """
        let (s, _) = server(text, pull: true)
        // A client that pulls is pushed nothing.
        #expect(s.flush().isEmpty)
        let first = try #require(pull(s))
        #expect(first["kind"] == "full")
        let id = try #require(first["resultId"]?.string)
        let items = try #require(first["items"]?.array)
        #expect(items.map { $0["code"]?.string } == ["container-too-tight"])
        // The same list as a push would carry.
        #expect(.array(items) == s.publication(Self.uri)["params"]?["diagnostics"])
        // Asked again with its id: unchanged, nothing resent.
        let again = try #require(pull(s, previous: id))
        #expect(again == ["kind": "unchanged", "resultId": JSON(id)])
        // An edit that leaves the list as it was (a comment after the findings): still unchanged.
        change(s, text + "# a note\n", version: 2)
        #expect(try #require(pull(s, previous: id))["kind"] == "unchanged")
        // An old or unknown id gets the whole list.
        #expect(try #require(pull(s, previous: "0"))["kind"] == "full")
        // An edit that changes the list: a new id and the new list.
        change(s, text.replacingOccurrences(of: "let r = 28", with: "let r = 40"), version: 3)
        let fixed = try #require(pull(s, previous: id))
        #expect(fixed["kind"] == "full")
        #expect(fixed["resultId"]?.string != id)
        #expect(fixed["items"] == .array([]))
    }

    @Test func aListIsCutAtItsLimitWithAFinalCountOfTheRest() throws {
        let (s, _) = server(Self.grid(11), pull: false)
        let all = try #require(s.documents[Self.uri]).analysis.diagnostics
        #expect(all.count > Server.publishLimit, "the scene has more findings than a publish carries (\(all.count))")
        let bodies = s.flush()
        #expect(bodies.count == 1)
        let pushed = try #require(bodies.first.flatMap { JSON.parse($0) }?["params"]?["diagnostics"]?.array)
        #expect(pushed.count == Server.publishLimit + 1)
        let doc = try #require(s.documents[Self.uri])
        #expect(Array(pushed.prefix(Server.publishLimit)) == all.prefix(Server.publishLimit).map { s.lspDiagnostic($0, in: doc) })
        let more = try #require(pushed.last)
        #expect(more["message"]?.string?.hasPrefix("\(all.count - Server.publishLimit) more diagnostics not shown") == true,
                "\(more)")
        #expect(more["code"] == nil)
        #expect(more["severity"] == 2)
        #expect(more["range"]?["start"] == doc.range(all[Server.publishLimit].range, .utf16)["start"])
        // The bytes written straight are the tree's.
        #expect(bodies.first.map { String(decoding: $0, as: UTF8.self) } == s.publication(Self.uri).serialized)
        // A pull is cut the same way.
        #expect(pull(s)?["items"]?.array == pushed)
        // A list within the limit is sent whole, with no count.
        let (small, _) = server(Self.grid(1), pull: false)
        let few = try #require(small.flush().first.flatMap { JSON.parse($0) }?["params"]?["diagnostics"]?.array)
        #expect(!few.isEmpty && few.count <= Server.publishLimit && few.allSatisfy { $0["code"] != nil })
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneLSP

/// The publish of diagnostics is written straight to bytes (`publicationBody`)
/// rather than built as a tree of JSON values and serialized
/// (`publication(_:).bytes`, what pull diagnostics and the shutdown path
/// still do): the two must give the same bytes for every scene, encoding and
/// kind of diagnostic. And the supervisor reads only a forwarded message's
/// `id` and `method` (`JSON.members`): what it reads must be what a full parse reads.
@Suite struct LSPPublishTests {
    static func scenes() throws -> [(String, String)] {
        let fm = FileManager.default
        var out: [(String, String)] = []
        for dir in ["examples", "examples/lint", "Tests/Fixtures/scenes"] {
            let url = CLI.root.appendingPathComponent(dir)
            for name in try fm.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".scene") {
                out.append((dir + "/" + name, try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        // Findings with notes, help, fixes and related locations in bulk; a
        // name with an accent and an emoji in a comment (UTF-16 positions differ
        // from bytes); a message that quotes `"`; a parse error.
        var grid = "let r = 28\nlet inset = 12\nscreen 4000 x 4000 radius 40\n# ré 😀 \"quoted\"\n"
        for c in 0..<6 {
            grid += "c\(c)é: container rect r size 200x200 align topLeading pad leading \(c * 210) top 0 <\n"
            for k in 0..<5 { grid += "  concentric min 8 size 30x30 align topLeading pad leading \(6 + 34 * k) top 6\n" }
            grid += ">\n"
        }
        out.append(("grid", grid))
        out.append(("broken", "let r = \nrect \"x\" size 10x\n"))
        return out
    }

    func server(_ text: String, uri: String, utf8: Bool) -> Server {
        let s = Server()
        let caps: JSON = utf8 ? ["general": ["positionEncodings": ["utf-8"]]] : [:]
        let initialize: JSON = ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": caps]]
        let open: JSON = ["jsonrpc": "2.0", "method": "textDocument/didOpen",
                          "params": ["textDocument": ["uri": JSON(uri), "version": 3, "text": JSON(text)]]]
        _ = s.receive(initialize.bytes)
        _ = s.receive(open.bytes)
        return s
    }

    @Test func thePublishWrittenStraightIsTheTreesBytes() throws {
        var diagnostics = 0, related = 0
        for (name, text) in try Self.scenes() {
            for utf8 in [false, true] {
                let uri = "file:///tmp/\(name.replacingOccurrences(of: "/", with: "-"))"
                let s = server(text, uri: uri, utf8: utf8)
                let tree = s.publication(uri)
                let bytes = s.publicationBody(uri)
                #expect(String(decoding: bytes, as: UTF8.self) == tree.serialized, "\(name) utf8: \(utf8)")
                #expect(JSON.parse(bytes) == tree, "\(name)")
                let ds = tree["params"]?["diagnostics"]?.array ?? []
                diagnostics += ds.count
                related += ds.filter { $0["relatedInformation"] != nil }.count
                // A closed document: an empty publish.
                let close: JSON = ["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": JSON(uri)]]]
                _ = s.receive(close.bytes)
                #expect(s.publicationBody(uri) == s.publication(uri).bytes)
            }
        }
        // The comparison saw what it is for.
        #expect(diagnostics > 100)
        #expect(related > 80)
    }

    /// Strings are written with runs of plain bytes copied whole: the same
    /// bytes as escaping byte by byte, and they read back as the string.
    @Test func quotingCopiesRunsAndEscapesTheRest() {
        func reference(_ s: String) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for b in s.utf8 {
                switch b {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0..<0x20: out += Array(String(format: "\\u%04x", b).utf8)
                default: out.append(b)
                }
            }
            return out + [0x22]
        }
        let pieces = ["a", "bc ", "\n", "\"", "\\", "\u{1}", "\u{1f}", "\t", "\r", "−", "é", "😀", "help: ", "`c0`"]
        var g = RecompileTests.Rng(state: 5)
        for n in 0..<500 {
            var s = ""
            for _ in 0..<g.int(12) { s += g.pick(pieces) }
            if n == 0 { s = "" }
            var out: [UInt8] = []
            JSON.quote(s, to: &out)
            #expect(out == reference(s), "\(s.debugDescription)")
            #expect(JSON.parse(out) == .string(s), "\(s.debugDescription)")
        }
    }

    @Test func flushPublishesEachChangedDocumentOnce() throws {
        let s = server("rect 10 size 10x10\nrect 5 size 5x5 <\n  rect 9 size 2x2\n>\n", uri: "file:///a.scene", utf8: false)
        let bodies = s.flush()
        #expect(bodies.count == 1)
        #expect(bodies.first.flatMap { JSON.parse($0) } == s.publication("file:///a.scene"))
        #expect(s.flush().isEmpty)
    }

    @Test func membersReadsWhatAFullParseReads() {
        let bodies = [
            #"{"jsonrpc":"2.0","id":7,"result":{"a":[1,2,{"b":"}]\"x"}],"c":null}}"#,
            #"{"id":"scene-replay-1","result":null}"#,
            #" { "method" : "textDocument/publishDiagnostics", "params": {"diagnostics": [ {"message": "a \\ b \"c\""}, 1.5e3, true, false ] } }"#,
            #"{"result":[[[]]],"id":{"weird":[1]}}"#,
            #"{}"#,
        ]
        for b in bodies {
            let full = JSON.parse(b)
            let m = JSON.members(["id", "method"], of: Array(b.utf8))
            #expect(m != nil, "\(b)")
            #expect(m?["id"] == full?["id"], "\(b)")
            #expect(m?["method"] == full?["method"], "\(b)")
        }
        for bad in ["", "[1]", "{", #"{"a":}"#, #"{"a":"x}"#, #"{"a":[1}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":,"id":1}"#, "null"] {
            #expect(JSON.members(["id", "method"], of: Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func theSupervisorForwardsMessagesAndDropsItsOwnReplays() {
        var log = SessionLog()
        log.fromClient(["jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": [:]])
        #expect(log.waiting == [5])
        let notification = log.fromServer(body: Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"id":5}}"#.utf8))
        #expect(notification)
        #expect(log.waiting == [5])
        let answer = log.fromServer(body: Array(#"{"id":5,"jsonrpc":"2.0","result":{"contents":"x"}}"#.utf8))
        #expect(answer)
        #expect(log.waiting.isEmpty)
        let garbage = log.fromServer(body: Array("not json".utf8))
        #expect(!garbage)
    }
}

import Foundation
import Testing
import SceneLang
import SceneEval
import SceneLSP

/// `scene lsp` as a process, spoken to in the protocol: lifecycle, diagnostics,
/// hover, inlay hints, completion, definition, symbols, formatting, code actions,
/// and bad input that must not end the session.
@Suite(.serialized) struct LSPTests {
    /// The map example before its fix (`let map = 28`): two `container-too-tight` findings.
    static let mapText = (try? String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)) ?? ""
    static let mapURI = "file://" + CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene").path

    func started() throws -> LSPClient {
        let c = try LSPClient()
        let r = c.initialize()
        #expect(r?["result"]?["capabilities"]?["hoverProvider"] == .bool(true))
        return c
    }

    @Test func lifecycleGarbageAndUnknownMethods() throws {
        let c = try LSPClient()
        // Before `initialize`, requests are refused but answered.
        #expect(c.request("textDocument/hover", [:])?["error"]?["code"] == -32002)
        let caps = c.initialize()?["result"]?["capabilities"]
        #expect(caps?["textDocumentSync"]?["change"] == 1)
        #expect(caps?["inlayHintProvider"] == .bool(true))
        #expect(caps?["positionEncoding"] == "utf-16")
        // Not JSON: a parse error with a null id, and the session goes on.
        let garbage = Array("{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": ".utf8)
        c.sendRaw(Array("Content-Length: \(garbage.count)\r\n\r\n".utf8) + garbage)
        let parseError = c.wait { $0["error"]?["code"] == -32700 }
        #expect(parseError?["id"] == .null)
        // A header block with no length, then binary noise inside a valid frame.
        c.sendRaw(Array("X-Nonsense: yes\r\n\r\n".utf8))
        #expect(c.wait { $0["error"]?["code"] == -32700 } != nil)
        c.sendRaw(Array("Content-Length: 4\r\n\r\n".utf8) + [0xFF, 0x00, 0x7B, 0x5B])
        #expect(c.wait { $0["error"]?["code"] == -32700 } != nil)
        // JSON that is not a request, an unknown method, a request for a document never opened.
        c.send([1, 2, 3])
        #expect(c.wait { $0["error"]?["code"] == -32600 } != nil)
        #expect(c.request("workspace/frobnicate", ["x": 1])?["error"]?["code"] == -32601)
        #expect(c.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.scene"], "position": ["line": 0, "character": 0]])?["error"]?["code"] == -32602)
        // An unknown notification gets no answer; the session still works.
        c.notify("$/somethingElse", [:])
        c.open("file:///a.scene", "x: rect 4 size 10x10\n")
        #expect(c.diagnostics(for: "file:///a.scene")?.isEmpty == true)
        #expect(c.finish() == 0)
    }

    /// Every method with parameters that are missing, of the wrong type or out
    /// of range: each request gets an answer and the server stays up.
    @Test func hostileParametersAreAnswered() throws {
        let c = try started()
        let uri = "file:///tmp/h.scene"
        c.open(uri, "let a = 1\nx: container rect a <\n  y: concentric\n>\n\u{1}\u{FF}\n")
        let doc: JSON = ["uri": JSON(uri)]
        let methods = ["textDocument/hover", "textDocument/inlayHint", "textDocument/completion", "textDocument/definition",
                       "textDocument/documentSymbol", "textDocument/formatting", "textDocument/codeAction"]
        let positions: [JSON] = [["line": -5, "character": 99999], ["line": 99999, "character": -1], "x", ["line": .number(1.5), "character": 2]]
        for m in methods {
            #expect(c.request(m, [:]) != nil, "\(m) without parameters")
            #expect(c.request(m, "not an object") != nil)
            for p in positions {
                let r = c.request(m, ["textDocument": doc, "position": p, "range": ["start": p, "end": ["line": 0, "character": 0]],
                                      "context": ["only": 7]])
                #expect(r?["result"] != nil || r?["error"] != nil, "\(m) \(p)")
            }
        }
        #expect(c.finish() == 0)
    }

    /// The server process dies in the middle of a request (killed from outside,
    /// as a crash would end it: there is no crash hook in the binary): that
    /// request gets an error, a new server is started with the session
    /// replayed, and everything keeps working.
    @Test func aCrashInOneRequestDoesNotEndTheSession() throws {
        let c = try LSPClient()
        #expect(c.initialize()?["result"] != nil)
        let uri = Self.mapURI
        c.open(uri, Self.mapText)
        #expect(c.diagnostics(for: uri)?.count == 2)
        c.change(uri, Self.mapText.replacingOccurrences(of: "let map = 28", with: "let map = 30"), version: 2)
        #expect(c.diagnostics(for: uri)?.count == 2)
        // Stop the worker, send it a request, and once the supervisor has passed it on
        // (asleep again, waiting) kill the worker: the request dies with it.
        let worker = try #require(c.workerPID())
        #expect(kill(worker, SIGSTOP) == 0)
        let id = c.start("textDocument/documentSymbol", ["textDocument": ["uri": JSON(uri)]])
        Thread.sleep(forTimeInterval: 0.2)
        var tries = 0
        while c.supervisorState() != "S", tries < 500 { Thread.sleep(forTimeInterval: 0.01); tries += 1 }
        #expect(kill(worker, SIGKILL) == 0)
        let crashed = c.response(to: id)
        #expect(crashed?["error"]?["code"] == -32603)
        // The new server has the document as last changed: its diagnostics come again.
        let again = c.diagnostics(for: uri)
        #expect(c.workerPID().map { $0 != worker } == true, "a new worker process")
        #expect(again?.count == 2)
        #expect(again?.first?["message"]?.string?.contains("set `map` = 34 (now 30)") == true)
        let onT1 = LSPText.find("t1: concentric", in: Self.mapText, after: 5)
        let hover = c.request("textDocument/hover", ["textDocument": ["uri": JSON(uri)], "position": onT1])
        #expect(hover?["result"]?["contents"]?["value"]?.string?.contains("against    card") == true)
        #expect(c.finish() == 0)
    }

    @Test func exitWithoutShutdownIs1() throws {
        let c = try started()
        c.notify("exit", .null)
        #expect(c.waitForExit() == 1)
    }

    @Test func diagnosticsOnOpenAndChange() throws {
        let c = try started()
        let uri = "file:///tmp/d.scene"
        // An error (undefined name) in one document …
        c.open(uri, "let a = 4\nx: rect b size 10x10\n")
        let errors = try #require(c.diagnostics(for: uri))
        #expect(errors.count == 1)
        #expect(errors.first?["severity"] == 1)
        #expect(errors.first?["code"]?.string == "undefined-name")
        #expect(LSPText.position(errors.first?["range"]?["start"]) == (1, 8))
        #expect(LSPText.position(errors.first?["range"]?["end"]) == (1, 9))
        #expect(errors.first?["message"]?.string?.contains("\nhelp: define it first: `let b = …`") == true)
        #expect(errors.first?["codeDescription"]?["href"]?.string?.hasSuffix("docs/diagnostics.md#evaluating") == true)
        // … changed into a lint finding with its rule's link and related locations …
        c.change(uri, Self.mapText, version: 2)
        let lint = try #require(c.diagnostics(for: uri))
        #expect(lint.map { $0["code"]?.string } == ["container-too-tight", "container-too-tight"])
        let first = try #require(lint.first)
        #expect(first["severity"] == 2)
        #expect(first["codeDescription"]?["href"]?.string?.hasSuffix("docs/lint.md#container-too-tight") == true)
        let t1 = LSPText.find("t1: concentric", in: Self.mapText, after: 4)
        #expect(first["range"]?["start"] == t1)
        let related = first["relatedInformation"]?.array ?? []
        let cardLabel = LSPText.find("card:", in: Self.mapText)
        #expect(related.contains { $0["message"] == "`card` is declared here" && $0["location"]?["range"]?["start"] == cardLabel })
        // … and fixed: the diagnostics go away.
        c.change(uri, Self.mapText.replacingOccurrences(of: "let map = 28", with: "let map = 34"), version: 3)
        #expect(c.diagnostics(for: uri)?.isEmpty == true)
        #expect(c.finish() == 0)
    }

    @Test func hoverInlayHintsAndDefinition() throws {
        let c = try started()
        let uri = Self.mapURI
        c.open(uri, Self.mapText)
        _ = c.diagnostics(for: uri)
        let doc: JSON = ["uri": JSON(uri)]
        // Hover on a concentric shape: the :show table with each corner's reasoning.
        let onT1 = LSPText.find("t1: concentric", in: Self.mapText, after: 5)
        let hover = c.request("textDocument/hover", ["textDocument": doc, "position": onT1])?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(hover.contains("against    card: container rect 16"))
        #expect(hover.contains("minimum 10; concentric: card 16 − 12 = 4"))
        #expect(hover.contains("ConcentricRectangle"))
        // Hover on a name: its value and where it is used; on a keyword: its grammar.
        let onInset = LSPText.find("pad inset", in: Self.mapText, after: 5)
        let nameHover = c.request("textDocument/hover", ["textDocument": doc, "position": onInset])?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(nameHover.contains("`let inset = 12` = **12**"))
        #expect(nameHover.contains("used 3 times, on lines 23, 23, 23"))
        let onFill = LSPText.find("fill #34c759", in: Self.mapText, after: 1)
        let kwHover = c.request("textDocument/hover", ["textDocument": doc, "position": onFill])?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(kwHover.hasPrefix("`fill #rgb"))
        // Inlay hints: every shape's radii and what they resolved against.
        let all: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 1000, "character": 0]]
        let hints = c.request("textDocument/inlayHint", ["textDocument": doc, "range": all])?["result"]?.array ?? []
        let labels = hints.compactMap { $0["label"]?.string }
        #expect(labels == ["28 28 28 28", "16 16 16 16 ← map", "10 10 10 10 ← card", "10 10 10 10 ← card", "10 10 10 10 ← card"])
        let cardLine = Self.mapText.components(separatedBy: "\n").firstIndex { $0.contains("card: glass") } ?? -1
        #expect(hints[1]["position"]?["line"]?.int == cardLine)
        #expect(hints[1]["position"]?["character"]?.int == Self.mapText.components(separatedBy: "\n")[cardLine].utf16.count - 2)
        // Definition: a concentric shape → its container; a name → its let.
        let toCard = c.request("textDocument/definition", ["textDocument": doc, "position": onT1])?["result"]
        #expect(toCard?["range"]?["start"] == LSPText.find("card:", in: Self.mapText))
        let toLet = c.request("textDocument/definition", ["textDocument": doc, "position": onInset])?["result"]
        #expect(toLet?["range"]?["start"] == LSPText.find("inset = 12", in: Self.mapText))
        // The outline: map › card › row › t1 t2 t3.
        let symbols = c.request("textDocument/documentSymbol", ["textDocument": doc])?["result"]?.array ?? []
        #expect(symbols.compactMap { $0["name"]?.string } == ["map", "inset", "thumb", "map"])
        let row = symbols.last?["children"]?.array?.first?["children"]?.array?.first
        #expect(row?["name"] == "row")
        #expect(row?["children"]?.array?.compactMap { $0["name"]?.string } == ["t1", "t2", "t3"])
        #expect(c.finish() == 0)
    }

    @Test func letHintsAndCompletion() throws {
        let c = try started()
        let uri = "file:///tmp/c.scene"
        let text = "let a = 12\nlet b = a + 4\nscreen iphone-16-pro\nx: container rect b size 100x100 <\n  y: concentric pad a fill red\n>\n"
        c.open(uri, text)
        _ = c.diagnostics(for: uri)
        let doc: JSON = ["uri": JSON(uri)]
        let all: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 10, "character": 0]]
        let hints = c.request("textDocument/inlayHint", ["textDocument": doc, "range": all])?["result"]?.array ?? []
        #expect(hints.compactMap { $0["label"]?.string } == ["= 16", "16 16 16 16", "4 4 4 4 ← x"])
        func complete(_ line: Int, _ ch: Int) -> [String] {
            let r = c.request("textDocument/completion", ["textDocument": doc, "position": ["line": JSON(line), "character": JSON(ch)]])
            return r?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        }
        #expect(complete(2, 7).contains("iphone-16-pro"))
        // A preset with no published radius says so; it has none, not 0.
        let screenItems = c.request("textDocument/completion", ["textDocument": doc, "position": ["line": 2, "character": 7]])?["result"]?["items"]?.array ?? []
        func detail(_ name: String) -> String? { screenItems.first { $0["label"]?.string == name }?["detail"]?.string }
        for name in ["iphone-air", "ipad-pro-11-m4", "ipad-pro-13-m4"] {
            #expect(detail(name)?.hasSuffix("radius not published: give `radius R`") == true, "\(name): \(detail(name) ?? "nil")")
        }
        #expect(detail("iphone-16-pro") == "402×874 radius 62")
        #expect(complete(4, 28).contains("red"))
        let afterRect = complete(3, 18)  // `rect b` with the cursor after `rect ` and before `b`
        #expect(afterRect.contains("a") && afterRect.contains("b") && !afterRect.contains("fill"))
        #expect(complete(4, 5).contains("concentric"))
        #expect(c.finish() == 0)
    }

    /// Issue 14 §4: the server completes with the REPL's engine (SceneLang's Completer):
    /// what the grammar allows at the cursor, each item with its kind and the range it replaces.
    @Test func completionFollowsTheGrammar() throws {
        let c = try started()
        let uri = "file:///tmp/g.scene"
        let text = "let gap = 8\nscreen mac-w\nthumb: concentric min 12 \nbox: container  size 10 pad \n"
        c.open(uri, text)
        _ = c.diagnostics(for: uri)
        let doc: JSON = ["uri": JSON(uri)]
        func items(_ line: Int, _ ch: Int) -> [JSON] {
            let r = c.request("textDocument/completion", ["textDocument": doc, "position": ["line": JSON(line), "character": JSON(ch)]])
            return r?["result"]?["items"]?.array ?? []
        }
        func labels(_ line: Int, _ ch: Int) -> [String] { items(line, ch).compactMap { $0["label"]?.string } }
        // After a value: the node's other items, `uniform`, `(` and `<`; no edge, corner or alignment word.
        let afterValue = labels(2, 25)
        #expect(afterValue == ["(", "<", "align", "background", "clip", "container", "fill", "glass", "height", "hit", "hstack",
                               "offset", "pad", "role", "size", "style", "transition", "uniform", "vstack", "width", "zstack"])
        // After `container `: the kinds a container publishes.
        #expect(labels(3, 15) == ["capsule", "circle", "rect", "rectangle", "uneven"])
        // After `pad `: edges and values, the let name with its value.
        let pad = items(3, 28)
        #expect(pad.compactMap { $0["label"]?.string } == ["bottom", "gap", "h", "leading", "max", "min", "top", "trailing", "v"])
        let gap = pad.first { $0["label"]?.string == "gap" }
        #expect(gap?["kind"]?.number == 6)
        #expect(pad.first { $0["label"]?.string == "top" }?["kind"]?.number == 14)
        #expect(pad.first { $0["label"]?.string == "min" }?["kind"]?.number == 3)
        // A dashed preset name is one word: the edit replaces all of `mac-w`.
        let presets = items(1, 12)
        #expect(presets.compactMap { $0["label"]?.string } == ScreenPreset.names.filter { $0.hasPrefix("mac-w") }.sorted())
        let edit = presets.first?["textEdit"]
        #expect(edit?["range"]?["start"]?["character"]?.number == 7 && edit?["range"]?["end"]?["character"]?.number == 12)
        #expect(c.finish() == 0)
    }

    /// On a Mac window the radii hint names the window as the container, not "screen".
    @Test func windowHintsSayWindow() throws {
        let c = try started()
        let doc: JSON = ["uri": "file:///tmp/w.scene"]
        let all: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 5, "character": 0]]
        c.open("file:///tmp/w.scene", "screen mac-window\nbox: concentric size 100x100 align topLeading pad 10\n")
        _ = c.diagnostics(for: "file:///tmp/w.scene")
        let mac = c.request("textDocument/inlayHint", ["textDocument": doc, "range": all])?["result"]?.array ?? []
        #expect(mac.compactMap { $0["label"]?.string } == ["16 0 0 0 ← window"])
        c.change("file:///tmp/w.scene", "screen iphone-16-pro\nbox: concentric size 100x100 align topLeading pad 10\n", version: 2)
        _ = c.diagnostics(for: "file:///tmp/w.scene")
        let phone = c.request("textDocument/inlayHint", ["textDocument": doc, "range": all])?["result"]?.array ?? []
        #expect(phone.compactMap { $0["label"]?.string } == ["50 0 0 0 ← screen"])
        #expect(c.finish() == 0)
    }

    @Test func formattingAndCodeActions() throws {
        let c = try started()
        let uri = "file:///tmp/f.scene"
        let messy = "let  a=28;let i = 12\nmap:container rect a size 300x200< k:concentric min 20 pad i size 64x64 align topLeading >\n"
        c.open(uri, messy)
        _ = c.diagnostics(for: uri)
        let doc: JSON = ["uri": JSON(uri)]
        let edits = c.request("textDocument/formatting", ["textDocument": doc, "options": ["tabSize": 2, "insertSpaces": true]])?["result"]?.array ?? []
        let formatted = LSPText.apply(edits, to: messy)
        #expect(formatted == "let a = 28\nlet i = 12\nmap: container rect a size 300x200 <\n  k: concentric min 20 pad i size 64x64 align topLeading\n>\n")
        // The finding's quick fix, applied, leaves the scene clean.
        c.change(uri, formatted, version: 2)
        let ds = try #require(c.diagnostics(for: uri))
        #expect(ds.first?["code"] == "container-too-tight")
        let range = ds.first?["range"] ?? .null
        let actions = c.request("textDocument/codeAction", ["textDocument": doc, "range": range, "context": ["diagnostics": JSON.array(ds)]])?["result"]?.array ?? []
        let quick = try #require(actions.first { $0["kind"] == "quickfix" })
        #expect(quick["title"]?.string == "Fix: raise `map`'s radius `a` to 32: set `a` = 32 (now 28), not lower the minimum")
        let fixed = LSPText.apply(quick["edit"]?["changes"]?[uri]?.array ?? [], to: formatted)
        #expect(fixed != formatted)
        let (_, after) = Pipeline.compileAndCheck(SourceFile(name: "f.scene", text: fixed))
        #expect(after.isEmpty, "still: \(after.map(\.message))")
        let fixAll = try #require(actions.first { $0["kind"] == "source.fixAll" })
        let allFixed = LSPText.apply(fixAll["edit"]?["changes"]?[uri]?.array ?? [], to: formatted)
        #expect(Pipeline.compileAndCheck(SourceFile(name: "f.scene", text: allFixed)).diagnostics.isEmpty)
        // A scene that does not parse is not formatted: an error, and the session goes on.
        c.change(uri, "x: rect (4\n", version: 3)
        #expect(c.request("textDocument/formatting", ["textDocument": doc, "options": [:]])?["error"]?["code"] == -32803)
        #expect(c.request("textDocument/hover", ["textDocument": doc, "position": ["line": 0, "character": 3]])?["result"] != nil)
        #expect(c.finish() == 0)
    }

    @Test func utf8PositionsWhenOffered() throws {
        let c = try LSPClient()
        let caps = c.initialize(["general": ["positionEncodings": ["utf-8", "utf-16"]]])?["result"]?["capabilities"]
        #expect(caps?["positionEncoding"] == "utf-8")
        let uri = "file:///tmp/u.scene"
        c.open(uri, "# café → ok\nx: rect nope\n")
        let d = c.diagnostics(for: uri)?.first
        #expect(LSPText.position(d?["range"]?["start"]) == (1, 8))
        c.change(uri, "x: rect 4 fill red # é→\ny: rect nope\n", version: 2)
        #expect(LSPText.position(c.diagnostics(for: uri)?.first?["range"]?["start"]) == (1, 8))
        #expect(c.finish() == 0)
    }
}

/// The server's pieces in-process: the JSON reader on hostile input, framing.
struct LSPUnitTests {
    @Test func jsonReadsAndWrites() {
        let v = JSON.parse(#"{"a": [1, 2.5, true, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#)
        #expect(v?["a"]?.array?.count == 5)
        #expect(v?["a"]?.array?[4].string == "x\né😀")
        #expect(v.map { JSON.parse($0.serialized) } == v)
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"\u{1}\"", "tru", "1 2", String(repeating: "[", count: 100_000)] {
            #expect(JSON.parse(bad) == nil, "\(bad.prefix(20))")
        }
    }

    @Test func framingTakesPiecesAndSkipsBadHeaders() {
        var r = MessageReader()
        let one = MessageReader.frame(["a": 1])
        r.feed(Array(one.prefix(5)))
        #expect(r.next() == nil)
        r.feed(Array(one.dropFirst(5)) + Array("Junk\r\n\r\n".utf8) + one)
        #expect(r.next() == .message(Array(#"{"a":1}"#.utf8)))
        guard case .bad? = r.next() else { Issue.record("a header without a length was not reported"); return }
        #expect(r.next() == .message(Array(#"{"a":1}"#.utf8)))
        #expect(r.next() == nil)
    }

    @Test func everyKeywordHasAGrammarLine() {
        for k in Keyword.allCases { #expect(KeywordDocs.line(k).contains(k.rawValue), "\(k)") }
    }
}

import Foundation
import Testing
import SceneLSP
#if canImport(Glibc)
import Glibc
#endif

/// `scene lsp`'s command `scene.watch`: the page's address, and the page following the
/// document's unsaved edits.
struct LSPWatchTests {
    @Test func theCommandAnswersThePageAndItFollowsEdits() throws {
        let c = try LSPClient()
        let caps = c.initialize()
        #expect(caps?["result"]?["capabilities"]?["executeCommandProvider"]?["commands"] == ["scene.watch"])
        let uri = "file:///tmp/lsp-watch.scene"
        c.open(uri, "screen 300 x 300 radius 40\nbox: container rect 28 size 200x150 <\n  inner: concentric min 4 pad 12\n>\n")
        let r = c.request("workspace/executeCommand", ["command": "scene.watch", "arguments": [JSON(uri)]])
        let url = try #require(r?["result"]?["url"]?.string, "\(String(describing: r))")
        let m = try #require(url.firstMatch(of: /^http:\/\/127\.0\.0\.1:(\d+)\/$/))
        let port = try #require(Int(m.1))
        let again = c.request("workspace/executeCommand", ["command": "scene.watch", "arguments": [["uri": JSON(uri)]]])
        #expect(again?["result"]?["url"]?.string == url, "the same page for the same document")
        let page = WatchProcess.connect(port: port).map { fd -> String in
            defer { close(fd) }
            WatchProcess.send(fd, Array("GET /shape?id=inner HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
            return WatchProcess.readAll(fd)
        } ?? ""
        #expect(page.contains("box 28 − 12 = 16"))
        // An unsaved edit reaches the page.
        c.change(uri, "screen 300 x 300 radius 40\nbox: container rect 20 size 200x150 <\n  inner: concentric min 4 pad 12\n>\n", version: 2)
        var text = ""
        for _ in 0..<100 {
            guard let fd = WatchProcess.connect(port: port) else { break }
            WatchProcess.send(fd, Array("GET /shape?id=inner HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
            text = WatchProcess.readAll(fd)
            close(fd)
            if text.contains("box 20 − 12 = 8") { break }
            usleep(20_000)
        }
        #expect(text.contains("box 20 − 12 = 8"))
        #expect(c.request("workspace/executeCommand", ["command": "other"])?["error"] != nil)
        #expect(c.request("workspace/executeCommand", ["command": "scene.watch", "arguments": ["file:///not-open.scene"]])?["error"] != nil)
        _ = c.finish()
    }

    /// A SwiftUI file is not a scene: no page that would show its Swift as scene errors,
    /// and the error says how to get a scene from it.
    @Test func theCommandRefusesASwiftDocument() throws {
        let c = try LSPClient()
        _ = c.initialize()
        let uri = "file:///tmp/lsp-watch-card.swift"
        c.open(uri, "import SwiftUI\nstruct Card: View { var body: some View { Color.red } }\n", language: "swift")
        let r = c.request("workspace/executeCommand", ["command": "scene.watch", "arguments": [JSON(uri)]])
        #expect(r?["result"]?["url"] == nil)
        let message = r?["error"]?["message"]?.string ?? ""
        #expect(message.contains("scene import FILE.swift"), "\(String(describing: r))")
        _ = c.finish()
    }
}

import Foundation
import Testing
import SceneREPL
import SceneWatch
#if canImport(Glibc)
import Glibc
#endif

/// The REPL's `:watch`: the live page follows the REPL's scene, edit by edit.
struct REPLWatchTests {
    @Test func watchServesThePageAndFollowsEdits() throws {
        var shell = Shell(settings: Shell.Settings(stateDirectory: FileManager.default.temporaryDirectory.path))
        #expect(shell.handle(":watch").err.contains("started without the live page"))
        shell.settings.page = WatchFeed()
        _ = shell.handle("screen 300 x 300 radius 40")
        _ = shell.handle("box: container rect 28 size 200x150 < inner: concentric min 4 pad 12 >")
        let started = shell.handle(":watch 0")
        let m = try #require(started.out.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), "\(started)")
        let port = try #require(Int(m.1))
        #expect(shell.handle(":watch").out.contains("the page follows this scene at http://127.0.0.1:\(port)/"))
        let fd = try #require(WatchProcess.connect(port: port, timeout: 10))
        defer { close(fd) }
        WatchProcess.send(fd, Array("GET /events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8))
        let first = WatchProcess.read(fd) { $0.contains("event: status") && $0.hasSuffix("\n\n") }
        #expect(first.contains("<path id=\"inner\"") && !first.contains("<path id=\"extra\""))
        // An edit in the REPL reaches the page.
        _ = shell.handle("extra: rect 6 size 40x40")
        let next = WatchProcess.read(fd) { $0.contains("<path id=\"extra\"") && $0.contains("event: status") && $0.hasSuffix("\n\n") }
        #expect(next.contains("<path id=\"extra\""))
        #expect(shell.handle(":watch 70000").err.isEmpty, "already running: the port is not read again")
    }
}

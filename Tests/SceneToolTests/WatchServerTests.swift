import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

let watchScene = """
screen 300 x 300 radius 40
let r = 28
box: container rect r size 200x150 <
  inner: concentric min 4 pad 12
>

"""

/// `scene watch` as a process, spoken to with plain sockets: what it serves, what it refuses,
/// the caps, and that a malformed request leaves it running. The page in a real browser:
/// scripts/browser-test.
@Suite(.serialized)
struct WatchServerTests {
    @Test func bindsToLoopbackOnly() throws {
        let w = try WatchProcess(source: watchScene)
        // The kernel's table of listening TCP sockets: ours is 127.0.0.1 (0100007F), not 0.0.0.0.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let port = String(format: "%04X", w.port)
        let listening = table.split(separator: "\n").filter { $0.contains(":\(port) ") && $0.split(separator: " ")[3] == "0A" }
        #expect(listening.count == 1, "\(listening)")
        #expect(listening.first?.split(separator: " ")[1] == "0100007F:\(port)")
        // And from the machine's other addresses nothing answers.
        var interfaces: UnsafeMutablePointer<ifaddrs>? = nil
        guard getifaddrs(&interfaces) == 0 else { return }
        defer { freeifaddrs(interfaces) }
        var p = interfaces
        while let i = p {
            defer { p = i.pointee.ifa_next }
            guard let a = i.pointee.ifa_addr, a.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var addr = a.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            if UInt32(bigEndian: addr.sin_addr.s_addr) >> 24 == 127 { continue }
            addr.sin_port = in_port_t(UInt16(w.port)).bigEndian
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var tv = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            close(fd)
            #expect(r != 0, "the server answered on a non-loopback address")
        }
    }

    @Test func servesThePageItsAssetsAndTheStream() throws {
        let w = try WatchProcess(source: watchScene)
        let page = w.get("/")
        #expect(WatchProcess.status(page) == 200)
        #expect(page.contains("<script src=\"/page.js\"></script>"))
        #expect(!page.contains("http://") && !page.contains("https://"), "the page loads nothing from elsewhere")
        for (path, type) in [("/page.js", "text/javascript"), ("/page.css", "text/css"), ("/favicon.svg", "image/svg+xml"),
                             ("/favicon-error.svg", "image/svg+xml")] {
            let r = w.get(path)
            #expect(WatchProcess.status(r) == 200 && r.contains("Content-Type: \(type)"), "\(path)")
        }
        let shape = w.get("/shape?id=inner")
        #expect(WatchProcess.status(shape) == 200)
        // The REPL's `:show` text: the frame, the container, the arithmetic.
        #expect(shape.contains("frame      x 62  y 87  width 176  height 126"))
        #expect(shape.contains("against    box: container rect 28"))
        #expect(shape.contains("box 28 − 12 = 16"))
        #expect(WatchProcess.status(w.get("/shape?id=nothing")) == 404)
        #expect(WatchProcess.status(w.raw(Array("HEAD / HTTP/1.1\r\nHost: localhost:\(w.port)\r\n\r\n".utf8))) == 200)
    }

    @Test func refusesAForeignHost() throws {
        let w = try WatchProcess(source: watchScene)
        for host in ["evil.example", "evil.example:\(w.port)", "127.0.0.1", "localhost", "127.0.0.1:\(w.port + 1)",
                     "127.0.0.2:\(w.port)", "[::1]:\(w.port)", "localhost.:\(w.port)", "0.0.0.0:\(w.port)"] {
            let r = w.get("/", host: host)
            #expect(WatchProcess.status(r) == 403, "Host: \(host) → \(r.prefix(40))")
            #expect(!r.contains("<script"))
        }
        #expect(WatchProcess.status(w.raw(Array("GET / HTTP/1.1\r\n\r\n".utf8))) == 403, "no Host at all")
        #expect(WatchProcess.status(w.get("/events", host: "evil.example:\(w.port)")) == 403)
        #expect(WatchProcess.status(w.get("/", host: "LOCALHOST:\(w.port)")) == 200)
        // Two Host headers, ours first or second: a bad request (ours first was answered 200).
        for hosts in [["127.0.0.1:\(w.port)", "evil.com"], ["evil.com", "127.0.0.1:\(w.port)"], ["127.0.0.1:\(w.port)", "127.0.0.1:\(w.port)"]] {
            let head = "GET / HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "\r\n"
            let r = w.raw(Array(head.utf8))
            #expect(WatchProcess.status(r) == 400, "\(hosts) → \(r.prefix(40))")
            #expect(!r.contains("<script"))
        }
    }

    @Test func servesNoPathItWasNotBuiltToServe() throws {
        let w = try WatchProcess(source: watchScene)
        let paths = ["/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/..%2f..%2fetc%2fpasswd",
                     "http://127.0.0.1:\(w.port)/", "http://127.0.0.1:\(w.port)/../etc/passwd", "//etc/passwd",
                     "/page.js/../../etc/passwd", "/index.html", "/live.scene", w.file.path, "/etc/passwd",
                     "/page.js%00", "/Package.swift", "*", "/events/../page.js", "/.%2e/.%2e/etc/passwd"]
        for p in paths {
            let r = w.get(p)
            #expect(WatchProcess.status(r) == 404, "\(p) → \(r.prefix(40))")
            #expect(!r.contains("root:") && !r.contains("screen 300"), "\(p) leaked a file")
        }
        #expect(WatchProcess.status(w.raw(Array("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\nContent-Length: 0\r\n\r\n".utf8))) == 405)
    }

    @Test func malformedRequestsGet400AndTheServerStaysUp() throws {
        let w = try WatchProcess(source: watchScene)
        let bad: [[UInt8]] = [
            Array("GARBAGE\r\n\r\n".utf8), Array("GET /\r\n\r\n".utf8), Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8),
            Array("GET  / HTTP/1.1\r\n\r\n".utf8), Array("GET / HTTP/1.1\r\nNo colon here\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\nX: a\u{1}b\r\n\r\n".utf8),
            [0, 1, 2, 255, 254, 13, 10, 13, 10], Array("get / HTTP/1.1\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\n: empty name\r\n\r\n".utf8),
        ]
        for b in bad {
            #expect(WatchProcess.status(w.raw(b)) == 400, "\(b.prefix(20))")
            #expect(w.running)
        }
        // Too large a head: 431, and still up.
        let big = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\nX-Big: " + String(repeating: "a", count: 9000) + "\r\n\r\n"
        #expect(WatchProcess.status(w.raw(Array(big.utf8))) == 431)
        let endless = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20000)
        #expect(WatchProcess.status(w.raw(Array(endless.utf8))) == 431)
        // A client that connects and leaves, or sends half a line and leaves.
        for partial in ["", "GET / HT"] {
            if let fd = WatchProcess.connect(port: w.port) { WatchProcess.send(fd, Array(partial.utf8)); close(fd) }
        }
        #expect(w.running)
        #expect(WatchProcess.status(w.get("/")) == 200)
    }

    @Test func capsOpenStreamsAndConnections() throws {
        let w = try WatchProcess(source: watchScene)
        var streams: [Int32] = []
        defer { for fd in streams { close(fd) } }
        for _ in 0..<8 {
            guard let fd = WatchProcess.connect(port: w.port) else { Issue.record("cannot connect"); return }
            WatchProcess.send(fd, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\n\r\n".utf8))
            let head = WatchProcess.read(fd) { $0.contains("event: status") }
            #expect(head.hasPrefix("HTTP/1.1 200") && head.contains("text/event-stream"))
            streams.append(fd)
        }
        #expect(WatchProcess.status(w.get("/events")) == 503, "a ninth stream")
        close(streams.removeLast())
        usleep(100_000)
        if let fd = WatchProcess.connect(port: w.port) {
            WatchProcess.send(fd, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\n\r\n".utf8))
            #expect(WatchProcess.read(fd) { $0.contains("event: status") }.hasPrefix("HTTP/1.1 200"), "a stream again once one closed")
            streams.append(fd)
        }
        // Connections: 32 at once, streams included; the next one is answered 503 and closed.
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for _ in 0..<(32 - streams.count) { if let fd = WatchProcess.connect(port: w.port) { idle.append(fd) } }
        // (On a loaded machine the server may take a while to see them: ask until it answers so, 5 s at most.)
        func eventually(_ status: Int) -> Int? {
            var last: Int? = nil
            for _ in 0..<50 {
                usleep(100_000)
                last = WatchProcess.status(w.get("/"))
                if last == status { break }
            }
            return last
        }
        #expect(eventually(503) == 503)
        for fd in idle { close(fd) }
        idle = []
        #expect(eventually(200) == 200)
    }

    /// The stream: the first picture, a new one after a save (in place or by rename, as
    /// editors do), the errors while it does not compile, and the picture once fixed.
    @Test func followsSavesAndErrors() throws {
        let w = try WatchProcess(source: watchScene)
        guard let fd = WatchProcess.connect(port: w.port, timeout: 10) else { Issue.record("cannot connect"); return }
        defer { close(fd) }
        WatchProcess.send(fd, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(w.port)\r\n\r\n".utf8))
        let first = WatchProcess.read(fd) { $0.contains("event: status") && $0.hasSuffix("\n\n") }
        #expect(first.contains("data: <svg") && first.contains("\"ok\":true"))
        // In place.
        try Data(watchScene.replacingOccurrences(of: "let r = 28", with: "let r = 34").utf8).write(to: w.file)
        let second = WatchProcess.read(fd) { $0.contains("\"version\":1") }
        #expect(second.contains("id: 1") && second.contains("\"ok\":true"))
        // Only the shapes' radii changed: a patch of the picture the page has, not the SVG.
        #expect(second.contains("event: patch\nid: 1\ndata: {\"d\":[[\"box\",") && !second.contains("event: svg"), "\(second)")
        // Broken, by an atomic save (a new file renamed over the old one).
        let tmp = w.dir.appendingPathComponent(".live.scene.swp")
        try Data(watchScene.replacingOccurrences(of: "let r = 28", with: "let r = ").utf8).write(to: tmp)
        #expect(rename(tmp.path, w.file.path) == 0)
        let third = WatchProcess.read(fd) { $0.contains("\"version\":2") }
        #expect(third.contains("\"ok\":false"))
        #expect(third.contains("live.scene:2:"), "file:line:col in the errors")
        #expect(!third.contains("event: svg\nid: 2"), "no picture for a version that does not compile")
        // Fixed again, by rename.
        try Data(watchScene.replacingOccurrences(of: "let r = 28", with: "let r = 20").utf8).write(to: tmp)
        #expect(rename(tmp.path, w.file.path) == 0)
        let fourth = WatchProcess.read(fd) { $0.contains("\"version\":3") }
        #expect(fourth.contains("id: 3") && fourth.contains("\"ok\":true"))
        // The explanation follows: the inner shape is 20 − 12 = 8 now.
        #expect(w.get("/shape?id=inner").contains("box 20 − 12 = 8"))
        // A shape added: the whole SVG.
        try Data(watchScene.replacingOccurrences(of: "let r = 28", with: "let r = 20").appending("dot: circle size 10x10\n").utf8).write(to: w.file)
        let fifth = WatchProcess.read(fd) { $0.contains("\"version\":4") }
        #expect(fifth.contains("event: svg\nid: 4\ndata: <?xml") && !fifth.contains("event: patch"), "\(fifth.prefix(300))")
    }
}

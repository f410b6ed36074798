#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLang
import CWatch

/// `scene watch`'s server: one thread, one `poll` loop over the listening socket, the
/// file watch and the connections. It binds to 127.0.0.1 only, serves the routes of
/// `HTTP.decide` and nothing else, answers one request per connection, and keeps the
/// event streams open to push each new picture.
public final class WatchServer {
    public struct Limits: Sendable {
        /// Connections open at once (streams included); past it a new one gets 503.
        public var connections = 32
        /// Event streams open at once; past it `/events` gets 503.
        public var streams = 8
        /// A request head must arrive within this (milliseconds), else 408.
        public var headMilliseconds = 10_000
        /// A stream whose unsent data passes this many bytes is closed (a stalled reader).
        public var backlog = 64 << 20
        public init() {}
    }

    final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        var stream: ViewOptions? = nil
        /// The picture this stream's page shows (its version and SVG): the next is sent as
        /// a patch of it when it can be (`SVGPatch`).
        var shown: (version: Int, svg: [UInt8])? = nil
        var closeWhenSent = false
        let opened: Int
        init(fd: Int32, opened: Int) { self.fd = fd; self.opened = opened }
        var pending: Bool { sent < output.count }
    }

    public let port: Int
    public let limits: Limits
    public let live: Live
    /// The screen preset shown to a page that does not choose one (`--screen`).
    public let defaultScreen: String?
    let listener: Int32
    var connections: [Connection] = []
    /// Reads the next source when the watch says the file changed (nil: it could not be read).
    var reload: (() -> SourceFile?)? = nil
    /// The last broadcast, timed for `scripts/bench-watch` (sent in the status as `server`).
    var timing = Timing()

    /// Binds 127.0.0.1:`port` (0: a free port the system picks).
    public init(live: Live, port: Int, defaultScreen: String? = nil, limits: Limits = Limits()) throws(WatchError) {
        self.live = live
        self.defaultScreen = defaultScreen
        self.limits = limits
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .system("socket", errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian   // 127.0.0.1: loopback only
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let e = errno
            close(fd)
            throw e == EADDRINUSE ? .portInUse(port) : .system("bind 127.0.0.1:\(port)", e)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        listener = fd
    }

    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Serves until the process ends, watching `path` (inotify or kqueue on the file and its
    /// folder, and a stat every second whatever they say): one compile per burst of events.
    /// With `feed` (the REPL's `:watch`), each source posted to it is shown. `changed` is
    /// called after each new version of the watched file has gone to the page (`scene watch`
    /// tells the terminal).
    public func run(watching path: String?, feed: WatchFeed? = nil, read: @escaping () -> SourceFile?,
                    changed: (() -> Void)? = nil) -> Never {
        reload = read
        let folder = path.map(Self.folder) ?? "."
        let name = path.map(Self.name) ?? ""
        let watchFD = path.map { scene_watch_open($0, folder, name) } ?? -1
        var lastStat = path.flatMap(Self.stamp)
        var nextStat = Self.now() + 1000
        var dirtySince: Int? = nil, lastEvent = 0
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            if watchFD >= 0 { fds.append(pollfd(fd: watchFD, events: Int16(POLLIN), revents: 0)) }
            let feedIndex = fds.count
            if let feed { fds.append(pollfd(fd: feed.readEnd, events: Int16(POLLIN), revents: 0)) }
            let base = fds.count
            for c in connections {
                fds.append(pollfd(fd: c.fd, events: Int16(c.pending ? POLLOUT : 0) | Int16(c.stream == nil ? POLLIN : POLLIN), revents: 0))
            }
            let now = Self.now()
            var timeout = max(0, nextStat - now)
            if dirtySince != nil { timeout = min(timeout, max(0, lastEvent + Self.quiet - now)) }
            if connections.contains(where: { $0.stream == nil }) { timeout = min(timeout, 1000) }
            _ = poll(&fds, nfds_t(fds.count), Int32(timeout))
            let t = Self.now()
            if fds[0].revents & Int16(POLLIN) != 0 { accept(now: t) }
            if watchFD >= 0, fds[1].revents & Int16(POLLIN) != 0, let path, case let seen = scene_watch_drain(watchFD, path, name), seen != 0 {
                if dirtySince == nil { timing = Timing(seen: Timing.clock()) }
                dirtySince = dirtySince ?? t
                // A finished write (closed, or renamed into place) ends the burst now.
                lastEvent = seen == 2 ? t - Self.quiet : t
            }
            if let feed, fds[feedIndex].revents & Int16(POLLIN) != 0, let f = feed.take(), live.update(f) { broadcast() }
            if let path, t >= nextStat {
                nextStat = t + 1000
                let s = Self.stamp(path)
                if s != lastStat { lastStat = s; dirtySince = dirtySince ?? t; lastEvent = t }
            }
            // One compile per burst: once the events have been quiet for `quiet` ms.
            if dirtySince != nil, t - lastEvent >= Self.quiet {
                dirtySince = nil
                if let path { lastStat = Self.stamp(path) }
                if let f = reload?(), live.update(f) { broadcast(); changed?() }
            }
            var closed = Set<Int32>()
            for (k, c) in connections.enumerated() where k + base < fds.count {
                let r = fds[k + base].revents
                if r & Int16(POLLIN | POLLHUP | POLLERR) != 0, !receive(c) { closed.insert(c.fd) }
                else if r & Int16(POLLOUT) != 0, !flush(c) { closed.insert(c.fd) }
                else if c.stream == nil, !c.closeWhenSent, t - c.opened > limits.headMilliseconds {
                    respond(c, HTTP.text(408, "the request head did not arrive in time"))
                }
            }
            drop(closed)
        }
    }

    /// Milliseconds of quiet that end a burst of file events (a finished write ends it at once).
    static let quiet = 8

    func accept(now: Int) {
        while true {
            let fd = Glibc_accept(listener)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let c = Connection(fd: fd, opened: now)
            connections.append(c)
            if connections.count > limits.connections {
                respond(c, HTTP.text(503, "too many connections (at most \(limits.connections))"))
            }
        }
    }

    /// Reads what came; false when the connection is over.
    func receive(_ c: Connection) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return false }
            if n < 0 { break }
            if c.stream != nil || c.closeWhenSent { continue }   // a stream's client sends nothing more that we read
            c.input += chunk[0..<n]
            if c.input.count > HTTP.maxHead + 4096 { break }
        }
        if c.stream == nil, !c.closeWhenSent { handle(c) }
        return c.pending || !c.closeWhenSent ? flush(c) : false
    }

    func handle(_ c: Connection) {
        switch HTTP.parse(c.input) {
        case .incomplete: return
        case .bad(let status, let why): respond(c, HTTP.text(status, why))
        case .request(let r, _):
            switch HTTP.decide(r, port: port) {
            case .refuse(let status, let why): respond(c, HTTP.text(status, why))
            case .serve(let route, let head): serve(c, route, head: head)
            }
        }
    }

    func serve(_ c: Connection, _ route: HTTP.Route, head: Bool) {
        switch route {
        case .page: respond(c, HTTP.response(200, type: "text/html; charset=utf-8", body: Page.html(title: live.file.name, screen: defaultScreen), head: head))
        case .css: respond(c, HTTP.response(200, type: "text/css; charset=utf-8", body: Page.css, head: head))
        case .script: respond(c, HTTP.response(200, type: "text/javascript; charset=utf-8", body: Page.script, head: head))
        case .favicon(let error):
            respond(c, HTTP.response(200, type: "image/svg+xml", body: Page.favicon(error: error), head: head))
        case .shape(let q):
            let o = ViewOptions(query: q, defaultScreen: defaultScreen)
            if let text = q["id"].flatMap({ live.detail(id: $0, o) }) {
                respond(c, HTTP.response(200, type: "text/plain; charset=utf-8", body: Array(text.utf8), head: head))
            } else {
                respond(c, HTTP.text(404, "no shape with that id"))
            }
        case .events(let q):
            guard connections.filter({ $0.stream != nil }).count < limits.streams else {
                respond(c, HTTP.text(503, "too many event streams (at most \(limits.streams))"))
                return
            }
            let o = ViewOptions(query: q, defaultScreen: defaultScreen)
            c.stream = o
            c.input = []
            c.output += Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\nretry: 500\n\n").utf8)
            guard !head else { c.closeWhenSent = true; c.stream = nil; return }
            // On a new stream, the last picture that compiled (the page keeps it under the errors).
            if let svg = live.svg(o) {
                c.output += picture(svg, from: nil)
                c.shown = (live.version, svg)
            }
            c.output += status(o)
        }
    }

    /// The SSE event for picture `svg`: a patch of `shown` when it is one (`event: patch`,
    /// `SVGPatch`), else the whole SVG (`event: svg`); `id` is the version.
    func picture(_ svg: [UInt8], from shown: [UInt8]?) -> [UInt8] {
        if let shown, let patch = SVGPatch.between(shown, svg) {
            return Array("event: patch\nid: \(live.version)\ndata: ".utf8) + patch + [10, 10]
        }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + svg.count / 20 + 64)
        out += Array("event: svg\nid: \(live.version)\n".utf8)
        var start = 0
        let dataPrefix = Array("data: ".utf8)
        for i in 0...svg.count where i == svg.count || svg[i] == 10 {
            if i > start || i < svg.count {
                out += dataPrefix
                out += svg[start..<i]
                out.append(10)
            }
            start = i + 1
        }
        out.append(10)
        return out
    }

    /// The status event: whether it compiled, the diagnostics, the findings.
    func status(_ o: ViewOptions, timing: Timing? = nil) -> [UInt8] {
        Array("event: status\ndata: \(live.status(o, server: timing?.json))\n\n".utf8)
    }

    /// Every stream gets the new version (each event made once per set of toggles and
    /// picture shown): the picture first, sent before the checker runs (none when this
    /// version does not compile), then the status with the findings.
    func broadcast() {
        if timing.seen == 0 { timing = Timing(seen: Timing.clock()) }
        var pictures: [PictureKey: [UInt8]] = [:]
        var closed = Set<Int32>()
        for c in connections {
            guard let o = c.stream else { continue }
            var t = Timing.clock()
            let compiled = live.compilation(screen: o.screen).scene != nil
            timing.compile += Timing.clock() - t
            guard compiled else { continue }
            t = Timing.clock()
            guard let svg = live.svg(o) else { continue }
            timing.svg += Timing.clock() - t
            let key = PictureKey(options: o, from: c.shown?.version ?? -1)
            if pictures[key] == nil {
                t = Timing.clock()
                pictures[key] = picture(svg, from: c.shown?.svg)
                timing.event += Timing.clock() - t
                timing.bytes += pictures[key]!.count
            }
            c.output += pictures[key]!
            c.shown = (live.version, svg)
            if c.output.count - c.sent > limits.backlog || !flush(c) { closed.insert(c.fd) }
        }
        drop(closed)
        timing.sent = Timing.clock()
        var statuses: [ViewOptions: [UInt8]] = [:]
        closed = []
        for c in connections {
            guard let o = c.stream else { continue }
            if statuses[o] == nil { statuses[o] = status(o, timing: timing) }
            c.output += statuses[o]!
            if c.output.count - c.sent > limits.backlog || !flush(c) { closed.insert(c.fd) }
        }
        drop(closed)
        timing = Timing()
    }

    struct PictureKey: Hashable {
        var options: ViewOptions
        var from: Int
    }

    func respond(_ c: Connection, _ bytes: [UInt8]) {
        c.output += bytes
        c.closeWhenSent = true
        c.stream = nil
    }

    /// Sends what it can without blocking; false when the connection is over.
    func flush(_ c: Connection) -> Bool {
        while c.pending {
            let n = c.output[c.sent...].withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            c.sent += n
        }
        if c.sent > 1 << 20 || c.sent == c.output.count { c.output.removeFirst(c.sent); c.sent = 0 }
        return !c.closeWhenSent
    }

    func drop(_ fds: Set<Int32>) {
        guard !fds.isEmpty else { return }
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
        connections.removeAll { fds.contains($0.fd) }
    }

    static func now() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
    }

    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    struct Stamp: Equatable { var inode: UInt64; var size: Int64; var mtime: Int64 }
    static func stamp(_ path: String) -> Stamp? {
        var i: UInt64 = 0, s: Int64 = 0, m: Int64 = 0
        return scene_watch_stat(path, &i, &s, &m) == 0 ? Stamp(inode: i, size: s, mtime: m) : nil
    }
}

/// accept(2), the new descriptor closed on exec.
func Glibc_accept(_ fd: Int32) -> Int32 {
    let c = accept(fd, nil, nil)
    if c >= 0 { _ = fcntl(c, F_SETFD, FD_CLOEXEC) }
    return c
}

public enum WatchError: Error, Equatable {
    case portInUse(Int)
    case system(String, Int32)

    public var message: String {
        switch self {
        case .portInUse(let p): "port \(p) on 127.0.0.1 is in use"
        case .system(let what, let e): "\(what): \(String(cString: strerror(e)))"
        }
    }
}

/// When a save was seen and what the picture cost: `seen` and `sent` are the wall clock
/// (milliseconds since 1970, for a benchmark on the same machine to compare with the
/// time it wrote the file), `compile`, `svg` and `event` (the patch or the SVG's event
/// made) durations, `bytes` the picture's event.
struct Timing {
    var seen = 0.0, compile = 0.0, svg = 0.0, event = 0.0, sent = 0.0
    var bytes = 0

    static func clock() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
    }

    var json: String {
        func ms(_ v: Double) -> String { String(Double(Int((v * 1000).rounded())) / 1000) }
        return "{\"seen\":\(ms(seen)),\"compile\":\(ms(compile)),\"svg\":\(ms(svg)),\"event\":\(ms(event)),\"sent\":\(ms(sent)),\"bytes\":\(bytes)}"
    }
}

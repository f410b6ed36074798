/// The little HTTP/1.1 that `scene watch` speaks: a request head parsed from bytes, the
/// `Host` check, and the routes it was built to serve. Pure values, tested without a socket.
public enum HTTP {
    /// The largest request head (request line and headers) read: 8 KB, then 431.
    public static let maxHead = 8192

    public struct Request: Equatable, Sendable {
        public var method: String
        /// As sent: `/`, `/events?centers=1`, or anything a client wrote.
        public var target: String
        public var headers: [(name: String, value: String)]

        public static func == (a: Request, b: Request) -> Bool {
            a.method == b.method && a.target == b.target && a.headers.map { $0.name + ":" + $0.value } == b.headers.map { $0.name + ":" + $0.value }
        }

        /// The first header named `name` (any case).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value
        }
    }

    public enum Parse: Equatable, Sendable {
        /// The head has not ended yet (and is within the cap).
        case incomplete
        /// 400 (malformed) or 431 (too large), with why.
        case bad(status: Int, String)
        /// The head, and how many bytes it took.
        case request(Request, length: Int)
    }

    /// Parses a request head from the start of `bytes`.
    public static func parse(_ bytes: [UInt8]) -> Parse {
        guard let end = headEnd(bytes) else {
            return bytes.count > maxHead ? .bad(status: 431, "the request head is larger than \(maxHead) bytes") : .incomplete
        }
        if end > maxHead { return .bad(status: 431, "the request head is larger than \(maxHead) bytes") }
        // Bytes only from printable ASCII, tab, CR and LF: no NUL, no other control characters, no UTF-8.
        for b in bytes[0..<end] where b != 9 && b != 10 && b != 13 && (b < 32 || b > 126) {
            return .bad(status: 400, "a control or non-ASCII byte in the request head")
        }
        let text = String(decoding: bytes[0..<end], as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { return .bad(status: 400, "no request line") }
        let parts = first.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isUppercase }), !parts[1].isEmpty,
              parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .bad(status: 400, "the request line is not `METHOD TARGET HTTP/1.1`")
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                return .bad(status: 400, "a header line without a name and a colon")
            }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces()))
        }
        return .request(Request(method: String(parts[0]), target: String(parts[1]), headers: headers), length: end)
    }

    /// The offset just past `\r\n\r\n`, or nil.
    static func headEnd(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i + 4 }
        return nil
    }

    /// What the server serves: nothing else, whatever the request names.
    public enum Route: Equatable, Sendable {
        case page, css, script, favicon(error: Bool), events([String: String]), shape([String: String])
    }

    public enum Decision: Equatable, Sendable {
        case serve(Route, head: Bool)
        case refuse(status: Int, String)
    }

    /// `Host` must name this server as the browser does for a page it opened from the URL
    /// printed: `127.0.0.1:PORT` or `localhost:PORT` (a DNS-rebinding page sends its own name).
    public static func hostIsOurs(_ host: String?, port: Int) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// The route for a parsed request: 400 for two `Host` headers, 403 for a foreign `Host`, 405 for a method other than
    /// GET or HEAD, 404 for any target that is not exactly one of the routes (a path with
    /// `..`, `%2e`, an absolute URL, a file name): no target is ever read from the disk.
    public static func decide(_ r: Request, port: Int) -> Decision {
        // More than one Host is a bad request (RFC 9112 §3.2): the first was ours, a later one
        // not, and the page answered.
        guard r.headers.filter({ $0.name.lowercased() == "host" }).count <= 1 else {
            return .refuse(status: 400, "more than one Host header")
        }
        guard hostIsOurs(r.header("host"), port: port) else {
            return .refuse(status: 403, "the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
        }
        guard r.method == "GET" || r.method == "HEAD" else { return .refuse(status: 405, "only GET and HEAD") }
        let target = Substring(r.target)
        let q = target.firstIndex(of: "?")
        let path = q.map { target[..<$0] } ?? target
        let query = q.map { parseQuery(target[target.index(after: $0)...]) } ?? [:]
        let route: Route
        switch path {
        case "/": route = .page
        case "/page.css": route = .css
        case "/page.js": route = .script
        case "/favicon.svg": route = .favicon(error: false)
        case "/favicon-error.svg": route = .favicon(error: true)
        case "/events": route = .events(query)
        case "/shape": route = .shape(query)
        default: return .refuse(status: 404, "not found")
        }
        return .serve(route, head: r.method == "HEAD")
    }

    /// `a=1&b=x%20y` → ["a": "1", "b": "x y"]; a malformed escape leaves the value as sent.
    public static func parseQuery(_ q: Substring) -> [String: String] {
        var out: [String: String] = [:]
        for pair in q.split(separator: "&") where out.count < 16 {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[percentDecoded(kv[0])] = kv.count > 1 ? percentDecoded(kv[1]) : ""
        }
        return out
    }

    static func percentDecoded(_ s: Substring) -> String {
        var bytes: [UInt8] = []
        var u = Array(s.utf8)[...]
        while let b = u.popFirst() {
            if b == UInt8(ascii: "%"), u.count >= 2, let v = UInt8(String(decoding: u.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v); u = u.dropFirst(2)
            } else if b == UInt8(ascii: "+") {
                bytes.append(32)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A whole response with a body; `Connection: close` (one request per connection).
    public static func response(_ status: Int, type: String, body: [UInt8], head: Bool = false,
                                extra: String = "") -> [UInt8] {
        var h = "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        h += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        h += "Content-Security-Policy: default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:\r\n"
        h += extra + "\r\n"
        return Array(h.utf8) + (head ? [] : body)
    }

    public static func text(_ status: Int, _ message: String) -> [UInt8] {
        response(status, type: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static func reason(_ s: Int) -> String {
        switch s {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

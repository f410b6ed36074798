import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `scene watch` run as a process on a free port, and plain sockets to speak to it.
final class WatchProcess {
    let process = Process()
    let port: Int
    let dir: URL
    let file: URL

    /// Starts `scene watch` on a copy of `source` in a scratch folder.
    init(source: String, name: String = "live.scene", arguments: [String] = []) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        file = dir.appendingPathComponent(name)
        try Data(source.utf8).write(to: file)
        process.executableURL = CLI.binary
        process.arguments = ["watch", file.path, "--port", "0"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line: `scene watch: http://127.0.0.1:PORT/ (…)`.
        var line = Data()
        let reader = out.fileHandleForReading
        while !line.contains(10) {
            let d = reader.availableData
            if d.isEmpty { break }
            line += d
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let m = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), let p = Int(m.1) else {
            kill(process.processIdentifier, SIGKILL)
            throw WatchTestError(description: "no URL in `\(text)`")
        }
        port = p
    }

    deinit {
        // SIGKILL: the test's own signal mask (inherited) may hold back a SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: dir)
    }

    var running: Bool { process.isRunning }

    /// A connected socket to the server (or to `port` on 127.0.0.1).
    static func connect(port: Int, timeout: Int = 5) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port)).bigEndian
        a.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        if r != 0 { close(fd); return nil }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            off += n
        }
    }

    /// Reads until the server closes (or the timeout).
    static func readAll(_ fd: Int32) -> String {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads until `text` has come (or the timeout); what came.
    static func read(_ fd: Int32, until done: (String) -> Bool) -> String {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !done(String(decoding: out, as: UTF8.self)) {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One raw request; the whole answer.
    func raw(_ bytes: [UInt8]) -> String {
        guard let fd = Self.connect(port: port) else { return "" }
        defer { close(fd) }
        Self.send(fd, bytes)
        return Self.readAll(fd)
    }

    func get(_ target: String, host: String? = nil) -> String {
        raw(Array("GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n".utf8))
    }

    /// The status code of an answer.
    static func status(_ answer: String) -> Int? {
        guard answer.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(answer.dropFirst(9).prefix(3))
    }
}

struct WatchTestError: Error, CustomStringConvertible { var description: String }

// `scene lsp`: the language server (SceneLSP) on standard input and output.
//
// The server runs in a child process (`scene lsp --worker`); this process
// passes messages both ways and keeps a SessionLog, so that if the child ever
// dies on a request, that request (and any other unanswered one) gets an
// error, a new child is started with the session replayed (initialize and
// every open document), and the editor's session goes on.
import Foundation
import SceneLSP

/// The `docs/` folder for diagnostics' links: `$SCENE_DOCS`, else the
/// installed `PREFIX/share/doc/scene`, else a `docs/` beside a checkout the
/// binary was built in.
func docsDirectory() -> String? {
    let fm = FileManager.default
    if let d = ProcessInfo.processInfo.environment["SCENE_DOCS"], fm.fileExists(atPath: d + "/diagnostics.md") { return d }
    var dir = selfExecutable().deletingLastPathComponent()
    let installed = dir.deletingLastPathComponent().appendingPathComponent("share/doc/scene")
    if fm.fileExists(atPath: installed.path + "/diagnostics.md") { return installed.path }
    for _ in 0..<5 {
        let docs = dir.appendingPathComponent("docs")
        if fm.fileExists(atPath: docs.path + "/diagnostics.md") { return docs.path }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

func selfExecutable() -> URL {
    URL(fileURLWithPath: ownExecutablePath() ?? CommandLine.arguments[0])
}

/// This executable's path, as /proc/self/exe names it (nil without /proc): the path,
/// not the link, which under valgrind is valgrind's own tool and cannot be run
/// directly (HugePages' restart, the hand-off to `scene-swift`, the language server's restart).
func ownExecutablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// At most this many restarts after crashes in one session.
let maxRestarts = 5

func lsp(_ args: [String]) -> Int32 {
    var options = ServerOptions(docsDirectory: docsDirectory())
    var worker = false
    var passed: [String] = []
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--stdio": break  // what generic LSP clients pass; stdio is the only transport
        case "--worker": worker = true
        case "--docs-url":
            i += 1
            guard i < args.count else { usageError("`--docs-url` needs a URL") }
            options.docsBaseURL = args[i].hasSuffix("/") ? args[i] : args[i] + "/"
            passed += ["--docs-url", args[i]]
        default: usageError("unknown option `\(args[i])` for `scene lsp`")
        }
        i += 1
    }
    if worker {
        options.swiftReader = SwiftHelper()
        return LSPMain.run(options: options, read: { readChunk(0) }, write: { writeAll(1, $0) })
    }
    return supervise(passed)
}

func readChunk(_ fd: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n > 0 { return Array(buffer[0..<n]) }
        if n < 0, errno == EINTR { continue }
        return nil
    }
}

@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return false }
        sent += n
    }
    return true
}

/// One server child process and its pipes.
struct Worker {
    let process = Process()
    let input = Pipe(), output = Pipe()
    var inFD: Int32 { input.fileHandleForWriting.fileDescriptor }
    var outFD: Int32 { output.fileHandleForReading.fileDescriptor }

    init(_ args: [String]) throws {
        process.executableURL = selfExecutable()
        process.arguments = ["lsp", "--worker"] + args
        // A crash report is written by the supervisor's error reply; no slow backtrace.
        var env = ProcessInfo.processInfo.environment
        if env["SWIFT_BACKTRACE"] == nil { env["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ m: JSON) -> Bool { writeAll(inFD, MessageReader.frame(m)) }
}

func supervise(_ args: [String]) -> Int32 {
    var log = SessionLog()
    var client = MessageReader(), server = MessageReader()
    var restarts = 0
    var clientOpen = true
    guard var worker = try? Worker(args) else { fail("cannot start the language server process", Exit.software) }
    while true {
        var fds = [pollfd(fd: clientOpen ? 0 : -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: worker.outFD, events: Int16(POLLIN), revents: 0)]
        if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue }; return Exit.software }
        if fds[0].revents != 0 {
            if let chunk = readChunk(0) {
                client.feed(chunk)
                while let item = client.next() {
                    switch item {
                    case .message(let body):
                        if let m = JSON.parse(body) { log.fromClient(m) }
                        _ = writeAll(worker.inFD, Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
                    case .bad(let reason):
                        writeAll(1, MessageReader.frame(Server.badFrameReply(reason)))
                    }
                }
            } else {
                clientOpen = false
                try? worker.input.fileHandleForWriting.close()
            }
        }
        guard fds[1].revents != 0 else { continue }
        if let chunk = readChunk(worker.outFD) {
            server.feed(chunk)
            while let item = server.next() {
                guard case .message(let body) = item else { continue }
                if log.fromServer(body: body) { writeAll(1, MessageReader.frame(body: body)) }
            }
            continue
        }
        // The server's output ended: it exited, or it died.
        worker.process.waitUntilExit()
        if log.ending || !clientOpen || restarts >= maxRestarts { return worker.process.terminationStatus }
        restarts += 1
        for e in log.crashed() { writeAll(1, MessageReader.frame(e)) }
        server = MessageReader()
        guard let next = try? Worker(args) else { return Exit.software }
        worker = next
        for m in log.replay() { _ = worker.send(m) }
    }
}

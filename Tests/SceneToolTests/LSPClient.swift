import Foundation
import Testing
import SceneLSP

/// `scene lsp` started as a process, spoken to over its pipes: what an editor does.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe()
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var reader = MessageReader()
    private var pending: [JSON] = []
    private var nextID = 100
    private var eof = false

    init(environment: [String: String] = [:]) throws {
        process.executableURL = CLI.binary
        process.arguments = ["lsp"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = CLI.root
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] h in
            let data = h.availableData
            guard let self else { return }
            self.lock.lock()
            if data.isEmpty { self.eof = true } else { self.reader.feed(Array(data)) }
            while let item = self.reader.next() { if case .message(let b) = item, let j = JSON.parse(b) { self.pending.append(j) } }
            self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    func sendRaw(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes)) }
    func send(_ message: JSON) { sendRaw(MessageReader.frame(message)) }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": JSON(method), "params": params])
    }

    /// The first message that satisfies `match`, taken out of the queue; nil after 20 s.
    func wait(_ match: (JSON) -> Bool) -> JSON? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            lock.lock()
            if let i = pending.firstIndex(where: match) {
                let m = pending.remove(at: i)
                lock.unlock()
                return m
            }
            let done = eof
            lock.unlock()
            if done { return nil }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    /// Send a request and wait for its response (the whole message).
    func request(_ method: String, _ params: JSON = .null) -> JSON? {
        nextID += 1
        let id = nextID
        send(["jsonrpc": "2.0", "id": JSON(id), "method": JSON(method), "params": params])
        return wait { $0["id"] == JSON(id) }
    }

    func diagnostics(for uri: String) -> [JSON]? {
        wait { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array
    }

    func initialize(_ capabilities: JSON = [:]) -> JSON? {
        let r = request("initialize", ["processId": .null, "rootUri": .null, "capabilities": capabilities])
        notify("initialized", [:])
        return r
    }

    func open(_ uri: String, _ text: String, version: Int = 1, language: String = "scene") {
        notify("textDocument/didOpen", ["textDocument": ["uri": JSON(uri), "languageId": JSON(language), "version": JSON(version), "text": JSON(text)]])
    }

    func change(_ uri: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": JSON(uri), "version": JSON(version)], "contentChanges": [["text": JSON(text)]]])
    }

    /// Shut down and exit; the process's exit status.
    func finish() -> Int32? {
        _ = request("shutdown")
        notify("exit", .null)
        return waitForExit()
    }

    /// The server's worker process (`scene lsp --worker`, the supervisor's one child).
    func workerPID() -> pid_t? {
        let me = process.processIdentifier
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for e in entries {
            guard let pid = pid_t(e), let stat = try? String(contentsOfFile: "/proc/\(e)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == me { return pid }
        }
        return nil
    }

    /// The supervisor's state letter in /proc (`S`: asleep, waiting for input).
    func supervisorState() -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first?.first
    }

    /// Send a request without waiting; its id.
    func start(_ method: String, _ params: JSON = .null) -> Int {
        nextID += 1
        send(["jsonrpc": "2.0", "id": JSON(nextID), "method": JSON(method), "params": params])
        return nextID
    }

    func response(to id: Int) -> JSON? { wait { $0["id"] == JSON(id) } }

    func waitForExit() -> Int32? {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// LSP positions in a text (UTF-16, the protocol's default).
enum LSPText {
    static func position(_ p: JSON?) -> (line: Int, character: Int) {
        (p?["line"]?.int ?? -1, p?["character"]?.int ?? -1)
    }

    /// The UTF-16 offset of an LSP position in `text`.
    static func offset(_ text: String, _ p: JSON?) -> Int {
        let (line, ch) = position(p)
        var lines = text.components(separatedBy: "\n")
        lines = Array(lines.prefix(line))
        return lines.reduce(0) { $0 + $1.utf16.count + 1 } + ch
    }

    /// `text` with LSP text edits applied.
    static func apply(_ edits: [JSON], to text: String) -> String {
        var units = Array(text.utf16)
        let sorted = edits.sorted { offset(text, $0["range"]?["start"]) > offset(text, $1["range"]?["start"]) }
        for e in sorted {
            let lo = offset(text, e["range"]?["start"]), hi = offset(text, e["range"]?["end"])
            units.replaceSubrange(lo..<hi, with: Array((e["newText"]?.string ?? "").utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Line (0-based) and UTF-16 character where `needle` first occurs.
    static func find(_ needle: String, in text: String, after: Int = 0) -> JSON {
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if let r = line.range(of: needle) {
                return ["line": JSON(i), "character": JSON(line[..<r.lowerBound].utf16.count + after)]
            }
        }
        return ["line": -1, "character": -1]
    }
}

// `scene lsp` and `.swift` documents: this executable is static and cannot link
// swift-syntax, so the language server hands each Swift document to one `scene-swift
// serve` process beside it (started at the first, kept for the session) and reads its
// findings back (the protocol is in Sources/scene-swift/Serve.swift).
import Foundation
import SceneLang
import SceneLSP

final class SwiftHelper: SwiftReader, @unchecked Sendable {
    /// An answer taking longer than this ends the helper (it is started again for the next).
    static let timeoutMilliseconds: Int32 = 10_000
    private var process: Process?
    private var input: Pipe?, output: Pipe?
    private var buffer: [UInt8] = []

    var path: String { selfExecutable().deletingLastPathComponent().appendingPathComponent("scene-swift").path }

    func check(name: String, text: [UInt8]) -> Result<[Diagnostic], SwiftReaderError> {
        guard let (inFD, outFD) = started() else {
            return .failure(SwiftReaderError("reading Swift needs `scene-swift` beside `scene` (\(path)): build it with "
                + "`swift build --product scene-swift`, or install both with scripts/install"))
        }
        let name = Array(name.utf8)
        guard writeAll(inFD, Array("\(name.count) \(text.count)\n".utf8) + name + text),
              let header = line(outFD), let n = Int(header), let body = bytes(outFD, n),
              let answer = JSON.parse(body), let list = answer["diagnostics"]?.array else {
            stop()
            return .failure(SwiftReaderError("`scene-swift` stopped reading `\(String(decoding: name, as: UTF8.self))`"
                + " (it is started again on the next change)"))
        }
        return .success(list.compactMap { d in
            guard let code = d["code"]?.string.flatMap(DiagnosticCode.init(rawValue:)), let message = d["message"]?.string,
                  let start = d["start"]?.int, let end = d["end"]?.int, 0 <= start, start <= end, end <= text.count else { return nil }
            return Diagnostic(code, message, at: SourceRange(start, end), help: d["help"]?.string,
                              notes: d["notes"]?.array?.compactMap(\.string) ?? [])
        })
    }

    /// The helper's pipes, starting it when it is not running.
    private func started() -> (Int32, Int32)? {
        if let p = process, p.isRunning, let i = input, let o = output {
            return (i.fileHandleForWriting.fileDescriptor, o.fileHandleForReading.fileDescriptor)
        }
        stop()
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let p = Process(), i = Pipe(), o = Pipe()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["serve"]
        p.standardInput = i
        p.standardOutput = o
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        process = p; input = i; output = o
        return (i.fileHandleForWriting.fileDescriptor, o.fileHandleForReading.fileDescriptor)
    }

    private func stop() {
        if let p = process, p.isRunning { p.terminate(); p.waitUntilExit() }
        try? input?.fileHandleForWriting.close()
        process = nil; input = nil; output = nil
        buffer = []
    }

    /// More bytes from the helper, waiting at most the timeout; false at its end.
    private func fill(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Self.timeoutMilliseconds) > 0, let chunk = readChunk(fd) else { return false }
        buffer += chunk
        return true
    }

    private func line(_ fd: Int32) -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                defer { buffer.removeFirst(nl + 1) }
                return String(decoding: buffer[..<nl], as: UTF8.self)
            }
            guard fill(fd) else { return nil }
        }
    }

    private func bytes(_ fd: Int32, _ n: Int) -> [UInt8]? {
        guard n >= 0 else { return nil }
        while buffer.count < n { guard fill(fd) else { return nil } }
        defer { buffer.removeFirst(n) }
        return Array(buffer[..<n])
    }
}

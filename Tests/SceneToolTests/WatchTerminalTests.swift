import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `scene watch` tells the terminal what the page shows: a broken version's errors in full
/// (file:line:col, the underline), and a line when the file compiles again. Before, the
/// terminal printed only the URL, whatever happened to the file (found by a new-user trial).
@Suite(.serialized) struct WatchTerminalTests {
    /// Collects a pipe's bytes on the pipe's own queue.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        init(_ pipe: Pipe) {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] h in
                let d = h.availableData
                guard let self else { return }
                self.lock.lock(); self.bytes += d; self.lock.unlock()
            }
        }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
        /// Waits until the text holds `needle` (or `seconds` pass); the text.
        func wait(for needle: String, seconds: Double = 20) -> String {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end, !text.contains(needle) { usleep(20_000) }
            return text
        }
    }

    @Test func aBrokenVersionsErrorsAndTheFixReachTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-watch-term-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("live.scene")
        // Broken from the start: `size 360x` has no height.
        try Data("card: rect 20 size 360x\n".utf8).write(to: file)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["watch", file.path, "--port", "0"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let stdout = Collector(out), stderr = Collector(err)
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() } }

        let atStart = stderr.wait(for: "the page keeps the last picture")
        #expect(atStart.contains("live.scene:1:"), "no file:line:col on stderr: \(atStart)")
        #expect(atStart.contains("error["), "no error on stderr: \(atStart)")
        #expect(atStart.contains("^"), "no underline on stderr: \(atStart)")
        #expect(atStart.contains("scene watch: version 0: 1 error; the page keeps the last picture that compiled"), "\(atStart)")
        #expect(stdout.wait(for: "http://127.0.0.1:").contains("Ctrl-C stops"), "the URL line stays on stdout")

        try Data("card: rect 20 size 360x200\n".utf8).write(to: file, options: .atomic)
        let fixed = stderr.wait(for: "drawn")
        #expect(fixed.contains(" drawn, 0 warnings\n"), "no line when the file compiles again: \(fixed)")
    }
}

import Foundation
import Testing

/// `scene check` reads its files on every core (large and unsized ones in turn, in order);
/// what it reports stays what reading them one by one in order gave: missing files noted
/// in place, and the first file that exists but cannot be read ends the run before
/// anything else is printed.
struct CheckReadTests {
    @Test func theFirstUnreadableFileInOrderEndsTheRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkread-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Sparse files one byte over the input limit (256 MB): refused by size, not read.
        var big: [String] = []
        for name in ["big1.scene", "big2.scene"] {
            let path = dir.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(256 * 1024 * 1024 + 1)) == 0)
            big.append(path)
        }
        let r = try CLI.run(["check", "examples/map.scene", "nope.scene", big[1], "examples/card.scene", big[0]])
        #expect(r.status == 65)
        #expect(r.err == "scene: \(big[1]): file is larger than 256 MB\n")
        #expect(r.out.isEmpty)
    }

    /// After a file that cannot be read, no later large or unsized file is read: a named
    /// pipe with no writer would block for ever (it is opened without waiting, to learn
    /// what it is). A watchdog opens the pipe for writing after 60 s, so that a `scene`
    /// still waiting on it ends, and this fails.
    @Test func nothingIsReadInTurnAfterAnUnreadableFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkfifo-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.scene").path, pipe = dir.appendingPathComponent("pipe.scene").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(256 * 1024 * 1024 + 1)) == 0)
        #expect(mkfifo(pipe, 0o600) == 0)
        final class Flag: @unchecked Sendable { var opened = false }
        let watchdog = Flag()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            guard done.wait(timeout: .now() + 60) == .timedOut else { return }
            // Succeeds only when a reader has the pipe open (or is waiting in `open`).
            let fd = open(pipe, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { watchdog.opened = true; close(fd) }
        }
        let r = try CLI.run(["check", "examples/map.scene", big, pipe, "examples/card.scene"])
        done.signal()
        #expect(!watchdog.opened, "scene waited on the named pipe after the file it could not read")
        #expect(r.status == 65)
        #expect(r.err == "scene: \(big): file is larger than 256 MB\n")
    }

    /// A named pipe is read as a blocking open reads it: its writer may come later.
    @Test func aNamedPipeWaitsForItsWriter() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkfifo-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = dir.appendingPathComponent("late.scene").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let text = try String(contentsOfFile: "examples/lint/flared-corner.scene", encoding: .utf8)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
            guard let h = FileHandle(forWritingAtPath: pipe) else { return }
            h.write(Data(text.utf8))
            try? h.close()
        }
        let r = try CLI.run(["check", "examples/card.scene", pipe])
        #expect(r.err.contains("\(pipe):"), "the pipe's findings: \(r.err)")
        #expect(r.err.hasSuffix(" in 2 files\n"))
    }

    @Test func missingFilesAreNotedInTheirPlace() throws {
        let r = try CLI.run(["check", "examples/lint/flared-corner.scene", "nope.scene", "examples/card.scene", "gone.scene"])
        #expect(r.status == 66)
        let nope = try #require(r.err.range(of: "scene: nope.scene: no such file\n"))
        let gone = try #require(r.err.range(of: "scene: gone.scene: no such file\n"))
        let flared = try #require(r.err.range(of: "examples/lint/flared-corner.scene:"))
        #expect(flared.lowerBound < nope.lowerBound && nope.upperBound <= gone.lowerBound)
        #expect(r.err.hasSuffix(" in 4 files (2 not found)\n"))
    }

    /// Many files, in the order given, whatever core read each.
    @Test func manyFilesReportInTheOrderGiven() throws {
        let files = (0..<60).map { $0 % 2 == 0 ? "examples/lint/flared-corner.scene" : "Tests/Fixtures/check/map-too-tight.scene" }
        let one = try CLI.run(["check", "--json", "examples/lint/flared-corner.scene", "Tests/Fixtures/check/map-too-tight.scene"])
        let many = try CLI.run(["check", "--json"] + files)
        #expect(one.status == many.status)
        let body = { (s: String) in s.components(separatedBy: "\"diagnostics\": [")[1].components(separatedBy: "], \"errors\"")[0] }
        let pair = body(one.out).trimmingCharacters(in: .whitespacesAndNewlines)
        let all = body(many.out).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!pair.isEmpty)
        #expect(all == Array(repeating: pair, count: 30).joined(separator: ",\n  "))
    }
}

import Foundation
import Testing

/// For the tests of outputs that are not plain files (`-o` a FIFO, a device,
/// /dev/stdout): pipes, links and a shell, in one place.
enum Streams {
    /// A new temporary folder, named from `prefix`.
    static func folder(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A FIFO made at `path`, and an end of it opened here read-write and
    /// non-blocking: neither end waits for the other, and what was written is read
    /// afterwards (`read`), so a writer that regresses fails the test, not hangs it.
    static func fifo(_ path: String) throws -> Int32 {
        try #require(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDWR | O_NONBLOCK)
        try #require(reader >= 0)
        return reader
    }

    /// What the pipe at `fd` holds now (up to `limit` bytes), as text.
    static func read(_ fd: Int32, limit: Int = 1 << 16) -> String {
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = Glibc.read(fd, &buffer, buffer.count)
        return String(decoding: buffer[..<max(n, 0)], as: UTF8.self)
    }

    /// Whether `path` is (still) a FIFO, not a file renamed over it.
    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// Links in `dir` made as /dev/stdout and /dev/stderr are (to /proc/self/fd/1 and 2),
    /// named by `-o` in these tests in place of the system's own: a writer that
    /// renamed a file over the link it was given (as scene-swift's did) replaces one
    /// of these, not the machine's /dev/stdout.
    static func links(in dir: URL) throws -> (out: String, err: String) {
        let out = dir.appendingPathComponent("stdout").path, err = dir.appendingPathComponent("stderr").path
        try #require(symlink("/proc/self/fd/1", out) == 0 && symlink("/proc/self/fd/2", err) == 0)
        return (out, err)
    }

    /// `/bin/sh -c script`'s exit status.
    static func shell(_ script: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}

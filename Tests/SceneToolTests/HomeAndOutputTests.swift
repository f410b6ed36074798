import Foundation
import Testing
import SceneREPL

/// The executables find the home directory and write output files with plain system
/// calls, never through NSS (which a static glibc executable loads from the host at
/// run time; scripts/release-smoke runs the release build where that crashed).
struct HomeAndOutputTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-home-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    @Test func theHomeDirectoryIsReadFromThePasswordFile() throws {
        let passwd = dir.appendingPathComponent("passwd").path
        try """
        root:x:0:0:root:/root:/bin/bash
        # a comment, and a short line
        broken:x:7
        nohome:x:1001:1001:No Home::/bin/sh
        ann:x:1000:1000:Ann,,,:/home/ann:/bin/zsh
        other:x:10000:10000::/home/other:/bin/sh
        """.write(toFile: passwd, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Console.passwdHome(uid: 1000, passwd: passwd) == "/home/ann")
        #expect(Console.passwdHome(uid: 0, passwd: passwd) == "/root")
        #expect(Console.passwdHome(uid: 1001, passwd: passwd) == nil)  // an empty home field
        #expect(Console.passwdHome(uid: 100, passwd: passwd) == nil)   // not 10000's prefix
        #expect(Console.passwdHome(uid: 7, passwd: passwd) == nil)
        #expect(Console.passwdHome(uid: 1000, passwd: dir.appendingPathComponent("none").path) == nil)
    }

    /// Through a chain of relative links to the file at its end, which keeps its mode;
    /// the links stay links. A dangling link's target is created.
    @Test func outputFilesFollowLinkChainsAndKeepTheMode() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let real = dir.appendingPathComponent("sub/real.svg")
        try "old\n".write(to: real, atomically: true, encoding: .utf8)
        #expect(chmod(real.path, 0o604) == 0)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("two.svg").path, withDestinationPath: "sub/real.svg")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("one.svg").path, withDestinationPath: "two.svg")
        try Console.writeAtomically("new\n", to: dir.appendingPathComponent("one.svg").path)
        #expect(try String(contentsOf: real, encoding: .utf8) == "new\n")
        #expect(try fm.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("one.svg").path) == "two.svg")
        var info = stat()
        #expect(stat(real.path, &info) == 0 && info.st_mode & 0o7777 == 0o604)

        let dangling = dir.appendingPathComponent("dangling.svg")
        try fm.createSymbolicLink(atPath: dangling.path, withDestinationPath: "sub/made.svg")
        try Console.writeAtomically("made\n", to: dangling.path)
        #expect(try String(contentsOf: dir.appendingPathComponent("sub/made.svg"), encoding: .utf8) == "made\n")
        #expect(try fm.destinationOfSymbolicLink(atPath: dangling.path) == "sub/made.svg")
        // Nothing is left beside them: no temporary file.
        #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("sub").path).sorted() == ["made.svg", "real.svg"])
    }

    /// A loop of links is refused as the shell refuses it, and both links stay
    /// links (it was replaced by a plain file, exit 0).
    @Test func anOutputFileThroughALoopOfLinksSaysWhyAndKeepsTheLinks() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let one = dir.appendingPathComponent("loop1.svg").path, two = dir.appendingPathComponent("loop2.svg").path
        try fm.createSymbolicLink(atPath: one, withDestinationPath: "loop2.svg")
        try fm.createSymbolicLink(atPath: two, withDestinationPath: "loop1.svg")
        do {
            try Console.writeAtomically("x", to: one)
            Issue.record("a loop of links was written")
        } catch {
            #expect(error.localizedDescription == String(cString: strerror(ELOOP)))
        }
        #expect(try fm.destinationOfSymbolicLink(atPath: one) == "loop2.svg")
        #expect(try fm.destinationOfSymbolicLink(atPath: two) == "loop1.svg")
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["loop1.svg", "loop2.svg"])
    }

    @Test func anOutputFileInAMissingFolderSaysWhy() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("no/such/out.svg").path
        #expect(throws: (any Error).self) { try Console.writeAtomically("x", to: path) }
        do { try Console.writeAtomically("x", to: path) } catch {
            #expect(error.localizedDescription == "No such file or directory")
        }
    }

    /// A directory, named plainly or with a trailing `/`, is refused as the file is
    /// opened, before any output is made, and says so (the rename at the end said
    /// "Not a directory" for `dir/`); nothing is left in it.
    @Test func anOutputFileThatIsADirectoryIsRefusedAtOnce() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for path in [dir.appendingPathComponent("sub").path, dir.appendingPathComponent("sub").path + "/"] {
            do {
                _ = try OutputFile(path: path)
                Issue.record("\(path): no error")
            } catch {
                #expect(error.localizedDescription == "Is a directory", "\(path)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("sub").path).isEmpty)
    }

    /// What `-o` names is written straight to when it is a device or a pipe, as the
    /// shell's `>` does: a file renamed over it replaced it (`-o /dev/null`, as root,
    /// made /dev/null a plain file for the whole machine; a FIFO became a file).
    @Test func anOutputThatIsAPipeIsWrittenToAndStaysAPipe() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("out.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader, on its own thread: opening a FIFO to write waits for one.
        let got = Reader(path: fifo)
        let out = try OutputFile(path: fifo)
        out.write("<svg/>\n")
        try out.commit()
        #expect(got.wait() == "<svg/>\n")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.fifo"], "no temporary left")
    }

    /// `-o /dev/stdout`: a link to /proc/self/fd/1, whose own link names a pipe as
    /// `pipe:[…]`, no path; the descriptor is opened through the link.
    @Test func anOutputThroughProcSelfFdReachesThePipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let out = try OutputFile(path: "/proc/self/fd/\(ends[1])")
        out.write("through the link")
        try out.commit()
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(ends[0], &buffer, buffer.count)
        #expect(n > 0 && String(decoding: buffer[..<max(n, 0)], as: UTF8.self) == "through the link")
    }

    /// A character device (the null device's numbers, made here: only root may)
    /// is written to and stays a device.
    @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
    func anOutputThatIsADeviceStaysADevice() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null").path
        try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)  // makedev(1, 3), a C macro
        let out = try OutputFile(path: null)
        out.write(String(repeating: "x", count: 3 << 20))  // past where a file's bytes go direct
        try out.commit()
        var info = stat()
        #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a character device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["null"], "no temporary left")
    }
}

/// Reads a FIFO to its end on a thread of its own.
private final class Reader: @unchecked Sendable {
    private var text = ""
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread.detachNewThread { [self] in
            let fd = open(path, O_RDONLY)
            var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                bytes += buffer[..<n]
            }
            if fd >= 0 { close(fd) }
            text = String(decoding: bytes, as: UTF8.self)
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return text
    }
}

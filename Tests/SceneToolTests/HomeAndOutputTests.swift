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
    /// (The FIFO is opened here read-write, so neither end waits for the other, and
    /// read after the commit: a regression fails, it does not hang.)
    @Test func anOutputThatIsAPipeIsWrittenToAndStaysAPipe() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("out.fifo").path
        let reader = try Streams.fifo(fifo)
        defer { close(reader) }
        let out = try OutputFile(path: fifo)
        out.write("<svg/>\n")
        try out.commit()
        #expect(Streams.read(reader) == "<svg/>\n")
        #expect(Streams.isFIFO(fifo), "still a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.fifo"], "no temporary left")
    }

    /// A pipe whose reader has gone ends the output, as standard output's does: the
    /// commit does not fail (`scene run … -o FIFO` read by `head` exits 0).
    @Test func aPipeWhoseReaderLeftEndsTheOutputQuietly() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("gone.fifo").path
        let reader = try Streams.fifo(fifo)
        let out = try OutputFile(path: fifo)
        close(reader)  // the only reader: writing now is EPIPE
        // (SIGPIPE ignored, as `scene` ignores it, and left so: setting it back while
        // another test writes to a closed pipe could end the whole test process.)
        signal(SIGPIPE, SIG_IGN)
        out.write("lost")
        #expect(out.failed != nil)
        #expect(throws: Never.self) { try out.commit() }
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

    /// `-o /dev/stdout` writes where standard output goes, after what the shell put
    /// there (`>>`, a group's `>`): a file renamed over it replaced the shell's file,
    /// losing what it held before and what came after.
    @Test func outputToDevStdoutGoesWhereTheShellPointsIt() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("log.txt").path
        let scene = CLI.binary.path, map = CLI.root.appendingPathComponent("examples/map.scene").path
        let stdout = try Streams.links(in: dir).out
        let script = "echo before > '\(log)'; { '\(scene)' run '\(map)' --text -o '\(stdout)'; echo after; } >> '\(log)'"
        #expect(try Streams.shell(script) == 0)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "before" && lines.last == "after", "\(lines.prefix(3)) … \(lines.suffix(2))")
        #expect(lines.count > 2 && lines[1].hasPrefix("screen "), "\(lines.prefix(3))")
    }

    /// `-o /dev/stderr` likewise goes where standard error goes (`2>>`), and a
    /// stream named by `-o` that cannot be written is reported as a file is
    /// (`-o /dev/stdout > /dev/full`: exit 73, the reason said), not passed over.
    @Test func outputToDevStderrGoesWhereTheShellPointsItAndFailuresAreSaid() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("err.txt").path, said = dir.appendingPathComponent("said.txt").path
        let scene = CLI.binary.path, map = CLI.root.appendingPathComponent("examples/map.scene").path
        let links = try Streams.links(in: dir)
        #expect(try Streams.shell("echo before > '\(log)'; '\(scene)' run '\(map)' --text -o '\(links.err)' 2>> '\(log)'") == 0)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "before" && lines.count > 2 && lines[1].hasPrefix("screen "), "\(lines.prefix(3))")
        let status = try Streams.shell("'\(scene)' run '\(map)' --text -o '\(links.out)' > /dev/full 2> '\(said)'")
        let message = try String(contentsOfFile: said, encoding: .utf8)
        #expect(status == 73 && message.contains("cannot write \(links.out): No space left on device"), "\(status): \(message)")
    }

    /// A socket cannot be opened as a file: refused at once, saying so, and left as it was.
    @Test func anOutputThatIsASocketIsRefusedAndKept() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sock").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        do {
            _ = try OutputFile(path: path)
            Issue.record("no error")
        } catch {
            #expect(error.localizedDescription == "it is a socket, which cannot be opened as a file")
        }
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK, "still a socket")
    }

    /// Whether a device node made in the temporary folder can be opened: only root may
    /// make one, and a `nodev` file system refuses to open it.
    static let devicesWorkInTemp: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("scene-dev-probe-\(getpid())").path
        defer { unlink(probe) }
        guard mknod(probe, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return false }  // makedev(1, 3), a C macro
        let fd = open(probe, O_WRONLY)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }()

    /// A character device (the null device's numbers, made here) is written to and
    /// stays a device.
    @Test(.enabled(if: devicesWorkInTemp, "a device node in the temporary folder needs root and a file system that allows devices"))
    func anOutputThatIsADeviceStaysADevice() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null").path
        try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        let out = try OutputFile(path: null)
        out.write(String(repeating: "x", count: 3 << 20))  // past where a file's bytes go direct
        try out.commit()
        var info = stat()
        #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a character device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["null"], "no temporary left")
    }
}

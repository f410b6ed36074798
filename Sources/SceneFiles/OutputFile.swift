import Foundation  // NSError only: the callers read `localizedDescription`
import CFiles  // scene_fs_type, scene_o_direct (DirectWrites)

private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }

/// Where a command's result goes, streamed in chunks: standard output, or a
/// file written whole or not at all (a temporary file beside it, renamed over
/// it on `commit`, removed on `discard`); or a device or a pipe that is there
/// already (`-o /dev/null`, a FIFO), written straight to, as the shell's `>`
/// writes it: a file renamed over one replaced it (as root, `/dev/null` itself
/// became a plain file); or the file standard output or error is (`-o /dev/stdout`),
/// written as that stream. A socket is refused: it cannot be opened.
///
/// Plain system calls, no `FileManager`: its attributes of a file include the
/// owner's and group's names, looked up through NSS, which a static executable
/// (the release build) loads from the host at run time — for an owner with no
/// entry in /etc/passwd that is `libnss_systemd`, and the static `scene` crashed
/// in it (`scripts/release-smoke` checks).
public final class OutputFile {
    let fd: Int32
    let path: String?
    let temporary: String?
    private var open = true
    public private(set) var failed: Error? = nil
    /// Standard output or error, named by the path it was asked for (`-o /dev/stdout`):
    /// its failures are reported on `commit`, as a file's; it is never closed.
    private var namedStream = false
    /// Past `DirectWrites.after` bytes, a file on ext4 or xfs is written in aligned
    /// blocks straight to the disk, not through the page cache (`DirectWrites`).
    private var direct: DirectWrites? = nil
    /// Bytes handed to the file so far (before `direct` stages any).
    private var written = 0
    /// Whether `DirectWrites` was asked already (once a file: it may say no).
    private var directAsked = false
    /// Blocks of this file written with `O_DIRECT` set (the tests read it).
    public var directBlocks: Int { direct?.directBlocks ?? 0 }

    /// Standard output.
    public init() {
        fd = 1
        path = nil
        temporary = nil
    }

    /// A file: nothing appears at `path` until `commit()`. Written through a
    /// symbolic link to the file it names, keeping that file's permissions.
    public init(path: String) throws {
        // (Before the links are followed: /dev/stdout's end, /proc/self/fd/1, names a
        // pipe as `pipe:[…]`, no path; `stat` and `open` follow it.)
        var info = stat()
        let there = stat(path, &info) == 0
        if there, let standard = Self.standardStream(info) {
            // The file standard output or error is (`-o /dev/stdout`, whatever it is):
            // written as that stream is, where the shell's `>` or `>>` left it, not replaced.
            fd = standard
            self.path = nil
            temporary = nil
            namedStream = true
            return
        }
        if there, info.st_mode & S_IFMT == S_IFSOCK {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(ENXIO),
                          userInfo: [NSLocalizedDescriptionKey: "it is a socket, which cannot be opened as a file"])
        }
        if there, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR,
           let fd = try Self.openStream(path) {
            // A device or a pipe: nothing to keep whole, and nothing to rename over.
            self.fd = fd
            self.path = path
            temporary = nil
            return
        }
        // A loop of links (`a -> b -> a`) is an error, as the shell says: replacing
        // the link with a plain file would lose it quietly.
        guard let target = Self.followingLinks(path) else { throw Self.error(ELOOP) }
        let slash = target.lastIndex(of: "/")
        let dir = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let exists = stat(target, &info) == 0
        // A directory (or a name ending in `/`) is refused now, not after the whole
        // output is made and the rename fails (which said "Not a directory" for `dir/`).
        if name.isEmpty || (exists && info.st_mode & S_IFMT == S_IFDIR) { throw Self.error(EISDIR) }
        let tmp = "\(dir).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let kept: mode_t? = exists ? info.st_mode & 0o7777 : nil
        let fd = posixOpen(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Self.error(errno) }
        // The new file's mode went through the umask; an existing file's is kept as it was.
        if let kept { _ = fchmod(fd, kept) }
        self.fd = fd
        self.path = target
        temporary = tmp
    }

    /// 1 or 2 when standard output or error is the file `info` describes.
    private static func standardStream(_ info: stat) -> Int32? {
        for fd: Int32 in [1, 2] {
            var standard = stat()
            if fstat(fd, &standard) == 0, standard.st_dev == info.st_dev, standard.st_ino == info.st_ino { return fd }
        }
        return nil
    }

    /// `path` opened to write, when it is still no regular file once open (a file
    /// put there since it was looked at is written whole, as any other file); nil
    /// then. A failure to open is thrown.
    private static func openStream(_ path: String) throws -> Int32? {
        let fd = posixOpen(path, O_WRONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw error(errno) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR {
            _ = posixClose(fd)
            return nil
        }
        return fd
    }

    /// The file a chain of symbolic links at `path` ends at (`path` itself when it is
    /// no link; the end need not exist). At most 40 links, as the kernel allows:
    /// nil for a longer chain (a loop).
    static func followingLinks(_ path: String) -> String? {
        var p = path
        var buffer = [CChar](repeating: 0, count: 4097)
        for _ in 0..<40 {
            let n = readlink(p, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                p = target
            } else if let slash = p.lastIndex(of: "/") {
                p = String(p[...slash]) + target
            } else {
                p = target
            }
        }
        return readlink(p, &buffer, buffer.count - 1) > 0 ? nil : p
    }

    static func error(_ code: Int32) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(code),
                userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }

    /// Straight to the file descriptor (no copy into `Data` per chunk); a file's
    /// bytes past the first `DirectWrites.after`, staged into aligned blocks (`DirectWrites`).
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failed == nil, bytes.count > 0 else { return }
        if let direct {
            direct.stage(bytes, failed: &failed)
            return
        }
        let before = written
        written += bytes.count
        guard temporary != nil, !directAsked, written > DirectWrites.after else { writeAll(bytes); return }
        // The first `after` bytes buffered; the rest direct where the file system allows.
        directAsked = true
        let head = DirectWrites.after - before
        writeAll(UnsafeRawBufferPointer(rebasing: bytes[..<head]))
        let rest = UnsafeRawBufferPointer(rebasing: bytes[head...])
        guard failed == nil else { return }
        direct = DirectWrites(fd: fd, at: DirectWrites.after)
        if let direct { direct.stage(rest, failed: &failed) } else { writeAll(rest) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard failed == nil, var p = bytes.baseAddress, bytes.count > 0 else { return }
        var left = bytes.count
        while left > 0 {
            let n = posixWrite(fd, p, left)
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                // A closed pipe (`scene run … | head`) ends the output, not the program.
                failed = Self.error(n < 0 ? errno : EIO)
                return
            }
            p += n
            left -= n
        }
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Move the finished file into place (a no-op for standard output).
    public func commit() throws {
        if namedStream, open {
            open = false
            if let failed, (failed as NSError).code != Int(EPIPE) { throw failed }
            return
        }
        guard path != nil, open else { return }
        guard let temporary else {
            // A device or a pipe: what was written is there; close it. A pipe whose
            // reader has gone (`-o FIFO` read by `head`) ends the output, as standard
            // output's does, not the program.
            open = false
            if let failed, (failed as NSError).code != Int(EPIPE) { _ = posixClose(fd); throw failed }
            if posixClose(fd) != 0 { throw Self.error(errno) }
            return
        }
        if let direct, failed == nil { direct.finish(failed: &failed) }
        if let failed { discard(); throw failed }
        open = false
        if posixClose(fd) != 0 {
            let e = errno
            unlink(temporary)
            throw Self.error(e)
        }
        if rename(temporary, path!) != 0 {
            let e = errno
            unlink(temporary)
            throw Self.error(e)
        }
    }

    deinit {
        if open && path != nil { _ = posixClose(fd) }
    }

    /// Drop a half-written file (a device or a pipe is closed: what went is gone).
    public func discard() {
        guard path != nil else { return }
        if open { _ = posixClose(fd); open = false }
        if let temporary { unlink(temporary) }
    }
}

/// A large output's rest, written in aligned blocks with `O_DIRECT`: from a staging
/// block straight to the disk, not copied into the page cache first. A buffered
/// write copies every byte into a page-cache page the kernel has just allocated
/// and zeroed; on this machine that was most of `scene run --json`'s CPU time on
/// a 100k-node scene (166 MB), and it swung from run to run and grew faster than
/// the bytes (docs/architecture.md, "Large outputs"). `OutputFile` writes a file's
/// first `after` bytes buffered and hands this the rest, on ext2/3/4 and xfs only
/// (`fileSystems`). The rest goes buffered again, block by block, where direct
/// writes do not pay: when the file system refuses one (`EINVAL`), and when the
/// disk is slow (direct blocks averaging under `minimumRate`: a buffered write
/// returns once the bytes are in memory, a direct one waits for the disk). The
/// last partial block is written buffered, `O_DIRECT` cleared first. Every way,
/// the file holds the bytes handed to it, in order.
final class DirectWrites {
    /// Bytes of a file written buffered before the rest goes direct: 2 MiB, so an
    /// example's or a small scene's file is written as before and allocates no
    /// staging block (at 16 MiB a 100k-node scene's output copied 14 MiB more into
    /// the page cache, 1–6 % of its CPU time: docs/architecture.md, "Large outputs").
    static let after = 2 << 20
    static let blockSize = 1 << 20
    /// Of the block's address and of each direct write's offset and length: 4 KiB,
    /// at least the logical block of any disk Linux runs on (`after` is a multiple).
    static let alignment = 4096
    /// `statfs.f_type` of ext2/3/4 and xfs, whose direct writes go to the device.
    static let fileSystems: Set<Int> = [0xEF53, 0x5846_5342]
    /// Bytes a second below which direct writes stop (a disk slower than this
    /// keeps the command waiting longer than the kernel's copy would cost).
    static let minimumRate = 250.0 * 1e6
    let minimumRate: Double
    let fd: Int32
    let block: UnsafeMutableRawPointer
    var count = 0
    /// Bytes still to write buffered, from the staging block, to bring the file's
    /// offset to a multiple of `alignment` (0 from `OutputFile`, which starts it at `after`).
    var head: Int
    /// `O_DIRECT` is set on the descriptor.
    private(set) var on = false
    /// Buffered from here on: refused, slow, or finishing.
    private(set) var buffered = false
    /// Blocks written with `O_DIRECT` set (the file system may still copy them:
    /// ext4 with `data=journal` does), and the seconds they took.
    private(set) var directBlocks = 0
    private var directSeconds = 0.0
    /// The system call that writes (a test passes one that checks each direct
    /// write's alignment, or fails or dawdles as a file system might, and sets
    /// `minimumRate` so that a busy machine's disk cannot change the outcome).
    let write: (Int32, UnsafeRawPointer, Int) -> Int

    /// Nil where direct writes are not used: another file system, no `O_DIRECT`, no memory.
    init?(fd: Int32, at offset: Int, minimumRate: Double = DirectWrites.minimumRate,
          write: @escaping (Int32, UnsafeRawPointer, Int) -> Int = { posixWrite($0, $1, $2) }) {
        guard Self.supported(fd) else { return nil }
        var p: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&p, Self.alignment, Self.blockSize) == 0, let p else { return nil }
        self.fd = fd
        self.write = write
        self.minimumRate = minimumRate
        block = p
        head = (Self.alignment - offset % Self.alignment) % Self.alignment
    }

    deinit { free(block) }

    /// `O_DIRECT` (0 where there is none).
    static var flag: Int32 { scene_o_direct() }

    /// Whether `fd`'s file system is one direct writes are used on.
    static func supported(_ fd: Int32) -> Bool {
        scene_o_direct() != 0 && fileSystems.contains(scene_fs_type(fd))
    }

    func stage(_ bytes: UnsafeRawBufferPointer, failed: inout Error?) {
        guard var from = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0, failed == nil {
            let n = min(left, (head > 0 ? head : Self.blockSize) - count)
            (block + count).copyMemory(from: from, byteCount: n)
            count += n; from += n; left -= n
            if head > 0, count == head {
                // The head: buffered, and the offset is aligned from here on.
                flush(direct: false, failed: &failed)
                head = 0
            } else if count == Self.blockSize {
                flush(direct: !buffered, failed: &failed)
            }
        }
    }

    /// The staged bytes, with `O_DIRECT` set when `direct` (and the file system lets it).
    private func flush(direct: Bool, failed: inout Error?) {
        if direct != on {
            if setDirect(direct) { on = direct } else if direct { buffered = true } else { failed = OutputFile.error(errno); return }
        }
        let started = on ? Self.now() : 0
        var done = 0
        while done < count {
            let n = write(fd, block + done, count - done)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EINVAL && on && done == 0 {
                // Refused: this block and the rest buffered.
                buffered = true
                guard setDirect(false) else { failed = OutputFile.error(errno); return }
                on = false
                continue
            }
            if n <= 0 { failed = OutputFile.error(n < 0 ? errno : EIO); return }
            done += n
        }
        if on {
            directBlocks += 1
            directSeconds += Self.now() - started
            // A slow disk: the rest buffered (judged on the mean, from the second block).
            if directBlocks >= 2, Double(directBlocks * Self.blockSize) / directSeconds < minimumRate { buffered = true }
        }
        count = 0
    }

    /// The rest (less than a block), buffered, and the descriptor left buffered.
    func finish(failed: inout Error?) {
        buffered = true
        flush(direct: false, failed: &failed)
    }

    /// Sets or clears `O_DIRECT`; whether the call did.
    private func setDirect(_ value: Bool) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        return fcntl(fd, F_SETFL, value ? flags | scene_o_direct() : flags & ~scene_o_direct()) == 0
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}

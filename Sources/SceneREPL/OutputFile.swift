import Foundation  // NSError only: the callers read `localizedDescription`
import CReadline  // scene_fs_type, scene_o_direct (DirectWrites)

private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }

/// Where a command's result goes, streamed in chunks: standard output, or a
/// file written whole or not at all (a temporary file beside it, renamed over
/// it on `commit`, removed on `discard`).
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
    /// Past `DirectWrites.after` bytes, a file on a local disk is written in aligned
    /// blocks straight to the disk, not through the page cache (`DirectWrites`).
    private var direct: DirectWrites? = nil
    /// Bytes handed to the file so far (before `direct` stages any).
    private var written = 0
    /// Whether `DirectWrites` was asked already (once a file: it may say no).
    private var directAsked = false
    /// Whole blocks of this file written direct, not through the page cache (the tests read it).
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
        // A loop of links (`a -> b -> a`) is an error, as the shell says: replacing
        // the link with a plain file would lose it quietly.
        guard let target = Self.followingLinks(path) else { throw Self.error(ELOOP) }
        let slash = target.lastIndex(of: "/")
        let dir = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let tmp = "\(dir).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        var info = stat()
        let kept: mode_t? = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
        let fd = posixOpen(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Self.error(errno) }
        // The new file's mode went through the umask; an existing file's is kept as it was.
        if let kept { _ = fchmod(fd, kept) }
        self.fd = fd
        self.path = target
        temporary = tmp
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

    /// Straight to the file descriptor (no copy into `Data` per chunk); past
    /// `DirectWrites.after` bytes of a file, staged into aligned blocks (`DirectWrites`).
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failed == nil, bytes.count > 0 else { return }
        if let direct {
            direct.stage(bytes, fd: fd, failed: &failed)
            return
        }
        written += bytes.count
        if temporary != nil, !directAsked, written >= DirectWrites.after {
            directAsked = true
            direct = DirectWrites(fd: fd, at: written - bytes.count)
        }
        if let direct { direct.stage(bytes, fd: fd, failed: &failed) } else { writeAll(bytes) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard failed == nil, var p = bytes.baseAddress, bytes.count > 0 else { return }
        var left = bytes.count
        while left > 0 {
            let n = posixWrite(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`scene run … | head`) ends the output, not the program.
                failed = Self.error(errno)
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
        guard let path, let temporary else { return }
        if let direct, failed == nil { direct.finish(fd: fd, failed: &failed) }
        if let failed { discard(); throw failed }
        open = false
        if posixClose(fd) != 0 {
            let e = errno
            unlink(temporary)
            throw Self.error(e)
        }
        if rename(temporary, path) != 0 {
            let e = errno
            unlink(temporary)
            throw Self.error(e)
        }
    }

    deinit {
        if open && temporary != nil { _ = posixClose(fd) }
    }

    /// Drop a half-written file.
    public func discard() {
        guard let temporary else { return }
        if open { _ = posixClose(fd); open = false }
        unlink(temporary)
    }
}

/// A large output's rest, written in aligned blocks with `O_DIRECT`: from a staging
/// block straight to the disk, not copied into the page cache first. A buffered
/// write copies every byte into a page-cache page the kernel has just allocated
/// and zeroed; on this machine that was half or more of `scene run --json`'s
/// CPU time on a 100k-node scene (166 MB), and it swung from run to run and grew
/// faster than the bytes (docs/architecture.md, "Large outputs"). Only on a local
/// disk's file system (ext2/3/4, xfs: `localFileSystems`), and only past `after`
/// bytes: a smaller output is written as before. A write the file system refuses
/// (`EINVAL`) is made again buffered, and so is the rest. The last partial block
/// is written buffered (`O_DIRECT` cleared first), so the file is the same bytes
/// either way.
public final class DirectWrites {
    /// Bytes of a file written buffered before the rest goes direct.
    public static let after = 16 << 20
    public static let blockSize = 1 << 20
    /// Of the block's address and of each write's offset and length (a page: at
    /// least any disk's logical block).
    static let alignment = 4096
    /// `statfs.f_type` of ext2/3/4 and xfs.
    static let localFileSystems: Set<Int> = [0xEF53, 0x5846_5342]
    let block: UnsafeMutableRawPointer
    var count = 0
    /// Bytes still to write buffered, from the staging block, to bring the file's
    /// offset to a multiple of `alignment` (a direct write's offset must be one).
    var head: Int
    /// `O_DIRECT` is set on the descriptor.
    private(set) var on = false
    /// The file system refused a direct write, or the file is being finished: buffered from now on.
    private(set) var buffered = false
    /// Whole blocks written direct (the tests read it).
    private(set) var directBlocks = 0

    /// Nil where direct writes are not used: another file system, no `O_DIRECT`, no memory.
    init?(fd: Int32, at offset: Int) {
        guard scene_o_direct() != 0, Self.localFileSystems.contains(scene_fs_type(fd)) else { return nil }
        var p: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&p, Self.alignment, Self.blockSize) == 0, let p else { return nil }
        block = p
        head = (Self.alignment - offset % Self.alignment) % Self.alignment
    }

    deinit { free(block) }

    func stage(_ bytes: UnsafeRawBufferPointer, fd: Int32, failed: inout Error?) {
        guard var from = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0, failed == nil {
            let n = min(left, (head > 0 ? head : Self.blockSize) - count)
            (block + count).copyMemory(from: from, byteCount: n)
            count += n; from += n; left -= n
            if head > 0, count == head {
                // The head: buffered, and the offset is aligned from here on.
                let wasBuffered = buffered
                buffered = true
                flush(fd: fd, failed: &failed)
                buffered = wasBuffered
                head = 0
            } else if count == Self.blockSize {
                flush(fd: fd, failed: &failed)
            }
        }
    }

    /// The staged bytes: a whole block direct (buffered once refused or finishing).
    private func flush(fd: Int32, failed: inout Error?) {
        if !on && !buffered {
            on = setDirect(fd, true)
            if !on { buffered = true }
        }
        var done = 0
        while done < count {
            let n = write(fd, block + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EINVAL && on && done == 0 {
                    // Refused: this block and the rest buffered.
                    on = !setDirect(fd, false)
                    buffered = true
                    if on { break }
                    continue
                }
                break
            }
            done += n
        }
        if done < count { failed = OutputFile.error(errno == 0 ? EIO : errno); return }
        if on { directBlocks += 1 }
        count = 0
    }

    /// The rest (less than a block), buffered, and the descriptor left buffered.
    func finish(fd: Int32, failed: inout Error?) {
        if on { on = !setDirect(fd, false) }
        buffered = true
        if on { failed = OutputFile.error(errno); return }
        if count > 0 { flush(fd: fd, failed: &failed) }
    }

    /// Sets or clears `O_DIRECT`; whether the call did.
    private func setDirect(_ fd: Int32, _ value: Bool) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        return fcntl(fd, F_SETFL, value ? flags | scene_o_direct() : flags & ~scene_o_direct()) == 0
    }
}

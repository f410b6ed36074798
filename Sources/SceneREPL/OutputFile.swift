import Foundation  // NSError only: the callers read `localizedDescription`

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

    /// Straight to the file descriptor (no copy into `Data` per chunk).
    public func write(_ bytes: UnsafeRawBufferPointer) {
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

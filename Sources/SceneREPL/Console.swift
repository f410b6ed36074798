#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Terminal and file I/O for the executables (the engines never print).
///
/// Plain system calls, no Foundation: a small scene's whole run is a few milliseconds,
/// and `FileManager`/`FileHandle`/`Data` cost a good part of that on first use
/// (metadata, owner and group look-ups in /etc/passwd); a big file is read once,
/// straight into the array the lexer reads (no second copy through `Data`).
public enum Console {
    public static func out(_ s: String) { write(s, to: 1) }
    public static func err(_ s: String) { write(s, to: 2) }

    static func write(_ s: String, to fd: Int32) {
        guard !s.isEmpty else { return }
        var s = s
        s.withUTF8 { text in
            guard var p = text.baseAddress else { return }
            var left = text.count
            while left > 0 {
                let n = systemWrite(fd, p, left)
                if n < 0 && errno == EINTR { continue }
                // A closed pipe (`scene run … | head`) is not an error worth a crash.
                if n <= 0 { return }
                p += n
                left -= n
            }
        }
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Colour on a terminal unless the environment turns it off.
    public static func wantsColor(_ fd: Int32) -> Bool {
        guard isTerminal(fd) else { return false }
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return colorAllowed(environment)
    }

    /// Whether the environment allows colour: not with a non-empty `NO_COLOR`
    /// (no-color.org: present but empty does not count) nor `TERM=dumb`.
    public static func colorAllowed(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    public enum ReadError: Error, Equatable {
        case notFound(String), unreadable(String), tooLarge(String)
    }

    /// Largest input accepted (a scene this size would be ~500k nodes).
    public static let maxInputBytes = 256 * 1024 * 1024

    /// What `peek` found: a small regular file read (or why it could not be), or an input
    /// to read later with `read` — larger, a pipe, a device — and a descriptor to close
    /// then, held open so that a named pipe's writer stays connected meanwhile.
    public enum Peek {
        case read(Result<[UInt8], ReadError>)
        case later(held: Int32?)
    }

    /// Opens `path` without waiting (a named pipe with no writer does not block it) and
    /// reads it when it is a regular file of at most `limit` bytes: one open, as `read`.
    public static func peek(_ path: String, limit: Int) -> Peek {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == EMFILE || errno == ENFILE { return .later(held: nil) }
            var info = stat()
            return .read(.failure(stat(path, &info) == 0 ? .unreadable(path) : .notFound(path)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { close(fd); return .read(.failure(.unreadable(path))) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { close(fd); return .read(.failure(.unreadable("\(path) is a directory"))) }
        guard kind == S_IFREG else { return .later(held: fd) }
        defer { close(fd) }
        guard Int(info.st_size) <= limit else { return .later(held: nil) }
        return .read(whole(readToEnd(fd, sizeHint: Int(info.st_size)), path))
    }

    /// The rest of an input `peek` left for later, read from the descriptor it held
    /// (closed here). A named pipe is read as a blocking open would: once a writer has
    /// come (poll does not report a hang-up before the first writer), to the end.
    public static func readHeld(_ fd: Int32, _ path: String) -> Result<[UInt8], ReadError> {
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            var wait = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&wait, 1, -1) < 0 && errno == EINTR {}
        }
        return whole(readToEnd(fd, sizeHint: 0), path)
    }

    /// Read a file's bytes, or standard input for `-`.
    public static func read(_ path: String) -> Result<[UInt8], ReadError> {
        if path == "-" {
            return whole(readToEnd(0, sizeHint: 0), path)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            // As before: a path that does not exist (or cannot be looked at) is not
            // found; one that exists but cannot be opened is unreadable.
            var info = stat()
            return .failure(stat(path, &info) == 0 ? .unreadable(path) : .notFound(path))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(path)) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(.unreadable("\(path) is a directory")) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        if regular && Int(info.st_size) > maxInputBytes { return .failure(.tooLarge(path)) }
        return whole(readToEnd(fd, sizeHint: regular ? Int(info.st_size) : 0), path)
    }

    /// What was read of `path`, as `read` says it.
    static func whole(_ w: Whole, _ path: String) -> Result<[UInt8], ReadError> {
        switch w {
        case .bytes(let b): return .success(b)
        case .failed: return .failure(.unreadable(path))
        case .tooLarge: return .failure(.tooLarge(path))
        }
    }

    /// What `readToEnd` read.
    enum Whole {
        case bytes([UInt8])
        /// A read failed.
        case failed
        /// More than `maxInputBytes` (the caller reports that): the rest is not read.
        case tooLarge
    }

    /// Everything `fd` gives until its end. A regular file's size (`sizeHint`) is read
    /// in one piece into an array of exactly that size; a pipe, a terminal or a file
    /// that grew is read in chunks of 1 MiB, put together once at the end (an array
    /// appended to doubled as it grew and left each smaller copy behind: a 17.5 MB
    /// scene on standard input peaked 17 MB above one of 14 MB, `scripts/limits`).
    /// Stops once past `maxInputBytes`, so an endless input is not kept.
    static func readToEnd(_ fd: Int32, sizeHint: Int) -> Whole {
        var failed = false
        // One byte more than the size: a file that grew while read shows as a full buffer.
        let first = sizeHint > 0 ? sizeHint + 1 : 1 << 16
        let head = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
            count = readFully(fd, into: UnsafeMutableRawBufferPointer(buffer), failed: &failed)
        }
        if failed { return .failed }
        if head.count < first { return head.count > maxInputBytes ? .tooLarge : .bytes(head) }
        var chunks = [head], total = head.count
        while total <= maxInputBytes {
            let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 20) { buffer, count in
                count = readFully(fd, into: UnsafeMutableRawBufferPointer(buffer), failed: &failed)
            }
            if failed { return .failed }
            total += chunk.count
            chunks.append(chunk)
            if chunk.count < 1 << 20 { break }
        }
        if total > maxInputBytes { return .tooLarge }
        return .bytes([UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            var at = 0
            for c in chunks {
                c.withUnsafeBufferPointer { UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: $0.baseAddress!, byteCount: c.count) }
                at += c.count
            }
            count = total
        })
    }

    /// Fill `buffer` from `fd`; fewer bytes only at the end of the input.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, failed: inout Bool) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let n = systemRead(fd, base + count, buffer.count - count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { failed = true; return count }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// Users and groups are looked up in /etc/passwd and /etc/group only, whatever
    /// /etc/nsswitch.conf says (glibc's `__nss_configure_lookup`). A static glibc
    /// executable (the release build) would load the host's NSS modules for the other
    /// sources at run time — `systemd` for an id with no entry in the files — and the
    /// static `scene` and `scene-repl` crashed in them (SIGSEGV): Foundation asks for
    /// a file's owner and group names (`attributesOfItem`, the REPL's autosave list),
    /// readline expands `~name`. glibc reads the files itself, loading nothing.
    /// Nothing here needs a user's name: a look-up that finds nothing degrades (no
    /// owner name). The REPL calls it first; it reads nsswitch.conf (0.2–0.4 ms), so
    /// commands that look no user up (`scene run`, `check`, …) do not.
    public static func lookUpUsersInFilesOnly() {
        #if canImport(Glibc)
        _ = nssConfigureLookup("passwd", "files")
        _ = nssConfigureLookup("group", "files")
        #endif
    }

    /// Sets `$HOME` from /etc/passwd, read as a plain file, when it is unset or empty
    /// (`/` when the user has no entry there). The REPL calls it first: otherwise its
    /// history and autosave paths (Foundation's home directory) and readline's
    /// `~/.inputrc` look the user up through NSS, which a static executable (the
    /// release build) loads from the host at run time — for a user with no entry that
    /// is `libnss_systemd`, and the static `scene-repl` crashed in it.
    public static func ensureHome(passwd: String = "/etc/passwd") {
        if let home = getenv("HOME"), home.pointee != 0 { return }
        setenv("HOME", passwdHome(uid: getuid(), passwd: passwd) ?? "/", 1)
    }

    /// The home directory of `uid` in a password file (`name:pw:uid:gid:gecos:home:shell`
    /// lines); nil when it has no entry with a home.
    public static func passwdHome(uid: UInt32, passwd: String = "/etc/passwd") -> String? {
        guard case .success(let bytes) = read(passwd) else { return nil }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let f = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard f.count >= 7, UInt32(String(decoding: f[2], as: UTF8.self)) == uid, !f[5].isEmpty else { continue }
            return String(decoding: f[5], as: UTF8.self)
        }
        return nil
    }

    /// Write a file whole or not at all (through `OutputFile`: a temporary file
    /// renamed into place, through symlinks, keeping the file's permissions).
    public static func writeAtomically(_ text: String, to path: String) throws {
        let out = try OutputFile(path: path)
        out.write(text)
        try out.commit()
    }
}

#if canImport(Glibc)
/// glibc's `__nss_configure_lookup` (<nss.h>, which the Glibc module does not import).
@_silgen_name("__nss_configure_lookup")
private func nssConfigureLookup(_ database: UnsafePointer<CChar>, _ services: UnsafePointer<CChar>) -> Int32
#endif

private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }

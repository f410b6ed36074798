import Foundation

private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }

/// Where a command's result goes, streamed in chunks: standard output, or a
/// file written whole or not at all (a temporary file beside it, renamed over
/// it on `commit`, removed on `discard`).
public final class OutputFile {
    let handle: FileHandle
    let path: String?
    let temporary: String?
    public private(set) var failed: Error? = nil

    /// Standard output.
    public init() {
        handle = FileHandle.standardOutput
        path = nil
        temporary = nil
    }

    /// A file: nothing appears at `path` until `commit()`.
    public init(path: String) throws {
        // Write through a symbolic link to the file it names, and keep that
        // file's permissions.
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let path = url.path
        let tmp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        guard FileManager.default.createFile(atPath: tmp, contents: nil),
              let h = FileHandle(forWritingAtPath: tmp) else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno),
                          userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        handle = h
        self.path = path
        temporary = tmp
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] {
            try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: tmp)
        }
    }

    /// Straight to the file descriptor (no copy into `Data` per chunk).
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failed == nil, var p = bytes.baseAddress, bytes.count > 0 else { return }
        var left = bytes.count
        while left > 0 {
            let n = posixWrite(handle.fileDescriptor, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                // A closed pipe (`scene run … | head`) ends the output, not the program.
                let e = errno
                failed = NSError(domain: NSPOSIXErrorDomain, code: Int(e),
                                 userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(e))])
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
        try handle.close()
        if rename(temporary, path) != 0 {
            let e = errno
            discard()
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(e), userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(e))])
        }
    }

    /// Drop a half-written file.
    public func discard() {
        guard let temporary else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}

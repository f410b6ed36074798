import Foundation

/// Terminal and file I/O for the executables (the engines never print).
public enum Console {
    public static func out(_ s: String) { write(s, to: FileHandle.standardOutput) }
    public static func err(_ s: String) { write(s, to: FileHandle.standardError) }

    static func write(_ s: String, to h: FileHandle) {
        guard !s.isEmpty else { return }
        do { try h.write(contentsOf: Data(s.utf8)) } catch {
            // A closed pipe (`scene run … | head`) is not an error worth a crash.
        }
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Colour on a terminal unless the environment turns it off.
    public static func wantsColor(_ fd: Int32) -> Bool {
        isTerminal(fd) && colorAllowed(ProcessInfo.processInfo.environment)
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

    /// Read a file's bytes, or standard input for `-`.
    public static func read(_ path: String) -> Result<[UInt8], ReadError> {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            if data.count > maxInputBytes { return .failure(.tooLarge(path)) }
            return .success([UInt8](data))
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return .failure(.notFound(path)) }
        if isDir.boolValue { return .failure(.unreadable("\(path) is a directory")) }
        if let attrs = try? FileManager.default.attributesOfItem(atPath: path),
           let size = attrs[.size] as? Int, size > maxInputBytes {
            return .failure(.tooLarge(path))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path)) }
        return .success([UInt8](data))
    }

    /// Write a file whole or not at all (through `OutputFile`: a temporary file
    /// renamed into place, through symlinks, keeping the file's permissions).
    public static func writeAtomically(_ text: String, to path: String) throws {
        let out = try OutputFile(path: path)
        out.write(text)
        try out.commit()
    }
}

// `scene-swift`: `scene check|run|import` for SwiftUI source. `scene` hands these
// commands to it when a `.swift` file is given (or a folder holds one); it links the
// toolchain's swift-syntax, so it is a separate, dynamically linked executable.
import Foundation
import SceneLang
import SceneEval
import SceneSwift

let renderer = DiagnosticRenderer(color: isatty(2) != 0 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
                                  && ProcessInfo.processInfo.environment["TERM"] != "dumb")

func err(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
func out(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }

func usageError(_ message: String) -> Never {
    err("scene: \(message)\n\nusage: scene check [--json] [--strict] [--fix] [--explain] FILE|DIR...\n"
        + "       scene run FILE.swift|DIR... [--view Name] [--text | --json | --svg [--centers] [--labels] | --swiftui] [-o OUT]\n"
        + "       scene import FILE.swift... [--view Name] [-o OUT.scene]\n")
    exit(64)
}

func fail(_ message: String, _ code: Int32) -> Never {
    err("scene: \(message)\n")
    exit(code)
}

/// The bytes of `path`; a missing or unreadable file ends the run (66).
func read(_ path: String) -> SourceFile {
    guard let data = FileManager.default.contents(atPath: path) else {
        fail(FileManager.default.fileExists(atPath: path) ? "\(path): cannot read" : "\(path): no such file", 66)
    }
    guard data.count <= 256 * 1024 * 1024 else { fail("\(path): file is larger than 256 MB", 65) }
    return SourceFile(name: path, bytes: [UInt8](data))
}

/// Write `text` to `path` whole or not at all (a temporary file renamed into place);
/// a device or a pipe that is there already (`-o /dev/null`, a FIFO) is written
/// straight to, and the file standard output is (`-o /dev/stdout`) as standard
/// output, as `scene`'s own outputs are (SceneREPL's OutputFile): a file renamed
/// over one replaced it (as root, /dev/null itself; the shell's file, for /dev/stdout).
func writeWhole(_ text: String, to path: String) {
    var info = stat(), standard = stat()
    if stat(path, &info) == 0, fstat(1, &standard) == 0, info.st_dev == standard.st_dev, info.st_ino == standard.st_ino {
        writeAll(text, to: 1, path)
        return
    }
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
        fail("cannot write \(path): it is a socket, which cannot be opened as a file", 73)
    }
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
        writeStraight(text, to: path)
        return
    }
    let dir = (path as NSString).deletingLastPathComponent
    let tmp = (dir.isEmpty ? "." : dir) + "/.\((path as NSString).lastPathComponent).scene-tmp-\(getpid())"
    guard FileManager.default.createFile(atPath: tmp, contents: Data(text.utf8)) else {
        fail("cannot write \(path)", 73)
    }
    if rename(tmp, path) != 0 {
        unlink(tmp)
        fail("cannot write \(path): \(String(cString: strerror(errno)))", 73)
    }
}

/// `text` written to the device or pipe at `path`, all of it, then closed; a write
/// that fails ends the run (73). (A second copy of OutputFile's rule for these, in
/// SceneREPL, which this dynamically linked executable does not link.)
func writeStraight(_ text: String, to path: String) {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { fail("cannot write \(path): \(String(cString: strerror(errno)))", 73) }
    writeAll(text, to: fd, path)
    if close(fd) != 0 { fail("cannot write \(path): \(String(cString: strerror(errno)))", 73) }
}

/// `text` written to descriptor `fd` (`path`'s, for a message), all of it; left open.
func writeAll(_ text: String, to fd: Int32, _ path: String) {
    var bytes = ArraySlice(text.utf8)
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
            let e = n < 0 ? errno : EIO
            // A pipe whose reader has gone ends the output, as `scene`'s do (`scene`
            // ignores SIGPIPE, and so does this process, started by it).
            if e == EPIPE { return }
            fail("cannot write \(path): \(String(cString: strerror(e)))", 73)
        }
        bytes = bytes.dropFirst(n)
    }
}

/// `path` itself, or the `.swift` and `.scene` files below it, in name order.
func expand(_ path: String) -> [String] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [path] }
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return found.filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".scene")) && !$0.contains(".build/") }
        .sorted().map { base + "/" + $0 }
}

let argv = Array(CommandLine.arguments.dropFirst())
guard let command = argv.first else { usageError("no command given") }
let rest = Array(argv.dropFirst())
switch command {
case "check": exit(checkCommand(rest))
case "run": exit(runCommand(rest))
case "import": exit(importCommand(rest))
case "bench": exit(benchCommand(rest))
case "serve": exit(serveCommand(rest))  // for `scene lsp` (Serve.swift); not a user's command
default: usageError("unknown command `\(command)`")
}

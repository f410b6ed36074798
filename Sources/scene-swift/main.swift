// `scene-swift`: `scene check|run|import` for SwiftUI source. `scene` hands these
// commands to it when a `.swift` file is given (or a folder holds one); it links the
// toolchain's swift-syntax, so it is a separate, dynamically linked executable.
import Foundation
import SceneFiles
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

/// Write `text` to `path` as `scene` writes its outputs (`OutputFile`, SceneFiles):
/// a file whole or not at all (a temporary file renamed into place, through a link
/// to the file it names), a device or a pipe straight, the file standard output
/// or error is as that stream; a failure ends the run (73).
func writeWhole(_ text: String, to path: String) {
    do {
        let out = try OutputFile(path: path)
        out.write(text)
        try out.commit()
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)", 73)
    }
}

/// `path` itself, or the `.swift` and `.scene` files below it, in name order
/// (build products left out: `InputFiles`).
func expand(_ path: String) -> [String] {
    InputFiles.expand(path, endingIn: [".swift", ".scene"], skippingBuilds: true)
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

// `.swift` inputs go to `scene-swift`, the reader of SwiftUI source, which sits beside
// `scene`: it links the toolchain's swift-syntax libraries, so it cannot be part of this
// static executable (docs/swift-check.md).
import Foundation
import SceneREPL
import SceneFiles

/// Whether `scene COMMAND ARGS` is about Swift source: `import` always; `run` and `check`
/// when a file ends in `.swift`, or a folder holds one (`check`, and `run` with `--view`).
func isAboutSwift(_ command: String, _ args: [String]) -> Bool {
    switch command {
    case "import": return true
    case "run", "check":
        // The files given: not an option, nor an option's value (`-o Card.swift` writes Swift).
        var files: [String] = []
        var i = 0
        while i < args.count {
            if ["-o", "--output", "--name", "--compare", "--view"].contains(args[i]) { i += 2; continue }
            if !args[i].hasPrefix("-") { files.append(args[i]) }
            i += 1
        }
        return files.contains { a in
            if a.hasSuffix(".swift"), !InputFiles.isFolder(a) { return true }
            // A folder holding Swift (`scene-swift` reads): `check` reads it all; `run … --view Name`
            // finds the view in it, and `run` without `--view` is told to name one.
            guard InputFiles.isFolder(a) else { return false }
            return !swiftFiles(below: a).isEmpty
        }
    default: return false
    }
}

/// The `.swift` files below folder `path` that `scene-swift` reads (`InputFiles`).
func swiftFiles(below path: String) -> [String] {
    InputFiles.expand(path, endingIn: [".swift"], skippingBuilds: true)
}

/// Replaces this process with `scene-swift COMMAND ARGS` (the same arguments, the same
/// output). Returns only when `scene-swift` cannot be started: why, to say.
func handOffToSwiftReader(_ command: String, _ args: [String]) -> String {
    let me = ownExecutablePath() ?? CommandLine.arguments[0]
    let reader = (me as NSString).deletingLastPathComponent + "/scene-swift"
    let argv = ([reader, command] + args).map { strdup($0) } + [nil]
    execv(reader, argv)
    let why = errno
    guard why == ENOENT else { return "cannot start `scene-swift` (\(reader)): \(String(cString: strerror(why)))" }
    return "reading Swift needs `scene-swift` beside `scene` (\(reader)): build it with `swift build --product scene-swift`, "
        + "or install both with scripts/install"
}

/// `scene check` without `scene-swift`: its arguments less the Swift it cannot read —
/// each `.swift` file, and each folder that holds Swift but no `.scene` file — and how
/// many `.swift` files that leaves unread (a folder's counted as `scene-swift` would
/// read them). What else was given stays for `check` to read or report: a `.scene`
/// file, standard input (`-`), a folder with a `.scene` file below it (`check` reads
/// those), a folder with neither, a path that is not there. Nil when nothing is left
/// to read. (`--explain` is the Swift reader's alone.)
func sceneInputs(_ args: [String]) -> (args: [String], swiftFiles: Int)? {
    var kept: [String] = [], swift = 0, inputs = 0
    for a in args {
        if a == "--explain" { continue }
        if a.hasPrefix("-") && a != "-" { kept.append(a); continue }
        if InputFiles.isFolder(a) {
            let below = swiftFiles(below: a).count
            swift += below
            if below > 0, sceneFiles(a).isEmpty { continue }
        } else if a.hasSuffix(".swift"), FileManager.default.fileExists(atPath: a) {
            swift += 1
            continue
        }
        kept.append(a)
        inputs += 1
    }
    return inputs > 0 ? (kept, swift) : nil
}

// `.swift` inputs go to `scene-swift`, the reader of SwiftUI source, which sits beside
// `scene`: it links the toolchain's swift-syntax libraries, so it cannot be part of this
// static executable (docs/swift-check.md).
import Foundation
import SceneREPL

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
            if a.hasSuffix(".swift") { return true }
            // A folder holding Swift: `check` reads it all; `run … --view Name` finds the view in it.
            guard command == "check" || args.contains("--view") else { return false }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: a, isDirectory: &isDir), isDir.boolValue else { return false }
            let found = FileManager.default.enumerator(atPath: a)
            while let next = found?.nextObject() as? String { if next.hasSuffix(".swift") { return true } }
            return false
        }
    default: return false
    }
}

/// Replaces this process with `scene-swift COMMAND ARGS` (the same arguments, the same
/// output). Returns only when `scene-swift` cannot be started: what to build, to say.
func handOffToSwiftReader(_ command: String, _ args: [String]) -> String {
    let me = ownExecutablePath() ?? CommandLine.arguments[0]
    let reader = (me as NSString).deletingLastPathComponent + "/scene-swift"
    let argv = ([reader, command] + args).map { strdup($0) } + [nil]
    execv(reader, argv)
    return "reading Swift needs `scene-swift` beside `scene` (\(reader)): build it with `swift build --product scene-swift`, "
        + "or install both with scripts/install"
}

/// `scene check` without `scene-swift`: the arguments that still name `.scene` input
/// (a `.scene` file, standard input, a folder holding one: `check` reads its `.scene`
/// files), and how many `.swift` files are left unread; nil when nothing is left to read.
/// (`--explain` is the Swift reader's alone.)
func sceneInputs(_ args: [String]) -> (args: [String], swiftFiles: Int)? {
    var kept: [String] = [], swift = 0, inputs = 0
    for a in args {
        if a == "--explain" { continue }
        if a.hasPrefix("-") && a != "-" { kept.append(a); continue }
        if a.hasSuffix(".swift") { swift += 1; continue }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: a, isDirectory: &isDir), isDir.boolValue {
            let below = FileManager.default.enumerator(atPath: a)?.compactMap { $0 as? String } ?? []
            swift += below.filter { $0.hasSuffix(".swift") }.count
            guard below.contains(where: { $0.hasSuffix(".scene") }) else { continue }
        }
        kept.append(a)
        inputs += 1
    }
    return inputs > 0 ? (kept, swift) : nil
}

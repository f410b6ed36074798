// `scene lsp`: the language server (SceneLSP) on standard input and output.
import Foundation
import SceneLSP

/// The `docs/` folder for diagnostics' links: `$SCENE_DOCS`, else the
/// installed `PREFIX/share/doc/scene`, else a `docs/` beside a checkout the
/// binary was built in.
func docsDirectory() -> String? {
    let fm = FileManager.default
    if let d = ProcessInfo.processInfo.environment["SCENE_DOCS"], fm.fileExists(atPath: d + "/diagnostics.md") { return d }
    let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    var dir = exe.deletingLastPathComponent()
    let installed = dir.deletingLastPathComponent().appendingPathComponent("share/doc/scene")
    if fm.fileExists(atPath: installed.path + "/diagnostics.md") { return installed.path }
    for _ in 0..<5 {
        let docs = dir.appendingPathComponent("docs")
        if fm.fileExists(atPath: docs.path + "/diagnostics.md") { return docs.path }
        dir = dir.deletingLastPathComponent()
    }
    return nil
}

func lsp(_ args: [String]) -> Int32 {
    var options = ServerOptions(docsDirectory: docsDirectory())
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--stdio": break  // what generic LSP clients pass; stdio is the only transport
        case "--docs-url":
            i += 1
            guard i < args.count else { usageError("`--docs-url` needs a URL") }
            options.docsBaseURL = args[i].hasSuffix("/") ? args[i] : args[i] + "/"
        default: usageError("unknown option `\(args[i])` for `scene lsp`")
        }
        i += 1
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    return LSPMain.run(options: options, read: {
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n > 0 { return Array(buffer[0..<n]) }
            if n < 0, errno == EINTR { continue }
            return nil
        }
    }, write: { bytes in
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            sent += n
        }
    })
}

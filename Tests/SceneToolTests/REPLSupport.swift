import Foundation
import Testing

/// Finding and running the built `scene-repl` for the executable tests.
enum REPLHarness {
    /// The package root (this file is Tests/SceneToolTests/REPLSupport.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `scene-repl` next to the test bundle (`.build/<config>/`), else in the
    /// package's `.build/debug`.
    static func binary() throws -> URL {
        var dirs: [URL] = []
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        dirs.append(exe.deletingLastPathComponent())
        dirs.append(exe.deletingLastPathComponent().deletingLastPathComponent())  // inside an .xctest bundle
        dirs.append(Bundle.main.bundleURL)
        dirs.append(Bundle.main.bundleURL.deletingLastPathComponent())
        dirs.append(root.appendingPathComponent(".build/debug"))
        for d in dirs {
            let u = d.appendingPathComponent("scene-repl")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        throw HarnessError("scene-repl not found next to the tests (looked in \(dirs.map(\.path))); run `swift build` first")
    }

    struct HarnessError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// A fresh temporary directory with `home/` and `state/` inside.
    static func sandbox() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-repl-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("state"), withIntermediateDirectories: true)
        return dir.resolvingSymlinksInPath()
    }

    static func environment(_ dir: URL) -> [String: String] {
        ["HOME": dir.appendingPathComponent("home").path,
         "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
         "PATH": "/usr/bin:/bin", "COLUMNS": "60", "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8"]
    }

    /// Run `scene-repl ARGS` in `dir` with `input` piped in; stdout and stderr
    /// go to one file, so the output interleaves as a user would see it.
    static func run(_ args: [String], input: String, in dir: URL) throws -> (output: String, status: Int32) {
        let inURL = dir.appendingPathComponent(".stdin-\(UUID().uuidString)")
        let outURL = dir.appendingPathComponent(".stdout-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: inURL); try? FileManager.default.removeItem(at: outURL) }
        let p = Process()
        p.executableURL = try binary()
        p.arguments = args
        p.currentDirectoryURL = dir
        p.environment = environment(dir)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        p.standardInput = inHandle
        p.standardOutput = outHandle
        p.standardError = outHandle
        try p.run()
        p.waitUntilExit()
        try inHandle.close()
        try outHandle.close()
        let out = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        return (out, p.terminationStatus)
    }
}

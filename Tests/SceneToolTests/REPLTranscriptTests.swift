import Foundation
import Testing
import SceneTestSupport

/// Golden transcripts of piped `scene-repl` sessions (Tests/Fixtures/repl/README.md).
@Suite struct REPLTranscriptTests {
    static let folder = Golden.Folder("Tests/Fixtures/repl", input: "in", output: "out", minimum: 7)
    static var dir: URL { folder.url }
    static var names: [String] { folder.names }

    /// The folder is there, holds its transcripts, and every `.in` has its `.out` and back.
    @Test func theFolderIsComplete() { Self.folder.expectComplete() }

    struct Script {
        var files: [(String, String)] = []
        var links: [(String, String)] = []
        var runs: [(args: [String], input: String)] = []
    }

    static func parse(_ text: String) -> Script {
        var s = Script()
        var lines: [String] = []
        var current: (kind: String, arg: String)? = nil
        func flush() {
            guard let c = current else { return }
            let body = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            if c.kind == "file" { s.files.append((c.arg, body)) }
            else if c.kind == "link" {
                let parts = c.arg.split(separator: " ").map(String.init)
                s.links.append((parts[0], parts.count > 1 ? parts[1] : ""))
            }
            else { s.runs.append((c.arg.split(separator: " ").map(String.init), body)) }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            if line.hasPrefix("#! ") {
                flush()
                let rest = line.dropFirst(3)
                let kind = String(rest.prefix { $0 != " " })
                current = (kind, String(rest.dropFirst(kind.count)).trimmingCharacters(in: .whitespaces))
            } else {
                lines.append(String(line))
            }
        }
        flush()
        return s
    }

    @Test(arguments: names)
    func transcript(_ name: String) throws {
        let script = Self.parse(try String(contentsOf: Self.dir.appendingPathComponent(name + ".in"), encoding: .utf8))
        #expect(!script.runs.isEmpty, "\(name).in has no `#! run` line")
        let sandbox = try REPLHarness.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        for (file, body) in script.files {
            try Data(body.utf8).write(to: sandbox.appendingPathComponent(file))
        }
        for (link, target) in script.links {
            try FileManager.default.createSymbolicLink(atPath: sandbox.appendingPathComponent(link).path, withDestinationPath: target)
        }
        var actual = ""
        for run in script.runs {
            let args = ["--echo"] + run.args
            let (out, status) = try REPLHarness.run(args, input: run.input, in: sandbox)
            actual += "$ scene-repl " + args.joined(separator: " ") + "\n" + out + "[exit \(status)]\n"
        }
        actual = actual.replacingOccurrences(of: sandbox.path, with: "$TMP")
        try Golden.check(actual, at: Self.dir.appendingPathComponent(name + ".out"), filter: "REPLTranscript")
    }
}

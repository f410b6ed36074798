import Foundation
import Testing

/// Golden transcripts of piped `scene-repl` sessions (Tests/Fixtures/repl/README.md).
@Suite struct REPLTranscriptTests {
    static let dir = REPLHarness.root.appendingPathComponent("Tests/Fixtures/repl")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".in") }.map { String($0.dropLast(3)) }.sorted()
    }

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
        let expectedURL = Self.dir.appendingPathComponent(name + ".out")
        if ProcessInfo.processInfo.environment["SCENE_RECORD"] != nil {
            try Data(actual.utf8).write(to: expectedURL)
            Issue.record("re-recorded Tests/Fixtures/repl/\(name).out; run again without SCENE_RECORD and review the diff")
            return
        }
        guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
            Issue.record("Tests/Fixtures/repl/\(name).out is missing; record it with SCENE_RECORD=1")
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            Issue.record("""
                Tests/Fixtures/repl/\(name).out differs at line \(i + 1):
                expected: \(i < e.count ? String(e[i]) : "<end>")
                actual:   \(i < a.count ? String(a[i]) : "<end>")
                (SCENE_RECORD=1 re-records)
                """)
        }
    }
}

import Foundation
import Testing

/// Golden files, shared by every test target: one record switch, one comparison,
/// one check that a golden folder is all there.
///
/// Goldens are re-recorded only with `SCENE_RECORD=1` (exactly `1`; any other value,
/// `0` included, compares). A recording run writes the file (a failed write is a
/// thrown error, never reported as recorded) and then fails on purpose, so a
/// re-record never passes silently: review the diff, run again without it.
public enum Golden {
    /// The package root (this file is Tests/SceneTestSupport/Golden.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `SCENE_RECORD == "1"`, from the given environment (the process's by default).
    public static func isRecording(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["SCENE_RECORD"] == "1"
    }

    /// The path of `url` relative to the package root, for messages.
    public static func relative(_ url: URL) -> String {
        let p = url.standardizedFileURL.path, r = root.standardizedFileURL.path + "/"
        return p.hasPrefix(r) ? String(p.dropFirst(r.count)) : p
    }

    /// Compare `actual` with the golden file at `url`. Recording writes it (throwing
    /// if that fails) and records an issue; a missing golden or a difference records
    /// an issue naming the first line that differs.
    public static func check(_ actual: String, at url: URL, filter: String,
                             recording: Bool = isRecording(),
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let name = relative(url)
        if recording {
            try Data(actual.utf8).write(to: url, options: .atomic)
            Issue.record("re-recorded \(name); review the diff and run again without SCENE_RECORD", sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("missing golden \(name); record it with `SCENE_RECORD=1 swift test --filter \(filter)`, review it, commit it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if let difference = firstDifference(actual, expected) {
            Issue.record("""
                \(name) differs at line \(difference.line):
                  golden: \(difference.expected)
                  actual: \(difference.actual)
                if the change is intended, re-record with `SCENE_RECORD=1 swift test --filter \(filter)`
                """, sourceLocation: sourceLocation)
        }
    }

    /// The first line (1-based) where two texts differ, with both lines (cut to 240 characters).
    public static func firstDifference(_ actual: String, _ expected: String) -> (line: Int, actual: String, expected: String)? {
        guard actual != expected else { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        func show(_ lines: [Substring]) -> String { i < lines.count ? String(lines[i].prefix(240)) : "(end of file)" }
        return (i + 1, show(a), show(e))
    }

    /// A folder of inputs (`NAME.input`) with their goldens (`NAME.output`).
    public struct Folder: Sendable {
        public var path: String
        public var input: String
        public var output: String
        /// How many inputs it must hold at least.
        public var minimum: Int

        public init(_ path: String, input: String, output: String, minimum: Int) {
            self.path = path; self.input = input; self.output = output; self.minimum = minimum
        }

        /// Relative to the package root (or absolute).
        public var url: URL { path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path) }

        /// The names (without extension) of the inputs, sorted; empty when the folder
        /// cannot be read (`problems()` says so).
        public var names: [String] { (try? stems(input)) ?? [] }

        func stems(_ ext: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
        }

        /// Everything wrong with the folder: missing or unreadable, fewer inputs than
        /// the minimum, an input without its golden or a golden without its input.
        public func problems() -> [String] {
            let ins: [String], outs: [String]
            do { (ins, outs) = (try stems(input), try stems(output)) } catch {
                return ["\(path) cannot be read: \(error.localizedDescription)"]
            }
            var out: [String] = []
            if ins.count < minimum { out.append("\(path) holds \(ins.count) .\(input) files, expected at least \(minimum)") }
            for n in Set(ins).subtracting(outs).sorted() { out.append("\(path)/\(n).\(input) has no \(n).\(output)") }
            for n in Set(outs).subtracting(ins).sorted() { out.append("\(path)/\(n).\(output) has no \(n).\(input)") }
            return out
        }

        /// Record every problem as a test failure.
        public func expectComplete(sourceLocation: SourceLocation = #_sourceLocation) {
            for p in problems() { Issue.record(Comment(rawValue: p), sourceLocation: sourceLocation) }
        }
    }
}

/// A small seeded generator (SplitMix64) so a randomised test can be replayed:
/// tests print the seed they used, and `SCENE_SEED=N` replays one.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed; state = seed }

    /// The seed from `SCENE_SEED`, else a fresh one; printed so a failure can be replayed.
    public static func fromEnvironment(_ test: String) -> SeededGenerator {
        let seed = ProcessInfo.processInfo.environment["SCENE_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("\(test): SCENE_SEED=\(seed)")
        return SeededGenerator(seed: seed)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import Foundation
import Testing
import SceneREPL

/// `scene` given files of 2 MiB or more starts itself again with malloc's heap in huge
/// pages (Sources/scene/HugePages.swift); `scene bench` says which way it ran.
struct HugePagesTests {
    /// card.scene, then comments to `bytes` in all: a large file that is quick to read.
    static func scene(bytes: Int, in dir: URL) throws -> URL {
        var text = try String(contentsOf: CLI.root.appendingPathComponent("examples/card.scene"), encoding: .utf8)
        let line = "# " + String(repeating: "padding ", count: 12) + "\n"
        text += String(repeating: line, count: max(0, (bytes - text.utf8.count) / line.utf8.count + 1))
        let url = dir.appendingPathComponent("big.scene")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func field(_ name: String, in line: String) -> String? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let i = words.firstIndex(of: Substring(name)), i + 1 < words.count else { return nil }
        return String(words[i + 1])
    }

    /// Which arguments are inputs, the threshold, and the user's tunables.
    @Test func theTunablesToStartAgainWith() {
        let mib = 1 << 20
        let sizes = ["big": 2 * mib, "small": 1000, "half": mib, "dir": -1]
        func ask(_ command: String, _ args: [String], _ current: String? = nil, variable: Bool = false) -> String? {
            HugePageStart.tunables(command: command, arguments: args, current: current, thresholdVariableSet: variable,
                                   size: { sizes[$0].flatMap { $0 < 0 ? nil : $0 } })
        }
        let set = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432"
        #expect(ask("run", ["big"]) == set)
        #expect(ask("run", ["big", "--json"]) == set)
        #expect(ask("run", ["small"]) == nil)
        #expect(ask("check", ["half", "half"]) == set, "files add up")
        #expect(ask("check", ["half", "small"]) == nil)
        #expect(ask("check", ["dir"]) == nil, "a directory is not counted")
        for command in ["run", "check", "fmt", "bench", "tokens", "ast"] { #expect(ask(command, ["big"]) == set, "\(command)") }
        for command in ["repl", "lsp", "watch", "presets", "md"] { #expect(ask(command, ["big"]) == nil, "\(command)") }
        // An output option's value is not an input: a large file already there says nothing.
        #expect(ask("run", ["small", "-o", "big"]) == nil)
        #expect(ask("run", ["small", "--output", "big"]) == nil)
        #expect(ask("run", ["small", "--svg", "-o", "big"]) == nil)
        #expect(ask("bench", ["small", "--svg", "big"]) == nil)
        #expect(ask("run", ["big", "-o", "small"]) == set)
        // The user's own tunables are kept, before it; their choice of it is left alone.
        #expect(ask("run", ["big"], "glibc.malloc.check=0") == "glibc.malloc.check=0:" + set)
        #expect(ask("run", ["big"], "") == set)
        #expect(ask("run", ["big"], "glibc.malloc.hugetlb=0") == nil)
        #expect(ask("run", ["big"], "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2") == nil)
        // The user's own threshold is kept: only huge pages are added (a tunable, or glibc's older variable).
        #expect(ask("run", ["big"], "glibc.malloc.mmap_threshold=65536") == "glibc.malloc.mmap_threshold=65536:glibc.malloc.hugetlb=1")
        #expect(ask("run", ["big"], variable: true) == "glibc.malloc.hugetlb=1")
        #expect(HugePageStart.asked("glibc.malloc.check=0:" + set))
        #expect(!HugePageStart.asked("glibc.malloc.hugetlb=0") && !HugePageStart.asked(nil))
    }

    @Test func aLargeInputRunsWithHugePagesAndTheSameOutput() throws {
        #if os(Linux)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = try Self.scene(bytes: 2 << 20, in: dir)
        let size = try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int ?? 0
        #expect(size >= 2 << 20)

        // Not set: a large file starts again with it; a small one does not.
        let unset: [String: String?] = ["GLIBC_TUNABLES": nil]
        let large = try CLI.run(["bench", big.path], environment: unset)
        #expect(large.status == 0, "\(large.err)")
        #expect(Self.field("huge_pages", in: large.out) == "yes", "\(large.out)")
        #expect(Self.field("nodes", in: large.out) == "3")
        let small = try CLI.run(["bench", "examples/card.scene"], environment: unset)
        #expect(Self.field("huge_pages", in: small.out) == "no", "\(small.out)")

        // With a user's own tunables it starts again too; a user's choice of it is left alone.
        let other = try CLI.run(["bench", big.path], environment: ["GLIBC_TUNABLES": "glibc.malloc.check=0"])
        #expect(Self.field("huge_pages", in: other.out) == "yes", "\(other.out)")
        let chosen = try CLI.run(["bench", big.path], environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(Self.field("huge_pages", in: chosen.out) == "no", "\(chosen.out)")
        #expect(chosen.status == 0)
        // A large file at the output's path is not an input; a second start does not start again.
        let out = dir.appendingPathComponent("out.svg")
        try FileManager.default.copyItem(at: big, to: out)
        let small2 = try CLI.run(["bench", "examples/card.scene", "--svg", out.path], environment: unset)
        #expect(small2.status == 0 && Self.field("huge_pages", in: small2.out) == "no", "\(small2.out) \(small2.err)")
        let again = try CLI.run(["bench", big.path], environment: ["GLIBC_TUNABLES": nil, "SCENE_STARTED_AGAIN": "1"])
        #expect(Self.field("huge_pages", in: again.out) == "no", "\(again.out)")

        // The outputs are the same either way, and so are the arguments and the exit code
        // (`check` of a file with a finding: its warning, from the second start's arguments).
        let tight = try String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)
        let bigTight = dir.appendingPathComponent("tight.scene")
        try (tight + String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: (2 << 20) / 100 + 1))
            .write(to: bigTight, atomically: true, encoding: .utf8)
        for args in [["run", big.path, "--json"], ["run", big.path, "--svg"], ["check", bigTight.path]] {
            let a = try CLI.run(args, environment: unset)
            let b = try CLI.run(args, environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
            #expect(a.status == b.status && a.out == b.out && a.err == b.err, "\(args)")
            #expect(!a.out.isEmpty || !a.err.isEmpty)
        }
        let checked = try CLI.run(["check", bigTight.path], environment: unset)
        #expect(checked.status == 0 && checked.err.contains("warning[container-too-tight]"), "\(checked.err)")
        #endif
    }
}

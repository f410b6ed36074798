import Foundation
import Testing

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

        // A user's own tunables are kept beside it; a user's choice of it is left alone.
        let other = try CLI.run(["bench", big.path], environment: ["GLIBC_TUNABLES": "glibc.malloc.check=0"])
        #expect(Self.field("huge_pages", in: other.out) == "yes", "\(other.out)")
        let chosen = try CLI.run(["bench", big.path], environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(Self.field("huge_pages", in: chosen.out) == "no", "\(chosen.out)")
        #expect(chosen.status == 0)

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

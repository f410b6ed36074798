import Foundation
import Testing

/// `scene check` reads its files on every core; what it reports stays what reading them
/// one by one in order gave: missing files noted in place, and the first file that
/// exists but cannot be read ends the run before anything else is printed.
struct CheckReadTests {
    @Test func theFirstUnreadableFileInOrderEndsTheRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-checkread-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Sparse files one byte over the input limit (256 MB): refused by size, not read.
        var big: [String] = []
        for name in ["big1.scene", "big2.scene"] {
            let path = dir.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(256 * 1024 * 1024 + 1)) == 0)
            big.append(path)
        }
        let r = try CLI.run(["check", "examples/map.scene", "nope.scene", big[1], "examples/card.scene", big[0]])
        #expect(r.status == 65)
        #expect(r.err == "scene: \(big[1]): file is larger than 256 MB\n")
        #expect(r.out.isEmpty)
    }

    @Test func missingFilesAreNotedInTheirPlace() throws {
        let r = try CLI.run(["check", "examples/lint/flared-corner.scene", "nope.scene", "examples/card.scene", "gone.scene"])
        #expect(r.status == 66)
        let nope = try #require(r.err.range(of: "scene: nope.scene: no such file\n"))
        let gone = try #require(r.err.range(of: "scene: gone.scene: no such file\n"))
        let flared = try #require(r.err.range(of: "examples/lint/flared-corner.scene:"))
        #expect(flared.lowerBound < nope.lowerBound && nope.upperBound <= gone.lowerBound)
        #expect(r.err.hasSuffix(" in 4 files (2 not found)\n"))
    }

    /// Many files, in the order given, whatever core read each.
    @Test func manyFilesReportInTheOrderGiven() throws {
        let files = (0..<60).map { $0 % 2 == 0 ? "examples/lint/flared-corner.scene" : "examples/map.scene" }
        let one = try CLI.run(["check", "--json", "examples/lint/flared-corner.scene", "examples/map.scene"])
        let many = try CLI.run(["check", "--json"] + files)
        #expect(one.status == many.status)
        let body = { (s: String) in s.components(separatedBy: "\"diagnostics\": [")[1].components(separatedBy: "], \"errors\"")[0] }
        let pair = body(one.out).trimmingCharacters(in: .whitespacesAndNewlines)
        let all = body(many.out).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!pair.isEmpty)
        #expect(all == Array(repeating: pair, count: 30).joined(separator: ",\n  "))
    }
}

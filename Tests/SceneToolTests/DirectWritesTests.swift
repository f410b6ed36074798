import Foundation
import Testing
import SceneREPL

/// A large output file's rest is written with `O_DIRECT` in aligned blocks
/// (`DirectWrites` in Sources/SceneREPL/OutputFile.swift): the file must hold the
/// very bytes handed to it, however the chunks fall against the blocks.
struct DirectWritesTests {
    /// `count` bytes of a pattern that shows a byte out of place (not one repeated byte).
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var x = seed | 1
        return (0..<count).map { _ in
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return UInt8(truncatingIfNeeded: x)
        }
    }

    /// Where `path`'s bytes first differ from `data` (nil: the same), so a failure
    /// names a place rather than printing 20 MB.
    static func firstDifference(_ path: String, _ data: [UInt8]) throws -> Int? {
        let back = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if let i = (0..<min(back.count, data.count)).first(where: { back[$0] != data[$0] }) { return i }
        return back.count == data.count ? nil : min(back.count, data.count)
    }

    static func write(_ data: [UInt8], chunks: [Int], to path: String) throws -> Int {
        let out = try OutputFile(path: path)
        var at = 0, k = 0
        data.withUnsafeBytes { all in
            while at < data.count {
                let n = min(chunks[k % chunks.count], data.count - at)
                out.write(UnsafeRawBufferPointer(rebasing: all[at..<(at + n)]))
                at += n; k += 1
            }
        }
        try out.commit()
        return out.directBlocks
    }

    /// The file system of `dir`'s type, as `statfs` names it (`stat -f`).
    static func fileSystem(_ dir: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/stat")
        p.arguments = ["-f", "-c", "%T", dir]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { return "" }
        p.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [
        // Odd chunks: the switch lands mid-chunk and off a page; a tail past the last block.
        [65_537, 3, 1_000_003],
        // A writer's 1 MiB chunks, each a whole block once aligned.
        [1 << 20],
        // One byte at a time past the switch would take long: small and large mixed.
        [4095, 4097, 7, 2 << 20],
    ])
    func aLargeOutputHoldsTheBytesHandedToIt(chunks: [Int]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.json").path
        let data = Self.bytes(DirectWrites.after + 5 * DirectWrites.blockSize + 12_345, seed: UInt64(chunks.count))
        let direct = try Self.write(data, chunks: chunks, to: path)
        let differs = try Self.firstDifference(path, data)
        #expect(differs == nil, "the file differs from what was written at byte \(differs ?? -1)")
        // On a local disk (this machine's /tmp is ext4) the rest went direct: at least
        // the four whole blocks after the switch, whatever the chunks.
        let fs = Self.fileSystem(dir.path)
        if ["ext2/ext3", "ext4", "xfs"].contains(fs) {
            #expect(direct >= 4, "\(fs): \(direct) blocks direct")
        } else {
            #expect(direct == 0, "\(fs) is not a local disk's file system")
        }
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.json"])
    }

    @Test func aSmallOutputIsWrittenAsBefore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("small.svg").path
        let data = Self.bytes(DirectWrites.after - 1, seed: 7)
        #expect(try Self.write(data, chunks: [1 << 20], to: path) == 0)
        #expect(try Self.firstDifference(path, data) == nil)
    }

    /// Where a file system is not a local disk's (a `tmpfs`, when there is one), the
    /// bytes are the same and nothing goes direct.
    @Test func anotherFileSystemIsWrittenBuffered() throws {
        let shm = "/dev/shm"
        guard FileManager.default.isWritableFile(atPath: shm), Self.fileSystem(shm) == "tmpfs" else { return }
        let path = shm + "/scene-direct-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = Self.bytes(DirectWrites.after + 3 * DirectWrites.blockSize + 1, seed: 11)
        #expect(try Self.write(data, chunks: [1 << 20], to: path) == 0)
        #expect(try Self.firstDifference(path, data) == nil)
    }
}

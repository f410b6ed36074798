import Foundation
import Testing
@testable import SceneFiles

/// A large output file's rest is written with `O_DIRECT` in aligned blocks
/// (`DirectWrites` in Sources/SceneFiles/OutputFile.swift): the file must hold the
/// very bytes handed to it, however the chunks fall against the blocks, and
/// whatever the file system and the disk do.
struct DirectWritesTests {
    /// `count` bytes of a pattern that shows a byte out of place (not one repeated byte).
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var x = seed | 1
        return [UInt8](unsafeUninitializedCapacity: count) { out, n in
            for i in 0..<count {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17
                out[i] = UInt8(truncatingIfNeeded: x)
            }
            n = count
        }
    }

    /// Where `path`'s bytes first differ from `data` (nil: the same), so a failure
    /// names a place rather than printing 20 MB.
    static func firstDifference(_ path: String, _ data: [UInt8]) throws -> Int? {
        let back = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let same = back.count == data.count && back.withUnsafeBytes { a in
            data.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        if same { return nil }
        if let i = (0..<min(back.count, data.count)).first(where: { back[$0] != data[$0] }) { return i }
        return min(back.count, data.count)
    }

    /// Hands `data` to `write` in chunks of the given sizes, in turn.
    static func feed(_ data: [UInt8], chunks: [Int], from start: Int = 0, _ write: (UnsafeRawBufferPointer) -> Void) {
        var at = start, k = 0
        data.withUnsafeBytes { all in
            while at < data.count {
                let n = min(chunks[k % chunks.count], data.count - at)
                write(UnsafeRawBufferPointer(rebasing: all[at..<(at + n)]))
                at += n; k += 1
            }
        }
    }

    static func write(_ data: [UInt8], chunks: [Int], to path: String) throws -> Int {
        let out = try OutputFile(path: path)
        feed(data, chunks: chunks) { out.write($0) }
        try out.commit()
        return out.directBlocks
    }

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Whether `path`'s file system is one `DirectWrites` uses (asked as the code asks).
    static func directHere(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        defer { if fd >= 0 { close(fd) } }
        return fd >= 0 && DirectWrites.supported(fd)
    }

    @Test(arguments: [
        // Odd chunks: the threshold falls mid-chunk and off a page; a tail past the last block.
        [65_537, 3, 1_000_003],
        // A writer's 1 MiB chunks.
        [1 << 20],
        // Small and large mixed.
        [4095, 4097, 7, 2 << 20],
        // The whole file in one call (the REPL's and the export's way).
        [1 << 30],
    ])
    func aLargeOutputHoldsTheBytesHandedToIt(chunks: [Int]) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.json").path
        let data = Self.bytes(DirectWrites.after + 5 * DirectWrites.blockSize + 12_345, seed: UInt64(chunks.count))
        let direct = try Self.write(data, chunks: chunks, to: path)
        let differs = try Self.firstDifference(path, data)
        #expect(differs == nil, "the file differs from what was written at byte \(differs ?? -1)")
        // Where the file system allows it (this machine's /tmp is ext4), the whole blocks
        // past the first `DirectWrites.after` bytes went direct, whatever the chunks: at least the two before
        // the disk's rate is judged (a disk busy with the other tests may be judged slow).
        if Self.directHere(dir.path) {
            #expect((2...5).contains(direct), "\(direct) blocks direct")
        } else {
            #expect(direct == 0, "\(direct) blocks direct")
        }
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.json"])
    }

    @Test func aFileNoLongerThanTheBufferedHeadIsWrittenAsBefore() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("small.svg").path
        let data = Self.bytes(DirectWrites.after, seed: 7)
        #expect(try Self.write(data, chunks: [1 << 20], to: path) == 0)
        #expect(try Self.firstDifference(path, data) == nil)
    }

    static var tmpfs: Bool { FileManager.default.isWritableFile(atPath: "/dev/shm") && !directHere("/dev/shm") }

    /// Where a file system is not one direct writes are used on (a tmpfs), the bytes
    /// are the same and nothing goes direct.
    @Test(.enabled(if: tmpfs, "no tmpfs at /dev/shm")) func anotherFileSystemIsWrittenBuffered() throws {
        let path = "/dev/shm/scene-direct-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = Self.bytes(DirectWrites.after + 3 * DirectWrites.blockSize + 1, seed: 11)
        #expect(try Self.write(data, chunks: [1 << 20], to: path) == 0)
        #expect(try Self.firstDifference(path, data) == nil)
    }

    /// A file system that refuses, fails, is slow, or writes nothing: `DirectWrites`
    /// given a write call that does so (and checks every direct write's alignment).
    struct Disk {
        enum Trouble { case none, refuseFirst, failThird, slow, writeNothing }
        let trouble: Trouble
        var directWrites = 0
        var misaligned: [String] = []

        mutating func write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
            let direct = fcntl(fd, F_GETFL) & DirectWrites.flag != 0
            if direct {
                directWrites += 1
                let offset = Int(lseek(fd, 0, SEEK_CUR))
                if offset % 4096 != 0 || n % 4096 != 0 || Int(bitPattern: p) % 4096 != 0 {
                    misaligned.append("offset \(offset) length \(n) address \(Int(bitPattern: p) % 4096)")
                }
                switch trouble {
                case .refuseFirst: errno = EINVAL; return -1
                case .failThird where directWrites == 3: errno = EIO; return -1
                case .slow: usleep(20_000)  // 1 MiB in 20 ms: 50 MB/s
                case .writeNothing: return 0
                default: break
                }
            }
            return Glibc.write(fd, p, n)
        }
    }

    final class Box: @unchecked Sendable { var disk: Disk; init(_ d: Disk) { disk = d } }

    /// `data` from an offset that is not a page's, through a `DirectWrites` writing with `disk`.
    static func run(_ trouble: Disk.Trouble, _ data: [UInt8], start: Int) throws -> (DirectWrites, Disk, Error?, String)? {
        // Judged slow only when it is made slow: 50 MB/s against 250; any real disk passes a rate of 0.
        let rate = trouble == .slow ? DirectWrites.minimumRate : 0
        let dir = try directory()
        let path = dir.appendingPathComponent("out").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // The first bytes as `OutputFile` writes them, buffered.
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, start) }
        let box = Box(Disk(trouble: trouble))
        guard let d = DirectWrites(fd: fd, at: start, minimumRate: rate, write: { box.disk.write($0, $1, $2) }) else { return nil }
        var failed: Error? = nil
        feed(data, chunks: [700_001, 13], from: start) { d.stage($0, failed: &failed) }
        if failed == nil { d.finish(failed: &failed) }
        return (d, box.disk, failed, path)
    }

    @Test(.enabled(if: directHere(NSTemporaryDirectory()), "the temporary directory's file system has no direct writes"))
    func directWritesAreAlignedAndEveryTroubleEndsWell() throws {
        let data = Self.bytes(6 * DirectWrites.blockSize + 5_000, seed: 3)
        let start = 1_000  // not a page's offset: the head is written buffered first

        let (plain, disk, failed, path) = try #require(try Self.run(.none, data, start: start))
        #expect(failed == nil)
        #expect(disk.misaligned.isEmpty, "\(disk.misaligned)")
        #expect(plain.directBlocks == 6 && disk.directWrites == 6)  // (6 MiB + 4,000 bytes past the offset: a head of 3,096, six blocks, 904 left)
        #expect(try Self.firstDifference(path, data) == nil)

        // Refused (EINVAL): that block and the rest buffered, the same bytes.
        let (refused, d2, f2, p2) = try #require(try Self.run(.refuseFirst, data, start: start))
        #expect(f2 == nil && refused.directBlocks == 0 && d2.directWrites == 1)
        #expect(try Self.firstDifference(p2, data) == nil)

        // Slow (50 MB/s): two blocks direct, then the rest buffered.
        let (slow, d3, f3, p3) = try #require(try Self.run(.slow, data, start: start))
        #expect(f3 == nil && slow.directBlocks == 2 && d3.directWrites == 2)
        #expect(try Self.firstDifference(p3, data) == nil)

        // A failing disk, or one that takes nothing, is an error, not a short file.
        let (_, _, f4, _) = try #require(try Self.run(.failThird, data, start: start))
        #expect(f4 != nil)
        let (_, _, f5, _) = try #require(try Self.run(.writeNothing, data, start: start))
        #expect(f5 != nil)
    }
}

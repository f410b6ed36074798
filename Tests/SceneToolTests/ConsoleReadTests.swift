import Foundation
import Testing
@testable import SceneREPL

/// `Console.read`: the bytes of any file the executables are given (regular, device,
/// pipe), in one copy, with the same errors as before it stopped going through Foundation.
struct ConsoleReadTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-console-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Sizes around the 64 KB chunk and none: every byte back, in order.
    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_001])
    func regularFilesReadWhole(size: Int) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path("f.scene")))
        #expect(Console.read(path("f.scene")) == .success(bytes))
    }

    /// A file with no size of its own (a device) and a pipe are read in chunks to their end.
    @Test func devicesAndPipesReadToTheirEnd() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Console.read("/dev/null") == .success([]))
        let fifo = path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 253) }
        let writer = Thread {
            let h = FileHandle(forWritingAtPath: fifo)
            h?.write(Data(bytes))
            try? h?.close()
        }
        writer.start()
        #expect(Console.read(fifo) == .success(bytes))
    }

    @Test func missingDirectoryAndTooLargeAreTheirOwnErrors() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Console.read(path("nope.scene")) == .failure(.notFound(path("nope.scene"))))
        #expect(Console.read(path("nope/x.scene")) == .failure(.notFound(path("nope/x.scene"))))
        #expect(Console.read(dir.path) == .failure(.unreadable("\(dir.path) is a directory")))
        try FileManager.default.createSymbolicLink(atPath: path("dangling.scene"), withDestinationPath: path("gone"))
        #expect(Console.read(path("dangling.scene")) == .failure(.notFound(path("dangling.scene"))))
        // A sparse file one byte over the limit: refused by its size, without reading it.
        let big = path("big.scene")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(Console.maxInputBytes + 1)) == 0)
        #expect(Console.read(big) == .failure(.tooLarge(big)))
    }
}

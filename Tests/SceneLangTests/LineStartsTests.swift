import Testing
import SceneTestSupport
@testable import SceneLang

/// `SourceFile`'s line starts are found eight bytes at a time: they must be the
/// ones a byte-by-byte scan finds, wherever the newlines fall in the words.
struct LineStartsTests {
    static func naive(_ bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    @Test func everyPlacementUpToThreeWords() {
        // Every length to 24 bytes, with a newline at each place alone and at each pair of places.
        for n in 0...24 {
            #expect(SourceFile(name: "t", bytes: [UInt8](repeating: 0x61, count: n)).lineStarts == [0])
            for a in 0..<n {
                var one = [UInt8](repeating: 0x61, count: n)
                one[a] = 0x0A
                #expect(Array(SourceFile(name: "t", bytes: one).lineStarts) == Self.naive(one), "length \(n), newline at \(a)")
                for b in a + 1..<max(a + 1, n) {
                    var two = one
                    two[b] = 0x0A
                    #expect(Array(SourceFile(name: "t", bytes: two).lineStarts) == Self.naive(two), "length \(n), newlines at \(a), \(b)")
                }
            }
        }
    }

    /// The count the line table is reserved by (exactly, not a guess from the
    /// length: 27 MB reserved for 8 used at 1M nodes) is the newlines there are.
    @Test func newlinesAreCountedAsFound() {
        for n in 0...24 {
            for a in 0..<max(n, 1) {
                var bytes = (0..<n).map { UInt8(truncatingIfNeeded: 0x09 + $0 % 3) }  // tab, newline, vertical tab
                if a < n { bytes[a] = 0x8A }
                #expect(SourceFile.newlines(bytes) == Self.naive(bytes).count - 1, "length \(n), 0x8A at \(a)")
            }
        }
        // Every byte a newline, past two flushes of 255 blocks: each lane at its most.
        let all = [UInt8](repeating: 0x0A, count: 16 * 255 * 2 + 7)
        #expect(SourceFile.newlines(all) == all.count)
        let text = [UInt8](String(repeating: "a: rect 12\n\n  b\n", count: 1000).utf8)
        #expect(SourceFile.newlines(text) == 3000)
        #expect(SourceFile(name: "t", bytes: text).lineStarts.count == 3001)
    }

    @Test func bytesNearANewlineAreNotTakenForOne() {
        // 0x0B and 0x09 differ from 0x0A by one bit; 0x8A and 0xFF set the high bit a carry could reach.
        var g = SeededGenerator.fromEnvironment("bytesNearANewlineAreNotTakenForOne")
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0xFF, 0x00, 0x01, 0x61, 0x0A]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...70, using: &g)).map { _ in alphabet.randomElement(using: &g)! }
            #expect(Array(SourceFile(name: "t", bytes: bytes).lineStarts) == Self.naive(bytes), "\(bytes)")
        }
    }

    /// `SourceFile.columns` passes over ASCII eight bytes at a time: it must count
    /// what stepping one sequence at a time counts, for any span of text mixing
    /// ASCII, valid multi-byte sequences (one cut by the span's end) and invalid bytes.
    @Test func columnsCountAsOneSequenceAtATime() {
        func naive(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Int {
            var n = 0, i = from
            while i < to { i += SourceFile.utf8SequenceLength(bytes, at: i); n += 1 }
            return n
        }
        var g = SeededGenerator.fromEnvironment("columnsCountAsOneSequenceAtATime")
        let pieces: [[UInt8]] = [[0x61], [0x20], [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69], Array("−".utf8),
                                 Array("×".utf8), Array("🙂".utf8), [0xFF], [0xE2, 0x88], [0xC3], [0x0A]]
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &g) { bytes += pieces.randomElement(using: &g)! }
            let from = Int.random(in: 0...bytes.count, using: &g), to = Int.random(in: from...bytes.count, using: &g)
            #expect(SourceFile.columns(bytes, from: from, to: to) == naive(bytes, from, to), "\(bytes) \(from)..<\(to)")
        }
    }
}

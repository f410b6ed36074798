/// A source file held as UTF-8 bytes, with a line table for turning byte
/// offsets into 1-based line and column numbers.
///
/// The bytes are kept exactly as read: invalid UTF-8 is not repaired here; the
/// lexer reports it and columns count each invalid byte as one column.
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line (four bytes a line: `LineStarts`).
    public let lineStarts: LineStarts
    /// Where the program starts: 3 after a UTF-8 byte order mark, else 0. The
    /// mark is not part of the program (grammar.md): columns and the source
    /// lines shown under diagnostics start after it.
    public let bodyStart: Int
    /// Column checkpoints inside long lines, every `markStride` bytes or so, in
    /// offset order: `location(of:)` counts columns from the nearest one, so it
    /// costs at most a stride however long the line (no rescanning a 1 MB line
    /// per token or per diagnostic).
    let marks: [ColumnMark]
    static let markStride = 2048

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        // Room for exactly the lines there are (counted first, a fast pass): a
        // guess from the length reserved 27 MB for 8 used at 1M nodes of a grid.
        var starts = LineStarts(reserving: Self.newlines(bytes) + 1)
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            // Eight bytes at a time: a word with no newline (nearly every one) is
            // passed over whole, and in one with newlines each is found from the
            // word's bits. `y` has the top bit of each byte that is a newline, and
            // only of those (no carry crosses a byte, unlike the shorter
            // `(x - 0x01…) & ~x & 0x80…`, which can mark a byte after a newline).
            let raw = UnsafeRawPointer(base)
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            var i = 0
            while i + 8 <= b.count {
                let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
                var y = ~(((x & low) &+ low) | x | low)
                while y != 0 {
                    starts.append(i + y.trailingZeroBitCount >> 3 + 1)
                    y &= y &- 1
                }
                i += 8
            }
            while i < b.count {
                if base[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
                i += 1
            }
        }
        self.lineStarts = starts
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let body = bom ? 3 : 0
        self.bodyStart = body
        self.marks = Self.columnMarks(bytes, lineStarts: starts, bodyStart: body)
    }

    /// How many newlines `bytes` holds: sixteen bytes compared at a time, each
    /// lane's matches summed in a byte (flushed every 255 blocks). 0.13 ms for a
    /// 7 MB file, where the word-at-a-time test `init` uses took 1.2 (its
    /// `nonzeroBitCount` is not one instruction in this build's x86-64 baseline).
    static func newlines(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(base)
            let newline = SIMD16<UInt8>(repeating: 0x0A)
            var n = 0, i = 0
            while i + 16 <= b.count {
                var lanes = SIMD16<UInt8>()
                var blocks = 0
                while blocks < 255, i + 16 <= b.count {
                    // A match is all ones (−1): subtracting it adds one to the lane.
                    lanes &-= unsafeBitCast(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) .== newline,
                                            to: SIMD16<UInt8>.self)
                    i += 16; blocks += 1
                }
                n += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())  // (at most 16 × 255)
            }
            while i < b.count { if base[i] == 0x0A { n += 1 }; i += 1 }
            return n
        }
    }

    struct ColumnMark: Sendable {
        var offset: Int
        var column: Int
    }

    /// Checkpoints for lines longer than the stride, each at a character boundary.
    static func columnMarks(_ bytes: [UInt8], lineStarts: LineStarts, bodyStart: Int) -> [ColumnMark] {
        var marks: [ColumnMark] = []
        for (n, lineStart) in lineStarts.enumerated() {
            let start = n == 0 ? bodyStart : lineStart
            let end = n + 1 < lineStarts.count ? lineStarts[n + 1] : bytes.count
            guard end - start > markStride else { continue }
            var p = start, column = 1
            var next = start + markStride
            while next < end {
                while p < next { p += utf8SequenceLength(bytes, at: p); column += 1 }
                marks.append(ColumnMark(offset: p, column: column))
                next = p + markStride
            }
        }
        return marks
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// 1-based line and column (in Unicode scalars; an invalid byte counts as one).
    public func location(of offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var from = lo == 0 ? bodyStart : lineStarts[lo], column = 1
        if !marks.isEmpty, let m = mark(before: offset), m.offset >= from {
            from = m.offset
            column = m.column
        }
        column += Self.columns(bytes, from: from, to: offset)
        return SourceLocation(offset: offset, line: lo + 1, column: column)
    }

    /// The last checkpoint at or before `offset`.
    func mark(before offset: Int) -> ColumnMark? {
        var lo = 0, hi = marks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if marks[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? marks[lo - 1] : nil
    }

    /// The number of columns (scalars) the bytes in `from..<to` occupy. A valid
    /// UTF-8 sequence is one column; each byte of an invalid one is one column.
    /// (Eight ASCII bytes at a time, one column each: a finding's end column is
    /// counted from its line's start, once a finding, and `--json` locates every
    /// shape and finding.)
    public static func columns(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        precondition(from >= 0 && (to <= bytes.count || to <= from), "columns \(from)..<\(to) of \(bytes.count) bytes")
        var n = 0
        var i = from
        bytes.withUnsafeBytes { raw in
            while i < to {
                if i + 8 <= to, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    n += 8
                    continue
                }
                i += utf8SequenceLength(bytes, at: i)
                n += 1
            }
        }
        return n
    }

    /// Length of the valid UTF-8 sequence starting at `i`, or 1 for an invalid byte.
    @inlinable
    public static func utf8SequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let b = bytes[i]
        if b < 0x80 { return 1 }
        let len: Int
        switch b {
        case 0xC2...0xDF: len = 2
        case 0xE0...0xEF: len = 3
        case 0xF0...0xF4: len = 4
        default: return 1
        }
        guard i + len <= bytes.count else { return 1 }
        for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { return 1 }
        // Overlong and surrogate forms.
        if b == 0xE0 && bytes[i + 1] < 0xA0 { return 1 }
        if b == 0xED && bytes[i + 1] > 0x9F { return 1 }
        if b == 0xF0 && bytes[i + 1] < 0x90 { return 1 }
        if b == 0xF4 && bytes[i + 1] > 0x8F { return 1 }
        return len
    }

    /// The byte range of line `line` (1-based) without its line break.
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = line == 1 ? bodyStart : lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of a byte range; invalid UTF-8 shows as U+FFFD.
    public func text(_ range: Range<Int>) -> String {
        let lo = max(0, min(range.lowerBound, bytes.count))
        let hi = max(lo, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }
}

public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    public var description: String { "\(line):\(column)" }
}

/// A half-open byte range in one source file.
/// Stored as 32-bit offsets (inputs are capped far below 2 GB) to keep tokens
/// and tree nodes small.
public struct SourceRange: Sendable, Equatable, Hashable {
    var lo: Int32
    var hi: Int32
    public var start: Int { Int(lo) }
    public var end: Int { Int(hi) }
    public init(_ start: Int, _ end: Int) {
        self.lo = Int32(clamping: start)
        self.hi = Int32(clamping: max(start, end))
    }
    init(raw lo: Int32, _ hi: Int32) { self.lo = lo; self.hi = hi }
    public static let empty = SourceRange(0, 0)
    public func to(_ other: SourceRange) -> SourceRange { SourceRange(min(start, other.start), max(end, other.end)) }
    public var length: Int { end - start }
}

/// Turns increasing offsets into locations in one pass over the file (the
/// writers ask for every shape's position, in document order).
public struct Locator {
    let file: SourceFile
    var line = 0
    var lineStart = 0
    var offset = 0
    var column = 1
    public init(file: SourceFile) {
        self.file = file
        self.lineStart = file.bodyStart
        self.offset = file.bodyStart
    }

    public mutating func location(of target: Int) -> SourceLocation {
        let target = max(0, min(target, file.bytes.count))
        if target < offset { return file.location(of: target) }
        while line + 1 < file.lineStarts.count, file.lineStarts[line + 1] <= target {
            line += 1
            lineStart = file.lineStarts[line]
            offset = lineStart
            column = 1
        }
        column += SourceFile.columns(file.bytes, from: offset, to: target)
        offset = target
        return SourceLocation(offset: target, line: line + 1, column: column)
    }
}

/// Where each line of a source starts, as byte offsets: 4 bytes a line, not an
/// `Int`'s 8 (8 MB less at a million lines). Read as a collection of `Int`. A source
/// is read up to `Console.maxInputBytes` (256 MB); an offset past 4 GiB would be clamped, as
/// `SourceRange` clamps its offsets past 2 GiB.
public struct LineStarts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private var starts: [UInt32]

    /// Line 1's start, with room for `lines` lines in all.
    init(reserving lines: Int) {
        starts = [0]
        starts.reserveCapacity(lines)
    }

    public init(arrayLiteral elements: Int...) { starts = elements.map { UInt32(clamping: $0) } }

    /// A line starting at `offset` (after the last one).
    @inline(__always) mutating func append(_ offset: Int) { starts.append(UInt32(clamping: offset)) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }
    @inline(__always) public subscript(i: Int) -> Int { Int(starts[i]) }
}

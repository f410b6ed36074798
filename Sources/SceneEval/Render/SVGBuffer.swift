import SceneLang

/// The SVG writer's output: UTF-8 bytes, with the one number formatter, the text
/// and id escaping, and path data. Path coordinates are tracked at output precision
/// (thousandths of a point), so a segment that rounds to nothing is never written
/// and the path is exactly the numbers printed.
///
/// Bytes go into one fixed chunk that is handed to `flush` whenever it fills (and
/// at the end), so a 60 MB document streams through a 1 MB buffer: no growth, no
/// page faults, no second copy. Every primitive checks room for what it writes.
struct SVGBuffer {
    static let chunkSize = 1 << 20
    let base: UnsafeMutablePointer<UInt8>
    var count = 0
    private let flushChunk: (UnsafeRawBufferPointer) -> Void
    /// The current point and the subpath's start, in thousandths.
    var cx: Int64 = 0, cy: Int64 = 0
    var sx: Int64 = 0, sy: Int64 = 0
    /// Where the last `M x y` ended in the chunk, and how many chunks were handed
    /// over (the outline cache keeps what follows an `M`, if no flush split it).
    private(set) var afterMove = 0, flushes = 0
    /// Corner bodies already written (SVGCornerCache.swift); nil: every corner is
    /// computed afresh (the tests compare the two).
    var corners: SVGCornerCache?
    /// Whole outlines already written (SVGOutlineCache.swift), with `corners`.
    var outlines: SVGOutlineCache?

    init(cacheCorners: Bool = true, flush: @escaping (UnsafeRawBufferPointer) -> Void) {
        base = .allocate(capacity: Self.chunkSize)
        flushChunk = flush
        corners = cacheCorners ? SVGCornerCache() : nil
        outlines = cacheCorners ? SVGOutlineCache() : nil
    }

    /// Hand over what is left and free the chunk; the buffer is unusable afterwards.
    mutating func finish() {
        flush()
        base.deallocate()
        corners?.deallocate()
        corners = nil
        outlines?.deallocate()
        outlines = nil
    }

    private mutating func flush() {
        // (A writer that wrote past its room would have written past the chunk:
        // stopped here, not handed over. The writers at a pointer make room first.)
        precondition(count <= Self.chunkSize, "SVGBuffer: \(count) bytes in a chunk of \(Self.chunkSize)")
        if count > 0 { flushChunk(UnsafeRawBufferPointer(start: base, count: count)) }
        count = 0
        flushes += 1
    }

    @inline(__always) mutating func room(_ n: Int) {
        if count + n > Self.chunkSize { flush() }
    }

    @inline(__always) private mutating func put(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always) mutating func raw(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        room(n)
        (base + count).update(from: s.utf8Start, count: n)
        count += n
    }

    /// Bytes with no escaping (already safe for where they go).
    mutating func raw(_ s: String.UTF8View) {
        let copied: Void? = s.withContiguousStorageIfAvailable { raw(bytes: $0) }
        if copied == nil { for b in s { room(1); put(b) } }
    }

    /// Bytes kept to be written again and again (a quoted file name, once per finding).
    struct Bytes {
        var bytes: [UInt8] = []
    }

    mutating func raw(_ b: Bytes) { b.bytes.withUnsafeBufferPointer { raw(bytes: $0) } }

    @inline(__always) mutating func raw(bytes: UnsafeBufferPointer<UInt8>) {
        // The usual case, room in the chunk: one copy (a word of a note, an id).
        if bytes.count <= Self.chunkSize - count, let p = bytes.baseAddress {
            (base + count).update(from: p, count: bytes.count)
            count += bytes.count
            return
        }
        rawSplit(bytes)
    }

    /// `raw(bytes:)` across the chunk's end: filled, flushed, and so on.
    private mutating func rawSplit(_ bytes: UnsafeBufferPointer<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            if count == Self.chunkSize { flush() }
            let n = min(rest.count, Self.chunkSize - count)
            (base + count).update(from: rest.baseAddress!, count: n)
            count += n
            rest = UnsafeBufferPointer(rebasing: rest[n...])
        }
    }

    @inline(__always) mutating func byte(_ b: UInt8) { room(1); put(b) }
    @inline(__always) mutating func space() { room(1); put(0x20) }

    // MARK: Numbers

    /// Largest |v| printed through the fast path; beyond it (never reached: the
    /// evaluator bounds every value far below) `Format.number` itself is used.
    static let fastLimit = 1e12

    /// `v` in thousandths, rounded half away from zero like `Format.number`'s
    /// `rounded()`, but without a libm call (this runs ~10 million times for the
    /// bench): truncate, then step away from zero when the rest is at least one half.
    @inline(__always) static func quantize(_ v: Double) -> Int64 {
        let x = v * 1000
        guard x.magnitude < fastLimit * 1000 else { return 0 }
        let t = Int64(x)
        let rest = x - Double(t)  // exact: |x| < 2^50
        if rest >= 0.5 { return t + 1 }
        if rest <= -0.5 { return t - 1 }
        return t
    }

    /// `Format.number(v)`, byte for byte: at most 3 decimals, trailing zeros
    /// trimmed, no `-0`. (A test compares the two over many values.)
    @inline(__always) mutating func number(_ v: Double) {
        guard v.magnitude < Self.fastLimit else {
            raw(Format.number(v).utf8)
            return
        }
        fixed(Self.quantize(v))
    }

    /// `number(v)` right-aligned in `width` columns (the text table): written,
    /// then moved right past the spaces, so its width is never worked out apart.
    mutating func number(_ v: Double, rightAlignedIn width: Int) {
        guard v.magnitude < Self.fastLimit, width <= 64 else {
            let s = Format.number(v)
            for _ in 0..<max(0, width - s.utf8.count) { room(1); put(0x20) }
            raw(s.utf8)
            return
        }
        room(Self.maxFixed + 64)
        let start = base + count
        let n = Self.writeFixed(Self.quantize(v), to: start) - start
        let gap = max(0, width - n)
        if gap > 0 {
            (start + gap).update(from: start, count: n)  // (the regions may overlap: a memmove)
            start.update(repeating: 0x20, count: gap)
        }
        count += gap + n
    }

    /// A number given in thousandths. Written through a local pointer, one
    /// length update per number: this runs ~8 million times for the bench.
    @inline(__always) mutating func fixed(_ q: Int64) {
        room(Self.maxFixed)
        count = Self.writeFixed(q, to: base + count) - base
    }

    /// The most bytes `writeFixed` writes.
    @inline(__always) static var maxFixed: Int { 24 }

    /// A number given in thousandths, written at `start` (room for `maxFixed`
    /// bytes); returns where it ends. Digits go two at a time from `digitPairs`,
    /// and the fraction is written whole (`.ddd`) and then cut back past its
    /// trailing zeros (the bytes beyond the end are within the room and never
    /// counted): no loop and no division by ten for the common |whole| < 1000.
    @inline(__always) static func writeFixed(_ q: Int64, to start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = start
        var m = q
        if m < 0 { p.pointee = 0x2D; p += 1; m = -m }
        let um = UInt64(m)
        let whole = um / 1000, frac = Int(truncatingIfNeeded: um &- whole &* 1000)
        let pairs = digitPairs.utf8Start
        if whole < 10 {
            p[0] = UInt8(truncatingIfNeeded: 48 &+ whole); p += 1
        } else if whole < 100 {
            copyPair(pairs, Int(truncatingIfNeeded: whole), to: p); p += 2
        } else if whole < 1000 {
            let w = Int(truncatingIfNeeded: whole), h = w / 100
            p[0] = UInt8(truncatingIfNeeded: 48 &+ h)
            copyPair(pairs, w &- h &* 100, to: p + 1); p += 3
        } else {
            p = writeWhole(whole, to: p)
        }
        if frac != 0 {
            // frac = 10 * hi + lo: `.` hi's two digits, lo's digit, then trimmed.
            let hi = frac / 10, lo = frac &- hi &* 10
            p[0] = 0x2E
            copyPair(pairs, hi, to: p + 1)
            p[3] = UInt8(truncatingIfNeeded: 48 &+ lo)
            p += lo != 0 ? 4 : p[2] != 0x30 ? 3 : 2
        }
        return p
    }

    /// "00" through "99": the two digits of each number under 100.
    @inline(__always) static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    @inline(__always) private static func copyPair(_ pairs: UnsafePointer<UInt8>, _ n: Int, to p: UnsafeMutablePointer<UInt8>) {
        p[0] = pairs[2 &* n]
        p[1] = pairs[2 &* n &+ 1]
    }

    /// A whole part of 1000 or more (rare: a coordinate past 1000 points), two digits at a time from the end.
    private static func writeWhole(_ whole: UInt64, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var n = 4, t = whole / 10_000
        while t > 0 { n += 1; t /= 10 }
        var rest = whole, i = n
        let pairs = digitPairs.utf8Start
        while rest >= 100 {
            let r = rest % 100
            rest /= 100
            i -= 2
            copyPair(pairs, Int(truncatingIfNeeded: r), to: p + i)
        }
        if rest >= 10 { copyPair(pairs, Int(truncatingIfNeeded: rest), to: p) } else { p[0] = UInt8(truncatingIfNeeded: 48 &+ rest) }
        return p + n
    }

    // MARK: Text

    /// Character data or an attribute value: `& < > " '` escaped; characters XML 1.0
    /// forbids (C0 controls other than tab and newlines, U+FFFE, U+FFFF) dropped.
    mutating func text(_ s: String) {
        // Fast path: nothing to escape (every id and label in practice), one copy.
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for b in bytes where b < 0x20 || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || b >= 0xEF {
                return false
            }
            room(bytes.count)
            if bytes.count <= Self.chunkSize {
                (base + count).update(from: bytes.baseAddress!, count: bytes.count)
                count += bytes.count
            } else {
                for b in bytes { room(1); put(b) }
            }
            return true
        }
        if plain { return }
        for u in s.unicodeScalars {
            switch u {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "'": raw("&apos;")
            case "\t", "\n", "\r": byte(UInt8(u.value))
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                raw(String(u).utf8)
            }
        }
    }

    /// An `id` value: escaped, and starting with a name character (a label always
    /// does; anything else gets a leading `_`).
    mutating func id(_ s: String) {
        if let b = s.utf8.first, !((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F),
           b < 0x80 || !(s.unicodeScalars.first!.properties.isAlphabetic) {
            byte(0x5F)
        }
        text(s)
    }

    /// `id(prefix + "node-" + String(n))`, an unlabelled shape's id.
    mutating func nodeID(prefix: String, _ n: Int) {
        if !prefix.isEmpty { id(prefix) }
        raw("node-")
        fixed(Int64(n) * 1000)
    }

    /// Text inside `<!-- -->`: escaped, never `--`, never ending in `-`.
    mutating func comment(_ s: String) {
        var t = ""
        for ch in s {
            if ch == "-", t.last == "-" { t.append(" ") }
            t.append(ch)
        }
        if t.last == "-" { t.append(" ") }
        text(t)
    }

    /// `#rrggbb` (SVG 1.1 has no alpha in colours: opacity is written apart).
    mutating func hex(_ c: Color) {
        let h: StaticString = "0123456789abcdef"
        byte(0x23)
        let d = h.utf8Start
        room(6)
        for v in [c.r, c.g, c.b] {
            put(d[Int(v >> 4)])
            put(d[Int(v & 15)])
        }
    }

    // MARK: Path data

    /// `M x y`, starting a subpath.
    mutating func pathMove(_ p: Point) { move(to: p) }

    /// A full circle as a subpath: two half arcs from its leftmost point.
    mutating func circle(_ c: Point, _ r: Double) {
        move(to: Point(c.x - r, c.y))
        let rq = Self.quantize(r)
        guard rq > 0 else { return }
        for d in [2 * rq, -2 * rq] {
            raw("a"); fixed(rq); space(); fixed(rq); raw(" 0 1 1 "); fixed(d); raw(" 0")
        }
        raw("z")
    }

    /// A path command: its letter, then `n` numbers in thousandths (`values` holds
    /// them), each after one space but the first. Written through a local pointer
    /// with one room check and one length update for the lot (every line, move and
    /// cubic of an outline; a missed continuous corner is written by `writeBody`).
    @inline(__always) private mutating func command(_ letter: UInt8, _ n: Int,
                                                    _ values: (Int64, Int64, Int64, Int64, Int64, Int64)) {
        room(1 + 6 * (Self.maxFixed + 1))
        var p = base + count
        p.pointee = letter
        p = Self.writeFixed(values.0, to: p + 1)
        if n > 1 { p.pointee = 0x20; p = Self.writeFixed(values.1, to: p + 1) }
        if n > 2 {
            p.pointee = 0x20; p = Self.writeFixed(values.2, to: p + 1)
            p.pointee = 0x20; p = Self.writeFixed(values.3, to: p + 1)
        }
        if n > 4 {
            p.pointee = 0x20; p = Self.writeFixed(values.4, to: p + 1)
            p.pointee = 0x20; p = Self.writeFixed(values.5, to: p + 1)
        }
        count = p - base
    }
}

/// Path data: an absolute `M`, then relative commands (`h v l c a z`). Deltas are
/// taken between coordinates already rounded to output precision, so they add up
/// exactly (no drift), and a corner's numbers depend only on its radius and blend:
/// equal corners read the same wherever they are.
extension SVGBuffer: PathSink {
    mutating func move(to p: Point) { move(Self.quantize(p.x), Self.quantize(p.y)) }

    /// `move(to:)` with the point in thousandths.
    mutating func move(_ x: Int64, _ y: Int64) {
        command(0x4D, 2, (x, y, 0, 0, 0, 0))
        afterMove = count
        cx = x; cy = y; sx = x; sy = y
    }

    mutating func line(to p: Point) { line(Self.quantize(p.x), Self.quantize(p.y)) }

    /// `line(to:)` with the end point in thousandths.
    @inline(__always) mutating func line(_ x: Int64, _ y: Int64) {
        if x == cx && y == cy { return }
        if y == cy { command(0x68, 1, (x - cx, 0, 0, 0, 0, 0)) }
        else if x == cx { command(0x76, 1, (y - cy, 0, 0, 0, 0, 0)) }
        else { command(0x6C, 2, (x - cx, y - cy, 0, 0, 0, 0)) }
        cx = x; cy = y
    }

    mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) {
        cubic(Self.quantize(c1.x), Self.quantize(c1.y), Self.quantize(c2.x), Self.quantize(c2.y),
              Self.quantize(p.x), Self.quantize(p.y))
    }

    /// `cubic(_:_:to:)` with its points in thousandths.
    mutating func cubic(_ x1: Int64, _ y1: Int64, _ x2: Int64, _ y2: Int64, _ x: Int64, _ y: Int64) {
        if x == cx && y == cy && x1 == cx && y1 == cy && x2 == cx && y2 == cy { return }
        command(0x63, 6, (x1 - cx, y1 - cy, x2 - cx, y2 - cy, x - cx, y - cy))
        cx = x; cy = y
    }

    mutating func arc(radius: Double, to p: Point) {
        arc(Self.quantize(radius), Self.quantize(p.x), Self.quantize(p.y))
    }

    /// `arc(radius:to:)` with the radius and end point in thousandths.
    mutating func arc(_ r: Int64, _ x: Int64, _ y: Int64) {
        if x == cx && y == cy { return }
        guard r > 0 else { line(x, y); return }
        raw("a"); fixed(r); space(); fixed(r); raw(" 0 0 1 "); fixed(x - cx); space(); fixed(y - cy)
        cx = x; cy = y
    }

    mutating func close() {
        raw("z")
        cx = sx; cy = sy
    }
}

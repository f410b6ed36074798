import SceneLang

/// The resolved tree as readable text: one line per shape with its label, kind,
/// frame, the four radii (topLeading topTrailing bottomTrailing bottomLeading)
/// and the container it resolved against.
///
/// Two passes over the shapes, no table held in memory: the first measures each
/// column (a number's width is counted, not formatted), the second writes the
/// rows as bytes. Each cell reads exactly as `Format.number` and `Radii.description`
/// would print it (`SVGBuffer.number` is byte for byte `Format.number`).
public enum TextWriter {
    public static func write(_ scene: ResolvedScene) -> String {
        var all: [UInt8] = []
        write(scene) { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }

    static let header = ["shape", "kind", "x", "y", "width", "height", "radii (tl tr br bl)", "against", "notes"]
    /// One long label cannot push every other column right.
    static let maxWidth = 48

    /// The same text, streamed to `sink` as UTF-8 in pieces of up to a megabyte.
    public static func write(_ scene: ResolvedScene, to sink: (UnsafeRawBufferPointer) -> Void) {
        write(scene, code: nil, to: sink)
    }

    /// The table with a `code` column before `notes`: where each shape's code is
    /// (`code[i]` for shape i, `Card.swift:12`), for a scene read from SwiftUI views,
    /// whose ids (`n0`, `n1`, …) say nothing of the code.
    public static func write(_ scene: ResolvedScene, code: [String]?, to sink: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var o = SVGBuffer(cacheCorners: false, flush: sink)
            write(scene, code: code, into: &o)
            o.finish()
        }
    }

    static func write(_ scene: ResolvedScene, code: [String]? = nil, into o: inout SVGBuffer) {
        let s = scene.screen
        o.raw("screen \(s.name ?? "custom") \(Format.number(s.width))×\(Format.number(s.height)) radius \(Format.number(s.radius)), target \(scene.target.name(onWindow: s.isWindow))\n".utf8)
        guard !scene.shapes.isEmpty else { o.raw("(no shapes)\n"); return }
        let header = code == nil ? header : Array(header.dropLast()) + ["code", "notes"]
        var w = header.map { min($0.count, maxWidth) }
        if let code { for c in code { w[8] = max(w[8], width(c)) } }
        // (Each shape read in place: a copy of one is a dozen reference counts. A
        // run of shapes of one kind, or in one container, measures its name once.)
        var lastKind: ShapeKind? = nil, lastContainer: ContainerRef? = nil, containerWidth = 1
        scene.shapes.withUnsafeBufferPointer { shapes in
            for k in shapes.indices {
                let sh = shapes.baseAddress! + k
                ResolvedShape.prefetchLabel(of: k + ResolvedShape.labelsAhead, in: shapes)
                let frame = sh.pointee.frame, kind = sh.pointee.kind
                w[0] = max(w[0], min(2 * min(sh.pointee.depth, 40) + idWidth(sh), maxWidth))
                if kind != lastKind {
                    w[1] = max(w[1], min(width(kind.rawValue), maxWidth))
                    lastKind = kind
                }
                w[2] = max(w[2], numberWidth(frame.x))
                w[3] = max(w[3], numberWidth(frame.y))
                w[4] = max(w[4], numberWidth(frame.width))
                w[5] = max(w[5], numberWidth(frame.height))
                w[6] = max(w[6], min(kind == .group ? 1 : radiiWidth(sh.pointee.radii), maxWidth))
                let container = sh.pointee.container
                if container != lastContainer {
                    containerWidth = min(scene.containerName(container).map(width) ?? 1, maxWidth)
                    lastContainer = container
                }
                w[7] = max(w[7], containerWidth)
            }
        }
        // The header: left-aligned words, numbers' headings right-aligned.
        for (i, c) in header.enumerated() {
            if i == header.count - 1 { o.raw(c.utf8); break }
            cell(c, w[i], right: (2...5).contains(i), &o)
        }
        o.byte(0x0A)
        scene.shapes.withUnsafeBufferPointer { shapes in
            for k in shapes.indices {
                ResolvedShape.prefetchLabel(of: k + ResolvedShape.labelsAhead, in: shapes)
                row(shapes.baseAddress! + k, in: scene, w, code: code.map { k < $0.count ? $0[k] : "" }, &o)
            }
        }
    }

    /// How many characters shape `sh`'s id shows: its label's, or `node-` and its
    /// number's (no id string made: `ResolvedShape.id` spells it so).
    static func idWidth(_ sh: UnsafePointer<ResolvedShape>) -> Int {
        if let label = sh.pointee.extras?.label { return width(label) }
        return 5 + numberWidth(Double(sh.pointee.ordinalValue) + 1)
    }

    /// One shape's line (read in place: a copy of a shape is a dozen reference counts).
    static func row(_ p: UnsafePointer<ResolvedShape>, in scene: ResolvedScene, _ w: [Int], code: String?, _ o: inout SVGBuffer) {
        let depth = min(p.pointee.depth, 40)
        pad(2 * depth, &o)
        // The id as `ResolvedShape.id` spells it, written in place.
        if let label = p.pointee.extras?.label { o.raw(label.utf8) } else { o.nodeID(prefix: "", Int(p.pointee.ordinalValue) + 1) }
        pad(w[0] - 2 * depth - idWidth(p), &o)
        o.raw("  ")
        cell(p.pointee.kind.rawValue, w[1], right: false, &o)
        number(p.pointee.frame.x, w[2], &o)
        number(p.pointee.frame.y, w[3], &o)
        number(p.pointee.frame.width, w[4], &o)
        number(p.pointee.frame.height, w[5], &o)
        if p.pointee.kind == .group { cell("-", w[6], right: false, &o) } else {
            let r = p.pointee.radii
            o.number(r.topLeading); o.space(); o.number(r.topTrailing); o.space()
            o.number(r.bottomTrailing); o.space(); o.number(r.bottomLeading)
            pad(w[6] - radiiWidth(r), &o)
            o.raw("  ")
        }
        let window = scene.screen.isWindow
        let against = p.pointee.container == .screen ? (window ? "window" : "screen") : scene.containerName(p.pointee.container) ?? "-"
        // The notes go straight into the buffer, the column's padding before the
        // first of them: a row with none ends at `against`, with no trailing spaces.
        o.raw(against.utf8)
        var gap = max(0, w[7] - width(against)) + 2
        if let code {
            pad(gap, &o)
            o.raw(code.utf8)
            gap = max(0, w[8] - width(code)) + 2
        }
        withUnsafeMutablePointer(to: &o) { o in
            var notes = RowNotes(o: o, padding: gap)
            NoteWords.write(p, window: window, to: &notes)
        }
        o.byte(0x0A)
    }

    /// The notes column: it writes the padding that ends the `against` cell
    /// when the first note comes.
    struct RowNotes: NoteSink {
        /// The row's buffer, written in place (a copy of the buffer is reference counts a row).
        let o: UnsafeMutablePointer<SVGBuffer>
        var padding: Int
        @inline(__always) mutating func start() {
            guard padding >= 0 else { return }
            pad(padding, &o.pointee)
            padding = -1
        }
        mutating func put(_ words: String) { start(); o.pointee.raw(words.utf8) }
        mutating func number(_ v: Double) { start(); o.pointee.number(v) }
    }

    /// `text` padded to `width` (left- or right-aligned), then the column gap.
    static func cell(_ text: String, _ width: Int, right: Bool, _ o: inout SVGBuffer) {
        let n = Self.width(text)
        if right { pad(width - n, &o) }
        o.raw(text.utf8)
        if !right { pad(width - n, &o) }
        o.raw("  ")
    }

    /// A number right-aligned in `width`, then the column gap.
    static func number(_ v: Double, _ width: Int, _ o: inout SVGBuffer) {
        o.number(v, rightAlignedIn: width)
        o.raw("  ")
    }

    /// How many characters `s` shows (`s.count`; read from the bytes when they are all ASCII, as ids and kinds are).
    static func width(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { b in b.allSatisfy { $0 < 0x80 } ? b.count : nil } ?? s.count
    }

    static func pad(_ n: Int, _ o: inout SVGBuffer) {
        var n = n
        while n > 0 { o.space(); n -= 1 }
    }

    /// How many characters `Format.number(v)` prints.
    static func numberWidth(_ v: Double) -> Int {
        guard v.isFinite, v.magnitude < SVGBuffer.fastLimit else { return Format.number(v).count }
        let q = SVGBuffer.quantize(v)
        let m = q.magnitude
        var n = q < 0 ? 1 : 0
        var whole = m / 1000
        let frac = m % 1000
        repeat { n += 1; whole /= 10 } while whole > 0
        if frac != 0 { n += frac % 100 == 0 ? 2 : frac % 10 == 0 ? 3 : 4 }
        return n
    }

    /// How many characters `Radii.description` prints.
    static func radiiWidth(_ r: Radii) -> Int {
        numberWidth(r.topLeading) + numberWidth(r.topTrailing) + numberWidth(r.bottomTrailing)
            + numberWidth(r.bottomLeading) + 3
    }
}

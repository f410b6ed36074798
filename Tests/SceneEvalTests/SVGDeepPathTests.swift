import Testing
import SceneLang
@testable import SceneEval

/// The SVG writer's fast paths for scenes whose corners miss the cache (`deep`:
/// every level a distinct radius): the missed corner's body, computed from its
/// edge offsets once for the four corners of a radius, against the corner computed afresh; and the number writer's
/// digit table against plain formatting.
@Suite("SVG deep paths")
struct SVGDeepPathTests {
    /// A `deep` chain's rects: level k is `container rect (1020 - k)` 1 pt inside
    /// the one before, then the same radii in wider, taller and off-grid frames
    /// (other blends, and vertices the cache must refuse).
    static func deepRects() -> [RoundedRect] {
        var rects: [RoundedRect] = []
        for k in 0..<1000 {
            let r = Double(1020 - k), side = Double(2100 - 2 * k)
            let square = Frame(x: Double(k), y: Double(k), width: side, height: side)
            rects.append(RoundedRect(frame: square, radii: Radii(all: r), style: .continuous))
            let wide = Frame(x: Double(k) + 0.25, y: Double(3 * k), width: side * 1.5, height: side)
            rects.append(RoundedRect(frame: wide, radii: Radii(r, r / 2, r / 3, r / 7), style: .continuous))
            let off = Frame(x: Double(k) / 3, y: 7, width: side, height: side + 0.5)
            rects.append(RoundedRect(frame: off, radii: Radii(all: r / 9), style: k % 3 == 0 ? .circular : .continuous))
        }
        return rects
    }

    @Test("a deep chain's corners, missing the cache, are the corners computed afresh")
    func deepCorners() {
        let rects = Self.deepRects()
        let cached = SVGWriterSpeedTests.outlines(rects, cache: true)
        let fresh = SVGWriterSpeedTests.outlines(rects, cache: false)
        let a = cached.text.split(separator: "\n"), b = fresh.text.split(separator: "\n")
        #expect(a.count == b.count)
        let differ = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differ.isEmpty, "\(differ.count) outlines differ, e.g. \(differ.prefix(2).map { "\(rects[$0]): \(a[$0]) vs \(b[$0])" })")
        // Mostly misses (distinct radii), the path under test; a square's four
        // equal corners are one body worked out (SVGCornerBodies) and three written from it.
        #expect(cached.misses > 4000, "misses \(cached.misses)")
        #expect(cached.bodies > 2500, "corners written from a body already worked out: \(cached.bodies)")
    }

    /// `deep`'s shape: chains of the same 1,000 radii in turn, more than the 16 slots
    /// the bodies start with. Most of the first 256 asked for are worked out afresh, so
    /// the table grows (`SVGCornerBodies.largestSlots`) and the next chains' bodies are
    /// the first's; the text is the corners computed afresh either way.
    @Test("chains of the same radii in turn reuse their bodies once the table grows")
    func repeatedChains() {
        var rects: [RoundedRect] = []
        for chain in 0..<3 {
            for k in 0..<1000 {
                let side = Double(2100 - 2 * k)
                let frame = Frame(x: Double(2200 * chain + k), y: Double(k), width: side, height: side)
                rects.append(RoundedRect(frame: frame, radii: Radii(all: Double(1020 - k)), style: .continuous))
            }
        }
        // An outline cache of one outline at a time, as if the chains' outlines all
        // differed: the other chains' outlines are not copied whole
        // (SVGOutlineCacheTests), and their corners come from the bodies.
        let one = SVGOutlineCache.Limits(firstSlots: 2, largestSlots: 2)
        let cached = SVGWriterSpeedTests.outlines(rects, cache: true, outlineLimits: one)
        #expect(cached.text == SVGWriterSpeedTests.outlines(rects, cache: false).text && cached.copies == 0)
        // Most corners after the first chain are written from a body worked out before
        // (not those of radii the table's hashing puts in one slot, worked out again
        // each chain): 9,926 of 12,000. In 16 slots only the three after the first of
        // each shape were, 9,000.
        #expect(cached.bodies > 9_500, "corners written from a body worked out before: \(cached.bodies)")
        var b = SVGCornerBodies()
        #expect(b.slots == SVGCornerBodies.firstSlots)
        for k in 0..<SVGCornerBodies.growAfter { _ = b.body(Double(k + 1), 1, 1) }
        #expect(b.slots == SVGCornerBodies.largestSlots)
        b.deallocate()
        // One radius asked for over and over (a list's) never grows it.
        var few = SVGCornerBodies()
        for _ in 0..<(4 * SVGCornerBodies.growAfter) { _ = few.body(12, 1, 1) }
        #expect(few.slots == SVGCornerBodies.firstSlots)
        few.deallocate()
    }

    /// Corners so small their cubics round to nothing (radius 0.0003 and 0.0005 on
    /// frames a thousandth wide, on the grid): a cubic whose points are all its start
    /// is skipped, by `writeBody` as by `cubic`, and the rest are the same.
    @Test("corners whose cubics round to nothing are written as computed afresh")
    func vanishingCorners() {
        var rects: [RoundedRect] = []
        for (w, h) in [(0.001, 0.001), (0.001, 30.0), (0.002, 0.002), (30.0, 0.001)] {
            for r in [0.0003, 0.0005, 0.0007, 0.001] {
                for x in [0.0, 5, 12.5] {
                    rects.append(RoundedRect(frame: Frame(x: x, y: 3, width: w, height: h), radii: Radii(all: r), style: .continuous))
                }
            }
        }
        let cached = SVGWriterSpeedTests.outlines(rects, cache: true)
        let fresh = SVGWriterSpeedTests.outlines(rects, cache: false)
        #expect(cached.text == fresh.text)
        // Each size's later corners were written from the body of its first.
        #expect(cached.bodies > 0 && cached.misses > 0, "bodies \(cached.bodies), misses \(cached.misses)")
    }

    /// Thousandths as text, the plain way: the whole part, then up to three
    /// decimals with trailing zeros trimmed.
    static func plain(_ q: Int64) -> String {
        let m = q.magnitude
        var s = String(m / 1000)
        var frac = String(m % 1000)
        frac = String(repeating: "0", count: 3 - frac.count) + frac
        while frac.last == "0" { frac.removeLast() }
        if !frac.isEmpty { s += "." + frac }
        return q < 0 ? "-" + s : s
    }

    @Test("numbers in thousandths are written as plain formatting writes them")
    func fixedDigits() {
        var wholes: [Int64] = Array(0...1100)
        var p: Int64 = 10
        while p <= 1_000_000_000_000 { wholes += [p - 1, p, p + 1, p * 5 - 1, p * 7 + 3]; p *= 10 }
        let fracs: [Int64] = [0, 1, 5, 9, 10, 12, 50, 99, 100, 101, 102, 110, 120, 500, 505, 550, 909, 990, 999]
        var mismatches: [String] = []
        for w in wholes {
            for f in w < 3 || w % 97 == 0 ? Array(0...999) : fracs {
                for q in [w * 1000 + f, -(w * 1000 + f)] {
                    let got = SVGWriterTests.buffered { $0.fixed(q) }
                    if got != Self.plain(q) { mismatches.append("\(q): \(got) vs \(Self.plain(q))") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(5))")
    }
}

import Testing
import SceneLang
@testable import SceneEval

/// The whole-outline cache (SVGOutlineCache.swift) grows as outlines are kept and
/// is emptied when full at its largest: neither may change a byte, and an outline
/// seen again after many others must be copied, not built again.
@Suite("SVG outline cache")
struct SVGOutlineCacheTests {
    /// `rects` written with the caches (`limits` for the outline cache) and without
    /// (`SVGWriterSpeedTests.outlines`), a line an outline.
    static func write(_ rects: [RoundedRect], limits: SVGOutlineCache.Limits = .init())
        -> (cached: [Substring], fresh: [Substring], copies: Int, kept: Int, emptied: Int, slots: Int) {
        let c = SVGWriterSpeedTests.outlines(rects, cache: true, outlineLimits: limits)
        let f = SVGWriterSpeedTests.outlines(rects, cache: false)
        return (c.text.split(separator: "\n"), f.text.split(separator: "\n"), c.copies, c.kept, c.emptied, c.slots)
    }

    /// `chains` chains of `levels` nested squares, as `scripts/gen-bench deep` makes:
    /// at level k a square 2k smaller than the first, of radius `first - k`, inset
    /// by 1 from its parent; each chain beside the one before.
    static func chains(_ chains: Int, levels: Int, firstRadius: Double = 520) -> [RoundedRect] {
        (0..<chains).flatMap { c in
            (0..<levels).map { k -> RoundedRect in
                let side = Double(2 * levels + 100 - 2 * k)
                let frame = Frame(x: Double(c * (2 * levels + 120) + k), y: Double(k), width: side, height: side)
                return RoundedRect(frame: frame, radii: Radii(all: firstRadius - Double(k) / 2), style: .continuous)
            }
        }
    }

    @Test("an outline seen again after a thousand others is copied, byte for byte")
    func deepChains() {
        let rects = Self.chains(3, levels: 1000)
        let w = Self.write(rects)
        #expect(w.cached.count == rects.count && w.cached == w.fresh,
                "\(zip(w.cached, w.fresh).filter { $0 != $1 }.count) outlines differ")
        // The first chain builds its 1,000 outlines and keeps those it may (not one
        // with a corner offset near a rounding tie: 22 here); the other two copy them.
        #expect(w.kept >= 950 && w.copies == 2 * w.kept, "copied \(w.copies) of \(rects.count), kept \(w.kept)")
        #expect(w.slots >= 2 * w.kept && w.emptied == 0, "kept \(w.kept) in \(w.slots) slots, emptied \(w.emptied) times")
    }

    @Test("a full cache is emptied and fills again, byte for byte",
          arguments: [SVGOutlineCache.Limits(firstSlots: 2, largestSlots: 16, firstText: 2048, largestText: 1 << 20),
                      SVGOutlineCache.Limits(firstSlots: 16, largestSlots: 4096, firstText: 1024, largestText: 2500)])
    func emptied(_ limits: SVGOutlineCache.Limits) {
        // 300 outlines of their own, each three times running: the second and third copied.
        let rects = Self.chains(1, levels: 300).flatMap { r in
            (0..<3).map { i in
                RoundedRect(frame: Frame(x: r.frame.minX + Double(10_000 * i), y: r.frame.minY,
                                         width: r.frame.width, height: r.frame.height),
                            radii: r.radii, style: r.style)
            }
        }
        let w = Self.write(rects, limits: limits)
        #expect(w.cached.count == rects.count && w.cached == w.fresh,
                "\(zip(w.cached, w.fresh).filter { $0 != $1 }.count) outlines differ")
        // Each run of three is copied twice whatever was emptied before it: as many
        // copies as the cache that never fills makes (two for each outline it may keep).
        let unlimited = Self.write(rects)
        #expect(unlimited.emptied == 0 && unlimited.copies >= 2 * 280)
        #expect(w.emptied > 10 && w.copies == unlimited.copies && w.slots <= limits.largestSlots,
                "emptied \(w.emptied) times, copied \(w.copies) (\(unlimited.copies) unlimited), \(w.slots) slots")
    }
}

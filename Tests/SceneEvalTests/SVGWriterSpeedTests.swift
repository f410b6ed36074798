import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// The SVG writer's shortcuts for big scenes must not change a byte: the corner
/// cache against corners computed afresh, the id registry against a set of every id.
@Suite("SVG writer shortcuts")
struct SVGWriterSpeedTests {
    /// `rects` written with the caches (`outlineLimits` for the outline cache) or
    /// without; the counts of each cache, and the outline cache's state at the end.
    static func outlines(_ rects: [RoundedRect], cache: Bool, outlineLimits: SVGOutlineCache.Limits = .init())
        -> (text: String, hits: Int, misses: Int, copies: Int, bodies: Int, kept: Int, emptied: Int, slots: Int) {
        var bytes: [UInt8] = []
        var b = SVGBuffer(cacheCorners: cache) { bytes.append(contentsOf: $0) }
        if cache {
            b.outlines?.deallocate()
            b.outlines = SVGOutlineCache(limits: outlineLimits)
        }
        for r in rects { b.path(r); b.raw("\n") }
        let (hits, misses, copies) = (b.corners?.hits ?? 0, b.corners?.misses ?? 0, b.outlines?.hits ?? 0)
        let bodies = b.corners?.bodies.hits ?? 0
        let (kept, emptied, slots) = (b.outlines?.kept ?? 0, b.outlines?.emptied ?? 0, b.outlines?.slots ?? 0)
        b.finish()
        return (String(decoding: bytes, as: UTF8.self), hits, misses, copies, bodies, kept, emptied, slots)
    }

    /// A coordinate: on the thousandth grid, off it, near the cache's limit, beyond it.
    static func coordinate(_ rng: inout SplitMix) -> Double {
        let n = Double(rng.next() % 2_000_001) - 1_000_000
        switch rng.next() % 8 {
        case 0: return n / 40                      // quarters and tenths, on the grid
        case 1: return n / 1000                    // thousandths (not exact in binary)
        case 2: return n / 3                       // off the grid
        case 3: return n / 1000 + 0.0005           // a half-thousandth: a tie
        case 4: return n * 1.000_001               // ~1e6, around the limit
        case 5: return n * 3                       // beyond it
        case 6: return Double(rng.next() % 1000) / 7 + 1e-7  // just off the grid
        default: return (n / 10).rounded()
        }
    }

    static func radius(_ rng: inout SplitMix) -> Double {
        switch rng.next() % 7 {
        case 0: return 0
        case 1: return Double(rng.next() % 64)
        case 2: return Double(rng.next() % 64_000) / 1000
        // Offsets u·r near a half-thousandth: r = (k + 0.5) / 1000 / u for the corner's u.
        case 3: return (Double(rng.next() % 40_000) + 0.5) / 1000 / ContinuousCorner.c1.start.u
        case 4: return (Double(rng.next() % 40_000) + 0.5) / 1000 / ContinuousCorner.c2.end.v
        case 5: return Double(rng.next() % 1_000_000) / 3
        default: return .nan
        }
    }

    @Test("cached corners and outlines are the ones computed afresh, byte for byte")
    func cornerCache() {
        var rng = SplitMix(seed: 23)
        var rects: [RoundedRect] = []
        for _ in 0..<3000 {
            let w = abs(Self.coordinate(&rng)).truncatingRemainder(dividingBy: 5000)
            let h = [w, abs(Self.coordinate(&rng)).truncatingRemainder(dividingBy: 5000), 30, 2 * 1.528665 * 12][Int(rng.next() % 4)]
            let same = rng.next() % 2 == 0
            let r0 = Self.radius(&rng)
            let radii = same ? Radii(all: r0) : Radii(r0, Self.radius(&rng), Self.radius(&rng), Self.radius(&rng))
            let style: CornerStyle = rng.next() % 3 == 0 ? .circular : .continuous
            // The same shape at a few places (as in a list): the cache's hits.
            let (x, y) = (Self.coordinate(&rng), Self.coordinate(&rng))
            for k in 0..<(1 + rng.next() % 6) {
                let frame = Frame(x: x + Double(rng.next() % 3), y: y + Double(k) * 34, width: w, height: h)
                rects.append(RoundedRect(frame: frame, radii: radii, style: style))
            }
        }
        let cached = Self.outlines(rects, cache: true), fresh = Self.outlines(rects, cache: false)
        let a = cached.text.split(separator: "\n"), b = fresh.text.split(separator: "\n")
        #expect(a.count == b.count)
        let differ = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differ.isEmpty, "\(differ.count) outlines differ, e.g. \(differ.prefix(3).map { "\(rects[$0]): \(a[$0]) vs \(b[$0])" })")
        // The test means something only if the cache was used, and refused some,
        // and missed corners were written from bodies worked out for another corner.
        #expect(cached.hits > 500 && cached.misses > 500 && cached.copies > 200 && cached.bodies > 40,
                "hits \(cached.hits), misses \(cached.misses), outlines copied \(cached.copies), bodies \(cached.bodies)")
        #expect(fresh.hits == 0 && fresh.misses == 0 && fresh.copies == 0)
    }

    @Test("a list's equal outlines come from the cache")
    func listHits() throws {
        let scene = try #require(SVGTest.scene("""
        screen 400 x 2000 radius 40
        c: container rect 28 size 360x1800 vstack spacing 4 align topLeading pad leading 20 top 20 <
        \(String(repeating: "  concentric min 15 height 30 pad h 6\n", count: 40))>
        """))
        var b = SVGBuffer { _ in }
        for s in scene.shapes { b.path(Outline(shape: s)) }
        // One row written, the other 39 copied (the container is the only other outline).
        #expect(b.outlines!.hits >= 39 && b.corners!.misses <= 8, "copied \(b.outlines!.hits), corners made \(b.corners!.misses)")
        b.finish()
    }

    /// The ids the writer used to give: one set of every id, first come first served.
    static func expectedIDs(_ panels: [ResolvedScene], _ options: SVGOptions) -> [String] {
        var taken = Set<String>(), out: [String] = []
        func unique(_ id: String) {
            var candidate = id, n = 1
            while !taken.insert(candidate).inserted { n += 1; candidate = "\(id)-\(n)" }
            out.append(candidate)
        }
        for scene in panels {
            let prefix = panels.count > 1 ? scene.target.rawValue + "-" : ""
            if panels.count > 1 { unique(scene.target.rawValue) }
            unique(prefix + "screen")
            unique(prefix + "screen-clip")
            let overflows = scene.svgOverflows(scene.svgExtent)
            if overflows { unique(prefix + "shapes") }
            for s in scene.shapes where s.kind != .group { unique(prefix + s.id) }
            if overflows {
                unique(prefix + "overflow-clip")
                unique(prefix + "screen-edge")
            }
            if options.centers { unique(prefix + "centers") }
            if options.labels { unique(prefix + "labels") }
        }
        if options.centers { unique("legend") }
        return out
    }

    @Test("ids are unique as before, whatever the labels collide with")
    func idsAgainstASet() throws {
        let base = try #require(SVGTest.scene("""
        screen 300 x 300 radius 20
        a: rect 20 size 200x200 <
          zstack <
            rect 8 pad 20 <
              rect 4 pad 20
              capsule pad 60
            >
          >
        >
        rect 4 size 50x50 align bottom
        circle size 40x40 align topTrailing
        """))
        let fallback = try #require(SVGTest.scene(String("screen 300 x 300 radius 20\n"), target: .ios18))
        let pool = ["node-1", "node-2", "node-3", "node-4", "node-3-2", "node-03", "screen", "screen-2", "labels", "centers",
                    "ios18-node-2", "ios26-node-1", "ios26-screen", "legend", "a", "a-2", "xnode-5", "node-"]
        var rng = SplitMix(seed: 5)
        for round in 0..<300 {
            var scene = base
            for i in scene.shapes.indices where rng.next() % 3 == 0 {
                scene.shapes[i].label = pool[Int(rng.next() % UInt64(pool.count))]
            }
            // Now and then an ordinal that is not the shape's index (`node-N` of another).
            if rng.next() % 4 == 0 {
                let i = Int(rng.next() % UInt64(scene.shapes.count))
                scene.shapes[i].ordinal = Int(rng.next() % UInt64(scene.shapes.count + 2))
            }
            var other = scene
            other.target = .ios18
            if rng.next() % 4 == 0 { other = fallback }
            let options = SVGOptions(centers: rng.next() % 2 == 0, labels: rng.next() % 2 == 0)
            let panels = rng.next() % 2 == 0 ? [scene] : [scene, other]
            let svg = SVGWriter.write(panels[0], compare: panels.count > 1 ? panels[1] : nil, options: options)
            let got = SVGWriterTests.ids(in: svg)
            let want = Self.expectedIDs(panels, options)
            #expect(got == want, "round \(round): \(got) vs \(want)")
            if got != want { break }
        }
    }

    @Test("an unlabelled shape's id is node-N, N its index + 1 (the writer's fast path)")
    func generatedIDs() throws {
        for source in SVGGoldenTests.sources() {
            guard let scene = Pipeline.compile(SourceFile(name: source.path, text: source.text)).scene else { continue }
            for (i, s) in scene.shapes.enumerated() where s.label == nil {
                #expect(s.id == "node-\(i + 1)" && s.ordinal == i, "\(source.path): shape \(i) is \(s.id)")
            }
        }
    }

    /// The set of ids the writer keeps (bytes end to end) answers as a `Set<String>`
    /// does, over random inserts and lookups of short strings that share
    /// prefixes, are empty, are not ASCII or are equal in other bytes, past many
    /// growths of its table; inserted with a hash from `prefetch` or without.
    @Test func idSetAnswersAsASetOfStrings() {
        var rng = SeededGenerator.fromEnvironment("idSetAnswersAsASetOfStrings")
        // (`é` as one scalar and as `e` and a combining accent, the Kelvin sign and
        // `K`: equal as Swift compares strings, as the set must take them.)
        let pieces = ["a", "b", "ab", "node-", "1", "\u{E9}", "e\u{301}", "\u{212A}", "K", "×", "-2", ""]
        var ids = IDSet(), reference = Set<String>()
        for step in 0..<20_000 {
            let s = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            if step % 3 == 0 {
                #expect(ids.contains(s) == reference.contains(s), "\(s)")
            } else if step % 3 == 1 {
                #expect(ids.insert(s) == reference.insert(s).inserted, "\(s)")
            } else {
                // The writer's way: the hash from `prefetch`, the table perhaps grown since.
                let hash = ids.prefetch(s)
                if step % 7 == 0 { ids.insert("between-\(step)"); reference.insert("between-\(step)") }
                #expect(ids.insert(s, hash: hash) == reference.insert(s).inserted, "\(s)")
            }
        }
        #expect(ids.count == reference.count && ids.count > 1000)
        for s in reference { #expect(ids.contains(s)) }
        ids.reserve(100_000)
        for s in reference { #expect(ids.contains(s)) }
    }

    @Test("node numbers are read only from canonical node-N endings")
    func nodeNumbers() {
        #expect(SVGIDs.nodeNumber("node-1") == 1 && SVGIDs.nodeNumber("ios26-node-120") == 120)
        #expect(SVGIDs.nodeNumber("node-0") == nil && SVGIDs.nodeNumber("node-012") == nil)
        #expect(SVGIDs.nodeNumber("node-") == nil && SVGIDs.nodeNumber("node1") == nil && SVGIDs.nodeNumber("12") == nil)
        #expect(SVGIDs.nodeNumber("node-3-2") == nil && SVGIDs.nodeNumber("node-99999999999999999999") == nil)
    }
}

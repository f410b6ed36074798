import Foundation
import Testing
@testable import SceneEval
@testable import SceneLang

/// `TaggedSlot.hash`, the hash the duplicate-label table and the SVG's id set
/// file strings under: strings Swift calls equal must hash alike, however they
/// are spelt, and its quick path for ASCII rests on which scalars are ASCII in
/// canonical form.
@Suite struct TaggedSlotTests {
    /// Every scalar outside ASCII whose canonical decomposition is ASCII (of any
    /// length) is one of the three the quick path leaves to `hashValue`, and each
    /// decomposes to the byte it names: KELVIN SIGN to `K`, GREEK QUESTION MARK to
    /// `;`, GREEK VARIA to `` ` ``. (Foundation's NFD, over every scalar.)
    @Test func onlyThreeScalarsAreASCIIInCanonicalForm() {
        var found: [UInt32: String] = [:]
        for v in 0x80...0x10FFFF {
            guard let u = UnicodeScalar(v) else { continue }
            let d = String(u).decomposedStringWithCanonicalMapping
            if d.utf8.allSatisfy({ $0 < 0x80 }) { found[u.value] = d }
        }
        #expect(found == [0x212A: "K", 0x37E: ";", 0x1FEF: "`"])
    }

    /// Equal strings hash alike, whichever way each is spelt; unequal ASCII labels
    /// (the quick path) spread over the slots and over the tags.
    @Test func equalStringsHashAlike() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "K", "k", "_", "1", "\u{E9}", "e\u{301}", "\u{212A}", "\u{37E}", ";", "`", "\u{1FEF}", "×", ""]
        var byString: [String: Int] = [:]
        for _ in 0..<20_000 {
            let s = (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let h = TaggedSlot.hash(s)
            if let seen = byString[s] { #expect(seen == h, "\(s.unicodeScalars.map { $0.value })") }
            byString[s] = h
        }
        #expect(TaggedSlot.hash("K1") == TaggedSlot.hash("\u{212A}1"))
        #expect(TaggedSlot.hash("caf\u{E9}") == TaggedSlot.hash("cafe\u{301}"))
        #expect(Array("card_12".utf8).withUnsafeBufferPointer { TaggedSlot.plainHash($0, seed: TaggedSlot.seed) } != nil)
        var slots: Set<Int> = [], tags: Set<Int32> = []
        for i in 0..<4096 {
            let h = TaggedSlot.hash("g\(i / 64)_\(i % 64)")
            slots.insert(h & 8191)
            tags.insert(TaggedSlot.tag(h, 21))
        }
        // 4,096 labels over 8,192 slots and 1,024 tags, when spread: about 3,223 slots (σ ≈ 28) and
        // 1,005 tags (σ ≈ 4), whatever the process's key.
        #expect(slots.count > 3000 && tags.count > 980, "\(slots.count) slots, \(tags.count) tags")
    }

    /// The quick path is seeded: labels chosen to share a slot under one seed (a file
    /// written to make every probe long) are spread under another, and each process
    /// takes its seed from `hashValue`'s.
    @Test func theBytesHashIsSeeded() {
        func slot(_ s: String, _ seed: UInt64) -> Int {
            Array(s.utf8).withUnsafeBufferPointer { TaggedSlot.plainHash($0, seed: seed)! } & 4095
        }
        // Labels that share slot 0 under seed 1, found by trying.
        var piled: [String] = []
        var i = 0
        while piled.count < 64 { let s = "l\(String(i, radix: 16))"; if slot(s, 1) == 0 { piled.append(s) }; i += 1 }
        #expect(Set(piled.map { slot($0, 2) }).count > 48)
        #expect(TaggedSlot.seed == UInt64(truncatingIfNeeded: 0x5CE_7E5EED.hashValue))
    }

    /// Labels equal as strings and spelt apart are still one label twice.
    @Test func kelvinSignAndKAreOneLabel() {
        let text = "K1: rect 4 size 10x10\n\u{212A}1: rect 4 size 10x10"
        let c = Pipeline.compile(SourceFile(name: "t", text: text))
        #expect(c.diagnostics.contains { $0.id == .duplicateLabel })
    }
}

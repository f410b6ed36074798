import Testing
@testable import SceneEval
@testable import SceneLang

/// `TaggedSlot.hash`, the hash the duplicate-label table and the SVG's id set
/// file strings under: strings Swift calls equal must hash alike, however they
/// are spelt, and its quick path for ASCII rests on which scalars are ASCII in
/// canonical form.
@Suite struct TaggedSlotTests {
    /// Every scalar outside ASCII whose string equals an ASCII string (canonical
    /// equivalence) equals `K`, `;` or `` ` ``: the three the quick path leaves to
    /// `hashValue`. (Found through `hashValue`, which equal strings share, and then compared.)
    @Test func onlyThreeScalarsAreASCIIInCanonicalForm() {
        var ascii: [Int: [String]] = [:]
        for b in 0..<0x80 { let s = String(UnicodeScalar(UInt8(b))); ascii[s.hashValue, default: []].append(s) }
        var found: Set<String> = []
        for v in 0x80...0x10FFFF {
            guard let u = UnicodeScalar(v) else { continue }
            let s = String(u)
            for a in ascii[s.hashValue] ?? [] where a == s { found.insert(a) }
        }
        #expect(found == ["K", ";", "`"])
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
        #expect(Array("card_12".utf8).withUnsafeBufferPointer { TaggedSlot.plainHash($0) } != nil)
        var slots: Set<Int> = [], tags: Set<Int32> = []
        for i in 0..<4096 {
            let h = TaggedSlot.hash("g\(i / 64)_\(i % 64)")
            slots.insert(h & 8191)
            tags.insert(TaggedSlot.tag(h, 21))
        }
        // 4,096 labels over 8,192 slots and 1,024 tags: about 3,200 and all of them, when spread.
        #expect(slots.count > 3000 && tags.count > 1000)
    }

    /// Labels equal as strings and spelt apart are still one label twice.
    @Test func kelvinSignAndKAreOneLabel() {
        let text = "K1: rect 4 size 10x10\n\u{212A}1: rect 4 size 10x10"
        let c = Pipeline.compile(SourceFile(name: "t", text: text))
        #expect(c.diagnostics.contains { $0.id == .duplicateLabel })
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// `JSONWriter.string` copies text that needs no escaping whole (non-ASCII
/// included) and escapes the rest; either way a JSON parser reads the text back.
@Suite struct JSONStringTests {
    static let samples = [
        "", "plain", "28 − 40 = 0", "`c0` × 2", "é\u{301}", "tab\there", "quote \" and \\ backslash",
        "line\nbreak\r", "\u{7F}", "\u{1B}[1m", "sep \u{2028} and \u{2029}", "\u{E2}\u{80}", "almost \u{2027}\u{202A}",
        "emoji 🙂", "\u{0}",
    ]

    @Test(arguments: samples)
    func readsBack(_ s: String) throws {
        let literal = JSONWriter.string(s)
        let back = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(back == [s])
        // Escaped exactly where needed: control characters, quote, backslash, DEL, U+2028/9.
        let special = s.unicodeScalars.contains { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F
            || $0.value == 0x2028 || $0.value == 0x2029 }
        #expect((literal == "\"" + s + "\"") == !special)
        #expect(!literal.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || $0.value < 0x20 })
    }

    /// `needsNoEscape` reads eight bytes at a time, the last few as one word: each character that
    /// needs a look, at every place in texts of every length up to 40, is found
    /// by both (and `−`, which shares U+2028's first byte, is not one).
    @Test func everyPlaceIsLookedAt() {
        func naive(_ s: String) -> Bool {
            !s.unicodeScalars.contains { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F
                || $0.value == 0x2028 || $0.value == 0x2029 }
        }
        for length in 1...40 {
            for at in 0..<length {
                for special in ["\"", "\\", "\n", "\u{7F}", "\u{1F}", "\u{2028}", "\u{2029}", "−", "×"] {
                    let s = String(repeating: "a", count: at) + special + String(repeating: "b", count: length - at - 1)
                    #expect(JSONWriter.needsNoEscape(s) == naive(s), "\(length) \(at) \(special.unicodeScalars.first!.value)")
                    // The writer's one pass over the string's bytes writes what `string` does.
                    #expect(JSONWriter.bytes { JSONWriter.appendString(s, to: &$0) } == Array(JSONWriter.string(s).utf8))
                }
            }
        }
    }

    /// Corners and radii are written at a pointer, room made once for each object:
    /// the same bytes as piece by piece through the buffer's own checks, for
    /// numbers on and off the fast path (not finite, past `fastLimit`, −0,
    /// halves of a thousandth), for every rule and every field missing or not,
    /// and with the object starting anywhere near a chunk's end.
    @Test func cornersAtAPointerAreThePieces() {
        // (The longest numbers on the fast path, −999999999999.999 and the like, too.)
        let values: [Double?] = [nil, 0, -0.0, 28, -3.5, 0.0005, 1e12, -2e13, .infinity, -.infinity, .nan, 123_456.789,
                                 -999_999_999_999.999, 999_999_999_999.999, -0.0015]
        var rng = SeededGenerator(seed: 25)  // (seeded: a failing round can be run again)
        let spaces = [UInt8](repeating: 0x20, count: SVGBuffer.chunkSize)
        // Each round leaves one more byte free before the chunk's end, from 0 to 419
        // (past the most one object can take: a fixed span, not one read from
        // `cornerRoom`, which it checks).
        for round in 0..<420 {
            var reasons: [CornerReason] = []
            for k in Corner.four {
                var c = CornerReason(rule: CornerReason.Rule.allCases[(round + k.rawValue) % CornerReason.Rule.allCases.count])
                // (Every third round, every field the longest number: the largest objects.)
                func pick() -> Double? { round % 3 == 0 ? -999_999_999_999.999 : values[Int.random(in: 0..<values.count, using: &rng)] }
                c.containerRadius = pick(); c.dx = pick(); c.dy = pick(); c.distance = pick()
                c.computed = pick(); c.minimum = pick(); c.fixed = pick()
                reasons.append(c)
            }
            let radii = Radii(values[round % values.count] ?? 1, values[(round + 3) % values.count] ?? 2,
                              values[(round + 5) % values.count] ?? 3, values[(round + 7) % values.count] ?? 4)
            let filler = SVGBuffer.chunkSize - round
            let fast = JSONWriter.bytes { o in
                spaces[..<filler].withUnsafeBufferPointer { o.raw(bytes: $0) }
                JSONWriter.appendCorners(reasons, to: &o)
                JSONWriter.appendRadii(radii, to: &o)
            }
            let pieces = JSONWriter.bytes { o in
                spaces[..<filler].withUnsafeBufferPointer { o.raw(bytes: $0) }
                o.raw(", \"corners\": {")
                for k in Corner.four {
                    let c = reasons[k.rawValue]
                    o.raw(JSONWriter.cornerHead(k)); o.raw(JSONWriter.ruleName(c.rule)); o.raw("\"")
                    for (key, v) in [("containerRadius", c.containerRadius), ("dx", c.dx), ("dy", c.dy), ("distance", c.distance),
                                     ("computed", c.computed), ("minimum", c.minimum), ("fixed", c.fixed)] {
                        guard let v else { continue }
                        o.raw(", \"\(key)\": ".utf8); JSONWriter.num(v, &o)
                    }
                    o.raw("}")
                }
                o.raw("}")
                o.raw("{\"topLeading\": "); JSONWriter.num(radii.topLeading, &o)
                o.raw(", \"topTrailing\": "); JSONWriter.num(radii.topTrailing, &o)
                o.raw(", \"bottomTrailing\": "); JSONWriter.num(radii.bottomTrailing, &o)
                o.raw(", \"bottomLeading\": "); JSONWriter.num(radii.bottomLeading, &o)
                o.raw("}")
            }
            // (Compared apart, so that a failure says where, not a megabyte of bytes.)
            if fast != pieces {
                let at = (0..<min(fast.count, pieces.count)).first { fast[$0] != pieces[$0] } ?? min(fast.count, pieces.count)
                Issue.record("round \(round): the objects differ from their byte \(at - filler) on")
                break
            }
        }
        // Each object's room holds its longest head and rule, and keys.
        let longestHead = Corner.allCases.map { JSONWriter.cornerHead($0).utf8CodeUnitCount }.max()!
        let longestRule = CornerReason.Rule.allCases.map { JSONWriter.ruleName($0).utf8CodeUnitCount }.max()!
        #expect(longestHead + longestRule < 48)
        let keys = ["containerRadius", "dx", "dy", "distance", "computed", "minimum", "fixed", "topLeading", "topTrailing",
                    "bottomTrailing", "bottomLeading"]
        #expect(keys.allSatisfy { ", \"\($0)\": ".utf8.count < 24 })
        // And a number, the longest on the fast path, its `maxFixed` bytes.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { scratch.deallocate() }
        #expect(SVGBuffer.writeFixed(SVGBuffer.quantize(-999_999_999_999.999), to: scratch) - scratch <= SVGBuffer.maxFixed)
    }

    /// The constant pieces `--json` writes each corner's reason with are the
    /// corners' names and the rules' raw values (a new corner or rule, or a
    /// renamed one, fails here until its piece says the same).
    @Test func cornerPiecesAreTheNames() {
        for k in Corner.allCases {
            #expect(JSONWriter.cornerHead(k).description == (k.rawValue > 0 ? ", " : "") + "\"\(k.name)\": {\"rule\": \"")
        }
        for r in CornerReason.Rule.allCases { #expect(JSONWriter.ruleName(r).description == r.rawValue) }
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

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

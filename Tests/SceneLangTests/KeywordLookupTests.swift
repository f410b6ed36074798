import Foundation
import Testing
@testable import SceneLang
import SceneTestSupport

/// The lexer's keyword lookup (`Sources/SceneLang/KeywordLookup.swift`) is generated
/// from `Keyword.allCases` by `KeywordLookupSource.generate()`; the committed file is
/// checked against it, so a keyword added to the enum and not regenerated fails here
/// (`SCENE_RECORD=1 swift test --filter KeywordLookup` writes it).
struct KeywordLookupTests {
    static let url = Golden.root.appendingPathComponent("Sources/SceneLang/KeywordLookup.swift")

    @Test func committedLookupIsTheGeneratedOne() throws {
        try Golden.check(KeywordLookupSource.generate(), at: Self.url, filter: "KeywordLookup")
    }

    /// Every keyword is found from its bytes, alone and inside a longer buffer; its
    /// prefixes, its extensions and a one-byte change of it are not keywords (unless
    /// they spell another one).
    @Test func everyKeywordAndNothingElseIsFound() {
        let spellings = Dictionary(uniqueKeysWithValues: Keyword.allCases.map { ($0.rawValue, $0) })
        for k in Keyword.allCases {
            let b = Array(k.rawValue.utf8)
            #expect(Keyword.lookup(b, 0, b.count) == k)
            let padded = Array("(\(k.rawValue) ".utf8)
            #expect(Keyword.lookup(padded, 1, 1 + b.count) == k)
            var near: [String] = [String(k.rawValue.dropLast()), k.rawValue + "s", "x" + k.rawValue]
            for i in b.indices {
                var c = b
                c[i] = c[i] == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
                near.append(String(decoding: c, as: UTF8.self))
            }
            for w in near {
                let wb = Array(w.utf8)
                #expect(Keyword.lookup(wb, 0, wb.count) == spellings[w], "\(w)")
            }
        }
        let empty: [UInt8] = []
        #expect(Keyword.lookup(empty, 0, 0) == nil)
    }

    /// `Keyword.same` (the lookup's comparison, a few loads) answers as comparing the
    /// bytes one by one, at every length up to past 16 (and the line memo's longer texts,
    /// eight bytes at a time) and a difference at every place.
    @Test func sameComparesEveryByte() {
        var rng = SeededGenerator.fromEnvironment("sameComparesEveryByte")
        for n in Array(0...40) + [63, 64, 65, 200, 2048] {
            for _ in 0..<40 {
                let a = (0..<n).map { _ in UInt8.random(in: 97...100, using: &rng) }
                var variants = [a]
                // (Every place up to 40 bytes; past that, 64 places and the last.)
                let places = n <= 40 ? Array(0..<n) : Array(stride(from: 0, to: n, by: max(1, n / 64))) + [n - 1]
                for i in places { var b = a; b[i] ^= 1 << UInt8.random(in: 0...7, using: &rng); variants.append(b) }
                for b in variants {
                    let got = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in
                        Keyword.same(x.baseAddress ?? UnsafePointer(bitPattern: 1)!, y.baseAddress ?? UnsafePointer(bitPattern: 1)!, n)
                    } }
                    #expect(got == (a == b), "\(a) \(b)")
                }
            }
        }
    }

    /// The generator follows the enum, not a list of its own: a keyword it has never
    /// seen (here `ellipse`, and one longer than any today) gets its branch.
    @Test func theGeneratorFollowsTheWordsItIsGiven() {
        let text = KeywordLookupSource.generate(words: [("rect", "rect"), ("ellipse", "ellipse"),
                                                        ("let", "`let`"), ("aVeryLongKeywordIndeed", "long")])
        #expect(text.contains("case 7:\n            switch p[0] {\n            case UInt8(ascii: \"e\"): return rest(\"ellipse\") ? .ellipse : nil"))
        #expect(text.contains("return rest(\"let\") ? .`let` : nil"))
        #expect(text.contains("static var longest: Int { 22 }"))
        #expect(text.contains("case 22:"))
    }
}

/// Writes `KeywordLookup.swift`: a switch on the length and the first byte, then
/// the whole word compared (`Keyword.same`: a few loads, not a byte at a time), with no String made or hashed, in functions of consecutive
/// lengths each small enough for SourceSizeTests' 80 lines (`lookup1to5`, …).
enum KeywordLookupSource {
    static let swiftReserved: Set<String> = [
        "let", "var", "func", "default", "case", "in", "is", "as", "if", "else", "for", "while",
        "return", "import", "struct", "class", "enum", "switch", "where", "true", "false", "nil",
        "self", "Self", "init", "repeat", "do", "try", "throw", "throws", "static", "public",
        "private", "internal", "fileprivate", "protocol", "extension", "operator", "break",
        "continue", "fallthrough", "guard", "defer", "subscript", "typealias", "associatedtype",
        "inout", "deinit", "any", "some", "catch", "rethrows", "super", "open",
    ]

    /// The enum's words: (spelling, the case as written after a dot).
    static var keywords: [(spelling: String, member: String)] {
        Keyword.allCases.map { k in
            let name = String(describing: k)
            return (k.rawValue, swiftReserved.contains(name) ? "`\(name)`" : name)
        }
    }

    static func generate() -> String { generate(words: keywords) }

    static func generate(words: [(spelling: String, member: String)]) -> String {
        let byLength = Dictionary(grouping: words, by: { $0.spelling.utf8.count })
        let longest = byLength.keys.max() ?? 0
        // The lengths in groups of consecutive lengths, each group one function whose
        // cases take at most `budget` lines: no generated function grows past the
        // 80 lines SourceSizeTests allows as keywords are added.
        let budget = 60
        var groups: [[Int]] = []
        var lines = 0
        for n in byLength.keys.sorted() {
            let l = cases(n, byLength[n]!).filter { $0 == "\n" }.count
            if groups.isEmpty || lines + l > budget { groups.append([]); lines = 0 }
            groups[groups.count - 1].append(n)
            lines += l
        }
        func name(_ g: [Int]) -> String { "lookup\(g.first!)to\(g.last!)" }
        var out = """
            // GENERATED from `Keyword.allCases` (Token.swift) by KeywordLookupSource in
            // Tests/SceneLangTests/KeywordLookupTests.swift; do not edit by hand. After
            // changing `Keyword`, run `SCENE_RECORD=1 swift test --filter KeywordLookup`
            // (the test fails until this file matches the enum).

            extension Keyword {
                /// The longest keyword's length in bytes.
                static var longest: Int { \(longest) }

                /// The keyword spelled by the `n` bytes at `p`, if any: a switch on the length and
                /// the first byte, then the word compared (`same`), with no String made or hashed.
                static func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
                    switch n {

            """
        for g in groups { out += "        case \(g.first!)...\(g.last!): return \(name(g))(p, n)\n" }
        out += "        default: return nil\n        }\n    }\n"
        for g in groups {
            out += """

                    /// Keywords of \(g.first!) to \(g.last!) bytes.
                    static func \(name(g))(_ p: UnsafePointer<UInt8>, _ n: Int) -> Keyword? {
                        @inline(__always) func rest(_ s: StaticString) -> Bool { same(p, s.utf8Start, n) }
                        switch n {

                """
            for n in g { out += cases(n, byLength[n]!) }
            out += "        default: return nil\n        }\n    }\n"
        }
        out += "}\n"
        return out
    }

    /// The cases of one length: a switch on the first byte, then the word compared.
    static func cases(_ n: Int, _ ws: [(spelling: String, member: String)]) -> String {
        var out = "        case \(n):\n            switch p[0] {\n"
        var firsts: [UInt8: [(spelling: String, member: String)]] = [:]
        for w in ws { firsts[w.spelling.utf8.first!, default: []].append(w) }
        for b in firsts.keys.sorted() {
            let group = firsts[b]!
            let ascii = "UInt8(ascii: \"\(Character(Unicode.Scalar(b)))\")"
            if n == 1 {
                out += "            case \(ascii): return .\(group[0].member)\n"
            } else if group.count == 1 {
                out += "            case \(ascii): return rest(\"\(group[0].spelling)\") ? .\(group[0].member) : nil\n"
            } else {
                out += "            case \(ascii):\n"
                for w in group { out += "                if rest(\"\(w.spelling)\") { return .\(w.member) }\n" }
                out += "                return nil\n"
            }
        }
        return out + "            default: return nil\n            }\n"
    }
}

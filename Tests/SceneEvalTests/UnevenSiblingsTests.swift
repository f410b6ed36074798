import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `uneven-siblings` (docs/lint.md): a row of one shape and size whose corners differ.
struct UnevenSiblingsTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text).filter { $0.code == "uneven-siblings" } }

    /// A card of radius `radius` holding an `axis` of three children written `child`, `pad` from its edges.
    static func row(_ child: String, axis: String = "hstack", radius: Double = 28, pad: Double = 12,
                    card: String = "298x100", sizes: [String] = ["86x76", "86x76", "86x76"]) -> String {
        var s = "screen iphone-16-pro\ncard: container rect \(Format.number(radius)) size \(card) <\n  row: \(axis) spacing 8 pad \(Format.number(pad)) <\n"
        for (i, size) in sizes.enumerated() { s += "    c\(i + 1): \(child) size \(size)\n" }
        return s + "  >\n>\n"
    }

    @Test func theExampleFiresOnceOnTheMiddleChipAndNamesEverySibling() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("examples/lint/uneven-siblings.scene"), encoding: .utf8)
        let f = Self.findings(text)
        #expect(f.count == 1)
        guard let d = f.first else { return }
        #expect(d.message == "siblings in `row` have the same shape and size but different corners: `a` 16 8 8 16, `b` 8 8 8 8, `c` 8 16 16 8; those next to `card`'s corners follow them (16), the others fall to their minimum 8")
        #expect(d.help?.hasPrefix("give every sibling the outer ones' concentric radius as its minimum, `concentric min 16`") == true)
        #expect(d.help?.contains("`card`'s radius 20 (8 + 12, now 28)") == true)
        #expect(d.help?.contains("20 pt between them and `card`'s corners (now 12)") == true)
        #expect(d.help?.contains("`uniform` alone does not") == true)
        #expect(d.values["outerRadius"] == 16 && d.values["minimum"] == 8 && d.values["neededContainerRadius"] == 20)
    }

    @Test func theFixGivesTheFixedExampleAndIsIdempotent() throws {
        let dir = packageRoot.appendingPathComponent("examples/lint")
        let text = try String(contentsOf: dir.appendingPathComponent("uneven-siblings.scene"), encoding: .utf8)
        let want = try String(contentsOf: dir.appendingPathComponent("uneven-siblings-fixed.scene"), encoding: .utf8)
        let (fixed, applied) = Fixer.fixAll(SourceFile(name: "t", text: text))
        #expect(applied == 3)
        #expect(fixed.map(RadiusOverflowTests.code) == RadiusOverflowTests.code(want))
        if let fixed { #expect(Fixer.fixAll(SourceFile(name: "t", text: fixed)).text == nil) }
        #expect(Fixer.fixAll(SourceFile(name: "t", text: want)).text == nil)
    }

    @Test func withoutAMinimumTheInnerOnesAreSquareAndTheFixAddsOne() {
        let text = Self.row("concentric")
        #expect(Self.findings(text).first?.message.contains("the others fall to 0") == true)
        let fixed = Fixer.fixAll(SourceFile(name: "t", text: text)).text
        #expect(fixed == Self.row("concentric min 16"))
    }

    @Test func uniformAloneDoesNotEvenTheRow() {
        // Each outer chip becomes 16 all round; the middle one stays 8.
        let f = Self.findings(Self.row("concentric min 8 uniform"))
        #expect(f.count == 1)
        #expect(f.first?.message.contains("`c1` 16 16 16 16, `c2` 8 8 8 8, `c3` 16 16 16 16") == true)
        #expect(Fixer.fixAll(SourceFile(name: "t", text: Self.row("concentric min 8 uniform"))).text == Self.row("concentric min 16 uniform"))
    }

    @Test func aColumnCountsToo() {
        let text = Self.row("concentric min 8", axis: "vstack", card: "200x298", sizes: ["176x86", "176x86", "176x86"])
        #expect(Self.findings(text).count == 1)
    }

    @Test func siblingsMeantToDifferAreLeftAlone() {
        // Different sizes, different minimums, a zstack, mirror images only.
        #expect(Self.findings(Self.row("concentric min 8", sizes: ["86x76", "86x70", "86x76"])).isEmpty)
        #expect(Self.findings("screen iphone-16-pro\ncard: container rect 28 size 298x100 <\n  row: hstack spacing 8 pad 12 <\n    a: concentric min 8 size 86x76\n    b: concentric min 10 size 86x76\n    c: concentric min 8 size 86x76\n  >\n>\n").isEmpty)
        #expect(Self.findings(Self.row("concentric min 8", axis: "zstack")).isEmpty)
        #expect(Self.findings(Self.row("concentric min 8", card: "206x100", sizes: ["87x76", "87x76"])).isEmpty)
        // Fixed shapes resolve alike wherever they are.
        #expect(Self.findings(Self.row("rect 8")).isEmpty)
    }

    @Test func rowsThatMatchAreSilent() {
        // The container is tight enough that the outer ones fall to the minimum too: 20 − 12 = 8.
        #expect(Self.findings(Self.row("concentric min 8", radius: 20)).isEmpty)
        #expect(Self.findings(Self.row("concentric min 16")).isEmpty)
    }

    @Test func underIOS18EverySiblingIsItsMinimum() {
        #expect(Self.findings("target ios18\n" + Self.row("concentric min 8")).isEmpty)
    }
}

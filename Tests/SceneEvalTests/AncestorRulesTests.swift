import Testing
import SceneLang
@testable import SceneEval

/// The nesting rules against a visibly rounded ancestor that declares no
/// container (the pattern of code written before iOS 26), beyond flared and
/// pinched (NestingReferenceTests): container-too-tight, uneven rows of fixed
/// shapes, and that no fix raises an ancestor into radius-overflow.
struct AncestorRulesTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text) }

    static func fixed(_ text: String) -> String {
        Fixer.fixAll(SourceFile(name: "t", text: text)).text ?? text
    }

    // MARK: container-too-tight

    /// A concentric photo of minimum 16, 12 pt into a card drawn `rect 20` that declares
    /// no container: it follows the screen, so it draws 16 next to a corner whose
    /// concentric radius is 20 − 12 = 8. The card is too tight, as a declared one would be.
    @Test func aMinimumTooLargeForTheAncestorIsTooTight() throws {
        let text = "card: rect 20 size 300x200 <\n  photo: concentric min 16 pad 12\n>\n"
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["container-too-tight", "missing-container-shape"])
        let d = try #require(f.first)
        #expect(d.message == "`card`'s outline (it declares no container) is too tight for `photo`: at topLeading, topTrailing, bottomTrailing, bottomLeading the concentric radius 20 − 12 = 8 is below the minimum 16")
        #expect(d.help == "raise `card`'s radius to 28 (16 + 12), not lower the minimum; on iOS 26 declare it as the container `photo` follows: `rect 28 container rect 28` on `card`")
        #expect(d.values["neededRadius"] == 28)
        // missing-container-shape on the card says the same and carries the same edit.
        let m = f[1]
        #expect(m.help == "declare it as the container, as round as its content needs (28): `rect 28 container rect 28`")
        #expect(m.fixes == d.fixes && d.fixes.map(\.replacement) == ["rect 28 container rect 28"])
        // --fix: one edit settles both.
        let after = Self.fixed(text)
        #expect(after == "card: rect 28 container rect 28 size 300x200 <\n  photo: concentric min 16 pad 12\n>\n")
        #expect(Self.findings(after).isEmpty)
    }

    /// A card whose container SwiftUI ignores (`container relative`) declares none: the
    /// fix replaces that item with the drawn shape's container, since adding a second
    /// `container` would be an error (the recipe trial's `ellipse` met this).
    @Test func anIgnoredContainerIsReplacedNotAddedTo() throws {
        let text = "card: rect 20 container relative size 300x200 <\n  photo: concentric min 4 pad 8\n>\n"
        let f = Self.findings(text)
        let d = try #require(f.first { $0.code == "missing-container-shape" })
        #expect(d.message == "`card` is rounded but declares only `container relative`, which SwiftUI ignores, so `photo` resolves against the screen")
        #expect(d.help == "SwiftUI ignores its `container relative`: replace it with `container rect 20`")
        #expect(d.fixes.map(\.replacement) == ["container rect 20"])
        let after = Self.fixed(text)
        #expect(after == "card: rect 20 container rect 20 size 300x200 <\n  photo: concentric min 4 pad 8\n>\n")
        #expect(Self.findings(after).isEmpty)
    }

    /// The same card, too tight for its content: the raise edits the drawn radius and
    /// replaces the ignored container, in one fix.
    @Test func anIgnoredContainerIsReplacedWhenTheCardIsRaised() throws {
        let text = "card: rect 20 container relative size 300x200 <\n  photo: concentric min 16 pad 12\n>\n"
        let f = Self.findings(text)
        let d = try #require(f.first { $0.code == "container-too-tight" })
        #expect(d.fixes.map(\.replacement) == ["rect 28", "container rect 28"])
        #expect(d.help?.hasSuffix("`rect 28` and `container rect 28` on `card`") == true, "\(d.help ?? "")")
        let after = Self.fixed(text)
        #expect(after == "card: rect 28 container rect 28 size 300x200 <\n  photo: concentric min 16 pad 12\n>\n")
        #expect(Self.findings(after).isEmpty)
    }

    /// Nothing to report where the minimum fits (8 ≤ 20 − 12), where the shape is not at
    /// the ancestor's corner (centred, 75 pt in), or where the container is declared (the
    /// ordinary rule, naming the container).
    @Test func notTooTightWhereTheMinimumFitsOrFarFromTheCorner() throws {
        #expect(Self.findings("card: rect 20 size 300x200 <\n  photo: concentric min 8 pad 12\n>\n").map(\.code) == ["missing-container-shape"])
        #expect(Self.findings("card: rect 20 size 300x200 <\n  photo: concentric min 16 size 50x50\n>\n").map(\.code) == ["missing-container-shape"])
        let declared = Self.findings("card: rect 20 container rect 20 size 300x200 <\n  photo: concentric min 16 pad 12\n>\n")
        #expect(declared.map(\.code) == ["container-too-tight"])
        #expect(declared.first?.message.hasPrefix("`card` is too tight for `photo`") == true)
    }

    /// A radius written with names keeps them; more than the ancestor may have is no
    /// automatic fix (the card, 100 pt square, may be at most 50 round).
    @Test func namesAreKeptAndTheBoundHolds() throws {
        let named = Self.findings("let r = 20\ncard: rect r size 300x200 <\n  photo: concentric min 16 pad 12\n>\n")
        #expect(named.first?.fixes.map(\.replacement) == ["rect r + 8 container rect r + 8"])
        let big = Self.findings("card: rect 20 size 100x100 <\n  photo: concentric min 40 pad 12\n>\n")
        let d = try #require(big.first { $0.code == "container-too-tight" })
        #expect(d.fixes.isEmpty)
        #expect(d.help?.hasPrefix("`card` may be at most 50 round (half its shorter side) and `photo` needs 40 + 12 = 52") == true, "\(d.help ?? "")")
        // missing-container-shape then keeps its own plain help.
        #expect(big.first { $0.code == "missing-container-shape" }?.help == "declare its shape as the container: add `container rect 20`")
    }

    /// A row of the same shape in a card that declares its container is fixed as
    /// a row too: every thumbnail gets the concentric radius (names kept), not the
    /// corner one alone, which left it unlike the other two (the new user's trial).
    @Test func aRowInADeclaredContainerStaysEven() throws {
        let text = "let r = 20\nlet thumb = 14\ncard: rect r container rect r size 360x200 <\n  row: hstack spacing 8 pad 12 align topLeading <\n"
            + "    a: rect thumb size 80x80\n    b: rect thumb size 80x80\n    c: rect thumb size 80x80\n  >\n>\n"
        let f = Self.findings(text)
        let d = try #require(f.first { $0.code == "flared-corner" }, "\(f.map(\.message))")
        #expect(d.help?.hasPrefix("`a`, `b`, `c` are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, give every one the concentric radius, `rect 8`; or raise `card`'s radius and its container to 26 (14 + 12)") == true, "\(d.help ?? "")")
        let (fixed, _) = Fixer.fixAll(SourceFile(name: "t", text: text))
        let out = try #require(fixed)
        // Only the row uses `thumb`, each one of it fixed alike: `let thumb = 8`, the names kept.
        #expect(out == text.replacingOccurrences(of: "let thumb = 14", with: "let thumb = 8"), "\(out)")
        #expect(Self.findings(out).isEmpty, "\(out)")
    }

    /// missing-container-shape's help says the clause its fix adds: a capsule
    /// declares `container capsule` (the help said `container rect 20`), a radius
    /// with a name keeps it (the help said the number).
    @Test(arguments: ["capsule size 200x40", "rect r size 200x40", "rect 12 size 200x40", "background rect r size 200x40",
                      "uneven(r, r, 0, 0) size 200x40"])
    func missingContainerSaysWhatItsFixWrites(_ card: String) throws {
        let f = Self.findings("let r = 12\npill: \(card) <\n  dot: concentric min 2 size 20x20 align topLeading pad 4\n>\n")
        let d = try #require(f.first { $0.code == "missing-container-shape" }, "\(f.map(\.message))")
        let added = try #require(d.fixes.first?.replacement).trimmingCharacters(in: .whitespaces)
        #expect(d.help == "declare its shape as the container: add `\(added)`", "\(card)")
    }

    /// The minimum other helps suggest for a concentric shape with none stays within
    /// what the ancestor leaves, so following them leads into no container-too-tight.
    @Test func suggestedMinimumsFitTheAncestor() throws {
        let f = Self.findings("card: rect 20 size 300x200 <\n  photo: concentric pad 12\n>\n")
        let d = try #require(f.first { $0.code == "missing-minimum" })
        #expect(d.values["suggestedMinimum"] == 8)
        let after = "card: rect 20 size 300x200 <\n  photo: concentric min 8 pad 12\n>\n"
        #expect(!Self.findings(after).contains { $0.code == "container-too-tight" })
    }

    // MARK: rows (uneven-siblings)

    static func row(_ radius: Int, card: String = "card: rect 20 size 298x100") -> String {
        "\(card) <\n  row: hstack spacing 8 pad 12 <\n    a: rect \(radius) size 86x76\n    b: rect \(radius) size 86x76\n    c: rect \(radius) size 86x76\n  >\n>\n"
    }

    /// Three chips drawn `rect 16`: the outer ones are flared at the card's corners.
    /// Fixing each alone (`uneven(8, 16, 16, 8)`) would leave `b` at 16: uneven. The
    /// help keeps the row even, and --fix raises the card to 16 + 12 = 28.
    @Test func aFlaredRowIsFixedWhole() throws {
        let text = Self.row(16)
        let f = Self.findings(text)
        #expect(f.map(\.code) == ["flared-corner", "flared-corner"])
        let d = try #require(f.first)
        #expect(d.message == "`a` is rounder than `card`'s outline (it declares no container) at topLeading, bottomLeading: radius 16, concentric would be 8")
        #expect(d.help == "`a`, `b`, `c` are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, raise `card`'s radius to 28 (16 + 12), and every one keeps its radius; or give every one the concentric radius, `rect 8`; or, on iOS 26, declare `card`'s shape as their container (`container rect 28`) and make them `concentric min 16`")
        #expect(f[1].fixes == d.fixes)
        let after = Self.fixed(text)
        #expect(after == Self.row(16, card: "card: rect 28 size 298x100"))
        #expect(Self.findings(after).isEmpty)
    }

    /// Pinched chips (`rect 4`, concentric 8): every one gets the concentric radius.
    @Test func aPinchedRowIsFixedWhole() throws {
        let text = Self.row(4)
        let d = try #require(Self.findings(text).first)
        #expect(d.code == "pinched-corner")
        #expect(d.help?.hasPrefix("`a`, `b`, `c` are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, give every one the concentric radius, `rect 8`; or lower `card`'s radius to 16 (4 + 12)") == true, "\(d.help ?? "")")
        let after = Self.fixed(text)
        #expect(after == Self.row(8))
        #expect(Self.findings(after).isEmpty)
    }

    /// Two chips only: each one's own fix mirrors the other's, so the row stays even
    /// and the help is the shape's own.
    @Test func aPairOfMirrorImagesKeepsItsOwnHelp() throws {
        let text = "card: rect 20 size 204x100 <\n  row: hstack spacing 8 pad 12 <\n    a: rect 16 size 86x76\n    c: rect 16 size 86x76\n  >\n>\n"
        let d = try #require(Self.findings(text).first)
        #expect(d.help?.hasPrefix("use the concentric radius: `uneven(8, 16, 16, 8)`") == true, "\(d.help ?? "")")
    }

    // MARK: radius-overflow

    /// Raising the ancestor stops at what it may have: here concentric with the screen's
    /// 30 pt corner 10 pt away (20), so the chips get the concentric radius instead, and no
    /// fix makes the card rounder than it may be (which could take it into radius-overflow).
    @Test func noFixRaisesTheAncestorPastWhatItMayHave() throws {
        let text = Self.row(16, card: "screen 400x400 radius 30\ncard: rect 20 size 298x100 align topLeading pad 10")
        let d = try #require(Self.findings(text).first)
        #expect(d.help?.contains("give every one the concentric radius, `rect 8` (`card` cannot be raised to 28, 16 + 12: it may be at most 20 round, concentric with the screen at topLeading: 30 − 10 = 20)") == true, "\(d.help ?? "")")
        let after = Self.fixed(text)
        #expect(after.contains("a: rect 8") && after.contains("b: rect 8") && after.contains("card: rect 20 "))
        #expect(Self.findings(after).isEmpty)
        // Half its shorter side: a card 100 pt tall is never raised past 50.
        let tall = "card: rect 20 size 300x100 <\n  photo: concentric min 45 pad 12\n>\n"
        let fixedTall = Self.fixed(tall)
        #expect(!Self.findings(fixedTall).contains { $0.code == "radius-overflow" })
        // (Only missing-container-shape's declaration is applied: the card still draws 20.)
        #expect(fixedTall == tall.replacingOccurrences(of: "rect 20 size", with: "rect 20 container rect 20 size"), "\(fixedTall)")
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Raising a container for its content stops at what the container's own
/// container allows (HelpCaps.swift): never rounder than the display
/// lets a widget be, and the help says when no radius can fix it.
struct ContainerBoundTests {
    /// A widget 8 pt from the display's edges (concentric: 62 − 8 = 54) whose icon
    /// sits `pad` in with minimum 30: it needs 30 + pad.
    static func widget(_ shape: String, pad: Double) -> String {
        "margin 8\nwidget: \(shape) size 386x200 align top pad 8 <\n  icon: concentric min 30 size 60x60 align topLeading pad \(Format.number(pad))\n>\n"
    }

    @Test func aWidgetIsNeverRaisedPastTheDisplay() throws {
        let text = Self.widget("rect 50 container rect 50", pad: 40)
        let o = Fixer.run(SourceFile(name: "t", text: text))
        #expect(o.stop == .settled)
        let out = try #require(o.text)
        // Drawn and declared as round as the display allows, no rounder (it used to reach `concentric min 130 container capsule`).
        #expect(out.contains("widget: concentric min 54 container rect 54 size"), "\(out)")
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: out)).scene)
        #expect(scene.shapes[0].radii.max <= 54)
        #expect(scene.shapes[0].containerRadii?.max == 54)
        // What is left says why, and has no fix.
        let left = try #require(o.left.first { $0.code == "container-too-tight" })
        #expect(left.fixes.isEmpty)
        #expect(left.help == "`widget` may be at most 54 round (concentric with the screen at topLeading: 62 − 8 = 54) and `icon` needs 30 + 40 = 70, so raising its radius cannot fix this (no automatic fix): move `icon` within 24 pt of `widget`'s corner (now 40), or lower its minimum to 14")
        #expect(Fixer.run(SourceFile(name: "t", text: out)).text == nil)
    }

    /// At the bound the fix is automatic; a point past it, there is none.
    @Test func theBoundaryIsTheDisplaysConcentricRadius() throws {
        let at = Fixer.run(SourceFile(name: "t", text: Self.widget("container rect 40", pad: 24)))
        #expect(at.text?.contains("widget: container rect 54 size") == true, "\(at.text ?? "")")
        #expect(at.left.isEmpty, "\(at.left.map(\.message))")
        // (Drawn at 54 already: not pinched against the display, so only the content is left.)
        let past = CheckerTests.findings(Self.widget("container rect 54", pad: 25))
        #expect(past.map(\.code) == ["container-too-tight"])
        let d = try #require(past.first { $0.code == "container-too-tight" })
        #expect(d.fixes.isEmpty)
        #expect(d.help?.contains("may be at most 54 round") == true)
        #expect(Fixer.run(SourceFile(name: "t", text: Self.widget("container rect 54", pad: 25))).text == nil)
    }

    /// A container inside a container may go as far as the outer one could be raised to.
    @Test func theBoundFollowsTheChainUpToTheDisplay() throws {
        let text = """
            margin 8
            panel: container rect 40 size 386x400 align top pad 8 <
              card: container rect 20 size 200x200 align topLeading pad 12 <
                thumb: concentric min 30 size 40x40 align topLeading pad 20
              >
            >

            """
        let d = try #require(CheckerTests.findings(text).first { $0.code == "container-too-tight" })
        #expect(d.fixes.isEmpty)
        #expect(d.help?.hasPrefix("`card` may be at most 42 round (concentric with `panel` at topLeading once `panel` is as round as it may be (54): 54 − 12 = 42)") == true, "\(d.help ?? "")")
        // Within the chain's reach (22 + 20 = 42) the cascade raises what it must, the panel no rounder than 54.
        let within = text.replacingOccurrences(of: "min 30 size 40x40 align topLeading pad 20", with: "min 22 size 40x40 align topLeading pad 20")
        let o = Fixer.run(SourceFile(name: "t", text: within))
        #expect(o.left.isEmpty, "\(o.left.map(\.message)) \(o.text ?? "")")
        let fixed = try #require(o.text)
        let scene = try #require(Pipeline.compile(SourceFile(name: "t", text: fixed)).scene)
        #expect(scene.shapes[0].containerRadii?.max ?? 99 <= 54)
    }
}

/// The joint fix never writes a number over a name (JointEdits.swift).
struct JointFixBindingTests {
    static let card = """
        let r = 16
        card: rect r container rect 20 size 300x200 <
          thumb: concentric min 8 size 60x60 align topLeading pad 12
        >

        """

    @Test func aLetOnlyThisRadiusUsesIsChanged() throws {
        let d = try #require(CheckerTests.findings(Self.card).first { $0.code == "shape-mismatch" })
        #expect(d.help == "draw and declare the radius `card`'s content needs: `rect r container rect 20` with `r` = 20 (now 16), which only `card`'s radius uses (its content needs 20; drawn and declared alike)")
        let out = try #require(Fixer.fixAll(SourceFile(name: "t", text: Self.card)).text)
        #expect(out == Self.card.replacingOccurrences(of: "let r = 16", with: "let r = 20"))
        #expect(CheckerTests.findings(out).isEmpty)
    }

    @Test func aLetUsedElsewhereKeepsItsNameAndSaysSo() throws {
        let text = Self.card + "badge: rect r size 40x40 align bottom pad 200\n"
        let d = try #require(CheckerTests.findings(text).first { $0.code == "shape-mismatch" })
        #expect(d.fixes.isEmpty)
        #expect(d.help == "draw and declare one radius for `card`, 20 (its content needs 20): it comes from `r`, which is used elsewhere too, so the name is kept and nothing is fixed automatically: change `r` by hand (`r` = 20, now 16) if the rest should follow, or give `card` a radius of its own")
        let o = Fixer.run(SourceFile(name: "t", text: text))
        #expect(o.text == nil)
        #expect(o.withoutFix.map(\.code).contains("shape-mismatch"))
    }

    /// Issue 14 §1's sheet with the card's minimum from a binding: the binding moves, the name stays.
    @Test func theIssuesSheetWithABinding() throws {
        let text = """
            let cardRadius = 16
            sheet: glass concentric min 54 uniform container rect 54 height 400 align bottom pad 8 <
              content: vstack spacing 16 pad 20 <
                card: concentric min cardRadius container rect 20 height 180 fill #ffffff <
                  thumb: concentric min 8 size 60x60 align topLeading pad 12 fill #ff9500
                >
              >
            >

            """
        let out = try #require(Fixer.fixAll(SourceFile(name: "t", text: text)).text)
        #expect(out == text.replacingOccurrences(of: "let cardRadius = 16", with: "let cardRadius = 20"))
        #expect(CheckerTests.findings(out).isEmpty)
    }
}

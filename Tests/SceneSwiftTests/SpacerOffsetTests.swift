import Foundation
import Testing
import SceneLang
import SceneEval
import SceneTestSupport
@testable import SceneSwift

/// `Spacer()`/`Spacer(minLength:)` in stacks and `.offset(x:y:)`/`.offset(CGSize)` read into
/// the scene items `spacer [min N]` and `offset X Y`, with `--explain` saying what was
/// assumed or skipped.
struct SpacerOffsetTests {
    static func read(_ body: String, extra: String = "") -> (scene: String, explanations: [String], compiles: Bool) {
        let text = "import SwiftUI\n\(extra)\nstruct V: View {\n    var body: some View {\n\(body)\n    }\n}\n"
        let r = SwiftRead([SourceFile(name: "V.swift", text: text)])
        let lines = r.sceneSource.split(separator: "\n").dropFirst().map(String.init).joined(separator: "\n")
        return (lines, r.check()[0].explanations, Pipeline.compile(r.sceneFile).scene != nil)
    }

    @Test func spacersInStacksAreSceneSpacers() {
        let r = Self.read("""
            HStack(spacing: 0) {
                Circle().frame(width: 44, height: 44)
                Spacer(minLength: 16)
                Circle().frame(width: 44, height: 44)
                Spacer()
            }
            .frame(width: 300, height: 44)
            """)
        #expect(r.scene.contains("hstack spacing 0 <\n    n2: circle size 44 x 44\n    n3: spacer min 16\n    n4: circle size 44 x 44\n    n5: spacer\n"), "\(r.scene)")
        #expect(r.scene.contains("n1: size 300x44 hstack spacing 0"), "the frame fixes the row's length: \(r.scene)")
        #expect(r.compiles)
        #expect(r.explanations == ["V.swift:9:5: assumed: `Spacer()` without `minLength:`: at least 8 pt, the default spacing (`spacer`)"], "\(r.explanations)")
    }

    @Test func aSpacerOutsideAStackOrSizedByAModifierIsNoSpacer() {
        let z = Self.read("ZStack {\n    Spacer()\n    Spacer()\n}")
        #expect(!z.scene.contains("spacer"), "\(z.scene)")
        #expect(z.compiles)
        let framed = Self.read("VStack(spacing: 4) {\n    Spacer().frame(height: 10)\n    Circle().frame(width: 8, height: 8)\n}")
        #expect(!framed.scene.contains("spacer"), "\(framed.scene)")
        #expect(framed.explanations == ["V.swift:6:5: skipped: `Spacer()` with a modifier that may size it: read as a view of unknown size, not a `spacer`"], "\(framed.explanations)")
        let dynamic = Self.read("VStack(spacing: 4) {\n    Spacer(minLength: gap)\n    Circle().frame(width: 8, height: 8)\n}")
        #expect(!dynamic.scene.contains("spacer"))
        #expect(dynamic.explanations.contains { $0.contains("skipped: `Spacer(minLength:)`: `gap` is not a constant") }, "\(dynamic.explanations)")
    }

    @Test func offsetsAreSceneOffsets() {
        let xy = Self.read("RoundedRectangle(cornerRadius: 4).offset(x: 6, y: -2)")
        #expect(xy.scene.contains("n0: rect 4 offset 6 -2"), "\(xy.scene)")
        let size = Self.read("RoundedRectangle(cornerRadius: 4).offset(CGSize(width: 3, height: 5))")
        #expect(size.scene.contains("n0: rect 4 offset 3 5"), "\(size.scene)")
        let named = Self.read("RoundedRectangle(cornerRadius: 4).offset(y: Layout.lift - Layout.gap)",
                              extra: "enum Layout { static let lift: CGFloat = 10; static let gap: CGFloat = 4 }")
        #expect(named.scene.contains("n0: rect 4 offset 0 (v_Layout_lift - v_Layout_gap)"), "\(named.scene)")
        #expect(named.compiles)
        let zero = Self.read("RoundedRectangle(cornerRadius: 4).offset(.zero)")
        #expect(!zero.scene.contains("offset"))
        let dynamic = Self.read("RoundedRectangle(cornerRadius: 4).offset(x: drag.width)")
        #expect(!dynamic.scene.contains("offset"))
        #expect(dynamic.explanations.contains { $0.hasPrefix("V.swift:5:45: skipped: `.offset`: `drag.width` is not a constant") }, "\(dynamic.explanations)")
        let twice = Self.read("RoundedRectangle(cornerRadius: 4).offset(x: 1).offset(y: 2)")
        #expect(twice.explanations.contains { $0.contains("skipped: a second `.offset` on the same view: not followed") }, "\(twice.explanations)")
    }

    /// A shape moved by a constant offset has corners at different distances from those
    /// around it: the help names the uneven radii, and there is no one-radius fix (which
    /// would go from 6 to 12 and back); where the corners named want one radius, that is the fix.
    @Test func anOffsetShapeGetsTheUnevenRadiiAndNoOneRadiusFix() throws {
        let url = Golden.root.appendingPathComponent("Tests/Fixtures/swift/offset.swift")
        let d = try #require(SwiftRead([SourceFile(name: "offset.swift", bytes: [UInt8](try Data(contentsOf: url)))]).check()[0].diagnostics.first)
        #expect(d.help == "its corners sit at different distances from the corners around them, so no one radius is concentric: `UnevenRoundedRectangle(topLeadingRadius: 6, bottomLeadingRadius: 6, bottomTrailingRadius: 12, topTrailingRadius: 12)` (no automatic fix: it replaces the shape)", "\(d.help ?? "")")
        #expect(d.fixes.isEmpty)
    }

    /// A frame outside the padding fixes a spacer row's length too (less the padding), so
    /// the art before the spacer is placed for certain and the widget's too-tight container
    /// is reported (it was skipped: "a stack whose length the code does not fix"). Modelled
    /// on a new user's album widget (2026-12-06 trial), written here.
    @Test func aFrameOutsideThePaddingFixesASpacerRowsLength() {
        let widget = """
            HStack(spacing: 12) {
                ConcentricRectangle(corners: .concentric(minimum: 12), isUniform: true)
                    .frame(width: 110, height: 110)
                Spacer()
                Circle().frame(width: 36, height: 36)
            }
            .padding(16)
            .frame(width: 338, height: 142)
            .containerShape(.rect(cornerRadius: 22))
            .background(Color.black, in: .rect(cornerRadius: 22))
            """
        let text = "import SwiftUI\nstruct V: View {\n    var body: some View {\n\(widget)\n    }\n}\n"
        let r = SwiftRead([SourceFile(name: "V.swift", text: text)])
        #expect(r.sceneSource.contains("n1: size 306x110 pad 16 hstack spacing 12 <"), "\(r.sceneSource)")
        let result = r.check()[0]
        #expect(result.diagnostics.map(\.code) == ["container-too-tight"], "\(result.explanations)")
        #expect(!result.explanations.contains { $0.contains("whose length the code does not fix") }, "\(result.explanations)")
        // Without the frame the row's length is not in the code: skipped, as before.
        let loose = Self.read(widget.replacingOccurrences(of: ".frame(width: 338, height: 142)\n", with: ""))
        #expect(loose.explanations.contains { $0.contains("whose length the code does not fix") }, "\(loose.explanations)")
    }

    /// A rounded shape placed as a guess (beside a `Text` in a stack) is laid out where it
    /// may be clear of every corner: `--explain` says it was not checked, where before it
    /// said nothing at all.
    @Test func aShapeBesideTextIsSaidToBeUnchecked() {
        let r = Self.read("""
            HStack(spacing: 12) {
                RoundedRectangle(cornerRadius: 14).frame(width: 80, height: 80)
                Text("Title")
            }
            .padding(16)
            .background(.white, in: RoundedRectangle(cornerRadius: 20))
            """)
        #expect(r.explanations.contains {
            $0.hasPrefix("V.swift:6:5: skipped: `RoundedRectangle(cornerRadius: 14)` is not checked against `RoundedRectangle(cornerRadius: 20)` around it: one of 2 views in HStack")
        }, "\(r.explanations)")
    }
}

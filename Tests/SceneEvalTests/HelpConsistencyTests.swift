import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// docs/lint.md promises that no finding's help contradicts another's on the
/// same node: every help is computed with every rule's constraints at once, as
/// `--fix` is. Applying a help by hand (each shape it offers for the node, in
/// place of what the node draws) never creates a new finding on that node.
struct HelpConsistencyTests {
    /// The 64 × 64 artwork 16 pt into a card of radius 54: the concentric
    /// radius, 38, is more than the shape can hold; the help says `rect 32`, or
    /// A fix changes the corners its finding is about and keeps the others (the
    /// new user's header photo: flared at the top, square at the bottom, in the
    /// middle of the card; `concentric min 18` rounded those). The minimum is
    /// lowered to theirs where that keeps them; where none does, the fix writes the
    /// concentric radii corner by corner; where they change anyway (rounder than
    /// the container there), as before.
    @Test(arguments: [
        ("uneven(24, 24, 0, 0)", "make it concentric (`concentric min 0`), or use the concentric radius: `uneven(18, 18, 0, 0)`",
         "concentric min 0", [18.0, 18, 0, 0]),
        ("uneven(24, 24, 10, 10)", "make it concentric (`concentric min 10`), or use the concentric radius: `uneven(18, 18, 10, 10)`",
         "concentric min 10", [18, 18, 10, 10]),
        ("uneven(24, 24, 10, 4)", "use the concentric radius where it is off, keeping the other corners: `uneven(18, 18, 10, 4)`; or make it concentric (`concentric min 18`), which changes those too",
         "uneven(18, 18, 10, 4)", [18, 18, 10, 4]),
        ("rect 24", "make it concentric (`concentric min 18`), or use the concentric radius: `rect 18`", "concentric min 18", [18, 18, 18, 18]),
    ])
    func aFixKeepsTheCornersItIsNotAbout(_ shape: String, _ help: String, _ fixed: String, _ radii: [Double]) throws {
        let text = "card: container rect 18 size 320x220 <\n  photo: \(shape) height 120 align top\n>\n"
        let f = CheckerTests.findings(text)
        let d = try #require(f.first { $0.code == "flared-corner" }, "\(f.map(\.message))")
        #expect(d.help == help)
        #expect(d.fixes.map(\.replacement) == [fixed])
        let (out, _) = TextEdit.apply(d.fixes, to: Array(text.utf8))
        let after = String(decoding: out, as: UTF8.self)
        #expect(CheckerTests.findings(after).isEmpty, "\(after)")
        let s = try #require(resolve(after))
        #expect(s.shapes[1].radii.values == radii, "\(after)")
    }

    /// `capsule`, once, and following it gives no radius-overflow.
    @Test func aConcentricRadiusLargerThanTheShapeIsCappedAndSaidOnce() throws {
        let text = "player: container rect 54 size 300x160 <\n  artwork: rect 12 size 64x64 align topLeading pad 16\n>\n"
        let f = CheckerTests.findings(text)
        #expect(f.map(\.code) == ["pinched-corner"])
        let d = try #require(f.first)
        #expect(d.message == "`artwork` is squarer than `player` at topLeading: radius 12, concentric would be 38, at most 32 (half its shorter side)")
        #expect(d.help == "make it concentric (`concentric min 12`), or use the concentric radius: `uneven(32, 12, 12, 12)`")
        for shape in ["uneven(32, 12, 12, 12)", "concentric min 12"] {
            let after = text.replacingOccurrences(of: "rect 12 size", with: "\(shape) size")
            #expect(CheckerTests.findings(after).isEmpty, "\(shape): \(CheckerTests.findings(after).map(\.message))")
        }
        // The trial's card: 54 round on a 96 pt height (itself too round, radius-overflow):
        // the artwork's help is the capped radius at the two corners it shares, said once.
        let trial = "card: container rect 54 size 300x96 <\n  artwork: rect 12 size 64x64 align leading pad 16\n>\n"
        let g = CheckerTests.findings(trial).filter { $0.message.contains("`artwork`") }
        #expect(g.map(\.help) == ["make it concentric (`concentric min 12`), or use the concentric radius: `uneven(32, 12, 12, 32)`"])
        for shape in ["uneven(32, 12, 12, 32)", "concentric min 12"] {
            let after = trial.replacingOccurrences(of: "rect 12 size", with: "\(shape) size")
            #expect(!CheckerTests.findings(after).contains { $0.message.contains("`artwork`") }, "\(shape)")
        }
    }

    static func randomScene(_ g: inout SeededGenerator) -> String {
        func r(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
        func pick<T>(_ xs: [T]) -> T { xs[r(xs.count)] }
        var s = pick(["", "screen 400x400 radius 0\n", "target ios18\n"])
        // R: the card's radius (its container's, where it declares one), so that a child can be
        // padded to just inside it: R − d of 1 to 3 pt, where a help suggests the smallest
        // radii (a rule that forbids small radii must be taught to HelpCaps, or this test fails).
        let R = 8 + r(40)
        let parent = pick(["container rect \(R)", "rect \(R)", "rect \(8 + r(50)) container rect \(R)",
                           "vstack spacing 0 clip rect \(R)", "concentric min \(r(30)) container rect \(R)"])
        s += "card: \(parent) size \(80 + r(220))x\(60 + r(140)) <\n"
        for k in 0..<(1 + r(3)) {
            let shape = pick(["rect \(r(60))", "uneven(\(r(30)), \(r(30)), \(r(30)), \(r(30)))", "rectangle", "capsule",
                              "concentric min \(r(30))", "concentric", "circle", "relative"])
            // (And shapes a few points across, where a radius that fits is a tiny one.)
            let size = pick(["", " size \(20 + r(120))x\(20 + r(100))", " height \(20 + r(60))", " size \(20 + r(80))",
                             " size \(2 + r(5))x\(2 + r(30))"])
            let pad = pick(["", " pad \(r(30))", " pad top \(r(20)) leading \(r(20))", " pad h \(r(16)) v \(r(16))",
                            " pad \(R - 1 - r(3))"])
            let align = pick(["", " align topLeading", " align bottomTrailing", " align leading", " align top"])
            s += "  c\(k): \(shape)\(size)\(pad)\(align)\n"
        }
        return s + ">\n"
    }

    /// Whether `p` starts a shape item: a kind's keyword as the table writes it (`rect 12`,
    /// `uneven(…)`, `capsule`, `concentric min 8`), so a new kind is checked here without a
    /// step of its own, and the Swift spelling `rect(2)` a help may quote is not one.
    static func startsShape(_ p: String) -> Bool {
        ShapeKind.shapes.contains { k in
            let kw = k.rawValue
            switch k.row.arguments {
            case .radius: return p.hasPrefix(kw + " ")
            case .fourRadii: return p.hasPrefix(kw + "(")
            case .none, .concentric: return p == kw || p.hasPrefix(kw + " ")
            }
        }
    }

    /// The backticked shapes a help offers for the node itself.
    static func offered(_ help: String) -> [String] {
        // (The iOS 26 spelling edits two nodes together: not one alone.)
        let parts = (help.components(separatedBy: "; or, on iOS 26").first ?? help).components(separatedBy: "`")
        var out: [String] = []
        for (k, p) in parts.enumerated() where k % 2 == 1 {
            guard Self.startsShape(p) else { continue }
            out.append(p)
        }
        return out
    }

    /// The fixed seeds every run checks, besides a fresh one (or `SCENE_SEED`): one green
    /// run then shows the same scenes as the last, and a gap a fresh seed found once can be
    /// pinned by adding its seed here (the recipe trial of `tiny-radius` needed three runs).
    static let fixedSeeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    @Test func applyingAnyHelpByHandCreatesNoNewFindingOnThatNode() {
        var tried = Self.applyHelps(SeededGenerator.fromEnvironment("applyingAnyHelpByHandCreatesNoNewFindingOnThatNode"))
        for seed in Self.fixedSeeds { tried += Self.applyHelps(SeededGenerator(seed: seed)) }
        #expect(tried > 100 * (1 + Self.fixedSeeds.count))
    }

    /// 300 random scenes from `g`: each help applied by hand; how many were tried.
    static func applyHelps(_ g0: SeededGenerator) -> Int {
        var g = g0
        var tried = 0
        for _ in 0..<300 {
            let text = Self.randomScene(&g)
            let file = SourceFile(name: "t", text: text)
            let c = Pipeline.compile(file)
            guard c.scene != nil, !c.diagnostics.hasErrors else { continue }
            let before = c.check()
            // (The helps of container-too-tight, uneven-siblings and missing-container-shape
            // change another node: the container, every sibling, the parent.)
            for d in before where !["container-too-tight", "uneven-siblings", "missing-container-shape"].contains(d.code) {
                guard let help = d.help else { continue }
                let underlined = file.text(d.range.start..<d.range.end)
                // Only a finding that underlines what the node draws (its shape item).
                guard Self.startsShape(underlined) else { continue }
                // Findings on the shape item: at its start, or on a number inside it (a rule may
                // underline the radius alone).
                let here = Set(before.filter { $0.range.start >= d.range.start && $0.range.start < d.range.end }.map(\.code))
                for shape in Self.offered(help) {
                    let bytes = Array(text.utf8)
                    let after = String(decoding: bytes[..<d.range.start] + Array(shape.utf8) + bytes[d.range.end...], as: UTF8.self)
                    let again = CheckerTests.findings(after)
                    let end = d.range.start + shape.utf8.count
                    let new = again.filter { $0.range.start >= d.range.start && $0.range.start < end && !here.contains($0.code) }
                    tried += 1
                    #expect(new.isEmpty, "seed \(g0.seed): `\(underlined)` → `\(shape)` (help of \(d.code): \(help)) gives \(new.map { "\($0.code): \($0.message)" })\n\(text)")
                }
            }
        }
        return tried
    }
}

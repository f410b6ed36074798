import Testing
import SceneLang
@testable import SceneEval

/// `larger inset used` (`chebyshev-distance`) is shown only where the smaller inset
/// would draw another radius: after the minimum, `uniform` and the half-side cap.
/// On a `uniform` shape whose largest corner does not move, and on a corner the cap
/// holds either way, it changes nothing and is noise.
struct LargerInsetNoteTests {
    static func shapes(_ text: String) throws -> [String: ResolvedShape] {
        let c = Pipeline.compile(SourceFile(name: "t", text: text))
        let scene = try #require(c.scene, "\(c.diagnostics)")
        return Dictionary(uniqueKeysWithValues: scene.shapes.map { ($0.id, $0) })
    }

    static func noted(_ sh: ResolvedShape?) -> Bool { sh?.decisions.contains(.chebyshevDistance) == true }

    /// `s` is uniform: its top-leading corner (8 across, 16 down) gives 24 and would give
    /// 32 from the smaller inset, but its bottom-leading corner (8, 8) gives 32 and
    /// uniform draws 32 at every corner either way. `t`, the same shape not uniform,
    /// draws 24 at its top-trailing corner, which the smaller inset would make 32.
    @Test func aUniformShapeWhoseRadiusCannotChangeHasNoNote() throws {
        let s = try Self.shapes("""
            screen 400x400 radius 40
            s: concentric min 4 uniform width 100 align leading pad leading 8 top 16 bottom 8
            t: concentric min 4 width 100 align trailing pad trailing 8 top 16 bottom 8

            """)
        #expect(s["s"]?.radii == Radii(all: 32))
        #expect(!Self.noted(s["s"]), "uniform: 32 32 32 32 from either inset")
        #expect(s["t"]?.radii == Radii(4, 24, 32, 4))
        #expect(Self.noted(s["t"]))
        // The table's notes column says so.
        #expect(!NoteWords.notes(s["s"]!, window: false).contains("larger inset used"))
        #expect(NoteWords.notes(s["t"]!, window: false).contains("larger inset used"))
    }

    /// Uniform, but the corner measured from its larger inset is the largest: from the
    /// smaller one every corner would be 30, not 24. The note stays.
    @Test func aUniformShapeWhoseRadiusWouldChangeKeepsIt() throws {
        let s = try Self.shapes("screen 400x400 radius 40\np: concentric min 12 uniform size 180x120 align bottomTrailing pad h 10 v 16\n")
        #expect(s["p"]?.radii == Radii(all: 24))
        #expect(Self.noted(s["p"]))
    }

    /// Inset 4 across and 8 down at every corner of a 50 pt container 100 tall: 50 − 8
    /// = 42, or 46 from the smaller inset, but half the shape's shorter side (84) is 42,
    /// so 42 is drawn either way. On both of the resolver's paths: every corner
    /// concentric (`a`), and with a fixed corner (`b`).
    @Test func aCornerTheCapHoldsEitherWayHasNoNote() throws {
        let s = try Self.shapes("""
            c: container rect 50 size 200x100 <
              a: concentric pad h 4 v 8
              b: concentric(bottomTrailing: fixed 2) pad h 4 v 8
            >

            """)
        #expect(s["a"]?.radii == Radii(all: 42))
        #expect(s["b"]?.radii == Radii(42, 42, 2, 42))
        #expect(!Self.noted(s["a"]) && !Self.noted(s["b"]))
        // 120 tall, 4 across and 12 down: 38, or 46 from the smaller inset, under the cap (48).
        let t = try Self.shapes("c: container rect 50 size 200x120 <\n  a: concentric pad h 4 v 12\n>\n")
        #expect(t["a"]?.radii == Radii(all: 38))
        #expect(Self.noted(t["a"]))
    }

    /// Equal insets: no choice to note.
    @Test func equalInsetsHaveNoNote() throws {
        let s = try Self.shapes("c: container rect 40 size 200x200 <\n  a: concentric min 4 size 100x100\n>\n")
        #expect(!Self.noted(s["a"]))
    }
}

import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// `radius-overflow` (docs/lint.md): the per-edge limit iOS 26 traps on, its fix.
struct RadiusOverflowTests {
    static func findings(_ text: String) -> [Diagnostic] { CheckerTests.findings(text) }
    static func codes(_ text: String) -> [String] { findings(text).map(\.code).filter { $0 == "radius-overflow" } }
    static func fix(_ text: String) -> String? { Fixer.fixAll(SourceFile(name: "t", text: text)).text }

    static func example(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("examples/lint/\(name).scene"), encoding: .utf8)
    }

    /// A scene's statements without its comments (`fill #rgb` is not a comment).
    static func code(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            var s = String(line)
            if let r = s.range(of: #"\s+#\s.*$"#, options: .regularExpression) { s.removeSubrange(r) }
            return s
        }
    }

    @Test("a rect fits up to half its shorter side, exactly", arguments: [
        ("rect 22 size 160x44", false), ("rect 22.001 size 160x44", true), ("rect 36 size 160x44", true),
        ("rect 16 size 32x32", false), ("rect 16.01 size 32x32", true), ("capsule size 160x44", false),
        ("circle size 44x44", false), ("rectangle size 10x10", false), ("rect 0 size 10x10", false),
    ])
    func rectLimit(_ shape: String, _ fires: Bool) {
        #expect(Self.codes("screen 400x400\nb: \(shape)") == (fires ? ["radius-overflow"] : []), "\(shape)")
    }

    @Test("uneven radii are limited per edge: a top-rounded shape may use its full height", arguments: [
        ("uneven(20, 20, 0, 0) size 120x20", false), ("uneven(20.01, 20, 0, 0) size 120x20", true),
        ("uneven(32, 32, 0, 0) size 120x20", true), ("uneven(60, 60, 0, 0) size 120x80", false),
        ("uneven(61, 60, 0, 0) size 120x80", true), ("uneven(10, 0, 10, 0) size 20x20", false),
        ("uneven(15, 0, 6, 0) size 20x20", false), ("uneven(15, 6, 0, 0) size 20x20", true),
    ])
    func unevenLimit(_ shape: String, _ fires: Bool) {
        #expect(Self.codes("screen 400x400\nb: \(shape)") == (fires ? ["radius-overflow"] : []), "\(shape)")
    }

    @Test func everyDrawnFixedRadiusCounts() {
        // A container, a concentric shape's fixed corner, glass, clip, background, transition.
        #expect(Self.codes("screen 400x400\nc: container rect 30 size 100x40") == ["radius-overflow"])
        #expect(Self.codes("screen 400x400\nc: container uneven(30, 30, 0, 0) size 100x20") == ["radius-overflow"])
        #expect(Self.codes("screen 400x400\nt: concentric(top: fixed 30, bottom: concentric min 16) size 100x40") == ["radius-overflow"])
        #expect(Self.codes("screen 400x400\nt: concentric(top: fixed 24, bottom: concentric min 16) size 100x40").isEmpty)
        for layer in ["glass", "clip", "background", "transition"] {
            #expect(Self.codes("screen 400x400\nb: capsule \(layer) rect 30 size 100x40") == ["radius-overflow"], "\(layer)")
        }
        // A hit shape is not drawn: it cannot trap.
        #expect(Self.codes("screen 400x400\nb: capsule hit rect 30 size 100x40").isEmpty)
        // Nothing is drawn in an empty frame.
        #expect(Self.codes("screen 400x400\nb: rect 8 size 0x40").isEmpty)
    }

    /// Shapes clamped alike share one array of their overflow (a list of clamped
    /// rows keeps one, not one a row), whichever box holds it, and shapes with
    /// the same drawn numbers and overflows one box; each still reads its own,
    /// and one clamped or drawn otherwise has its own.
    @Test func shapesClampedAlikeShareTheirOverflow() throws {
        let row = "concentric(top: fixed 30, bottom: concentric min 16) size 100x40"
        let c = Pipeline.compile(SourceFile(name: "t", text: """
            screen 400x400
            a: \(row)
            b: \(row)
            c: concentric(top: fixed 31, bottom: concentric min 16) size 100x40
            d: \(row) fill #f00
            e: rect 30 size 100x40
            f: rect 30 size 100x40
            """))
        let scene = try #require(c.scene, "\(c.diagnostics)")
        let shapes = Dictionary(uniqueKeysWithValues: scene.shapes.map { ($0.id, $0) })
        func storage(_ id: String) throws -> UnsafeRawPointer? {
            let sh = try #require(shapes[id])
            return sh.overflows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let top = RadiusOverflow(role: "shape", written: Radii(30, 30, 16, 16), drawn: Radii(20, 20, 16, 16))
        for id in ["a", "b", "d"] { #expect(shapes[id]?.overflows.map(\.description) == [top.description], "\(id)") }
        #expect(shapes["c"]?.overflows.map(\.description) == ["31 31 16 16 → 20 20 16 16"])
        #expect(shapes["e"]?.overflows.map(\.description) == ["30 → 20"])
        #expect(try storage("a") != nil && storage("a") == storage("b") && storage("a") == storage("d"))
        #expect(try storage("c") != storage("a"))
        #expect(try storage("e") != nil && storage("e") == storage("f"))
        // So is the box of drawn numbers and overflows (of an unlabelled shape: a label
        // takes the full box), for shapes alike, clamped or not.
        let unlabelled = try #require(Pipeline.compile(SourceFile(name: "t", text: """
            screen 400x400
            \(row)
            \(row)
            concentric(top: fixed 31, bottom: concentric min 16) size 100x40
            concentric(top: fixed 12, bottom: concentric min 16) size 100x40
            concentric(top: fixed 12, bottom: concentric min 16) size 100x40
            concentric(top: fixed 13, bottom: concentric min 16) size 100x40
            """)).scene)
        let boxes = unlabelled.shapes.map { s -> ResolvedShape.ExtrasBox.SpecOnly? in
            if case .spec(let b)? = s.extras { return b } else { return nil }
        }
        #expect(boxes.count == 6 && !boxes.contains { $0 == nil })
        #expect(boxes[0] === boxes[1] && boxes[2] !== boxes[0] && boxes[3] === boxes[4] && boxes[5] !== boxes[3])
        #expect(unlabelled.shapes.map { $0.overflows.count } == [1, 1, 1, 0, 0, 0])
        #expect(unlabelled.shapes.map(\.specValues) == [Radii(30, 30, 16, 16), Radii(30, 30, 16, 16), Radii(31, 31, 16, 16),
                                                        Radii(12, 12, 16, 16), Radii(12, 12, 16, 16), Radii(13, 13, 16, 16)])

        // Equal to the bit: 0 and −0 are not one overflow.
        var arrays = SharedExtras()
        let zero = RadiusOverflow(role: "shape", written: Radii(all: 40), drawn: Radii(all: 0))
        let minusZero = RadiusOverflow(role: "shape", written: Radii(all: 40), drawn: Radii(all: -0.0))
        let glass = RadiusOverflow(role: "glass", written: Radii(all: 40), drawn: Radii(all: 0))
        #expect(arrays.alone(zero)[0].drawn.topLeading.sign == .plus)
        #expect(arrays.alone(minusZero)[0].drawn.topLeading.sign == .minus)
        #expect(arrays.alone(glass)[0].role == "glass")
        #expect(arrays.alone(zero)[0].drawn.topLeading.sign == .plus)
    }

    /// An app built for iOS 18 runs on iOS 26 too: the trap is still reported.
    @Test func underIOS18TooTheShapeIsReported() {
        #expect(Self.codes("target ios18\nscreen 400x400\nb: rect 36 size 160x44") == ["radius-overflow"])
    }

    @Test func oneFindingPerNode() {
        let f = Self.findings("screen 400x400\nc: rect 30 container rect 30 clip rect 30 size 100x40").filter { $0.code == "radius-overflow" }
        #expect(f.count == 1)
        // Every overflowing item is fixed at once.
        #expect(Self.fix("screen 400x400\nc: rect 30 container rect 30 clip rect 30 size 100x40\n")
                == "screen 400x400\nc: capsule container capsule clip capsule size 100x40\n")
    }

    @Test func theMessageSaysWhatIOS26DoesAndTheHelpComputesTheFix() throws {
        let f = Self.findings(try Self.example("radius-overflow")).filter { $0.code == "radius-overflow" }
        #expect(f.count == 4)
        guard f.count == 4 else { return }
        #expect(f[0].message == "`done`'s radius 36 is more than half its 44 pt height: iOS 26 traps at render time on such a shape; earlier versions clamped it to 22")
        #expect(f[0].help == "a button, pill or track is fully rounded on its short axis: use `capsule`, what earlier versions drew, at any size")
        #expect(f[0].values == ["radius": 36, "edge": 44, "maxRadius": 22])
        #expect(f[1].message.contains("radii 32 32 0 0 do not fit its 120×20 frame"))
        #expect(f[1].message.contains("clamped it to 10 10 0 0"))
        #expect(f[1].help == "use the radii it is drawn with, which fit: `uneven(10, 10, 0, 0)`")
        #expect(f[2].help?.contains("`capsule`") == true)
        #expect(f[3].message.contains("half its 32 pt side"))
        #expect(f[3].help == "use the largest radius that fits: `rect 16`")
    }

    @Test func aRoleMakesEvenASquareACapsule() {
        #expect(Self.fix("screen 400x400\nb: rect 30 role badge size 40x40\n") == "screen 400x400\nb: capsule role badge size 40x40\n")
        #expect(Self.fix("screen 400x400\nb: rect 30 size 40x40\n") == "screen 400x400\nb: rect 20 size 40x40\n")
    }

    @Test func theFixKeepsTheHitShapeInStepAndTransitionARect() {
        #expect(Self.fix("screen 400x400\nb: rect 36 size 160x44 hit rect 36 transition rect 36\n")
                == "screen 400x400\nb: capsule size 160x44 hit capsule transition rect 22\n")
    }

    @Test func concentricFixedCornersAreLowered() {
        let f = Self.findings("screen 400x400\nt: concentric(top: fixed 30, bottom: concentric min 16) size 100x40").filter { $0.code == "radius-overflow" }
        #expect(f.first?.help == "lower the fixed corners to the radius they are drawn with, which fits: `fixed 20` at topLeading, topTrailing")
        #expect(Self.fix("screen 400x400\nt: concentric(top: fixed 30, bottom: concentric min 16) size 100x40\n")
                == "screen 400x400\nt: concentric(top: fixed 20, bottom: concentric min 16) size 100x40\n")
    }

    /// Changed where it is used (`j` keeps `r`), and the name is kept: `r - 4`, not `16` (KeepNames.swift).
    @Test func aRadiusFromABindingIsAdjustedWhereItIsUsed() {
        #expect(Self.fix("let r = 20\nscreen 400x400\ni: rect r size 32x32\nj: rect r size 100x100\n")
                == "let r = 20\nscreen 400x400\ni: rect r - 4 size 32x32\nj: rect r size 100x100\n")
    }

    @Test("the fix writes the radii the shape is drawn with, which fit", arguments: [
        ([32.0, 32, 0, 0], 120.0, 20.0, [10.0, 10, 0, 0]),
        ([36, 36, 36, 36], 160, 44, [22, 22, 22, 22]),
        ([32, 8, 0, 0], 120, 20, [10, 8, 0, 0]),
        ([30, 30, 16, 16], 100, 40, [20, 20, 16, 16]),
        ([15, 6, 0, 0], 20, 20, [10, 6, 0, 0]),
        ([10, 10, 10, 10], 100, 100, [10, 10, 10, 10]),
        ([100, 1, 1, 1], 10, 10, [5, 1, 1, 1]),
        ([1.0 / 3, 0, 0, 0], 0.5, 0.5, [0.25, 0, 0, 0]),
    ] as [([Double], Double, Double, [Double])])
    func drawn(_ radii: [Double], _ w: Double, _ h: Double, _ want: [Double]) {
        let r = EdgeLimit.drawn(Radii(radii[0], radii[1], radii[2], radii[3]), width: w, height: h)
        #expect(r.values == want)
        #expect(EdgeLimit.worst(r, width: w, height: h) == nil)
    }

    /// The fix never changes the picture: every shape resolves as before.
    @Test(arguments: ["radius-overflow", "uneven-siblings"])
    func theFixKeepsWhatIsDrawn(_ rule: String) throws {
        let text = try Self.example(rule)
        let before = try #require(compile(text).scene)
        let fixed = try #require(Self.fix(text))
        let after = try #require(compile(fixed).scene)
        #expect(before.shapes.map(\.frame) == after.shapes.map(\.frame))
        if rule == "radius-overflow" { #expect(before.shapes.map(\.radii) == after.shapes.map(\.radii)) }
    }

    @Test func fixingTheExampleGivesTheFixedExampleAndIsIdempotent() throws {
        let (fixed, applied) = Fixer.fixAll(SourceFile(name: "radius-overflow.scene", text: try Self.example("radius-overflow")))
        #expect(applied == 5)
        let want = try Self.example("radius-overflow-fixed")
        #expect(fixed.map(Self.code) == Self.code(want))
        #expect(Self.fix(want) == nil)
        if let fixed { #expect(Self.fix(fixed) == nil) }
    }

    @Test func bothNewRulesAreSilentOnEveryOtherExample() throws {
        let folders = ["examples", "examples/lint", "Tests/Fixtures/scenes", "Tests/Fixtures/diagnostics"]
        var seen = 0
        for folder in folders {
            let dir = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".scene") {
                let file = SourceFile(name: name, bytes: [UInt8](try Data(contentsOf: dir.appendingPathComponent(name))))
                let codes = Set(Pipeline.compile(file).check().map(\.code))
                seen += 1
                for rule in ["radius-overflow", "uneven-siblings"] where name != "\(rule).scene" {
                    #expect(!codes.contains(rule), "\(folder)/\(name) fires \(rule)")
                }
            }
        }
        #expect(seen > 30)
    }
}

/// `scene run` marks a shape it draws clamped because iOS 26 would trap on it:
/// the model decision `radius-overflow-clamped`, with the radii written and drawn.
struct RadiusOverflowDecisionTests {
    static func shape(_ text: String, _ label: String) -> ResolvedShape? {
        guard let s = compile(text).scene, let i = s.index(ofLabel: label) else { return nil }
        return s.shapes[i]
    }

    @Test func theDrawnShapeIsMarkedWithWhatWasWrittenAndWhatIsDrawn() throws {
        let done = try #require(Self.shape("screen 400x400\ndone: rect 36 size 160x44", "done"))
        #expect(done.decisions.contains(.radiusOverflowClamped))
        #expect(done.radii == Radii(all: 22))
        #expect(done.overflows == [RadiusOverflow(role: "shape", written: Radii(all: 36), drawn: Radii(all: 22))])
        #expect(done.overflows.first?.description == "36 → 22")
        let handle = try #require(Self.shape("screen 400x400\nk: uneven(32, 32, 0, 0) size 120x20", "k"))
        #expect(handle.overflows.first?.description == "32 32 0 0 → 10 10 0 0")
    }

    @Test func containersAndDrawnLayersAreMarkedButNotHit() throws {
        let c = try #require(Self.shape("screen 400x400\nc: capsule container rect 60 size 100x40", "c"))
        #expect(c.overflows.map(\.description) == ["container 60 → 20"])
        let g = try #require(Self.shape("screen 400x400\ng: capsule clip rect 30 size 100x40", "g"))
        #expect(g.overflows.map(\.description) == ["clip 30 → 20"])
        let k = try #require(Self.shape("screen 400x400\nk: capsule hit rect 30 size 100x40", "k"))
        #expect(!k.decisions.contains(.radiusOverflowClamped))
        // The same radii drawn and declared are listed once.
        let d = try #require(Self.shape("screen 400x400\nd: rect 30 container rect 30 size 100x40", "d"))
        #expect(d.overflows.count == 1)
    }

    @Test func aShapeThatFitsIsNotMarked() throws {
        for text in ["r: rect 22 size 160x44", "r: uneven(20, 20, 0, 0) size 120x20", "r: capsule size 10x40",
                     "r: concentric(top: fixed 24, bottom: concentric min 16) size 100x40"] {
            let s = try #require(Self.shape("screen 400x400\n" + text, "r"))
            #expect(!s.decisions.contains(.radiusOverflowClamped), "\(text)")
        }
        // A fixed radius within half the side but over it on no edge is only clamped.
        let u = try #require(Self.shape("screen 400x400\nr: uneven(15, 0, 0, 0) size 100x20", "r"))
        #expect(u.decisions.list == [.clampedToHalfSide])
    }

    @Test func aConcentricShapesFixedCornersCount() throws {
        let t = try #require(Self.shape("screen 400x400\nt: concentric(top: fixed 30, bottom: concentric min 16) size 100x40", "t"))
        #expect(t.overflows.map(\.description) == ["30 30 16 16 → 20 20 16 16"])
    }

    /// The mark and the lint rule agree: a node is marked exactly when `radius-overflow` reports it.
    @Test func theMarkAndTheRuleAgree() throws {
        let text = try RadiusOverflowTests.example("radius-overflow") + """
            a: rect 8 size 40x40 clip rect 30
            b: concentric(top: fixed 30, bottom: concentric min 16) size 100x40 align top
            c: rect 4 hit rect 30 size 60x20 align bottom
            d: uneven(0, 0, 15, 25) size 60x20 align leading
            e: uneven(0, 0, 15, 15) size 60x20 align trailing
            """
        let file = SourceFile(name: "t", text: text)
        let c = Pipeline.compile(file)
        let scene = try #require(c.scene)
        let reported = Set(c.check().filter { $0.code == "radius-overflow" }
            .map { file.location(of: $0.range.start).line })
        let marked = Set(scene.shapes.filter { $0.decisions.contains(.radiusOverflowClamped) }
            .map { file.location(of: $0.range.start).line })
        #expect(reported == marked)
        #expect(marked.count == 7)
    }

    @Test func theTextAndTheJSONShowIt() throws {
        let scene = try #require(compile("screen 400x400\ndone: rect 36 size 160x44").scene)
        let text = TextWriter.write(scene)
        #expect(text.contains("capped at half its shorter side, too round for its size (36 → 22)"))
        let json = JSONWriter.shape(scene.shapes[0], in: scene)
        #expect(json.contains("\"decisions\": [\"clamped-to-half-side\", \"radius-overflow-clamped\"]"))
        #expect(json.contains("\"overflows\": [{\"role\": \"shape\", \"written\": {\"topLeading\": 36"))
    }

    /// The template table's key hashes a digest made once: keys equal field by field
    /// (a zero's sign aside, as `==` on numbers has it) hash alike, and a key that
    /// differs in any field, or in the items' bytes anywhere, is another key.
    @Test func templateKeysHashAsTheyCompare() {
        typealias Key = OverflowTemplates.Key
        let items = "rect 36 size 40x20 pad 4 corners(topLeading: 12)"
        let key = Key(items: items, width: 40, height: 20, radii: [20, 20, 20, 0], role: false)
        let same = Key(items: String(items.utf8.map { Character(UnicodeScalar($0)) }), width: 40, height: 20,
                       radii: [20, 20, 20, -0.0], role: false)
        #expect(key == same && key.hashValue == same.hashValue)
        var others = [Key(items: items, width: 41, height: 20, radii: [20, 20, 20, 0], role: false),
                      Key(items: items, width: 40, height: 21, radii: [20, 20, 20, 0], role: false),
                      Key(items: items, width: 40, height: 20, radii: [20, 20, 20, 1], role: false),
                      Key(items: items, width: 40, height: 20, radii: [20, 20, 20], role: false),
                      Key(items: items, width: 40, height: 20, radii: [20, 20, 20, 0], role: true)]
        for k in items.indices {
            var changed = items
            changed.replaceSubrange(k...k, with: items[k] == "x" ? "y" : "x")
            others.append(Key(items: changed, width: 40, height: 20, radii: [20, 20, 20, 0], role: false))
        }
        others.append(Key(items: items + " ", width: 40, height: 20, radii: [20, 20, 20, 0], role: false))
        // Canonically equal, not byte for byte (`é` and `e` + U+0301): another key.
        others.append(Key(items: "rect cafe\u{301}", width: 40, height: 20, radii: [20, 20, 20, 0], role: false))
        #expect(Key(items: "rect caf\u{E9}", width: 40, height: 20, radii: [20, 20, 20, 0], role: false) != others.last!)
        for o in others { #expect(o != key, "\(o.items) \(o.width) \(o.height) \(o.radii) \(o.role)") }
        // (A digest may collide; none of these does, and a table lookup compares the fields anyway.)
        #expect(Set(others.map(\.hashValue) + [key.hashValue]).count == others.count + 1)
    }

    /// Two nodes whose items are canonically equal but not byte for byte: each
    /// finding is its own node's (its range the node's bytes), not the other's
    /// template moved by the difference in where they start. (Debug builds also
    /// compare each templated finding with the one built from scratch.)
    @Test func canonicallyEqualItemsKeepTheirOwnFindings() {
        let a = "a: rect caf\u{E9} size 40x20", b = "b: rect cafe\u{301} size 40x20"
        let text = "let caf\u{E9} = 36\nscreen 400 x 400 radius 40\n\(a)\n\(b)\n"
        let bytes = Array(text.utf8)
        let found = RadiusOverflowTests.findings(text).filter { $0.code == "radius-overflow" }
        #expect(found.count == 2)
        for (d, item) in zip(found, ["rect caf\u{E9}", "rect cafe\u{301}"]) {  // each node's shape item
            #expect(Array(bytes[d.range.start..<d.range.end]) == Array(item.utf8), "\(d.range.start)..<\(d.range.end)")  // (bytes: `==` on strings is canonical)
        }
    }
}

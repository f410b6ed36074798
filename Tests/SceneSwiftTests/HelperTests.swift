import Foundation
import Testing
import SceneLang
import SceneEval
import SceneTestSupport
import SwiftParser
import SwiftSyntax
@testable import SceneSwift

/// Helper functions the files declare are read where they are called (Helpers.swift):
/// the SwiftUI `scene run --swiftui` writes is read back as the scene it came from.
@Suite struct HelperTests {
    static func check(_ swift: String) -> SwiftFileResult {
        SwiftRead([SourceFile(name: "V.swift", text: swift)]).check()[0]
    }

    /// Every example's export is read whole: no modifier or shape the export writes is
    /// passed over, and the nesting rules find in the code what they find in the scene.
    static func examples() throws -> [String] {
        try ["examples", "examples/lint"].flatMap { dir in
            try FileManager.default.contentsOfDirectory(atPath: Golden.root.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".scene") }.sorted().map { dir + "/" + $0 }
        }
    }

    @Test(arguments: try examples())
    func anExportIsReadAsItsScene(_ path: String) throws {
        let bytes = try Data(contentsOf: Golden.root.appendingPathComponent(path))
        let file = SourceFile(name: path, bytes: [UInt8](bytes))
        guard let export = SwiftUIWriter.export(file) else { return }  // (an example of an error: no export)
        let read = SwiftRead([SourceFile(name: "V.swift", text: export.code)]).check()[0]
        for helper in [".concentricContainer", ".glass(", "Corners.nested(", "Corners.rect("] {
            let passed = read.explanations.filter { $0.contains("skipped") && $0.contains(helper) && $0.contains("not known") }
            #expect(passed.isEmpty, "\(path): \(passed)")
        }
        // The scene's findings of the rules Swift files get, against the code's (the
        // scene's own `# scene: ignore` comments are not in the code: none of these has one).
        let ruled = Set(swiftRules)
        let scene = Pipeline.compileAndCheck(file).diagnostics.filter { ruled.contains($0.id) }.map(\.code).sorted()
        let swift = read.diagnostics.map(\.code).sorted()
        if Self.sameFindings.contains(where: { path.hasSuffix($0) }) {
            #expect(scene == swift, "\(path): the scene finds \(scene), its export \(swift)")
            #expect(!scene.isEmpty || path.hasSuffix("map.scene"))
        }
        // A container is named as the code declares it: the export's `.concentricContainer(…)`.
        for d in read.diagnostics { #expect(!d.message.contains("`.containerShape("), "\(path): \(d.message)") }
    }

    /// Examples whose export the checker reads with the scene's own findings (the others
    /// hold a screen edge, a fallback, or suppressions, which the code does not carry).
    static let sameFindings = ["map.scene", "lint/container-too-tight.scene", "lint/flared-corner.scene",
                               "lint/pinched-corner.scene", "lint/radius-inversion.scene", "lint/uneven-siblings.scene",
                               "lint/relative-uneven-insets.scene"]

    /// A stack with no size of its own is exported inside `.frame(maxWidth: .infinity)`,
    /// which the reader does not measure inside (how tall the frame is, and where what it
    /// holds sits, depend on content it cannot always size): the scene's two findings are
    /// not repeated, and `--explain` says where and why (a new user's settings card).
    @Test func aStackFillingItsCardsWidthIsSaidNotMeasured() throws {
        let text = """
            let outer = 28
            let gap = 16
            let tile = 12
            screen iphone-16-pro
            card: container rect outer size 360x220 <
              stack: vstack spacing 8 pad gap <
                header: concentric min tile height 80
                tiles: hstack spacing 8 <
                  a: concentric min tile size 100x100
                  b: concentric min tile size 100x100
                  c: rect tile size 100x100
                >
              >
            >
            """
        let file = SourceFile(name: "settings.scene", text: text)
        let export = try #require(SwiftUIWriter.export(file))
        #expect(export.code.contains(".frame(maxWidth: .infinity)"))
        #expect(Pipeline.compileAndCheck(file).diagnostics.map(\.code).sorted() == ["container-too-tight", "flared-corner"])
        let read = Self.check(export.code)
        #expect(read.diagnostics.isEmpty)
        let said = read.explanations.filter { $0.contains("not reported: sizes itself inside `.frame`") }
        #expect(said.count == 2, "\(read.explanations)")
    }

    /// A shape of a fixed size inside `.frame(maxWidth: .infinity)`: the frame is as wide as
    /// it is offered (300), so a background drawn on it is far from the shape's left and
    /// right corners, which the reader cannot place for certain: not reported (it was, as
    /// pinched against a 100-wide background; found by review).
    @Test func aFixedShapeInAWidthFillingFrameIsNotJudged() {
        let r = Self.check("""
            import SwiftUI
            struct A: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 10)
                        .frame(width: 100, height: 100)
                        .frame(maxWidth: .infinity)
                        .background(RoundedRectangle(cornerRadius: 30))
                        .frame(width: 300, height: 100)
                }
            }
            """)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map { $0.message })")
        #expect(r.explanations.contains { $0.contains("pinched-corner not reported: sizes itself inside `.frame`") })
    }

    /// A helper's body reads the helpers of its own file (a private one there, not the
    /// caller's of the same name); what it writes in another file is said at the call, and
    /// no fix edits either file there; a helper may be passed a call of itself.
    @Test func aHelperReadsItsOwnFile() {
        let one = SourceFile(name: "One.swift", text: """
            import SwiftUI
            private func outline(_ r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
            struct One: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 12)
                        .padding(8)
                        .frame(width: 200, height: 40)
                        .pill(4)
                }
            }
            """)
        let two = SourceFile(name: "Two.swift", text: """
            import SwiftUI
            private func outline(_ r: CGFloat) -> some Shape { Capsule() }
            extension View {
                func pill(_ r: CGFloat) -> some View { containerShape(outline(r)) }
            }
            """)
        #expect(SwiftRead([one, two]).check().allSatisfy { $0.diagnostics.isEmpty })
        // The body's `4` sits in Helpers.swift at the offset of `C4.card()`'s `4` in V.swift.
        let helpers = SourceFile(name: "Helpers.swift", text: """
            import SwiftUI
            enum C { static func card() -> some Shape { RoundedRectangle(cornerRadius: 4) } }
            """)
        let prefix = "import SwiftUI\nstruct V: View { var body: some View {\n"
        let four = helpers.bytes.firstIndex(of: UInt8(ascii: "4"))!
        let v = SourceFile(name: "V.swift", text: prefix + String(repeating: " ", count: four - prefix.utf8.count - 1)
                           + "C4.card().padding(8).containerShape(.rect(cornerRadius: 20)) } }\n")
        #expect(v.bytes[four] == UInt8(ascii: "4"))
        let r = SwiftRead([v, helpers]).check()
        let d = r[0].diagnostics
        #expect(d.count == 1 && d[0].message.hasPrefix("`C4.card()` is squarer"), "\(d.map { $0.message })")
        #expect(r.allSatisfy { $0.fixGroups.isEmpty })
        let nested = Self.check("""
            import SwiftUI
            enum C {
              static func rect(_ r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
              static func inset(_ s: some Shape) -> some Shape { s }
            }
            struct V: View {
              var body: some View {
                RoundedRectangle(cornerRadius: 4)
                  .padding(8)
                  .frame(width: 200, height: 200)
                  .containerShape(C.inset(C.inset(C.rect(12))))
              }
            }
            """)
        #expect(nested.diagnostics.isEmpty && !nested.explanations.contains { $0.contains("skipped") }, "\(nested.diagnostics.map(\.message)) \(nested.explanations)")
    }

    /// A helper of the reader's own code, not the export's: a `View` extension made of one
    /// modifier, with a number parameter; a shape function with an `#available` branch, a
    /// default, an overload and `AnyShape`.
    @Test func helpersAreReadWithTheirArguments() {
        let swift = """
            import SwiftUI
            enum Radii {
                static func tile(_ r: CGFloat, uniform: Bool = false) -> AnyShape {
                    if #available(iOS 26.0, *) {
                        AnyShape(ConcentricRectangle(corners: .concentric(minimum: .fixed(r)), isUniform: uniform))
                    } else {
                        AnyShape(RoundedRectangle(cornerRadius: r))
                    }
                }
                static func tile(fixed r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
                static func tile(_ r: CGFloat, inset: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r - inset) }
            }
            extension View {
                func card(radius: CGFloat) -> some View { containerShape(RoundedRectangle(cornerRadius: radius, style: .continuous)) }
            }
            struct V: View {
                var body: some View {
                    VStack(spacing: 8) {
                        Radii.tile(20).padding(4).frame(width: 100, height: 100).card(radius: 24)
                        Radii.tile(fixed: 22).padding(4).frame(width: 100, height: 100).card(radius: 24)
                        Radii.tile(30, inset: 2).padding(4).frame(width: 100, height: 100).card(radius: 24)
                    }
                }
            }
            """
        let r = Self.check(swift)
        // 24 − 4 = 20: the first tile's minimum 20 holds (no finding); the second, a fixed 22, flares;
        // the third computes with its parameters, which is said, not followed.
        #expect(r.diagnostics.map(\.code) == ["flared-corner"], "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first.map { $0.message.contains("Radii.tile(fixed: 22)") } == true)
        #expect(!r.explanations.contains { $0.contains("`.card(") })
        #expect(r.explanations.contains { $0.contains("`r` is a parameter of the function read here") })
        // Without the helper's declaration, `.card` is a modifier the reader does not know.
        let unknown = Self.check(swift.replacingOccurrences(of: "func card(", with: "func other("))
        #expect(unknown.diagnostics.isEmpty)
        #expect(unknown.explanations.contains { $0.contains("`.card(…)` is not known") })
    }

    /// Two files may each declare a helper of one name: a call reads its own file's
    /// first (a `private` one is not seen from another file), whatever order the files
    /// come in; a container a helper declares is named as the call writes it, at its line.
    @Test func eachFileReadsItsOwnHelper() {
        let one = SourceFile(name: "One.swift", text: """
            import SwiftUI
            private extension View {
                func box(_ r: CGFloat) -> some View { containerShape(RoundedRectangle(cornerRadius: r)) }
            }
            struct One: View {
                var body: some View {
                    ConcentricRectangle(corners: .concentric(minimum: 10))
                        .padding(20)
                        .frame(width: 200, height: 200)
                        .box(24)
                }
            }
            """)
        let two = SourceFile(name: "Two.swift", text: """
            import SwiftUI
            private extension View {
                func box(_ r: CGFloat) -> some View { padding(r) }
            }
            struct Two: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 8)
                        .box(4)
                        .frame(width: 200, height: 200)
                        .background(RoundedRectangle(cornerRadius: 12))
                }
            }
            """)
        for files in [[one, two], [two, one]] {
            let results = SwiftRead(files).check()
            let found = results.flatMap { r in r.diagnostics.map { "\(r.file.name) \($0.code) \($0.message)" } }
            #expect(found.count == 1, "\(found)")
            #expect(found.first?.hasPrefix("One.swift container-too-tight `.box(24)` (line 10) is too tight") == true, "\(found)")
        }
        // A third file sees neither: each `box` is in a `private extension`.
        let three = SourceFile(name: "Three.swift", text: """
            import SwiftUI
            struct Three: View {
                var body: some View {
                    ConcentricRectangle(corners: .concentric(minimum: 10)).padding(20).frame(width: 200, height: 200).box(24)
                }
            }
            """)
        let r = SwiftRead([one, two, three]).check()
        #expect(r[2].diagnostics.isEmpty && r[2].explanations.contains { $0.contains("`.box(…)` is not known") }, "\(r[2].explanations)")
    }

    /// A file-scope shape function; a modifier without parameters, written on `self`; a
    /// `some View` function without parameters called as `tile()`.
    @Test func helpersWithoutParametersAndAtFileScope() {
        let r = Self.check("""
            import SwiftUI
            func photoShape(_ r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
            extension View {
                func cardContainer(_ r: CGFloat) -> some View { containerShape(.rect(cornerRadius: r)) }
                func cardBg() -> some View { self.background(RoundedRectangle(cornerRadius: 24)) }
            }
            struct Three: View {
                var body: some View {
                    VStack(spacing: 8) {
                        photoShape(22).padding(4).frame(width: 100, height: 100).cardContainer(24)
                        tile().padding(4).frame(width: 100, height: 100).cardBg()
                    }
                }
                func tile() -> some View { RoundedRectangle(cornerRadius: 22) }
            }
            """)
        let found = r.diagnostics.map { "\($0.code) \($0.message)" }
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("flared-corner `photoShape(22)` is rounder than `.cardContainer(24)` (line 10)") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("flared-corner `RoundedRectangle(cornerRadius: 22)` is rounder than `.cardBg()` (line 11)") }, "\(found)")
        // The help in the code's words: the call with the radius it needs, the container as declared.
        let help = r.diagnostics.first { $0.message.hasPrefix("`photoShape(22)`") }?.help ?? ""
        #expect(help.hasPrefix("use the concentric radius: `photoShape(20)`; or, on iOS 26, `ConcentricRectangle()`, which follows `.cardContainer(24)`"), "\(help)")
    }

    /// A shape drawn by a function, in the help that declares it as the container: a
    /// function returning `some Shape` as called, one returning `some View` spelled as the
    /// shape it draws (`.containerShape(chip(radius: 10))` does not compile).
    @Test func theShapeToDeclareIsAShape() {
        let src = """
        import SwiftUI
        func chip(radius: CGFloat) -> some View { RoundedRectangle(cornerRadius: radius).fill(.blue) }
        func pill(radius: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: radius) }
        struct A: View {
            var body: some View { Text("a").padding(8).background(chip(radius: 10)).containerShape(.rect(cornerRadius: 20)) }
        }
        struct B: View {
            var body: some View { Text("b").padding(8).background(pill(radius: 10)).containerShape(.rect(cornerRadius: 20)) }
        }
        """
        let helps = Self.check(src).diagnostics.filter { $0.code == "shape-mismatch" }.compactMap(\.help)
        #expect(helps.count == 2, "\(helps)")
        #expect(helps.contains { $0.hasSuffix("declare the shape drawn, `.containerShape(.rect(cornerRadius: 10))`") }, "\(helps)")
        #expect(helps.contains { $0.hasSuffix("declare the shape drawn, `.containerShape(pill(radius: 10))`") }, "\(helps)")
    }

    /// Around a `ConcentricRectangle` drawn with no container declared, the help declares
    /// its corners as resolved: `.containerShape(ConcentricRectangle(…))` does not compile
    /// (found by a new-user trial).
    @Test func aConcentricShapeAroundIsDeclaredByItsRadius() {
        let src = """
        import SwiftUI
        struct Row: View {
            var body: some View {
                RoundedRectangle(cornerRadius: 8).frame(width: 44, height: 44)
                    .padding(12)
                    .background(ConcentricRectangle(corners: .concentric(minimum: 16)))
            }
        }
        struct Card: View {
            var body: some View { Row().padding(8).containerShape(.rect(cornerRadius: 24)) }
        }
        """
        let helps = Self.check(src).diagnostics.compactMap(\.help)
        #expect(!helps.isEmpty && helps.allSatisfy { !$0.contains(".containerShape(ConcentricRectangle") }, "\(helps)")
        #expect(helps.contains { $0.contains("inside `.containerShape(.rect(cornerRadius: 16))`") }, "\(helps)")
    }

    /// A `some View` function with parameters whose body is a shape with modifiers is read
    /// as a view, its parameters bound (it was a view of unknown size, nothing in it
    /// checked, and `--explain` silent); and a bare call is first its own type's function:
    /// of two views each with a `badge`, the second's call read the first's.
    @Test func aViewFunctionWithParametersIsReadAndEachTypeKeepsItsOwn() {
        func view(_ name: String, _ radius: Int) -> String {
            """
            struct \(name): View {
                var body: some View {
                    badge(size: 40)
                        .padding(8)
                        .containerShape(.rect(cornerRadius: 20))
                }
                func badge(size: CGFloat) -> some View {
                    RoundedRectangle(cornerRadius: \(radius)).frame(width: size, height: size)
                }
            }

            """
        }
        let one = Self.check("import SwiftUI\n" + view("B", 4))
        #expect(one.diagnostics.map { "\($0.code) \($0.message)" }
                == ["pinched-corner `badge(size: 40)` is squarer than `.containerShape(.rect(cornerRadius: 20))` (line 6) at topLeading, topTrailing, bottomTrailing, bottomLeading: radius 4, concentric would be 12"],
                "\(one.diagnostics)")
        let r = SwiftRead([SourceFile(name: "V.swift", text: "import SwiftUI\n" + view("B", 4))])
        let c = Pipeline.compile(r.drawingFile)
        let sizes = c.scene?.shapes.map { "\($0.frame.width)x\($0.frame.height) \($0.radii.topLeading)" }
        #expect(sizes == ["56.0x56.0 20.0", "40.0x40.0 4.0"], "\(String(describing: sizes))")
        // A's badge is concentric (12 in from 20, 8 in): only B's call, at its own line, warns.
        let both = "import SwiftUI\n" + view("A", 12) + view("B", 4)
        let two = Self.check(both)
        #expect(two.diagnostics.map { "\(two.file.location(of: $0.range.start).line) \($0.code)" } == ["14 pinched-corner"],
                "\(two.diagnostics)")
        #expect(Self.check("import SwiftUI\n" + view("B", 4) + view("A", 12)).diagnostics.map(\.code) == ["pinched-corner"])
    }

    /// Code that does not parse is said so under `--explain`, where swift-syntax finds it
    /// (it was only "computed at run time", of the text swift-syntax made of it).
    @Test func codeThatDoesNotParseIsSaidSo() {
        let broken = Self.check("""
            import SwiftUI
            struct Card: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 8
                        .padding(
                        .containerShape(.rect(cornerRadius: 20))
                }
            }
            """)
        #expect(broken.explanations.contains { $0.hasPrefix("V.swift:6:") && $0.contains(": skipped: the code here does not parse as Swift") },
                "\(broken.explanations)")
        let fine = Self.check("import SwiftUI\nstruct A: View { var body: some View { Color.red } }\n")
        #expect(!fine.explanations.contains { $0.contains("does not parse") }, "\(fine.explanations)")
    }

    /// The iOS 26 help declares the shape around as it is written: a capsule as
    /// `.containerShape(Capsule())` (it said `.rect(cornerRadius: R)`, a placeholder).
    @Test func theHelpDeclaresACapsuleAsACapsule() {
        let r = Self.check("""
            import SwiftUI
            struct Row: View {
                var body: some View {
                    HStack(spacing: 6) {
                        RoundedRectangle(cornerRadius: 10).frame(width: 60, height: 32)
                    }
                    .padding(6)
                    .background(Capsule().fill(.gray))
                }
            }
            """)
        let helps = r.diagnostics.compactMap(\.help)
        #expect(helps.count == 1 && helps[0].hasSuffix("`ConcentricRectangle()` inside `.containerShape(Capsule())`"), "\(helps)")
        #expect(!helps.joined().contains("cornerRadius: R"))
    }

    /// A view function in another file (an extension in its own file) makes its frames at
    /// the call, in the caller's file: the finding and `scene run`'s place were at the
    /// caller's offset in the function's file. A bare call in a helper's body is its own
    /// type's (`Theme.rect`, not the view's `rect`), and a function that calls itself is
    /// not read again as another type's function of the name (it drew `Other`'s capsule).
    @Test func viewFunctionsAcrossFilesAndTypes() {
        let card = SourceFile(name: "Card.swift", text: """
            import SwiftUI
            struct Card: View {
                var body: some View {
                    badge(size: 40)
                        .padding(8)
                        .containerShape(.rect(cornerRadius: 20))
                }
            }
            """)
        let ext = SourceFile(name: "Card+Badge.swift", text: """
            import SwiftUI
            extension Card {
                func badge(size: CGFloat) -> some View {
                    RoundedRectangle(cornerRadius: 4)
                        .frame(width: size, height: size)
                }
            }
            """)
        let r = SwiftRead([card, ext])
        let found = r.check().flatMap { res in res.diagnostics.map { "\(res.file.name):\(res.file.location(of: $0.range.start).line) \($0.code)" } }
        #expect(found == ["Card.swift:4 pinched-corner"], "\(found)")
        let c = Pipeline.compile(r.drawingFile)
        let placed = (c.scene?.shapes ?? []).map { s in
            r.origin(ofDrawingOffset: s.range.start).map { "\($0.file.name):\($0.file.location(of: $0.offset).line)" } ?? "-"
        }
        #expect(placed == ["Card.swift:6", "Card.swift:4"], "\(placed)")
        let typed = Self.check("""
            import SwiftUI
            enum Theme {
                static func rect(_ r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: r) }
                static func tile(radius: CGFloat) -> some View { rect(radius).frame(width: 40, height: 40) }
            }
            struct Card: View {
                var body: some View {
                    Theme.tile(radius: 4).padding(8).containerShape(.rect(cornerRadius: 20))
                }
                func rect(_ r: CGFloat) -> some Shape { Capsule() }
            }
            """)
        #expect(typed.diagnostics.map(\.code) == ["pinched-corner"], "\(typed.diagnostics)")
        let nest = SwiftRead([SourceFile(name: "V.swift", text: """
            import SwiftUI
            struct Nest: View {
                var body: some View { ring(level: 3).containerShape(.rect(cornerRadius: 24)) }
                func ring(level: Int) -> some View { ring(level: level - 1).padding(4) }
            }
            struct Other: View {
                var body: some View { ring(level: 1) }
                func ring(level: Int) -> some View { Capsule().frame(width: 30, height: 10) }
            }
            """)], view: "Nest")
        let kinds = Pipeline.compile(nest.drawingFile).scene?.shapes.map(\.kind.rawValue)
        #expect(kinds == ["rect", "group"], "\(String(describing: kinds))")
        #expect(nest.check()[0].explanations.contains { $0.contains("skipped: `ring(level: level - 1)` is not read") })
    }

    /// Helpers that call themselves or each other are not read inside themselves (no
    /// crash); a helper's parameter is seen in its body alone (not by a constant, nor a
    /// view it reads); a modifier helper may call a shape helper; a number written in a
    /// helper's body is said at each call, and no fix edits the body every call shares.
    @Test func helpersAreScoped() {
        func found(_ swift: String) -> [String] {
            Self.check("import SwiftUI\n" + swift).diagnostics.map { "\($0.code) \($0.message)" }
        }
        let view = { (use: String) in
            "struct V: View { var body: some View { \(use).padding(8).containerShape(.rect(cornerRadius: 20)) } }\n"
        }
        #expect(found("enum C { static func a() -> some Shape { a() } }\n" + view("C.a()")).isEmpty)
        #expect(found("enum C { static func a() -> AnyShape { AnyShape(b()) }\n static func b() -> AnyShape { AnyShape(a()) } }\n"
                      + view("C.a()")).isEmpty)
        // `Chip.shape()` is the nested type's, not the caller's own `shape()`.
        let nested = found("enum Theme { static func shape() -> some Shape { Chip.shape() }\n enum Chip { static func shape() -> some Shape { RoundedRectangle(cornerRadius: 4) } } }\n"
                           + view("Theme.shape()"))
        #expect(nested.count == 1 && nested[0].hasPrefix("pinched-corner `Theme.shape()`"), "\(nested)")
        // `R.inner = r - 8` is the constant `r`, not the function's parameter `r`.
        let clash = found("enum R { static let r: CGFloat = 30\n static let inner: CGFloat = r - 8\n static func card(_ r: CGFloat) -> some Shape { RoundedRectangle(cornerRadius: R.inner) } }\n"
                          + view("R.card(4)"))
        #expect(clash.count == 1 && clash[0].contains("radius 22, concentric would be 12"), "\(clash)")
        // The child view's own `r`, not the modifier's parameter `r`.
        let child = found("private struct Chip: View { private let r: CGFloat = 4\n var body: some View { RoundedRectangle(cornerRadius: r) } }\n"
                          + "extension View { func chipBackground(_ r: CGFloat) -> some View { background { Chip() } } }\n"
                          + view("Color.red.chipBackground(12)"))
        #expect(child.count == 1 && child[0].contains("radius 4, concentric would be 12"), "\(child)")
        let inner = found("enum C { static func rect(_ r: CGFloat) -> RoundedRectangle { RoundedRectangle(cornerRadius: r, style: .continuous) } }\n"
                          + "extension View { func cardContainer(_ r: CGFloat) -> some View { containerShape(C.rect(r)) } }\n"
                          + "struct A: View { var body: some View { RoundedRectangle(cornerRadius: 4).padding(8).cardContainer(20) } }\n")
        #expect(inner.count == 1 && inner[0].hasPrefix("pinched-corner `RoundedRectangle(cornerRadius: 4)` is squarer than `.cardContainer(20)`"), "\(inner)")
        let shared = """
            import SwiftUI
            enum C { static func card(fill: Color) -> some View { RoundedRectangle(cornerRadius: 4).fill(fill) } }
            struct A: View { var body: some View { C.card(fill: .red).padding(8).containerShape(.rect(cornerRadius: 20)) } }
            struct B: View { var body: some View { C.card(fill: .blue).padding(8).containerShape(.rect(cornerRadius: 30)) } }
            """
        let r = Self.check(shared)
        #expect(r.diagnostics.map { SourceFile(name: "V.swift", text: shared).location(of: $0.range.start).line } == [3, 4])
        #expect(r.diagnostics.allSatisfy(\.fixes.isEmpty) && r.fixGroups.isEmpty)
        #expect(r.diagnostics.first?.help?.hasPrefix("use the concentric radius, 12: its radius is written inside the function `C.card(fill: .red)` calls") == true,
                "\(r.diagnostics.first?.help ?? "")")
    }

    /// A suppression before a shape written over several lines silences a finding on any
    /// of them (the number sits on the second): nothing is reported, so `--fix` neither
    /// deletes the comment nor changes the number (a new user's trial).
    @Test func aSuppressionCoversAShapeOverSeveralLines() {
        let swift = """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        // scene:ignore pinched-corner -- the photo is deliberately squarer
                        RoundedRectangle(
                            cornerRadius: 4)
                            .padding(8)
                    }
                    .frame(width: 200, height: 200)
                    .containerShape(.rect(cornerRadius: 20))
                }
            }
            """
        #expect(Self.check(swift).diagnostics.isEmpty)
        let bare = Self.check(swift.replacingOccurrences(of: "// scene:ignore pinched-corner -- the photo is deliberately squarer\n", with: ""))
        #expect(bare.diagnostics.map(\.code) == ["pinched-corner"])
        let fixed = SwiftFix.run([SourceFile(name: "V.swift", text: swift)])
        #expect(fixed[0].applied == 0 && fixed[0].text == swift)
    }

    /// A call binds by its labels, in order, a missing argument taking its default;
    /// labels that are not the function's bind nothing (another overload's, or none).
    @Test func argumentsBindByLabel() throws {
        let tree = Parser.parse(source: """
            func f(_ a: Int, b: Int = 2, c: Int) -> Int { a }
            f(1, c: 3)
            f(1, b: 5, c: 3)
            f(1, 3)
            f(1, c: 3, b: 5)
            """)
        let decl = try #require(tree.statements.first?.item.as(FunctionDeclSyntax.self))
        let f = HelperFunction(decl, body: ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral("0"))))
        let calls = tree.statements.dropFirst().compactMap { $0.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self) ?? $0.item.as(FunctionCallExprSyntax.self) }
        #expect(calls.count == 4)
        func bound(_ c: FunctionCallExprSyntax) -> [String: String]? { f.bind(Array(c.arguments))?.mapValues(\.trimmedDescription) }
        #expect(bound(calls[0]) == ["a": "1", "b": "2", "c": "3"])
        #expect(bound(calls[1]) == ["a": "1", "b": "5", "c": "3"])
        #expect(bound(calls[2]) == nil)
        #expect(bound(calls[3]) == nil)
    }
}

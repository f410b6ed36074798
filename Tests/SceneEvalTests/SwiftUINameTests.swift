import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Issue 23's defects 1, 3, 4, 5 and 6: names that cannot collide, containers through the
/// availability helper, comments that give what SwiftUI draws, platform guards, and no
/// internal names in the code. Each test failed before its fix.
@Suite("SwiftUI export: names, guards and comments")
struct SwiftUINameTests {
    /// The export, its line breaks undone (`SwiftUITest.flat`) so that a call or a comment reads on one line.
    static func export(_ text: String, name: String = "test.scene", typeName: String? = nil) throws -> SwiftUIExport {
        var e = try #require(SwiftUIWriter.export(SourceFile(name: name, text: text), options: SwiftUIOptions(typeName: typeName)),
                             "the scene does not compile:\n\(text)")
        e.code = SwiftUITest.flat(e.code)
        return e
    }

    /// Scenes that between them make the writer emit every construct it has.
    static func featureScenes() -> [String] {
        var out = SVGGoldenTests.sources().map(\.text)
        for seed in 1...20 {
            var gen = SwiftUIRandomScene(seed: UInt64(seed))
            out.append(gen.scene())
        }
        return out
    }

    /// Identifiers in code (comments and string literals dropped): `(uppercase, lowercase member)`.
    static func identifiers(_ code: String) -> (types: Set<String>, members: Set<String>) {
        var types = Set<String>(), members = Set<String>()
        for raw in code.split(separator: "\n") {
            var line = String(raw)
            if let c = line.range(of: "//") { line = String(line[..<c.lowerBound]) }
            var token = "", afterDot = false, previous: Character = " "
            func flush() {
                if let f = token.first, f.isLetter {
                    if f.isUppercase { types.insert(token) } else if afterDot { members.insert(token) }
                }
                token = ""
            }
            for ch in line {
                if ch.isLetter || ch.isNumber || ch == "_" {
                    if token.isEmpty { afterDot = previous == "." }
                    token.append(ch)
                } else {
                    flush()
                }
                previous = ch
            }
            flush()
        }
        return (types, members)
    }

    /// Whether `label` can label a node in a scene (the scene's own keywords cannot).
    static func isLabel(_ label: String) -> Bool {
        Pipeline.compile(SourceFile(name: "l.scene", text: "\(label): rect 4 size 10x10\n")).scene != nil
    }

    @Test("labels named after every type and member the file uses, and Swift's keywords, typecheck")
    func labelsNeverCollide() throws {
        var types = Set<String>(), members = Set<String>()
        for text in Self.featureScenes() {
            guard let e = SwiftUIWriter.export(SourceFile(name: "f.scene", text: text)) else { continue }
            let ids = Self.identifiers(e.code)
            types.formUnion(ids.types); members.formUnion(ids.members)
        }
        for required in ["Color", "Circle", "ZStack", "Capsule", "HStack", "VStack", "RoundedRectangle", "AnyShape",
                         "ConcentricRectangle", "CGFloat", "View"] {
            #expect(types.contains(required), "the feature scenes never emit \(required)")
        }
        let words = ["self", "Self", "body", "init", "in", "default", "return", "some", "var", "namespace", "Clash",
                     "ClashCorners", "ClashView", "clashCorners", "ZStack_", "z_stack", "zStack"]
        let candidates = (types.sorted() + members.sorted() + words).filter(Self.isLabel)
        #expect(candidates.count >= 40, "only \(candidates.count) labels: \(candidates)")
        var seen = Set<String>()
        var lines = ["let a = 20", "outer: rect a container rect a size 300x300 <"]
        for l in candidates where seen.insert(l).inserted {
            lines.append("  \(l): concentric min 4 size 20x20 fill #336699")
        }
        lines.append(">")
        let text = lines.joined(separator: "\n") + "\n"
        let code = try Self.export(text, name: "clash.scene").code
        #expect(!code.contains("private var `"), "a keyword in backticks as a subview")
        #expect(!code.contains("private var Color:") && !code.contains("private var self:"))
        for l in seen {
            #expect(code.contains("/// `\(l)`"), "`\(l)` has no subview")
        }
        if let output = try SwiftUITest.typecheck([("clash.swift", code)]) {
            Issue.record("labels that clash do not typecheck:\n\(output.prefix(3000))")
        }
    }

    @Test("a binding named after a type still compiles")
    func bindingsNeverCollide() throws {
        let code = try Self.export("let Color = 12\nlet CGFloat = 4\na: rect Color + CGFloat size 40x40\n").code
        #expect(code.contains("static let Color_: CGFloat = 12"))
        if let output = try SwiftUITest.typecheck([("bindings.swift", code)]) { Issue.record("\(output)") }
    }

    @Test("`--name` never names a type the file uses, and the enum never takes the view's name")
    func typeNames() throws {
        #expect(SwiftUIWriter.typeNameProblem("View")?.contains("would shadow `View`") == true)
        // A keyword is letters: it is named as a keyword (it said "not letters, digits and `_`").
        #expect(SwiftUIWriter.typeNameProblem("struct") == "`--name struct` is a Swift keyword: a type name cannot be one (`Struct` can)")
        #expect(SwiftUIWriter.typeNameProblem("Color") != nil && SwiftUIWriter.typeNameProblem("Self") != nil)
        #expect(SwiftUIWriter.typeNameProblem("MapCard") == nil)
        let names = SwiftUIWriter.typeNames(source: "x.scene", typeName: "MapCorners")
        #expect(names.view != names.corners, "\(names)")
        let code = try Self.export("a: rect 4 size 10x10\n", typeName: "MapCorners").code
        if let output = try SwiftUITest.typecheck([("names.swift", code)]) { Issue.record("\(output)") }
    }

    @Test("every container goes through the availability helper; a leaf's container is not written")
    func containersThroughTheHelper() throws {
        let text = """
        box: rect 20 container rect 20 size 200x200 <
          inner: rect 8 pad 10
        >
        leaf: rect 8 container rect 8 size 40x40 align top
        """
        let code = try Self.export(text + "\n").code
        #expect(!code.contains(".containerShape("), "a container outside the helper:\n\(code)")
        #expect(code.contains(".concentricContainer(TestCorners.rect(20))"))
        #expect(code.components(separatedBy: ".concentricContainer(").count == 2, "the leaf's container is written")
        if let output = try SwiftUITest.typecheck([("containers.swift", code)]) { Issue.record("\(output)") }
    }

    /// `uniform` over corners of different styles has no initialiser: the code draws each
    /// corner on its own, and says so, with the radii it draws (those the scene gives the
    /// same shape without `uniform`).
    @Test("the comment gives the radii SwiftUI draws, with a note where the scene differs")
    func commentsSayWhatIsDrawn() throws {
        let shape = "concentric(top: fixed 24, bottom: concentric) size 120x100 align bottomLeading pad 6"
        let export = try Self.export("u: concentric uniform (top: fixed 24) size 120x100 align bottomLeading pad 6\n")
        let perCorner = try #require(Pipeline.compile(SourceFile(name: "p.scene", text: "u: \(shape)\n")).scene)
        let grouped = try #require(Pipeline.compile(SourceFile(name: "g.scene",
            text: "u: concentric uniform (top: fixed 24) size 120x100 align bottomLeading pad 6\n")).scene)
        let drawn = perCorner.shapes[0].radii, scene = grouped.shapes[0].radii
        #expect(drawn != scene, "the probe must differ: \(drawn) vs \(scene)")
        #expect(export.code.contains("// draws \(drawn) against the screen"), "\(export.code)")
        #expect(!export.code.contains("resolves to \(scene)"))
        let warning = try #require(export.warnings.first { $0.id == .swiftuiUniformGroups })
        #expect(warning.message.contains("SwiftUI draws \(drawn) where the scene resolves \(scene)"), "\(warning.message)")
        #expect(export.code.contains("// note: " + warning.message))
    }

    /// The enum's shapes are named as the subviews are: lowerCamel from the label.
    @Test("a concentric shape's name in the enum is lowerCamel from its label")
    func shapeNamesAreLowerCamel() throws {
        let text = """
        top_bar: concentric(top: concentric min 4 uniform, bottom: fixed 0 uniform) height 52 align top pad 8 fill #e5e5ea
        Side_Panel: glass concentric(leading: 8 uniform, trailing: concentric uniform) size 100x100 align bottom

        """
        let code = try Self.export(text).code
        #expect(code.contains("static func topBarShape(fill style: some ShapeStyle)"), "\(code)")
        #expect(code.contains("static var sidePanelShape: AnyShape"), "\(code)")
        #expect(code.contains("TestCorners.topBarShape(fill: Color.topBarFill)") && code.contains("TestCorners.sidePanelShape)"))
        #expect(!code.contains("top_barShape") && !code.contains("Side_PanelShape"))
        if let output = try SwiftUITest.typecheck([("shape-names.swift", code)]) { Issue.record("\(output)") }
    }

    /// The enum's comment on a ConcentricRectangle says what its fallback draws: a fixed corner
    /// keeps its radius, a corner with neither is square, and a uniform group over corners of
    /// different styles takes the largest, written as a number when the four are numbers.
    @Test("the enum's comments say what each fallback draws")
    func fallbackWords() throws {
        let text = """
        screen 400x400 radius 40
        lead: concentric(leading: concentric uniform, trailing: 8 uniform) size 180x120 align topLeading pad 10
        bare: concentric size 180x120 align topTrailing pad 10
        both: concentric(top: concentric min 6 uniform, bottom: concentric min 4 uniform) size 180x120 align bottom pad 10
        u: concentric uniform (topLeading: 4, topTrailing: concentric min 2) size 40x40 align bottomLeading pad 10

        """
        let code = try Self.export(text).code
        #expect(code.contains("/// `lead`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of "
            + "each corner's fixed radius or minimum (square where a corner has neither)."), "\(code)")
        #expect(code.contains("/// `bare`: ConcentricRectangle on iOS 26, filled with `style`; before, a rectangle with square "
            + "corners (no corner has a minimum)."))
        #expect(code.contains("/// `both`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of "
            + "each corner's minimum."))
        #expect(code.contains("before, a rounded rectangle of the largest of the corners' minima and fixed radii, as the "
            + "uniform group takes."))
        #expect(code.contains("rect(4).fill(style)") && !code.contains("max(4, 2, 0, 0)"), "\(code)")
        if let output = try SwiftUITest.typecheck([("fallback-words.swift", code)]) { Issue.record("\(output)") }
    }

    @Test("the file is for iOS and macOS; the harness for macOS, not for Mac Catalyst")
    func platformGuards() throws {
        let map = SVGGoldenTests.Source(path: "examples/map.scene")
        let code = try #require(SwiftUIWriter.export(SourceFile(name: map.path, text: map.text),
                                                     options: SwiftUIOptions(verifyHarness: true))).code
        #expect(code.contains("\nimport SwiftUI\n"))
        let guarded = try #require(code.range(of: "\n#if os(iOS) || os(macOS)\n"))
        #expect(code.hasSuffix("\n#endif\n"))
        #expect(code.range(of: "\nstruct MapView: View {")!.lowerBound > guarded.lowerBound)
        #expect(code.range(of: "\nenum MapCorners {")!.lowerBound > guarded.lowerBound)
        #expect(!code.contains("canImport(AppKit)"))
        #expect(code.contains("#if os(macOS)\nimport AppKit\n#endif"))
        #expect(code.contains("\n#if os(macOS)\n/// An offline check"))
    }

    @Test("the code never cites files a reader does not have, nor internal names")
    func noInternals() throws {
        var texts = Self.featureScenes()
        texts.append("""
        rect 20 container rect 20 size 300x300 <
          concentric min 4 size 500x40
          hstack <
            concentric uniform (top: fixed 10) size 50x50 align top
            rect 4 size 40x40 align bottom transition capsule
          >
        >
        """)
        for (n, text) in texts.enumerated() {
            guard let e = SwiftUIWriter.export(SourceFile(name: "t\(n).scene", text: text),
                                               options: SwiftUIOptions(verifyHarness: true)) else { continue }
            for word in ["concentric-corners", "the seed", "seed's", "semantics.md", "apple-reference", "node-", "issue "] {
                #expect(!e.code.contains(word), "scene \(n) cites `\(word)`")
                for w in e.warnings { #expect(!w.message.contains(word), "scene \(n): \(w.message)") }
            }
        }
    }
}

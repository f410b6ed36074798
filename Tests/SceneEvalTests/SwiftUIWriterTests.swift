import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The SwiftUI writer's pieces: Apple's initialiser for each clause set, expressions
/// as written, names Swift reserves.
@Suite("SwiftUI export: writer")
struct SwiftUIWriterTests {
    /// The export, its line breaks undone (`SwiftUITest.flat`) so that a call or a comment reads on one line.
    static func export(_ text: String, name: String = "test.scene") throws -> SwiftUIExport {
        var e = try #require(SwiftUIWriter.export(SourceFile(name: name, text: text)), "the scene does not compile")
        e.code = SwiftUITest.flat(e.code)
        return e
    }

    /// Each scene form and the one initialiser (apple-reference §1.2) it must become.
    @Test("each clause set picks Apple's initialiser", arguments: [
        ("concentric", "ConcentricRectangle()"),
        ("concentric uniform", "ConcentricRectangle(corners: .concentric, isUniform: true)"),
        ("concentric(all: fixed 8)", "ConcentricRectangle(corners: .fixed(8))"),
        ("concentric(all: concentric min 4 uniform)", "ConcentricRectangle(corners: .concentric(minimum: .fixed(4)), isUniform: true)"),
        ("concentric(topLeading: concentric min 12, topTrailing: fixed 24, bottomLeading: concentric, bottomTrailing: fixed 0)",
         "ConcentricRectangle(topLeadingCorner: .concentric(minimum: .fixed(12)), topTrailingCorner: .fixed(24), bottomLeadingCorner: .concentric, bottomTrailingCorner: .fixed(0))"),
        ("concentric(top: fixed 24 uniform, bottom: concentric uniform)",
         "ConcentricRectangle(uniformTopCorners: .fixed(24), uniformBottomCorners: .concentric)"),
        ("concentric(leading: concentric uniform, trailing: 8 uniform)",
         "ConcentricRectangle(uniformLeadingCorners: .concentric, uniformTrailingCorners: .fixed(8))"),
        ("concentric(top: fixed 10 uniform, bottomLeading: 6)",
         "ConcentricRectangle(uniformTopCorners: .fixed(10), bottomLeadingCorner: .fixed(6), bottomTrailingCorner: .concentric)"),
        ("concentric(bottom: concentric min 5 uniform, topLeading: 2)",
         "ConcentricRectangle(uniformBottomCorners: .concentric(minimum: .fixed(5)), topLeadingCorner: .fixed(2), topTrailingCorner: .concentric)"),
        ("concentric(leading: 8 uniform, topTrailing: concentric min 4)",
         "ConcentricRectangle(uniformLeadingCorners: .fixed(8), topTrailingCorner: .concentric(minimum: .fixed(4)), bottomTrailingCorner: .concentric)"),
        ("concentric(trailing: concentric uniform, topLeading: 10)",
         "ConcentricRectangle(uniformTrailingCorners: .concentric, topLeadingCorner: .fixed(10), bottomLeadingCorner: .concentric)"),
    ])
    func initialiser(_ shape: String, _ expected: String) throws {
        let code = try Self.export("s: \(shape) size 100x80\n").code
        // Filled: concrete, in the enum's @ViewBuilder form.
        #expect(code.contains("        \(expected).fill(style)\n"), "\(shape):\n\(code)")
        #expect(code.components(separatedBy: "ConcentricRectangle(").count == 2, "one ConcentricRectangle for \(shape)")
    }

    @Test("a minimum without clauses goes through the seed's nested(minimum:uniform:)")
    func seedHelper() throws {
        let code = try Self.export("let m = 16\na: concentric min m size 50x50\nb: concentric min m - 4 uniform size 50x50\n").code
        #expect(code.contains("TestCorners.nested(minimum: TestCorners.m, fill: "))
        #expect(code.contains("TestCorners.nested(minimum: TestCorners.m - 4, uniform: true, fill: "))
        #expect(code.contains("static func nested(minimum: CGFloat, uniform: Bool = false, fill style: some ShapeStyle) -> some View {"))
        #expect(!code.contains("AnyShape"), "filled shapes stay concrete")
        #expect(!code.contains("static var"), "no other concentric shapes")
    }

    @Test("only the helpers used are written")
    func onlyUsedHelpers() throws {
        let code = try Self.export("a: capsule size 40x20\n").code
        for absent in ["static func rect", "static func nested", "fileprivate extension", "@Namespace", "ConcentricRectangle("] {
            #expect(!code.contains(absent), "\(absent)")
        }
    }

    @Test("expressions stay as written", arguments: [
        ("map - inset", "TestCorners.map - TestCorners.inset"),
        ("map - (inset - 2)", "TestCorners.map - (TestCorners.inset - 2)"),
        ("(map - 12) / 2", "(TestCorners.map - 12) / 2"),
        ("map + inset * 2", "TestCorners.map + TestCorners.inset * 2"),
        ("min(map, inset, 3)", "min(TestCorners.map, TestCorners.inset, 3)"),
        ("-inset + .5", "-TestCorners.inset + 0.5"),
        ("-(map - inset)", "-(TestCorners.map - TestCorners.inset)"),
    ])
    func expressions(_ written: String, _ swift: String) throws {
        let code = try Self.export("let map = 28\nlet inset = 12\nlet value = \(written)\ns: rect 4 size 100x100 pad \(written)\n").code
        #expect(code.contains(".padding(\(swift))\n"), "\(written):\n\(code)")
        let inEnum = swift.replacingOccurrences(of: "TestCorners.", with: "")
        #expect(code.contains("static let value: CGFloat = \(inEnum)\n"), "\(written)")
    }

    @Test("names Swift reserves still compile")
    func reservedNames() throws {
        let text = """
        let in = 3
        let self = 4
        let Type = 5
        let café = in + self + Type
        default: concentric min Type size 40x40 fill red
        body: rect café size 50x50
        namespace: capsule size 20x20 transition rect in
        """
        let code = try Self.export(text, name: "reserved.scene").code
        #expect(code.contains("static let `in`: CGFloat = 3"))
        #expect(code.contains("static let Type_: CGFloat = 5"))
        #expect(code.contains("private var defaultView: some View"))
        #expect(code.contains("private var bodyView: some View"))
        if let output = try SwiftUITest.typecheck([("reserved.swift", code)]) { Issue.record("does not typecheck:\n\(output)") }
    }

    @Test("the enum is named after the scene, and `corners.scene` gives the seed's `Corners`")
    func names() {
        #expect(SwiftUIWriter.typeNames(source: "examples/map.scene", typeName: nil) == ("MapView", "MapCorners"))
        #expect(SwiftUIWriter.typeNames(source: "examples/corners.scene", typeName: nil) == ("CornersView", "Corners"))
        #expect(SwiftUIWriter.typeNames(source: "lint/flared-corner-fixed.scene", typeName: nil) == ("FlaredCornerFixedView", "FlaredCornerFixedCorners"))
        #expect(SwiftUIWriter.typeNames(source: "<stdin>", typeName: nil) == ("SceneView", "SceneCorners"))
        #expect(SwiftUIWriter.typeNames(source: "x.scene", typeName: "MapCard") == ("MapCard", "MapCardCorners"))
        #expect(!SwiftUIWriter.isValidTypeName("2fast") && !SwiftUIWriter.isValidTypeName("a-b") && SwiftUIWriter.isValidTypeName("Card_2"))
    }
}

extension SwiftUIWriterTests {
    /// Written in a loop: nesting as deep as the language allows does not touch the call stack.
    @Test("a scene nested 990 deep exports")
    func deepNesting() throws {
        let depth = 990
        var lines = (0..<depth).map { "n\($0): concentric min 2 pad 0.01 container rect 30 <" }
        lines.append("leaf: concentric min 1")
        lines += Array(repeating: ">", count: depth)
        let code = try Self.export(lines.joined(separator: "\n") + "\n", name: "deep.scene").code
        #expect(code.components(separatedBy: "    private var n").count == depth + 1)
        #expect(code.contains("    private var leaf: some View {"))
    }
}

extension SwiftUIWriterTests {
    /// What SwiftUI cannot say is written anyway, with a `// note:` at the place and a
    /// warning with its code, and the code still typechecks.
    @Test("each unfaithful construct gets a note, a warning, and code that compiles", arguments: [
        ("big: rect 8 size 500x100", DiagnosticCode.swiftuiOverflow),
        ("row: hstack size 300x100 <\n  a: rect 4 pad h 10\n  b: rect 4\n>", .swiftuiStackPadding),
        ("c: concentric min 8 style circular size 50x50", .swiftuiConcentricStyle),
        ("u: concentric uniform (top: fixed 10) size 50x50", .swiftuiUniformGroups),
        ("t: rect 12 size 50x50 transition capsule", .swiftuiTransitionShape),
        ("box: container relative size 80x80 <\n  in2: relative pad 8\n>", .swiftuiRelativeContainer),
        ("tile: rect 36 size 34x32", .swiftuiRadiusOverflow),
    ])
    func notes(_ scene: String, _ code: DiagnosticCode) throws {
        let export = try Self.export(scene + "\n", name: "note-\(code.rawValue).scene")
        let warning = try #require(export.warnings.first { $0.id == code }, "no \(code.rawValue) for\n\(scene)")
        #expect(export.code.contains("// note: " + warning.message), "the note is not in the code:\n\(export.code)")
        if let output = try SwiftUITest.typecheck([("note.swift", export.code)]) { Issue.record("does not typecheck:\n\(output)") }
    }
}

extension SwiftUIWriterTests {
    /// iOS 26 traps on fixed radii a shape cannot hold (radius-overflow): the code gets
    /// the radii the scene draws, or a Capsule where `check --fix` writes one, never the
    /// radius as written; the `let` is still declared as written.
    @Test func overflowingRadiiAreWrittenAsDrawn() throws {
        let scene = """
        let big = 36
        tile: rect big size 34x32
        done: rect 36 size 160x44
        panel: container rect 30 size 200x40 <
          inside: concentric min 4 pad 6
        >
        tab: uneven(32, 32, 0, 0) size 40x40
        card: concentric(top: fixed 30 uniform, bottom: concentric) size 50x50
        zoom: rect 8 size 40x40 transition rect 30

        """
        let export = try Self.export(scene, name: "overflow.scene")
        let code = export.code
        #expect(code.contains("static let big: CGFloat = 36") || code.contains("static let big = 36"), "\(code.prefix(600))")
        #expect(code.contains("OverflowCorners.rect(16)"), "tile: \(code)")
        #expect(!code.contains("rect(OverflowCorners.big)") && !code.contains("rect(36)"))
        #expect(code.contains("Capsule().fill("), "done")
        #expect(code.contains(".concentricContainer(OverflowCorners.rect(20))"), "panel: a container is never a Capsule")
        #expect(code.contains("UnevenRoundedRectangle(topLeadingRadius: 20, bottomLeadingRadius: 0, bottomTrailingRadius: 0, topTrailingRadius: 20)"))
        #expect(code.contains("uniformTopCorners: .fixed(25)") && !code.contains(".fixed(30)"), "card")
        #expect(code.contains("cornerRadius: 20)") && !code.contains("cornerRadius: 30)"), "zoom")
        let warned = export.warnings.filter { $0.id == .swiftuiRadiusOverflow }
        #expect(warned.count == 7, "\(warned.map(\.message))")
        for w in warned { #expect(code.contains("// note: " + w.message)) }
        #expect(warned.first?.message.contains("radius 36 overflows `tile`'s 34×32 frame") == true, "\(warned.first?.message ?? "")")
        if let output = try SwiftUITest.typecheck([("overflow.swift", code)]) { Issue.record("does not typecheck:\n\(output)") }
        // A scene whose radii fit has none of this.
        #expect(try Self.export("ok: rect 16 size 40x32\n").warnings.isEmpty)
    }
}

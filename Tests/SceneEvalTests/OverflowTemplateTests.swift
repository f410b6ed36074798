import Testing
import SceneLang
@testable import SceneEval

/// radius-overflow findings on rows written alike are built once and moved to each row
/// (`OverflowTemplates`, RadiusOverflow.swift): each must still name its own node, point
/// at its own text and fix its own row, and one whose help names a line keeps its own.
struct OverflowTemplateTests {
    static let rows = """
        list: vstack spacing 4 size 300x200 <
          a: rect 30 height 40
          b: rect 30 height 40
          rect 30 height 40
          c: concentric(top: fixed 40, bottom: concentric min 4) height 40
          d: concentric(top: fixed 40, bottom: concentric min 4) height 40
        >

        """

    @Test func rowsWrittenAlikeEachGetTheirOwnFinding() throws {
        let file = SourceFile(name: "t", text: Self.rows)
        let found = CheckerTests.findings(Self.rows).filter { $0.code == "radius-overflow" }
        #expect(found.count == 5)
        let scene = try #require(Pipeline.compile(file).scene)
        let ids = scene.shapes.dropFirst().map(\.id)
        for (d, id) in zip(found, ids) {
            #expect(d.message.hasPrefix("`\(id)`'s "), "\(d.message)")
            // The range and every edit are within the row's own line.
            let line = file.location(of: d.range.start).line
            #expect(d.fixes.allSatisfy { file.location(of: $0.range.start).line == line })
            #expect(!d.fixes.isEmpty)
        }
        #expect(found[0].message.replacingOccurrences(of: "`a`", with: "`b`") == found[1].message)
        #expect(found[0].help == found[1].help && found[3].help == found[4].help)
        // Each row's fix alone changes its own line only.
        let lines = Self.rows.split(separator: "\n", omittingEmptySubsequences: false)
        for d in found {
            let (bytes, applied) = TextEdit.apply(d.fixes, to: Array(Self.rows.utf8))
            #expect(applied == d.fixes.count)
            let after = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let changed = zip(lines, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
            #expect(changed == [file.location(of: d.range.start).line], "\(d.message)")
        }
        // Fixed whole, nothing overflows.
        let fixed = try #require(Fixer.fixAll(file).text)
        #expect(CheckerTests.findings(fixed).filter { $0.code == "radius-overflow" }.isEmpty)
    }

    /// A template moves the range and every edit by where the node's items start, and
    /// renames the node; a message that does not start with the node's id is not kept.
    @Test func aTemplateMovesAndRenames() throws {
        var d = Diagnostic(.radiusOverflow, "`a`'s radius 30 is more than half", at: SourceRange(10, 17), help: "use `capsule`")
        d.fixes = [TextEdit(SourceRange(10, 17), "capsule")]
        let key = OverflowTemplates.Key(items: "rect 30", width: 40, height: 40, radii: [20, 20, 20, 20], role: false)
        let t = try #require(OverflowTemplates.Template(d, key: key, base: 7, id: "a"))
        let moved = t.instance(at: 107, id: "row.b")
        #expect(moved.message == "`row.b`'s radius 30 is more than half")
        #expect(moved.range == SourceRange(110, 117) && moved.fixes == [TextEdit(SourceRange(110, 117), "capsule")])
        #expect(moved.help == d.help && moved.values == d.values)
        #expect(OverflowTemplates.Template(d, key: key, base: 7, id: "b") == nil)
    }

    /// `--json` finds a finding's template from its node's fields and bytes read in
    /// place (`Context.overflowTemplate`), not from a key built: for every node it
    /// finds the very template the built key (`overflowKey`) finds, or none when that
    /// finds none; and the document is the one the built findings write. Rows alike,
    /// rows that differ in their frame, their radii, a clip's radii, a role, a space,
    /// and rows canonically equal but not byte for byte.
    @Test func templatesFoundInPlaceAreTheBuiltKeys() throws {
        let text = """
            let caf\u{E9} = 30
            list: vstack spacing 4 size 300x800 <
              a: rect 30 height 40
              b: rect 30 height 40
              rect 30 height 41
              rect 30  height 40
              rect 30 height 40 role button
              rect 30 height 40 role button
              c: concentric(top: fixed 40, bottom: concentric min 4) height 40
              d: concentric(top: fixed 40, bottom: concentric min 4) height 40
              e: concentric(top: fixed 40, bottom: concentric min 4) height 46
              rect 30 height 40 clip rect 30
              rect 30 height 40 clip rect 30
              rect 30 height 40 clip rect 31
              f: rect caf\u{E9} height 40 fill #ff0000
              g: rect cafe\u{301} height 40 fill #ff0000
              k: rect caf\u{E9} height 40 fill #ff0000
            >

            """
        let file = SourceFile(name: "rows.scene", text: text)
        let c = Pipeline.compile(file)
        let scene = try #require(c.scene)
        let findings = c.checked()
        let direct = JSONWriter.write(scene, diagnostics: findings, file: file)
        #expect(direct == JSONWriter.write(scene, diagnostics: Array(findings), file: file))
        let context = try #require(findings.context)
        var found = 0
        for i in scene.shapes.indices {
            let inPlace = context.overflowTemplate(i)
            let built = context.overflowKey(i).flatMap { context.overflowTemplates.get($0.0) }
            #expect(inPlace === built, "\(scene.shapes[i].id)")
            if let inPlace { found += 1; #expect(inPlace.key == context.overflowKey(i)?.0) }
        }
        // Every overflowing row but the first of its kind, and the canonically equal pair apart.
        #expect(found >= 7, "templates found in place: \(found)")
    }
}

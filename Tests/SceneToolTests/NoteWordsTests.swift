import Foundation
import Testing
import SceneLang
import SceneEval

/// `scene run`'s notes column speaks plain words, each explained in
/// `scene run --help` and in README (issue 14 §4).
@Suite struct NoteWordsTests {
    /// Scenes that make every model decision at least once, on a phone and on a Mac window.
    static let scenes = [
        """
        screen 400x400 radius 0
        x: rect 100 size 40x40
        o: container circle size 200x100 < oc: concentric size 60x60 >
        f: concentric min 8 size 50x50 align topLeading pad 4
        c: container rect 20 size 100x100 < k: concentric size 120x120 >
        r: relative size 50x50 align bottom
        g: glass style circular rect 8 size 60x30 align bottomTrailing
        cl: clip rect 12 size 80x80 align topTrailing < cl2: rect 2 size 10x10 >
        """,
        "target ios18\nscreen iphone-16-pro\nk: concentric min 12 size 100x100\n",
        "target macos15\nscreen mac-window\nk: concentric min 12 size 100x100\n",
        "screen mac-window\nu: container uneven(16, 12, 12, 16) size 300x200 < w: concentric pad leading 4 top 12 >\n",
        "screen 400x300\nbar: hstack size 300x40 < gap: spacer min 12; a: rect 4 size 40x40 offset 5 -2 >\n",
    ]

    /// Each note of a table's rows (the text after `against`), split at ", ".
    static func notes(_ table: String) -> [String] {
        let lines = table.split(separator: "\n").map(String.init)
        guard lines.count > 2, let start = lines[1].range(of: "notes")?.lowerBound.utf16Offset(in: lines[1]) else { return [] }
        return lines.dropFirst(2).flatMap { line -> [String] in
            let u = Array(line.utf16)
            guard u.count > start else { return [] }
            let text = String(decoding: u[start...], as: UTF16.self)
            return text.components(separatedBy: ", ").filter { !$0.isEmpty }
        }
    }

    /// A note as the glossary spells it: numbers in `container R` and the written → drawn part generalised.
    static func entry(_ note: String) -> String {
        if note.hasPrefix("container ") { return "container R" }
        if note.hasPrefix("spacer ") { return "spacer N" }
        if note.hasPrefix("offset ") { return "offset X Y" }
        if note.hasPrefix("clip ") { return "clip R" }
        if let open = note.range(of: " (") { return note[..<open.lowerBound] + " (written → drawn)" }
        return note
    }

    @Test func everyNoteTheTableShowsIsExplained() throws {
        var decisions = Set<ModelDecision>()
        var shown = Set<String>()
        for text in Self.scenes {
            let compiled = Pipeline.compile(SourceFile(name: "t.scene", text: text)).scene
            let scene = try #require(compiled, "does not compile: \(text)")
            for sh in scene.shapes { decisions.formUnion(sh.decisions.list) }
            let glossary = NoteWords.glossary(window: scene.screen.isWindow).map(\.words)
            for note in Self.notes(TextWriter.write(scene)) {
                #expect(glossary.contains(Self.entry(note)), "`\(note)` is not in the glossary")
                shown.insert(Self.entry(note))
            }
        }
        // The scenes exercise every decision (a new one needs a scene here), and no raw code shows.
        #expect(decisions == Set(ModelDecision.allCases))
        for d in ModelDecision.allCases { #expect(!shown.contains(d.rawValue)) }
        for w in ["container R", "clip R", "glass", "circular", "spacer N", "offset X Y", "larger inset used", "past its container", "iOS 18 fallback",
                  "macOS 15 fallback", "too round for its size (written → drawn)", "no container: square corners"] {
            #expect(shown.contains(w), "no scene shows `\(w)`")
        }
    }

    @Test func helpAndReadmeExplainEveryNote() throws {
        let r = try CLI.run(["run", "--help"])
        #expect(r.status == 0)
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let help = r.out
        for window in [false, true] {
            for e in NoteWords.glossary(window: window) {
                #expect(help.contains("    " + e.words + "\n"), "`scene run --help` does not list `\(e.words)`")
                // Its meaning follows, word for word (wrapped).
                let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(words.contains(e.words + " " + e.meaning), "`scene run --help` does not explain `\(e.words)`")
                let inReadme = e.words.hasSuffix("(written → drawn)")
                    ? readme.contains("`" + e.words.replacingOccurrences(of: " (written → drawn)", with: " ("))
                    : readme.contains("| `" + e.words + "` |")
                #expect(inReadme, "README's notes table does not explain `\(e.words)`")
            }
        }
        // The JSON's codes are named in README too.
        for d in ModelDecision.allCases { #expect(readme.contains("`\(d.rawValue)`"), "README does not name `\(d.rawValue)`") }
        #expect(try CLI.run(["--help"]).out.contains("scene run --help"))
    }

    /// A Mac window speaks macOS: the fallback and the container in its own words.
    @Test func aMacWindowSaysMacOS() throws {
        let mac = try CLI.run(["run", "-"], stdin: "target macos15\nscreen mac-window\nk: concentric min 12 size 100x100\n")
        #expect(mac.out.contains("macOS 15 fallback") && !mac.out.contains("iOS 18"), "\(mac.out)")
        let window = try CLI.run(["run", "Tests/Fixtures/scenes/mac-window.scene"]).out
        let rows = window.split(separator: "\n").dropFirst().joined(separator: "\n")
        #expect(rows.contains("window   container 16 12 12 16, larger inset used") && !rows.contains(" screen "), "\(window)")
        let phone = try CLI.run(["run", "-"], stdin: "target ios18\nscreen iphone-16-pro\nk: concentric min 12 size 100x100\n")
        #expect(phone.out.contains("iOS 18 fallback") && !phone.out.contains("macOS"), "\(phone.out)")
    }
}

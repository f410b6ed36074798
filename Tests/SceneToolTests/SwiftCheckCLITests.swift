import Foundation
import Testing

/// `scene check|run|import` of Swift files: `scene` hands them to `scene-swift`.
struct SwiftCheckCLITests {
    static let fixture = "Tests/Fixtures/swift/constants.swift"

    @Test func checkReportsAtTheSwiftLineWithASwiftHelpThatKeepsNames() throws {
        let r = try CLI.run(["check", Self.fixture])
        #expect(r.status == 0)
        #expect(r.err.contains("Tests/Fixtures/swift/constants.swift:12:40: warning[pinched-corner]: `RoundedRectangle(cornerRadius: Radius.photo)` is squarer than `.containerShape(.rect(cornerRadius: Radius.card))` (line 14)"), "\(r.err)")
        #expect(r.err.contains("12 |         RoundedRectangle(cornerRadius: Radius.photo)\n   |                                        ^^^^^^^^^^^^"))
        #expect(r.err.contains("= help: use the concentric radius: `cornerRadius: 12` (`Radius.card - Radius.inset`, keeping the names); or, on iOS 26, `ConcentricRectangle()`, which follows `.containerShape(.rect(cornerRadius: Radius.card))`"), "\(r.err)")
        #expect(r.err.hasSuffix("1 warning, 0 errors in 1 file\n"))
        #expect(try CLI.run(["check", "--strict", Self.fixture]).status == 1)
    }

    @Test func checkJSON() throws {
        let r = try CLI.run(["check", "--json", Self.fixture])
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let ds = json?["diagnostics"] as? [[String: Any]]
        #expect(ds?.count == 1)
        #expect(ds?.first?["line"] as? Int == 12 && ds?.first?["column"] as? Int == 40)
        #expect(ds?.first?["code"] as? String == "pinched-corner")
        #expect(json?["warnings"] as? Int == 1)
    }

    /// A new directory under the temporary one (the caller removes it).
    static func tempDir(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A `.scene` file given with Swift files is fixed too, as `scene check --fix` fixes
    /// one alone, with its line (it was checked but neither fixed nor named).
    @Test func fixFixesASceneGivenBesideSwiftFiles() throws {
        let dir = try Self.tempDir("swift-fix-scene")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("pinched.scene"), swift = dir.appendingPathComponent("Card.swift")
        let text = try String(contentsOf: CLI.root.appendingPathComponent("examples/lint/pinched-corner.scene"), encoding: .utf8)
        try text.write(to: scene, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(Self.fixture), to: swift)
        let r = try CLI.run(["check", "--fix", scene.path, swift.path])
        #expect(r.err.contains("\(scene.path): applied 2 fixes\n"), "\(r.err)")
        #expect(r.err.contains("\(swift.path): applied 1 fix\n"), "\(r.err)")
        #expect(r.err.hasSuffix("0 warnings, 0 errors in 2 files\n"), "\(r.err)")
        #expect(try String(contentsOf: scene, encoding: .utf8) == text
            .replacingOccurrences(of: "photo: rect 6 pad 12", with: "photo: concentric min 6 pad 12")
            .replacingOccurrences(of: "thumb: rect 4 pad 8", with: "thumb: rect 12 pad 8"))
        let again = try CLI.run(["check", "--fix", scene.path, swift.path])
        #expect(again.err.contains("\(scene.path): nothing to fix: no findings\n"), "\(again.err)")
        // Under `--json` the lines go to stderr as for scenes alone; stdout is the JSON alone.
        let json = try CLI.run(["check", "--fix", "--json", scene.path, swift.path])
        #expect(json.err.contains("\(scene.path): nothing to fix: no findings\n") && json.err.contains("\(swift.path): nothing to fix"), "\(json.err)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(parsed?["files"] as? Int == 2 && parsed?["warnings"] as? Int == 0, "\(json.out)")
    }

    /// `--fix`'s line for each file says why none of its bytes changed: its finding was
    /// fixed by an edit to the file declaring the token (not "nothing to fix", which it
    /// had), or it does not parse (not "no fix changed the file", a fix that failed).
    @Test func fixSaysWhyAFileWasNotChanged() throws {
        let dir = try Self.tempDir("swift-fix-why")
        defer { try? FileManager.default.removeItem(at: dir) }
        let theme = dir.appendingPathComponent("Theme.swift"), card = dir.appendingPathComponent("Card.swift")
        try """
            import SwiftUI

            enum Radius {
                static let card: CGFloat = 20
            }

            struct Badge: View {
                var body: some View { Capsule().frame(width: 40, height: 20) }
            }

            """.write(to: theme, atomically: true, encoding: .utf8)
        let cardText = """
            import SwiftUI

            struct Card: View {
                var body: some View {
                    ZStack {
                        ConcentricRectangle(corners: .concentric(minimum: 16))
                            .padding(12)
                    }
                    .frame(width: 200, height: 120)
                    .containerShape(.rect(cornerRadius: Radius.card))
                }
            }

            """
        try cardText.write(to: card, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", card.path, theme.path])
        #expect(r.err.contains("\(card.path): no edit here: its findings were fixed by editing another file\n"), "\(r.err)")
        #expect(r.err.contains("\(theme.path): applied 1 fix\n"), "\(r.err)")
        #expect(try String(contentsOf: card, encoding: .utf8) == cardText)
        #expect(try String(contentsOf: theme, encoding: .utf8).contains("static let card: CGFloat = 28"))
        let bad = dir.appendingPathComponent("Bad.swift")
        try "import SwiftUI\nstruct Bad: View {\n    var body: some View {\n        RoundedRectangle(cornerRadius: 8).padding(8\n    }\n}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let b = try CLI.run(["check", "--fix", bad.path])
        #expect(b.err.hasPrefix("\(bad.path): nothing fixed: it does not parse as Swift (below)\n"), "\(b.err)")
    }

    @Test func fixRewritesTheRadiusKeepingNamesAndTheFileStillParses() throws {
        let dir = try Self.tempDir("swift-fix")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Card.swift")
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(Self.fixture), to: file)
        let before = try String(contentsOf: file, encoding: .utf8)
        let r = try CLI.run(["check", "--fix", file.path])
        #expect(r.err.contains("Card.swift: applied 1 fix"), "\(r.err)")
        #expect(r.err.hasSuffix("0 warnings, 0 errors in 1 file\n"), "\(r.err)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: "RoundedRectangle(cornerRadius: Radius.photo)",
                                                     with: "RoundedRectangle(cornerRadius: Radius.card - Radius.inset)"))
        // The fixed file is still Swift.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc", "-parse", file.path]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let again = try CLI.run(["check", "--fix", file.path])
        // Fixed already: nothing found, said as that, and the file left as it was.
        #expect(again.err.hasPrefix("\(file.path): nothing to fix: no findings\n"), "\(again.err)")
        #expect(try String(contentsOf: file, encoding: .utf8) == after)
    }

    /// Without `scene-swift` beside it, `scene` still checks the `.scene` files it was
    /// given (a folder's too), then says how many `.swift` files it left and what to
    /// build, and exits 69 (unavailable); with nothing else to read, it says so alone.
    @Test func withoutTheSwiftReaderTheSceneFilesAreStillChecked() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("no-reader-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let files = dir.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let lone = dir.appendingPathComponent("scene")  // no scene-swift beside this copy
        try FileManager.default.copyItem(at: CLI.binary, to: lone)
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(Self.fixture), to: files.appendingPathComponent("A.swift"))
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("examples/lint/pinched-corner.scene"),
                                        to: files.appendingPathComponent("c.scene"))
        let r = try CLI.run(["check", files.path], executable: lone)
        #expect(r.status == 69, "\(r.err)")
        #expect(r.err.contains("c.scene:"), "the .scene file was not checked: \(r.err)")
        #expect(r.err.contains("warning[pinched-corner]"))
        #expect(r.err.contains("in 1 file\nscene: 1 .swift file not read: reading Swift needs `scene-swift` beside `scene`"), "\(r.err)")
        #expect(r.err.hasSuffix("build it with `swift build --product scene-swift`, or install both with scripts/install\n"))
        let alone = try CLI.run(["check", files.appendingPathComponent("A.swift").path], executable: lone)
        #expect(alone.status == 69)
        #expect(alone.err.hasPrefix("scene: reading Swift needs `scene-swift` beside `scene`"), "\(alone.err)")
        #expect(!alone.err.contains("not read"))
        let run = try CLI.run(["run", files.appendingPathComponent("A.swift").path], executable: lone)
        #expect(run.status == 69 && run.err.contains("swift build --product scene-swift"), "\(run.err)")

        // Counted as `scene-swift` would read: not under `.build/`; a folder named `*.swift`
        // is a folder (its scene checked); standard input and `--json` as ever.
        let fm = FileManager.default
        try fm.createDirectory(at: files.appendingPathComponent(".build/x"), withIntermediateDirectories: true)
        try Data("struct Gen {}\n".utf8).write(to: files.appendingPathComponent(".build/x/Gen.swift"))
        let folder = dir.appendingPathComponent("Foo.swift")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.copyItem(at: files.appendingPathComponent("c.scene"), to: folder.appendingPathComponent("inner.scene"))
        let counted = try CLI.run(["check", "--json", files.path, folder.path], executable: lone)
        #expect(counted.status == 69)
        #expect(counted.out.contains("\"files\": 2"), "\(counted.out)")
        #expect(counted.err.hasPrefix("scene: 1 .swift file not read:"), "\(counted.err)")
        let stdin = try CLI.run(["check", "-", files.appendingPathComponent("A.swift").path],
                                stdin: try String(contentsOf: files.appendingPathComponent("c.scene"), encoding: .utf8), executable: lone)
        #expect(stdin.status == 69 && stdin.err.contains("<stdin>:") && stdin.err.contains("1 .swift file not read"), "\(stdin.err)")
        // A `.swift` path that is not there is not Swift left unread: `check` says it is missing.
        let gone = try CLI.run(["check", dir.appendingPathComponent("nothere.swift").path, files.appendingPathComponent("c.scene").path],
                               executable: lone)
        #expect(gone.status == 66 && gone.err.contains("nothere.swift: no such file") && !gone.err.contains("not read"), "\(gone.err)")
        // A reader there but not runnable says so, not "build it".
        try Data("not a program\n".utf8).write(to: dir.appendingPathComponent("scene-swift"))
        let stuck = try CLI.run(["check", files.appendingPathComponent("A.swift").path], executable: lone)
        #expect(stuck.status == 69 && stuck.err.hasPrefix("scene: cannot start `scene-swift`"), "\(stuck.err)")
    }

    @Test func aFolderIsSearchedForSwiftAndSceneFiles() throws {
        let dir = try Self.tempDir("swift-dir")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(Self.fixture), to: dir.appendingPathComponent("A.swift"))
        try Data("struct Plain { let x = 1 }\n".utf8).write(to: dir.appendingPathComponent("B.swift"))
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("examples/lint/pinched-corner.scene"), to: dir.appendingPathComponent("c.scene"))
        let r = try CLI.run(["check", dir.path])
        #expect(r.err.contains("A.swift:12:40: warning[pinched-corner]"))
        #expect(r.err.contains("c.scene:6:10: warning[pinched-corner]"))
        #expect(r.err.contains("c.scene:9:10: warning[pinched-corner]"))
        #expect(r.err.hasSuffix("3 warnings, 0 errors in 3 files (1 Swift file names no shape: not parsed)\n"), "\(r.err)")
    }

    @Test func explainSaysWhatWasSkippedOneLineEach() throws {
        let r = try CLI.run(["check", "--explain", "Tests/Fixtures/swift/dynamic-ternary.swift"])
        #expect(r.status == 0)
        #expect(r.err.contains("dynamic-ternary.swift:7:40: skipped: `isCompact ? 8 : 30` is computed at run time"), "\(r.err)")
        let d = try CLI.run(["check", "--explain", "Tests/Fixtures/swift/default-padding.swift"])
        #expect(d.err.contains("default-padding.swift:7:13: assumed: `.padding` without an amount: the platform's default, 16 pt on iOS"), "\(d.err)")
    }

    @Test func runAndImportShowWhatTheCodeDraws() throws {
        let text = try CLI.run(["run", "Tests/Fixtures/swift/pinched-container.swift"])
        #expect(text.status == 0)
        #expect(text.out.contains("rect") && text.out.contains("8 8 8 8"), "\(text.out)")
        let svg = try CLI.run(["run", "Tests/Fixtures/swift/pinched-container.swift", "--svg", "--centers"])
        #expect(svg.out.hasPrefix("<?xml") || svg.out.hasPrefix("<svg"), "\(svg.out.prefix(80))")
        let imported = try CLI.run(["import", "Tests/Fixtures/swift/constants.swift", "--view", "TokenCard"])
        #expect(imported.out.contains("let v_Radius_card = 24"))
        #expect(imported.out.contains("rect v_Radius_photo pad v_Radius_inset"), "\(imported.out)")
        let unknown = try CLI.run(["import", "Tests/Fixtures/swift/constants.swift", "--view", "Nope"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("no view `Nope`") && unknown.err.contains("TokenCard"))
    }

    /// `scene run View.swift` says where each shape's code is: the table's `code` column and
    /// the JSON's `file`, `line` and `column` at the Swift that draws it, and the JSON's
    /// findings as `check --json` says them. The JSON named a `View.swift.scene` that no
    /// one has, at the lines of the scene made from the code, with the scene's words and
    /// the findings `check` leaves out as not certain.
    @Test func runSaysWhereEachShapeIsInTheCode() throws {
        let text = try CLI.run(["run", Self.fixture])
        let lines = text.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4 && lines[1].contains("  against  code  "), "\(text.out)")
        #expect(lines[2].hasPrefix("n0 ") && lines[2].contains("  \(Self.fixture):14  container 24"), "\(text.out)")
        #expect(lines[3].hasPrefix("  n1 ") && lines[3].hasSuffix("  \(Self.fixture):12"), "\(text.out)")
        let run = try CLI.run(["run", Self.fixture, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let shapes = try #require(json["shapes"] as? [[String: Any]])
        let placed = shapes.map { "\($0["id"] ?? "") \($0["file"] ?? "") \($0["line"] ?? "") \($0["column"] ?? "")" }
        #expect(placed == ["n0 \(Self.fixture) 14 29", "n1 \(Self.fixture) 12 9"], "\(placed)")
        let check = try CLI.run(["check", "--json", Self.fixture])
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: Any])
        let found = try #require(json["diagnostics"] as? [[String: Any]]).map { NSDictionary(dictionary: $0) }
        let said = try #require(checked["diagnostics"] as? [[String: Any]]).map { NSDictionary(dictionary: $0) }
        #expect(found.count == 1 && found == said, "\(found) vs \(said)")
        #expect(!run.out.contains(".scene"), "\(run.out)")
    }

    /// A file that does not parse as Swift is said so where it first goes wrong, with or
    /// without `--explain` (it read as "0 warnings" in silence: a typo looked clean);
    /// once, as a note on standard error, not a finding (the counts and the JSON's
    /// findings stay); `run` and `import`, which draw what was read of it, say so too.
    @Test func checkSaysCodeThatDoesNotParse() throws {
        let half = "Tests/Fixtures/swift/half-typed.swift"
        let plain = try CLI.run(["check", half])
        let said = "\(half):8:53: note[swift-does-not-parse]: the code here does not parse as Swift"
        #expect(plain.status == 0 && plain.err.contains(said) && plain.err.contains("0 warnings, 0 errors in 1 file"), "\(plain.err)")
        // Said as every diagnostic is: the line, underlined where it goes wrong, and the help.
        #expect(plain.err.contains("\n8 | ") && plain.err.contains("^") && plain.err.contains("= help: build the file first"), "\(plain.err)")
        let explained = try CLI.run(["check", "--explain", half])
        #expect(explained.err.components(separatedBy: "does not parse as Swift").count == 2, "\(explained.err)")
        let json = try CLI.run(["check", "--json", half])
        #expect(json.err.contains(said) && !json.out.contains("does not parse") && json.out.contains("\"warnings\": 0"), "\(json.err) \(json.out)")
        for args in [["run", half], ["run", half, "--svg"], ["import", half]] {
            let r = try CLI.run(args)
            #expect(r.err.contains(said), "\(args): \(r.err)")
        }
        let clean = try CLI.run(["check", "Tests/Fixtures/swift/cross-struct.swift"])
        #expect(!clean.err.contains("does not parse"), "\(clean.err)")
    }

    /// A file's views drawn: a view another uses is drawn inside it, not alone again over
    /// it (`CardRow` at the screen's corner over `ListCard`, its row: five frames where the
    /// card makes three); two views no other uses are two pictures, so the SVG, the
    /// SwiftUI and an import ask for one by name (they lay over each other, found by a
    /// new-user trial), while the table and the JSON list both, each shape at its code.
    @Test func runDrawsTheViewsNoOtherViewUses() throws {
        let card = try CLI.run(["run", "Tests/Fixtures/swift/cross-struct.swift"])
        let rows = card.out.split(separator: "\n").dropFirst(2)
        #expect(card.status == 0 && rows.count == 3, "\(card.out)")
        #expect(rows.first?.hasPrefix("n0 ") == true && rows.first?.contains("container 26") == true, "\(card.out)")
        let svg = try CLI.run(["run", "Tests/Fixtures/swift/cross-struct.swift", "--svg"])
        #expect(svg.status == 0 && svg.out.components(separatedBy: "<path id=\"n").count - 1 == 2, "\(svg.out)")
        let two = "Tests/Fixtures/swift/suppressed.swift"
        for args in [["run", two, "--svg"], ["run", two, "--swiftui"], ["run", two, "-o", "x.svg"], ["import", two]] {
            let r = try CLI.run(args)
            #expect(r.status == 64 && r.err.contains(args[0] == "import" ? "`scene import` writes one view" : " one view, and ")
                    && r.err.contains("add `--view Name` (the views: DeliberateCard, CleanCard)"),
                    "\(args): \(r.err)")
        }
        let table = try CLI.run(["run", two])
        #expect(table.status == 0 && table.out.contains("\(two):10") && table.out.contains("\(two):19"), "\(table.out)")
        let one = try CLI.run(["run", two, "--svg", "--view", "CleanCard"])
        #expect(one.status == 0 && one.out.components(separatedBy: "<path id=\"n").count - 1 == 2, "\(one.out)")
        // A view that uses itself is not used by another for that (found by review: a
        // recursive tree made every view "used", its row drawn alone again, or a recursive
        // view beside another left out of the drawing).
        let dir = try Streams.folder("swift-recursive")
        let tree = dir.appendingPathComponent("Tree.swift")
        try """
        import SwiftUI
        struct NodeRow: View {
            var body: some View { RoundedRectangle(cornerRadius: 6).frame(height: 30) }
        }
        struct TreeView: View {
            let depth: Int
            var body: some View {
                VStack(spacing: 4) { NodeRow(); if depth > 0 { TreeView(depth: depth - 1) } }
                    .padding(8).background(RoundedRectangle(cornerRadius: 14)).containerShape(.rect(cornerRadius: 14))
            }
        }
        struct Folder: View {
            var body: some View { Folder().padding(4).background(Capsule()) }
        }
        """.write(to: tree, atomically: true, encoding: .utf8)
        let both = try CLI.run(["run", tree.path, "--svg"])
        #expect(both.status == 64 && both.err.contains("(the views: TreeView, Folder)"), "\(both.err)")
        let treeTable = try CLI.run(["run", tree.path])
        // Two shapes at the top, the tree's and the folder's; the row only inside the tree.
        let tops = treeTable.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("n") }
        #expect(treeTable.status == 0 && tops.count == 2, "\(treeTable.out)")
        #expect(tops.first?.contains("Tree.swift:9") == true && tops.last?.contains("Tree.swift:13") == true, "\(treeTable.out)")
        #expect(treeTable.out.contains("Tree.swift:3"), "\(treeTable.out)")
    }

    /// `scene run DIR --view Name` finds the view in the folder's Swift files, as `check DIR`
    /// reads them; it said "unknown option `--view`" (found by a new-user trial). Without
    /// `--view`, a folder is still not something `run` draws.
    @Test func runFindsAViewInAFolder() throws {
        let r = try CLI.run(["run", "Tests/Fixtures/swift", "--view", "TokenCard"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("container 24"), "\(r.out)")
        // Without `--view`: one view is named (the folder's views drawn over each other, or
        // "is a directory: cannot read", said nothing of what to do).
        let bare = try CLI.run(["run", "Tests/Fixtures/swift"])
        #expect(bare.status == 64 && bare.err.contains("add `--view Name` (the views: ") && bare.err.contains("TokenCard"), "\(bare.err)")
        // `-o` and the format agree: no text table in a `.png`, no SVG in one either.
        for (extra, said) in [([String](), "does not write .png files: write the scene with `scene import"),
                              (["--svg"], "does not write .png files"), (["--json", "-o", "x.svg"], "names a .svg file but `--json` was given")] {
            let args = ["run", Self.fixture] + (extra.contains("-o") ? extra : extra + ["-o", "x.png"])
            let r = try CLI.run(args)
            #expect(r.status == 64 && r.err.contains(said), "\(args): \(r.err)")
        }
    }

    /// A view that fills what it is offered is drawn at a phone's size (393 × 852, square
    /// corners), not across the checker's 4000 pt screen, where its 24 pt corners were
    /// specks in a 4032 pt picture; `scene import` writes the same screen.
    @Test func runDrawsAFillingViewAtAPhonesSize() throws {
        let text = try CLI.run(["run", Self.fixture])
        #expect(text.out.hasPrefix("screen custom 393×852 radius 0"), "\(text.out)")
        #expect(text.out.contains("n0     rect   0   0    393     852  24 24 24 24"), "\(text.out)")
        let svg = try CLI.run(["run", Self.fixture, "--svg", "--centers"])
        #expect(svg.out.contains("<title>screen 393×852 radius 0, target ios26</title>"), "\(svg.out.prefix(400))")
        let imported = try CLI.run(["import", Self.fixture])
        #expect(imported.out.contains("\nscreen 393x852 radius 0\n"), "\(imported.out)")
    }

    /// `scene import View.swift -o F` (written by `scene-swift`) into a FIFO: the scene
    /// arrives through it and the FIFO stays one; a file renamed over it replaced it
    /// (and as root, `-o /dev/null` replaced /dev/null).
    @Test func importIntoAPipeWritesThroughItAndKeepsIt() throws {
        let dir = try Streams.folder("swift-fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("out.scene").path
        let reader = try Streams.fifo(fifo)
        defer { close(reader) }
        let r = try CLI.run(["import", Self.fixture, "--view", "TokenCard", "-o", fifo])
        #expect(r.status == 0, "\(r.err)")
        let text = Streams.read(reader)
        #expect(text.contains("let v_Radius_card = 24"), "\(text)")
        #expect(Streams.isFIFO(fifo), "still a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.scene"], "no temporary left")
    }

    /// `scene import View.swift -o /dev/stdout` (written by `scene-swift`) goes where
    /// standard output goes, after what the shell put there: a file renamed over it
    /// replaced the shell's file.
    @Test func importToDevStdoutGoesWhereTheShellPointsIt() throws {
        let dir = try Streams.folder("swift-stdout")
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("log.txt").path
        let fixture = CLI.root.appendingPathComponent(Self.fixture).path
        let stdout = try Streams.links(in: dir).out
        let script = "echo before > '\(log)'; { '\(CLI.binary.path)' import '\(fixture)' --view TokenCard -o '\(stdout)'; echo after; } >> '\(log)'"
        #expect(try Streams.shell(script) == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("before\n") && text.hasSuffix("after\n") && text.contains("let v_Radius_card = 24"), "\(text)")
    }
}

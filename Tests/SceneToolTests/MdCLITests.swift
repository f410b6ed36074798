import Foundation
import Testing

/// `scene md`: each ```scene block drawn beside the output and linked under it (or inline),
/// a second run replacing what the first wrote, and a block that fails reported at the
/// Markdown file's own lines with nothing written.
struct MdCLITests {
    static let doc = """
    # Cards

    Some text.

    ```scene
    screen 200 x 200 radius 30
    a: rect 12 size 100x60
    ```

    Between.

    ~~~scene
    screen 100 x 100 radius 0
    b: capsule size 80x20
    ~~~

    ```swift
    let x = 1  // not a scene
    ```
    """

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-md-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func drawsEachSceneBlockBesideTheOutput() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.md"), output = dir.appendingPathComponent("out.md")
        try Data(Self.doc.utf8).write(to: input)
        let r = try CLI.run(["md", input.path, "-o", output.path])
        #expect(r.status == 0, "\(r.err)")
        let md = try String(contentsOf: output, encoding: .utf8)
        #expect(md.contains("```\n\n![scene 1](out-1.svg)\n\nBetween."))
        #expect(md.contains("~~~\n\n![scene 2](out-2.svg)\n\n```swift"))
        #expect(!md.contains("out-3.svg"), "the swift block is not a scene")
        let svg1 = try String(contentsOf: dir.appendingPathComponent("out-1.svg"), encoding: .utf8)
        #expect(svg1.contains("<path id=\"a\""))
        #expect(try String(contentsOf: dir.appendingPathComponent("out-2.svg"), encoding: .utf8).contains("<path id=\"b\""))
        // A second run over its own output replaces the links instead of adding more.
        let again = try CLI.run(["md", output.path, "-o", output.path])
        #expect(again.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == md)
    }

    @Test func inlineSVG() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.md")
        try Data(Self.doc.utf8).write(to: input)
        let r = try CLI.run(["md", input.path, "--inline"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("```\n\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!r.out.contains("<?xml"))
        #expect(r.out.components(separatedBy: "<svg ").count == 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(files == ["in.md"], "inline writes no SVG file")
        // Again over its own output: the same text.
        try Data(r.out.utf8).write(to: input)
        #expect(try CLI.run(["md", input.path, "--inline"]).out == r.out)
    }

    @Test func aFailingBlockIsReportedAtTheMarkdownLinesAndNothingIsWritten() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.md"), output = dir.appendingPathComponent("out.md")
        try Data(Self.doc.replacingOccurrences(of: "b: capsule size 80x20", with: "b: capsul size 80x20").utf8).write(to: input)
        let r = try CLI.run(["md", input.path, "-o", output.path])
        #expect(r.status == 65)
        // Line 14 of the Markdown file, column 4: `capsul`.
        #expect(r.err.contains("in.md:14:4: error"), "\(r.err)")
        #expect(r.err.contains("14 | b: capsul size 80x20"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.md"])
    }

    /// The project's own docs are drawn by `scene md`: docs/embedding.md and its SVG are what it writes today.
    @Test func theDocsAreWhatSceneMdWrites() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let docs = CLI.root.appendingPathComponent("docs")
        let out = dir.appendingPathComponent("embedding.md")
        let r = try CLI.run(["md", docs.appendingPathComponent("embedding.md").path, "-o", out.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(try String(contentsOf: out, encoding: .utf8) == String(contentsOf: docs.appendingPathComponent("embedding.md"), encoding: .utf8),
                "docs/embedding.md is not what `scene md docs/embedding.md -o docs/embedding.md` writes")
        #expect(try Data(contentsOf: dir.appendingPathComponent("embedding-1.svg")) == Data(contentsOf: docs.appendingPathComponent("embedding-1.svg")))
    }
}

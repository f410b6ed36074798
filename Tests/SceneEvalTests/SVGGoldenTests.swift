import Foundation
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// Golden SVGs: every `examples/**/*.scene` that compiles without errors has its
/// default rendering checked in beside it (`map.scene` → `map.svg`).
///
/// Re-record with `SCENE_RECORD=1 swift test --filter SVGGolden`; a recording run
/// fails on purpose, so a re-record never passes silently: look at the diff, then
/// run again without SCENE_RECORD.
@Suite("SVG goldens")
struct SVGGoldenTests {
    struct Source {
        /// Relative to the package root, e.g. `examples/map.scene`.
        var path: String
        var url: URL { SVGTest.root.appendingPathComponent(path) }
        var golden: URL { url.deletingPathExtension().appendingPathExtension("svg") }
        var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
    }

    /// Every `.scene` (or, with `ext`, other files) under examples/, sorted, relative to the root.
    static func files(_ ext: String = "scene") -> [String] {
        let dir = SVGTest.root.appendingPathComponent("examples").resolvingSymlinksInPath()
        let paths = FileManager.default.subpaths(atPath: dir.path) ?? []
        return paths.filter { $0.hasSuffix(".\(ext)") }.map { "examples/\($0)" }.sorted()
    }

    static func compile(_ source: Source, target: Target? = nil) -> ResolvedScene? {
        Pipeline.compile(SourceFile(name: source.path, text: source.text), target: target).scene
    }

    /// The examples that compile without errors (the ones that show an error have no picture).
    static func sources() -> [Source] {
        files().map(Source.init).filter { compile($0) != nil }
    }

    static func render(_ source: Source) -> String? {
        compile(source).map { SVGWriter.write($0) }
    }

    /// The default rendering and every option: `--centers --labels`, `--compare ios18`, all three.
    static func variants(_ source: Source) -> [String] {
        guard let scene = compile(source) else { return [] }
        let fallback = compile(source, target: .ios18)
        let all = SVGOptions(centers: true, labels: true)
        return [SVGWriter.write(scene), SVGWriter.write(scene, options: all),
                SVGWriter.write(scene, compare: fallback), SVGWriter.write(scene, compare: fallback, options: all)]
    }

    @Test("the verification sheet is among the examples")
    func verifyExists() {
        #expect(Self.sources().contains { $0.path == "examples/verify.scene" })
    }

    @Test("every example's SVG matches its golden file", arguments: SVGGoldenTests.sources().map(\.path))
    func golden(_ path: String) throws {
        let source = Source(path: path)
        let actual = try #require(Self.render(source))
        try Golden.check(actual, at: source.golden, filter: "SVGGolden")
    }

    /// The examples' folders are there, hold their scenes, and (with
    /// `noOrphans`) every example that compiles has its SVG and every SVG its example.
    @Test("the examples' folders hold their scenes and SVGs")
    func foldersAreThere() {
        let scenes = Self.files(), svgs = Self.files("svg")
        #expect(scenes.filter { !$0.hasPrefix("examples/lint/") }.count >= 7, "examples/ holds \(scenes.count) scenes")
        #expect(scenes.filter { $0.hasPrefix("examples/lint/") }.count >= 24, "examples/lint/ holds too few scenes")
        #expect(Self.sources().count >= 30, "only \(Self.sources().count) examples compile")
        #expect(svgs.count == Self.sources().count, "\(svgs.count) SVGs for \(Self.sources().count) examples that compile")
    }

    @Test("every checked-in SVG belongs to an example that compiles")
    func noOrphans() {
        let drawn = Set(Self.sources().map { String($0.path.dropLast(".scene".count)) })
        for svg in Self.files("svg") {
            #expect(drawn.contains(String(svg.dropLast(".svg".count))), "\(svg) has no example that compiles beside it")
        }
    }

    /// xmllint finds every golden, and every option's output, well-formed.
    @Test("goldens and all options are well-formed XML", arguments: SVGGoldenTests.sources().map(\.path))
    func wellFormed(_ path: String) throws {
        guard let xmllint = SVGTest.require("xmllint", package: "libxml2-utils") else { return }
        let source = Source(path: path)
        let dir = try SVGTest.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [URL] = []
        if FileManager.default.fileExists(atPath: source.golden.path) { files.append(source.golden) }
        for (n, svg) in Self.variants(source).enumerated() {
            let url = dir.appendingPathComponent("variant\(n).svg")
            try svg.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        for file in files {
            let r = try SVGTest.run(xmllint, ["--noout", file.path])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(path) (\(file.lastPathComponent)): \(r.stderr)")
        }
    }
}

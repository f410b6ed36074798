import Foundation
import Testing

/// `scene run … -o x.png` / `-o x.pdf` as a process: the file's size and kind, the
/// flags, the missing-library message (exit 69) and whole-or-nothing output. The
/// pixels are checked in SceneEvalTests' `RasterPixelTests`.
struct CLIRasterTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from a PNG's IHDR.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let b = [UInt8](data)
        guard b.count > 24, b[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { return nil }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be32(16), be32(20))
    }

    @Test func pngAtTheDefaultAndAGivenScale() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // map.scene's SVG is 434 × 906 (an iPhone 16 Pro, 402 × 874, and a 16-point margin).
        let a = dir.appendingPathComponent("map.png"), b = dir.appendingPathComponent("map3.PNG")
        let r = try CLI.run(["run", "examples/map.scene", "-o", a.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.pngSize(try Data(contentsOf: a)).map { [$0.0, $0.1] } == [868, 1812])
        let r3 = try CLI.run(["run", "examples/map.scene", "-o", b.path, "--scale", "3", "--background", "screen"])
        #expect(r3.status == 0, "\(r3.err)")
        #expect(Self.pngSize(try Data(contentsOf: b)).map { [$0.0, $0.1] } == [1302, 2718])
    }

    @Test func pdf() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("map.pdf")
        let r = try CLI.run(["run", "examples/map.scene", "-o", out.path])
        #expect(r.status == 0, "\(r.err)")
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/MediaBox [ 0 0 434 906 ]"))
    }

    @Test func withoutLibrarySaysHowToInstallAndWritesNothing() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("map.png")
        try Data("keep me".utf8).write(to: out)
        let r = try CLI.run(["run", "examples/map.scene", "-o", out.path],
                            environment: ["SCENE_RSVG_LIBRARY": dir.appendingPathComponent("none.so").path])
        #expect(r.status == 69)
        #expect(r.err.contains("writing PNG needs librsvg, which could not be loaded"))
        #expect(r.err.contains("help: install librsvg"))
        #expect(r.err.contains("map.svg"))
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["map.png"])
    }

    @Test func flagsAreChecked() throws {
        let cases: [([String], String)] = [
            (["-o", "x.png", "--scale", "0"], "`--scale` takes a number of pixels per point above 0 and at most 16, not `0`"),
            (["-o", "x.png", "--scale", "abc"], "not `abc`"),
            (["-o", "x.png", "--scale", "17"], "at most 16"),
            (["-o", "x.png", "--background", "red"], "`--background` takes `transparent` or `screen`, not `red`"),
            (["-o", "x.svg", "--scale", "2"], "`--scale` goes with `-o FILE.png` or `-o FILE.pdf`"),
            (["--json", "--background", "screen"], "`--background` goes with"),
            (["--scale"], "`--scale` needs a value"),
            (["-o", "x.png", "--json"], "names a PNG file but `--json` was given"),
            (["--json", "--centers"], "go with `--svg`"),
            (["-o", "x.gif"], ".pdf, .png, .svg"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(["run", "examples/map.scene"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
    }
}

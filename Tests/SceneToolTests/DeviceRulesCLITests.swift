import Foundation
import Testing

/// Issue 12 through the executable: `scene run` marks a radius iOS 26 would trap
/// on, `scene check --fix` fixes both new rules once and for all.
struct DeviceRulesCLITests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: CLI.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A scene's statements without its comments.
    static func code(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            var s = String(line)
            if let r = s.range(of: #"\s+#\s.*$"#, options: .regularExpression) { s.removeSubrange(r) }
            return s
        }
    }

    /// Issue 14: macOS in macOS words. `target macos26` / `macos15` resolve as ios26 / ios18,
    /// and a Mac window's header names the macOS target.
    @Test func macTargetsAreAcceptedAndNamedOnWindows() throws {
        let body = "a: concentric min 4 pad 8\n"
        let mac15 = try CLI.run(["run", "-"], stdin: "screen mac-window\ntarget macos15\n" + body)
        let ios18 = try CLI.run(["run", "-"], stdin: "screen mac-window\ntarget ios18\n" + body)
        #expect(mac15.status == 0)
        #expect(mac15.out.hasPrefix("screen mac-window 1024×768 radius 26, target macos15\n"))
        #expect(mac15.out == ios18.out)
        let mac26 = try CLI.run(["run", "-"], stdin: "screen mac-window\ntarget macos26\n" + body)
        #expect(mac26.out.hasPrefix("screen mac-window 1024×768 radius 26, target macos26\n"))
        #expect(try CLI.run(["run", "-"], stdin: "screen mac-window\n" + body).out == mac26.out)
        // A phone keeps iOS words; a near miss gets a did-you-mean.
        #expect(try CLI.run(["run", "-"], stdin: "screen iphone-16-pro\ntarget macos26\n" + body).out.contains("target ios26\n"))
        let bad = try CLI.run(["run", "-"], stdin: "target macos14\n" + body)
        #expect(bad.status == 65)
        #expect(bad.err.contains("did you mean `macos15`?"))
        #expect(try CLI.run(["run", "examples/map.scene", "--svg", "--compare", "macos15"]).status == 0)
    }

    @Test func runShowsTheClampedRadiusAndMarksTheShape() throws {
        let r = try CLI.run(["run", "examples/lint/radius-overflow.scene"])
        #expect(r.status == 0)
        let done = r.out.split(separator: "\n").first { $0.contains(" done ") }
        #expect(done?.contains("22 22 22 22") == true)
        #expect(done?.hasSuffix("capped at half its shorter side, too round for its size (36 → 22)") == true)
        let handle = r.out.split(separator: "\n").first { $0.contains(" handle ") }
        #expect(handle?.hasSuffix("too round for its size (32 32 0 0 → 10 10 0 0)") == true)
        #expect(r.err.components(separatedBy: "warning[radius-overflow]").count == 5)
        #expect(r.err.contains("iOS 26 traps at render time on such a shape; earlier versions clamped it to 22"))
        #expect(r.err.contains("help: a button, pill or track is fully rounded on its short axis: use `capsule`"))
    }

    @Test func theJSONCarriesTheDecisionAndTheNumbers() throws {
        let r = try CLI.run(["run", "--json", "examples/lint/radius-overflow.scene"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let shapes = try #require(json["shapes"] as? [[String: Any]])
        let done = try #require(shapes.first { $0["id"] as? String == "done" })
        #expect((done["decisions"] as? [String])?.contains("radius-overflow-clamped") == true)
        let overflow = try #require((done["overflows"] as? [[String: Any]])?.first)
        #expect(overflow["role"] as? String == "shape")
        #expect((overflow["written"] as? [String: Double])?["topLeading"] == 36)
        #expect((overflow["drawn"] as? [String: Double])?["topLeading"] == 22)
        let panel = try #require(shapes.first { $0["id"] as? String == "panel" })
        #expect(panel["overflows"] == nil)
        let codes = (json["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == Array(repeating: "radius-overflow", count: 4))
    }

    @Test(arguments: ["radius-overflow", "uneven-siblings"])
    func checkFixWritesTheFixedExampleAndASecondRunChangesNothing(_ rule: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-apple-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("\(rule).scene")
        try Self.text("examples/lint/\(rule).scene").write(to: file, atomically: true, encoding: .utf8)
        let before = try CLI.run(["check", "--strict", file.path])
        #expect(before.status == 1)
        #expect(before.err.contains("warning[\(rule)]"))
        let r = try CLI.run(["check", "--fix", file.path])
        #expect(r.status == 0)
        let fixed = try String(contentsOf: file, encoding: .utf8)
        #expect(Self.code(fixed) == Self.code(try Self.text("examples/lint/\(rule)-fixed.scene")))
        let again = try CLI.run(["check", "--fix", "--strict", file.path])
        #expect(again.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    @Test func presetsListSizeRadiusStatusAndSource() throws {
        let r = try CLI.run(["presets"])
        #expect(r.status == 0 && r.err.isEmpty)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["name", "device", "size", "radius", "status", "source"])
        let pro = try #require(lines.first { $0.hasPrefix("iphone-17-pro ") })
        #expect(pro.split(separator: " ", omittingEmptySubsequences: true).prefix(8) == ["iphone-17-pro", "iPhone", "17", "Pro", "402×874", "62", "measured", "size:"])
        let air = try #require(lines.first { $0.hasPrefix("iphone-air ") })
        #expect(air.contains(" none ") && air.contains("radius not published"))
        for name in ["iphone-16e", "ipad-pro-11-m4", "ipad-pro-13-m4", "ipad-mini", "ipad-pro-11", "mac-window", "mac-window-toolbar"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") }, "\(name) is not listed")
        }
    }

    @Test func presetsJSONIsForTools() throws {
        let r = try CLI.run(["presets", "--json"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let presets = try #require(json["presets"] as? [[String: Any]])
        let keys: Set<String> = ["name", "device", "family", "width", "height", "radius", "status", "source"]
        #expect(presets.allSatisfy { Set($0.keys) == keys })
        let m4 = try #require(presets.first { $0["name"] as? String == "ipad-pro-11-m4" })
        #expect(m4["radius"] is NSNull && m4["width"] as? Double == 834 && m4["height"] as? Double == 1210)
        #expect(try CLI.run(["presets", "--yaml"]).status == 64)
    }

    @Test func runRefusesAnUnpublishedRadiusAndSaysHowToGiveIt() throws {
        let r = try CLI.run(["run", "-"], stdin: "screen iphone-air\ncard: rect 20 size 300x200\n")
        #expect(r.status == 65)
        #expect(r.err.contains("error[unpublished-radius]: the iPhone Air's display corner radius is not published"))
        #expect(r.err.contains("`screen iphone-air radius 62`"))
        let ok = try CLI.run(["run", "-"], stdin: "screen iphone-air radius 62\ncard: rect 20 size 300x200\n")
        #expect(ok.status == 0 && ok.out.hasPrefix("screen iphone-air 420×912 radius 62, target ios26\n"))
    }
}

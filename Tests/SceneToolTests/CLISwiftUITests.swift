import Foundation
import Testing

/// `scene run FILE --swiftui`, as a process.
struct CLISwiftUITests {
    @Test func printsTheGoldenView() throws {
        let r = try CLI.run(["run", "examples/map.scene", "--swiftui"])
        #expect(r.status == 0)
        let golden = try String(contentsOf: CLI.root.appendingPathComponent("examples/map.swift"), encoding: .utf8)
        #expect(r.out == golden)
        #expect(r.err.isEmpty, "\(r.err)")
        // The scene's own warnings still go to stderr.
        let tight = try CLI.run(["run", "Tests/Fixtures/check/map-too-tight.scene", "--swiftui"])
        #expect(tight.status == 0 && tight.out.contains("struct MapTooTightView: View"))
        #expect(tight.err.contains("warning[container-too-tight]"))
    }

    @Test func outputFileNamesTheFormatAndNameNamesTheView() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("Card.swift")
        let r = try CLI.run(["run", "examples/card.scene", "-o", out.path, "--name", "ProfileCard", "--verify-harness"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.isEmpty)
        let code = try String(contentsOf: out, encoding: .utf8)
        #expect(code.contains("struct ProfileCard: View {"))
        #expect(code.contains("enum ProfileCardCorners {"))
        #expect(code.contains("func renderProfileCard(to url: URL, scale: CGFloat = 2) throws {"))
    }

    @Test func usageErrors() throws {
        let badName = try CLI.run(["run", "examples/map.scene", "--swiftui", "--name", "2fast"])
        #expect(badName.status == 64)
        #expect(badName.err.contains("`--name 2fast` is not a Swift type name"))
        let clash = try CLI.run(["run", "examples/map.scene", "--svg", "-o", "map.swift"])
        #expect(clash.status == 64)
        #expect(clash.err.contains("names a Swift file but `--svg` was given"))
        let stray = try CLI.run(["run", "examples/map.scene", "--verify-harness"])
        #expect(stray.status == 64)
        let help = try CLI.run(["--help"])
        #expect(help.out.contains("--swiftui [--name TypeName] [--verify-harness]"))
    }

    @Test func unfaithfulScenesWarnOnStderr() throws {
        let scene = """
        box: container rect 20 size 100x100 hstack <
          a: concentric min 8 pad h 10
          b: concentric min 8
        >
        """
        let r = try CLI.run(["run", "-", "--swiftui"], stdin: scene)
        #expect(r.status == 0)
        #expect(r.out.contains("// note: the flexible children of this hstack are padded differently"))
        #expect(r.err.contains("warning[swiftui-stack-padding]"))
        #expect(r.err.contains("<stdin>:1:1"))
    }
}

/// `scene run --fallback minimum|relative|resolved`, as a process.
struct CLIFallbackTests {
    @Test func fallbackReachesTheExportTheTableAndTheComparison() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fallback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("fb.scene")
        try "target ios18\ncard: container rect 28 size 300x200 <\n  photo: concentric min 8 pad 12\n>\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        let swift = try CLI.run(["run", scene.path, "--swiftui", "--fallback", "resolved"])
        #expect(swift.status == 0, "\(swift.err)")
        #expect(swift.out.contains("rect(16).fill(style)"), "\(swift.out)")
        let minimum = try CLI.run(["run", scene.path])
        #expect(minimum.out.contains("8 8 8 8"), "\(minimum.out)")
        let resolved = try CLI.run(["run", scene.path, "--fallback", "resolved"])
        #expect(resolved.out.contains("16 16 16 16") && !resolved.out.contains("8 8 8 8"), "\(resolved.out)")
        let a = try CLI.run(["run", scene.path, "--svg", "--compare", "ios18"])
        let b = try CLI.run(["run", scene.path, "--svg", "--compare", "ios18", "--fallback", "resolved"])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.out != b.out, "the comparison's fallback panel follows --fallback")
    }

    @Test func aBadValueSaysWhatItTakes() throws {
        let r = try CLI.run(["run", "examples/map.scene", "--swiftui", "--fallback", "resolve"])
        #expect(r.status == 64)
        #expect(r.err.contains("scene: `--fallback resolve`: no such fallback\nhelp: did you mean `resolved`?"), "\(r.err)")
        #expect(r.err.contains("`minimum`, `relative`, `resolved`"))
        let none = try CLI.run(["run", "examples/map.scene", "--fallback"])
        #expect(none.status == 64 && none.err.contains("`--fallback` needs a value"), "\(none.err)")
        let help = try CLI.run(["--help"])
        #expect(help.out.contains("[--fallback minimum|relative|resolved]"))
        let runHelp = try CLI.run(["run", "--help"])
        #expect(runHelp.out.contains("--fallback says what a concentric shape draws before iOS 26"))
        let bash = try CLI.run(["completions", "bash"])
        #expect(bash.out.contains("--fallback") && bash.out.contains("minimum relative resolved"), "\(bash.out.prefix(3000))")
    }
}

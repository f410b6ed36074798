// The command plugin: `swift package scene-check [--fix] [--explain] [--target NAME]...`
// runs `scene check` over the package's Swift targets (docs/swift-check.md).
import PackagePlugin
import Foundation

@main
struct SceneCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let fix = extractor.extractFlag(named: "fix") > 0
        let explain = extractor.extractFlag(named: "explain") > 0
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        var files: [String] = []
        for t in targets {
            guard let t = t as? SourceModuleTarget else { continue }
            files += t.sourceFiles(withSuffix: "swift").map(\.url.path)
        }
        guard !files.isEmpty else { print("scene-check: no Swift files in the targets given"); return }
        let tool = try context.tool(named: "scene-swift")
        let p = Process()
        p.executableURL = tool.url
        p.arguments = ["check"] + (fix ? ["--fix"] : []) + (explain ? ["--explain"] : []) + extractor.remainingArguments + files
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus != 0 && p.terminationStatus != 1 {
            Diagnostics.error("scene check exited with status \(p.terminationStatus)")
        }
    }
}

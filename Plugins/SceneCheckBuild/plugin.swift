// The build-tool plugin: `scene check` over a target's Swift files on every build, its
// findings inline in Xcode and in `swift build`'s output (docs/swift-check.md).
import PackagePlugin
import Foundation

@main
struct SceneCheckBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        let tool = try context.tool(named: "scene-swift")
        // The findings are the output; the stamp tells the build system the check ran.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "\(target.name).scene-check")
        return [.buildCommand(displayName: "scene check \(target.name) (\(files.count) Swift files)",
                              executable: tool.url,
                              arguments: ["check", "--ide", "--stamp", stamp.path] + files.map(\.path),
                              inputFiles: files, outputFiles: [stamp])]
    }
}

import Foundation

/// The bench family (`scripts/gen-bench`) and the examples, as the tests that read
/// every scene two ways (a memo on and off) take them: one place that runs the
/// generator and walks `examples/`.
public enum BenchFamily {
    /// `scripts/gen-bench ARGUMENTS`' output (empty when it cannot run).
    public static func generate(_ arguments: [String]) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Golden.root.appendingPathComponent("scripts/gen-bench").path] + arguments
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }

    /// The members, as the generator names them (`--members`).
    public static let members = generate(["--members"]).split(separator: "\n").map(String.init)

    /// Member `name` at about `nodes` nodes.
    public static func scene(_ name: String, nodes: Int) -> String { generate([name, String(nodes)]) }

    /// Every example (`examples/**/*.scene`): its path under `examples/` and its text.
    public static func examples() throws -> [(name: String, text: String)] {
        let folder = Golden.root.appendingPathComponent("examples")
        let files = FileManager.default.enumerator(atPath: folder.path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".scene") }.sorted()
        return try files.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }
}

import Foundation
import Testing

/// A usage error in a known command shows the message and that command's usage, not
/// every command's (~50 lines, which scrolled the message off a small terminal; found by a
/// new-user trial). An unknown command, or none, gets the commands, a line each.
struct CLIUsageErrorTests {
    @Test(arguments: [
        (["watch", "--port", "abc"], "usage: scene watch FILE", "`--port` takes a port number"),
        (["md"], "usage: scene md IN.md", "`scene md` needs a Markdown file"),
        (["run", "x.scene", "--scale", "0"], "usage: scene run FILE", "`--scale` takes a number"),
        (["check", "--nope"], "usage: scene check [--json]", "unknown option `--nope`"),
    ])
    func aCommandsUsageErrorShowsThatCommandsUsage(args: [String], usage: String, message: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64)
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("scene: \(message)") == true, "\(r.err)")
        #expect(r.err.contains(usage), "\(r.err)")
        #expect(r.err.hasSuffix("(`scene --help` shows every command)\n"), "\(r.err)")
        // Only this command's entry: no other command's usage line.
        let others = ["scene run ", "scene check ", "scene fmt ", "scene watch ", "scene md ", "scene repl"]
            .filter { !usage.hasPrefix("usage: " + $0) }
        for other in others { #expect(!r.err.contains(other), "`\(other)` shown for \(args): \(r.err)") }
        #expect(lines.count < 25, "\(lines.count) lines for \(args)")
    }

    /// `scene COMMAND --help` (`-h`, anywhere among its arguments) and `scene help COMMAND`
    /// print that command's usage on stdout and exit 0 (they said "unknown option", or
    /// took `--help` for a file); `run`'s explains its table too. An unknown command's help is
    /// a usage error.
    @Test(arguments: [
        (["check", "--help"], "usage: scene check [--json]"),
        (["fmt", "-h"], "usage: scene fmt [--check]"),
        (["bench", "x.scene", "--help"], "usage: scene bench FILE"),
        (["tokens", "--help"], "usage: scene tokens FILE"),
        (["lsp", "--help"], "usage: scene lsp [--docs-url URL]"),
        (["watch", "--help"], "usage: scene watch FILE"),
        (["import", "--help"], "usage: scene import FILE.swift"),
        (["help", "md"], "usage: scene md IN.md"),
        (["help", "repl"], "usage: scene-repl [--echo] [--no-history] [FILE]"),
        (["run", "--help"], "--text (the default) prints one row per shape"),
    ])
    func aCommandsHelpIsThatCommandsUsage(args: [String], usage: String) throws {
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(args): \(r.err)")
        #expect(r.err.isEmpty, "\(args): \(r.err)")
        #expect(r.out.contains(usage), "\(args): \(r.out)")
        let others = ["scene check ", "scene fmt ", "scene watch ", "scene md ", "scene lsp "]
            .filter { !usage.hasPrefix("usage: " + $0) }
        for other in others { #expect(!r.out.contains(other), "`\(other)` shown for \(args)") }
    }

    /// Around `--help`: an option's value is not a question (`-o -h`, `bench --svg -h`
    /// name files); `scene help` of `help`, `-h`, `--help` or `version` is every command's
    /// usage; `scene help` takes one command, and an unknown one is a usage error.
    @Test func helpsEdges() throws {
        for args in [["run", "nope.scene", "-o", "-h"], ["bench", "nope.scene", "--svg", "-h"]] {
            let r = try CLI.run(args)
            #expect(r.status == 66 && r.out.isEmpty, "\(args): \(r.err)")
        }
        for word in ["help", "-h", "--help", "version"] {
            let all = try CLI.run(["help", word])
            #expect(all.status == 0 && all.out.contains("scene check ") && all.out.contains("scene watch "), "help \(word)")
        }
        let two = try CLI.run(["help", "run", "check"])
        #expect(two.status == 64 && two.err.hasPrefix("scene: `scene help` takes one command"), "\(two.err)")
        let unknown = try CLI.run(["help", "frob"])
        #expect(unknown.status == 64 && unknown.err.hasPrefix("scene: unknown command `frob`"))
    }

    /// A word for what a command does under another name points at that command
    /// (`export` was answered "did you mean `import`?"), and the command it names is one.
    @Test func aWordForACommandPointsAtIt() throws {
        let r = try CLI.run(["export", "x.scene"])
        #expect(r.status == 64 && r.err.hasPrefix("scene: unknown command `export`; `scene run FILE --swiftui` does that"), "\(r.err)")
        for word in ["export", "swiftui", "swift", "svg", "render", "draw", "png", "pdf", "json", "lint", "fix", "format", "serve", "live"] {
            let e = try CLI.run([word]).err
            let line = String(e.split(separator: "\n").first ?? "")
            let at = try #require(line.range(of: "; `scene "), "\(word): \(e)")
            let said = line[at.upperBound...]
            #expect(said.hasSuffix("` does that"), "\(word): \(e)")
            let command = String(said.prefix { $0 != " " && $0 != "`" })
            #expect(try CLI.run(["help", command]).status == 0, "\(word) → \(command)")
        }
    }

    /// An unknown command, or none, lists the commands a line each (the whole usage,
    /// ~50 lines, scrolled its "did you mean" away: a new-user trial), and where the rest is.
    @Test(arguments: [["frob"], ["chek", "x.scene"], []])
    func anUnknownCommandListsEveryCommand(args: [String]) throws {
        let r = try CLI.run(args)
        #expect(r.status == 64)
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix(args.isEmpty ? "scene: no command given" : "scene: unknown command `\(args[0])`") == true, "\(r.err)")
        if args.first == "chek" { #expect(lines.first?.hasSuffix("did you mean `check`?") == true, "\(r.err)") }
        for name in ["run", "check", "import", "fmt", "lsp", "repl", "watch", "md", "bench", "help"] {
            #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "`\(name)` not listed: \(r.err)")
        }
        #expect(r.err.hasSuffix("(`scene --help` shows every command's options, `scene help COMMAND` one's)\n"))
        #expect(lines.count < 25, "\(lines.count) lines")
    }
}

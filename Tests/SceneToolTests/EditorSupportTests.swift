import Foundation
import Testing
import SceneLang
import SceneLSP
import SceneTestSupport

/// The VS Code extension's TextMate grammar: generated from the tables, valid
/// JSON, every pattern compiles, every keyword covered.
struct TextMateGrammarTests {
    static let dir = CLI.root.appendingPathComponent("editors/vscode")
    static let grammarURL = dir.appendingPathComponent("syntaxes/scene.tmLanguage.json")

    @Test func committedGrammarIsTheGeneratedOne() throws {
        try Golden.check(TextMateGrammar.text(), at: Self.grammarURL, filter: "TextMateGrammar")
    }

    /// Each `match` of the committed file, with the scope it gives.
    func patterns() throws -> [(regex: NSRegularExpression, scope: String)] {
        let data = try Data(contentsOf: Self.grammarURL)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["scopeName"] as? String == "source.scene")
        let list = try #require(root["patterns"] as? [[String: Any]])
        return try list.map { p in
            let source = try #require(p["match"] as? String)
            let captures = p["captures"] as? [String: [String: String]]
            let scope = (p["name"] as? String) ?? captures?["1"]?["name"] ?? ""
            return (try NSRegularExpression(pattern: source, options: [.anchorsMatchLines]), scope)
        }
    }

    /// The scope the first pattern matching at the start of `text` gives (as the editor picks it).
    func scope(of text: String, _ ps: [(regex: NSRegularExpression, scope: String)]) -> String? {
        let range = NSRange(text.startIndex..., in: text)
        var best: (Int, String)? = nil
        for p in ps {
            guard let m = p.regex.firstMatch(in: text, range: range) else { continue }
            if best == nil || m.range.location < best!.0 { best = (m.range.location, p.scope) }
        }
        return best?.0 == 0 ? best?.1 : nil
    }

    @Test func everyPatternCompilesAndEveryKeywordIsCovered() throws {
        let ps = try patterns()
        #expect(ps.count >= 15)
        let grouped = Dictionary(uniqueKeysWithValues: TextMateGrammar.keywordGroups.flatMap { g in g.words.map { ($0, g.scope) } })
        for k in Keyword.allCases {
            let s = scope(of: k.rawValue + " ", ps)
            #expect(s != nil && s == grouped[k.rawValue], "keyword `\(k.rawValue)` is highlighted as \(s ?? "nothing")")
            #expect(s?.hasPrefix("variable") != true)
        }
        #expect(scope(of: "#4a8 x", ps) == "constant.other.color.scene")
        #expect(scope(of: "# a comment", ps) == "comment.line.number-sign.scene")
        #expect(scope(of: "#ggg", ps) == "comment.line.number-sign.scene")
        #expect(scope(of: "card: rect 4", ps) == "entity.name.tag.label.scene")
        #expect(scope(of: "iphone-16-pro-max", ps) == "support.constant.preset.scene")
        #expect(scope(of: "12.5", ps) == "constant.numeric.scene")
        #expect(scope(of: "café", ps) == "variable.other.scene")
        #expect(scope(of: "rectangles", ps) == "variable.other.scene")
    }

    @Test func extensionManifestAndLanguageConfiguration() throws {
        let pkg = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dir.appendingPathComponent("package.json"))) as? [String: Any])
        let contributes = try #require(pkg["contributes"] as? [String: Any])
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        #expect(language["id"] as? String == "scene")
        #expect(language["extensions"] as? [String] == [".scene"])
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        #expect(grammar["scopeName"] as? String == "source.scene")
        let path = try #require(grammar["path"] as? String)
        #expect(FileManager.default.fileExists(atPath: Self.dir.appendingPathComponent(path).path))
        let configPath = try #require(language["configuration"] as? String)
        let config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dir.appendingPathComponent(configPath))) as? [String: Any])
        #expect((config["comments"] as? [String: String])?["lineComment"] == "#")
        #expect(config["brackets"] as? [[String]] == [["<", ">"], ["(", ")"]])
        for key in ["increaseIndentPattern", "decreaseIndentPattern"] {
            let p = try #require((config["indentationRules"] as? [String: String])?[key])
            _ = try NSRegularExpression(pattern: p)
        }
    }
}

/// `scene completions` and `scene manpage`: generated from one table that must
/// agree with `--help`, and working in the shells.
struct ShellCompletionTests {
    static func bashComplete(_ words: [String]) throws -> [String] {
        let script = try CLI.run(["completions", "bash"]).out
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scene-completion-\(UUID()).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _scene; printf '%s\\n' \"${COMPREPLY[@]}\""]
        p.currentDirectoryURL = CLI.root
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsFlagsPresetsAndFiles() throws {
        #expect(try Self.bashComplete(["scene", "f"]) == ["fmt"])
        #expect(try Self.bashComplete(["scene", "run", "--c"]).sorted() == ["--centers", "--compare"])
        #expect(try Self.bashComplete(["scene", "run", "--compare", ""]).sorted() == ["ios18", "macos15"])
        #expect(try Self.bashComplete(["scene", "presets", "--j"]) == ["--json"])
        #expect(try Self.bashComplete(["scene", "presets", "iphone-16-p"]).sorted() == ["iphone-16-pro", "iphone-16-pro-max"])
        #expect(try Self.bashComplete(["scene", "presets", "--json", "mac-window-"]).count == 5)
        #expect(try Self.bashComplete(["scene", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try Self.bashComplete(["scene", "help", "ch"]) == ["check"])
        #expect(try Self.bashComplete(["scene", "help", "check", ""]).isEmpty)
        #expect(try Self.bashComplete(["scene", "fmt", "examples/ma"]) == ["examples/map.scene"])
        #expect(try Self.bashComplete(["scene", "fmt", "Package"]).isEmpty)
        // check, run and import also take SwiftUI source (docs/swift-check.md).
        #expect(try Self.bashComplete(["scene", "check", "Package"]) == ["Package.swift"])
        #expect(try Self.bashComplete(["scene", "check", "README"]).isEmpty)
    }

    @Test func zshAndFishScriptsParse() throws {
        for (shell, flag) in [("zsh", "-n"), ("fish", "--no-execute")] {
            let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let path else { Issue.record("\(shell) is not installed (scripts/test installs it)"); continue }
            let script = try CLI.run(["completions", shell]).out
            #expect(script.contains("ios18") && script.contains("fmt") && script.contains("check"))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scene-completion-\(UUID()).\(shell)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            p.arguments = [flag, file.path]
            let err = Pipe()
            p.standardError = err
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(shell): \(message)")
            #expect(script.contains(ScreenPreset.names.joined(separator: " ")), "\(shell) offers every preset")
        }
        // fish completes for real: `complete -C` runs the script on a command line.
        if let fish = ["/usr/bin/fish", "/bin/fish"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scene-completion-\(UUID()).fish")
            try CLI.run(["completions", "fish"]).out.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: fish)
            p.arguments = ["--no-config", "-c", "source '\(file.path)'; complete -C 'scene presets ipad-pro-1'"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            p.waitUntilExit()
            #expect(words.sorted() == ["ipad-pro-11", "ipad-pro-11-m4", "ipad-pro-11-m5", "ipad-pro-13-m4", "ipad-pro-13-m5"])
        }
        #expect(try CLI.run(["completions", "tcsh"]).status == 64)
    }

    /// The table the scripts come from lists exactly the commands and options `--help` shows.
    @Test func tableAgreesWithHelp() throws {
        let help = try CLI.run(["--help"]).out
        let bash = try CLI.run(["completions", "bash"]).out
        let usageLines = help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        let commands = Set(usageLines.compactMap { line -> String? in
            guard let r = line.range(of: "scene ") else { return nil }
            return line[r.upperBound...].split(separator: " ").first.map(String.init)
        }).subtracting(["--help"])
        let flags = Set(usageLines.joined(separator: " ").split(whereSeparator: { " []|".contains($0) })
            .filter { $0.hasPrefix("-") && $0.count > 1 }.map(String.init))
        let firstCompgen = try #require(bash.split(separator: "\n").first { $0.contains("compgen -W") })
        for c in commands { #expect(firstCompgen.contains(c), "`scene \(c)` is not completed") }
        for f in flags { #expect(bash.contains(f), "`\(f)` is not completed") }
    }

    /// Every option `scene`'s argument parsers match (`case "--x"` in Sources/scene)
    /// is in `--help`, except the few listed here with why.
    @Test func everyParsedFlagIsInHelp() throws {
        let help = try CLI.run(["--help"]).out
        let unlisted: [String: String] = [
            "-h": "short for --help", "--output": "long form of -o",
            "--stdio": "what generic LSP clients pass; ignored", "--worker": "the LSP supervisor's own child process",
        ]
        let dir = CLI.root.appendingPathComponent("Sources/scene")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
        var parsed = Set<String>()
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("case \"-") {
                for m in line.matches(of: /"(--?[A-Za-z][A-Za-z0-9-]*)"/) { parsed.insert(String(m.1)) }
            }
        }
        #expect(parsed.contains("--stats") && parsed.contains("--centers"), "the scan found \(parsed.sorted())")
        for flag in parsed.subtracting(unlisted.keys) {
            #expect(help.contains(flag), "`\(flag)` is accepted but not in `scene --help`")
        }
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        for word in ["--stats", "--text", "scene bench"] { #expect(readme.contains(word), "README does not mention `\(word)`") }
    }

    @Test func manPageIsTheHelpText() throws {
        let help = try CLI.run(["--help"]).out
        let man = try CLI.run(["manpage"]).out
        #expect(man.hasPrefix(".TH SCENE 1"))
        for line in help.split(separator: "\n") where !line.isEmpty {
            #expect(man.contains(line.replacingOccurrences(of: "-", with: "\\-")), "`\(line)` is not in the man page")
        }
        // groff renders it without warnings, and the synopsis reads as in --help.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        p.arguments = ["-man", "-Tutf8", "-ww", "-z"]
        let inp = Pipe(), err = Pipe()
        p.standardInput = inp
        p.standardError = err
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { Issue.record("groff is missing"); return }
        try p.run()
        inp.fileHandleForWriting.write(Data(man.utf8))
        try inp.fileHandleForWriting.close()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && warnings.isEmpty, "\(warnings)")
    }
}

/// `scripts/install PREFIX` with the binaries already built (SCENE_INSTALL_BIN):
/// everything lands where shells, man and the language server look.
struct InstallScriptTests {
    @Test func installsBinariesCompletionsManPageAndDocs() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("scene-prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let p = Process()
        p.executableURL = CLI.root.appendingPathComponent("scripts/install")
        p.arguments = [prefix.path]
        var env = ProcessInfo.processInfo.environment
        env["SCENE_INSTALL_BIN"] = CLI.binary.deletingLastPathComponent().path
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(message)")
        for path in ["bin/scene", "bin/scene-repl", "share/man/man1/scene.1", "share/bash-completion/completions/scene",
                     "share/bash-completion/completions/scene-repl", "share/zsh/site-functions/_scene",
                     "share/fish/vendor_completions.d/scene.fish", "share/doc/scene/diagnostics.md", "share/doc/scene/lint.md",
                     "share/doc/scene/editors.md", "share/scene/editors/vscode/package.json"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path) is missing")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/scene").path))
        let man = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/scene.1"), encoding: .utf8)
        #expect(man == (try CLI.run(["manpage"]).out))
        // The installed server links diagnostics to the installed docs.
        let v = Process()
        v.executableURL = prefix.appendingPathComponent("bin/scene")
        v.arguments = ["lsp"]
        let inp = Pipe(), out = Pipe()
        v.standardInput = inp
        v.standardOutput = out
        try v.run()
        for m: JSON in [["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
                        ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///x.scene", "version": 1, "text": "x: rect nope\n"]]],
                        ["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]] {
            inp.fileHandleForWriting.write(Data(MessageReader.frame(m)))
        }
        let replies = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        v.waitUntilExit()
        #expect(v.terminationStatus == 0)
        #expect(replies.contains("file://\(prefix.path)/share/doc/scene/diagnostics.md#evaluating"), "\(replies)")
    }
}

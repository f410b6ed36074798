import Foundation
import Testing

/// The structure rule (issue 8, HELPERS): no file over 600 lines and no
/// function over 80 lines under Sources/. Functions are found by their
/// declaration (`func`, `init`, `subscript`) and measured to the brace that
/// closes their body, with string literals and comments skipped.
enum SourceSize {
    static let maxFileLines = 600
    static let maxFunctionLines = 80

    /// `line` without comments and string contents; `inMultiline` carries a `"""` string across lines.
    static func stripped(_ line: Substring, inMultiline: inout Bool) -> String {
        var out = ""
        var i = line.startIndex
        while i < line.endIndex {
            if inMultiline {
                guard let end = line[i...].range(of: "\"\"\"") else { return out }
                inMultiline = false
                i = end.upperBound
                continue
            }
            let rest = line[i...]
            if rest.hasPrefix("//") { break }
            if rest.hasPrefix("\"\"\"") { inMultiline = true; i = line.index(i, offsetBy: 3); continue }
            if line[i] == "\"" {
                i = line.index(after: i)
                while i < line.endIndex, line[i] != "\"" {
                    if line[i] == "\\" { i = line.index(after: i); if i == line.endIndex { break } }
                    i = line.index(after: i)
                }
                if i < line.endIndex { i = line.index(after: i) }
                continue
            }
            out.append(line[i])
            i = line.index(after: i)
        }
        return out
    }

    static func isDeclaration(_ code: String) -> Bool {
        let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "static", "class", "mutating",
                                      "nonmutating", "override", "final", "nonisolated", "convenience", "required"]
        var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let w = words.first, w.hasPrefix("@") || modifiers.contains(String(w.prefix { $0 != "(" })) {
            words = words.dropFirst()
        }
        guard let first = words.first else { return false }
        return first == "func" || first.hasPrefix("init(") || first.hasPrefix("init?(") || first.hasPrefix("init<")
            || first == "init" || first.hasPrefix("subscript")
    }

    /// (what, lines) for every function in `text` longer than `limit`.
    static func longFunctions(in text: String, limit: Int = maxFunctionLines) -> [(line: Int, lines: Int)] {
        var inMultiline = false
        let code: [String] = text.split(separator: "\n", omittingEmptySubsequences: false).map { stripped($0, inMultiline: &inMultiline) }
        var found: [(line: Int, lines: Int)] = []
        for (i, c) in code.enumerated() where isDeclaration(c) {
            var depth = 0, started = false
            for j in i..<code.count {
                for ch in code[j] {
                    if ch == "{" { depth += 1; started = true } else if ch == "}" { depth -= 1 }
                }
                if started, depth <= 0 {
                    if j - i + 1 > limit { found.append((line: i + 1, lines: j - i + 1)) }
                    break
                }
                // A protocol requirement: no body.
                if !started, j > i, code[j].allSatisfy({ $0 == " " || $0 == "\t" }) { break }
            }
        }
        return found
    }
}

@Suite struct SourceSizeTests {
    @Test func noFileOver600LinesAndNoFunctionOver80UnderSources() throws {
        let sources = CLI.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for f in files {
            let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= SourceSize.maxFileLines, "Sources/\(f) has \(lines) lines (at most \(SourceSize.maxFileLines))")
            for (line, n) in SourceSize.longFunctions(in: text) {
                #expect(Bool(false), "Sources/\(f):\(line): a function of \(n) lines (at most \(SourceSize.maxFunctionLines))")
            }
        }
    }

    @Test func theMeasureFindsALongFunctionAndSkipsStringsAndComments() {
        let body = (1...80).map { "    let x\($0) = \"}\" // }" }.joined(separator: "\n")
        let long = "struct S {\n    public static func f() -> Int {\n\(body)\n        return 0\n    }\n}\n"
        #expect(SourceSize.longFunctions(in: long).map(\.lines) == [83])
        let short = "func g() {\n    let s = \"\"\"\n    {\n    \"\"\"\n}\n" + long.replacingOccurrences(of: "    let x1 = ", with: "// ")
        #expect(SourceSize.longFunctions(in: short).map(\.lines) == [83])
        #expect(SourceSize.longFunctions(in: "protocol P {\n    func f()\n\n}\nfunc h() { }\n").isEmpty)
    }
}

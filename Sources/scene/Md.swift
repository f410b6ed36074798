// `scene md IN.md [-o OUT.md] [--inline]`: every fenced ```scene block of a Markdown file
// drawn: an SVG beside the output, linked under the block, or with --inline the <svg>
// itself. A block that does not compile stops everything, with its diagnostics at the
// Markdown file's lines; nothing is written then.
import SceneLang
import SceneEval
import SceneREPL

/// One fenced `scene` block: its lines (0-based, the fences excluded) and what follows it.
struct MarkdownBlock {
    var open: Int, close: Int
    /// Lines after the closing fence that an earlier run wrote (replaced, not repeated).
    var generated: Range<Int>
}

enum Markdown {
    /// The fenced ```scene blocks of `lines` (``` or ~~~, three or more, indented at most 3).
    static func blocks(_ lines: [Substring], svgName: (Int) -> String) -> [MarkdownBlock] {
        var out: [MarkdownBlock] = []
        var i = 0
        while i < lines.count {
            guard let (fence, info) = fenceOpening(lines[i]) else { i += 1; continue }
            var j = i + 1
            while j < lines.count, !closes(lines[j], fence) { j += 1 }
            if info == "scene" {
                let n = out.count + 1
                out.append(MarkdownBlock(open: i, close: j, generated: generatedRun(lines, after: j, name: svgName(n))))
            }
            i = j + 1
        }
        return out
    }

    static func fenceOpening(_ line: Substring) -> (Substring, String)? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3, let c = trimmed.first, c == "`" || c == "~" else { return nil }
        let fence = trimmed.prefix { $0 == c }
        guard fence.count >= 3 else { return nil }
        let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: " \t")
        if c == "`", info.contains("`") { return nil }
        return (fence, String(info.split(separator: " ").first ?? ""))
    }

    static func closes(_ line: Substring, _ fence: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3 else { return false }
        let run = trimmed.prefix { $0 == fence.first }
        return run.count >= fence.count && trimmed.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// What an earlier run put under the block at `close`: the image line naming `name`, or
    /// an inline `<svg …>` … `</svg>` (each after one blank line).
    static func generatedRun(_ lines: [Substring], after close: Int, name: String) -> Range<Int> {
        let start = close + 1
        var k = start
        if k < lines.count, lines[k].isEmpty { k += 1 }
        guard k < lines.count else { return start..<start }
        if lines[k].hasPrefix("!["), lines[k].hasSuffix("](\(name))") { return start..<(k + 1) }
        if lines[k].hasPrefix("<svg ") {
            var e = k
            while e < lines.count, !lines[e].hasSuffix("</svg>") { e += 1 }
            if e < lines.count { return start..<(e + 1) }
        }
        return start..<start
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

func md(_ args: [String]) -> Int32 {
    var input: String? = nil, output: String? = nil, inline = false
    var i = 0
    while i < args.count {
        switch args[i] {
        case "-o", "--output":
            i += 1
            guard i < args.count else { usageError("`-o` needs a file name") }
            output = args[i]
        case "--inline": inline = true
        case let a where a.hasPrefix("-") && a != "-": usageError("unknown option `\(a)`")
        default:
            if input != nil { usageError("`scene md` takes one Markdown file") }
            input = args[i]
        }
        i += 1
    }
    guard let input else { usageError("`scene md` needs a Markdown file") }
    let source = load(input)
    // The SVGs go beside the output (or the input when the output is standard output).
    let target = output ?? (input == "-" ? "out.md" : input)
    let folder = target.contains("/") ? String(target[...target.lastIndex(of: "/")!]) : ""
    var stem = String(target.dropFirst(folder.count))
    if stem.lowercased().hasSuffix(".md") { stem = String(stem.dropLast(3)) }
    func svgName(_ n: Int) -> String { "\(stem)-\(n).svg" }

    let text = source.text(0..<source.bytes.count)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let blocks = Markdown.blocks(lines, svgName: svgName)
    // Compile each block as the Markdown file with every other line emptied: its
    // diagnostics then carry the Markdown file's own line and column numbers.
    var svgs: [[UInt8]] = []
    var failed = false
    for b in blocks {
        let masked = lines.enumerated().map { k, l in k > b.open && k < b.close ? l : "" }.joined(separator: "\n")
        let file = SourceFile(name: source.name, text: masked)
        let c = Pipeline.compile(file)
        let ds = c.checked()
        report(ds, in: file)
        guard let scene = c.scene else { failed = true; continue }
        svgs.append(SVGWriter.bytes(scene))
    }
    if failed {
        Console.err("scene md: \(input): a scene block does not compile; nothing written\n")
        return Exit.dataError
    }
    let out = rewritten(lines, blocks, svgs, inline: inline, svgName: svgName)
    writeAll(out, svgs: inline ? [] : svgs.enumerated().map { (folder + svgName($0.offset + 1), $0.element) }, output: output)
    if output != nil || !inline {
        Console.err("scene md: \(blocks.count) scene block\(blocks.count == 1 ? "" : "s")" + (inline ? " inline" : ", \(blocks.count) SVG file\(blocks.count == 1 ? "" : "s")") + "\n")
    }
    return Exit.ok
}

/// The new Markdown: each block followed by its picture, earlier pictures replaced.
func rewritten(_ lines: [Substring], _ blocks: [MarkdownBlock], _ svgs: [[UInt8]], inline: Bool,
               svgName: (Int) -> String) -> String {
    var out: [Substring] = []
    var k = 0
    for (n, b) in blocks.enumerated() {
        out += lines[k...b.close]
        out.append("")
        if inline {
            var svg = String(decoding: svgs[n], as: UTF8.self)
            if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = String(svg[svg.index(after: end)...]) }
            out += svg.split(separator: "\n").filter { !$0.isEmpty }
        } else {
            out.append(Substring("![scene \(n + 1)](\(svgName(n + 1)))"))
        }
        k = b.generated.upperBound
    }
    if k < lines.count { out += lines[k...] }
    return out.joined(separator: "\n")
}

/// Each file whole or not at all: every one staged first, then committed.
func writeAll(_ markdown: String, svgs: [(path: String, bytes: [UInt8])], output: String?) {
    var files: [(OutputFile, String)] = []
    do {
        for (path, svg) in svgs {
            let f: OutputFile
            do { f = try OutputFile(path: path) } catch { throw OutputError(path: path, why: error.localizedDescription) }
            svg.withUnsafeBytes { f.write($0) }
            files.append((f, path))
        }
        let md: OutputFile
        do { md = try output.map { try OutputFile(path: $0) } ?? OutputFile() } catch {
            throw OutputError(path: output ?? "", why: error.localizedDescription)
        }
        md.write(markdown)
        files.append((md, output ?? "standard output"))
        for (f, path) in files {
            do { try f.commit() } catch { fail("cannot write \(path): \(error.localizedDescription)", Exit.cantCreate) }
        }
    } catch let e as OutputError {
        for (f, _) in files { f.discard() }
        fail("cannot write \(e.path): \(e.why)", Exit.cantCreate)
    } catch {
        fail("\(error)", Exit.cantCreate)
    }
}

struct OutputError: Error { var path: String; var why: String }

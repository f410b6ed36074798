// `scene`: the command-line front end. It reads files, runs the pipeline
// (SceneLang → SceneEval), prints results to stdout and diagnostics to stderr.
//
// Exit codes (as `usage` and README list them): 0 success (warnings allowed),
// 1 warnings under `check --strict` (unformatted files under `fmt --check`),
// 64 usage, 65 input errors, 66 file not found, 69 unavailable (librsvg for PNG and
// PDF, `scene-swift` for Swift input, `watch`'s port), 70 internal error (`fmt`'s own
// meaning check failed), 73 an output file that cannot be written.
import Foundation
import SceneLang
import SceneEval
import SceneREPL

enum Exit {
    static let ok: Int32 = 0, warnings: Int32 = 1, usage: Int32 = 64, dataError: Int32 = 65
    static let noInput: Int32 = 66, unavailable: Int32 = 69, software: Int32 = 70, cantCreate: Int32 = 73
}

let usage = """
usage: scene run FILE [--text | --json | --svg [--centers] [--labels] [--guides] [--compare ios18|macos15]
                      | --swiftui [--name TypeName] [--verify-harness] [--previews all]] [-o OUT] [--stats]
                      [--scale N] [--background transparent|screen] [--fallback minimum|relative|resolved]
                        (OUT's extension picks the format: .svg .json .swift .txt, and .png .pdf
                        drawn by librsvg: --scale pixels per point, default 2; no other)
       scene check [--json] [--strict] [--fix] FILE...   lint (a directory: every `.scene` file below it)
                                (fixing: fixes computed together, repeated until nothing changes,
                                stopping on a cycle; what has no automatic fix is listed; a container is
                                never raised past what its own container allows, a radius from a `let`
                                keeps its name)
       scene check [--json] [--strict] [--explain] [--fix] FILE.swift|DIR...   SwiftUI source: the same rules at the Swift line
                                (docs/swift-check.md; a directory: every `.swift` and `.scene` file below it;
                                Swift is read by `scene-swift`, beside `scene`: without it, the `.scene` files
                                alone, exit 69; --explain lists what was skipped or assumed, one line each;
                                --fix writes each fix where the number is written, keeping names: a radius,
                                a minimum, the shape around, a token at its declaration, `Capsule()` for
                                an overflow; never one that adds a finding or touches a view whose finding
                                is uncertain)
       scene run FILE.swift|DIR... [--view Name] [--text | --json | --svg [--centers] [--labels] | --swiftui] [-o OUT]
                                what a SwiftUI view draws, each shape at the Swift line that draws it
       scene import FILE.swift... [--view Name] [-o OUT.scene]   the scene a SwiftUI view draws
       scene fmt [--check] FILE...   rewrite in the canonical layout (--check: list unformatted files, exit 1;
                                a directory: every `.scene` file below it)
       scene lsp [--docs-url URL]   the language server, on stdin/stdout (docs/editors.md)
       scene tokens FILE        show the tokens the lexer reads
       scene ast FILE           show the syntax tree
       scene presets [NAME...] [--json]   the screen presets: size, radius, status, source
                                (NAME: that preset's details)
       scene completions bash|zsh|fish   print a shell completion script
       scene bench FILE [--svg OUT]   time parse+evaluate (and the SVG on disk), peak memory, page faults
       scene repl [--echo] [--no-history] [FILE]   start the interactive REPL
       scene md IN.md [-o OUT.md] [--inline]   draw every ```scene block of a Markdown file: an
                                SVG beside OUT linked under the block (--inline: the <svg> itself)
       scene watch FILE [--port N] [--open] [--screen PRESET]   a live page on 127.0.0.1:
                                the picture redrawn on every save, errors over it, each corner
                                explained under the pointer (default port 7464)
       scene --help | --version | help COMMAND

`scene COMMAND --help` shows that command's usage (`scene help COMMAND` alike);
`scene run --help` explains the table's columns and every word of its notes too.
FILE may be `-` for standard input. `--text` (the default) prints the resolved
tree; `--stats` adds node count and read, parse+evaluate, write and commit times
on stderr (commit: moving the finished file into place at `-o`). `check` and
`fmt` take directories: every `.scene` file below one, in name order.
exit status: 0 success (warnings allowed), 1 warnings under `check --strict`
             or unformatted files under `fmt --check`, 64 usage, 65 input errors,
             66 file not found, 69 librsvg missing for .png/.pdf, `scene-swift`
             missing for Swift input, or `watch`'s port taken, 70 internal error
             (`fmt` would have changed the scene's meaning), 73 an output file
             that cannot be written
"""

/// `scene run --help`: the options and every column of the table, each word the notes column can show.
func runHelp() -> String {
    func list(_ entries: [(words: String, meaning: String)]) -> String {
        entries.map { "    " + $0.words + "\n" + wrap($0.meaning, indent: "        ") }.joined(separator: "\n")
    }
    let phone = NoteWords.glossary(window: false)
    let macOnly = NoteWords.glossary(window: true).filter { w in !phone.contains { $0.words == w.words } }
    // (Every `scene run` entry of the usage: a scene's, and a SwiftUI file's with `--view`.)
    return (usageLines(of: "run") ?? "") + """


    --text (the default) prints one row per shape:
      shape    its label, indented under its parent (node-N: an unlabelled shape)
      kind     what it draws (rect, concentric, capsule, …; group: a layout group, draws nothing)
      x y width height   its frame in points, from the screen's top-leading corner
      radii (tl tr br bl)   the corner radii drawn: topLeading topTrailing bottomTrailing bottomLeading
      against  the container its corners were measured from: a shape's label, `screen`
               (`window` on a Mac window) when none is declared, `-` when no container counts
      notes    only what applies to the row, in these words:
    \(list(phone))
      on a Mac window (`screen mac-window…`), the fallback reads:
    \(list(macOnly))
    --json keeps the stable codes (`decisions`: chebyshev-distance, overflow-clamped, …; README).
    --svg draws it; --centers marks every corner's centre, --labels names each shape inside
    its outline and clear of its children (above it when there is no room), --guides draws the
    device's safe area, home-indicator band and Dynamic Island (sourced values only:
    docs/presets.md), --compare ios18 (macos15) adds the fallback beside it (a Mac
    window at macOS 15's 10 pt radius).
    --fallback says what a concentric shape draws before iOS 26 (macOS 26), in the SwiftUI
    export's fallback, under `target ios18` and in `--compare ios18`'s panel: `minimum` (the
    default) a rounded rectangle of each corner's minimum; `relative` ContainerRelativeShape
    where that draws the iOS 26 radii for the scene's layout, else the minimum; `resolved`
    the iOS 26 radii as numbers, the same look for this layout (docs/swiftui.md).
    """
}

/// `text` broken at spaces into lines of at most 80 columns, each starting with `indent`.
func wrap(_ text: String, indent: String) -> String {
    var lines: [String] = [], line = indent
    for word in text.split(separator: " ") {
        if line.count > indent.count, line.count + 1 + word.count > 80 { lines.append(line); line = indent }
        line += (line.count > indent.count ? " " : "") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}

func fail(_ message: String, _ code: Int32) -> Never {
    Console.err("scene: \(message)\n")
    exit(code)
}

/// The command being run, once it is known: a usage error then shows that command's
/// usage only, not all ~50 lines of every command's, which would scroll the message away.
enum UsageContext { nonisolated(unsafe) static var command: String? = nil }

func usageError(_ message: String) -> Never {
    if let command = UsageContext.command, let lines = usageLines(of: command) {
        Console.err("scene: \(message)\n\n\(lines)\n(`scene --help` shows every command)\n")
    } else {
        // No command, or an unknown one: the commands, a line each (`CLITable`), so the
        // message (and its "did you mean") stays in sight.
        let width = CLITable.commands.map(\.name.count).max() ?? 0
        let list = CLITable.commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        Console.err("scene: \(message)\n\ncommands:\n\(list.joined(separator: "\n"))\n(`scene --help` shows every command's options, `scene help COMMAND` one's)\n")
    }
    exit(Exit.usage)
}

/// What `scene COMMAND --help` (`-h` alike, anywhere among its arguments but an
/// option's value) and `scene help COMMAND` print: `run`'s help, the REPL's own, or the
/// command's lines of `usage` and where the rest is; every command's for `scene help`
/// of `help`, `-h`, `--help` or `version`. Nil when help is not asked for (and for
/// `scene repl --help`, which the REPL answers), or for an unknown command after
/// `help` (the caller's usage error says so).
func helpAsked(_ command: String, _ rest: [String]) -> String? {
    let name: String
    if command == "help" {
        guard let first = rest.first else { return usage }
        guard rest.count == 1 else { usageError("`scene help` takes one command, as in `scene help check`") }
        if ["help", "-h", "--help", "version", "--version"].contains(first) { return usage }
        name = first
    } else {
        let asking = rest.indices.contains { k in
            (rest[k] == "--help" || rest[k] == "-h") && (k == 0 || !CLITable.takesValue(rest[k - 1], in: command))
        }
        guard command != "repl", asking else { return nil }
        name = command
    }
    if name == "run" { return runHelp() }
    if name == "repl" { return REPLMain.usage }
    return usageLines(of: name).map { $0 + "\n(`scene --help` shows every command)" }
}

/// `name` is no command: a usage error, with the command that does what the
/// word says (`export`), else the nearest command's name when one is near.
func unknownCommand(_ name: String) -> Never {
    if let does = commandFor[name.lowercased()] {
        usageError("unknown command `\(name)`; `scene \(does)` does that")
    }
    let s = Suggest.closest(to: name, among: CLITable.commands.map(\.name))
    usageError("unknown command `\(name)`" + (s.map { "; did you mean `\($0)`?" } ?? ""))
}

/// Words people type for what a command does under another name (`scene
/// export` was answered "did you mean `import`?", its opposite: a new-user
/// trial). CLIUsageErrorTests runs each one's command.
let commandFor: [String: String] = [
    "export": "run FILE --swiftui", "swiftui": "run FILE --swiftui", "swift": "run FILE --swiftui",
    "svg": "run FILE --svg", "render": "run FILE --svg", "draw": "run FILE --svg",
    "png": "run FILE -o OUT.png", "pdf": "run FILE -o OUT.pdf", "json": "run FILE --json",
    "lint": "check", "fix": "check --fix FILE", "format": "fmt", "serve": "watch FILE", "live": "watch FILE",
]

/// `command`'s entry in `usage` (its `scene COMMAND …` lines and the lines under them), or nil.
func usageLines(of command: String) -> String? {
    var out: [String] = []
    var inEntry = false
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
        let text = line.drop { $0 == " " }
        let entry = text.hasPrefix("usage: ") ? text.dropFirst("usage: ".count) : text
        if entry.hasPrefix("scene ") {
            inEntry = entry.hasPrefix("scene \(command) ") || entry == "scene \(command)"
            if inEntry { out.append((out.isEmpty ? "usage: " : "       ") + entry) }
        } else if inEntry, line.hasPrefix("      "), !text.isEmpty {
            out.append(String(line))
        } else {
            inEntry = false
        }
    }
    return out.isEmpty ? nil : out.joined(separator: "\n")
}

func load(_ path: String) -> SourceFile { sourceFile(path, Console.read(path)) }

/// The file `Console.read` read, or the process ends with the reason.
func sourceFile(_ path: String, _ read: Result<[UInt8], Console.ReadError>) -> SourceFile {
    switch read {
    case .success(let bytes): return SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
    case .failure(let e): fail(e)
    }
}

/// Why a file could not be read, on stderr; the process ends (66, or 65 for too large).
func fail(_ e: Console.ReadError) -> Never {
    switch e {
    case .notFound(let p): fail("\(p): no such file", Exit.noInput)
    case .unreadable(let p): fail("\(p): cannot read", Exit.noInput)
    case .tooLarge(let p): fail("\(p): file is larger than \(Console.maxInputBytes / 1024 / 1024) MB", Exit.dataError)
    }
}

let renderer = DiagnosticRenderer(color: Console.wantsColor(2))
/// At most this many diagnostics are printed per file; the rest are counted.
let maxShown = 50

/// `listedBy`: as `rendered`'s (`scene run`'s report of a scene's findings names `check --json`).
func report<Ds: RandomAccessCollection<Diagnostic>>(_ ds: Ds, in file: SourceFile, listedBy: String? = nil) {
    Console.err(rendered(ds, in: file, renderer, listedBy: listedBy))
}

func summary(errors: Int, warnings: Int, files: Int) -> String {
    func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
    return "\(plural(warnings, "warning")), \(plural(errors, "error")) in \(plural(files, "file"))\n"
}

// MARK: - run

/// What `scene run` was asked for.
struct RunRequest {
    var path: String
    /// `text`, `json`, `svg` or `swiftui`.
    var format: String
    var output: String?
    var options = SVGOptions()
    var compare: Target?
    var stats: Bool
    var swiftUI = SwiftUIOptions()
    /// `.png` / `.pdf`: `--scale` and `--background`.
    var raster = RasterOptions()
    /// `--fallback`: what concentric shapes draw before iOS 26 (target ios18, --compare, the export).
    var fallback: FallbackStyle { swiftUI.fallback }
}

/// The output files `scene run -o` writes, by extension (lowercased): the format each implies.
/// A switch, not a dictionary: the process's first `[String: String]` is a type the Swift
/// runtime builds on first use, ~0.1 ms of a small scene's run.
func outputFormat(_ ext: String) -> String? {
    switch ext {
    case "svg": "svg"
    case "json": "json"
    case "swift": "swiftui"
    case "txt": "text"
    case "png": "png"
    case "pdf": "pdf"
    default: nil
    }
}

/// The extensions `outputFormat` knows, in name order (for the usage error).
let outputExtensions = ["json", "pdf", "png", "svg", "swift", "txt"]

/// `map.svg` → `svg`; `out`, `-` and `.hidden` → "" (no extension).
func outputExtension(_ path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
}

/// `scene run`'s arguments, checked; a usage error exits.
func runRequest(_ args: [String]) -> RunRequest {
    var path: String? = nil
    var chosen: String? = nil
    var output: String? = nil
    var options = SVGOptions()
    var compare: Target? = nil
    var stats = false
    var swiftUI = SwiftUIOptions()
    var raster = RasterOptions(), rasterFlag: String? = nil
    var i = 0
    while i < args.count {
        let a = args[i]
        switch a {
        case "--json", "--svg", "--text", "--swiftui":
            let f = String(a.dropFirst(2))
            if let chosen, chosen != f { usageError("`--\(chosen)` and `\(a)` cannot be combined") }
            chosen = f
        case "-o", "--output":
            i += 1
            guard i < args.count else { usageError("`\(a)` needs a file name") }
            output = args[i]
        case "--stats": stats = true
        case "--verify-harness": swiftUI.verifyHarness = true
        case "--previews":
            i += 1
            guard i < args.count, args[i] == "all" else { usageError("`--previews` takes `all`: a preview per preset of the screen's family") }
            swiftUI.allPreviews = true
        case "--fallback":
            i += 1
            swiftUI.fallback = fallbackStyle(i < args.count ? args[i] : nil)
        case "--name":
            i += 1
            guard i < args.count else { usageError("`--name` needs a type name") }
            if let problem = SwiftUIWriter.typeNameProblem(args[i]) { usageError(problem) }
            swiftUI.typeName = args[i]
        case "--scale", "--background":
            i += 1
            guard i < args.count else { usageError("`\(a)` needs a value") }
            if let problem = raster.set(a, args[i]) { usageError(problem) }
            rasterFlag = a
        case "--centers": options.centers = true
        case "--labels": options.labels = true
        case "--guides": options.guides = true
        case "--compare":
            i += 1
            // The first panel is always iOS 26 (macOS 26): only the fallback makes a second one.
            guard i < args.count, let t = Target(word: args[i]), t == .ios18 else {
                usageError("`--compare` takes `ios18` (or `macos15`)"
                    + (i < args.count ? ", the fallback drawn beside iOS 26, not `\(args[i])`" : ""))
            }
            compare = t
        default:
            if a.hasPrefix("-") && a != "-" { usageError("unknown option `\(a)`") }
            if path != nil { usageError("`scene run` takes one file") }
            path = a
        }
        i += 1
    }
    guard let path else { usageError("`scene run` needs a file") }
    // `-o map.svg` / `-o scene.json` say the format when no flag does.
    if let output {
        let ext = outputExtension(output)
        guard ext.isEmpty || outputFormat(ext) != nil else {
            usageError("`-o \(output)`: scene does not write .\(ext) files; it writes "
                + "\(outputExtensions.map { "." + $0 }.joined(separator: ", ")) or a name without an extension (text)")
        }
        let implied = outputFormat(ext)
        if let implied, let chosen, implied != chosen {
            let kind = implied == "swiftui" ? "Swift" : implied == "text" ? "text" : implied.uppercased()
            usageError("`-o \(output)` names \(kind == "SVG" ? "an" : "a") \(kind) file but `--\(chosen)` was given")
        }
        if chosen == nil { chosen = implied }
    }
    let request = RunRequest(path: path, format: chosen ?? "text", output: output, options: options, compare: compare,
                             stats: stats, swiftUI: swiftUI, raster: raster)
    checkCombinations(request, rasterFlag: rasterFlag)
    return request
}

/// `--fallback VALUE`, checked; a usage error with a help line exits.
func fallbackStyle(_ value: String?) -> FallbackStyle {
    if let value, let style = FallbackStyle(rawValue: value) { return style }
    let guess = value.flatMap { Suggest.closest(to: $0, among: FallbackStyle.words) }
    usageError((value.map { "`--fallback \($0)`: no such fallback" } ?? "`--fallback` needs a value")
        + "\nhelp: " + (guess.map { "did you mean `\($0)`? " } ?? "")
        + "`--fallback` takes \(FallbackStyle.words.map { "`\($0)`" }.joined(separator: ", ")): "
        + "what a concentric shape draws before iOS 26 (the minimum by default; `scene run --help`)")
}

/// The options that go only with some formats; a usage error exits.
func checkCombinations(_ r: RunRequest, rasterFlag: String?) {
    let format = r.format
    if let rasterFlag, format != "png", format != "pdf" {
        usageError("`\(rasterFlag)` goes with `-o FILE.png` or `-o FILE.pdf`")
    }
    let drawn = format == "svg" || format == "png" || format == "pdf"
    if !drawn, r.options.centers || r.options.labels || r.options.guides || r.compare != nil {
        usageError("`--centers`, `--labels`, `--guides` and `--compare` go with `--svg`")
    }
    if format != "swiftui", r.swiftUI.typeName != nil || r.swiftUI.verifyHarness || r.swiftUI.allPreviews {
        usageError("`--name`, `--verify-harness` and `--previews` go with `--swiftui`")
    }
    if format == "png" || format == "pdf", r.output == nil || r.output == "-" {
        usageError("PNG and PDF are written to a file: `-o FILE.\(format)`")
    }
}

/// Stream `scene` in the requested format into `sink`.
func write(_ scene: ResolvedScene, _ diagnostics: Findings, from file: SourceFile, as request: RunRequest,
           to sink: OutputFile) {
    switch request.format {
    case "json": JSONWriter.write(scene, diagnostics: diagnostics, file: file) { sink.write($0) }
    case "swiftui":
        // The scene compiled, so the export does too; its notes go to stderr.
        if let export = SwiftUIWriter.export(file, options: request.swiftUI) {
            report(export.warnings, in: file)
            sink.write(export.code)
        }
    case "svg":
        let (first, other) = panels(scene, from: file, as: request)
        SVGWriter.write(first, compare: other, options: request.options) { sink.write($0) }
    case "png", "pdf": writeRaster(scene, from: file, as: request, to: sink)
    default: TextWriter.write(scene) { sink.write($0) }
    }
}

/// The SVG's panels: with --compare the first is iOS 26 whatever the file's own target.
func panels(_ scene: ResolvedScene, from file: SourceFile, as request: RunRequest) -> (ResolvedScene, ResolvedScene?) {
    guard let compare = request.compare else { return (scene, nil) }
    let panels = Pipeline.comparison(file, fallback: compare, style: request.fallback)
    return (panels.current ?? scene, panels.fallback)
}

func run(_ args: [String]) -> Int32 {
    let request = runRequest(args)
    let t0 = DispatchTime.now().uptimeNanoseconds
    let file = load(request.path)
    let t1 = DispatchTime.now().uptimeNanoseconds
    let c = Pipeline.compile(file, fallback: request.fallback)
    let t2 = DispatchTime.now().uptimeNanoseconds
    // Built as read: a report shows 50 and counts the rest; --json writes them all.
    var diagnostics = c.checked()
    report(diagnostics, in: file, listedBy: allListedBy)
    guard let scene = c.scene else {
        if request.format == "json" { Console.out(JSONWriter.write(nil, diagnostics: diagnostics, file: file)) }
        return Exit.dataError
    }
    // Stream the result: to stdout, or to a file written whole or not at all.
    let sink: OutputFile
    if let output = request.output {
        do { sink = try OutputFile(path: output) } catch {
            fail("cannot write \(output): \(error.localizedDescription)", Exit.cantCreate)
        }
    } else {
        sink = OutputFile()
    }
    // Reported: only the JSON writes them again. For any other format they go now,
    // with the checker's context, so the writer reuses their memory (a finding on
    // nearly every node of a 100k grid is 6 MB, held at the write's peak).
    if request.format != "json" { diagnostics = .none }
    write(scene, diagnostics, from: file, as: request, to: sink)
    let t3 = DispatchTime.now().uptimeNanoseconds
    do { try sink.commit() } catch {
        fail("cannot write \(request.output ?? "the output"): \(error.localizedDescription)", Exit.cantCreate)
    }
    let t4 = DispatchTime.now().uptimeNanoseconds
    if request.stats {
        func ms(_ a: UInt64, _ b: UInt64) -> String { Format.number(Double(b - a) / 1e6) }
        Console.err("stats: nodes \(scene.shapes.count), read \(ms(t0, t1)) ms, parse+evaluate \(ms(t1, t2)) ms, write \(ms(t2, t3)) ms, commit \(ms(t3, t4)) ms\n")
    }
    exitKeeping((file, c, diagnostics, scene), Exit.ok)
}

/// Ends the process with `status` while `values` are still alive, so the memory they
/// hold goes back with the process instead of being freed node by node (a big scene's
/// tree, items and resolved shapes: ~5% of `scene bench`'s time on the 100k list).
/// Call it only once every output file is committed (closed and renamed): standard
/// output and error are written straight to their descriptors, nothing is buffered.
func exitKeeping<T>(_ values: T, _ status: Int32) -> Never {
    withExtendedLifetime(values) { exit(status) }
}

// MARK: - bench

/// CPU time (user + system) this process has used, in nanoseconds.
func cpuNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// `scene bench FILE [--svg OUT]`: time parse + evaluate (wall and CPU; and optionally
/// the SVG written to disk) and report the peak resident memory, the page faults, and
/// whether the process was started with malloc's huge-page setting (HugePages.swift). For scripts/bench.
func bench(_ args: [String]) -> Int32 {
    guard let path = args.first else { usageError("`scene bench` needs a file") }
    var svgOut: String? = nil
    if args.count == 3, args[1] == "--svg" { svgOut = args[2] } else if args.count != 1 { usageError("usage: scene bench FILE [--svg OUT]") }
    let t0 = DispatchTime.now().uptimeNanoseconds, cpu0 = cpuNanoseconds()
    let file = load(path)
    let c = Pipeline.compile(file)
    let t1 = DispatchTime.now().uptimeNanoseconds, cpu1 = cpuNanoseconds()
    guard let scene = c.scene else { report(c.diagnostics, in: file); return Exit.dataError }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peak = Double(usage.ru_maxrss) / 1024
    var line = "nodes \(scene.shapes.count) parse+evaluate_ms \(Format.number(Double(t1 - t0) / 1e6))"
        + " parse+evaluate_cpu_ms \(Format.number(Double(cpu1 - cpu0) / 1e6)) peak_mb \(Format.number(peak))"
        + " page_faults \(usage.ru_minflt) huge_pages \(HugePages.active ? "yes" : "no")"
    if let svgOut {
        do {
            let out = try OutputFile(path: svgOut)
            SVGWriter.write(scene, compare: nil, options: SVGOptions()) { out.write($0) }
            try out.commit()
        } catch { fail("cannot write \(svgOut)", Exit.cantCreate) }
        let t2 = DispatchTime.now().uptimeNanoseconds
        getrusage(RUSAGE_SELF.rawValue, &usage)
        line += " source_to_svg_ms \(Format.number(Double(t2 - t0) / 1e6)) svg_peak_mb \(Format.number(Double(usage.ru_maxrss) / 1024))"
    }
    Console.out(line + "\n")
    exitKeeping((file, c, scene), Exit.ok)
}

// MARK: - tokens, ast

func tokens(_ args: [String]) -> Int32 {
    guard args.count == 1 else { usageError("`scene tokens` takes one file") }
    let file = load(args[0])
    let (toks, ds) = Lexer.tokenize(file)
    Console.out(Dump.tokens(toks, in: file))
    report(ds, in: file)
    return ds.hasErrors ? Exit.dataError : Exit.ok
}

func ast(_ args: [String]) -> Int32 {
    guard args.count == 1 else { usageError("`scene ast` takes one file") }
    let file = load(args[0])
    let r = Parser.parse(file)
    Console.out(Dump.scene(r.scene, in: file))
    report(r.diagnostics, in: file)
    return r.diagnostics.hasErrors ? Exit.dataError : Exit.ok
}

// MARK: - main

// A closed pipe (`scene run … | head`) makes writes fail instead of killing us.
signal(SIGPIPE, SIG_IGN)
let argv = Array(CommandLine.arguments.dropFirst())
guard let command = argv.first else { usageError("no command given") }
let rest = Array(argv.dropFirst())
if CLITable.commands.contains(where: { $0.name == command }) { UsageContext.command = command }
// `scene COMMAND --help` (or `-h`), and `scene help COMMAND`: that command's usage, on
// stdout, exit 0 (`run`'s explains its table too; the REPL prints its own).
if let asked = helpAsked(command, rest) { Console.out(asked + "\n"); exit(Exit.ok) }
// Big inputs: start again with malloc's heap in huge pages (HugePages.swift); returns otherwise.
HugePages.relaunchForLargeInputs(command, rest)
if isAboutSwift(command, rest) {
    let missing = handOffToSwiftReader(command, rest)  // (returns only when `scene-swift` cannot start)
    // `scene check` still reads the `.scene` files it was given, and then says what it left unread.
    guard command == "check", let plain = sceneInputs(rest) else { fail(missing, Exit.unavailable) }
    // (No Swift file there to read, only a `.swift` path that is not: `check` says so.)
    let n = plain.swiftFiles
    check(plain.args, unread: n == 0 ? nil : "\(n) .swift file\(n == 1 ? "" : "s") not read: \(missing)")
}
let status: Int32
switch command {
case "run": status = run(rest)
case "check": check(rest)
case "fmt": status = fmt(rest)
case "lsp": status = lsp(rest)
case "tokens": status = tokens(rest)
case "ast": status = ast(rest)
case "presets": status = presets(rest)
case "completions": status = completions(rest)
case "manpage": status = manpage()
case "bench": status = bench(rest)
case "watch": status = watch(rest)
case "md": status = md(rest)
case "repl":
    // As `scene-repl` does: no NSS module loaded into this static executable (Console). Not for
    // the other commands, which look no user up (scripts/release-smoke traces `run -o`):
    // configuring it reads nsswitch.conf, 0.2–0.4 ms of `scene --version`'s 0.6.
    Console.lookUpUsersInFilesOnly()
    Console.ensureHome()
    status = REPLMain.run(arguments: rest, page: livePage())
case "-h", "--help", "help":
    // (`scene help COMMAND` of a command there is was answered above.)
    if command == "help", let name = rest.first { unknownCommand(name) }
    Console.out(usage + "\n"); status = Exit.ok
case "--version", "version": Console.out("scene 0.1.0\n"); status = Exit.ok
default:
    unknownCommand(command)
}
exit(status)

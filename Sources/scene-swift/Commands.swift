import Foundation
import SceneFiles
import SceneLang
import SceneEval
import SceneSwift

func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }

/// `--fix`'s line for a Swift file: the edits that changed it, or why none did: nothing
/// found (said as that, not as a fix that failed), its findings fixed by edits to another
/// file (a token declared there), or a file that does not parse.
func fixNote(_ r: SwiftFileResult, _ f: SwiftFix.Outcome) -> String {
    let name = r.file.name
    if f.applied > 0 { return "\(name): applied \(f.applied) fix\(f.applied == 1 ? "" : "es")\n" }
    if r.syntaxError != nil, r.diagnostics.isEmpty { return "\(name): nothing fixed: it does not parse as Swift (below)\n" }
    if r.diagnostics.isEmpty { return f.found == 0 ? "\(name): \(Fixer.nothingToFix)\n"
        : "\(name): no edit here: its findings were fixed by editing another file\n" }
    return "\(name): no fix changed the file\n"
}

/// `--fix` of a `.scene` file checked beside Swift files, as `scene check --fix` fixes one
/// alone: the file fixed and written whole, its line said, the file as it is now.
func fixScene(_ file: SourceFile, at path: String) -> SourceFile {
    let fixed = Fixer.run(file)
    var now = file
    if let text = fixed.text {
        writeWhole(text, to: path)
        now = SourceFile(name: file.name, text: text)
    }
    err(fixed.summary(path, in: now))
    return now
}

/// `scene check` over `.swift` (and `.scene`) files: the Swift files are read together
/// (a view may use one declared in another), candidates only (`Prefilter`).
func checkCommand(_ args: [String]) -> Int32 {
    var paths: [String] = []
    var json = false, strict = false, fix = false, explain = false, ide = false
    var stamp: String? = nil
    var k = 0
    while k < args.count {
        let a = args[k]
        k += 1
        switch a {
        case "--json": json = true
        // For the build-tool plugin: one `FILE:L:C: warning: …` line per finding (what
        // Xcode and `swift build` put inline), and a stamp file written when done.
        case "--ide": ide = true
        case "--stamp":
            guard k < args.count else { usageError("`--stamp` needs a file") }
            stamp = args[k]
            k += 1
        case "--strict": strict = true
        case "--fix": fix = true
        case "--explain": explain = true
        default:
            if a.hasPrefix("-") { usageError("unknown option `\(a)`") }
            paths.append(a)
        }
    }
    guard !paths.isEmpty else { usageError("`scene check` needs a file") }
    let files = paths.flatMap(expand)
    var errors = 0, warnings = 0, skipped = 0
    var jsonParts: [String] = []
    var swiftFiles: [SourceFile] = [], library: [SourceFile] = []
    /// `--fix`: what it did to each Swift file.
    var fixed: [SwiftFix.Outcome] = []
    for path in files {
        var file = read(path)
        if path.hasSuffix(".swift") {
            if Prefilter.isCandidate(file.bytes) { swiftFiles.append(file) } else { skipped += 1; library.append(file) }
            continue
        }
        if fix { file = fixScene(file, at: path) }
        let ds = Pipeline.compile(file).checked()
        errors += ds.errorCount; warnings += ds.warningCount
        if json { jsonParts += ds.map { JSONWriter.diagnostic($0, file: file) } } else { for d in ds { err(renderer.render(d, in: file)) } }
    }
    if fix, !swiftFiles.isEmpty {
        fixed = SwiftFix.run(swiftFiles, library: library)
        for (i, f) in fixed.enumerated() where f.applied > 0 {
            writeWhole(f.text, to: swiftFiles[i].name)
            swiftFiles[i] = SourceFile(name: swiftFiles[i].name, text: f.text)
        }
    }
    if !swiftFiles.isEmpty {
        let results = SwiftRead(swiftFiles, library: library).check()
        for (i, r) in results.enumerated() {
            if i < fixed.count { err(fixNote(r, fixed[i])) }  // (on stderr under `--json` too, as for scenes alone)
            if explain { for line in r.explanations { err(line + "\n") } }
            else if let at = r.syntaxError { err(syntaxNote(r.file, at)) }  // (`syntaxNote`)
            warnings += r.diagnostics.warningCount
            errors += r.diagnostics.errorCount
            if json { jsonParts += r.diagnostics.map { JSONWriter.diagnostic($0, file: r.file) } }
            else if ide { for d in r.diagnostics { err(ideLine(d, in: r.file)) } }
            else { for d in r.diagnostics { err(renderer.render(d, in: r.file)) } }
        }
    }
    let count = files.count
    if let stamp { writeWhole("\(warnings) warnings, \(errors) errors\n", to: stamp) }
    if json {
        let body = jsonParts.joined(separator: ",\n  ")
        out("{\"diagnostics\": [\(body.isEmpty ? "" : "\n  " + body + "\n")], \"errors\": \(errors), \"warnings\": \(warnings), \"files\": \(count)}\n")
    } else {
        var line = "\(plural(warnings, "warning")), \(plural(errors, "error")) in \(plural(count, "file"))"
        if skipped > 0 { line += " (\(skipped) Swift \(skipped == 1 ? "file names" : "files name") no shape: not parsed)" }
        err(line + "\n")
    }
    if errors > 0 { return 65 }
    if strict && warnings > 0 { return 1 }
    return 0
}

/// The note `check` gives a file that does not parse as Swift, where it first goes wrong:
/// without `--explain` too (on standard error beside the JSON), or a file with a typo
/// read as 0 warnings, in silence. Said as every diagnostic is (the line, underlined,
/// and the help), but not counted: it is not a finding.
func syntaxNote(_ file: SourceFile, _ offset: Int) -> String {
    let at = max(0, min(offset, file.bytes.count))
    let d = Diagnostic(.swiftDoesNotParse, "the code here does not parse as Swift: the views around it may be read wrongly, or not at all",
                       at: SourceRange(at, min(at + 1, file.bytes.count)),
                       help: "build the file first; `--explain` says what was read of it")
    return renderer.render(d, in: file)
}

/// `--view Name` and `-o OUT` from `args`; the rest are files.
func viewAndOutput(_ args: [String], formats: Set<String>) -> (files: [String], view: String?, output: String?, format: String?, centers: Bool, labels: Bool) {
    var files: [String] = [], view: String? = nil, output: String? = nil, format: String? = nil
    var centers = false, labels = false
    var i = 0
    while i < args.count {
        let a = args[i]
        switch a {
        case "--view", "-o", "--output":
            i += 1
            guard i < args.count else { usageError("`\(a)` needs a value") }
            if a == "--view" { view = args[i] } else { output = args[i] }
        case "--centers": centers = true
        case "--labels": labels = true
        default:
            if a.hasPrefix("--"), formats.contains(String(a.dropFirst(2))) {
                if let format, format != String(a.dropFirst(2)) { usageError("`--\(format)` and `\(a)` cannot be combined") }
                format = String(a.dropFirst(2))
            } else if a.hasPrefix("-") {
                usageError("unknown option `\(a)`")
            } else {
                files.append(a)
            }
        }
        i += 1
    }
    guard !files.isEmpty else { usageError("a `.swift` file is needed") }
    return (files, view, output, format, centers, labels)
}

/// The views of `paths` read as one scene (only `view` when given; an unknown name is a usage error).
/// `drawing`: the scene is drawn (`run`, `import`), so only the views no other view uses
/// are (`topViewNames`: `ListCard`, not `CardRow` again, alone, over it), and when there
/// are several of those, `picture` (what makes one picture, where they would lie over
/// each other, and its verb: "`scene run --svg` draws") asks for one with `--view`.
func readViews(_ paths: [String], view: String?, drawing: Bool = false, picture: String? = nil) -> SwiftRead {
    let files = paths.flatMap(expand).filter { $0.hasSuffix(".swift") }.map(read)
    let all = SwiftRead(files)
    guard let view else {
        if all.viewNames.isEmpty { fail("no SwiftUI view (a `struct … : View` with a `body`) in \(paths.joined(separator: ", "))", 65) }
        let top = all.topViewNames
        guard drawing, top.count < all.viewNames.count || (picture != nil && top.count > 1) else { return all }
        if let picture, top.count > 1 {
            usageError("\(picture) one view, and \(paths.joined(separator: ", ")) has \(top.count) that no other view uses: "
                       + "add `--view Name` (the views: \(top.joined(separator: ", ")))")
        }
        return SwiftRead(files, views: top)
    }
    guard all.viewNames.contains(where: { $0 == view || $0.hasSuffix("." + view) }) else {
        fail("no view `\(view)` in \(paths.joined(separator: ", ")); the views are: \(all.viewNames.joined(separator: ", "))", 64)
    }
    return SwiftRead(files, view: view)
}

/// `scene run FILE.swift`: what the code draws, as the resolved table, JSON, SVG or SwiftUI.
func runCommand(_ args: [String]) -> Int32 {
    let a = viewAndOutput(args, formats: ["text", "json", "svg", "swiftui"])
    // `-o` names what is written: its extension and the format agree (it wrote a text
    // table into `a.png`, and SVG into `b.png` with `--svg`).
    if let o = a.output {
        let ext = (o as NSString).pathExtension.lowercased()
        let formatOf = ["svg": "svg", "json": "json", "swift": "swiftui", "txt": "text"]
        if ext == "png" || ext == "pdf" {
            usageError("`scene run` of Swift does not write .\(ext) files: write the scene with `scene import \(a.files[0]) -o view.scene`, then `scene run view.scene -o \((o as NSString).lastPathComponent)`")
        }
        if let want = formatOf[ext], let given = a.format, given != want {
            usageError("`-o \(o)` names a .\(ext) file but `--\(given)` was given")
        }
        if !ext.isEmpty, formatOf[ext] == nil, a.format == nil {
            usageError("`scene run` of Swift does not write .\(ext) files: name the output .txt, .json, .svg or .swift, or give `--text`, `--json`, `--svg` or `--swiftui`")
        }
    }
    // A folder holds many views, which one scene would draw over each other: one is named.
    if a.view == nil, let dir = a.files.first(where: { InputFiles.isFolder($0) }) {
        let names = readViews(a.files, view: nil).topViewNames
        usageError("`scene run \(dir)` draws one view of the folder: add `--view Name` (the views: \(names.joined(separator: ", ")))")
    }
    var format = a.format ?? "text"
    if a.format == nil, let o = a.output {
        if o.hasSuffix(".svg") { format = "svg" } else if o.hasSuffix(".json") { format = "json" } else if o.hasSuffix(".swift") { format = "swiftui" }
    }
    let picture = ["svg": "`scene run --svg` draws", "swiftui": "`scene run --swiftui` writes"][format]
    let r = readViews(a.files, view: a.view, drawing: true, picture: picture)
    for (file, at) in r.syntaxErrorPlaces { err(syntaxNote(file, at)) }
    let file = r.drawingFile
    let c = Pipeline.compile(file)
    guard let scene = c.scene else {
        for d in c.diagnostics { err(renderer.render(d, in: file)) }
        return 65
    }
    let results = r.check()
    for res in results { for d in res.diagnostics { err(renderer.render(d, in: res.file)) } }
    // Each shape said where its code is, not on the scene's lines: the file and line of
    // the view or modifier that made it (the JSON's `file`, `line`, `column`; the table's `code`).
    let origins = scene.shapes.map { r.origin(ofDrawingOffset: $0.range.start) }
    var bytes: [UInt8] = []
    let sink: (UnsafeRawBufferPointer) -> Void = { bytes.append(contentsOf: $0) }
    var text = ""
    switch format {
    case "json":
        // The findings as `check` says them on stderr, in Swift and in their own files.
        JSONWriter.write(scene, origin: { i in
            origins[i].map { JSONWriter.ShapeOrigin(file: $0.file.name, location: $0.file.location(of: $0.offset)) }
        }, diagnostics: results.flatMap { res in res.diagnostics.map { ($0, res.file) } }, to: sink)
    case "svg":
        var options = SVGOptions()
        options.centers = a.centers
        options.labels = a.labels
        SVGWriter.write(scene, compare: nil, options: options, to: sink)
    case "swiftui":
        if let export = SwiftUIWriter.export(file, options: SwiftUIOptions()) { text = export.code }
    default:
        let code = origins.map { o in o.map { "\($0.file.name):\($0.file.location(of: $0.offset).line)" } ?? "-" }
        TextWriter.write(scene, code: code, to: sink)
    }
    if text.isEmpty { text = String(decoding: bytes, as: UTF8.self) }
    if let o = a.output { writeWhole(text, to: o) } else { out(text) }
    return 0
}

/// `scene import FILE.swift`: the scene the views make, to open in the REPL, edit and draw.
func importCommand(_ args: [String]) -> Int32 {
    let a = viewAndOutput(args, formats: [])
    let r = readViews(a.files, view: a.view, drawing: true, picture: "`scene import` writes")
    for (file, at) in r.syntaxErrorPlaces { err(syntaxNote(file, at)) }
    let header = "# read from \(a.files.joined(separator: ", ")) by `scene import`: one node per frame the code makes\n"
        + "# (n0, n1, …: in the order written), each `v_…` a constant of the code\n"
    if let o = a.output { writeWhole(header + r.drawingSource, to: o) } else { out(header + r.drawingSource) }
    return 0
}

/// `Card.swift:12:40: warning: … [pinched-corner]` and its help as a note: the form
/// Xcode and SwiftPM read from a build command's output.
func ideLine(_ d: Diagnostic, in file: SourceFile) -> String {
    let at = file.location(of: d.range.start)
    let path = URL(fileURLWithPath: file.name).standardizedFileURL.path
    var line = "\(path):\(at.line):\(at.column): \(d.severity.rawValue): \(d.message) [\(d.code)]\n"
    if let help = d.help { line += "\(path):\(at.line):\(at.column): note: \(help)\n" }
    return line
}

/// CPU time (user + system) this process has used, in seconds.
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// `scene-swift bench DIR`: for scripts/bench-swift, one line: files, lines, candidates,
/// the CPU seconds of reading and checking the tree as `scene check` does (prefilter,
/// parse and read the candidates, check), and of swift-syntax's bare parse of the
/// candidates and of every file.
func benchCommand(_ args: [String]) -> Int32 {
    guard args.count == 1 else { usageError("usage: scene-swift bench DIR") }
    let paths = expand(args[0]).filter { $0.hasSuffix(".swift") }
    let t0 = cpuSeconds()
    let files = paths.map(read)
    let candidates = files.filter { Prefilter.isCandidate($0.bytes) }
    let others = files.filter { !Prefilter.isCandidate($0.bytes) }
    let results = SwiftRead(candidates, library: others).check()
    let check = cpuSeconds() - t0
    let t1 = cpuSeconds()
    for f in candidates { _ = SwiftRead.parse(f) }
    let parseCandidates = cpuSeconds() - t1
    let t2 = cpuSeconds()
    for f in files { _ = SwiftRead.parse(f) }
    let parseAll = cpuSeconds() - t2
    let lines = files.reduce(0) { $0 + $1.lineStarts.count - 1 }
    let findings = results.reduce(0) { $0 + $1.diagnostics.count }
    out("files \(files.count) lines \(lines) candidates \(candidates.count) findings \(findings)"
        + " check_cpu_s \(String(format: "%.3f", check)) parse_candidates_cpu_s \(String(format: "%.3f", parseCandidates))"
        + " parse_all_cpu_s \(String(format: "%.3f", parseAll))\n")
    return 0
}

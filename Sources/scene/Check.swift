// `scene check`: compile and lint every file given, on every core, reporting in the order given.
import Foundation
import SceneLang
import SceneEval
import SceneREPL

/// One file's `scene check` result: its rendered diagnostics (or their JSON) and counts,
/// or why it was not checked.
struct FileCheck: Sendable {
    var output = ""
    var errors = 0
    var warnings = 0
    /// Not found: counted, and the run goes on.
    var missing = false
    /// Found but not readable: the run stops at the first such file, in the order given.
    var readError: Console.ReadError? = nil
    /// The file's compilation and findings, kept to the end of the run when it is the
    /// only file (`exitKeeping`: a big scene's tree and findings go back with the
    /// process instead of being freed piece by piece, ~10% of checking the 100k `lets`
    /// member); nil with several files, whose memory is freed file by file.
    var kept: (any Sendable)? = nil
}

/// The diagnostics of `ds`, rendered (at most `maxShown`; the rest counted, and
/// `listedBy`, the command that lists them all, named when there is one).
func rendered<Ds: RandomAccessCollection<Diagnostic>>(_ ds: Ds, in file: SourceFile, _ renderer: DiagnosticRenderer,
                                                       listedBy: String? = nil) -> String {
    var text = ""
    for d in ds.prefix(maxShown) { text += renderer.render(d, in: file) }
    if ds.count > maxShown {
        text += "… and \(ds.count - maxShown) more diagnostics not shown" + (listedBy.map { " (`\($0)` lists every one)" } ?? "") + "\n"
    }
    return text
}

/// What lists every diagnostic of a scene: `rendered`'s `listedBy` for `check` and `run`.
let allListedBy = "scene check --json"

/// One file for `checkAll`: a path still to read (on any core), or read already
/// (standard input, and every file under `--fix`), or what reading it gave.
enum CheckSource {
    case path(String)
    case file(SourceFile)
    case missing
    case failed(Console.ReadError)
}

/// A file at most this large (a regular file, by its size once opened) is read on any
/// core at any time; a larger one, or one whose size is not known beforehand (a pipe, a
/// device), afterwards, one at a time in the order given, and none after the first that
/// cannot be read. So `scene check /dev/zero /dev/urandom …` holds one input limit's
/// worth (256 MB) in memory, not one per core, while many small files still use every
/// core with the syscalls of a plain read (one open, no extra look-up).
let smallCheckInput = Console.maxInputBytes / 64

/// The first file, in the order given, that could not be read: nothing after it is
/// read, since the run ends with its message alone.
final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var index = Int.max

    /// Whether a file before the `i`th could not be read.
    func before(_ i: Int) -> Bool { lock.withLock { index < i } }
    var any: Bool { lock.withLock { index != Int.max } }
    func record(_ i: Int) { lock.withLock { index = min(index, i) } }
}

/// Read, compile and check every file, each into its own slot; results in the order
/// given. Small files on every core, then the large and unsized ones in turn
/// (`smallCheckInput`).
func checkAll(_ sources: [CheckSource], json: Bool, renderer: DiagnosticRenderer) -> [FileCheck] {
    let results = UnsafeMutableBufferPointer<FileCheck>.allocate(capacity: sources.count)
    results.initialize(repeating: FileCheck())
    defer { results.deallocate() }
    nonisolated(unsafe) let slots = results
    /// For each file read in turn, the descriptor `peek` held open (-1: none); -2: not in turn.
    let inTurn = UnsafeMutableBufferPointer<Int32>.allocate(capacity: sources.count)
    inTurn.initialize(repeating: -2)
    defer { inTurn.deallocate() }
    nonisolated(unsafe) let later = inTurn
    let failure = FirstFailure()
    let keep = sources.count == 1
    @Sendable func check(_ file: SourceFile) -> FileCheck {
        let c = Pipeline.compile(file)
        let ds = c.checked()
        let output = json ? ds.map { JSONWriter.diagnostic($0, file: file) }.joined(separator: ",\n  ")
            : rendered(ds, in: file, renderer, listedBy: allListedBy)
        return FileCheck(output: output, errors: ds.errorCount, warnings: ds.warningCount,
                         kept: keep ? (file, c, ds) : nil)
    }
    @Sendable func record(_ i: Int, _ path: String, _ read: Result<[UInt8], Console.ReadError>) {
        switch read {
        case .success(let bytes):
            // Once any file failed, the run shows nothing but that failure.
            if !failure.any { slots[i] = check(SourceFile(name: path, bytes: bytes)) }
        case .failure(.notFound): slots[i].missing = true
        case .failure(let e): slots[i].readError = e; failure.record(i)
        }
    }
    DispatchQueue.concurrentPerform(iterations: sources.count) { i in
        switch sources[i] {
        case .missing: slots[i].missing = true
        case .failed(let e): slots[i].readError = e; failure.record(i)
        case .file(let file): slots[i] = check(file)
        case .path(let path):
            if failure.before(i) { return }
            switch Console.peek(path, limit: smallCheckInput) {
            case .read(let read): record(i, path, read)
            case .later(let held): later[i] = held ?? -1
            }
        }
    }
    for i in sources.indices where later[i] != -2 {
        guard case .path(let path) = sources[i], !failure.before(i) else {
            if later[i] >= 0 { close(later[i]) }
            continue
        }
        record(i, path, later[i] >= 0 ? Console.readHeld(later[i], path) : Console.read(path))
    }
    return Array(results)
}

/// `unread`: what was left unread, said last (`.swift` inputs without `scene-swift`:
/// main.swift); the run then ends `Exit.unavailable`, whatever was found (docs/lint.md).
func check(_ args: [String], unread: String? = nil) -> Never {
    var files: [String] = []
    var json = false, strict = false, fix = false
    for a in args {
        switch a {
        case "--json": json = true
        case "--strict": strict = true
        case "--fix": fix = true
        default:
            if a.hasPrefix("-") && a != "-" { usageError("unknown option `\(a)`") }
            files.append(a)
        }
    }
    guard !files.isEmpty else { usageError("`scene check` needs a file") }
    if fix && files.contains("-") { usageError("`--fix` needs a file, not standard input") }
    var missing = 0, empty = 0   // files not found; folders with no .scene file
    // A directory stands for every `.scene` file below it, as for `scene fmt`.
    files = files.flatMap { path in
        let found = sceneFiles(path)
        if found.isEmpty { Console.err("scene: \(path): no .scene files below it\n"); empty += 1 }
        return found
    }
    // Read, compile and check the files on every core, each into its own slot, and
    // report in the order given. `--fix` reads and fixes in order first; standard
    // input is read first, in order (`scene check - -` reads it whole into the first).
    /// What goes to stderr before each file's diagnostics (fixes applied).
    var notes = [String](repeating: "", count: files.count)
    let sources: [CheckSource] = files.enumerated().map { i, path in
        if path == "-" {
            switch Console.read(path) {
            case .success(let bytes): return .file(SourceFile(name: "<stdin>", bytes: bytes))
            case .failure(let e): return .failed(e)
            }
        }
        guard fix else { return .path(path) }
        let read = Console.read(path)
        if case .failure(.notFound) = read { return .missing }
        var file = sourceFile(path, read)
        let fixed = Fixer.run(file)
        if let newText = fixed.text {
            do { try Console.writeAtomically(newText, to: path) } catch {
                fail("cannot write \(path): \(error.localizedDescription)", Exit.cantCreate)
            }
            file = SourceFile(name: file.name, text: newText)
        }
        notes[i] = fixed.summary(path, in: file)
        return .file(file)
    }
    let results = checkAll(sources, json: json, renderer: renderer)
    // As when the files were read one by one first: the first that cannot be read ends the run.
    if let e = results.lazy.compactMap(\.readError).first { fail(e) }
    var errors = 0, warnings = 0
    var jsonParts: [String] = []
    for (r, (path, note)) in zip(results, zip(files, notes)) {
        if r.missing {
            Console.err("scene: \(path): no such file\n")
            missing += 1
        }
        Console.err(note)
        errors += r.errors
        warnings += r.warnings
        if json { jsonParts.append(r.output) } else { Console.err(r.output) }
    }
    if json {
        let body = jsonParts.filter { !$0.isEmpty }.joined(separator: ",\n  ")
        Console.out("{\"diagnostics\": [\(body.isEmpty ? "" : "\n  " + body + "\n")], \"errors\": \(errors), \"warnings\": \(warnings), \"files\": \(files.count)}\n")
    } else {
        var line = summary(errors: errors, warnings: warnings, files: files.count)
        // Said as what it is: an empty folder was counted as a file not found.
        let why = (missing > 0 ? ["\(missing) not found"] : [])
            + (empty > 0 ? ["\(empty) \(empty == 1 ? "folder" : "folders") with no .scene file"] : [])
        if !why.isEmpty { line = String(line.dropLast()) + " (\(why.joined(separator: ", ")))\n" }
        Console.err(line)
    }
    if let unread { Console.err("scene: \(unread)\n") }
    let status = unread != nil ? Exit.unavailable : errors > 0 ? Exit.dataError : missing + empty > 0 ? Exit.noInput
        : strict && warnings > 0 ? Exit.warnings : Exit.ok
    exitKeeping(results, status)
}


// `scene check View.swift`: read the views, write them as one scene, run the checker on
// it (the same checker as for scenes), keep only the findings whose geometry the code
// fixes, and say them at the Swift file's line and column, with the help in Swift.
import SceneLang
import SceneEval
import SwiftSyntax
import SwiftParser

/// The rules a Swift finding may come from: the nesting rules, which compare a shape with
/// the frame around it. The others (screen edges, roles, transitions, the iOS 18
/// fallback) are about a whole screen, which a view file does not describe.
public let swiftRules: [DiagnosticCode] = [
    .pinchedCorner, .flaredCorner, .containerTooTight, .radiusInversion, .radiusOverflow,
    .shapeMismatch, .missingMinimum, .unevenSiblings, .relativeUnevenInsets,
]

/// The lint rules a Swift finding never comes from, each with why. Every lint rule is in
/// exactly one of the two lists (`SwiftFixtureTests.everyLintRuleIsDecidedForSwift`), so a
/// new rule is a decision here, not a silent absence from Swift files.
public let sceneOnlyRules: [DiagnosticCode: String] = [
    .screenEdgeMargin: "about a whole screen, which a view file does not describe",
    .pillNotCapsule: "reads a node's `role`, which SwiftUI code does not write",
    .transitionShape: "reads a scene's `transition` item, which the reader does not take",
    .glassUnavailable: "about a scene's `target ios18`; a Swift file says its own availability",
    .missingContainerShape: "what the view's concentric content follows is up to whatever shows the view (`--explain` says so instead)",
    .concentricContainer: "`.containerShape(ConcentricRectangle())` does not compile: the Swift compiler reports it",
    .squareFallback: "about the export's iOS 18 fallback; a Swift file writes its own `#available` branches",
    .glassOnGlass: "guidance about a whole screen's layers, not a corner's geometry",
    .unusedBinding: "about a scene's `let`s; Swift's compiler warns on unused constants",
    .unusedSuppression: "the Swift front end reports its own `// scene:ignore` comments that silence nothing",
]

/// One Swift file's result.
public struct SwiftFileResult: Sendable {
    public var file: SourceFile
    public var diagnostics: [Diagnostic] = []
    /// `--explain`: what was skipped, assumed or read in place, one line each (`12:5: skipped: …`).
    public var explanations: [String] = []
    /// The views read, by name.
    public var views: [String] = []
    /// Each reported finding's fix, as edits of the files read (a `let` may be declared in
    /// another file): what `--fix` writes. A finding whose edits are all in this file also
    /// carries them as its `fixes`.
    public var fixGroups: [[SwiftEdit]] = []
    /// The findings not reported because their geometry is not certain, as `LINE code`.
    public var unreported: [String] = []
    /// Where the file first does not parse as Swift, when it does not: what was read
    /// around there may be wrong (`scene check` says so, with or without `--explain`).
    public var syntaxError: Int? = nil
}

/// Everything read from a set of Swift files: the scene and how to say its findings in Swift.
public struct SwiftRead {
    public let files: [SourceFile]
    let decls: Declarations
    let reader: ViewReader
    let scene: SceneText
    let roots: [(name: String, root: ViewNode, file: Int)]
    /// Where each file that does not parse as Swift first goes wrong (file index → offset).
    let syntaxErrors: [Int: Int]
    /// The views' scene, as scene source.
    public var sceneSource: String { scene.text }
    public var viewNames: [String] { roots.map(\.name) }
    /// Each file that does not parse as Swift and where it first goes wrong (`check` says
    /// so per file; `run` and `import` say so too: what they draw of it may be wrong).
    public var syntaxErrorPlaces: [(file: SourceFile, offset: Int)] {
        syntaxErrors.keys.sorted().filter(files.indices.contains).map { (files[$0], syntaxErrors[$0]!) }
    }
    /// The views read that no other view read uses (`ListCard`, not the `CardRow` in it):
    /// what a drawing of the files shows, each on its own (the used ones drawn alone as
    /// well lay over them at the same place). All of them when each is used (a cycle).
    public var topViewNames: [String] {
        let top = roots.filter { !reader.used.contains($0.name) }.map(\.name)
        return top.isEmpty ? viewNames : top
    }

    /// Parse and read `files` together (a child view may be declared in any of them);
    /// `view`: only that view's layout (and what it uses); `views`: only these views' (by
    /// their names as read: `topViewNames`). `library`: files the prefilter
    /// passed over, read for their constants only when a view names one they declare
    /// (`Spacing.md` in a file of design tokens).
    public init(_ files: [SourceFile], library: [SourceFile] = [], view only: String? = nil, views list: [String]? = nil) {
        self.files = files
        var decls = Declarations()
        var syntaxErrors: [Int: Int] = [:]
        for (i, f) in files.enumerated() {
            let tree = Self.parse(f)
            if let at = Self.firstSyntaxError(tree) { syntaxErrors[i] = at }
            decls.collect(tree, file: i)
        }
        self.syntaxErrors = syntaxErrors
        func readAll(_ decls: Declarations) -> (ViewReader, [(String, ViewNode, Int)]) {
            var reader = ViewReader(decls)
            var roots: [(String, ViewNode, Int)] = []
            for v in decls.views where list.map({ $0.contains(v.name) })
                    ?? (only == nil || v.name == only || v.name.hasSuffix("." + (only ?? ""))) {
                reader.reading = []
                if let root = reader.read(v) { roots.append((v.name, root, v.file)) }
            }
            return (reader, roots)
        }
        var (reader, roots) = readAll(decls)
        let missing = reader.decls.constants.missing
        if !missing.isEmpty, !library.isEmpty {
            let needles = missing.map { Array("let \($0)".utf8) }
            var found = false
            for f in library where needles.contains(where: { Prefilter.contains(f.bytes, $0) }) {
                // Their views are not read (they draw no shape); only their constants count.
                var extra = Declarations()
                extra.collect(Self.parse(f), file: 0)
                for (name, c) in extra.constants.byName { decls.constants.add(name, c.initializer, file: -1) }
                found = true
            }
            if found { (reader, roots) = readAll(decls) }
        }
        self.decls = reader.decls
        self.reader = reader
        self.roots = roots
        self.scene = SceneText(views: roots, constants: reader.decls.constants)
    }

    /// The file's `//` comments, when it spells `scene:` at all.
    static func comments(_ f: SourceFile) -> [SourceComment] {
        guard Prefilter.contains(f.bytes, Array("scene:".utf8)) else { return [] }
        var out: [SourceComment] = []
        let b = f.bytes
        for token in parse(f).tokens(viewMode: .sourceAccurate) {
            for (trivia, start, limit) in [
                (token.leadingTrivia, token.position.utf8Offset, token.positionAfterSkippingLeadingTrivia.utf8Offset),
                (token.trailingTrivia, token.endPositionBeforeTrailingTrivia.utf8Offset, token.endPosition.utf8Offset)] {
                // A piece's length as swift-syntax gives it is its text's, and a comment
                // holding bytes that are not UTF-8 has text longer than its bytes (each
                // bad byte read as U+FFFD, three): a line comment's length is read from
                // the bytes (to the line's end), and nothing is read past the trivia's end,
                // which the token's positions give exactly (found by the `swift` fuzz target).
                var at = start
                let limit = min(limit, b.count)
                for piece in trivia {
                    guard at < limit else { break }
                    var length = piece.sourceLength.utf8Length
                    if case .lineComment = piece {
                        var e = at
                        while e < limit, b[e] != UInt8(ascii: "\n"), b[e] != UInt8(ascii: "\r") { e += 1 }
                        length = e - at
                        if length >= 2, b[at] == UInt8(ascii: "/"), b[at + 1] == UInt8(ascii: "/") {
                            out.append(SourceComment(range: SourceRange(at, e), marker: "//"))
                        }
                    }
                    at += min(length, limit - at)
                }
            }
        }
        return out
    }

    /// Where `tree` first does not parse (a token missing or not expected there), or nil.
    static func firstSyntaxError(_ tree: SourceFileSyntax) -> Int? {
        guard tree.hasError else { return nil }
        for t in tree.tokens(viewMode: .all) where t.presence == .missing || t.parent?.is(UnexpectedNodesSyntax.self) == true {
            return t.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return 0
    }

    public static func parse(_ f: SourceFile) -> SourceFileSyntax {
        let bytes = defusingBracketRuns(f.bytes)
        return bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
    }

    /// The longest run of `[` (whitespace between them allowed) that is parsed as written.
    public static let longestBracketRun = 8

    /// swift-syntax's look-ahead for inline array types doubles its work with each `[` in a
    /// run (`g[[[[…` took 4.7 s at 18 and over 100 s at 24; found by the `swift` fuzz target),
    /// so a file could hang the reader. No Swift writes more than a few in a row: past
    /// `longestBracketRun`, the rest of a run is read as spaces, which keeps every offset.
    static func defusingBracketRuns(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8]? = nil
        var run = 0
        for (i, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "["):
                run += 1
                if run > longestBracketRun {
                    if out == nil { out = bytes }
                    out![i] = UInt8(ascii: " ")
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            default: run = 0
            }
        }
        return out ?? bytes
    }

    /// The scene as a source file, named after the first Swift file.
    public var sceneFile: SourceFile {
        SourceFile(name: (files.first?.name ?? "views") + ".scene", text: scene.text)
    }

    /// The screen `scene run` and `scene import` lay the views out on: an iPhone's size
    /// (393 × 852 pt), its corners square, so a view that fills what it is offered is drawn
    /// at a phone's size rather than across the checker's 4000 pt screen (which keeps every
    /// finding away from a display the view may not fill).
    public static let drawingScreen = "screen 393x852 radius 0"

    /// The scene on `drawingScreen`: what `scene run` draws and `scene import` writes.
    public var drawingSource: String {
        let text = scene.text
        guard let nl = text.firstIndex(of: "\n") else { return text }
        return Self.drawingScreen + text[nl...]
    }

    public var drawingFile: SourceFile {
        SourceFile(name: (files.first?.name ?? "views") + ".scene", text: drawingSource)
    }

    /// Where the code that made the frame at `offset` of `drawingFile` is written: its
    /// Swift file and the offset there of the shape it draws (where a finding on it is
    /// said), else of the container it declares, else of the view or modifier that made it (what
    /// `scene run FILE.swift` names beside each shape: the scene's `n0`, `n1`, … say
    /// nothing of the code). Nil for an offset on no frame's line (the screen, a `let`).
    public func origin(ofDrawingOffset offset: Int) -> (file: SourceFile, offset: Int)? {
        // `drawingSource` is `scene.text` with another first line: the same text after it.
        let text = scene.text.utf8
        let firstLine = text.firstIndex(of: UInt8(ascii: "\n")).map { text.distance(from: text.startIndex, to: $0) } ?? text.count
        let shift = Self.drawingScreen.utf8.count - firstLine
        guard offset >= Self.drawingScreen.utf8.count, let i = scene.node(at: offset - shift) else { return nil }
        let n = scene.nodes[i]
        let f = n.file >= 0 && n.file < files.count ? n.file : 0
        let at = (n.shape?.range ?? n.container?.range ?? n.range).lowerBound
        guard !files.isEmpty, at <= files[f].bytes.count else { return nil }
        return (files[f], at)
    }

    /// Each frame's resolved radii (`ViewNode.resolvedRadii`), for the helps that declare
    /// one as a container: its shape is its node's, labelled `n14` in the same order.
    func noteResolvedRadii(_ resolved: ResolvedScene?) {
        for (k, sh) in (resolved?.shapes ?? []).enumerated() where k < scene.nodes.count && sh.label == scene.nodes[k].label {
            scene.nodes[k].resolvedRadii = sh.radii.values
        }
    }

    /// Check, and say each finding in Swift: per file given.
    public func check() -> [SwiftFileResult] {
        var results = files.map { SwiftFileResult(file: $0) }
        for (name, _, f) in roots { results[f].views.append(name) }
        var placed = ExplanationLines(files: files)
        func finished() -> [SwiftFileResult] {
            for f in results.indices { results[f].explanations = placed.lines(f) }
            return results
        }
        func explain(_ f: Int, _ offset: Int, _ kind: String, _ text: String) { placed.add(f, offset, kind, text) }
        for e in reader.explanations where files.indices.contains(e.file) {
            explain(e.file, e.range.lowerBound, e.kind.rawValue, e.text)
        }
        // Code that does not parse is read as swift-syntax recovers it: what the reader
        // then says of it ("computed at run time") may be wrong, and this says why.
        for (f, at) in syntaxErrors where files.indices.contains(f) {
            let at = min(at, files[f].bytes.count)
            results[f].syntaxError = at
            explain(f, at, "skipped",
                    "the code here does not parse as Swift: the views around it may be read wrongly, or not at all (build the file first)")
        }
        let c = Pipeline.compile(sceneFile)
        noteResolvedRadii(c.scene)
        guard c.scene != nil else {
            let first = c.diagnostics.first { $0.severity == .error }
            for i in results.indices where !results[i].views.isEmpty {
                placed.add(i, -1, "\(files[i].name): skipped: the views could not be laid out as a scene (\(first?.message ?? "an error"))")
            }
            return finished()
        }
        var seen = Set<String>()
        let all = c.check()
        let found = all.filter { swiftRules.contains($0.id) }
        // A concentric shape in a rounded view that declares no container follows whatever
        // shows the view (Apple: the nearest container shape above it; a background is none):
        // what it draws is not in the code, so no finding, but `--explain` says so.
        for d in all where d.id == .missingContainerShape {
            guard let a = scene.node(at: d.range.start) else { continue }
            let n = scene.nodes[a], f = max(0, n.file)
            guard let shape = n.shape, shape.rounded else { continue }
            let written = shape.radius.map { ".rect(cornerRadius: \($0.swift))" } ?? shape.shapeValue
            explain(f, shape.range.lowerBound, "skipped", "missing-container-shape not applied: `\(shape.swift)` declares no container, so the shapes in it that follow one (`ConcentricRectangle`, `ContainerRelativeShape`) follow whatever shows the view (a sheet, the display's corners, a window), which the code does not say; on iOS 26 declare it: `.containerShape(\(written))`")
        }
        // First the findings that are not certain: a fix leaves their views' numbers alone.
        var uncertain: [Int: String] = [:]
        var uncertainViews = Set<Int>()
        for (k, d) in found.enumerated() {
            guard let i = scene.node(at: d.range.start),
                  let why = uncertainty(i, d.id, againstAncestor: d.values["againstAncestor"] != nil) else { continue }
            uncertain[k] = why
            uncertainViews.insert(scene.viewOf[i])
        }
        var crossFile: [String: [SwiftEdit]] = [:]
        var anchors: [String: Int] = [:]
        var spoken = Set<Int>()  // nodes a finding, reported or not, is about
        for (k, d) in found.enumerated() {
            guard let i = scene.node(at: d.range.start) else { continue }
            spoken.insert(i)
            if let why = uncertain[k] {
                let n = scene.nodes[i], f = n.file >= 0 ? n.file : 0
                let offset = (n.shape?.range ?? n.range).lowerBound
                explain(f, offset, "skipped", "\(d.code) not reported: \(why)")
                results[f].unreported.append("\(files[f].location(of: offset).line) \(d.code)")
                continue
            }
            guard var mapped = swiftDiagnostic(d, node: i, uncertainViews: uncertainViews) else { continue }
            let key = "\(mapped.file) \(mapped.diagnostic.range.start) \(d.code)"
            guard seen.insert(key).inserted else { continue }
            if let edits = mapped.edits {
                if edits.allSatisfy({ $0.file == mapped.file }) { mapped.diagnostic.fixes = edits.map(\.edit) }
                else { crossFile[key] = edits }
            }
            results[mapped.file].diagnostics.append(mapped.diagnostic)
            // Where the shape it is about starts (a suppression before it covers every line of it).
            if let start = scene.nodes[i].shape?.range.lowerBound { anchors[key] = start }
        }
        for u in unchecked(besides: spoken) { explain(u.file, u.offset, "skipped", u.text) }
        settle(&results, anchors: anchors, crossFile: crossFile)
        return finished()
    }

    /// Each file's findings in order, less what its comments silence, and each one's edits
    /// as `--fix` applies them. `anchors`: where the shape a finding is about starts, by
    /// `"FILE START CODE"`; `crossFile`: the edits of findings whose fix is in other files too.
    func settle(_ results: inout [SwiftFileResult], anchors: [String: Int], crossFile: [String: [SwiftEdit]]) {
        for i in results.indices {
            results[i].diagnostics.sort { $0.range.start < $1.range.start }
            // `// scene:ignore RULE` on the line before, `// scene:ignore-file RULE`: the one
            // suppression mechanism scenes use too; one that silences nothing is reported.
            let comments = Self.comments(files[i])
            if !comments.isEmpty {
                let at = results[i].diagnostics.map { anchors["\(i) \($0.range.start) \($0.code)"] }
                results[i].diagnostics = Suppressions.apply(results[i].diagnostics, comments: comments, in: files[i], anchors: at)
            }
            results[i].fixGroups = results[i].diagnostics.compactMap { d in
                if let cross = crossFile["\(i) \(d.range.start) \(d.code)"] { return cross }
                return d.fixes.isEmpty ? nil : d.fixes.map { SwiftEdit(file: i, edit: $0) }
            }
        }
    }

    /// Each file's `--explain` lines in the order of its lines, each once: a child view
    /// read in place under several parents (and as a view of its own) is explained once.
    struct ExplanationLines {
        let files: [SourceFile]
        var placed: [[(at: Int, line: String)]]
        init(files: [SourceFile]) { self.files = files; placed = files.map { _ in [] } }

        mutating func add(_ f: Int, _ offset: Int, _ kind: String, _ text: String) {
            let at = files[f].location(of: offset)
            placed[f].append((offset, "\(files[f].name):\(at.line):\(at.column): \(kind): \(text)"))
        }
        /// A line with no position (`offset` -1), before the others.
        mutating func add(_ f: Int, _ offset: Int, _ line: String) { placed[f].append((offset, line)) }

        func lines(_ f: Int) -> [String] {
            var said = Set<String>()
            return placed[f].enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                .map(\.element.line).filter { said.insert($0).inserted }
        }
    }

    // MARK: - certainty

    /// The frame a finding on node `i` is measured against: the nearest declared container
    /// (for shapes that follow one), else the nearest visibly rounded ancestor; with
    /// `anyRounded`, the nearest visibly rounded ancestor or container for any shape.
    func ancestor(of i: Int, anyRounded: Bool = false) -> Int? {
        let followsContainer: Bool
        switch scene.nodes[i].shape?.kind {
        case .concentric?, .relative?: followsContainer = !anyRounded
        default: followsContainer = false
        }
        var p = scene.parents[i]
        while p >= 0 {
            let n = scene.nodes[p]
            if n.container != nil { return p }
            if !followsContainer, n.shape?.rounded == true { return p }
            p = scene.parents[p]
        }
        return nil
    }

    /// The rounded shapes inside rounded ones that are not placed for certain (beside a
    /// `Text` in a stack, …) and that no finding is about (`spoken`): each is laid out as
    /// a guess, where it may well be clear of every corner, so no finding says it was not
    /// checked; this does (a `skipped:` line of `--explain` at the shape).
    func unchecked(besides spoken: Set<Int>) -> [(file: Int, offset: Int, text: String)] {
        var out: [(file: Int, offset: Int, text: String)] = []
        for i in scene.nodes.indices where !spoken.contains(i) {
            let n = scene.nodes[i]
            guard let shape = n.shape, shape.rounded, let a = ancestor(of: i), let around = scene.nodes[a].container ?? scene.nodes[a].shape,
                  let why = uncertainty(i, .flaredCorner) else { continue }
            out.append((max(0, n.file), shape.range.lowerBound, "`\(shape.swift)` is not checked against `\(around.swift)` around it: \(why)"))
        }
        return out
    }

    /// Why a finding of `code` on node `i` is not certain, nil when it is. `againstAncestor`:
    /// the finding measures a concentric shape against the rounded shape around it that
    /// declares no container (its minimum, drawn whatever it follows, is certain).
    func uncertainty(_ i: Int, _ code: DiagnosticCode, againstAncestor: Bool = false) -> String? {
        let n = scene.nodes[i]
        // The declared container and the shape drawn on the same frame.
        if code == .shapeMismatch {
            switch n.shape?.kind {
            case .concentric?, .relative?:
                return "whether a shape drawn on a frame follows the container that frame declares is not certain"
            default: return nil
            }
        }
        if code == .radiusOverflow {
            return sizeKnown(i) ? nil : (n.unsized ?? "its size comes from its content")
        }
        guard let a = ancestor(of: i, anyRounded: againstAncestor) else {
            return "nothing around it in the code gives it a rounded frame or a container"
        }
        var j = i
        while j != a {
            if let why = scene.nodes[j].uncertain { return why }
            j = scene.parents[j]
        }
        return nil
    }

    /// Whether the code fixes node `i`'s size (its own, or a filling frame of a known one).
    func sizeKnown(_ i: Int) -> Bool {
        let n = scene.nodes[i]
        if n.naturalSize != nil { return true }
        let p = scene.parents[i]
        return p >= 0 && n.uncertain == nil && n.width == nil && n.height == nil && sizeKnown(p)
    }
}

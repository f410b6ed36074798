import SceneLang
import SceneEval
import SceneREPL

/// What the page asks to see: the toggles, each sent in the event stream's query.
public struct ViewOptions: Hashable, Sendable {
    public var centers = false, labels = false, compare = false
    /// A screen preset drawn instead of the scene's own `screen` (nil: the scene's).
    public var screen: String? = nil

    public init(centers: Bool = false, labels: Bool = false, compare: Bool = false, screen: String? = nil) {
        self.centers = centers; self.labels = labels; self.compare = compare; self.screen = screen
    }

    /// From `/events?centers=1&labels=1&compare=1&screen=NAME`: `screen=` (empty) is the
    /// scene's own, no `screen` at all is `defaultScreen`; an unknown preset is ignored.
    public init(query: [String: String], defaultScreen: String? = nil) {
        centers = query["centers"] == "1"
        labels = query["labels"] == "1"
        compare = query["compare"] == "1"
        let s = query["screen"] ?? defaultScreen
        if let s, ScreenPreset.names.contains(s) { screen = s }
    }
}

/// The scene the page follows: its source, compiled once per version and per screen
/// preset shown, the SVG per set of toggles, the status (diagnostics rendered as the
/// terminal shows them, findings with the node each points at) and each shape's
/// explanation (`Report.detail`, the REPL's `:show` and the LSP hover).
public final class Live {
    public private(set) var file: SourceFile
    /// Bumped on every change of the source.
    public private(set) var version = 0
    private var compiled: [String: (version: Int, c: Compilation)] = [:]
    private var checked: [String: (version: Int, findings: [Diagnostic])] = [:]
    private var lastGood: [String: (file: SourceFile, scene: ResolvedScene, syntax: Scene)] = [:]
    private var svgs: [ViewOptions: (version: Int, bytes: [UInt8])] = [:]

    public init(file: SourceFile) { self.file = file }

    /// A new source; false (and nothing recompiled) when the bytes are the same.
    @discardableResult
    public func update(_ new: SourceFile) -> Bool {
        guard new.bytes != file.bytes || new.name != file.name else { return false }
        file = new
        version += 1
        return true
    }

    /// The source with its `screen` statement replaced by `screen NAME` (or one added at
    /// the end when it has none). A replacement within the statement's line keeps every
    /// other line's number.
    func source(screen: String?) -> SourceFile {
        guard let screen else { return file }
        let parsed = Parser.parse(file)
        var bytes = file.bytes
        if let range = parsed.scene.statements.lazy.compactMap({ s -> SourceRange? in
            if case .screen(_, let r) = s { return r }
            return nil
        }).first {
            bytes.replaceSubrange(range.start..<range.end, with: Array("screen \(screen)".utf8))
        } else {
            bytes += Array("\nscreen \(screen)\n".utf8)
        }
        return SourceFile(name: file.name, bytes: bytes)
    }

    /// The compilation for this version on `screen`, compiled at most once (the picture
    /// needs no more: the checker runs after it is sent, for the status).
    public func compilation(screen: String?) -> Compilation {
        let key = screen ?? ""
        if let hit = compiled[key], hit.version == version { return hit.c }
        let src = source(screen: screen)
        let c = Pipeline.compile(src)
        compiled[key] = (version, c)
        if let scene = c.scene { lastGood[key] = (src, scene, c.parse.scene) }
        return c
    }

    /// Every diagnostic `scene run` reports for this version: the compilation's, then the checker's.
    public func findings(screen: String?) -> (c: Compilation, findings: [Diagnostic]) {
        let key = screen ?? ""
        let c = compilation(screen: screen)
        if let hit = checked[key], hit.version == version { return (c, hit.findings) }
        let ds = c.diagnostics + c.check()
        checked[key] = (version, ds)
        return (c, ds)
    }

    /// The SVG of the last scene that compiled (the page keeps showing it under the errors).
    public func svg(_ o: ViewOptions) -> [UInt8]? {
        _ = compilation(screen: o.screen)
        guard let good = lastGood[o.screen ?? ""] else { return nil }
        if let hit = svgs[o], hit.version == version { return hit.bytes }
        var first = good.scene
        var other: ResolvedScene? = nil
        if o.compare {
            let panels = Pipeline.comparison(good.file, fallback: .ios18)
            first = panels.current ?? first
            other = panels.fallback
        }
        let bytes = SVGWriter.bytes(first, compare: other, options: SVGOptions(centers: o.centers, labels: o.labels))
        svgs[o] = (version, bytes)
        return bytes
    }

    /// The status as JSON: whether it compiled, the diagnostics as the terminal renders
    /// them (file:line:col, the line, the underline, `help:`), and each finding with the id
    /// of the innermost shape it points into (the SVG element the page highlights).
    /// (`server`: the last save's timing, a JSON object, sent as `server`.)
    public func status(_ o: ViewOptions, server: String? = nil) -> String {
        let (c, ds) = findings(screen: o.screen)
        let renderer = DiagnosticRenderer(color: false)
        let errors = ds.filter { $0.severity == .error }
        var s = "{\"version\":\(version),\"ok\":\(c.scene != nil),\"file\":\(JSONWriter.string(file.name))"
        s += ",\"nodes\":\(c.scene?.shapes.count ?? 0)"
        s += ",\"errors\":" + JSONWriter.string(errors.prefix(20).map { renderer.render($0, in: c.file) }.joined())
        s += ",\"findings\":["
        let scene = c.scene
        for (i, d) in ds.prefix(200).enumerated() {
            let loc = c.file.location(of: d.range.start)
            if i > 0 { s += "," }
            s += "{\"severity\":\(JSONWriter.string(d.severity.rawValue)),\"code\":\(JSONWriter.string(d.code))"
            s += ",\"line\":\(loc.line),\"column\":\(loc.column),\"message\":\(JSONWriter.string(d.message))"
            s += ",\"text\":\(JSONWriter.string(renderer.render(d, in: c.file)))"
            if let scene, let n = Self.shape(at: d.range.start, in: scene) { s += ",\"shape\":\(JSONWriter.string(scene.shapes[n].id))" }
            s += "}"
        }
        return s + "],\"more\":\(max(0, ds.count - 200))" + (server.map { ",\"server\":" + $0 } ?? "") + "}"
    }

    /// The innermost shape whose node contains `offset`.
    static func shape(at offset: Int, in scene: ResolvedScene) -> Int? {
        var best: Int? = nil
        for (i, s) in scene.shapes.enumerated() where s.range.start <= offset && offset < s.range.end {
            if let b = best, scene.shapes[b].depth >= s.depth { continue }
            best = i
        }
        return best
    }

    /// What the REPL's `:show ID` and the LSP hover say about the shape whose SVG id is `id`.
    public func detail(id: String, _ o: ViewOptions) -> String? {
        _ = compilation(screen: o.screen)
        guard let good = lastGood[o.screen ?? ""],
              let i = good.scene.shapes.firstIndex(where: { $0.id == id }) else { return nil }
        return Report.detail(good.scene, i, file: good.file, syntax: good.syntax, paint: Painter(color: false))
    }
}

import SceneLang

/// `scene fmt` and the language server's formatting: refuse a scene that does
/// not parse, format it, and prove the result means the same before handing it out.
///
/// Like `gofmt`, a scene whose syntax is fine but whose meaning has errors (an
/// undefined name, a concentric container) is still formatted: the layout does
/// not depend on what the names mean, and its errors come out the same.
public enum SourceFormat {
    public enum Outcome: Sendable {
        /// The canonical text (equal to the input when it was already formatted).
        case formatted(String)
        /// The scene does not lex or parse: nothing to format.
        case errors([Diagnostic])
        /// The formatted text would not mean the same (a formatter bug): the
        /// caller keeps the original.
        case changedMeaning
    }

    public static func format(_ file: SourceFile) -> Outcome {
        let c = Pipeline.compile(file)
        if c.parse.diagnostics.hasErrors { return .errors(c.diagnostics) }
        let text = Formatter.format(file, scene: c.parse.scene)
        if text.utf8.elementsEqual(file.bytes) { return .formatted(text) }
        let again = Pipeline.compile(SourceFile(name: file.name, text: text))
        return sameMeaning(c, again) ? .formatted(text) : .changedMeaning
    }

    /// Two compilations mean the same: the same syntax tree (positions aside),
    /// the same diagnostics by code, and the same resolved scene.
    public static func sameMeaning(_ a: Compilation, _ b: Compilation) -> Bool {
        guard a.diagnostics.map(\.code) == b.diagnostics.map(\.code),
              tree(a) == tree(b) else { return false }
        switch (a.scene, b.scene) {
        case (nil, nil): return true
        case let (x?, y?): return meaning(x) == meaning(y)
        default: return false
        }
    }

    /// The syntax tree's dump without its `@line:column` positions.
    static func tree(_ c: Compilation) -> String {
        var out = ""
        var skipping = false
        for ch in Dump.scene(c.parse.scene, in: c.file) {
            if ch == "@" { skipping = true; continue }
            if skipping, ch.isNumber || ch == ":" { continue }
            skipping = false
            out.append(ch)
        }
        return out
    }

    /// What a scene means: its resolved JSON without source positions (screen,
    /// target, margin and every shape with its frame, radii and decisions).
    public static func meaning(_ scene: ResolvedScene) -> String {
        let s = scene.screen
        var o = "\(s.name ?? "-") \(s.width) \(s.height) \(s.radius) \(scene.target.rawValue) \(scene.margin)\n"
        for (i, sh) in scene.shapes.enumerated() { o += JSONWriter.shape(sh, in: scene, index: i) + "\n" }
        for b in scene.bindings { o += "let \(b.name) = \(b.value)\n" }
        return o
    }
}

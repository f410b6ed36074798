import SceneLang

/// `scene check --fix`: apply every mechanical fix the checker computed, then
/// check again (a fix can reveal the next one), until nothing changes. The
/// text is only ever edited where a finding points, so comments and layout stay.
public enum Fixer {
    public static let maxRounds = 8

    /// The fixed text (nil when nothing changed) and how many edits were applied.
    public static func fixAll(_ file: SourceFile) -> (text: String?, applied: Int) {
        var bytes = file.bytes
        var applied = 0
        for _ in 0..<maxRounds {
            let current = SourceFile(name: file.name, bytes: bytes)
            let c = Pipeline.compile(current)
            guard c.scene != nil else { break }
            let edits = c.check().flatMap(\.fixes)
            guard !edits.isEmpty else { break }
            let (next, n) = TextEdit.apply(edits, to: bytes)
            // Stop if the fixes no longer change anything or break the scene.
            if next == bytes || Pipeline.compile(SourceFile(name: file.name, bytes: next)).scene == nil { break }
            bytes = next
            applied += n
        }
        return applied == 0 ? (nil, 0) : (String(decoding: bytes, as: UTF8.self), applied)
    }
}

import SceneLang

/// `scene check --fix`: apply every mechanical fix the checker computed, then
/// check again (a fix can reveal the next one), until nothing changes. The
/// text is only ever edited where a finding points, so comments and layout stay.
public enum Fixer {
    public static let maxRounds = 8

    /// The fixed text (nil when nothing changed) and how many edits were applied.
    /// Fixing the result again changes nothing: when two rules' fixes undo each
    /// other (one raises a container, the other lowers it back), the rounds would
    /// cycle, so the fixer stops at the first text it sees a second time.
    public static func fixAll(_ file: SourceFile) -> (text: String?, applied: Int) {
        var bytes = file.bytes
        var applied = 0
        var seen: Set<[UInt8]> = [bytes]
        for _ in 0..<maxRounds {
            let current = SourceFile(name: file.name, bytes: bytes)
            let c = Pipeline.compile(current)
            guard c.scene != nil else { break }
            let edits = c.check().flatMap(\.fixes)
            guard !edits.isEmpty else { break }
            let (next, n) = TextEdit.apply(edits, to: bytes)
            if seen.contains(next) {
                // A cycle: settle on its first text (the one already seen).
                bytes = next
                break
            }
            // Stop if the fixes break the scene.
            if Pipeline.compile(SourceFile(name: file.name, bytes: next)).scene == nil { break }
            seen.insert(next)
            bytes = next
            applied += n
        }
        return bytes == file.bytes || applied == 0 ? (nil, 0) : (String(decoding: bytes, as: UTF8.self), applied)
    }
}

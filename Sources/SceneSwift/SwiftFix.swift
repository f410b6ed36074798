// `scene check --fix View.swift`: rewrite each radius a finding's fix names, in place
// (the expression only: the rest of the line, the names and the layout stay), then read
// again, until nothing changes.
import SceneLang

public enum SwiftFix {
    public struct Outcome: Sendable {
        public var text: String
        /// Edits that changed the file.
        public var applied: Int
    }

    public static let maxRounds = 8

    /// Each file's fixed text and how many edits changed it.
    public static func run(_ files: [SourceFile], library: [SourceFile] = []) -> [Outcome] {
        var current = files
        var applied = [Int](repeating: 0, count: files.count)
        for _ in 0..<maxRounds {
            var changed = false
            for (i, r) in SwiftRead(current, library: library).check().enumerated() {
                // Only edits that change the bytes count.
                let edits = r.diagnostics.flatMap(\.fixes).filter { e in
                    Array(current[i].bytes[e.range.start..<e.range.end]) != Array(e.replacement.utf8)
                }
                guard !edits.isEmpty else { continue }
                let out = TextEdit.apply(edits, to: current[i].bytes)
                applied[i] += out.applied
                current[i] = SourceFile(name: current[i].name, bytes: out.bytes)
                changed = true
            }
            if !changed { break }
        }
        return current.enumerated().map { i, f in
            Outcome(text: String(decoding: f.bytes, as: UTF8.self), applied: applied[i])
        }
    }
}

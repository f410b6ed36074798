import SceneLang

/// `ResolvedScene.clipAncestors()`'s table, each entry found when first read
/// (walking up to the nearest entry already known) and kept: a whole check
/// reads most of them, a check after an edit only those of the shapes it
/// checks again. Shared by the copies of one check's context, under a lock.
final class ClipAbove: @unchecked Sendable {
    private let scene: ResolvedScene
    private let lock = Lock()
    /// -2: not yet known; -1: none.
    private var memo: [Int32] = []

    init(_ scene: ResolvedScene) { self.scene = scene }

    /// Shape `j`'s nearest ancestor with a rounded clip (`ResolvedScene.clipLayer`).
    subscript(j: Int) -> Int? {
        lock.withLock {
            // The table taken out of the object while it is walked: each read and
            // write of a class's stored array is an exclusivity check at run time
            // (~80 instructions each, four or so a call: 6 M of `deep --svg` at 20k).
            var memo: [Int32] = []
            swap(&memo, &self.memo)
            defer { swap(&memo, &self.memo) }
            if memo.isEmpty { memo = [Int32](repeating: -2, count: scene.shapes.count) }
            // Up from `j` while unknown: every shape on the way has the same answer.
            var found: Int32 = -1
            var a = j
            while true {
                if memo[a] != -2 { found = memo[a]; break }
                guard let p = scene.shapes[a].parent else { break }
                if scene.clipLayer(of: p) != nil { found = Int32(p); break }
                a = p
            }
            var b = j
            while memo[b] == -2 {
                memo[b] = found
                guard b != a, let p = scene.shapes[b].parent else { break }
                b = p
            }
            return found >= 0 ? Int(found) : nil
        }
    }
}

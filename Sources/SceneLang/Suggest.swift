/// Did-you-mean: the closest known spelling, or nil when nothing is close.
public enum Suggest {
    public static func closest(to word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty, word.count <= 64 else { return nil }
        let lw = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lw }) { return exact }
        // One- and two-letter names are too short for a guess to mean anything.
        guard word.count >= 3 else { return nil }
        let limit = max(1, min(3, word.count / 3))
        var best: (String, Int)? = nil
        for c in candidates where abs(c.count - word.count) <= limit {
            let d = distance(lw, c.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = Swift.min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}

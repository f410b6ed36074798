// Which Swift files can draw a rounded shape: a byte scan for the shape and modifier
// names, before anything is parsed. Most of an app's files name none of them.

public enum Prefilter {
    /// A file that names none of these draws no shape the reader reads.
    public static let words = [
        "RoundedRectangle", "cornerRadius", "Capsule", "Circle", "ConcentricRectangle", "containerShape",
        "clipShape", ".rect", "ContainerRelativeShape", "glassEffect", "cornerRadii", ".capsule", ".circle",
    ]
    private static let needles: [[UInt8]] = words.map { Array($0.utf8) }

    /// Whether `bytes` names a shape or modifier the reader reads: one pass, each byte
    /// looked up in a table of the words' first bytes, a word compared only there.
    public static func isCandidate(_ bytes: [UInt8]) -> Bool {
        var first = [Bool](repeating: false, count: 256)
        for n in needles { first[Int(n[0])] = true }
        return bytes.withUnsafeBufferPointer { b in
            first.withUnsafeBufferPointer { table in
                var i = 0
                let count = b.count
                while i < count {
                    if table[Int(b[i])] {
                        for n in needles where i + n.count <= count && b[i] == n[0] {
                            var k = 1
                            while k < n.count && b[i + k] == n[k] { k += 1 }
                            if k == n.count { return true }
                        }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether `bytes` holds `needle`.
    public static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + needle.count <= b.count {
                if b[i] == first {
                    var k = 1
                    while k < needle.count && b[i + k] == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }
}

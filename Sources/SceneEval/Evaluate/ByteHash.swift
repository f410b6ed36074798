/// The hash of a run of bytes the evaluator's and the SVG writer's tables use.
enum ByteHash {
    /// FNV-1a, 64 bits, its high bits folded into the low ones (tables take the low bits).
    @inline(__always) static func fnv1a(_ u: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in u { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    static func fnv1a(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { fnv1a($0) }
    }
}

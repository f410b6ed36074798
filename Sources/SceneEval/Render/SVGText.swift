import SceneLang

/// How much room the writer's text takes, without a font: the SVG names a font
/// stack and the renderer picks, so labels are placed and the canvas sized against
/// a deliberately generous estimate. Each ASCII advance is the wider of DejaVu Sans
/// and Liberation Sans (what Linux renderers substitute for the stack; Apple's
/// system font and Helvetica are narrower), so the estimate errs long.
enum SVGText {
    /// Advance widths of U+0020…U+007E in thousandths of an em.
    static let ascii: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 556,
        1015, 684, 686, 722, 770, 667, 611, 778, 752, 295, 500, 667, 557, 863, 748, 787,
        667, 787, 722, 667, 611, 732, 684, 989, 685, 667, 685, 390, 337, 390, 838, 556,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    /// Above the baseline and below it, in ems (DejaVu Sans, the taller of the two).
    static let ascent = 0.93, descent = 0.24

    /// The estimated advance of `s` at `size` points. Other scripts: 0.7 em a
    /// character, 1 em for wide (CJK, emoji) ones; combining marks take none.
    static func width(_ s: String, size: Double) -> Double {
        var em = 0
        for u in s.unicodeScalars {
            let v = u.value
            if v >= 0x20 && v < 0x7F {
                em += Int(ascii[Int(v - 0x20)])
            } else if v < 0x20 || (0x300..<0x370).contains(v) || (0xFE00..<0xFE10).contains(v) || v == 0x200D {
                continue
            } else if v >= 0x1100 && (v < 0x1200 || (0x2E80..<0xA4D0).contains(v) || (0xAC00..<0xD7A4).contains(v)
                                         || (0xF900..<0xFB00).contains(v) || (0xFF00..<0xFF61).contains(v) || v >= 0x1F000) {
                em += 1000
            } else {
                em += 700
            }
        }
        return Double(em) / 1000 * size
    }
}

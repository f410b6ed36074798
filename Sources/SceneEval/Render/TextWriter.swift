import SceneLang

/// The resolved tree as readable text: one line per shape with its label, kind,
/// frame, the four radii (topLeading topTrailing bottomTrailing bottomLeading)
/// and the container it resolved against.
public enum TextWriter {
    public static func write(_ scene: ResolvedScene) -> String {
        var all = ""
        write(scene) { all += $0 }
        return all
    }

    /// The same text, streamed to `sink` in pieces of about a megabyte.
    public static func write(_ scene: ResolvedScene, to sink: (String) -> Void) {
        var out = ""
        let s = scene.screen
        out += "screen \(s.name ?? "custom") \(Format.number(s.width))×\(Format.number(s.height)) radius \(Format.number(s.radius)), target \(scene.target.rawValue)\n"
        guard !scene.shapes.isEmpty else { sink(out + "(no shapes)\n"); return }
        var rows: [[String]] = [["shape", "kind", "x", "y", "width", "height", "radii (tl tr br bl)", "against", "notes"]]
        rows.reserveCapacity(scene.shapes.count + 1)
        for sh in scene.shapes {
            let name = String(repeating: "  ", count: min(sh.depth, 40)) + sh.id
            var notes: [String] = []
            if sh.isContainer, let r = sh.containerRadii {
                notes.append("container " + (r.isUniform ? Format.number(r[.topLeading]) : r.description))
            }
            if sh.glass { notes.append("glass") }
            if sh.style == .circular { notes.append("circular") }
            // A radius iOS 26 would trap on: what was written and what is drawn.
            notes += sh.decisions.list.map { d in
                d == .radiusOverflowClamped && !sh.overflows.isEmpty
                    ? "\(d.rawValue) (\(sh.overflows.map(\.description).joined(separator: "; ")))" : d.rawValue
            }
            let radii = sh.kind == .group ? "-" : sh.radii.description
            rows.append([name, sh.kind.rawValue, Format.number(sh.frame.x), Format.number(sh.frame.y),
                         Format.number(sh.frame.width), Format.number(sh.frame.height), radii,
                         scene.containerName(sh.container) ?? "-", notes.joined(separator: ", ")])
        }
        // Column widths from the rows (capped so one long label cannot push everything right).
        var widths = [Int](repeating: 0, count: rows[0].count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], min(c.count, 48)) } }
        let numeric: Set<Int> = [2, 3, 4, 5]
        for r in rows {
            var line = ""
            for (i, c) in r.enumerated() {
                let padCount = max(0, widths[i] - c.count)
                if i == r.count - 1 { line += c; break }
                if numeric.contains(i) { line += String(repeating: " ", count: padCount) + c }
                else { line += c + String(repeating: " ", count: padCount) }
                line += "  "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line
            out += "\n"
            if out.utf8.count >= 1 << 20 { sink(out); out = "" }
        }
        sink(out)
    }
}

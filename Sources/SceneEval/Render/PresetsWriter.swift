import SceneLang

/// `scene presets` and `scene presets --json`: the preset table
/// (`ScreenPreset.all`) with every row's status and source.
public enum PresetsWriter {
    static let header = ["name", "device", "size", "radius", "status", "source"]

    static func cells(_ p: ScreenPreset) -> [String] {
        [p.name, p.device, "\(Format.number(p.width))×\(Format.number(p.height))",
         p.radius.map(Format.number) ?? "none", p.status.rawValue, p.source]
    }

    /// Aligned columns, the source last (unpadded).
    public static func text(_ presets: [ScreenPreset] = ScreenPreset.all) -> String {
        let rows = [header] + presets.map(cells)
        var widths = [Int](repeating: 0, count: header.count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        var out = ""
        for r in rows {
            var line = ""
            for (i, c) in r.enumerated() {
                line += i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count + 2)
            }
            out += line + "\n"
        }
        return out
    }

    /// `{"presets": [{"name", "device", "family", "width", "height", "radius" (null
    /// when no source gives one), "status", "source"}, …]}`, one preset a line.
    public static func json(_ presets: [ScreenPreset] = ScreenPreset.all) -> String {
        var o = "{\"presets\": ["
        for (i, p) in presets.enumerated() {
            o += i == 0 ? "\n  " : ",\n  "
            o += "{\"name\": "; JSONWriter.appendString(p.name, to: &o)
            o += ", \"device\": "; JSONWriter.appendString(p.device, to: &o)
            o += ", \"family\": \""; o += p.family.rawValue
            o += "\", \"width\": "; o += JSONWriter.num(p.width)
            o += ", \"height\": "; o += JSONWriter.num(p.height)
            o += ", \"radius\": "; o += p.radius.map(JSONWriter.num) ?? "null"
            o += ", \"status\": \""; o += p.status.rawValue
            o += "\", \"source\": "; JSONWriter.appendString(p.source, to: &o)
            o += "}"
        }
        return o + (presets.isEmpty ? "]}\n" : "\n]}\n")
    }
}

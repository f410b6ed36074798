import SceneLang

/// The file's colours as named constants (`Color.mapFill`), each written once in a
/// private extension of Color; a colour the scene names (`fill red`) is SwiftUI's own (`.red`).
extension SwiftUIEmitter {
    /// Node i's colour `c` in the code: `.red` for a named colour, else its constant, named
    /// after the first shape that uses it (`mapFill`; an unlabelled shape by its place,
    /// `row2Fill`), or for the preview's colour of a shape without a fill, its depth (`depth1Fill`).
    mutating func colour(_ c: Color, user i: Int, depth: Int? = nil) -> String {
        if let name = c.name { return "." + name }
        let code = SwiftSource.color(c)
        // Nodes are written children first: the name is given at the end (`nameColours`),
        // after the first user in document order, so the code holds a placeholder till then.
        if let k = colours.firstIndex(where: { $0.code == code }) {
            if i < colours[k].first { colours[k].first = i; colours[k].depth = depth }
            return Self.colourPlaceholder(k)
        }
        colours.append((code, i, depth, ""))
        return Self.colourPlaceholder(colours.count - 1)
    }

    static func colourPlaceholder(_ k: Int) -> String { "Color.\u{1}\(k)\u{1}" }

    /// Each colour's name, in document order of first use, put in place of its placeholder in `code`.
    mutating func nameColours(in code: String) -> String {
        var taken: Set<String> = []
        var out = code
        for k in colours.indices.sorted(by: { colours[$0].first < colours[$1].first }) {
            let i = colours[k].first
            let stem = colours[k].depth.map { "depth\($0)" }
                ?? nodes[i].label.map { SwiftNames.lowerCamel($0.name) }
                ?? SwiftNames.lowerCamel(String(path(i).map { $0 == "." ? "_" : $0 }))
            var name = stem + "Fill", n = 2
            while taken.contains(name) || !SwiftNames.isFree(name) { name = stem + "Fill\(n)"; n += 1 }
            taken.insert(name)
            colours[k].name = name
            out = out.replacingAll(Self.colourPlaceholder(k), with: "Color." + name)
        }
        return out
    }

    /// The fill: the node's `fill`, else the palette colour of its drawn depth (as the SVG draws it).
    mutating func fill(_ i: Int) -> String {
        if let c = items[i].fill { return colour(c, user: i) }
        var depth = 0
        var p = parents[i]
        while let j = p { if items[j].drawn != nil { depth += 1 }; p = parents[j] }
        return colour(SVGStyle.palette[depth % SVGStyle.palette.count], user: i, depth: depth % SVGStyle.palette.count)
    }

    /// `private extension Color { static let mapFill = Color(…) }`, in document order of first use.
    func colourExtension() -> String {
        guard !colours.isEmpty else { return "" }
        var lines = ["", "/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a",
                     "/// shape without one after its depth, as `scene run --svg` draws it.",
                     "private extension Color {"]
        for c in colours.sorted(by: { $0.first < $1.first }) { lines.append("    static let \(c.name) = \(c.code)") }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }
}

fileprivate extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: String, with new: String) -> String {
        var out = "", rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + new
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

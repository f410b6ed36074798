import SceneLang

/// Options for `scene run --svg`.
public struct SVGOptions: Sendable {
    /// Mark each rounded corner's centre and draw the container's corner guide.
    public var centers = false
    /// Draw each shape's label.
    public var labels = false
    public init(centers: Bool = false, labels: Bool = false) {
        self.centers = centers; self.labels = labels
    }
}

/// SVG export (issue 3 replaces this first cut with Apple's continuous corners).
public enum SVGWriter {
    /// One scene, or (with `compare`) the scene and its iOS 18 fallback side by side.
    public static func write(_ scene: ResolvedScene, compare: ResolvedScene? = nil, options: SVGOptions = SVGOptions()) -> String {
        let s = scene.screen
        let margin = 16.0
        let panels = compare == nil ? [scene] : [scene, compare!]
        let totalW = Double(panels.count) * (s.width + 2 * margin)
        var o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        o += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 \(Format.number(totalW)) \(Format.number(s.height + 2 * margin))\">\n"
        for (i, p) in panels.enumerated() {
            let dx = Double(i) * (s.width + 2 * margin) + margin
            o += "<g transform=\"translate(\(Format.number(dx)) \(Format.number(margin)))\">\n"
            o += "<rect width=\"\(Format.number(s.width))\" height=\"\(Format.number(s.height))\" rx=\"\(Format.number(s.radius))\" fill=\"#f2f2f7\" stroke=\"#1c1c1e\"/>\n"
            for sh in p.shapes where sh.kind != .group {
                o += "<rect x=\"\(Format.number(sh.frame.x))\" y=\"\(Format.number(sh.frame.y))\" width=\"\(Format.number(sh.frame.width))\" height=\"\(Format.number(sh.frame.height))\" rx=\"\(Format.number(sh.radii.topLeading))\" fill=\"\(sh.fill?.hex ?? "#0a84ff")\"/>\n"
            }
            o += "</g>\n"
        }
        return o + "</svg>\n"
    }
}

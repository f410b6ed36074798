import SceneLang

// `--guides`: what a phone's display keeps for the system, drawn over the
// shapes (under `--centers` and `--labels`), cut to the display's corners: the
// safe area (a dashed rectangle), the band below it where the home indicator
// sits, and the Dynamic Island. Values come from the preset's guides
// (`ScreenPreset.guides`, each with its source in docs/presets.md); a preset
// without them, or a custom screen, draws none, and an unknown island is not drawn.

extension SVGDocument {
    mutating func guides(_ scene: ResolvedScene, prefix: String, clip: String) {
        guard let g = scene.screen.preset?.guides else { return }
        let w = scene.screen.width, h = scene.screen.height
        out.raw("<g id=\""); out.id(unique(prefix + "guides")); out.raw("\" clip-path=\"url(#"); out.id(clip); out.raw(")\">\n")
        if g.safeBottom > 0 {
            out.raw("<path id=\""); out.id(unique(prefix + "home-indicator")); out.raw("\" d=\"")
            band(y: h - g.safeBottom, width: w, height: g.safeBottom)
            out.raw("\" fill=\""); out.raw(SVGStyle.guideBand); out.raw("\" fill-opacity=\""); out.number(SVGStyle.guideBandOpacity)
            out.raw("\"><title>"); out.text("home indicator: the bottom \(Format.number(g.safeBottom)) pt, below the safe area"); out.raw("</title></path>\n")
        }
        out.raw("<path id=\""); out.id(unique(prefix + "safe-area")); out.raw("\" d=\"")
        band(y: g.safeTop, width: w, height: h - g.safeTop - g.safeBottom)
        out.raw("\" fill=\"none\" stroke=\""); out.raw(SVGStyle.safeArea); out.raw("\" stroke-width=\"1.25\" stroke-dasharray=\"5 3\"><title>")
        out.text("safe area: \(Format.number(g.safeTop)) pt from the top, \(Format.number(g.safeBottom)) pt from the bottom")
        out.raw("</title></path>\n")
        if let i = g.island {
            out.raw("<path id=\""); out.id(unique(prefix + "dynamic-island")); out.raw("\" d=\"")
            out.path(Outline.capsule(in: Frame(x: (w - i.width) / 2, y: i.y, width: i.width, height: i.height), style: .continuous))
            out.raw("\" fill=\""); out.raw(SVGStyle.island); out.raw("\"><title>")
            out.text("Dynamic Island: \(Format.number(i.width)) × \(Format.number(i.height)) pt, \(Format.number(i.y)) pt from the top")
            out.raw("</title></path>\n")
        }
        out.raw("</g>\n")
    }

    /// A rectangle across the screen from `y`, `height` tall, as path data.
    private mutating func band(y: Double, width: Double, height: Double) {
        out.pathMove(Point(0, y))
        out.raw("h"); out.number(width); out.raw("v"); out.number(height); out.raw("h"); out.number(-width); out.raw("z")
    }
}

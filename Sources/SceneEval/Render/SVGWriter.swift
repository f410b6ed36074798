import SceneLang
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// SVG export: resolved scene → one SVG 1.1 document.
//
// IMPLEMENTATION NOTES. The writer owns everything textual about the SVG: number
// formatting (`SVGBuffer.number`, byte for byte `Format.number`: at most three
// decimals, trailing zeros trimmed, never `-0`), text and id escaping, and the
// element order. Geometry comes from `RoundedRect` (CornerGeometry.swift); the
// writer only drops segments that vanish at output precision. Coordinates are
// scene points: the first panel is not transformed and the viewBox is the extent
// of the screen and every shape (SVGExtent.swift) plus the margin, so each path's
// absolute `M` reads against the frames `scene run` prints and nothing that
// overflows the screen is cut off; the rest of a path is relative, exact to the
// thousandth (deltas between rounded points), so equal corners read the same
// wherever they are. Document order: screen outline, shapes in scene order
// (parents before children: the painter's order is the tree's) in one group that
// carries their outline, the screen's edge again if shapes overflow it, then the
// `--centers` overlay and `--labels` (SVGLabels.swift) on top. Nothing iterates a dictionary, so output is deterministic and golden files
// are stable. Speed: the 100,000-node bench is ~50 MB of SVG, so the document
// streams through one 1 MB buffer and nothing per number allocates or calls libm.

/// Options for `scene run --svg`.
public struct SVGOptions: Sendable, Equatable {
    /// Mark each rounded corner's centre and draw its container's corner guide.
    public var centers = false
    /// Draw each labelled shape's label.
    public var labels = false
    /// Draw the device's safe area, Dynamic Island and home-indicator band
    /// where its preset has them (`ScreenPreset.guides`).
    public var guides = false
    public init(centers: Bool = false, labels: Bool = false, guides: Bool = false) {
        self.centers = centers; self.labels = labels; self.guides = guides
    }
}

/// SVG export (issue 3): Apple's continuous corners, shared centres made visible.
public enum SVGWriter {
    /// The screen's fill, `#rrggbb` (a PNG's `--background screen`).
    public static var screenColour: String { "\(SVGStyle.screenFill)" }

    /// One scene, or (with `compare`) the scene and a second evaluation of it,
    /// normally the iOS 18 fallback, side by side, each panel titled.
    public static func write(_ scene: ResolvedScene, compare: ResolvedScene? = nil,
                             options: SVGOptions = SVGOptions()) -> String {
        String(decoding: bytes(scene, compare: compare, options: options), as: UTF8.self)
    }

    /// The same document as UTF-8 bytes.
    public static func bytes(_ scene: ResolvedScene, compare: ResolvedScene? = nil,
                             options: SVGOptions = SVGOptions()) -> [UInt8] {
        var result: [UInt8] = []
        write(scene, compare: compare, options: options) { result.append(contentsOf: $0) }
        return result
    }

    /// The same document, streamed: `sink` receives it in order, in chunks of up to
    /// 1 MB (a chunk may end inside a multi-byte character). This is the fast way to
    /// a file: nothing the size of the document is ever held in memory.
    public static func write(_ scene: ResolvedScene, compare: ResolvedScene? = nil,
                             options: SVGOptions = SVGOptions(),
                             to sink: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var doc = SVGDocument(out: SVGBuffer(flush: sink), options: options)
            doc.write(compare.map { [scene, $0] } ?? [scene])
            doc.out.finish()
        }
    }
}

/// How things look: one table, so a colour is changed in one place.
enum SVGStyle {
    /// Space around the screen, and between panels (in points).
    static let margin = 16.0
    /// Room above each panel for its title (`--compare`).
    static let titleBand = 28.0
    /// Room below the screen for the legend (`--centers`): three lines.
    static let legendBand = 48.0

    static let screenFill: StaticString = "#f2f2f7"
    static let screenStroke: StaticString = "#1c1c1e"
    static let ink: StaticString = "#1c1c1e"
    /// The screen's edge drawn over shapes that overflow it.
    static let screenEdgeDash: StaticString = "6 3"
    /// `--guides`: the safe area's dashed edge, the home indicator's band, the Dynamic Island.
    static let safeArea: StaticString = "#ff9500"
    static let guideBand: StaticString = "#8e8e93"
    static let guideBandOpacity = 0.35
    static let island: StaticString = "#000000"
    /// How strongly what overflows the screen (cut off by the device) is drawn.
    static let overflowOpacity = 0.35

    /// Fills by drawn depth (how many drawn ancestors a shape has), alternating dark
    /// and light so every shape stands out from the one behind it, and the first
    /// from the screen. A test checks the contrast ratios.
    static let palette: [Color] = [
        Color(r: 0x0a, g: 0x24, b: 0x63),  // navy
        Color(r: 0xff, g: 0xc3, b: 0x00),  // amber
        Color(r: 0x9d, g: 0x02, b: 0x08),  // deep red
        Color(r: 0x9b, g: 0xe7, b: 0xf0),  // light cyan
        Color(r: 0x3c, g: 0x16, b: 0x42),  // plum
        Color(r: 0xb8, g: 0xf2, b: 0xa1),  // light green
    ]
    static let screenColor = Color(r: 0xf2, g: 0xf2, b: 0xf7)

    /// Glass: a translucent fill under a light rim. Like Liquid Glass it adapts to
    /// what is behind it: a white frost over dark content, a smoky tint over light
    /// content (white would vanish there). A glass shape with a `fill` is tinted
    /// with it instead.
    static let glassOverDark = (color: Color(r: 255, g: 255, b: 255), opacity: 0.35)
    static let glassOverLight = (color: Color(r: 0x1c, g: 0x1c, b: 0x1e), opacity: 0.14)
    static let glassTintOpacity = 0.5
    /// The rim: white over dark content; over light content (the screen's own
    /// `#f2f2f7`, where white would vanish) a grey that keeps at least 3:1 against
    /// it (a test checks it, in colour and in pixels).
    static let glassStroke: StaticString = "#ffffff"
    static let glassStrokeOverLight: StaticString = "#6e6e73"
    static let glassStrokeOverLightColor = Color(r: 0x6e, g: 0x6e, b: 0x73)
    static let glassStrokeOpacity = 0.9
    static let glassStrokeWidth = 1.5
    /// Above this relative luminance a backdrop is light (dark ink, smoky glass).
    static let lightLuminance = 0.4

    /// Every shape's outline: a thin line in whichever of dark ink and white stands
    /// out more against the shape's own colour. Where the fill contrasts with what
    /// is behind, that edge shows anyway; where it does not (a `#f2f2f7` card on the
    /// `#f2f2f7` screen, a clear shape, a sibling of the same palette colour drawn
    /// over another), the outline contrasts with both. At this opacity the better of
    /// the two keeps 3:1 (WCAG's non-text contrast) against any opaque colour; a
    /// test checks it. Glass keeps its rim instead.
    static let outlineDark: StaticString = "#1c1c1e"
    static let outlineLight: StaticString = "#fff"
    static let outlineOpacity = 0.75
    static let outlineWidth = 0.5

    /// `--centers`: a corner centre that coincides with its container's corner centre.
    static let sharedCentre: StaticString = "#00c853"
    /// A corner centre of its own (flared, pinched, at its minimum, or no container corner).
    static let ownCentre: StaticString = "#ff2d95"
    /// The container's corner guide: a dashed circle of its radius and a dot at its centre.
    static let guide: StaticString = "#0a84ff"
    static let halo: StaticString = "#ffffff"
    static let crossArm = 4.0
    static let guideDot = 1.75
    /// Overlay marks per `<path>` (a few kB of path data each).
    static let marksPerPath = 200
    /// Two centres closer than this (points) are drawn as shared.
    static let sharedTolerance = 0.01

    /// Apple's system font where there is one; DejaVu Sans for Linux renderers (resvg
    /// maps `sans-serif` to Arial, often missing there).
    static let font: StaticString = "-apple-system, system-ui, Helvetica, Arial, DejaVu Sans, sans-serif"
    static let labelSize = 10.0
    /// The width of the halo stroked under each label.
    static let labelHalo = 2.0
    static let titleSize = 14.0
}

// MARK: - The document

struct SVGDocument {
    var out: SVGBuffer
    let options: SVGOptions
    /// Every id written so far (ids are unique across panels).
    var ids = SVGIDs()

    mutating func write(_ panels: [ResolvedScene]) {
        let m = SVGStyle.margin
        let top = panels.count > 1 ? SVGStyle.titleBand : 0
        let bottom = options.centers ? SVGStyle.legendBand : 0
        // Every panel covers the screen and every shape of every panel (a shape that
        // overflows the screen is drawn whole), so the panels line up.
        let extents = panels.map(\.svgExtent)
        let e = extents.dropFirst().reduce(extents[0]) { $0.union($1) }
        let stride = e.width + 3 * m
        var width = Double(panels.count - 1) * stride + e.width + 2 * m
        if options.centers { width = max(width, legendWidth + 2 * m) }
        let height = e.height + 2 * m + top + bottom

        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"")
        out.number(width); out.raw("\" height=\""); out.number(height)
        out.raw("\" viewBox=\""); out.number(e.minX - m); out.space(); out.number(e.minY - m - top); out.space()
        out.number(width); out.space(); out.number(height); out.raw("\">\n")
        out.raw("<title>"); out.text(describe(panels[0])); out.raw("</title>\n")

        for (i, scene) in panels.enumerated() {
            let prefix = panels.count > 1 ? scene.target.rawValue + "-" : ""
            ids.begin(prefix: prefix, shapes: scene.shapes)
            if panels.count > 1 {
                out.raw("<g id=\""); out.id(unique(scene.target.rawValue)); out.raw("\"")
                if i > 0 { out.raw(" transform=\"translate("); out.number(Double(i) * stride); out.raw(" 0)\"") }
                out.raw(">\n")
                title(scene, at: Point(e.minX, e.minY - m - 10))
            }
            // Labels stay inside the panel's share of the viewBox.
            let area = SVGBox(x: e.minX - m + 1, y: e.minY - m + 1, width: e.width + 2 * m - 2, height: e.height + 2 * m - 2)
            panel(scene, prefix: prefix, overflows: scene.svgOverflows(extents[i]) ? e : nil, labelArea: area)
            if panels.count > 1 { out.raw("</g>\n") }
        }
        if options.centers { legend(at: Point(e.minX, e.maxY + m + 8)) }
        out.raw("</svg>\n")
    }

    func describe(_ scene: ResolvedScene) -> String {
        let s = scene.screen
        return "\(s.name ?? "screen") \(Format.number(s.width))×\(Format.number(s.height)) radius \(Format.number(s.radius)), target \(scene.target.name(onWindow: s.isWindow))"
    }

    /// `id`, or `id-2`, `id-3`, … if it is taken.
    mutating func unique(_ id: String) -> String { ids.unique(id) }

    /// A panel's title: the platform release it shows. Mac windows (`mac-*` presets)
    /// are macOS 26, whose fallback is macOS 15; everything else is iOS 26 / iOS 18.
    static func title(_ scene: ResolvedScene) -> String {
        let mac = scene.screen.isWindow
        switch scene.target {
        case .ios18: return mac ? "macOS 15 fallback" : "iOS 18 fallback"
        case .ios26: return mac ? "macOS 26" : "iOS 26"
        }
    }

    mutating func title(_ scene: ResolvedScene, at p: Point) {
        let name = Self.title(scene)
        out.raw("<text x=\""); out.number(p.x); out.raw("\" y=\""); out.number(p.y)
        out.raw("\" font-family=\""); out.raw(SVGStyle.font); out.raw("\" font-size=\"")
        out.number(SVGStyle.titleSize); out.raw("\" font-weight=\"bold\" fill=\""); out.raw(SVGStyle.ink)
        out.raw("\">"); out.text(name); out.raw("</text>\n")
    }

    /// One panel. `overflows`: the panel's extent, when shapes reach past the screen.
    mutating func panel(_ scene: ResolvedScene, prefix: String, overflows: Frame?, labelArea: SVGBox) {
        // The screen, behind everything.
        out.raw("<path id=\""); out.id(unique(prefix + "screen")); out.raw("\" d=\"")
        out.path(RoundedRect(screen: scene.screen))
        out.raw("\" fill=\""); out.raw(SVGStyle.screenFill); out.raw("\" stroke=\"")
        out.raw(SVGStyle.screenStroke); out.raw("\" stroke-width=\"1\"/>\n")

        // The device shows content only within its display's corners (a window
        // within its own): the shapes are clipped to the screen's outline.
        let screenClip = unique(prefix + "screen-clip")
        clipPath(screenClip) { $0.out.path(RoundedRect(screen: scene.screen)) }
        out.raw("<g clip-path=\"url(#"); out.id(screenClip); out.raw(")\">\n")

        // Fields are read in place through a pointer to each shape (`shape.pointee.frame`),
        // never by copying a whole shape, which would retain its strings and arrays 100,000
        // times: an Array's subscript, and even the buffer's (`all[i].extras`), copied the
        // shape for reads of computed properties. The shapes' group carries the dark
        // outline; a dark shape overrides it with white.
        let shapes = scene.shapes
        var painter = SVGPainter(count: shapes.count)
        let content = overflows == nil ? nil : unique(prefix + "shapes")
        out.raw("<g")
        if let content { out.raw(" id=\""); out.id(content); out.raw("\"") }
        out.raw(" stroke=\""); out.raw(SVGStyle.outlineDark); out.raw("\" stroke-opacity=\"")
        out.number(SVGStyle.outlineOpacity); out.raw("\" stroke-width=\""); out.number(SVGStyle.outlineWidth); out.raw("\">\n")
        // The depths of the nodes whose `clip` groups are open: a node's clip holds
        // it and its descendants, which follow it in scene order, deeper. `ahead`:
        // the next labelled shape's id, its slot fetched a shape early (`idAhead`).
        var clipped: [Int] = [], ahead: (index: Int, id: String, hash: Int)? = nil
        shapes.withUnsafeBufferPointer { all in
            for i in all.indices {
                let shape = all.baseAddress! + i, known = ahead.flatMap { $0.index == i ? $0 : nil }
                ahead = idAhead(all, i, prefix: prefix)
                while let d = clipped.last, shape.pointee.depth <= d { out.raw("</g>\n"); clipped.removeLast() }
                if openClip(shape, prefix: prefix) { clipped.append(shape.pointee.depth) }
                // Every shape is painted in order (a group passes its backdrop on).
                let paint = painter.paint(all, i)
                guard shape.pointee.kind != .group else { continue }
                // An unlabelled shape's id, `node-N` (N = its ordinal + 1, normally its
                // index + 1), is written from the number, not made as a String.
                ids.written(upTo: i)
                let generated = shape.pointee.label == nil && shape.pointee.ordinal == i
                let id = generated && ids.generatedFree(i) ? nil
                    : known.map { ids.unique($0.id, hash: $0.hash) } ?? unique(prefix + shape.pointee.id)
                guard shape.pointee.isDrawable else {
                    out.raw("<!-- "); out.comment(id ?? prefix + "node-" + String(i + 1))
                    out.raw(": not drawn, its frame or radii are not finite -->\n")
                    continue
                }
                out.raw("<path id=\"")
                if let id { out.id(id) } else { out.nodeID(prefix: prefix, i + 1) }
                out.raw("\" d=\"")
                out.path(shape.pointee.kind.outline(frame: shape.pointee.frame, radii: shape.pointee.radii, style: shape.pointee.style))
                out.raw("\" fill=\""); out.hex(paint.color)
                if paint.opacity < 1 { out.raw("\" fill-opacity=\""); out.number(paint.opacity) }
                if paint.glass {
                    out.raw("\" stroke=\""); out.raw(paint.overLight ? SVGStyle.glassStrokeOverLight : SVGStyle.glassStroke)
                    out.raw("\" stroke-opacity=\""); out.number(SVGStyle.glassStrokeOpacity)
                    out.raw("\" stroke-width=\""); out.number(SVGStyle.glassStrokeWidth)
                } else if paint.lightOutline {
                    out.raw("\" stroke=\""); out.raw(SVGStyle.outlineLight)
                }
                out.raw("\"/>\n")
            }
        }
        for _ in clipped { out.raw("</g>\n") }
        out.raw("</g>\n</g>\n")
        ids.written(upTo: shapes.count)
        if let e = overflows, let content { overflow(scene, extent: e, content: content, prefix: prefix) }
        if options.guides { guides(scene, prefix: prefix, clip: screenClip) }
        let crosses = options.centers ? centres(scene, prefix: prefix) : []
        if options.labels { labels(scene, painter: painter, prefix: prefix, crosses: crosses, area: labelArea) }
    }

    /// SwiftUI's `.clipShape`: when the shape has a `clip` layer, its `<clipPath>` and
    /// the `<g>` that cuts the node and everything in it to the clip's outline, opened
    /// (true; the caller closes it after the node's descendants). (Its box and layers
    /// read only when it has layers, and a layer's use compared, not its name built:
    /// every shape of a scene has a box, the label's or the drawn numbers', which was
    /// retained to ask.)
    mutating func openClip(_ shape: UnsafePointer<ResolvedShape>, prefix: String) -> Bool {
        guard shape.pointee.extras?.hasLayers == true, shape.pointee.isDrawable,
              let clip = shape.pointee.extras?.layers.first(where: { $0.use == .clip }) else { return false }
        let id = unique(prefix + shape.pointee.id + "-clip")
        let outline = clip.kind.outline(frame: shape.pointee.frame, radii: clip.radii, style: shape.pointee.style)
        clipPath(id) { $0.out.path(outline) }
        out.raw("<g clip-path=\"url(#"); out.id(id); out.raw(")\">\n")
        return true
    }

    /// The label of the shape `ResolvedShape.labelsAhead` on fetched into the cache first;
    /// then the id of the shape after `i`, when it has a label (else nil), with its slot
    /// in the ids kept fetched now (`SVGIDs.prefetch`), for `unique` a shape later.
    /// (`mutating`, though it changes nothing: called from `panel`'s loop, which holds
    /// `self` inout, a non-mutating method was handed a copy of the whole document,
    /// its every reference retained and released, each shape.)
    mutating func idAhead(_ all: UnsafeBufferPointer<ResolvedShape>, _ i: Int, prefix: String) -> (index: Int, id: String, hash: Int)? {
        ResolvedShape.prefetchLabel(of: i + ResolvedShape.labelsAhead, in: all)
        guard i + 1 < all.count, all[i + 1].kind != .group, let next = all[i + 1].label else { return nil }
        let id = prefix + next
        return (i + 1, id, ids.prefetch(id))
    }

    /// Shapes reach past the screen: what the device cuts off is drawn faded
    /// (the same shapes, `content`, clipped to everything outside the screen),
    /// and the screen's edge again over them, so the picture still shows where
    /// the device clips: dark dashes on a light line, seen on any fill.
    mutating func overflow(_ scene: ResolvedScene, extent e: Frame, content: String, prefix: String) {
        let outside = unique(prefix + "overflow-clip")
        clipPath(outside, evenOdd: true) { doc in
            let m = SVGStyle.margin
            doc.out.pathMove(Point(e.minX - m, e.minY - m))
            doc.out.raw("h"); doc.out.number(e.width + 2 * m); doc.out.raw("v"); doc.out.number(e.height + 2 * m)
            doc.out.raw("h"); doc.out.number(-(e.width + 2 * m)); doc.out.raw("z")
            doc.out.path(RoundedRect(screen: scene.screen))
        }
        out.raw("<use xlink:href=\"#"); out.id(content); out.raw("\" clip-path=\"url(#"); out.id(outside)
        out.raw(")\" opacity=\""); out.number(SVGStyle.overflowOpacity); out.raw("\"/>\n")
        let edge = RoundedRect(screen: scene.screen)
        out.raw("<path d=\""); out.path(edge)
        out.raw("\" fill=\"none\" stroke=\""); out.raw(SVGStyle.halo); out.raw("\" stroke-width=\"2.5\"/>\n")
        out.raw("<path id=\""); out.id(unique(prefix + "screen-edge")); out.raw("\" d=\""); out.path(edge)
        out.raw("\" fill=\"none\" stroke=\""); out.raw(SVGStyle.screenStroke)
        out.raw("\" stroke-width=\"1.25\" stroke-dasharray=\""); out.raw(SVGStyle.screenEdgeDash); out.raw("\"/>\n")
    }

    /// `<clipPath id="id">` holding one path, whose data `d` writes.
    mutating func clipPath(_ id: String, evenOdd: Bool = false, _ d: (inout SVGDocument) -> Void) {
        out.raw("<clipPath id=\""); out.id(id); out.raw("\"><path")
        if evenOdd { out.raw(" clip-rule=\"evenodd\"") }
        out.raw(" d=\""); d(&self); out.raw("\"/></clipPath>\n")
    }

    /// Whether a white outline contrasts more than a dark one with `backdrop`.
    static func lightOutline(over backdrop: Color) -> Bool { SVGPainter.lightOutline(over: backdrop) }

    // MARK: --centers

    /// The corners a container publishes, as a rounded rect (its frame, or for a
    /// circle its centred square, as the evaluator measures it).
    func published(_ ref: ContainerRef, in scene: ResolvedScene) -> RoundedRect? {
        switch ref {
        case .node(let j):
            let c = scene.shapes[j]
            guard let radii = c.containerRadii, c.isDrawable else { return nil }
            return RoundedRect(frame: Outer(container: c).frame, radii: radii, style: .circular)
        case .screen:
            return RoundedRect(frame: scene.screen.frame, radii: Radii(all: scene.screen.radius), style: .continuous)
        case .none:
            return nil
        }
    }

    /// Draws the overlay; returns every cross drawn (labels keep clear of them).
    mutating func centres(_ scene: ResolvedScene, prefix: String) -> [Point] {
        let shapes = scene.shapes
        // Which containers hold a rounded shape: their guides are drawn.
        var guided = [Bool](repeating: false, count: shapes.count)
        var guideScreen = false
        for s in shapes where s.kind != .group && s.isDrawable {
            switch s.enclosing {
            case .node(let j): guided[j] = true
            case .screen: guideScreen = true
            case .none: break
            }
        }
        var guides: [RoundedRect] = []
        if guideScreen, let g = published(.screen, in: scene) { guides.append(g) }
        for j in shapes.indices where guided[j] { if let g = published(.node(j), in: scene) { guides.append(g) } }

        // A dashed circle of the corner radius about each distinct corner centre (a
        // capsule's or a circle's corners share theirs), over a light halo, and a dot
        // at the centre.
        var circles: [(centre: Point, radius: Double)] = []
        for g in guides {
            let first = circles.count
            for corner in Corner.four {
                guard let c = g.centre(corner) else { continue }
                let r = g.radii[corner]
                if !circles[first...].contains(where: { $0.centre == c && $0.radius == r }) { circles.append((c, r)) }
            }
        }

        out.raw("<g id=\""); out.id(unique(prefix + "centers")); out.raw("\" fill=\"none\">\n")
        let halo = Stroke(color: SVGStyle.halo, width: 2.25, opacity: 0.6)
        paths(circles, halo) { $0.out.circle($1.centre, $1.radius) }
        paths(circles, Stroke(color: SVGStyle.guide, width: 1, dashed: true)) { $0.out.circle($1.centre, $1.radius) }
        paths(circles, Stroke(color: SVGStyle.halo, width: 0.75, fill: SVGStyle.guide)) { $0.out.circle($1.centre, SVGStyle.guideDot) }

        // Corner centres: a cross each, green where it is the container corner's
        // centre too (concentric), pink where it is its own.
        var shared: [Point] = [], own: [Point] = []
        for s in shapes where s.kind != .group && s.isDrawable {
            let outline = Outline(shape: s)
            let outer = published(s.enclosing, in: scene)
            for corner in Corner.four {
                guard let c = outline.centre(corner) else { continue }
                if let o = outer?.centre(corner),
                   abs(o.x - c.x) <= SVGStyle.sharedTolerance, abs(o.y - c.y) <= SVGStyle.sharedTolerance {
                    shared.append(c)
                } else {
                    own.append(c)
                }
            }
        }
        for (points, color) in [(own, SVGStyle.ownCentre), (shared, SVGStyle.sharedCentre)] {
            paths(points, Stroke(color: SVGStyle.halo, width: 3)) { $0.cross($1) }
            paths(points, Stroke(color: color, width: 1.25)) { $0.cross($1) }
        }
        out.raw("</g>\n")
        return own + shared
    }

    /// How an overlay path is painted (inside a group with `fill="none"`).
    struct Stroke {
        var color: StaticString
        var width: Double
        var opacity = 1.0
        var dashed = false
        var fill: StaticString? = nil
    }

    /// Marks drawn as `<path>` elements of at most `SVGStyle.marksPerPath` subpaths
    /// each: one element per mark would bloat big scenes, one element for all of
    /// them makes an attribute larger than libxml2 (so rsvg-convert and xmllint)
    /// will read.
    mutating func paths<T>(_ items: [T], _ stroke: Stroke, _ draw: (inout SVGDocument, T) -> Void) {
        var start = 0
        while start < items.count {
            let end = min(start + SVGStyle.marksPerPath, items.count)
            out.raw("<path d=\"")
            for i in start..<end { draw(&self, items[i]) }
            if let fill = stroke.fill { out.raw("\" fill=\""); out.raw(fill) }
            out.raw("\" stroke=\""); out.raw(stroke.color)
            if stroke.opacity < 1 { out.raw("\" stroke-opacity=\""); out.number(stroke.opacity) }
            out.raw("\" stroke-width=\""); out.number(stroke.width)
            if stroke.dashed { out.raw("\" stroke-dasharray=\"4 3") }
            out.raw("\"/>\n")
            start = end
        }
    }

    mutating func cross(_ p: Point) {
        let a = SVGStyle.crossArm
        out.pathMove(Point(p.x - a, p.y)); out.raw("h"); out.number(2 * a)
        out.pathMove(Point(p.x, p.y - a)); out.raw("v"); out.number(2 * a)
    }

    static let legendRows: [(StaticString, String)] = [
        (SVGStyle.sharedCentre, "corner centre shared with its container's corner: concentric"),
        (SVGStyle.ownCentre, "corner centre of its own: flared, pinched, at its minimum or fixed"),
        (SVGStyle.guide, "container corner: a circle of its radius about its centre"),
    ]

    /// How wide the legend is: the document is at least this wide (plus margins).
    var legendWidth: Double {
        2 * SVGStyle.crossArm + 6 + Self.legendRows.map { SVGText.width($0.1, size: SVGStyle.labelSize) }.max()!
    }

    mutating func legend(at origin: Point) {
        let a = SVGStyle.crossArm, x = origin.x
        out.raw("<g id=\""); out.id(unique("legend")); out.raw("\" font-family=\""); out.raw(SVGStyle.font); out.raw("\" font-size=\"")
        out.number(SVGStyle.labelSize); out.raw("\" fill=\""); out.raw(SVGStyle.ink); out.raw("\">\n")
        for (n, (color, text)) in Self.legendRows.enumerated() {
            let row = origin.y + Double(n) * 14
            out.raw("<path d=\"")
            if n < 2 { cross(Point(x + a, row)) } else { out.pathMove(Point(x, row)); out.raw("h"); out.number(2 * a) }
            out.raw("\" fill=\"none\" stroke=\""); out.raw(color)
            out.raw(n < 2 ? "\" stroke-width=\"1.25\"/>\n" : "\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>\n")
            out.raw("<text x=\""); out.number(x + 2 * a + 6); out.raw("\" y=\""); out.number(row + 3.5)
            out.raw("\">"); out.text(text); out.raw("</text>\n")
        }
        out.raw("</g>\n")
    }

    // MARK: --labels

    /// Each labelled shape's label where `SVGLabelPlacer` puts it, over a halo: the
    /// same text stroked underneath in the contrasting colour (an SVG 1.1 halo;
    /// `paint-order` is SVG 2), so it reads over any child, cross or edge.
    mutating func labels(_ scene: ResolvedScene, painter: SVGPainter, prefix: String, crosses: [Point], area: SVGBox) {
        out.raw("<g id=\""); out.id(unique(prefix + "labels")); out.raw("\" font-family=\"")
        out.raw(SVGStyle.font); out.raw("\" font-size=\""); out.number(SVGStyle.labelSize)
        out.raw("\" stroke-width=\""); out.number(SVGStyle.labelHalo); out.raw("\" stroke-linejoin=\"round\">\n")
        SVGLabelPlacer.placeAll(scene, crosses: crosses, area: area) { i, label, box, inside in
            let behind = backdrop(at: Point((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2), label: i, inside: inside,
                                  scene, painter)
            let light = behind.luminance > SVGStyle.lightLuminance
            let ink: StaticString = light ? SVGStyle.ink : "#ffffff", halo: StaticString = light ? "#ffffff" : SVGStyle.ink
            // Outside its shape: a leader line to it.
            if !inside, let (a, b) = SVGLabelRule.leader(box, to: Outline(shape: scene.shapes[i])) {
                out.raw("<path d=\""); out.pathMove(a); out.line(to: b)
                out.raw("\" fill=\"none\" stroke=\""); out.raw(ink); out.raw("\" stroke-width=\"0.75\"/>\n")
            }
            let baseline = box.minY + SVGLabelPlacer.ascent
            out.raw("<text x=\""); out.number(box.minX); out.raw("\" y=\""); out.number(baseline)
            out.raw("\" fill=\""); out.raw(halo); out.raw("\" stroke=\""); out.raw(halo); out.raw("\">"); out.text(label); out.raw("</text>\n")
            out.raw("<text x=\""); out.number(box.minX); out.raw("\" y=\""); out.number(baseline)
            out.raw("\" fill=\""); out.raw(ink); out.raw("\">"); out.text(label); out.raw("</text>\n")
        }
        out.raw("</g>\n")
    }

    /// What is seen at `p`, the middle of shape `i`'s label: the last drawn of `i`'s
    /// descendants there (a label inside its shape may sit over a child), else `i`
    /// itself if the label is inside it, else its nearest ancestor there, else the
    /// screen, else the page (white).
    func backdrop(at p: Point, label i: Int, inside: Bool, _ scene: ResolvedScene, _ painter: SVGPainter) -> Color {
        let shapes = scene.shapes
        func under(_ j: Int) -> Bool {
            let f = shapes[j].kind.measured(shapes[j].frame)
            return shapes[j].kind != .group && shapes[j].isDrawable && p.x >= f.minX && p.x <= f.maxX && p.y >= f.minY && p.y <= f.maxY
        }
        // Descendants follow their ancestor in scene order, deeper.
        var j = i + 1, top: Int? = inside ? i : nil
        while j < shapes.count, shapes[j].depth > shapes[i].depth {
            if under(j) { top = j }
            j += 1
        }
        if let top { return painter.seen(top) }
        var a = shapes[i].parent
        while let k = a, k < i {
            if under(k) { return painter.seen(k) }
            a = shapes[k].parent
        }
        let s = scene.screen.frame
        if p.x >= s.minX, p.x <= s.maxX, p.y >= s.minY, p.y <= s.maxY { return SVGStyle.screenColor }
        return Color(r: 255, g: 255, b: 255)
    }
}

extension ResolvedShape {
    /// Whether every number the outline is built from is finite (the evaluator
    /// guarantees it; the writer never prints `nan`).
    var isDrawable: Bool {
        let f = frame, r = radii
        return (f.x + f.y + f.width + f.height).isFinite
            && (r.topLeading + r.topTrailing + r.bottomTrailing + r.bottomLeading).isFinite
    }
}

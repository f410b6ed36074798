import SceneLang
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shape's fill, and what it looks like composited over what is behind it
/// (its drawn ancestors, then the screen), which glass and labels adapt to.
struct Paint {
    var color: Color
    var opacity: Double
    var seen: Color
    var glass = false
    /// Glass over light content: its rim is grey, not white.
    var overLight = false
    /// The outline is white: it stands out more than dark ink against the
    /// shape's own colour (as seen).
    var lightOutline = false
}

/// Fills in scene order: `fill` if given, else the palette colour of the shape's
/// drawn depth (how many drawn ancestors it has); glass per `SVGStyle`, in both
/// panels of `--compare`: before iOS 26 the SwiftUI export draws glass as a
/// material (`.regularMaterial`), translucent like glass, so the fallback panel
/// shows it frosted too, not in the palette's colour.
///
/// Each shape's paint is made as it is written; what is kept is four bytes a
/// shape (the colour it is seen as, and its drawn depth modulo the palette), which
/// its children and the labels read.
struct SVGPainter {
    /// Per shape painted so far: the seen colour's r, g, b in the low three bytes,
    /// the drawn depth modulo the palette's size in the top one.
    private var backdrops: [UInt32] = []
    /// Colours are few (the palette's and the fills): each is judged once.
    private var outlines: [UInt32: Bool] = [:]
    private var last: (key: UInt32, light: Bool) = (.max, false)

    init(count: Int) {
        backdrops.reserveCapacity(count)
    }

    /// What shape `i` (painted already) looks like, composited.
    func seen(_ i: Int) -> Color {
        let v = backdrops[i]
        return Color(r: UInt8(truncatingIfNeeded: v >> 16), g: UInt8(truncatingIfNeeded: v >> 8), b: UInt8(truncatingIfNeeded: v))
    }

    /// Shape `i`'s paint. Call it for every shape (groups too), in order.
    /// (`shapes` as the buffer the writer reads: through an array's subscript each
    /// read of a computed property, `fill`, `glass`, copied the whole shape.)
    mutating func paint(_ shapes: UnsafeBufferPointer<ResolvedShape>, _ i: Int) -> Paint {
        precondition(i == backdrops.count, "shapes are painted in order")
        var behind = SVGStyle.screenColor
        var depth: UInt32 = 0
        if let p = shapes[i].parent, p < i {
            behind = seen(p)
            depth = ((backdrops[p] >> 24) + (shapes[p].kind == .group ? 0 : 1)) % UInt32(SVGStyle.palette.count)
        }
        guard shapes[i].kind != .group else {
            keep(behind, depth)
            return Paint(color: behind, opacity: 0, seen: behind)
        }
        let fill = shapes[i].fill
        var color = fill ?? SVGStyle.palette[Int(depth)]
        var opacity = Double(color.a) / 255
        let glass = shapes[i].glass
        if glass {
            if fill != nil {
                opacity *= SVGStyle.glassTintOpacity
            } else {
                let frost = behind.luminance > SVGStyle.lightLuminance ? SVGStyle.glassOverLight : SVGStyle.glassOverDark
                (color, opacity) = frost
            }
        }
        let seen = color.over(behind, opacity: opacity)
        let key = keep(seen, depth)
        let light: Bool
        if key == last.key { light = last.light }
        else if let known = outlines[key] { light = known }
        else { light = Self.lightOutline(over: seen); outlines[key] = light }
        last = (key, light)
        return Paint(color: color, opacity: opacity, seen: seen, glass: glass,
                     overLight: glass && behind.luminance > SVGStyle.lightLuminance, lightOutline: light)
    }

    /// Records a shape's seen colour and depth; returns the colour's r, g, b.
    @discardableResult private mutating func keep(_ seen: Color, _ depth: UInt32) -> UInt32 {
        let rgb = UInt32(seen.r) << 16 | UInt32(seen.g) << 8 | UInt32(seen.b)
        backdrops.append(depth << 24 | rgb)
        return rgb
    }

    /// Whether a white outline contrasts more than a dark one with `backdrop` (the
    /// colour the outline is drawn over).
    static func lightOutline(over backdrop: Color) -> Bool {
        let dark = Color(r: 0x1c, g: 0x1c, b: 0x1e), light = Color(r: 255, g: 255, b: 255)
        let o = SVGStyle.outlineOpacity
        return Color.contrast(light.over(backdrop, opacity: o), backdrop) > Color.contrast(dark.over(backdrop, opacity: o), backdrop)
    }
}

extension Color {
    /// Relative luminance (WCAG 2).
    var luminance: Double {
        func lin(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG contrast ratio between two opaque colours.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (a.luminance, b.luminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// This colour at `opacity` over an opaque `base`.
    func over(_ base: Color, opacity: Double) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) * opacity + Double(b) * (1 - opacity)).rounded())))
        }
        return Color(r: mix(r, base.r), g: mix(g, base.g), b: mix(b, base.b))
    }
}

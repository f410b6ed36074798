import SceneLang

// Where an SVG panel draws: the screen and every drawable shape's outline. The
// viewBox covers this (plus the margin), so geometry that overflows the screen —
// a shape wider than the display, a negative padding — is drawn whole rather than
// cut at the margin; the screen's edge is then drawn again on top of the shapes, so
// it still shows where the device clips.

extension ResolvedScene {
    /// The bounding box of the screen and every drawable shape's outline (a circle's
    /// is its centred square), in scene points.
    var svgExtent: Frame {
        var minX = 0.0, minY = 0.0, maxX = screen.width, maxY = screen.height
        for i in shapes.indices where shapes[i].kind != .group && shapes[i].isDrawable {
            let f = shapes[i].kind.measured(shapes[i].frame)
            // A negative size (never produced by layout) still bounds both of its edges.
            let x0 = Swift.min(f.x, f.x + f.width), x1 = Swift.max(f.x, f.x + f.width)
            let y0 = Swift.min(f.y, f.y + f.height), y1 = Swift.max(f.y, f.y + f.height)
            if x0 < minX { minX = x0 }
            if y0 < minY { minY = y0 }
            if x1 > maxX { maxX = x1 }
            if y1 > maxY { maxY = y1 }
        }
        return Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `extent` (this scene's `svgExtent`) reaches outside the screen by
    /// more than output precision.
    func svgOverflows(_ extent: Frame) -> Bool {
        let e = extent, tolerance = 0.0005
        return e.minX < -tolerance || e.minY < -tolerance
            || e.maxX > screen.width + tolerance || e.maxY > screen.height + tolerance
    }
}

extension Frame {
    /// The smallest frame holding both.
    func union(_ o: Frame) -> Frame {
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        return Frame(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
}

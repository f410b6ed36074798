import SceneLang

// A shape's outline as a value that names its geometry. The shape-kind table
// (`ShapeKind.outline`, ShapeKind+Geometry.swift) maps each kind onto one case;
// everything that draws or measures an outline switches over the cases with no
// `default`: the SVG writer and its outline cache (whose key carries the case,
// so two geometries of one size and style are never taken for each other), the
// `--centers` overlay, `--labels` placement, the REPL's `:preview` and the
// checker's sampled polygon. A new geometry is a compile error in each of them
// until it is handled.

/// What a shape's outline is, and the numbers that draw it.
public enum Outline: Sendable, Equatable {
    /// Per-corner radii in a frame, with a corner style: `rect`, `rectangle`,
    /// `uneven`, `concentric`, `relative` (and the screen).
    case roundedRect(RoundedRect)
    /// Half the shorter side at every corner of its frame, in its corner style.
    case capsule(RoundedRect)
    /// A true circle: circular corners of half the side of a square frame.
    case circle(RoundedRect)
    /// An ellipse inscribed in its frame, as SwiftUI's `Ellipse` and Core
    /// Graphics draw one: four cubics, one a quadrant, with the usual
    /// 4(√2 − 1)/3 control distance.
    case ellipse(Frame)

    /// The geometry alone, without its numbers (the SVG outline cache keys on it).
    public enum Geometry: UInt8, Sendable, CaseIterable {
        case roundedRect, capsule, circle, ellipse
    }

    public var geometry: Geometry {
        switch self {
        case .roundedRect: return .roundedRect
        case .capsule: return .capsule
        case .circle: return .circle
        case .ellipse: return .ellipse
        }
    }

    /// The frame it fills (a circle's square).
    public var frame: Frame {
        switch self {
        case .roundedRect(let r), .capsule(let r), .circle(let r): return r.frame
        case .ellipse(let f): return f
        }
    }

    /// A capsule in `frame`: half the shorter side at every corner.
    public static func capsule(in frame: Frame, style: CornerStyle) -> Outline {
        .capsule(RoundedRect(frame: frame, radii: Radii(all: frame.halfShorterSide), style: style))
    }

    /// A circle filling the square `square`.
    public static func circle(in square: Frame) -> Outline {
        .circle(RoundedRect(frame: square, radii: Radii(all: square.halfShorterSide), style: .circular))
    }

    /// How a scene shape is drawn: its kind's outline (`ShapeKind.outline`).
    public init(shape: ResolvedShape) {
        self = shape.kind.outline(frame: shape.frame, radii: shape.radii, style: shape.style)
    }

    /// The screen (or window) outline: continuous corners of the display radius.
    public init(screen: Screen) {
        self = .roundedRect(RoundedRect(screen: screen))
    }

    /// Emit the outline as one closed subpath, clockwise (on screen).
    public func build<S: PathSink>(into sink: inout S) {
        switch self {
        case .roundedRect(let r), .capsule(let r), .circle(let r):
            r.build(into: &sink)
        case .ellipse(let f):
            let p = Self.ellipsePoints(width: f.width, height: f.height)
            func at(_ i: Int) -> Point { Point(f.minX + p[i].x, f.minY + p[i].y) }
            sink.move(to: at(0))
            for q in 0..<4 { sink.cubic(at(3 * q + 1), at(3 * q + 2), to: at(3 * q + 3)) }
            sink.close()
        }
    }

    /// Core Graphics' quarter-ellipse control distance, 4(√2 − 1)/3 of the semi-axis.
    public static let ellipseKappa = 0.55228474983079339840

    /// An ellipse's thirteen points as offsets from its frame's top-leading
    /// vertex: the top middle, then each quadrant's two controls and end,
    /// clockwise (right, bottom, left, top).
    static func ellipsePoints(width w: Double, height h: Double) -> [Point] {
        let a = w / 2, b = h / 2, ka = a * ellipseKappa, kb = b * ellipseKappa
        return [Point(a, 0),
                Point(a + ka, 0), Point(w, b - kb), Point(w, b),
                Point(w, b + kb), Point(a + ka, h), Point(a, h),
                Point(a - ka, h), Point(0, b + kb), Point(0, b),
                Point(0, b - kb), Point(a - ka, 0), Point(a, 0)]
    }

    /// The centre marked for `corner` (`--centers`): a rounded corner's centre
    /// (`RoundedRect.centre`); an ellipse has no corners (nil).
    public func centre(_ corner: Corner) -> Point? {
        switch self {
        case .roundedRect(let r), .capsule(let r), .circle(let r): return r.centre(corner)
        case .ellipse: return nil
        }
    }
}

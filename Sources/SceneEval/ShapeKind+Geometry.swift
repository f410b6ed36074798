// The shape-kind table's geometry columns (the table itself, keywords and
// arguments, is SceneLang's ShapeKind.swift): how a kind's radii follow from
// its frame, the frame it is measured and drawn in, how its outline is built.
// Every switch here is exhaustive: a new kind is a compile error until it has
// its geometry.
import SceneLang

extension ShapeKind {
    /// The frame it is measured and drawn in: a circle's is its frame's centred
    /// square (grammar.md, Resolution), every other kind's the frame itself. Layout
    /// measures children against it, the SVG extent and backdrop, the corner
    /// guides and the REPL preview draw it.
    public func measured(_ frame: Frame) -> Frame {
        centredSquare ? frame.centredSquare : frame
    }

    /// Its corner radius when its frame alone decides it (`radii == .frame`):
    /// square, or half the shorter side; nil for written radii, kinds resolved
    /// against a container, and groups.
    func frameRadius(_ frame: Frame) -> Double? {
        switch self {
        case .rectangle: return 0
        case .capsule, .circle: return frame.halfShorterSide
        case .rect, .uneven, .concentric, .relative, .group: return nil
        }
    }

    /// Its outline, named by its geometry (`Outline`), from a frame, resolved
    /// radii and corner style: a true circle in its centred square, a capsule
    /// (half the shorter side at every corner), or a rounded rectangle of its radii.
    public func outline(frame: Frame, radii: Radii, style: CornerStyle) -> Outline {
        switch self {
        case .circle: return .circle(in: measured(frame))
        case .capsule: return .capsule(in: frame, style: style)
        case .rect, .rectangle, .uneven, .concentric, .relative, .group:
            return .roundedRect(RoundedRect(frame: frame, radii: radii, style: style))
        }
    }
}

import SceneLang

/// How a ConcentricRectangle is drawn before iOS 26 (macOS 26), where it does not exist:
/// `scene run --fallback minimum|relative|resolved`. `target ios18`, `--compare ios18`
/// and the SwiftUI export's `#available` fallback all follow it, through `Fallback.choose`.
public enum FallbackStyle: String, Sendable, Equatable, CaseIterable {
    /// A rounded rectangle of each corner's minimum (square without one; a fixed corner
    /// keeps its radius): what the code says without knowing the layout. The default.
    case minimum
    /// ContainerRelativeShape, which before iOS 26 takes the container's radius less the
    /// smallest inset, where that gives the iOS 26 radii for the scene's geometry; else
    /// the minimum.
    case relative
    /// The radii iOS 26 resolves for the scene's geometry, written as numbers: the same
    /// look before iOS 26 for this layout, but fixed (they do not follow the container
    /// if the layout changes).
    case resolved

    /// Every word `--fallback` takes, the default first.
    public static let words = allCases.map(\.rawValue)
}

/// The one model of a concentric shape before iOS 26 under a `FallbackStyle`.
public enum Fallback {
    /// Which shape draws the fallback.
    public enum Drawn: Sendable, Equatable { case minimum, relative, resolved }

    /// The radii drawn before iOS 26 and the shape that draws them, from the three
    /// candidates: each corner's minimum, the iOS 26 radii, and what ContainerRelativeShape
    /// draws there (nil when it was not computed). Under `relative` the minimum stays where
    /// it already draws the iOS 26 radii (it does not depend on the container); else
    /// ContainerRelativeShape where it gives the iOS 26 radii at every corner (to a
    /// thousandth of a point, the precision the numbers are printed with); else the minimum.
    public static func choose(_ style: FallbackStyle, minimum: Radii, resolved: Radii, relative: Radii?)
        -> (radii: Radii, drawn: Drawn) {
        switch style {
        case .minimum: return (minimum, .minimum)
        case .resolved: return (resolved, .resolved)
        case .relative:
            if same(minimum, resolved) { return (minimum, .minimum) }
            if let relative, same(relative, resolved) { return (relative, .relative) }
            return (minimum, .minimum)
        }
    }

    /// Equal at every corner to a thousandth of a point.
    public static func same(_ a: Radii, _ b: Radii) -> Bool {
        Corner.four.allSatisfy { abs(a[$0] - b[$0]) < 0.0005 }
    }
}

extension ResolveContext {
    /// A concentric shape before iOS 26 under `relative` or `resolved`: the three candidates
    /// (the minimum as `target ios18` draws it, iOS 26's resolution, ContainerRelativeShape's)
    /// and `Fallback.choose`. A ContainerRelativeShape follows its container (`container`
    /// is the container); the other two do not (`none`).
    func fallbackConcentric(_ spec: ConcentricSpec, frame: Frame, ctx: ContainerRef, outer: Outer,
                            explain: Bool) -> Resolution {
        var plain = self
        plain.fallback = .minimum
        let minimum = plain.resolve(.concentric(spec), frame: frame, ctx: ctx, outer: outer, explain: explain)
        // iOS 26's radii on iOS 26's screen: on a Mac window in `--compare macos15`'s panel,
        // macOS 26's window, not the panel's (the code writes macOS 26's numbers).
        let newer = newerScreen ?? screen
        let modern = ResolveContext(screen: newer, target: .ios26)
            .resolve(.concentric(spec), frame: frame, ctx: ctx, outer: ctx == .screen ? Outer(screen: newer) : outer,
                     explain: explain)
        var relative: Resolution? = nil
        if fallback == .relative {
            var state = CornerState(half: frame.halfShorterSide, explain: explain)
            relative = self.relative(&state, frame: frame, ctx: ctx, outer: outer)
        }
        let chosen = Fallback.choose(fallback, minimum: minimum.radii, resolved: modern.radii, relative: relative?.radii)
        switch chosen.drawn {
        case .minimum: return minimum
        case .resolved:
            var r = modern
            r.decisions.insert(.ios18Fallback)
            r.container = .none
            return r
        case .relative:
            var r = relative!
            r.decisions.insert(.ios18Fallback)
            r.written = minimum.written
            return r
        }
    }
}

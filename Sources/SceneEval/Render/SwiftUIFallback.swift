import SceneLang

/// `--fallback minimum|relative|resolved`: what a ConcentricRectangle becomes before iOS 26.
/// The scene's fallback resolution (`Fallback.choose`, which `target ios18` and `--compare
/// ios18` use too) decides; the code writes what it chose: each corner's minimum
/// (ConcentricCode's own fallback), ContainerRelativeShape, or the iOS 26 radii as numbers.
extension SwiftUIEmitter {
    /// The radii of node i's shape in `role` (nil: the drawn shape) in one resolution of the scene.
    static func radii(in s: ResolvedScene, _ i: Int, role: String?) -> Radii? {
        guard i < s.shapes.count else { return nil }
        guard let role else { return s.shapes[i].radii }
        return s.shapes[i].layers.first { $0.role == role }?.radii
    }

    /// `code`'s fallback under the scene's fallback style, for node i's shape in `role`.
    mutating func applyFallback(_ code: inout ConcentricCode, _ i: Int, role: String?) {
        let style = fallback.fallback
        guard style != .minimum, let modern = Self.radii(in: scene, i, role: role),
              let old = Self.radii(in: fallback, i, role: role) else { return }
        let n = { (v: Double) in SwiftSource.number((v * 1000).rounded() / 1000) }
        switch style {
        case .minimum: return
        case .resolved:
            code.seed = nil
            let r = old.values.map(n)
            if Set(r).count == 1 {
                code.fallbackOverride = "rect(\(r[0]))"
            } else {
                code.fallbackOverride = "UnevenRoundedRectangle(topLeadingRadius: \(r[0]), bottomLeadingRadius: \(r[3]), "
                    + "bottomTrailingRadius: \(r[2]), topTrailingRadius: \(r[1]))"
            }
            code.before = "a rounded rectangle of the radii it resolves to on \(newRelease) in this layout"
        case .relative:
            let minimum = minimumFallback.flatMap { Self.radii(in: $0, i, role: role) } ?? old
            if !Fallback.same(old, minimum) {
                code.seed = nil
                code.fallbackOverride = "ContainerRelativeShape()"
                code.before = "ContainerRelativeShape, which draws the same radii here"
            } else if !Fallback.same(old, modern) {
                let what = role.map { "its \($0) shape" } ?? describe(i)
                let message = "ContainerRelativeShape would not draw \(what)'s \(newRelease) radii (\(modern)) before "
                    + "\(newRelease): it falls back to its minimum, \(old)"
                guard !warnings.contains(where: { $0.id == .swiftuiFallbackRelative && $0.message == message }) else { return }
                pending.append(note(.swiftuiFallbackRelative, message, at: nodes[i].range,
                                    help: "`--fallback resolved` draws the \(newRelease) radii before \(newRelease) too"))
            }
        }
    }
}

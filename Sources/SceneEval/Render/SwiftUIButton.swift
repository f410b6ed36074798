import SceneLang

/// `role button`: the node is a Button whose label is the node's content. Glass on a
/// button is the glass button style (`.buttonStyle(.glass)`, iOS 26) in the button's
/// border shape, with a bordered button in the same shape before; a button without
/// glass is a plain button, so that it draws only the scene's shapes.
extension SwiftUIEmitter {
    /// The node's content as a Button's label; the action is left to the engineer.
    func button(_ label: [String]) -> [String] {
        ["Button {", "    // the button's action", "} label: {"] + indent(label, 4) + ["}"]
    }

    /// The ButtonBorderShape for a button's glass in `shape` (`.circle`, `.capsule`,
    /// `.roundedRectangle(radius: 12)`), or nil where the glass button style cannot draw
    /// the scene: a shape ButtonBorderShape has no case for, a tint (the style takes a
    /// tinted glass only from iOS 26.1), a circular corner style, radii the frame cannot
    /// hold, or a button without a size of its own (the style pads its label, so the
    /// button would be larger than the scene's).
    func glassButtonShape(_ i: Int, _ shape: ShapeExpr) -> String? {
        let it = items[i]
        guard it.role == .button, it.width != nil, it.height != nil, it.style != .circular,
              it.filled == nil ? it.fill == nil : true else { return nil }
        switch shape {
        case .plain(.capsule): return ".capsule"
        case .plain(.circle): return ".circle"
        case .plain(.rectangle): return ".roundedRectangle(radius: 0)"
        case .radii(.rect, let rs) where rs.count == 1:
            guard fitted(.rect, rs, i, capsule: false) == nil else { return nil }
            return ".roundedRectangle(radius: \(SwiftSource.expr(rs[0], prefix: prefix)))"
        default: return nil
        }
    }
}

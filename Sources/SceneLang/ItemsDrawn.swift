// Grammar rule 2, on a node's items as written: which item it draws its shape from.
// The evaluator decides the same on evaluated values (Layout.swift `add`); the
// checker's fixes, the SwiftUI export and the REPL's `:show` read the items, and
// ask here (`RuleTwoTests` holds the two to agree on every example).
extension Items {
    /// The item a node draws its shape from, as written: its shape item, else its glass
    /// shape, else its first `background`, else its `container`; nil when it writes none
    /// of these (bare `glass` then draws SwiftUI's default glass shape, a capsule).
    /// `use` says which it is; `range` is the item's.
    public var drawnItem: (shape: ShapeExpr, use: ShapeUse, range: SourceRange)? {
        var glass: (ShapeExpr, SourceRange)?, background: (ShapeExpr, SourceRange)?, container: (ShapeExpr, SourceRange)?
        for it in self {
            switch it.value {
            case .shape(let s): return (s, .shape, it.range)
            case .glass(let s?) where glass == nil: glass = (s, it.range)
            case .background(let s) where background == nil: background = (s, it.range)
            case .container(let s) where container == nil: container = (s, it.range)
            default: break
            }
        }
        if let (s, r) = glass { return (s, .glass, r) }
        if let (s, r) = background { return (s, .background, r) }
        if let (s, r) = container { return (s, .container, r) }
        return nil
    }
}

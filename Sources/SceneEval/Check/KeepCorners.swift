// A flared or pinched shape's fix keeps the corners its finding is not about
// (docs/lint.md, `flared-corner` / `pinched-corner`, "Fix").
import SceneLang

extension Context {
    /// For flared or pinched shape `i`, whose corners `missed` are off against
    /// `ref`: a minimum lower than `m` that keeps its other corners as they are
    /// drawn, or whether its fix is to be written corner by corner (`concentric`,
    /// each corner as the concentric radius draws it) since no one minimum keeps them.
    ///
    /// A minimum that would round those corners (a header photo clipped to 24 at
    /// the top is flared against the card's 18: `concentric min 18` rounded its
    /// square bottom corners, in the middle of the card) is lowered to theirs where
    /// that keeps them; where none does, the concentric radii corner by corner,
    /// unless those corners change anyway (rounder than the container there,
    /// `concentric` holds them to it): then as before, nil and false.
    mutating func keptCorners(_ i: Int, _ ref: NestingReference, missed: Set<Corner>, minimum m: Double, concentric: Radii)
        -> (minimum: Double?, cornerByCorner: Bool) {
        guard missed.count < 4 else { return (nil, false) }
        let outer = scene.outer(of: ref, for: i)
        let others = Corner.allCases.filter { !missed.contains($0) }
        let drawnThere = others.map { scene.drawnRadius($0, of: i) { j in clipAbove[j] } }
        func keeps(_ m: Double) -> Bool {
            zip(others, drawnThere).allSatisfy { k, r in
                abs(Swift.max(allowedRadius(scene.concentricRadius(k, of: i, in: outer).2, for: i), m) - r) <= Checker.tolerance
            }
        }
        if keeps(m) { return (nil, false) }
        if let lo = drawnThere.min(), lo < m, keeps(lo.rounded()) { return (allowedMinimum(lo.rounded(), for: i), false) }
        let asDrawn = zip(others, drawnThere).allSatisfy { k, r in abs(concentric[k] - r) <= Checker.tolerance }
        return (nil, asDrawn)
    }
}

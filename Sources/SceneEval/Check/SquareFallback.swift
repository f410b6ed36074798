// The `square-fallback` rule (docs/lint.md): a concentric shape with no
// minimum, rounded on iOS 26, falls back to square corners before iOS 26.
// ConcentricRectangle exists from iOS 26; before it, the SwiftUI export draws
// every concentric shape as a rounded rectangle of its minimum (`rect(0)`
// without one, inside `if #available(iOS 26.0, macOS 26.0, *)`), and so does
// `--compare ios18`. The export carries that fallback by default (`--fallback
// minimum`; `relative` and `resolved` draw other radii before iOS 26, but the
// scene does not say which export will be written), so the rule holds under
// `target ios26` whatever the scene; under `target ios18` the
// shape is square already and missing-minimum reports it (as it does a
// corner square on iOS 26 too).
//
// The fix is the largest minimum that keeps the iOS 26 look exactly: no more
// than the smallest radius the shape draws at a corner without a minimum, and
// no more than R − d at a corner that is at its container's corner (more would
// make container-too-tight), so iOS 26 draws the same and the fallback draws
// that radius instead of a square.
import SceneLang

extension Context {
    mutating func squareFallback(_ i: Int) {
        guard ios26, let spec = scene.shapes[i].concentricSpec else { return }
        // (Asked before any array is made: nearly every shape has a minimum at every corner.)
        guard Corner.four.contains(where: { spec.isBare($0) }) else { return }
        let bare = Corner.four.filter { spec.isBare($0) }
        let sh = scene.shapes[i]
        // A bare corner square on iOS 26 is missing-minimum's (in a rounded container
        // corner), or right (in a square one): a minimum would round it.
        guard !bare.contains(where: { sh.radii[$0] == 0 }) else { return }
        let rounded = bare
        // At most what iOS 26 draws, and what the other rules allow (HelpCaps.swift),
        // written as the fix writes it: down to the thousandth, never above.
        let m = Self.thousandthDown(fallbackMinimumCap(i, corners: bare, drawn: rounded.map { sh.radii[$0] }.min() ?? 0))
        guard m > Checker.tolerance else { return }
        let same = Set(rounded.map { sh.radii[$0] }).count == 1
        let drawn = same ? n(sh.radii[rounded[0]]) : rounded.map { "\(n(sh.radii[$0])) at \($0.name)" }.joined(separator: ", ")
        let all = rounded.count == 4
        let fallback = all ? "its fallback is a rectangle with square corners"
            : "its fallback has square corners at \(rounded.map(\.name).joined(separator: ", "))"
        let keeps = all ? "the fallback (`rect(\(n(m)))`) keeps its look" : "the fallback draws \(n(m)) there instead of square corners"
        add(.squareFallback,
            "`\(sh.id)` has no minimum: before iOS 26 \(fallback), where iOS 26 draws \(drawn)",
            at: shapeRange(i),
            help: "add `min \(n(m))` after `concentric`: iOS 26 draws the same, and \(keeps)",
            values: ["suggestedMinimum": m], fixes: minimumEdits(i, m))
    }
}

// The `glass-on-glass` rule (docs/lint.md): a `glass` node inside another
// `glass` node. Apple's guidance for Liquid Glass is to avoid glass on glass —
// stacked glass reads as clutter, and glass cannot sample the glass behind
// it — and to group glass elements that sit side by side in one
// GlassEffectContainer, which renders them together (WWDC25 "Meet Liquid
// Glass"; SwiftUI's "Applying Liquid Glass to custom views"). No automatic
// fix: which of the two keeps its glass is a design decision.
import SceneLang

extension Context {
    mutating func glassOnGlass(_ i: Int) {
        // Under `target ios18` there is no glass (glass-unavailable says so).
        guard scene.shapes[i].glass, ios26 else { return }
        var at = scene.shapes[i].parent
        while let a = at, !scene.shapes[a].glass { at = scene.shapes[a].parent }
        guard let outer = at else { return }
        let inner = scene.shapes[i].id, host = scene.shapes[outer].id
        add(.glassOnGlass, "`\(inner)` is glass on glass: it sits inside `\(host)`, which is glass too",
            at: glassRange(i),
            help: "avoid glass on glass: give `\(inner)` a fill instead of `glass` (or take the glass off `\(host)` "
                + "and let its glass children sit side by side: the SwiftUI export groups sibling glass in a GlassEffectContainer)")
    }
}

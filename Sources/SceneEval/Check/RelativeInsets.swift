// The `relative-uneven-insets` rule (docs/lint.md). ContainerRelativeShape
// (`relative`) takes one inset for the whole shape — the smallest of its four
// distances to the container's edges — and gives every corner R − that inset
// (grammar.md, Resolution). When the insets differ, the corners further in come out
// rounder than concentric ones (R − each corner's own distance): flared, and no
// other rule sees it, since a relative shape is not a fixed radius. The rule
// fires when a corner is rounder than the concentric one by more than
// `Checker.tolerance`, and offers `concentric` with its radii.
import SceneLang

extension Context {
    mutating func relativeInsets(_ i: Int) {
        // Against the screen a relative shape is a plain rectangle (grammar.md, Resolution).
        guard scene.shapes[i].kind == .relative, case .node(let j) = scene.shapes[i].enclosing else { return }
        let sh = scene.shapes[i]
        var concentric = Radii(all: 0)
        var containerRadius = Radii(all: 0)
        for k in Corner.four {
            let (R, _, want) = scene.concentricRadius(k, of: i)
            concentric[k] = allowedRadius(want, for: i)
            containerRadius[k] = R
        }
        // Nothing is rounder than concentric: no finding, and nothing to build.
        guard Corner.four.contains(where: { sh.radii[$0] - concentric[$0] > Checker.tolerance }) else { return }

        // The alternative: concentric (ios26), with a minimum where a corner would
        // come out square in a rounded container corner; fixed radii (ios18, where
        // ConcentricRectangle falls back to its minimum).
        var drawn = concentric
        var spec: String
        if ios26 {
            spec = "concentric"
            let squares = Corner.four.filter { concentric[$0] == 0 && containerRadius[$0] > 0 }
            // (Each minimum held to what the other rules allow here, HelpCaps: no
            // more than R − d at a corner at the container's, container-too-tight.)
            if !squares.isEmpty {
                // (`min 0` where no minimum fits: square corners on purpose, which
                // missing-minimum asks for too.)
                let m = max(0, allowedMinimum(Self.suggestedMinimum(concentric, containerRadius: containerRadius.max), for: i))
                spec += " min \(n(m))"
                for k in squares { drawn[k] = allowedRadius(m, for: i) }
            } else if drawn.values.allSatisfy({ $0 > 0 }) {
                // Rounded everywhere: the minimum that keeps the look, so the
                // fallback before iOS 26 is not square (square-fallback).
                let m = Self.thousandthDown(min(drawn.values.min() ?? 0, minimumCap(i)))
                if m > Checker.tolerance { spec += " min \(n(m))" }
            }
        } else {
            spec = drawn.isUniform ? "rect \(n(drawn.topLeading))" : "uneven(\(drawn.values.map(n).joined(separator: ", ")))"
        }
        // Judged against what the fix draws: a fix that draws the same radii
        // (a minimum that brings every corner back to what `relative` drew) fixes
        // nothing, so there is nothing to report.
        let flared = Corner.four.filter { sh.radii[$0] - drawn[$0] > Checker.tolerance }
        guard let worst = flared.max(by: { sh.radii[$0] - drawn[$0] < sh.radii[$1] - drawn[$1] }) else { return }
        let outer = scene.outer(of: sh.enclosing).frame
        let f = sh.frame
        let inset = max(0, min(f.minX - outer.minX, f.minY - outer.minY, outer.maxX - f.maxX, outer.maxY - f.maxY))
        var fixes: [TextEdit] = []
        if let r = sh.shapeRange, text(r) == "relative" { fixes.append(TextEdit(r, spec)) }
        // Layers written `relative` follow (a `glass relative` with no shape of
        // its own is the drawn clause); `transition` takes only a rect.
        for layer in sh.layers where layer.kind == .relative && layer.role != "transition" {
            fixes.append(TextEdit(layer.range, "\(layer.role) \(spec)"))
        }
        // A container declared with the radii drawn follows them.
        if let cr = sh.containerRange, sh.containerRadii == sh.radii, sh.containerKind?.hasFixedCorners == true {
            fixes.append(TextEdit(cr, drawn.containerDeclaration))
            containerEdit(i, finding: findings.count)
        }
        let radii = "\(drawn.values.map(n).joined(separator: " ")) (tl tr br bl)"
        let corners = flared.map(\.name).joined(separator: ", ")
        let by = sh.radii[worst] - drawn[worst]
        add(.relativeUnevenInsets,
            "`\(sh.id)` is `relative`: one inset for the whole shape (\(n(inset)) pt, the smallest) gives \(sh.radii) at every corner, rounder than concentric at \(corners) (by \(n(by)) pt at \(worst.name))",
            at: shapeRange(i),
            help: "`\(spec)` follows each corner's own inset in \(name(.node(j))): \(radii)",
            values: ["radius": sh.radii[worst], "concentricRadius": drawn[worst], "inset": inset, "difference": by],
            fixes: fixes)
    }
}

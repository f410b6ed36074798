// The shape-mismatch rule for a declared container (docs/lint.md): a node that
// draws one shape and declares another as its container.
import SceneLang

extension Context {
    /// A node that draws one shape and declares another as its container: its
    /// children follow corners nobody sees.
    mutating func containerMatchesDrawn(_ i: Int) {
        guard scene.shapes[i].isContainer else { return }
        // (A concentric container is already an error; a node drawing its own
        // container shape publishes what it draws.) Fields read in place: the
        // shape is copied (a dozen reference counts) only for a finding.
        guard let cr = scene.shapes[i].containerRadii, let range = scene.shapes[i].containerRange,
              scene.shapes[i].kind != .group else { return }
        let r = scene.shapes[i].radii
        let close = Corner.four.allSatisfy { abs(cr[$0] - r[$0]) <= Checker.tolerance }
        // (Whether the kind is rejected is read from the items: asked only of a container that differs.)
        guard !close, !declaresRejectedContainer(i) else { return }
        let sh = scene.shapes[i]
        // The drawn shape as written when it has names (`rect r` stays tied to `r`).
        var decl = r.containerDeclaration
        if let sr = sh.shapeRange, hasNames(i, at: sr), case let written = text(sr),
           ShapeKind.shapes.contains(where: { $0.publishesAsContainer && written.hasPrefix($0.rawValue) }) {
            decl = "container " + written
        }
        let message = "`\(sh.id)` declares a container (\(cr)) that differs from the shape it draws (\(sh.kind.rawValue) \(r))"
        // The drawn shape is the one off (flared or pinched, just found): its fix draws the
        // declared radius, and so settles this too. Declaring what is drawn would undo it.
        // (Not when its content needs it rounder than that: then `reconcile` gives one radius
        // for both, as before, review of a176e1cd.)
        if let f = drawnFix, f.node == i, let v = redrawnRadius(f.edit.replacement),
           Corner.four.allSatisfy({ abs(cr[$0] - v) <= Checker.tolerance }), contentNeed(of: i) <= v + Checker.tolerance {
            add(.shapeMismatch, message, at: range,
                help: "children follow the declared corners, and it is the drawn shape that is off (\(f.code.rawValue)): "
                    + "drawing `\(f.edit.replacement)`, its fix, makes the two agree",
                values: ["drawnFixRadius": v], fixes: [f.edit])
            return
        }
        containerEdit(i, finding: findings.count)
        add(.shapeMismatch, message,
            at: range, help: "children follow the declared corners: declare the drawn one, `\(decl)`",
            fixes: [TextEdit(range, decl)])
    }

    /// The radius container `i`'s concentric content needs at the corners it sits at
    /// (`need(of:)`, as `reconcile` measures it); 0 for none.
    mutating func contentNeed(of i: Int) -> Double {
        guard ios26 else { return 0 }
        var need = 0.0
        let depth = scene.shapes[i].depth
        var j = i + 1
        while j < scene.shapes.count, scene.shapes[j].depth > depth {
            if scene.shapes[j].kind == .concentric, case .node(i) = scene.shapes[j].enclosing { need = max(need, self.need(of: j)) }
            j += 1
        }
        return need
    }

    /// `rect R` → R; nil for any other shape.
    func redrawnRadius(_ text: String) -> Double? { radius(after: "rect ", in: text) }

    /// Whether node `i` declares a container of a kind that cannot be one
    /// (`container concentric`: an error, reported by layout), read from the
    /// item the node's container came from.
    func declaresRejectedContainer(_ i: Int) -> Bool {
        guard let range = scene.shapes[i].containerRange else { return false }
        for it in nodes.items(i) where it.range == range {
            if case .container(let s) = it.value, case .rejected = s.kind.row.container { return true }
        }
        return false
    }
}

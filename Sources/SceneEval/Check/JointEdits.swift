// The edits of the joint fix (Reconcile.swift) when a radius comes from a
// binding (issue 14): a name is never overwritten with a number. When the
// radius to change is an expression of `let`s, the fix changes the `let` if
// nothing but this node's drawn and declared radius uses it (and the result
// comes out right); otherwise it keeps the name, makes no automatic fix, and
// the help says which binding to change by hand and why.
import SceneLang

extension Context {
    /// The joint fix for node `j`: its edits (empty when no automatic fix), a
    /// description of the result for the help, and why a name was kept.
    struct JointPlan {
        var edits: [TextEdit]
        var what: String
        var keptName: String? = nil
        /// The value the kept name would need, when it can be solved for.
        var keptValue: Double? = nil
    }

    /// Make node `j` draw (as `concentric` when `concentric`) and declare `target`.
    func jointPlan(_ j: Int, target: Double, concentric: Bool, uses: inout [String: Int]?) -> JointPlan {
        let sh = scene.shapes[j]
        let T = n(target)
        guard let cr = sh.containerRange else { return JointPlan(edits: [], what: "`container rect \(T)`") }
        let (drawnExpr, declaredExpr) = radiusExprs(j)
        // A node with no shape of its own (nor a glass shape, nor a background) draws its
        // container: declaring the radius draws it too.
        let drawnByContainer = sh.shapeRange == nil && drawnLayer(j) == nil
        let drawsTarget = drawnByContainer || sh.radii.values.allSatisfy { abs($0 - target) <= Checker.tolerance }
        // Drawn right with names (`rect a * 2`): declare it as written, and change no `let` it uses.
        if !drawnByContainer, let d = drawnExpr, !ExprValue.names(d).isEmpty, d.isSatisfied(by: env, target),
           sh.radii.values.allSatisfy({ abs($0 - target) < 1e-6 }) {
            return JointPlan(edits: [TextEdit(cr, "container rect \(text(d.range))")], what: "`container rect \(text(d.range))`")
        }
        var changing: [Expr] = []
        if let e = declaredExpr, !ExprValue.names(e).isEmpty { changing.append(e) }
        if !drawsTarget, let e = drawnExpr, !ExprValue.names(e).isEmpty { changing.append(e) }

        // Each changing expression through a binding only it uses.
        var letEdits: [TextEdit] = []
        var setText: [String] = []
        var env1 = env
        for e in changing where !(e.isSatisfied(by: env1, target)) {
            guard let (name, v, edit) = soleBinding(e, of: j, target: target, in: env1, uses: &uses) else {
                let names = ExprValue.names(e)
                let shared = names.first { bindingExprs[$0] != nil } ?? names.first ?? "?"
                let v = ExprValue.solve(e, for: shared, target: target, env)
                return JointPlan(edits: [], what: "`container rect \(T)`", keptName: shared, keptValue: v)
            }
            env1[name] = v
            // One `let` behind both radii (`rect a - 2 container rect min(a, 30)`): the
            // later value replaces the earlier edit, never a second edit of the same
            // binding; the check below proves both radii come out right with it.
            let said = "`\(name)` = \(n(v)) (now \(n(env[name] ?? 0)))"
            if let k = letEdits.firstIndex(where: { $0.range == edit.range }) {
                letEdits[k] = edit
                setText[k] = said
            } else {
                letEdits.append(edit)
                setText.append(said)
            }
        }
        // Every radius of the node that has a name must come out right with the new values.
        // (The drawn one too when it draws the target already: a `let` it uses may have changed.)
        for e in [declaredExpr, drawnByContainer ? nil : drawnExpr].compactMap({ $0 }) where !ExprValue.names(e).isEmpty {
            guard e.isSatisfied(by: env1, target) else {
                return JointPlan(edits: [], what: "`container rect \(T)`", keptName: ExprValue.names(e).first)
            }
        }
        let declText = declaredExpr.map { ExprValue.names($0).isEmpty ? T : text($0.range) } ?? T
        let drawnText = drawnExpr.map { ExprValue.names($0).isEmpty ? T : text($0.range) } ?? T
        var edits = letEdits + [TextEdit(cr, "container rect \(declText)")]
        var what = "`container rect \(declText)`"
        if !drawsTarget {
            guard let r = drawnShapeRange(j), let drawn = concentric ? "concentric min \(minimumText(drawnText))" : redrawn(j, as: drawnText) else {
                return JointPlan(edits: [], what: what)
            }
            edits.insert(TextEdit(r, drawn), at: 0)
            what = "`\(drawn) container rect \(declText)`"
        }
        if !setText.isEmpty { what += " with " + setText.joined(separator: ", ") + ", which only `\(sh.id)`'s radius uses" }
        return JointPlan(edits: edits, what: what)
    }

    /// The radius expressions node `j` draws (`rect e`, `concentric min e`) and
    /// declares (`container rect e`), as written.
    func radiusExprs(_ j: Int) -> (drawn: Expr?, declared: Expr?) {
        var drawn: Expr? = nil, declared: Expr? = nil
        switch drawnLayer(j)?.shape {
        case .radii(.rect, let es)? where es.count == 1: drawn = es[0]
        case .concentric(.concentric(let m?), _, let clauses)? where clauses.isEmpty: drawn = m
        default: break
        }
        for it in nodes.items(j) {
            switch it.value {
            case .shape(.radii(.rect, let es)) where es.count == 1: drawn = es[0]
            case .shape(.concentric(.concentric(let m?), _, let clauses)) where clauses.isEmpty: drawn = m
            case .container(.radii(.rect, let es)) where es.count == 1: declared = es[0]
            default: break
            }
        }
        return (drawn, declared)
    }

    /// A `let` (of a plain number) that `e` depends on linearly, used nowhere
    /// but node `j`'s drawn and declared radius, and the value that makes `e`
    /// come out as `target`, the other names taking their values in `env1`.
    func soleBinding(_ e: Expr, of j: Int, target: Double, in env1: [String: Double],
                     uses: inout [String: Int]?) -> (String, Double, TextEdit)? {
        let (drawn, declared) = radiusExprs(j)
        var local: [String: Int] = [:]
        for x in [drawn, declared].compactMap({ $0 }) { for name in ExprValue.names(x) { local[name, default: 0] += 1 } }
        let all = uses ?? nameUses()
        uses = all
        for name in ExprValue.names(e) {
            guard let (be, br) = bindingExprs[name], case .number = be, all[name] == local[name],
                  let v = ExprValue.solve(e, for: name, target: target, env1), v >= 0 else { continue }
            return (name, v, TextEdit(br, n(v)))
        }
        return nil
    }

    /// How many times each name is used in the file (not its `let`, not a label).
    func nameUses() -> [String: Int] {
        let tokens = Lexer.tokenize(file).tokens
        var out: [String: Int] = [:]
        for (i, t) in tokens.enumerated() where t.kind == .identifier && t.keyword == nil {
            if i > 0, tokens[i - 1].keyword == .let { continue }
            if i + 1 < tokens.count, tokens[i + 1].kind == .colon { continue }
            out[text(t.range), default: 0] += 1
        }
        return out
    }
}

extension Expr {
    /// Whether this evaluates to `target` under `env`.
    func isSatisfied(by env: [String: Double], _ target: Double) -> Bool {
        guard let v = ExprValue.eval(self, env) else { return false }
        return abs(v - target) < 1e-6
    }
}

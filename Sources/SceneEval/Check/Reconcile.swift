// Fixes computed together (issue 14): a container that its content needs
// rounder (container-too-tight) and that another finding on the same node
// wants declared differently (shape-mismatch: "declare what you draw";
// flared/pinched: "declare the concentric radius") gets one fix, written on
// every finding involved, so that applying it settles both and no help
// contradicts another's.
import SceneLang

extension Context {
    /// Record that the content of container `j` needs radius `needed`
    /// (finding number `finding`, about to be added).
    mutating func demand(_ j: Int, _ needed: Double, finding: Int) {
        // Changed in place through the `default:` subscript: one lookup, and no
        // copy of the list of findings (a grid's container gets one a child).
        Self.add(needed, finding, to: &demands[j, default: (0, [])])
    }

    @inline(__always) static func add(_ needed: Double, _ finding: Int, to d: inout (needed: Double, findings: [Int])) {
        d.needed = max(d.needed, needed)
        d.findings.append(finding)
    }

    /// Record that finding number `finding` (about to be added) edits node
    /// `i`'s declared container.
    mutating func containerEdit(_ i: Int, finding: Int) {
        containerEdits[i, default: []].append(finding)
    }

    /// For each container both demanded and edited: draw and declare one
    /// radius, the larger of what the content needs and what the node draws
    /// (or, when flared or pinched, what its own container gives it). A node
    /// drawn `concentric` gets that radius as its minimum, a `rect` as its
    /// radius; any other shape gets no automatic fix (the helps agree).
    mutating func reconcile() {
        guard !containerEdits.isEmpty else { return }
        let needs = contentNeeds()
        var uses: [String: Int]? = nil
        for j in containerEdits.keys.sorted() {
            let edits = containerEdits[j]!
            let sh = scene.shapes[j]
            guard let cr = sh.containerRange else { continue }
            let needed = max(demands[j]?.needed ?? 0, needs[j] ?? 0)
            // What the other findings would declare.
            var declared: Double? = nil
            var concentric = false
            for f in edits {
                guard case .built(let finding) = findings[f] else { continue }
                for e in finding.fixes {
                    if e.range == cr, let v = declaredRadius(e.replacement) { declared = max(declared ?? 0, v) }
                    if e.range == drawnShapeRange(j), e.replacement.hasPrefix("concentric") { concentric = true }
                }
            }
            // Enough for the content, and no content finding to agree with: leave it.
            if demands[j] == nil, needed <= (declared ?? 0) + Checker.tolerance { continue }
            // Never rounder than the node's own container allows (HelpCaps.swift).
            let bound = radiusBound(j)
            let target = min(max(needed, declared ?? 0), bound.radius)
            let T = n(target)
            // The edits (a radius from a `let` keeps its name: JointEdits.swift).
            let plan = jointPlan(j, target: target, concentric: concentric, uses: &uses)
            let joint = plan.edits, what = plan.what
            let capped = target < needed - Checker.tolerance
            let help = plan.keptName.map { name in
                let set = plan.keptValue.map { " (`\(name)` = \(n($0)), now \(n(env[name] ?? 0)))" } ?? ""
                return "draw and declare one radius for `\(sh.id)`, \(T) (its content needs \(n(needed))): it comes from `\(name)`, which is used elsewhere too, so the name is kept and nothing is fixed automatically: change `\(name)` by hand\(set) if the rest should follow, or give `\(sh.id)` a radius of its own"
            } ?? (capped
                ? "draw and declare the most `\(sh.id)` may have, \(n(target)) (\(bound.why)): \(joint.isEmpty ? "a shape of radius \(T) and `container rect \(T)`" : what); its content needs \(n(needed)), which no radius of `\(sh.id)` gives"
                : joint.isEmpty
                ? "`\(sh.id)` must draw and declare one radius of at least \(n(needed)), what its content needs: give it a shape of radius \(T) and `container rect \(T)`"
                : "draw and declare the radius `\(sh.id)`'s content needs: \(what) (its content needs \(n(needed)); drawn and declared alike)")
            let shared = joints.count
            joints.append((help, joint, target))
            for f in (demands[j]?.findings ?? []) + edits {
                switch findings[f] {
                case .built(var d):
                    d.help = help
                    d.fixes = joint
                    d.values["neededRadius"] = target
                    findings[f] = .built(d)
                case .tooTight(var t):
                    // Content that needs more than the bound keeps its own help (no automatic fix).
                    if capped, t.m + t.d > target + Checker.tolerance { continue }
                    t.joint = shared
                    findings[f] = .tooTight(t)
                case .overflow, .uneven:
                    continue  // (never a demand's or a container edit's)
                }
            }
        }
    }

    /// For each container another finding would re-declare: the radius its
    /// concentric content needs at the corners it sits at (minimum + distance),
    /// judged against the larger of what it draws and declares.
    mutating func contentNeeds() -> [Int: Double] {
        guard ios26 else { return [:] }
        var needs: [Int: Double] = [:]
        for i in scene.shapes.indices where scene.shapes[i].kind == .concentric {
            guard case .node(let j) = scene.shapes[i].enclosing, containerEdits[j] != nil else { continue }
            let c = scene.shapes[j]
            let need = need(of: i, judgedAt: max(c.radii.max, c.containerRadii?.max ?? 0))
            if need > 0 { needs[j] = max(needs[j] ?? 0, need) }
        }
        return needs
    }

    /// What concentric shape `i` needs of its container: minimum + distance at the corners
    /// it sits at, judged as if the container were `R` round there (nil: as it is); 0 for
    /// none. A minimum of 0 needs nothing. (`contentNeeds`, and shape-mismatch's `contentNeed`.)
    mutating func need(of i: Int, judgedAt R: Double? = nil) -> Double {
        var need = 0.0
        for (k, r) in zip(Corner.allCases, scene.reasons(for: i)) {
            guard let m = r.minimum, m > 0, let d = r.distance else { continue }
            var h = r
            if let R { h.containerRadius = R }
            if atCorner(i, k, h) { need = max(need, m + d) }
        }
        return need
    }

    /// `container rect R` → R (`R` may be written with names: `container rect r`).
    func declaredRadius(_ text: String) -> Double? { radius(after: "container rect ", in: text) }

    /// `PREFIX R` → R, R a number or an expression of the scene's names; nil without the prefix.
    func radius(after prefix: String, in text: String) -> Double? {
        guard text.hasPrefix(prefix) else { return nil }
        let r = String(text.dropFirst(prefix.count))
        return Double(r) ?? value(of: r)
    }

    /// The shape item that draws node `j` at radius `r`: `concentric min r`
    /// (keeping `uniform`) for a concentric node with no per-corner clauses,
    /// `rect r` for a rect; nil for anything else.
    func redrawn(_ j: Int, as r: String) -> String? {
        for it in nodes.items(j) {
            guard case .shape(let s) = it.value else { continue }
            switch s {
            case .concentric(_, let uniform, let clauses) where clauses.isEmpty:
                return "concentric min \(minimumText(r))" + (uniform ? " uniform" : "")
            case .radii(.rect, let es) where es.count == 1:
                return "rect \(r)"
            default:
                return nil
            }
        }
        return nil
    }
}

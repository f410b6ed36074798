import SceneLang

/// Shapes, the modifiers that use them, alignment and placement.
extension SwiftUIEmitter {
    /// A scene shape as a SwiftUI shape expression, in the View (names prefixed with the enum).
    /// `capsule: false` where a Capsule cannot stand in for fitted radii (a container).
    /// `role` is the layer the shape is (`clip`, `glass`, …; nil: the drawn shape), for its fallback.
    /// With `fill`, the shape filled with that colour: a ConcentricRectangle then stays concrete,
    /// through a `@ViewBuilder` helper of the enum (`nested(minimum:fill:)`, `cardShape(fill:)`),
    /// not an `AnyShape`, which only a shape passed to a modifier needs.
    mutating func shape(_ s: ShapeExpr, _ i: Int, capsule: Bool = true, role: String? = nil, fill: String? = nil) -> String {
        if let fill {
            guard case .concentric = s else { return shape(s, i, capsule: capsule, role: role) + ".fill(\(fill))" }
        }
        let circular = items[i].style == .circular
        let p = prefix
        let e = { (x: Expr) in SwiftSource.expr(x, prefix: p) }
        if case .radii(let kind, let rs) = s, let fit = fitted(kind, rs, i, capsule: capsule) {
            notePending(.swiftuiRadiusOverflow, fit.note, at: nodes[i].range)
            if fit.capsule { return "Capsule(\(circular ? "style: .circular" : ""))" }
            let r = fit.drawn.values.map(SwiftSource.number)
            if kind.arguments == .radius {
                if circular { return "RoundedRectangle(cornerRadius: \(r[0]), style: .circular)" }
                usesRect = true
                return prefix + "rect(\(r[0]))"
            }
            return "\(kind.row.swiftUI ?? "UnevenRoundedRectangle")(topLeadingRadius: \(r[0]), bottomLeadingRadius: \(r[3]), "
                + "bottomTrailingRadius: \(r[2]), topTrailingRadius: \(r[1])\(circular ? ", style: .circular" : ""))"
        }
        switch s {
        case .radii(.rect, let rs):
            let r = rs.first.map(e) ?? "0"
            if circular { return "RoundedRectangle(cornerRadius: \(r), style: .circular)" }
            usesRect = true
            return prefix + "rect(\(r))"
        case .radii(let kind, let rs):
            // uneven(TL, TR, BR, BL), clockwise as written; SwiftUI's labels go round the other way.
            let r = rs.map(e) + [String](repeating: "0", count: max(0, 4 - rs.count))
            return "\(kind.row.swiftUI ?? "UnevenRoundedRectangle")(topLeadingRadius: \(r[0]), bottomLeadingRadius: \(r[3]), "
                + "bottomTrailingRadius: \(r[2]), topTrailingRadius: \(r[1])\(circular ? ", style: .circular" : ""))"
        case .plain(let kind):
            // Of the kinds without arguments only Capsule takes a corner style (the table's swiftUIStyle).
            return "\(kind.row.swiftUI ?? "Rectangle")(\(circular && kind.row.swiftUIStyle ? "style: .circular" : ""))"
        case .concentric(let written, let uniform, let writtenClauses):
            let (base, clauses) = fittedConcentric(written, writtenClauses, i)
            var code = ConcentricCode(base: base, uniform: uniform, clauses: clauses)
            applyFallback(&code, i, role: role)
            if circular {
                pending.append(note(.swiftuiConcentricStyle,
                    "ConcentricRectangle has no corner style: SwiftUI draws it continuous, not circular", at: nodes[i].range))
            }
            if let a = code.approximation {
                let drawn = perCorner(code.specs, i)
                drawnOverride = drawn
                let scene = self.scene.shapes[i].radii
                let differs = drawn.map { $0 != scene } ?? false
                let what = drawn.map { differs ? ", so SwiftUI draws \($0) where the scene resolves \(scene)" : "" } ?? ""
                pending.append(note(.swiftuiUniformGroups, a + what, at: nodes[i].range))
            }
            if code.fallbackShape.hasPrefix("rect(") || code.seed != nil { usesRect = true }  // the fallback
            if let seed = code.seed {
                let args = "minimum: \(e(seed.minimum))\(seed.uniform ? ", uniform: true" : "")"
                if let fill { usesNestedFill = true; return prefix + "nested(\(args), fill: \(fill))" }
                usesNested = true
                return prefix + "nested(\(args))"
            }
            let name = concentricShapeName(code, label: nodes[i].label?.name, user: i, filled: fill != nil)
            return prefix + name + (fill.map { "(fill: \($0))" } ?? "")
        }
    }

    /// The enum's name for a ConcentricRectangle (one per distinct shape; from the label when it has one).
    /// `filled`: used filled (the enum's `@ViewBuilder` form), else as a shape (its `AnyShape` form).
    mutating func concentricShapeName(_ code: ConcentricCode, label: String?, user: Int, filled: Bool) -> String {
        if let k = concentricShapes.firstIndex(where: { $0.code == code }) {
            if !concentricShapes[k].users.contains(user) { concentricShapes[k].users.append(user) }
            if filled { concentricShapes[k].filled = true } else { concentricShapes[k].asShape = true }
            return concentricShapes[k].name
        }
        // lowerCamel, as the subviews are named: `top_bar` → `topBarShape`.
        let name = freeName(label.map { SwiftNames.lowerCamel($0) + "Shape" } ?? "concentric")
        concentricShapes.append((name, code, [user], !filled, filled))
        return name
    }

    /// `stem`, or `stem2`, `stem3`, … : a name no binding, helper or other shape has.
    func freeName(_ stem: String) -> String {
        let taken = Set(bindings.map { SwiftSource.identifier($0.name.name) } + concentricShapes.map(\.name) + ["rect", "nested"])
        var name = stem, n = 2
        while taken.contains(name) || SwiftSource.reserved.contains(name) { name = stem + "\(n)"; n += 1 }
        return name
    }

    /// A shape several nodes share gets a name of its own, not the first user's
    /// (`ConcentricRectangle()` for a1, a2 and a3 is `concentric`, not `a3Shape`).
    mutating func renameShared(in code: String) -> String {
        var out = code
        for k in concentricShapes.indices where concentricShapes[k].users.count > 1 {
            let old = concentricShapes[k].name
            concentricShapes[k].name = ""
            let new = freeName("concentric")
            concentricShapes[k].name = new
            out = Self.replacing(prefix + old, with: prefix + new, in: out)
        }
        return out
    }

    /// `text` with every `name` that is not the start of a longer identifier replaced.
    static func replacing(_ name: String, with new: String, in text: String) -> String {
        var out = "", rest = text[...]
        while let r = rest.firstRange(of: name) {
            let next = r.upperBound < rest.endIndex ? rest[r.upperBound] : " "
            let whole = !(next.isLetter || next.isNumber || next == "_")
            out += rest[..<r.lowerBound] + (whole ? new : name)
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    /// The radii SwiftUI draws for a concentric shape written corner by corner (no
    /// uniform group): each corner's own R − d with its minimum, at most half the
    /// shorter side; nil when a value cannot be read.
    func perCorner(_ specs: [CornerSpec], _ i: Int) -> Radii? {
        let sh = scene.shapes[i]
        let outer: Outer
        switch sh.enclosing {
        case .screen, .none: outer = Outer(screen: scene.screen)
        case .node(let j): outer = Outer(containerIn: scene.shapes, j)
        }
        var radii = Radii(all: 0)
        var decisions = Decisions()
        for k in Corner.four {
            switch specs[k.rawValue] {
            case .fixed(let e):
                guard let v = ExprValue.eval(e, env) else { return nil }
                radii[k] = v
            case .concentric(let m):
                let minimum = m.flatMap { ExprValue.eval($0, env) }
                if m != nil, minimum == nil { return nil }
                let (dx, dy) = ResolveContext.insets(k, sh.frame, outer.frame)
                radii[k] = ResolveContext.concentricCorner(rawDx: dx, rawDy: dy, R: outer.radii[k], minimum: minimum,
                                                           into: &decisions).result
            }
            radii[k] = min(radii[k], sh.frame.halfShorterSide)
        }
        return radii
    }

    /// `// resolves to 16 16 16 16 against map`, with the iOS 18 radii after a concentric shape's.
    /// The radii are those SwiftUI draws: where the code cannot say the scene's (a uniform
    /// group over corners of different styles), those of the code, the note above says so.
    mutating func resolves(_ i: Int, role: String?) -> String {
        let sh = scene.shapes[i]
        var radii = sh.radii, kind = sh.kind, old = fallback.shapes[i].radii
        let drawn = drawnOverride
        drawnOverride = nil
        if let role {
            guard let l = sh.layers.first(where: { $0.role == role }) else { return "" }
            radii = l.radii; kind = l.kind
            old = fallback.shapes[i].layers.first(where: { $0.role == role })?.radii ?? l.radii
        }
        let differs = drawn.map { $0 != radii } ?? false
        var s = differs ? "  // draws \(drawn!)" : "  // resolves to \(radii)"
        if kind.followsContainer { s += " against \(context(of: i))" }
        if kind == .concentric { s += "; \(oldRelease): \(old)" }
        if differs { s += "; the scene resolves \(radii)" }
        return s
    }

    /// The container a node's concentric shapes resolve against: the nearest container above, or the screen.
    func context(of i: Int) -> String {
        var p = parents[i]
        while let j = p {
            if scene.shapes[j].isContainer { return describe(j) }
            p = parents[j]
        }
        return "the \(scene.screen.noun)"
    }

    /// Container, background, glass, clip, hit and transition, in that order: the container
    /// wraps the children only, so the node's own shapes resolve against its parent's container.
    mutating func shapeModifiers(_ i: Int) -> [String] {
        let it = items[i]
        var out: [String] = []
        if let c = it.container { out += containerModifier(i, c) }
        if it.stack != nil || !children[i].isEmpty, let s = it.filled {
            let colour = fill(i)
            out.append(".background { \(shape(s, i, fill: colour)) }" + resolves(i, role: nil))
        }
        var styled = false
        if let g = it.glassIn {
            let role = it.glassShape != nil && it.shape != nil ? "glass" : nil
            if let border = glassButtonShape(i, g) {
                usesGlassButton = true
                styled = true
                out.append(".glassButton(\(border))" + resolves(i, role: role))
            } else {
                usesGlass = true
                let tint = it.filled == nil ? it.fill.map { "tint: \(colour($0, user: i)), " } ?? "" : ""
                out.append(".glass(\(tint)in: \(shape(g, i, role: role)))" + resolves(i, role: role))
            }
        }
        for (k, layer) in it.layers.enumerated() where !it.isFilledLayer(k) {
            let colour = layer.role == "background" ? fill(i) : nil
            let s = layer.role == "transition" ? "" : shape(layer.shape, i, role: layer.role, fill: colour)
            switch layer.role {
            case "clip": out.append(".clipShape(\(s))" + resolves(i, role: "clip"))
            case "background": out.append(".background { \(s) }" + resolves(i, role: "background"))
            case "hit": out.append(".contentShape(\(s))" + resolves(i, role: "hit"))
            default: out.append(transition(i, layer.shape, layer.range))
            }
        }
        if it.role == .button, !styled { out.append(".buttonStyle(.plain)") }
        return out
    }

    /// `.containerShape(…)`; `.concentricContainer(…)` (iOS 26's overload under an availability
    /// check) when concentric shapes inside resolve against it.
    mutating func containerModifier(_ i: Int, _ c: ShapeExpr) -> [String] {
        let range = items[i].containerRange ?? nodes[i].range
        // A container with nothing inside changes nothing: not written.
        guard !children[i].isEmpty else { return [] }
        if case .ignored(_, let why) = c.kind.row.container {
            // Said from the kind's row (the reason SwiftUI gives), not for `relative` alone.
            return [note(.swiftuiRelativeContainer, "\(why), so `container \(c.kind.rawValue)` is not written", at: range)]
        }
        guard c.kind.publishesAsContainer else { return [] }  // rejected: an error in the scene, never written
        let text = shape(c, i, capsule: false)
        let published = scene.shapes[i].containerRadii.map { "  // resolves to \($0) (container)" } ?? ""
        // Always through the helper: the iOS 26 overload, which ConcentricRectangle resolves
        // against, and not the iOS 15 one, which Apple documents for ContainerRelativeShape only.
        let type = c.kind.row.swiftUI ?? "RoundedRectangle"
        if !containerTypes.contains(type) { containerTypes.append(type) }
        return [".concentricContainer(\(text))" + published]
    }

    /// Whether a concentric shape below node i resolves against it.
    func holdsConcentric(_ i: Int) -> Bool {
        var stack = children[i]
        while let j = stack.popLast() {
            let it = items[j]
            let shapes = [it.shape, it.glassShape].compactMap { $0 } + it.layers.map(\.shape)
            if shapes.contains(where: { if case .concentric = $0 { return true } else { return false } }) { return true }
            if it.container == nil { stack += children[j] }
        }
        return false
    }

    /// matchedTransitionSource's configuration clips to a RoundedRectangle only (Apple's `matchedTransitionSource` documentation).
    mutating func transition(_ i: Int, _ s: ShapeExpr, _ range: SourceRange) -> String {
        usesTransition = true
        let radius: String
        if case .radii(.rect, let rs) = s, let fit = fitted(.rect, rs, i, capsule: false) {
            notePending(.swiftuiRadiusOverflow, fit.note, at: range)
            radius = SwiftSource.number(fit.drawn.topLeading)
        } else if case .radii(.rect, let rs) = s, let r = rs.first {
            radius = SwiftSource.expr(r, prefix: prefix)
        } else {
            let r = scene.shapes[i].layers.first { $0.role == "transition" }?.radii.max ?? 0
            radius = SwiftSource.number((r * 1000).rounded() / 1000)
            pending.append(note(.swiftuiTransitionShape,
                "matchedTransitionSource clips to a RoundedRectangle only: `transition \(s.kind.rawValue)` is written as its resolved radius \(Format.number(r))",
                at: range, help: "write `transition rect \(Format.number(r))` in the scene"))
        }
        let id = path(i)
        return ".zoomSource(id: \"\(id)\", in: namespace, cornerRadius: \(radius))" + resolves(i, role: "transition")
    }
}

/// Fixed radii iOS 26 cannot draw (docs/lint.md, radius-overflow).
extension SwiftUIEmitter {
    struct FittedRadii {
        var drawn: Radii
        /// Written as a Capsule, as the lint's fix writes a button, pill or track.
        var capsule: Bool
        var note: String
    }

    /// Fixed radii node i's frame cannot hold (`radius-overflow-clamped`): iOS 26
    /// traps on them at render time, so the code gets the radii the scene draws
    /// (earlier versions' clamp), or a Capsule where `scene check --fix` writes
    /// one; nil when they fit.
    func fitted(_ kind: ShapeKind, _ rs: [Expr], _ i: Int, capsule allowed: Bool = true) -> FittedRadii? {
        let sh = scene.shapes[i]
        let w = sh.frame.width, h = sh.frame.height
        let vs = rs.compactMap { ExprValue.eval($0, env) }
        guard w > 0, h > 0, !vs.isEmpty, vs.count == rs.count else { return nil }
        let one = kind.arguments == .radius
        let written = !one && vs.count == 4 ? Radii(vs[0], vs[1], vs[2], vs[3]) : Radii(all: vs[0])
        guard EdgeLimit.worst(written, width: w, height: h) != nil else { return nil }
        let drawn = EdgeLimit.drawn(written, width: w, height: h)
        let capsule = allowed && one && (sh.role != nil || max(w, h) >= 1.25 * min(w, h))
        let n = Format.number
        let what = one ? "radius \(n(written.topLeading))" : "radii \(written)"
        let instead = capsule ? "a Capsule, what earlier versions drew"
            : one ? "the radius it is drawn with, \(n(drawn.topLeading))" : "the radii it is drawn with, \(drawn)"
        return FittedRadii(drawn: drawn, capsule: capsule,
            note: "the scene's \(what) \(one ? "overflows" : "overflow") \(describe(i))'s \(n(w))×\(n(h)) frame and iOS 26 traps on \(one ? "it" : "them"): written as \(instead)")
    }

    /// A concentric shape's fixed corners lowered to what is drawn where they
    /// overflow node i's frame (as `scene check --fix` lowers them), with a note.
    mutating func fittedConcentric(_ base: CornerSpec, _ clauses: [CornerClause], _ i: Int) -> (CornerSpec, [CornerClause]) {
        let sh = scene.shapes[i]
        let w = sh.frame.width, h = sh.frame.height
        guard w > 0, h > 0 else { return (base, clauses) }
        let covered = Set(clauses.flatMap { $0.set.corners })
        let sources = clauses.map { ($0.spec, $0.set.corners) } + [(base, Corner.four.filter { !covered.contains($0) })]
        var written = sh.radii, fixed = Set<Corner>(), seen = Set<Corner>()
        for (spec, corners) in sources {
            let value: Double? = if case .fixed(let e) = spec { ExprValue.eval(e, env) } else { nil }
            for k in corners where !seen.contains(k) {
                seen.insert(k)
                if let value { written[k] = value; fixed.insert(k) }
            }
        }
        guard EdgeLimit.worst(written, width: w, height: h, only: fixed) != nil else { return (base, clauses) }
        let drawn = EdgeLimit.drawn(written, width: w, height: h)
        func lowered(_ spec: CornerSpec, _ corners: [Corner]) -> CornerSpec {
            guard case .fixed(let e) = spec, let v = corners.map({ drawn[$0] }).min(),
                  corners.contains(where: { written[$0] > v }) else { return spec }
            return .fixed(.number(v, e.range))
        }
        var out = clauses
        for k in out.indices { out[k].spec = lowered(out[k].spec, out[k].set.corners) }
        let ks = Corner.four.filter(fixed.contains)
        let n = Format.number
        notePending(.swiftuiRadiusOverflow,
            "the scene's fixed radii at \(ks.map(\.name).joined(separator: ", ")) (\(ks.map { n(written[$0]) }.joined(separator: ", "))) overflow \(describe(i))'s \(n(w))×\(n(h)) frame and iOS 26 traps on them: written as drawn, \(ks.map { n(drawn[$0]) }.joined(separator: ", "))",
            at: nodes[i].range)
        return (lowered(base, sources.last!.1), out)
    }

    /// A note above the node's code, once however many of its shapes raise it.
    mutating func notePending(_ code: DiagnosticCode, _ message: String, at range: SourceRange) {
        guard !warnings.contains(where: { $0.id == code && $0.message == message }) else { return }
        pending.append(note(code, message, at: range, help: "run `scene check --fix` to write the fitting shape in the scene"))
    }
}

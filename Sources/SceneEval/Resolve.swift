// THE CORNER RULE (grammar.md, Resolution), whole and in one place. Layout calls it
// for every shape, the checker and the SVG `--centers` overlay read it, the
// REPL's `:show` and the JSON's `corners` ask it to explain itself:
//
//   container   the nearest ancestor that declares one, else the screen
//               (`ResolvedShape.enclosing`, stored once by layout)
//   measured    from the container's frame (a circle: its centred square) and
//               the radii it publishes (the screen: its radius, at most half
//               its shorter side)
//   distance    d = max(dx, dy), each inset clamped at 0 (`ModelDecision`)
//   concentric  R − d, at least 0, at least the minimum
//   uniform     every corner of a group takes the group's largest radius
//   clamp       at most half the shape's shorter side
//   relative    R − (the smallest of the four insets); a plain rectangle
//               with no declared container
//   ios18       ConcentricRectangle falls back to RoundedRectangle(minimum)
import SceneLang

struct Resolution {
    var radii: Radii
    var decisions: Decisions
    var container: ContainerRef
    /// Filled only when asked to explain.
    var reasons: [CornerReason] = []
    /// The fixed radii as written, when the shape cannot hold them (see `EdgeLimit`).
    var written: Radii? = nil
}

/// A container as the resolver measures its children against it: its frame (a
/// circle's centred square), the radii it publishes and its kind (nil: the screen).
struct Outer {
    var frame: Frame
    var radii: Radii
    var kind: ShapeKind?
    /// Whether `kind` is measured from its centred square (a circle): one bit of
    /// the kind's (`ShapeKind.centredSquare`), not a copy kept in step.
    var centredSquare: Bool { kind?.centredSquare == true }

    /// The screen (or window): its radius, at most half its shorter side.
    init(screen: Screen) {
        self.init(frame: screen.frame, radii: Radii(all: ResolveContext.screenRadius(screen)), kind: nil)
    }

    /// A node that declares a container.
    init(container c: ResolvedShape) {
        self.init(frame: c.containerKind?.measured(c.frame) ?? c.frame,
                  radii: c.containerRadii ?? Radii(all: 0), kind: c.containerKind)
    }

    /// Shape `j` of `shapes`, a node that declares a container, read in place
    /// (no copy of the shape; inlined, so that the array is not taken and dropped
    /// for each call: resolving a chain nested 1,000 deep asks it for every node).
    @inline(__always) init(containerIn shapes: [ResolvedShape], _ j: Int) {
        // (Both from one read of the shape's extras box.)
        let (radii, kind) = shapes[j].declaredContainer
        self.init(frame: kind?.measured(shapes[j].frame) ?? shapes[j].frame, radii: radii ?? Radii(all: 0), kind: kind)
    }

    init(frame: Frame, radii: Radii, kind: ShapeKind?) {
        self.frame = frame; self.radii = radii; self.kind = kind
    }
}

/// Corner resolution for one shape in one frame (grammar.md, Resolution).
struct ResolveContext {
    let screen: Screen
    let target: Target
    /// How a concentric shape is drawn under `target ios18` (`Fallback.choose`).
    var fallback: FallbackStyle = .minimum
    /// The screen iOS 26 (macOS 26) draws on, where it is not `screen`: `--compare macos15`'s
    /// panel draws the window at macOS 15's radius, but the `resolved` fallback draws the radii
    /// macOS 26 resolves against its own window, as the exported code writes them.
    var newerScreen: Screen? = nil

    /// The radius the screen publishes to what it contains.
    static func screenRadius(_ screen: Screen) -> Double { min(screen.radius, screen.frame.halfShorterSide) }

    /// Distances along x and y from the view's corner k to the container's corner k
    /// (negative when the view pokes out).
    static func insets(_ k: Corner, _ v: Frame, _ c: Frame) -> (Double, Double) {
        switch k {
        case .topLeading: return (v.minX - c.minX, v.minY - c.minY)
        case .topTrailing: return (c.maxX - v.maxX, v.minY - c.minY)
        case .bottomTrailing: return (c.maxX - v.maxX, c.maxY - v.maxY)
        case .bottomLeading: return (v.minX - c.minX, c.maxY - v.maxY)
        }
    }

    /// The concentric rule at corner k of `frame` inside a container with corner
    /// radius `R` measured from `container`: the insets (clamped at 0), the
    /// distance and R − d (at least 0), before any minimum; `unclamped` is what
    /// R − d would be with the insets as measured, when that differs (the corner
    /// pokes out on both edges).
    static func concentric(_ k: Corner, frame: Frame, in container: Frame, R: Double)
        -> (dx: Double, dy: Double, distance: Double, radius: Double, unclamped: Double?) {
        let (rawDx, rawDy) = insets(k, frame, container)
        return concentric(rawDx: rawDx, rawDy: rawDy, R: R)
    }

    /// The same from the corner's insets as measured (`insets`).
    @inline(__always)
    static func concentric(rawDx: Double, rawDy: Double, R: Double)
        -> (dx: Double, dy: Double, distance: Double, radius: Double, unclamped: Double?) {
        let dx = ModelDecision.clampInset(rawDx), dy = ModelDecision.clampInset(rawDy)
        let d = ModelDecision.cornerDistance(dx: dx, dy: dy)
        let raw = ModelDecision.cornerDistance(dx: rawDx, dy: rawDy)
        return (dx, dy, d, max(R - d, 0), raw < d ? max(R - raw, 0) : nil)
    }

    /// One concentric corner on iOS 26: the rule, the radius with the minimum
    /// applied (`result`), and the decisions that changed it, inserted into
    /// `decisions`. The general loop and `concentricRadii` both go through here.
    /// `smallerInset` is what `result` would be measured from the smaller inset
    /// (the same when dx = dy): the caller flags `chebyshevDistance` only where
    /// that changes the radius drawn, after uniform groups and the clamp.
    @inline(__always)
    static func concentricCorner(rawDx: Double, rawDy: Double, R: Double, minimum m: Double?,
                                 into decisions: inout Decisions)
        -> (rule: (dx: Double, dy: Double, distance: Double, radius: Double, unclamped: Double?), result: Double,
            smallerInset: Double) {
        let rule = concentric(rawDx: rawDx, rawDy: rawDy, R: R)
        let floor = m ?? 0
        // Flag the clamp only where the inset as measured would change the radius.
        if let u = rule.unclamped, max(u, floor) != max(rule.radius, floor) { decisions.insert(.overflowClamped) }
        let result = max(rule.radius, floor)
        let smaller = rule.dx == rule.dy ? result : max(max(R - min(rule.dx, rule.dy), 0), floor)
        return (rule, result, smaller)
    }

    /// The radii after uniform groups (each group's corners take its largest), as
    /// `CornerState.uniform` gives them, without reasons.
    static func uniformed(_ radii: Radii, groups: UInt16) -> Radii {
        var out = radii, masks = groups
        while masks != 0 {
            let g = masks & 0xF
            masks >>= 4
            var m = 0.0
            for k in Corner.four where g & (1 << UInt16(k.rawValue)) != 0 { m = max(m, out[k]) }
            for k in Corner.four where g & (1 << UInt16(k.rawValue)) != 0 { out[k] = max(out[k], m) }
        }
        return out
    }

    /// `resolve` of a concentric spec on iOS 26, read from a shape's stored spec
    /// (`values`, `styles`, `groups` as in `ConcentricSpec`), nothing to explain:
    /// the radii, the decisions and, when fixed corners as written break an edge's
    /// limit, those radii (`Resolution.written`), as `resolve` gives them (its
    /// container is `ctx`, nothing is written over); nil under `target ios18`.
    /// Corner by corner as `concentric(_:_:frame:ctx:outer:)`: a fixed corner as
    /// written, any other from its insets with its minimum; then the uniform groups,
    /// the clamp to half the shorter side and the fixed corners' limit (no spec,
    /// state or resolution built: every concentric shape of a scene comes here).
    func concentricRadii(values: Radii, styles: UInt8, groups: UInt16, frame: Frame, ctx: ContainerRef,
                         outer: Outer) -> (radii: Radii, decisions: Decisions, written: Radii?)? {
        guard target != .ios18 else { return nil }
        var decisions = Decisions()
        if ctx == .screen { decisions.insert(.screenContainer) }
        if outer.centredSquare { decisions.insert(.circleContainerSquare) }
        let cf = outer.frame, half = frame.halfShorterSide
        // Each corner's insets as `insets` measures them.
        let leading = frame.minX - cf.minX, top = frame.minY - cf.minY
        let trailing = cf.maxX - frame.maxX, bottom = cf.maxY - frame.maxY
        // Each corner's radius, and what it would be from its smaller inset (`concentricCorner`).
        @inline(__always) func corner(_ k: Corner, _ dx: Double, _ dy: Double) -> (radius: Double, smaller: Double) {
            let style = (styles >> UInt8(2 * k.rawValue)) & 3
            if style >= 2 { return (values[k], values[k]) }  // (fixed, as `ConcentricSpec`'s subscript reads 2 and 3)
            let m: Double? = style == 1 ? values[k] : nil
            let c = Self.concentricCorner(rawDx: dx, rawDy: dy, R: outer.radii[k], minimum: m, into: &decisions)
            return (c.result, c.smallerInset)
        }
        // At most half the shorter side (`CornerState.clamp`); the larger inset is worth
        // a note only where the smaller one draws another radius.
        @inline(__always) func clamped(_ r: (radius: Double, smaller: Double)) -> Double {
            let v = r.radius > half ? half : r.radius
            if v < r.radius { decisions.insert(.clampedToHalfSide) }
            if min(r.smaller, half) != v { decisions.insert(.chebyshevDistance) }
            return v
        }
        let a = corner(.topLeading, leading, top), b = corner(.topTrailing, trailing, top)
        let c = corner(.bottomTrailing, trailing, bottom), d = corner(.bottomLeading, leading, bottom)
        let radii: Radii
        if groups == 0 {
            radii = Radii(clamped(a), clamped(b), clamped(c), clamped(d))
        } else {
            // Each group's corners take its largest, of the radii and of the smaller ones alike.
            let r = Self.uniformed(Radii(a.radius, b.radius, c.radius, d.radius), groups: groups)
            let s = Self.uniformed(Radii(a.smaller, b.smaller, c.smaller, d.smaller), groups: groups)
            radii = Radii(clamped((r.topLeading, s.topLeading)), clamped((r.topTrailing, s.topTrailing)),
                          clamped((r.bottomTrailing, s.bottomTrailing)), clamped((r.bottomLeading, s.bottomLeading)))
        }
        // Fixed corners as written, the others as resolved: do they fit (`CornerState.overflow`)?
        guard styles & 0b1010_1010 != 0, frame.width > 0, frame.height > 0 else { return (radii, decisions, nil) }
        let fixed = ConcentricSpec.fixedCorners(styles: styles)
        var written = radii
        for k in Corner.four where fixed & 1 << UInt8(k.rawValue) != 0 { written[k] = values[k] }
        guard EdgeLimit.overflows(written, width: frame.width, height: frame.height, only: fixed) else {
            return (radii, decisions, nil)
        }
        decisions.insert(.radiusOverflowClamped)
        return (radii, decisions, written)
    }

    /// `resolve` of written radii (`.radii`, any kind), nothing to explain: each at
    /// most half the shorter side, and the radii as written when they break an
    /// edge's limit (`Resolution.written`); they depend on no container. (No state
    /// or resolution built: every `rect R` of a scene comes here.)
    static func writtenRadii(_ rs: Radii, frame: Frame) -> (radii: Radii, decisions: Decisions, written: Radii?) {
        let half = frame.halfShorterSide
        var decisions = Decisions()
        // (As `CornerState.clamp` compares.)
        @inline(__always) func clamp(_ r: Double) -> Double {
            if r > half { decisions.insert(.clampedToHalfSide); return half }
            return r
        }
        let radii = Radii(clamp(rs.topLeading), clamp(rs.topTrailing), clamp(rs.bottomTrailing), clamp(rs.bottomLeading))
        guard frame.width > 0, frame.height > 0, EdgeLimit.overflows(rs, width: frame.width, height: frame.height, only: 0xF)
        else { return (radii, decisions, nil) }
        decisions.insert(.radiusOverflowClamped)
        return (radii, decisions, rs)
    }

    /// `outer` is the container as measured (see `Outer`). With `explain`, each
    /// corner's reasoning is recorded too (the REPL's `:show`, the JSON's `corners`).
    func resolve(_ shape: ShapeValue, frame: Frame, ctx: ContainerRef, outer: Outer,
                 explain: Bool = false) -> Resolution {
        var state = CornerState(half: frame.halfShorterSide, explain: explain)
        switch shape {
        case .radii(_, let rs):
            // Written radii, each at most half the shorter side.
            let radii = Radii(state.clamp(rs.topLeading), state.clamp(rs.topTrailing),
                              state.clamp(rs.bottomTrailing), state.clamp(rs.bottomLeading))
            return state.overflow(rs, of: frame, into: state.fixed(radii, .fixed))
        case .plain(let kind):
            // The frame decides (rectangle, capsule, circle), or the container does (relative).
            if let r = kind.frameRadius(frame) { return state.fixed(Radii(all: r), .shape) }
            return relative(&state, frame: frame, ctx: ctx, outer: outer)
        case .concentric(let spec):
            return concentric(spec, &state, frame: frame, ctx: ctx, outer: outer)
        }
    }

    /// ContainerRelativeShape: the container's radius less the smallest inset.
    func relative(_ state: inout CornerState, frame: Frame, ctx: ContainerRef, outer: Outer) -> Resolution {
        if ctx == .screen {
            state.decisions.insert(.relativeWithoutContainer)
            return state.fixed(Radii(all: 0), .relative)
        }
        if outer.centredSquare { state.decisions.insert(.circleContainerSquare) }
        let cf = outer.frame
        let d = ModelDecision.clampInset(min(frame.minX - cf.minX, frame.minY - cf.minY, cf.maxX - frame.maxX, cf.maxY - frame.maxY))
        var radii = Radii(all: 0)
        for k in Corner.four {
            let computed = max(outer.radii[k] - d, 0)
            radii[k] = state.clamp(computed)
            if state.explain {
                var c = CornerReason(rule: radii[k] < computed ? .clamped : .relative)
                c.containerRadius = outer.radii[k]; c.distance = d; c.computed = computed
                state.reasons.append(c)
            }
        }
        return Resolution(radii: radii, decisions: state.decisions, container: ctx, reasons: state.reasons)
    }

    /// ConcentricRectangle: per corner fixed, R − d with its minimum, or (ios18)
    /// the minimum alone; then uniform groups, then the clamp.
    func concentric(_ spec: ConcentricSpec, _ state: inout CornerState, frame: Frame, ctx: ContainerRef,
                    outer: Outer) -> Resolution {
        if target == .ios18, self.fallback != .minimum {
            return fallbackConcentric(spec, frame: frame, ctx: ctx, outer: outer, explain: state.explain)
        }
        var radii = Radii(all: 0)
        // What each corner would be measured from its smaller inset (`concentricCorner`).
        var smaller = Radii(all: 0)
        let fallback = target == .ios18
        if fallback {
            state.decisions.insert(.ios18Fallback)
        } else {
            if ctx == .screen { state.decisions.insert(.screenContainer) }
            if outer.centredSquare { state.decisions.insert(.circleContainerSquare) }
        }
        for c in 0..<4 {
            let k = Corner(rawValue: c)!
            switch spec[k] {
            case .fixed(let v):
                radii[k] = v
                smaller[k] = v
                if state.explain { var c = CornerReason(rule: .fixed); c.fixed = v; state.reasons.append(c) }
            case .concentric(let m) where fallback:
                // Before iOS 26: a RoundedRectangle of the minimum (square without one).
                radii[k] = m ?? 0
                smaller[k] = m ?? 0
                if state.explain { var c = CornerReason(rule: .fallback); c.minimum = m; state.reasons.append(c) }
            case .concentric(let m):
                let R = outer.radii[k]
                let (rawDx, rawDy) = Self.insets(k, frame, outer.frame)
                let (rule, result, alternative) = Self.concentricCorner(rawDx: rawDx, rawDy: rawDy, R: R, minimum: m,
                                                                        into: &state.decisions)
                radii[k] = result
                smaller[k] = alternative
                if state.explain {
                    var c = CornerReason(rule: (m ?? -1) > rule.radius ? .minimum : .concentric)
                    c.containerRadius = R; c.dx = rule.dx; c.dy = rule.dy; c.distance = rule.distance
                    c.computed = rule.radius; c.minimum = m
                    state.reasons.append(c)
                }
            }
        }
        if spec.groupMasks != 0 {
            state.uniform(&radii, groups: spec.groupMasks)
            smaller = Self.uniformed(smaller, groups: spec.groupMasks)
        }
        for c in 0..<4 {
            let k = Corner(rawValue: c)!
            let v = state.clamp(radii[k])
            if v < radii[k], state.explain { state.reasons[k.rawValue].rule = .clamped }
            radii[k] = v
            // The larger inset is worth a note only where the smaller one draws another radius.
            if min(smaller[k], state.half) != v { state.decisions.insert(.chebyshevDistance) }
        }
        let res = Resolution(radii: radii, decisions: state.decisions,
                             container: fallback ? .none : ctx, reasons: state.reasons)
        // Fixed corners as written, the others as resolved: do they fit?
        let fixed = spec.fixedCorners
        guard fixed != 0 else { return res }
        var written = radii
        for c in 0..<4 where fixed & 1 << c != 0 { written[Corner(rawValue: c)!] = spec.values[Corner(rawValue: c)!] }
        return state.overflow(written, of: frame, only: fixed, into: res)
    }
}

/// What one resolution accumulates: the decisions taken and, when explaining,
/// each corner's reason.
struct CornerState {
    let half: Double
    let explain: Bool
    var decisions = Decisions()
    var reasons: [CornerReason] = []

    init(half: Double, explain: Bool) {
        self.half = half; self.explain = explain
        if explain { reasons.reserveCapacity(4) }  // one allocation, not three
    }

    /// At most half the shorter side.
    mutating func clamp(_ r: Double) -> Double {
        if r > half { decisions.insert(.clampedToHalfSide); return half }
        return r
    }

    /// Radii that depend on no container.
    func fixed(_ r: Radii, _ rule: CornerReason.Rule) -> Resolution {
        var res = Resolution(radii: r, decisions: decisions, container: .none)
        if explain {
            res.reasons = Corner.four.map { k in var c = CornerReason(rule: rule); c.fixed = r[k]; return c }
        }
        return res
    }

    /// Marks a resolution whose fixed radii (`only` those corners, a mask of
    /// `1 << Corner.rawValue`) break the per-edge limit: iOS 26 traps on it;
    /// the model draws it clamped.
    func overflow(_ written: Radii, of frame: Frame, only: UInt8 = 0xF, into res: Resolution) -> Resolution {
        guard frame.width > 0, frame.height > 0,
              EdgeLimit.overflows(written, width: frame.width, height: frame.height, only: only) else { return res }
        var r = res
        r.decisions.insert(.radiusOverflowClamped)
        r.written = written
        return r
    }

    /// Uniform groups (4-bit corner masks): every corner of a group takes the group's largest radius.
    mutating func uniform(_ radii: inout Radii, groups: UInt16) {
        let out = ResolveContext.uniformed(radii, groups: groups)
        if explain { for k in Corner.four where out[k] > radii[k] { reasons[k.rawValue].rule = .uniform } }
        radii = out
    }
}

extension ResolvedScene {
    /// A container as the resolver measured against it (`.none` counts as the screen).
    func outer(of ref: ContainerRef) -> Outer {
        if case .node(let j) = ref { return Outer(containerIn: shapes, j) }
        return Outer(screen: screen)
    }

    /// The concentric radius at corner k of shape `index` against its enclosing
    /// container, before any minimum: R − max(dx, dy), at least 0.
    func concentricRadius(_ k: Corner, of index: Int) -> (R: Double, distance: Double, radius: Double) {
        concentricRadius(k, of: index, in: outer(of: shapes[index].enclosing))
    }

    /// What the nesting rules (flared, pinched) measure shape `index`'s corners
    /// against: its container as declared (`enclosing`), unless an ancestor
    /// nearer than that one is visibly rounded and declares no container. Then
    /// that ancestor is what the eye compares the corner with: its clip when it
    /// clips to a rounded shape (what it holds is drawn within the clip), else
    /// the rounded outline it draws. (Code written before iOS 26 declares no
    /// container shapes: nesting is only what is drawn.)
    public func nestingReference(of index: Int) -> NestingReference {
        let enclosing = shapes[index].enclosing
        let stop: Int? = { if case .node(let j) = enclosing { return j } else { return nil } }()
        var at = shapes[index].parent
        while let a = at, a != stop {
            if clipLayer(of: a) != nil { return NestingReference(ancestor: .node(a), outline: .clip) }
            if shapes[a].kind != .group, shapes[a].radii.max > 0 { return NestingReference(ancestor: .node(a), outline: .drawn) }
            at = shapes[a].parent
        }
        return NestingReference(ancestor: enclosing, outline: .container)
    }

    /// Node `j`'s rounded clip, if it clips what it holds to one (the last `clip` item).
    func clipLayer(of j: Int) -> ShapeLayer? {
        // (A drawn glass layer, `glassIsDrawn`, is not a clip: only the box's layers are looked at.)
        guard shapes[j].extras?.hasLayers == true else { return nil }
        guard let clip = shapes[j].layers.last(where: { $0.use == .clip }), clip.radii.max > 0 else { return nil }
        return clip
    }

    /// The outline a reference stands for, as the resolver measures a container.
    func outer(of ref: NestingReference) -> Outer {
        guard case .node(let j) = ref.ancestor else { return outer(of: ref.ancestor) }
        switch ref.outline {
        case .container: return Outer(containerIn: shapes, j)
        case .clip:
            let clip = clipLayer(of: j)!
            return Outer(frame: clip.kind.measured(shapes[j].frame), radii: clip.radii, kind: clip.kind)
        case .drawn:
            return Outer(frame: shapes[j].kind.measured(shapes[j].frame), radii: shapes[j].radii, kind: shapes[j].kind)
        }
    }

    /// The concentric radius at corner k of shape `index` against `ref` (see
    /// `nestingReference`), before any minimum: R − max(dx, dy), at least 0.
    public func concentricRadius(_ k: Corner, of index: Int, against ref: NestingReference) -> (R: Double, distance: Double, radius: Double) {
        concentricRadius(k, of: index, in: outer(of: ref, for: index))
    }

    /// The outline `ref` stands for, for shape `index` (its container's, as the
    /// resolver measured it, when `ref` is that): read once for all four corners.
    func outer(of ref: NestingReference, for index: Int) -> Outer {
        if ref.outline == .container, ref.ancestor == shapes[index].enclosing { return outer(of: shapes[index].enclosing) }
        return outer(of: ref)
    }

    /// Corner k of shape `index` against `outer`: its R, the distance and the concentric radius.
    func concentricRadius(_ k: Corner, of index: Int, in outer: Outer) -> (R: Double, distance: Double, radius: Double) {
        let rule = ResolveContext.concentric(k, frame: shapes[index].frame, in: outer.frame, R: outer.radii[k])
        return (outer.radii[k], rule.distance, rule.radius)
    }

    /// The radius corner k of shape `index` is drawn with: its own, unless an
    /// ancestor clips it there. A corner that runs into (or past) the corner of
    /// an ancestor's rounded clip on both edges is cut to the clip's curve, the
    /// rounder of the two (a list row flush in a section clipped to `rect 26`
    /// draws the section's corner: concentric by construction).
    public func drawnRadius(_ k: Corner, of index: Int) -> Double {
        drawnRadius(k, of: index) { j in
            var at = shapes[j].parent
            while let a = at, clipLayer(of: a) == nil { at = shapes[a].parent }
            return at
        }
    }

    /// The same, with `clipAbove(j)` giving the nearest ancestor of `j` that
    /// clips to a rounded shape (`clipAncestors()`, read once for many shapes:
    /// a walk up every ancestor for every corner costs as much as the scene is deep).
    func drawnRadius(_ k: Corner, of index: Int, clipAbove: (Int) -> Int?) -> Double {
        var r = shapes[index].radii[k]
        var at = clipAbove(index)
        while let a = at {
            if let clip = clipLayer(of: a) {
                let (dx, dy) = ResolveContext.insets(k, shapes[index].frame, clip.kind.measured(shapes[a].frame))
                if dx <= 1e-9, dy <= 1e-9 { r = max(r, clip.radii[k]) }
            }
            at = clipAbove(a)
        }
        return r
    }

    /// For each shape, its nearest ancestor that clips to a rounded shape (-1: none),
    /// in one pass (the evaluator puts a parent before its children; any other
    /// order is walked).
    func clipAncestors() -> [Int32] {
        var out = [Int32](repeating: -1, count: shapes.count)
        for i in shapes.indices {
            guard let p = shapes[i].parent else { continue }
            if clipLayer(of: p) != nil { out[i] = Int32(p) } else if p < i { out[i] = out[p] } else {
                var at = shapes[p].parent
                while let a = at, clipLayer(of: a) == nil { at = shapes[a].parent }
                out[i] = Int32(at ?? -1)
            }
        }
        return out
    }

    /// Why each corner of shape `index` came out as it did (topLeading, topTrailing,
    /// bottomTrailing, bottomLeading); empty for a group.
    public func reasons(for index: Int) -> [CornerReason] {
        // Field by field: no copy of the shape (the checker asks for every concentric one).
        guard let spec = shapes[index].spec else { return [] }
        let context = ResolveContext(screen: screen, target: target, fallback: fallback, newerScreen: newerScreen)
        let enclosing = shapes[index].enclosing
        return context.resolve(spec, frame: shapes[index].frame, ctx: enclosing, outer: outer(of: enclosing),
                               explain: true).reasons
    }

    /// Corner k of shape `index` as `reasons(for:)` gives a concentric corner with
    /// minimum `m` on iOS 26, without resolving the other corners: the radius of
    /// `outer` (what it is measured against) there, the insets, the distance and
    /// R − d. (Not for the iOS 18 fallback, whose reasons differ.)
    func concentricReason(_ k: Corner, of index: Int, outer: Outer, minimum m: Double?) -> CornerReason {
        let rule = ResolveContext.concentric(k, frame: shapes[index].frame, in: outer.frame, R: outer.radii[k])
        var r = CornerReason(rule: (m ?? -1) > rule.radius ? .minimum : .concentric)
        r.containerRadius = outer.radii[k]; r.dx = rule.dx; r.dy = rule.dy; r.distance = rule.distance
        r.computed = rule.radius; r.minimum = m
        return r
    }
}

/// An outline the nesting rules measure a shape against (`ResolvedScene.nestingReference(of:)`).
public struct NestingReference: Sendable, Equatable {
    public enum Outline: Sendable, Equatable {
        /// The container it declares (or the screen).
        case container
        /// The ancestor's rounded `clip`: what it holds is drawn within it.
        case clip
        /// The rounded outline the ancestor draws (it declares no container).
        case drawn
    }
    /// `.screen`, or `.node(j)`.
    public var ancestor: ContainerRef
    public var outline: Outline
}

extension Radii {
    /// The `container …` item that publishes these radii: `container rect R` when
    /// uniform, else `container uneven(TL, TR, BR, BL)`.
    public var containerDeclaration: String {
        isUniform ? "container rect \(Format.number(topLeading))"
            : "container uneven(\(values.map(Format.number).joined(separator: ", ")))"
    }
}

import SceneLang

/// What layout needs of one node, flattened in document order (kept small:
/// a scene may have a million of them).
struct Box {
    var width: Double?
    var height: Double?
    var pad: Insets
    var align: Alignment
    var stack: StackAxis?
    var spacing: Double
    var parent: Int?
    var children: [Int] = []
}

extension Evaluator {
    /// Flatten, measure, place and resolve every node.
    mutating func layout(_ roots: [Node], screen: Screen, target: Target) -> [ResolvedShape] {
        // Flatten (pre-order, iterative): the layout boxes, and each shape's
        // description with frame and radii still to come.
        var boxes: [Box] = []
        var out: [ResolvedShape] = []
        var containers: [Int: (ShapeValue?, SourceRange)] = [:]
        var layerSpecs: [Int: [(String, ShapeValue, SourceRange)]] = [:]
        var labels: [String: SourceRange] = [:]
        // Count first, so the big arrays are allocated once (no regrowth copies).
        var total = 0
        var counting: [Node] = roots
        while let node = counting.popLast() { total += 1; counting.append(contentsOf: node.children) }
        boxes.reserveCapacity(total)
        out.reserveCapacity(total)
        var stack: [(Node, Int?, Int)] = roots.reversed().map { ($0, nil, 0) }
        while let (node, parent, depth) = stack.popLast() {
            let index = boxes.count
            if let l = node.label {
                if let first = labels[l.name] {
                    error("duplicate-label", "the label `\(l.name)` is already used", l.range,
                          help: "labels name one node each: rename this one", notes: ["first used\(lineOf(first))"])
                } else {
                    labels[l.name] = l.range
                }
            }
            let p = props(node)
            boxes.append(Box(width: p.width, height: p.height, pad: p.pad, align: p.align, stack: p.stack,
                             spacing: p.spacing, parent: parent))
            if let parent { boxes[parent].children.append(index) }
            if let r = p.containerRange { containers[index] = (p.container, r) }
            if !p.layers.isEmpty { layerSpecs[index] = p.layers }
            // The drawn shape: the node's own, else its glass shape, else its container
            // shape; bare `glass` on a node with none is SwiftUI's default glass shape, a capsule.
            let drawn = p.shape ?? p.glassShape ?? p.container ?? (p.glass ? .capsule : nil)
            out.append(ResolvedShape(
                id: node.label?.name ?? "node-\(index + 1)", label: node.label?.name, kind: drawn?.kind ?? .group,
                parent: parent, depth: depth, container: .none, isContainer: false, containerRadii: nil,
                containerKind: nil, frame: screen.frame, radii: Radii(all: 0), style: p.style, fill: p.fill,
                glass: p.glass, role: p.role, stack: p.stack, spec: drawn, decisions: Decisions(), layers: [],
                range: node.range, shapeRange: p.shapeRange, containerRange: p.containerRange))
            for c in node.children.reversed() { stack.append((c, index, depth + 1)) }
        }
        let n = boxes.count

        // Measure: a node's ideal size per axis; nil means it fills what it is given.
        var idealW = [Double?](repeating: nil, count: n)
        var idealH = [Double?](repeating: nil, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let p = boxes[i]
            var w = p.width, h = p.height
            if let axis = p.stack, w == nil || h == nil {
                let kids = p.children
                var along: Double? = 0, cross: Double? = 0
                let horizontal = axis == .hstack
                for c in kids {
                    let pad = boxes[c].pad
                    let cw = idealW[c].map { $0 + pad.horizontal }
                    let ch = idealH[c].map { $0 + pad.vertical }
                    let a = horizontal ? cw : ch
                    let x = horizontal ? ch : cw
                    switch axis {
                    case .zstack:
                        along = (along != nil && cw != nil) ? max(along!, cw!) : nil
                        cross = (cross != nil && ch != nil) ? max(cross!, ch!) : nil
                    default:
                        along = (along != nil && a != nil) ? along! + a! : nil
                        cross = (cross != nil && x != nil) ? max(cross!, x!) : nil
                    }
                }
                if axis != .zstack, let a = along, kids.count > 1 { along = a + p.spacing * Double(kids.count - 1) }
                let fitW = axis == .vstack ? cross : along
                let fitH = axis == .vstack ? along : cross
                if w == nil { w = fitW }
                if h == nil { h = fitH }
            }
            idealW[i] = w
            idealH[i] = h
        }

        // Place: each node is given a slot by its parent (the screen at the top).
        var slots = [Frame](repeating: screen.frame, count: n)
        for i in 0..<n {
            let p = boxes[i]
            let avail = slots[i].inset(p.pad)
            let w = max(0, idealW[i] ?? avail.width)
            let h = max(0, idealH[i] ?? avail.height)
            let frame = Frame(x: avail.x + (avail.width - w) * p.align.fx,
                              y: avail.y + (avail.height - h) * p.align.fy, width: w, height: h)
            out[i].frame = frame
            let kids = p.children
            guard !kids.isEmpty else { continue }
            switch p.stack {
            case .hstack?, .vstack?:
                let horizontal = p.stack == .hstack
                let frameAlong = horizontal ? frame.width : frame.height
                var fixedTotal = p.spacing * Double(kids.count - 1)
                var flexible = 0
                for c in kids {
                    let pad = boxes[c].pad
                    fixedTotal += horizontal ? pad.horizontal : pad.vertical
                    if let s = horizontal ? idealW[c] : idealH[c] { fixedTotal += s } else { flexible += 1 }
                }
                let share = flexible > 0 ? max(0, (frameAlong - fixedTotal) / Double(flexible)) : 0
                let total = fixedTotal + share * Double(flexible)
                var cursor = (horizontal ? frame.x : frame.y) + (frameAlong - total) / 2
                for c in kids {
                    let pad = boxes[c].pad
                    let size = (horizontal ? idealW[c] : idealH[c]) ?? share
                    let slotAlong = size + (horizontal ? pad.horizontal : pad.vertical)
                    slots[c] = horizontal
                        ? Frame(x: cursor, y: frame.y, width: slotAlong, height: frame.height)
                        : Frame(x: frame.x, y: cursor, width: frame.width, height: slotAlong)
                    cursor += slotAlong + p.spacing
                }
            default:
                for c in kids { slots[c] = frame }
            }
        }
        slots = []
        idealW = []
        idealH = []

        // Resolve: containers first (document order guarantees it).
        let screenRadius = min(screen.radius, screen.frame.halfShorterSide)
        let screenOuter: (Frame, Radii, ShapeKind?) = (screen.frame, Radii(all: screenRadius), nil)
        var provides = [ContainerRef](repeating: .screen, count: n)
        let context = ResolveContext(screen: screen, screenRadius: screenRadius, target: target)

        for i in 0..<n {
            let ctx: ContainerRef = boxes[i].parent.map { provides[$0] } ?? .screen
            let frame = out[i].frame
            let outer: (Frame, Radii, ShapeKind?)
            if case .node(let j) = ctx {
                let c = out[j]
                outer = (c.containerKind == .circle ? c.frame.centredSquare : c.frame, c.containerRadii!, c.containerKind)
            } else {
                outer = screenOuter
            }
            if let d = out[i].spec {
                let r = context.resolve(d, frame: frame, ctx: ctx, outer: outer)
                out[i].radii = r.radii
                out[i].decisions = r.decisions
                out[i].container = r.container
            }

            // The container it declares for its children.
            provides[i] = ctx
            if let (spec, range) = containers[i], let c = spec {
                switch c {
                case .concentric:
                    var r = context.resolve(c, frame: frame, ctx: ctx, outer: outer).radii
                    // When the node draws another shape, that is the radius its children should follow.
                    if out[i].spec != c, out[i].spec != nil { r = out[i].radii }
                    let suggestion = r.isUniform ? "container rect \(Format.number(r[.topLeading]))"
                        : "container uneven(\(r.values.map(Format.number).joined(separator: ", ")))"
                    error("concentric-container", "a `concentric` shape cannot be a container", range,
                          help: "ConcentricRectangle is not a RoundedRectangularShape; declare its resolved radius instead: `\(suggestion)`")
                    out[i].isContainer = true
                    out[i].containerRadii = r
                    out[i].containerKind = .uneven
                case .relative:
                    diagnostics.append(Diagnostic(.warning, "relative-container",
                        "`relative` is ignored as a container", at: range,
                        help: "SwiftUI ignores ContainerRelativeShape in containerShape; declare a `rect` with the radius children should follow"))
                default:
                    out[i].isContainer = true
                    out[i].containerRadii = context.resolve(c, frame: frame, ctx: ctx, outer: outer).radii
                    out[i].containerKind = c.kind
                }
                if out[i].isContainer { provides[i] = .node(i) }
            }

            if let specs = layerSpecs[i] {
                out[i].layers = specs.map { (role, shape, range) in
                    let r = context.resolve(shape, frame: frame, ctx: ctx, outer: outer)
                    return ShapeLayer(role: role, kind: shape.kind, radii: r.radii, range: range)
                }
            }
        }
        return out
    }
}

struct Resolution {
    var radii: Radii
    var decisions: Decisions
    var container: ContainerRef
    /// Filled only when asked to explain.
    var reasons: [CornerReason] = []
}

/// Corner resolution for one shape in one frame (semantics.md §1–§5).
struct ResolveContext {
    let screen: Screen
    let screenRadius: Double
    let target: Target

    /// `outer` is the container's frame (a circle's centred square), its
    /// published radii and its kind. With `explain`, each corner's reasoning is
    /// recorded too (the REPL's `:show`, the JSON's `corners`).
    func resolve(_ shape: ShapeValue, frame: Frame, ctx: ContainerRef, outer: (Frame, Radii, ShapeKind?),
                 explain: Bool = false) -> Resolution {
        let half = frame.halfShorterSide
        var decisions = Decisions()
        var reasons: [CornerReason] = []
        func clamp(_ r: Double) -> Double {
            if r > half { decisions.insert(.clampedToHalfSide); return half }
            return r
        }
        func fixed(_ r: Radii, _ rule: CornerReason.Rule) -> Resolution {
            var res = Resolution(radii: r, decisions: decisions, container: .none)
            if explain {
                res.reasons = Corner.allCases.map { k in var c = CornerReason(rule: rule); c.fixed = r[k]; return c }
            }
            return res
        }
        switch shape {
        case .rect(let r):
            return fixed(Radii(all: clamp(r)), .fixed)
        case .uneven(let rs):
            return fixed(Radii(clamp(rs.topLeading), clamp(rs.topTrailing), clamp(rs.bottomTrailing), clamp(rs.bottomLeading)), .fixed)
        case .rectangle:
            return fixed(Radii(all: 0), .shape)
        case .capsule, .circle:
            return fixed(Radii(all: half), .shape)
        case .relative:
            if ctx == .screen {
                decisions.insert(.relativeWithoutContainer)
                return fixed(Radii(all: 0), .relative)
            }
            let (cf, cr, ck) = outer
            if ck == .circle { decisions.insert(.circleContainerSquare) }
            let d = ModelDecision.clampInset(min(frame.minX - cf.minX, frame.minY - cf.minY, cf.maxX - frame.maxX, cf.maxY - frame.maxY))
            var radii = Radii(all: 0)
            for k in Corner.allCases {
                let computed = max(cr[k] - d, 0)
                radii[k] = clamp(computed)
                if explain {
                    var c = CornerReason(rule: radii[k] < computed ? .clamped : .relative)
                    c.containerRadius = cr[k]; c.distance = d; c.computed = computed
                    reasons.append(c)
                }
            }
            return Resolution(radii: radii, decisions: decisions, container: ctx, reasons: reasons)
        case .concentric(let spec):
            var radii = Radii(all: 0)
            let fallback = target == .ios18
            let (cf, cr, ck) = outer
            if fallback {
                decisions.insert(.ios18Fallback)
            } else {
                if ctx == .screen { decisions.insert(.screenContainer) }
                if ck == .circle { decisions.insert(.circleContainerSquare) }
            }
            for k in Corner.allCases {
                switch spec[k] {
                case .fixed(let v):
                    radii[k] = v
                    if explain { var c = CornerReason(rule: .fixed); c.fixed = v; reasons.append(c) }
                case .concentric(let m) where fallback:
                    // Before iOS 26: a RoundedRectangle of the minimum (square without one).
                    radii[k] = m ?? 0
                    if explain { var c = CornerReason(rule: .fallback); c.minimum = m; reasons.append(c) }
                case .concentric(let m):
                    let (rawDx, rawDy) = Self.insets(k, frame, cf)
                    if rawDx < 0 || rawDy < 0 { decisions.insert(.overflowClamped) }
                    let dx = ModelDecision.clampInset(rawDx), dy = ModelDecision.clampInset(rawDy)
                    let d = ModelDecision.cornerDistance(dx: dx, dy: dy)
                    let R = cr[k]
                    let computed = max(R - d, 0)
                    let floor = m ?? 0
                    // Flag the metric only where another choice would change the radius.
                    if dx != dy, max(max(R - min(dx, dy), 0), floor) != max(computed, floor) {
                        decisions.insert(.chebyshevDistance)
                    }
                    radii[k] = max(computed, floor)
                    if explain {
                        var c = CornerReason(rule: (m ?? -1) > computed ? .minimum : .concentric)
                        c.containerRadius = R; c.dx = dx; c.dy = dy; c.distance = d; c.computed = computed
                        c.minimum = m
                        reasons.append(c)
                    }
                }
            }
            // Uniform groups: every corner of a group takes the group's largest radius.
            var masks = spec.groupMasks
            while masks != 0 {
                let g = masks & 0xF
                masks >>= 4
                var m = 0.0
                for k in Corner.allCases where g & (1 << UInt16(k.rawValue)) != 0 { m = max(m, radii[k]) }
                for k in Corner.allCases where g & (1 << UInt16(k.rawValue)) != 0 && radii[k] < m {
                    radii[k] = m
                    if explain { reasons[k.rawValue].rule = .uniform }
                }
            }
            for k in Corner.allCases {
                let v = clamp(radii[k])
                if v < radii[k], explain { reasons[k.rawValue].rule = .clamped }
                radii[k] = v
            }
            return Resolution(radii: radii, decisions: decisions,
                              container: target == .ios18 ? .none : ctx, reasons: reasons)
        }
    }

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
}

extension ResolvedScene {
    /// The container a shape resolved against, as the resolver saw it.
    func outer(of ref: ContainerRef) -> (Frame, Radii, ShapeKind?) {
        switch ref {
        case .node(let j):
            let c = shapes[j]
            return (c.containerKind == .circle ? c.frame.centredSquare : c.frame, c.containerRadii ?? Radii(all: 0), c.containerKind)
        default:
            return (screen.frame, Radii(all: min(screen.radius, screen.frame.halfShorterSide)), nil)
        }
    }

    /// Why each corner of shape `index` came out as it did (topLeading, topTrailing,
    /// bottomTrailing, bottomLeading); empty for a group.
    public func reasons(for index: Int) -> [CornerReason] {
        let sh = shapes[index]
        guard let spec = sh.spec else { return [] }
        let ctx: ContainerRef = sh.parent.map { p in
            // The context is the nearest ancestor container, else the screen.
            var j: Int? = p
            while let a = j { if shapes[a].isContainer { return .node(a) }; j = shapes[a].parent }
            return .screen
        } ?? .screen
        let context = ResolveContext(screen: screen, screenRadius: min(screen.radius, screen.frame.halfShorterSide), target: target)
        return context.resolve(spec, frame: sh.frame, ctx: ctx, outer: outer(of: ctx), explain: true).reasons
    }
}

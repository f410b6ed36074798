import SceneLang

/// One node of the scene, flattened in document order.
struct FlatNode {
    var label: Identifier?
    var range: SourceRange
    var props: Props
    var parent: Int?
    var children: [Int] = []
    var depth: Int
}

extension Evaluator {
    /// Flatten, measure, place and resolve every node.
    mutating func layout(_ roots: [Node], screen: Screen, target: Target) -> [ResolvedShape] {
        // Flatten (pre-order, iterative).
        var flat: [FlatNode] = []
        var labels: [String: SourceRange] = [:]
        var stack: [(Node, Int?, Int)] = roots.reversed().map { ($0, nil, 0) }
        while let (node, parent, depth) = stack.popLast() {
            let index = flat.count
            if let l = node.label {
                if let first = labels[l.name] {
                    error("duplicate-label", "the label `\(l.name)` is already used", l.range,
                          help: "labels name one node each: rename this one", notes: ["first used\(lineOf(first))"])
                } else {
                    labels[l.name] = l.range
                }
            }
            flat.append(FlatNode(label: node.label, range: node.range, props: props(node), parent: parent, depth: depth))
            if let parent { flat[parent].children.append(index) }
            for c in node.children.reversed() { stack.append((c, index, depth + 1)) }
        }
        let n = flat.count

        // Measure: a node's ideal size per axis; nil means it fills what it is given.
        var idealW = [Double?](repeating: nil, count: n)
        var idealH = [Double?](repeating: nil, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let p = flat[i].props
            var w = p.width, h = p.height
            if let axis = p.stack, w == nil || h == nil {
                let kids = flat[i].children
                var along: Double? = 0, cross: Double? = 0
                let horizontal = axis == .hstack
                for c in kids {
                    let pad = flat[c].props.pad
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
        var frames = [Frame](repeating: screen.frame, count: n)
        for i in 0..<n {
            let p = flat[i].props
            let avail = slots[i].inset(p.pad)
            let w = max(0, idealW[i] ?? avail.width)
            let h = max(0, idealH[i] ?? avail.height)
            let frame = Frame(x: avail.x + (avail.width - w) * p.align.fx,
                              y: avail.y + (avail.height - h) * p.align.fy, width: w, height: h)
            frames[i] = frame
            let kids = flat[i].children
            guard !kids.isEmpty else { continue }
            switch p.stack {
            case .hstack?, .vstack?:
                let horizontal = p.stack == .hstack
                let frameAlong = horizontal ? frame.width : frame.height
                var fixedTotal = p.spacing * Double(kids.count - 1)
                var flexible = 0
                for c in kids {
                    let pad = flat[c].props.pad
                    fixedTotal += horizontal ? pad.horizontal : pad.vertical
                    if let s = horizontal ? idealW[c] : idealH[c] { fixedTotal += s } else { flexible += 1 }
                }
                let share = flexible > 0 ? max(0, (frameAlong - fixedTotal) / Double(flexible)) : 0
                let total = fixedTotal + share * Double(flexible)
                var cursor = (horizontal ? frame.x : frame.y) + (frameAlong - total) / 2
                for c in kids {
                    let pad = flat[c].props.pad
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

        // Resolve: containers first (document order guarantees it).
        let screenRadius = min(screen.radius, screen.frame.halfShorterSide)
        var provides = [ContainerRef](repeating: .screen, count: n)
        var published = [Radii?](repeating: nil, count: n)
        var publishedFrame = [Frame](repeating: screen.frame, count: n)
        var publishedKind = [ShapeKind?](repeating: nil, count: n)
        var out: [ResolvedShape] = []
        out.reserveCapacity(n)
        let context = ResolveContext(screen: screen, screenRadius: screenRadius, target: target)

        for i in 0..<n {
            let node = flat[i]
            let p = node.props
            let ctx: ContainerRef = node.parent.map { provides[$0] } ?? .screen
            let frame = frames[i]
            let outer: (Frame, Radii, ShapeKind?) = {
                switch ctx {
                case .node(let j): return (publishedFrame[j], published[j]!, publishedKind[j])
                default: return (screen.frame, Radii(all: screenRadius), nil)
                }
            }()

            // The drawn shape: the node's own, else its glass shape, else its container shape.
            var drawn = p.shape ?? p.glassShape
            if drawn == nil, let c = p.container { drawn = c }
            var result = Resolution(radii: Radii(all: 0), reasons: [], decisions: [], container: .none)
            if let d = drawn {
                result = context.resolve(d, frame: frame, ctx: ctx, outer: outer)
            }

            // The container it declares for its children.
            var isContainer = false
            provides[i] = ctx
            if let c = p.container {
                switch c {
                case .concentric:
                    let r = context.resolve(c, frame: frame, ctx: ctx, outer: outer).radii
                    let suggestion = r.isUniform ? "container rect \(Format.number(r[.topLeading]))"
                        : "container uneven(\(r.values.map(Format.number).joined(separator: ", ")))"
                    error("concentric-container", "a `concentric` shape cannot be a container",
                          p.containerRange ?? node.range,
                          help: "ConcentricRectangle is not a RoundedRectangularShape; declare its resolved radius instead: `\(suggestion)`")
                    isContainer = true
                    published[i] = r
                    publishedFrame[i] = frame
                    publishedKind[i] = .uneven
                case .relative:
                    diagnostics.append(Diagnostic(.warning, "relative-container",
                        "`relative` is ignored as a container", at: p.containerRange ?? node.range,
                        help: "SwiftUI ignores ContainerRelativeShape in containerShape; declare a `rect` with the radius children should follow"))
                default:
                    isContainer = true
                    let own = context.resolve(c, frame: frame, ctx: ctx, outer: outer)
                    published[i] = own.radii
                    publishedFrame[i] = c == .circle ? frame.centredSquare : frame
                    publishedKind[i] = c.kind
                }
                if isContainer { provides[i] = .node(i) }
            }

            var layers: [ShapeLayer] = []
            for (role, shape, range) in p.layers {
                let r = context.resolve(shape, frame: frame, ctx: ctx, outer: outer)
                layers.append(ShapeLayer(role: role, kind: shape.kind, radii: r.radii, range: range))
            }

            var minimum: Double? = nil
            var uniform = false
            if case .concentric(let specs, let groups)? = drawn {
                uniform = groups.count == 1 && groups[0].count == 4
                let mins = specs.map { spec -> Double? in
                    if case .concentric(let m) = spec { return m }
                    return nil
                }
                if let m = mins[0], mins.allSatisfy({ $0 == m }) { minimum = m }
            }

            let loc = file?.location(of: node.range.start)
            let id = node.label?.name ?? "node-\(i + 1)"
            out.append(ResolvedShape(
                id: id, label: node.label?.name, kind: drawn?.kind ?? .group, parent: node.parent,
                depth: node.depth, container: result.container, isContainer: isContainer,
                containerRadii: isContainer ? published[i] : nil,
                containerKind: isContainer ? publishedKind[i] : nil,
                frame: frame, radii: result.radii, style: p.style, fill: p.fill, glass: p.glass,
                role: p.role, stack: p.stack, reasons: result.reasons, decisions: result.decisions,
                layers: layers, minimum: minimum, uniform: uniform, range: node.range,
                line: loc?.line ?? 0, column: loc?.column ?? 0,
                shapeRange: p.shapeRange, containerRange: p.containerRange))
        }
        return out
    }
}

struct Resolution {
    var radii: Radii
    var reasons: [CornerReason]
    var decisions: [ModelDecision]
    var container: ContainerRef
}

/// Corner resolution for one shape in one frame (semantics.md §1–§5).
struct ResolveContext {
    let screen: Screen
    let screenRadius: Double
    let target: Target

    func resolve(_ shape: ShapeValue, frame: Frame, ctx: ContainerRef, outer: (Frame, Radii, ShapeKind?)) -> Resolution {
        let half = frame.halfShorterSide
        var decisions: [ModelDecision] = []
        func clamp(_ r: Double) -> Double {
            if r > half { if !decisions.contains(.clampedToHalfSide) { decisions.append(.clampedToHalfSide) }; return half }
            return r
        }
        func fixedReasons(_ r: Radii, _ rule: CornerReason.Rule) -> [CornerReason] {
            r.values.map { v in var c = CornerReason(rule: rule); c.fixed = v; return c }
        }
        switch shape {
        case .rect(let r):
            let radii = Radii(all: clamp(r))
            return Resolution(radii: radii, reasons: fixedReasons(radii, .fixed), decisions: decisions, container: .none)
        case .uneven(let rs):
            let radii = Radii(clamp(rs[0]), clamp(rs[1]), clamp(rs[2]), clamp(rs[3]))
            return Resolution(radii: radii, reasons: fixedReasons(radii, .fixed), decisions: decisions, container: .none)
        case .rectangle:
            return Resolution(radii: Radii(all: 0), reasons: fixedReasons(Radii(all: 0), .shape), decisions: [], container: .none)
        case .capsule, .circle:
            return Resolution(radii: Radii(all: half), reasons: fixedReasons(Radii(all: half), .shape), decisions: [], container: .none)
        case .relative:
            if ctx == .screen {
                return Resolution(radii: Radii(all: 0), reasons: fixedReasons(Radii(all: 0), .relative),
                                  decisions: [.relativeWithoutContainer], container: .none)
            }
            let (cf, cr, ck) = outer
            if ck == .circle { decisions.append(.circleContainerSquare) }
            let d = ModelDecision.clampInset(min(frame.minX - cf.minX, frame.minY - cf.minY, cf.maxX - frame.maxX, cf.maxY - frame.maxY))
            var radii = Radii(all: 0)
            var reasons: [CornerReason] = []
            for k in Corner.allCases {
                var c = CornerReason(rule: .relative)
                c.containerRadius = cr[k]
                c.distance = d
                c.computed = max(cr[k] - d, 0)
                radii[k] = clamp(c.computed!)
                if radii[k] < c.computed! { c.rule = .clamped }
                reasons.append(c)
            }
            return Resolution(radii: radii, reasons: reasons, decisions: decisions, container: ctx)
        case .concentric(let specs, let groups):
            var radii = Radii(all: 0)
            var reasons: [CornerReason] = []
            if target == .ios18 {
                decisions.append(.ios18Fallback)
                for k in Corner.allCases {
                    var c = CornerReason(rule: .fallback)
                    switch specs[k.rawValue] {
                    case .fixed(let v): radii[k] = v; c.fixed = v; c.rule = .fixed
                    case .concentric(let m): radii[k] = m ?? 0; c.minimum = m
                    }
                    reasons.append(c)
                }
                applyGroups(groups, &radii, &reasons)
                for k in Corner.allCases {
                    let v = clamp(radii[k])
                    if v < radii[k] { reasons[k.rawValue].rule = .clamped }
                    radii[k] = v
                }
                return Resolution(radii: radii, reasons: reasons, decisions: decisions, container: .none)
            }
            let (cf, cr, ck) = outer
            if ctx == .screen { decisions.append(.screenContainer) }
            if ck == .circle { decisions.append(.circleContainerSquare) }
            for k in Corner.allCases {
                var c = CornerReason(rule: .concentric)
                switch specs[k.rawValue] {
                case .fixed(let v):
                    c.fixed = v
                    c.rule = .fixed
                    radii[k] = v
                case .concentric(let m):
                    let (rawDx, rawDy) = Self.insets(k, frame, cf)
                    if rawDx < 0 || rawDy < 0, !decisions.contains(.overflowClamped) { decisions.append(.overflowClamped) }
                    let dx = ModelDecision.clampInset(rawDx), dy = ModelDecision.clampInset(rawDy)
                    let d = ModelDecision.cornerDistance(dx: dx, dy: dy)
                    let R = cr[k]
                    let computed = max(R - d, 0)
                    // Flag the metric only where another choice would change the radius.
                    if dx != dy, !decisions.contains(.chebyshevDistance),
                       max(max(R - min(dx, dy), 0), m ?? 0) != max(computed, m ?? 0) {
                        decisions.append(.chebyshevDistance)
                    }
                    c.containerRadius = R; c.dx = dx; c.dy = dy; c.distance = d; c.computed = computed
                    c.minimum = m
                    if let m, m > computed { radii[k] = m; c.rule = .minimum } else { radii[k] = computed }
                }
                reasons.append(c)
            }
            applyGroups(groups, &radii, &reasons)
            for k in Corner.allCases {
                let v = clamp(radii[k])
                if v < radii[k] { reasons[k.rawValue].rule = .clamped }
                radii[k] = v
            }
            return Resolution(radii: radii, reasons: reasons, decisions: decisions, container: ctx)
        }
    }

    /// Uniform groups: every corner of a group takes the group's largest radius.
    func applyGroups(_ groups: [[Corner]], _ radii: inout Radii, _ reasons: inout [CornerReason]) {
        for g in groups {
            let m = g.map { radii[$0] }.max() ?? 0
            for k in g where radii[k] < m {
                radii[k] = m
                reasons[k.rawValue].rule = .uniform
            }
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

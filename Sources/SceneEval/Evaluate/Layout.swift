import SceneLang

/// What layout needs of one node, flattened in document order (kept small,
/// 72 bytes: a scene may have a million of them). A missing width or height is NaN
/// (evaluated lengths are finite).
struct Box {
    var width: Double
    var height: Double
    var pad: Insets
    var spacing: Double
    /// −1 for a root.
    var parentIndex: Int32
    var align: Alignment
    var stack: StackAxis?
    var children: [Int] = []

    var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }
}

extension Double {
    /// NaN (layout's "not given") as nil.
    @inline(__always) var given: Double? { isNaN ? nil : self }
}

/// The flattened scene between layout's passes: one box and one shape per node
/// (document order), and what each node declares beyond its drawn shape.
struct Flattened {
    var boxes: [Box] = []
    var shapes: [ResolvedShape] = []
    var containers: [Int: (ShapeValue?, SourceRange)] = [:]
    var layerSpecs: [Int: [(String, ShapeValue, SourceRange)]] = [:]
}

extension Evaluator {
    /// Flatten, measure, place and resolve every node.
    mutating func layout(_ roots: [Node], screen: Screen, target: Target) -> [ResolvedShape] {
        var flat = flatten(roots, screen: screen)
        Self.frames(&flat.boxes, screen: screen, into: &flat.shapes)
        flat.boxes = []  // layout is done with them: not kept while radii resolve
        resolveAll(&flat, screen: screen, target: target)
        return flat.shapes
    }

    /// Flatten (pre-order, iterative): the layout boxes, and each shape's
    /// description with frame and radii still to come.
    mutating func flatten(_ roots: [Node], screen: Screen) -> Flattened {
        var flat = Flattened()
        var labels: [String: SourceRange] = [:]
        // Count first, so the big arrays are allocated once (no regrowth copies).
        // The walks keep sibling arrays and positions, not copies of nodes (a copy
        // of a node is three reference counts to take and drop).
        var total = 0
        var counting: [[Node]] = [roots]
        while let level = counting.popLast() {
            total += level.count
            for i in level.indices where !level[i].children.isEmpty { counting.append(level[i].children) }
        }
        flat.boxes.reserveCapacity(total)
        flat.shapes.reserveCapacity(total)
        var stack: [(siblings: [Node], next: Int, parent: Int?, depth: Int)] = [(roots, 0, nil, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let at = stack[top].next
            guard at < stack[top].siblings.count else { stack.removeLast(); continue }
            stack[top].next += 1
            let parent = stack[top].parent, depth = stack[top].depth
            let index = flat.boxes.count
            add(stack[top].siblings[at], index: index, parent: parent, depth: depth, screen: screen,
                labels: &labels, to: &flat)
            if !stack[top].siblings[at].children.isEmpty {
                stack.append((stack[top].siblings[at].children, 0, index, depth + 1))
            }
        }
        return flat
    }

    /// One node's box and shape, appended at `index`.
    mutating func add(_ node: Node, index: Int, parent: Int?, depth: Int, screen: Screen,
                      labels: inout [String: SourceRange], to flat: inout Flattened) {
        if let l = node.label {
            if let first = labels[l.name] {
                error(.duplicateLabel, "the label `\(l.name)` is already used", l.range,
                      help: "labels name one node each: rename this one", notes: ["first used\(lineOf(first))"])
            } else {
                labels[l.name] = l.range
            }
        }
        let p = props(node)
        flat.boxes.append(Box(width: p.width ?? .nan, height: p.height ?? .nan, pad: p.pad, spacing: p.spacing,
                              parentIndex: parent.map { Int32($0) } ?? -1, align: p.align, stack: p.stack))
        if let parent { flat.boxes[parent].children.append(index) }
        if let r = p.containerRange { flat.containers[index] = (p.container, r) }
        if !p.layers.isEmpty { flat.layerSpecs[index] = p.layers }
        // The drawn shape: the node's own, else its glass shape, else its container
        // shape; bare `glass` on a node with none is SwiftUI's default glass shape, a capsule.
        let drawn = p.shape ?? p.glassShape ?? p.container ?? (p.glass ? .plain(ShapeKind.defaultGlass) : nil)
        flat.shapes.append(ResolvedShape(
            index: index, label: node.label?.name, kind: drawn?.kind ?? .group,
            parent: parent, depth: depth, frame: screen.frame, style: p.style, fill: p.fill, glass: p.glass,
            role: p.role, stack: p.stack, spec: drawn, range: node.range, shapeRange: p.shapeRange,
            containerRange: p.containerRange))
    }

    /// Measure, then place: every shape's frame. Measuring turns each box's
    /// width and height into its ideal size in place, and placing keeps each
    /// slot in the shape's frame until the frame replaces it: no per-node
    /// arrays beside the boxes.
    static func frames(_ boxes: inout [Box], screen: Screen, into shapes: inout [ResolvedShape]) {
        measure(&boxes)
        place(boxes, screen: screen, into: &shapes)
    }

    /// Measure: a node's ideal size per axis (children before parents), stored
    /// over its given width and height; NaN means it fills what it is given.
    static func measure(_ boxes: inout [Box]) {
        let n = boxes.count
        for i in stride(from: n - 1, through: 0, by: -1) {
            let p = boxes[i]
            var w = p.width.given, h = p.height.given
            if let axis = p.stack, w == nil || h == nil {
                let kids = p.children
                var along: Double? = 0, cross: Double? = 0
                let horizontal = axis == .hstack
                for c in kids {
                    let pad = boxes[c].pad
                    let cw = boxes[c].width.given.map { $0 + pad.horizontal }
                    let ch = boxes[c].height.given.map { $0 + pad.vertical }
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
            boxes[i].width = w ?? .nan
            boxes[i].height = h ?? .nan
        }
    }

    /// Place: each node is given a slot by its parent (the screen at the top),
    /// parents before children.
    /// The slot a parent gives a child is kept in the child's frame (set to the
    /// screen's by `flatten`) until the child's own frame replaces it.
    static func place(_ boxes: [Box], screen: Screen, into out: inout [ResolvedShape]) {
        for i in boxes.indices {
            let p = boxes[i]
            let avail = out[i].frame.inset(p.pad)
            let w = max(0, p.width.given ?? avail.width)
            let h = max(0, p.height.given ?? avail.height)
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
                    if let s = (horizontal ? boxes[c].width : boxes[c].height).given { fixedTotal += s } else { flexible += 1 }
                }
                let share = flexible > 0 ? max(0, (frameAlong - fixedTotal) / Double(flexible)) : 0
                let total = fixedTotal + share * Double(flexible)
                var cursor = (horizontal ? frame.x : frame.y) + (frameAlong - total) / 2
                for c in kids {
                    let pad = boxes[c].pad
                    let size = (horizontal ? boxes[c].width : boxes[c].height).given ?? share
                    let slotAlong = size + (horizontal ? pad.horizontal : pad.vertical)
                    out[c].frame = horizontal
                        ? Frame(x: cursor, y: frame.y, width: slotAlong, height: frame.height)
                        : Frame(x: frame.x, y: cursor, width: frame.width, height: slotAlong)
                    cursor += slotAlong + p.spacing
                }
            default:
                for c in kids { out[c].frame = frame }
            }
        }
    }

    /// Resolve every shape's radii (Resolve.swift), containers first (document
    /// order guarantees it); record each shape's enclosing container.
    mutating func resolveAll(_ flat: inout Flattened, screen: Screen, target: Target) {
        let n = flat.shapes.count
        let screenOuter = Outer(screen: screen)
        // The container each node provides its children: −1 the screen, else a node (four bytes a node).
        var provides = [Int32](repeating: -1, count: n)
        let context = ResolveContext(screen: screen, target: target)
        for i in 0..<n {
            let parent = flat.shapes[i].parentIndex
            let code = parent < 0 ? -1 : provides[Int(parent)]
            let ctx: ContainerRef = code < 0 ? .screen : .node(Int(code))
            let frame = flat.shapes[i].frame
            let outer: Outer
            if case .node(let j) = ctx { outer = Outer(container: flat.shapes[j]) } else { outer = screenOuter }
            flat.shapes[i].enclosing = ctx
            if let d = flat.shapes[i].spec {
                let r = context.resolve(d, frame: frame, ctx: ctx, outer: outer)
                flat.shapes[i].radii = r.radii
                flat.shapes[i].decisions = r.decisions
                flat.shapes[i].container = r.container
                flat.shapes[i].noteOverflow(r, role: "shape")
            }
            // The container it declares for its children.
            provides[i] = code
            if flat.shapes[i].extras != nil, let (spec, range) = flat.containers[i], let c = spec {
                declareContainer(c, range: range, of: &flat.shapes[i], ctx: ctx, outer: outer, context)
                if flat.shapes[i].isContainer { provides[i] = Int32(i) }
            }
            if !flat.layerSpecs.isEmpty, let specs = flat.layerSpecs[i] {
                flat.shapes[i].layers = specs.map { (role, shape, range) in
                    let r = context.resolve(shape, frame: frame, ctx: ctx, outer: outer)
                    // A hit shape is not drawn: it cannot trap.
                    if role != "hit" { flat.shapes[i].noteOverflow(r, role: role) }
                    return ShapeLayer(role: role, kind: shape.kind, radii: r.radii, range: range)
                }
            }
        }
    }

    /// The radii a node publishes to its children with `container …`.
    mutating func declareContainer(_ c: ShapeValue, range: SourceRange, of shape: inout ResolvedShape,
                                   ctx: ContainerRef, outer: Outer, _ context: ResolveContext) {
        switch c.kind.row.container {
        case .rejected:
            var r = context.resolve(c, frame: shape.frame, ctx: ctx, outer: outer).radii
            // When the node draws another shape, that is the radius its children should follow.
            if shape.spec != c, shape.spec != nil { r = shape.radii }
            error(.concentricContainer, "a `concentric` shape cannot be a container", range,
                  help: "ConcentricRectangle is not a RoundedRectangularShape; declare its resolved radius instead: `\(r.containerDeclaration)`")
            shape.isContainer = true
            shape.containerRadii = r
            shape.containerKind = ShapeKind.rejectedContainerStandIn
        case .ignored:
            diagnostics.append(Diagnostic(.relativeContainer,
                "`relative` is ignored as a container", at: range,
                help: "SwiftUI ignores ContainerRelativeShape in containerShape; declare a `rect` with the radius children should follow"))
        case .publishes:
            shape.isContainer = true
            let r = context.resolve(c, frame: shape.frame, ctx: ctx, outer: outer)
            shape.containerRadii = r.radii
            shape.containerKind = c.kind
            shape.noteOverflow(r, role: "container")
        case .never:
            break
        }
    }
}

extension ResolvedShape {
    /// Record fixed radii the shape cannot hold (once: a drawn container or
    /// glass shape is the same radii as the shape).
    mutating func noteOverflow(_ r: Resolution, role: String) {
        guard let written = r.written else { return }
        decisions.insert(.radiusOverflowClamped)
        let o = RadiusOverflow(role: role, written: written, drawn: r.radii)
        if !overflows.contains(where: { $0.written == o.written && $0.drawn == o.drawn }) { overflows.append(o) }
    }
}

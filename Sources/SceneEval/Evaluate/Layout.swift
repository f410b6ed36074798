import SceneLang
#if canImport(Glibc)
import Glibc
#endif

extension Evaluator {
    /// Flatten, measure, place and resolve every node.
    mutating func layout(_ roots: [Node], screen: Screen, target: Target) -> [ResolvedShape] {
        var flat = flatten(roots, screen: screen)
        flat.recentPads = []  // (only flatten finds paddings again: not kept by a memo, 16 KB each)
        if framesKept {
            // From a memo, and every node read afresh laid out as before: each shape
            // has the frame it had (FlatMemo.swift), and measuring and placing would give it again.
            if keepsMemo { madeMemo = FlatMemo(flat: flat, env: env, names: madeNames, reused: replayed, keptFrames: true) }
        } else {
            // A memo's shapes carry the frames they were placed at: placing starts from the screen.
            if reuse != nil { for i in flat.shapes.indices { flat.shapes[i].frame = screen.frame } }
            // (Kept only for a memo: a copy here makes `frames` copy the boxes and
            // shapes it changes, every node's, in every `scene run`.)
            let unplaced = keepsMemo ? flat : Flattened()
            Self.frames(&flat.boxes, spacings: flat.spacings, pads: flat.pads, spacers: flat.spacers, offsets: flat.offsets,
                        screen: screen, into: &flat.shapes)
            if keepsMemo {
                // The boxes as flatten made them (measuring changes them), the shapes placed.
                var m = unplaced
                m.shapes = flat.shapes
                madeMemo = FlatMemo(flat: m, env: env, names: madeNames, reused: replayed)
            }
        }
        flat.boxes = []  // layout is done with them: not kept while radii resolve
        flat.spacings = []
        flat.pads = []
        resolveAll(&flat, screen: screen, target: target)
        return flat.shapes
    }

    /// Flatten (pre-order, iterative): the layout boxes, and each shape's
    /// description with frame and radii still to come.
    mutating func flatten(_ roots: [Node], screen: Screen) -> Flattened {
        var flat = Flattened()
        // Count first, so the big arrays are allocated once (no regrowth copies).
        // The walks keep sibling arrays and positions, not copies of nodes (a copy
        // of a node is three reference counts to take and drop).
        var total = 0, labelled = 0
        var counting: [UnsafeBufferPointer<Node>] = [Self.elements(roots)]
        while let level = counting.popLast() {
            total += level.count
            for i in level.indices {
                if level[i].labelBox != nil { labelled += 1 }  // (`label` builds the identifier, its name counted)
                if !level[i].children.isEmpty { counting.append(Self.elements(level[i].children)) }
            }
        }
        var labels = LabelTable(labels: labelled, shapes: total)  // (room for every label: no regrowth)
        flat.nodes = total
        flat.boxes.reserveCapacity(total)
        flat.shapes.reserveCapacity(total)
        Self.prefault(&flat.boxes)
        Self.prefault(&flat.shapes)
        // The run of siblings being read; the runs it is nested in wait on `outer`.
        var run = (siblings: Self.elements(roots), next: 0, parent: Int32(-1), depth: 0)
        var outer: [(siblings: UnsafeBufferPointer<Node>, next: Int, parent: Int32, depth: Int)] = []
        // A memo of the same nodes (the REPL, after an edit of bindings alone:
        // FlatMemo.swift): a node whose items name no changed binding is taken from it.
        let old = reuse.flatMap { $0.flat.boxes.count == total ? $0.flat : nil }
        let oldNames = old == nil ? [] : reuse!.names
        let changed = old == nil ? [] : changedNames(since: reuse!.env)
        var cursor = MemoCursor()
        if keepsMemo { madeNames.reserveCapacity(total) }
        var ahead: (index: Int, hash: Int)? = nil  // (`labelAhead`)
        while true {
            guard run.next < run.siblings.count else {
                // The subtree of `parent` ends here.
                if run.parent >= 0 { flat.boxes[Int(run.parent)].end = Int32(flat.boxes.count) }
                guard let up = outer.popLast() else { break }
                run = up
                continue
            }
            let at = run.next, index = flat.boxes.count
            run.next += 1
            // The node read in place through a pointer: passed on as an array
            // element it was copied (three reference counts taken and dropped).
            let descends = { (nodes: UnsafeBufferPointer<Node>) -> Bool in
                let node = nodes.baseAddress! + at
                let hash = ahead.flatMap { $0.index == index ? $0.hash : nil }
                ahead = Self.labelAhead(nodes, at, index: index, labels: labels)
                if let old, !cursor.lost, reusable(node, index, old, oldNames[index], changed, &cursor) {
                    label(node, index: index, labels: &labels, shapes: flat.shapes, hash: hash)
                    cursor.replay(old, index, to: &flat)
                } else {
                    add(node, index: index, parent: run.parent, depth: run.depth, screen: screen, labels: &labels,
                        hash: hash, to: &flat)
                    if let old {
                        if !cursor.lost { cursor.compareLayout(old, index, &flat) }
                        cursor.skip(old, index)
                    }
                }
                if keepsMemo {
                    // The names a node's items use depend on its text alone: the memo's, while it is the same tree.
                    if old != nil, !cursor.lost {
                        madeNames.append(oldNames[index])
                    } else {
                        var names: [String] = []
                        ExprValue.names(of: node.pointee.items, into: &names)
                        madeNames.append(names)
                    }
                }
                return !node.pointee.children.isEmpty
            }(run.siblings)
            if descends {
                let children = Self.elements(run.siblings[at].children)
                outer.append(run)
                run = (children, 0, Int32(index), run.depth + 1)
            }
        }
        replayed = cursor.replayed
        framesKept = old != nil && !cursor.lost && cursor.layoutSame
        return flat
    }

    /// The elements of one of the tree's arrays of nodes, where they are kept, for a
    /// walk of the tree (`flatten`), which holds the tree and changes none of it: the
    /// array's storage is its own, in place while the tree holds it. (A walk that
    /// kept the arrays took and dropped a reference to each, and to every run of
    /// siblings it went down into and back out of: `deep`'s chains of one child a
    /// level, 12 % of its evaluation in reference counting.) The pointer outlives the
    /// `withUnsafeBufferPointer` call, which the language leaves undefined in general; for
    /// a native array that no one changes or releases meanwhile it is the storage itself.
    @inline(__always) static func elements(_ nodes: [Node]) -> UnsafeBufferPointer<Node> {
        nodes.withUnsafeBufferPointer { $0 }
    }

    /// The label of the node after `nodes[at]` (shape `index`) in document order —
    /// its first child, else its next sibling; past the run's end, none — with its
    /// slot in `labels` fetched now (`LabelTable.prefetch`), while this node is worked
    /// on: that node's shape index and its label's hash, for `firstUse`.
    static func labelAhead(_ nodes: UnsafeBufferPointer<Node>, _ at: Int, index: Int,
                           labels: LabelTable) -> (index: Int, hash: Int)? {
        let node = nodes.baseAddress! + at
        let next = node.pointee.children.isEmpty ? (at + 1 < nodes.count ? node + 1 : nil)
            : elements(node.pointee.children).baseAddress
        guard let next, next.pointee.labelBox != nil else { return nil }
        // (Not retained: the tree holds it while its name is read. Each box taken and
        // dropped again was two atomic counts a labelled node.)
        unowned(unsafe) let box = next.pointee.labelBox!
        return (index + 1, labels.prefetch(box.identifier.name))
    }

    /// An array's reserved memory (all of which flatten writes) mapped in one call
    /// (MADV_POPULATE_WRITE), not page by page as appends first touch it: a
    /// fault per 4 KB page, 40% of `scene bench`'s faults on a big scene.
    static func prefault<T>(_ array: inout [T]) {
        #if os(Linux)
        let bytes = array.capacity * MemoryLayout<T>.stride
        guard bytes >= 1 << 20 else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let page = 4096
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(page - 1)
            guard end > start, let p = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(p, end - start, 23)  // MADV_POPULATE_WRITE (Linux 5.14); an error leaves it as it was
        }
        #endif
    }

    /// Whether node `index` can be taken from the memo `old`: it is the node the
    /// memo has there (its range), and its items name none of `changed`.
    func reusable(_ node: UnsafePointer<Node>, _ index: Int, _ old: Flattened, _ names: [String],
                  _ changed: Set<String>, _ cursor: inout MemoCursor) -> Bool {
        guard old.shapes[index].range == node.pointee.range else { cursor.lost = true; return false }
        return names.isEmpty || !names.contains(where: changed.contains)
    }

    /// A node's label, noted (a duplicate is an error), before its shape, `index`, is appended to `shapes`.
    @inline(__always)
    mutating func label(_ node: UnsafePointer<Node>, index: Int, labels: inout LabelTable, shapes: [ResolvedShape],
                        hash: Int? = nil) {
        guard node.pointee.labelBox != nil else { return }
        // (The box read unretained, its name in place: the tree holds it. Its
        // identifier copied out was its count taken and dropped, a labelled node.)
        unowned(unsafe) let box = node.pointee.labelBox!
        if let first = labels.firstUse(of: box.identifier.name, index: index, in: shapes, hash: hash) {
            let l = box.identifier
            // (A node's range starts at its label.)
            error(.duplicateLabel, "the label `\(l.name)` is already used", l.range,
                  help: "labels name one node each: rename this one", notes: ["first used\(lineOf(shapes[first].range))"])
        }
    }

    /// Where a node keeps its items (a stored property: `offset(of:)` has it).
    static let itemsOffset = MemoryLayout<Node>.offset(of: \Node.items)!

    /// One node's box and shape, appended at `index`.
    mutating func add(_ node: UnsafePointer<Node>, index: Int, parent: Int32, depth: Int, screen: Screen,
                      labels: inout LabelTable, hash: Int? = nil, to flat: inout Flattened) {
        label(node, index: index, labels: &labels, shapes: flat.shapes, hash: hash)
        var p = Props()
        // (The items alone, where the node keeps them: a copy of the node is three
        // reference counts, of its items one.)
        sharedProps(at: UnsafeRawPointer(node).advanced(by: Self.itemsOffset).assumingMemoryBound(to: Items.self), into: &p)
        // Equal to the bit (0 and −0 are not shared): the same numbers as before.
        let pad = flat.appendPad(p.pad, seen: index + 1)
        var box = Box(width: p.width ?? .nan, height: p.height ?? .nan, pad: pad,
                      end: Int32(index + 1), align: p.align, stack: p.stack)
        if let m = p.spacer {
            let axis = parent < 0 ? nil : flat.boxes[Int(parent)].stack
            placeSpacer(node.pointee, p, parent: parent, axis: axis,
                        parentLabel: parent < 0 ? nil : flat.shapes[Int(parent)].label)
            // Flexible along its stack's axis, nothing across it.
            box.width = axis == .hstack ? .nan : 0
            box.height = axis == .vstack ? .nan : 0
            box.flags |= Box.spacerBit
            flat.spacers[index] = m
        }
        if let o = p.offset {
            box.flags |= Box.offsetBit
            flat.offsets[index] = o
        }
        flat.boxes.append(box)
        if p.stack != nil { flat.spacings.append(p.spacing) }
        // The drawn shape (grammar.md, rule 2): the node's own, else its glass shape, else
        // its background shape (SwiftUI fills a `.background` shape), else its container
        // shape; bare `glass` on a node with none is SwiftUI's default glass shape, a capsule.
        let background = p.shape == nil && p.glassShape == nil ? p.backgroundShape : nil
        let drawn = p.shape ?? p.glassShape ?? background ?? p.container ?? (p.glass ? .plain(ShapeKind.defaultGlass) : nil)
        if drawn == nil, let r = p.fillRange, p.spacerRange == nil, !Self.writesAShape(node.pointee) {
            fillDrawsNothing(node.pointee, at: r)
        }
        // Its container, when that is the shape it draws, is kept as drawn where it
        // publishes what it draws (`ResolvedShape.containerIsDrawn`).
        let drawsContainer = p.shape == nil && p.glassShape == nil && background == nil && p.container != nil
        let drawnContainer = drawsContainer && p.container!.kind.publishesAsContainer
        // So is a `glass` shape that is the drawn one and the only layer (`glassIsDrawn`).
        let drawnGlass = p.shape == nil && p.layers.count == 1 && p.layers[0].0 == .glass ? p.layers[0].2 : nil
        flat.shapes.append(ResolvedShape(
            index: index, label: node.pointee.label?.name, labelBox: node.pointee.labelBox,
            parent: parent < 0 ? nil : Int(parent), depth: depth, frame: screen.frame, style: p.style, fill: p.fill,
            glass: p.glass, role: p.role, stack: p.stack, spec: drawn, range: node.pointee.range, shapeRange: p.shapeRange,
            containerRange: p.containerRange, drawnContainer: drawnContainer, drawnGlass: drawnGlass,
            sharing: &sharedExtras))
        // The shape decides (its range may not fit): a container kept as drawn is declared
        // from the shape alone, any other listed, its value the shape's when it draws it;
        // a glass layer kept as drawn is not described, nor resolved again.
        let (keptContainer, keptGlass) = flat.shapes.withUnsafeBufferPointer { ($0[index].containerIsDrawn, $0[index].glassIsDrawn) }
        if let r = p.containerRange, !keptContainer {
            flat.appendContainer(index: index, p.container, range: r, drawn: drawsContainer)
        }
        if !keptGlass {
            for (use, shape, range) in p.layers {
                flat.layerSpecs.append(LayerSpec(index: Int32(index), use: use, range: range, shape: shape))
            }
        }
        if p.offset != nil { flat.shapes[index].offset = p.offset }
        if p.spacer != nil { flat.shapes[index].spacerMinimum = p.spacer }
        // (A box of drawn numbers alone is the scene's shared one from the start:
        // `sharing:` above. An offset or a spacer's minimum makes a box of more.)
    }

    /// Whether the node writes an item that draws a shape (grammar rule 2, `Items.drawnItem`),
    /// evaluated or not: one that failed to is reported already, and a `fill` beside it is not.
    static func writesAShape(_ node: Node) -> Bool { node.items.drawnItem != nil }

    /// `fill` colours the drawn shape (grammar rule 2): on a node that draws none it colours
    /// nothing, in the SVG and in SwiftUI alike, so it is said rather than dropped.
    mutating func fillDrawsNothing(_ node: Node, at r: SourceRange) {
        let name = node.label.map { "`\($0.name)`" } ?? "this node"
        let item = file.map { "`\($0.text(r.start..<r.end))`" } ?? "the `fill`"
        diagnostics.append(Diagnostic(.fillDrawsNothing, "\(item) colours nothing: \(name) draws no shape", at: r,
            help: "give \(name) a shape to fill (`background rectangle` fills its frame, as SwiftUI's `.background(Color…)` does), or remove \(item)"))
    }

    /// A spacer is a node of its own in an `hstack` or `vstack` (SwiftUI's `Spacer` is a
    /// view, which takes space along its stack's axis): anything else is `misplaced-spacer`.
    mutating func placeSpacer(_ node: Node, _ p: Props, parent: Int32, axis: StackAxis?, parentLabel: String?) {
        let at = p.spacerRange ?? node.range
        if let other = node.items.first(where: { if case .spacer = $0.value { return false } else { return true } }) {
            error(.misplacedSpacer, "a `spacer` stands alone: it takes no other item", other.range,
                  help: "a spacer is a node of its own: put `spacer` on a line of its own in the stack, and this item on another node")
        } else if let block = node.block {
            error(.misplacedSpacer, "a `spacer` stands alone: it has no children", block,
                  help: "a spacer holds nothing: move these children to a node of their own")
        } else if parent < 0 {
            error(.misplacedSpacer, "a `spacer` goes in an `hstack` or `vstack`, not at the top level", at,
                  help: "put it between the children of a stack, as in `bar: hstack <` … `spacer` … `>`; at the top level, place a node with `align`")
        } else if axis == .zstack {
            error(.misplacedSpacer, "a `spacer` goes in an `hstack` or `vstack`, not in a `zstack`", at,
                  help: "a `zstack` has no axis to take space along: place its children with `align` and `pad`, or make it an `hstack` or `vstack`")
        } else if axis == nil {
            let name = parentLabel.map { "`\($0)`" } ?? "its parent"
            error(.misplacedSpacer, "a `spacer` goes in an `hstack` or `vstack`: \(name) is not a stack", at,
                  help: "make \(name) an `hstack` or `vstack`, or place the other children with `align` and `pad`")
        }
    }

    /// Measure, then place: every shape's frame. Measuring turns each box's
    /// width and height into its ideal size in place, and placing keeps each
    /// slot in the shape's frame until the frame replaces it: no per-node
    /// arrays beside the boxes.
    static func frames(_ boxes: inout [Box], spacings: [Double], pads: [Insets], spacers: [Int: Double] = [:],
                       offsets: [Int: Offset] = [:], screen: Screen, into shapes: inout [ResolvedShape]) {
        measure(&boxes, spacings: spacings, pads: pads)
        place(boxes, spacings: spacings, pads: pads, spacers: spacers, offsets: offsets, screen: screen, into: &shapes)
    }

    /// Measure: a node's ideal size per axis (children before parents), stored
    /// over its given width and height; NaN means it fills what it is given.
    static func measure(_ boxes: inout [Box], spacings: [Double], pads: [Insets]) {
        let n = boxes.count
        var stacks = spacings.count  // walking backwards: the stacks' spacings from the last
        for i in stride(from: n - 1, through: 0, by: -1) {
            let p = boxes[i]
            var w = p.width.given, h = p.height.given
            guard let axis = p.stack else { continue }
            stacks -= 1
            if w == nil || h == nil {
                var along: Double? = 0, cross: Double? = 0
                var count = 0
                let horizontal = axis == .hstack
                var c = i + 1
                while c < Int(p.end) {
                    let pad = pads[Int(boxes[c].pad)]
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
                    count += 1
                    c = Int(boxes[c].end)
                }
                if axis != .zstack, let a = along, count > 1 { along = a + spacings[stacks] * Double(count - 1) }
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
    ///
    /// An `offset` moves the node's frame after it is placed, and so the slots of its
    /// children: its siblings and its parent are placed as if it had none (SwiftUI's
    /// `.offset` moves the drawing, not the layout).
    static func place(_ boxes: [Box], spacings: [Double], pads: [Insets], spacers: [Int: Double] = [:],
                      offsets: [Int: Offset] = [:], screen: Screen, into out: inout [ResolvedShape]) {
        var stacks = 0  // the next stack's spacing
        for i in boxes.indices {
            let p = boxes[i]
            let avail = out[i].frame.inset(pads[Int(p.pad)])
            let w = max(0, p.width.given ?? avail.width)
            let h = max(0, p.height.given ?? avail.height)
            var frame = Frame(x: avail.x + (avail.width - w) * p.align.fx,
                              y: avail.y + (avail.height - h) * p.align.fy, width: w, height: h)
            if p.flags & Box.offsetBit != 0, let o = offsets[i] { frame.x += o.x; frame.y += o.y }
            out[i].frame = frame
            let spacing = p.stack == nil ? 0 : spacings[stacks]
            if p.stack != nil { stacks += 1 }
            let end = Int(p.end)
            guard end > i + 1 else { continue }
            switch p.stack {
            case .hstack?, .vstack?:
                let horizontal = p.stack == .hstack
                let frameAlong = horizontal ? frame.width : frame.height
                var count = 0
                var c = i + 1
                while c < end { count += 1; c = Int(boxes[c].end) }
                // Summed in this order (spacing first): the same numbers to the last bit.
                var fixedTotal = spacing * Double(count - 1)
                var flexible = 0
                var hasSpacer = false
                c = i + 1
                while c < end {
                    let pad = pads[Int(boxes[c].pad)]
                    fixedTotal += horizontal ? pad.horizontal : pad.vertical
                    if let s = (horizontal ? boxes[c].width : boxes[c].height).given { fixedTotal += s } else { flexible += 1 }
                    if boxes[c].flags & Box.spacerBit != 0 { hasSpacer = true }
                    c = Int(boxes[c].end)
                }
                let share = flexible > 0 ? max(0, (frameAlong - fixedTotal) / Double(flexible)) : 0
                var total = fixedTotal + share * Double(flexible)
                // With spacers, the flexible children are offered the space left in turn, in
                // order, each an equal part of what remains; a spacer takes at least its
                // minimum (SwiftUI's stack: the least flexible first, and every flexible child
                // here is as flexible as the next). Without one, all take the same share.
                var remaining = frameAlong - fixedTotal, left = flexible
                if hasSpacer {
                    total = fixedTotal
                    c = i + 1
                    while c < end {
                        if (horizontal ? boxes[c].width : boxes[c].height).isNaN {
                            total += Self.flexibleSize(boxes[c], spacers[c], remaining: &remaining, left: &left)
                        }
                        c = Int(boxes[c].end)
                    }
                    remaining = frameAlong - fixedTotal
                    left = flexible
                }
                var cursor = (horizontal ? frame.x : frame.y) + (frameAlong - total) / 2
                c = i + 1
                while c < end {
                    let pad = pads[Int(boxes[c].pad)]
                    let given = (horizontal ? boxes[c].width : boxes[c].height).given
                    let size = given ?? (hasSpacer ? Self.flexibleSize(boxes[c], spacers[c], remaining: &remaining, left: &left) : share)
                    let slotAlong = size + (horizontal ? pad.horizontal : pad.vertical)
                    out[c].frame = horizontal
                        ? Frame(x: cursor, y: frame.y, width: slotAlong, height: frame.height)
                        : Frame(x: frame.x, y: cursor, width: frame.width, height: slotAlong)
                    cursor += slotAlong + spacing
                    c = Int(boxes[c].end)
                }
            default:
                var c = i + 1
                while c < end { out[c].frame = frame; c = Int(boxes[c].end) }
            }
        }
    }

    /// A flexible child's length in a stack with spacers: offered an equal part of what
    /// remains; a spacer takes at least its minimum.
    @inline(__always)
    static func flexibleSize(_ box: Box, _ minimum: Double?, remaining: inout Double, left: inout Int) -> Double {
        let offer = max(0, remaining / Double(max(left, 1)))
        let taken = box.flags & Box.spacerBit != 0 ? max(minimum ?? 0, offer) : offer
        remaining -= taken
        left -= 1
        return taken
    }

    /// Resolve every shape's radii (Resolve.swift), containers first (document
    /// order guarantees it); record each shape's enclosing container.
    mutating func resolveAll(_ flat: inout Flattened, screen: Screen, target: Target) {
        let n = flat.shapes.count
        let screenOuter = Outer(screen: screen)
        // The container each node provides its children: −1 the screen, else a node (four bytes a node).
        var provides = [Int32](repeating: -1, count: n)
        let context = ResolveContext(screen: screen, target: target, fallback: fallbackStyle, newerScreen: newerScreen)
        // The last container measured against: siblings share it (and reading it
        // field by field copies no shape).
        var lastCode: Int32 = -1
        var lastOuter = screenOuter
        var nextContainer = 0, nextLayers = 0  // cursors into `containers` and `layerSpecs`
        for i in 0..<n {
            let parent = flat.shapes[i].parentIndex
            let code = parent < 0 ? -1 : provides[Int(parent)]
            let ctx: ContainerRef = code < 0 ? .screen : .node(Int(code))
            let frame = flat.shapes[i].frame
            if code != lastCode {
                lastCode = code
                lastOuter = code < 0 ? screenOuter : Outer(containerIn: flat.shapes, Int(code))
            }
            let outer = lastOuter
            flat.shapes[i].enclosing = ctx
            if !resolveByShortcut(i, &flat, frame: frame, ctx: ctx, outer: outer, context), let d = flat.shapes[i].spec {
                let r = context.resolve(d, frame: frame, ctx: ctx, outer: outer)
                flat.shapes[i].radii = r.radii
                flat.shapes[i].decisions = r.decisions
                flat.shapes[i].container = r.container
                if r.written != nil { flat.shapes[i].noteOverflow(r, role: "shape", shared: &sharedExtras) }
            }
            // The container it declares for its children.
            provides[i] = code
            var declared: (ShapeValue?, SourceRange)? = nil
            if nextContainer < flat.containers.count, flat.containers[nextContainer].index == i {
                declared = flat.declared(nextContainer)
                nextContainer += 1
            }
            if flat.shapes[i].containerIsDrawn {
                // Its drawn shape, resolved just now, publishes (`ResolvedShape.containerIsDrawn`):
                // the radii and kind are the shape's, any overflow noted already.
                flat.shapes[i].isContainer = true
                provides[i] = Int32(i)
            } else if flat.shapes[i].extras != nil, let (spec, range) = declared, let c = spec {
                declareContainer(c, range: range, of: &flat.shapes[i], ctx: ctx, outer: outer, context)
                if flat.shapes[i].isContainer { provides[i] = Int32(i) }
            }
            if nextLayers < flat.layerSpecs.count, Int(flat.layerSpecs[nextLayers].index) == i {
                var end = nextLayers + 1
                while end < flat.layerSpecs.count, Int(flat.layerSpecs[end].index) == i { end += 1 }
                var layers: [ShapeLayer] = []
                layers.reserveCapacity(end - nextLayers)
                for k in nextLayers..<end {
                    let spec = flat.layerSpecs[k]
                    let r = context.resolve(spec.shape, frame: frame, ctx: ctx, outer: outer)
                    // A hit shape is not drawn: it cannot trap.
                    if spec.use != .hit { flat.shapes[i].noteOverflow(r, role: spec.use.layerName, shared: &sharedExtras) }
                    layers.append(ShapeLayer(spec.use, kind: spec.shape.kind, radii: r.radii, range: spec.range))
                }
                nextLayers = end
                flat.shapes[i].layers = layers
            }
        }
    }

    /// Shape `i`'s radii when a shortcut of the rule resolves them, set field by field
    /// (no spec, state or resolution built): every concentric shape on iOS 26
    /// (`ResolveContext.concentricRadii`) and every shape of written radii
    /// (`writtenRadii`); false, nothing set, for any other.
    mutating func resolveByShortcut(_ i: Int, _ flat: inout Flattened, frame: Frame, ctx: ContainerRef, outer: Outer,
                                    _ context: ResolveContext) -> Bool {
        let result: (radii: Radii, decisions: Decisions, written: Radii?), container: ContainerRef
        if flat.shapes[i].isConcentricSpec, let r = context.concentricRadii(
            values: flat.shapes[i].specValues, styles: flat.shapes[i].specStyles, groups: flat.shapes[i].specGroups,
            frame: frame, ctx: ctx, outer: outer) {
            (result, container) = (r, ctx)
        } else if flat.shapes[i].isRadiiSpec {
            (result, container) = (ResolveContext.writtenRadii(flat.shapes[i].specValues, frame: frame), .none)
        } else {
            return false
        }
        flat.shapes[i].radii = result.radii
        flat.shapes[i].decisions = result.decisions
        flat.shapes[i].container = container
        if let written = result.written {
            let r = Resolution(radii: result.radii, decisions: result.decisions, container: container, written: written)
            flat.shapes[i].noteOverflow(r, role: "shape", shared: &sharedExtras)
        }
        return true
    }

    /// The radii a node publishes to its children with `container …`.
    mutating func declareContainer(_ c: ShapeValue, range: SourceRange, of shape: inout ResolvedShape,
                                   ctx: ContainerRef, outer: Outer, _ context: ResolveContext) {
        // (A kind that publishes, nearly every container, is told from the table's bits,
        // not by building its row: the others' cells hold the diagnostic's words.)
        switch c.kind.publishesAsContainer ? .publishes : c.kind.row.container {
        case .rejected(let code, let why):
            var r = context.resolve(c, frame: shape.frame, ctx: ctx, outer: outer).radii
            // When the node draws another shape, that is the radius its children should follow.
            if shape.spec != c, shape.spec != nil { r = shape.radii }
            error(code, "a `\(c.kind.rawValue)` shape cannot be a container", range,
                  help: "\(why); declare its resolved radius instead: `\(r.containerDeclaration)`")
            shape.isContainer = true
            shape.declareContainer(radii: r, kind: ShapeKind.rejectedContainerStandIn)
        case .ignored(let code, let why):
            diagnostics.append(Diagnostic(code,
                "`\(c.kind.rawValue)` is ignored as a container", at: range,
                help: "\(why); declare a `rect` with the radius children should follow"))
        case .publishes:
            shape.isContainer = true
            let r = context.resolve(c, frame: shape.frame, ctx: ctx, outer: outer)
            shape.declareContainer(radii: r.radii, kind: c.kind)
            shape.noteOverflow(r, role: "container", shared: &sharedExtras)
        case .never:
            break
        }
    }
}

extension ResolvedShape {
    /// Record fixed radii the shape cannot hold (once: a drawn container or
    /// glass shape is the same radii as the shape), in the array and box
    /// `shared` keeps for them when it keeps one.
    mutating func noteOverflow(_ r: Resolution, role: String, shared: inout SharedExtras) {
        guard let written = r.written else { return }
        decisions.insert(.radiusOverflowClamped)
        let o = RadiusOverflow(role: role, written: written, drawn: r.radii)
        // One change of the box (reading `overflows` and setting it back would build it twice).
        let before = overflows
        guard !before.contains(where: { $0.written == o.written && $0.drawn == o.drawn }) else { return }
        if !appendToSpecBox(o, shared: &shared) {
            let alone = before.isEmpty ? shared.alone(o) : nil
            update { if let alone { $0.overflows = alone } else { $0.overflows.append(o) } }
        }
    }
}

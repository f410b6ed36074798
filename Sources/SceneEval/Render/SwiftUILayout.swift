import SceneLang

/// Where a node goes in its parent, said the way SwiftUI lays out (docs/swiftui.md,
/// "Layout"): a parent's children share one alignment where they can (the stack's or
/// ZStack's `alignment:`, repeated on the parent's frame so the run sits where the
/// scene puts it); a child aligned otherwise gets an alignment frame on the axes where
/// its size is definite; a stack that fits its children and holds such a frame is
/// `fixedSize` on that axis, so the frame does not make it fill.
extension SwiftUIEmitter {
    /// Whether node i's size on an axis is definite (written, or a stack fitting definite children).
    func definite(_ i: Int, horizontal: Bool) -> Bool { horizontal ? definiteW[i] : definiteH[i] }

    /// The children of `parent` (the roots when nil) and whether it is an h/v stack (and which).
    func kids(of parent: Int?) -> [Int] { parent.map { children[$0] } ?? roots }

    func axisStack(_ parent: Int?) -> StackAxis? {
        guard let p = parent, let s = items[p].stack, s != .zstack else { return nil }
        return s
    }

    /// The alignment a parent gives its children on one axis (0 leading/top, 0.5 centre,
    /// 1 trailing/bottom): the one most of its children definite on that axis have
    /// (centre on a tie with it, else the first); centre when none is definite.
    func shared(_ parent: Int?, horizontal: Bool) -> Double {
        let ks = kids(of: parent).filter { definite($0, horizontal: horizontal) && items[$0].spacer == nil }
        var counts: [Double: Int] = [:]
        var order: [Double] = []
        for k in ks {
            let f = horizontal ? items[k].align.fx : items[k].align.fy
            if counts[f] == nil { order.append(f) }
            counts[f, default: 0] += 1
        }
        guard let best = counts.values.max() else { return 0.5 }
        if counts[0.5] == best { return 0.5 }
        return order.first { counts[$0] == best }!
    }

    /// The parent's alignment as (horizontal, vertical), worked out once per parent.
    func parentAlignment(_ parent: Int?) -> (fx: Double, fy: Double) {
        parent.map { alignments[$0] } ?? rootAlignment
    }

    /// Every parent's alignment (`parentAlignment`), kept so that each child asks in O(1).
    mutating func prepareAlignments() {
        alignments = nodes.indices.map { computeAlignment($0) }
        rootAlignment = computeAlignment(nil)
    }

    /// An hstack aligns only vertically, a vstack only horizontally; a zstack, a node with
    /// children and the screen both ways.
    func computeAlignment(_ parent: Int?) -> (fx: Double, fy: Double) {
        if let parent, children[parent].isEmpty { return (0.5, 0.5) }
        switch axisStack(parent) {
        case .hstack?: return (0.5, shared(parent, horizontal: false))
        case .vstack?: return (shared(parent, horizontal: true), 0.5)
        default: return (shared(parent, horizontal: true), shared(parent, horizontal: false))
        }
    }

    /// The axes on which child k needs its own alignment frame: definite there, aligned
    /// otherwise than its parent aligns it (only across an h/v stack).
    func wrapperAxes(_ k: Int) -> (w: Bool, h: Bool) {
        guard items[k].spacer == nil else { return (false, false) }
        let p = parents[k]
        let a = parentAlignment(p)
        let stack = axisStack(p)
        let w = stack != .hstack && definiteW[k] && items[k].align.fx != a.fx
        let h = stack != .vstack && definiteH[k] && items[k].align.fy != a.fy
        return (w, h)
    }

    /// The axes on which node i must be `fixedSize`: it fits its children there (a stack
    /// with no written size on that axis) and a child's alignment frame would make it fill.
    func fixedAxes(_ i: Int) -> (w: Bool, h: Bool) {
        guard items[i].stack != nil else { return (false, false) }
        let ks = children[i].map(wrapperAxes)
        return (items[i].width == nil && definiteW[i] && ks.contains { $0.w },
                items[i].height == nil && definiteH[i] && ks.contains { $0.h })
    }

    /// SwiftUI's name for an alignment: `.top`, `.bottomLeading`, `.center`.
    static func alignmentName(_ fx: Double, _ fy: Double) -> String {
        let h = fx == 0 ? "leading" : fx == 1 ? "trailing" : ""
        let v = fy == 0 ? "top" : fy == 1 ? "bottom" : ""
        if h.isEmpty && v.isEmpty { return ".center" }
        if v.isEmpty { return "." + h }
        if h.isEmpty { return "." + v }
        return "." + v + h.prefix(1).uppercased() + h.dropFirst()
    }

    /// The stack's opening: `HStack(alignment: .top, spacing: 8) {`, `ZStack(alignment: .bottom) {`.
    func stackOpening(_ i: Int) -> String {
        let a = parentAlignment(i)
        switch items[i].stack {
        case .hstack?, .vstack?:
            let h = items[i].stack == .hstack
            let name = h ? SwiftSource.vertical(a.fy) : SwiftSource.horizontal(a.fx)
            return (h ? "HStack(" : "VStack(") + (name == ".center" ? "" : "alignment: \(name), ") + "spacing: \(spacing(i))) {"
        default:
            let name = Self.alignmentName(a.fx, a.fy)
            return name == ".center" ? "ZStack {" : "ZStack(alignment: \(name)) {"
        }
    }

    /// The alignment argument node i's own frames repeat, so its children sit in the frame
    /// where they sit in the stack (`, alignment: .top`), or "" for the centre.
    func frameAlignment(_ i: Int) -> String {
        guard items[i].stack != nil || !children[i].isEmpty else { return "" }
        let a = parentAlignment(i)
        let name = Self.alignmentName(a.fx, a.fy)
        return name == ".center" ? "" : ", alignment: \(name)"
    }

    /// Where node i goes in its parent: its padding, then its alignment frame if it needs
    /// one, then its `.offset(x:y:)` (which moves all of that, and changes no layout).
    func placement(_ i: Int) -> [String] {
        var out = SwiftSource.padding(items[i].pad, prefix: prefix)
        let (w, h) = wrapperAxes(i)
        if w || h {
            let axes = [w ? "maxWidth: .infinity" : nil, h ? "maxHeight: .infinity" : nil].compactMap { $0 }
            // On an axis without the frame the node fills, so the other part of the alignment is moot.
            let fx = w ? items[i].align.fx : 0.5, fy = h ? items[i].align.fy : 0.5
            out.append(".frame(\(axes.joined(separator: ", ")), alignment: \(Self.alignmentName(fx, fy)))")
        }
        if let o = items[i].offset { out.append(offset(o)) }
        return out
    }

    /// `.offset(x: 10, y: -5)`, a coordinate written as a literal 0 left out (`.offset(y: 6)`).
    func offset(_ o: (x: Expr, y: Expr)) -> String {
        let parts = [("x", o.x), ("y", o.y)].compactMap { name, e -> String? in
            if case .number(0, _) = e { return nil }
            return "\(name): " + SwiftSource.expr(e, prefix: prefix)
        }
        return ".offset(\(parts.isEmpty ? "x: 0" : parts.joined(separator: ", ")))"
    }

    /// Node i's padding, evaluated (the last value written for an edge wins).
    func insets(_ i: Int) -> Insets {
        var e = Insets()
        for (edge, x) in items[i].pad {
            e.set(edge, ExprValue.eval(x, env) ?? 0)
        }
        return e
    }

    /// Notes on node i where SwiftUI may place it otherwise: its frame with its padding
    /// outside its parent's (or the screen's); flexible children of a stack padded differently.
    mutating func placementNotes(_ i: Int) -> [String] {
        var out: [String] = []
        let range = nodes[i].label?.range ?? nodes[i].range
        if let axis = items[i].stack, axis != .zstack {
            let h = axis == .hstack
            let along = Set(children[i].filter { !definite($0, horizontal: h) }.map { k -> Double in
                let e = insets(k)
                return h ? e.horizontal : e.vertical
            })
            if along.count > 1 {
                out.append(note(.swiftuiStackPadding,
                    "the flexible children of this \(h ? "hstack" : "vstack") are padded differently along it; SwiftUI shares the space with each child's padding inside its share, so they come out other sizes than in the scene",
                    at: range, help: "pad the flexible children alike, or give them a size"))
            }
        }
        let e = insets(i)
        // Where layout put it: its own offset moves only the drawing.
        var s = scene.shapes[i].frame
        if let o = scene.shapes[i].offset { s.x -= o.x; s.y -= o.y }
        let f = Frame(x: s.x - e.leading, y: s.y - e.top, width: s.width + e.horizontal, height: s.height + e.vertical)
        let outer = parents[i].map { scene.shapes[$0].frame } ?? scene.screen.frame
        let eps = 0.01
        if f.minX < outer.minX - eps || f.minY < outer.minY - eps || f.maxX > outer.maxX + eps || f.maxY > outer.maxY + eps {
            let what = parents[i].map { describe($0) } ?? "the \(scene.screen.noun)"
            out.append(note(.swiftuiOverflow,
                "this node overflows \(what); SwiftUI may place an overflowing view differently from the scene", at: range,
                help: "make it fit: check its size and padding against \(what)'s frame"))
        }
        return out
    }
}

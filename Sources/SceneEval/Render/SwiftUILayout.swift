import SceneLang

/// Where a node goes in its parent: stack alignments, alignment frames, and the
/// notes where SwiftUI's layout would not give the scene's frames.
extension SwiftUIEmitter {
    enum ParentKind { case free, fittedZStack, stack }

    /// How node i's parent lays it out: a free area (the screen, a node with children,
    /// a zstack of written size), a zstack that fits its children, or an h/v stack.
    func parentKind(_ i: Int) -> ParentKind {
        guard let p = parents[i] else { return .free }
        switch items[p].stack {
        case .hstack?, .vstack?: return .stack
        case .zstack?: return items[p].width != nil && items[p].height != nil ? .free : .fittedZStack
        case nil: return .free
        }
    }

    /// The one alignment all children share, or nil when they differ.
    func commonAlignment(_ i: Int, _ part: (Alignment) -> String) -> String? {
        let set = Set(children[i].map { part(items[$0].align) })
        return set.count <= 1 ? (set.first ?? ".center") : nil
    }

    /// An HStack's vertical (VStack's horizontal) alignment: the children's own, when they agree.
    func crossAlignment(_ i: Int, horizontal: Bool) -> String {
        commonAlignment(i, { horizontal ? SwiftSource.vertical($0.fy) : SwiftSource.horizontal($0.fx) }) ?? ".center"
    }

    func zstackAlignment(_ i: Int) -> String {
        guard items[i].stack == .zstack, !children[i].isEmpty,
              children[i].allSatisfy({ parentKind($0) == .fittedZStack }) else { return ".center" }
        return commonAlignment(i, SwiftSource.alignment) ?? ".center"
    }

    /// An alignment frame places a node of definite size where its `align` puts it.
    func placement(_ i: Int) -> [String] {
        let a = items[i].align
        guard a != .center, definiteW[i] || definiteH[i] else { return [] }
        switch parentKind(i) {
        case .stack: return []
        case .fittedZStack where commonAlignment(parents[i]!, SwiftSource.alignment) != nil: return []
        default: return [".frame(maxWidth: .infinity, maxHeight: .infinity, alignment: \(SwiftSource.alignment(a)))"]
        }
    }

    /// Notes on node i: children aligned in ways one stack alignment cannot say, and a
    /// frame outside its parent's (or the screen's).
    mutating func placementNotes(_ i: Int) -> [String] {
        var out: [String] = []
        let range = nodes[i].label?.range ?? nodes[i].range
        switch items[i].stack {
        case .hstack?, .vstack?:
            let h = items[i].stack == .hstack
            if commonAlignment(i, { h ? SwiftSource.vertical($0.fy) : SwiftSource.horizontal($0.fx) }) == nil {
                out.append(note(.swiftuiStackAlignment,
                    "the children of this \(h ? "hstack" : "vstack") align differently across it; SwiftUI's \(h ? "HStack" : "VStack") has one alignment for all, so they are centred", at: range,
                    help: "give the children the same `align`, or wrap them in a zstack"))
            }
        case .zstack? where items[i].width == nil || items[i].height == nil:
            if !children[i].isEmpty, commonAlignment(i, SwiftSource.alignment) == nil {
                out.append(note(.swiftuiStackAlignment,
                    "the children of this zstack align differently; each gets its own alignment frame, which makes the ZStack fill what it is offered instead of fitting them", at: range,
                    help: "give the zstack a `size`, or its children the same `align`"))
            }
        default: break
        }
        let f = scene.shapes[i].frame
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

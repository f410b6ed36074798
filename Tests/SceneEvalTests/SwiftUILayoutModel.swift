import Foundation
import SceneLang
@testable import SceneEval

/// A small model of SwiftUI's layout, for what the export writes, to prove that the
/// generated view puts every labelled subview where the scene does. SwiftUI cannot run
/// here, so this is written from Apple's documentation and WWDC sessions, not from the
/// scene's own layout code (Layout.swift is not used):
///
/// - WWDC19 "Building Custom Views with SwiftUI": a parent proposes a size, the child
///   chooses its own size, the parent places the child; shapes take the size proposed;
///   `frame(width:height:)` proposes its fixed size and aligns the child in it; padding
///   proposes the size less the insets; stacks divide the space among their children,
///   the least flexible first, and align them across the axis.
/// - `frame(minWidth:idealWidth:maxWidth:…)` (Apple's documentation): "If no minimum or
///   maximum constraint is specified in a given dimension, the frame adopts the sizing
///   behavior of its child in that dimension. If both constraints are specified … the
///   size proposed for it, clamped to the constraints. Otherwise … if a maximum
///   constraint is specified and the size proposed … is greater than the size of this
///   view, the proposed size, clamped to that maximum. Otherwise, the size of this view."
/// - WWDC22 "Compose custom layouts with SwiftUI" and `ProposedViewSize`: a nil
///   dimension asks for the ideal size; `fixedSize(horizontal:vertical:)` proposes nil on
///   its axes and then places the child at the size it chose; a shape's ideal size is
///   10 × 10 (`replacingUnspecifiedDimensions()`); stacks place each child with the
///   proposal their placement gives it.
/// - `ZStack`: sizes to the union of its children aligned to one guide; `overlay(alignment:)`
///   and `offset(x:y:)` do not change the size of the view they modify; `ignoresSafeArea()`
///   changes nothing here (the model has no safe area; the body fills the screen).
/// - `Spacer(minLength:)`: flexible along its stack's axis, at least `minLength`, nothing across.
enum SwiftUIModel {
    struct Size: Equatable { var w: Double; var h: Double }
    struct Rect { var x: Double; var y: Double; var w: Double; var h: Double }
    /// A proposal: nil on an axis asks for the ideal size.
    struct Proposal { var w: Double?; var h: Double? }

    enum Align: Equatable {
        case leading, center, trailing
        var f: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
    }

    indirect enum Node {
        /// A shape, a colour: takes what it is offered (10 where nothing is offered).
        case fill
        case spacer(axis: Axis, min: Double)
        case stack(axis: Axis, cross: Align, spacing: Double, children: [Node])
        case zstack(h: Align, v: Align, children: [Node])
        case fixedFrame(Node, w: Double?, h: Double?, ah: Align, av: Align)
        case flexibleFrame(Node, minW: Double?, maxW: Double?, minH: Double?, maxH: Double?, ah: Align, av: Align)
        case padding(Node, top: Double, leading: Double, bottom: Double, trailing: Double)
        case fixedSize(Node, h: Bool, v: Bool)
        case offset(Node, x: Double, y: Double)
        case overlay(Node, Node, ah: Align, av: Align)
        /// A labelled subview: its frame is recorded where it is placed.
        case named(String, Node)
    }
    enum Axis { case horizontal, vertical }

    /// The size `node` chooses for `p`.
    static func size(_ node: Node, _ p: Proposal) -> Size {
        switch node {
        case .fill:
            return Size(w: p.w ?? 10, h: p.h ?? 10)
        case .spacer(let axis, let m):
            return axis == .horizontal ? Size(w: max(m, p.w ?? m), h: 0) : Size(w: 0, h: max(m, p.h ?? m))
        case .named(_, let c):
            return size(c, p)
        case .fixedFrame(let c, let w, let h, _, _):
            let inner = size(c, Proposal(w: w ?? p.w, h: h ?? p.h))
            return Size(w: w ?? inner.w, h: h ?? inner.h)
        case .flexibleFrame(let c, let minW, let maxW, let minH, let maxH, _, _):
            let inner = size(c, Proposal(w: clamp(p.w, minW, maxW), h: clamp(p.h, minH, maxH)))
            return Size(w: frameSide(p.w, inner.w, minW, maxW), h: frameSide(p.h, inner.h, minH, maxH))
        case .padding(let c, let t, let l, let b, let r):
            let inner = size(c, Proposal(w: p.w.map { max(0, $0 - l - r) }, h: p.h.map { max(0, $0 - t - b) }))
            return Size(w: inner.w + l + r, h: inner.h + t + b)
        case .fixedSize(let c, let fh, let fv):
            return size(c, Proposal(w: fh ? nil : p.w, h: fv ? nil : p.h))
        case .offset(let c, _, _), .overlay(let c, _, _, _):
            return size(c, p)
        case .zstack(_, _, let kids):
            // One alignment guide for all: the union is the largest on each axis.
            let sizes = kids.map { size($0, p) }
            return Size(w: sizes.map(\.w).max() ?? 0, h: sizes.map(\.h).max() ?? 0)
        case .stack(let axis, _, let spacing, let kids):
            let d = distribute(axis, spacing, kids, p)
            let along = d.map(\.along).reduce(0, +) + spacing * Double(max(0, kids.count - 1))
            let cross = d.map(\.cross).max() ?? 0
            return axis == .horizontal ? Size(w: along, h: cross) : Size(w: cross, h: along)
        }
    }

    static func clamp(_ v: Double?, _ lo: Double?, _ hi: Double?) -> Double? {
        guard var v else { return nil }
        if let hi { v = min(v, hi) }
        if let lo { v = max(v, lo) }
        return v
    }

    /// A flexible frame's size on one axis (Apple's rule, quoted above).
    static func frameSide(_ proposed: Double?, _ child: Double, _ lo: Double?, _ hi: Double?) -> Double {
        if lo == nil, hi == nil { return child }
        guard let proposed else { return clamp(child, lo, hi)! }
        if lo != nil, hi != nil { return clamp(proposed, lo, hi)! }
        if let lo, proposed < child { return max(proposed, lo) }
        if let hi, proposed > child { return min(proposed, hi) }
        return child
    }

    /// A stack's children's sizes along and across its axis for proposal `p`: the space
    /// left after the spacing is offered to the children, least flexible first, each
    /// getting an equal part of what remains.
    static func distribute(_ axis: Axis, _ spacing: Double, _ kids: [Node], _ p: Proposal)
        -> [(along: Double, cross: Double, proposal: Proposal)] {
        let h = axis == .horizontal
        func prop(_ along: Double?) -> Proposal { h ? Proposal(w: along, h: p.h) : Proposal(w: p.w, h: along) }
        func parts(_ s: Size) -> (Double, Double) { h ? (s.w, s.h) : (s.h, s.w) }
        var out = [(along: Double, cross: Double, proposal: Proposal)](repeating: (0, 0, p), count: kids.count)
        guard let total = h ? p.w : p.h else {
            for (k, kid) in kids.enumerated() {
                let (a, c) = parts(size(kid, prop(nil)))
                out[k] = (a, c, prop(nil))
            }
            return out
        }
        let flexibility = kids.map { kid -> Double in
            let lo = parts(size(kid, prop(0))).0, hi = parts(size(kid, prop(.infinity))).0
            return hi - lo
        }
        let order = kids.indices.sorted { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }
        var remaining = total - spacing * Double(max(0, kids.count - 1))
        for (n, k) in order.enumerated() {
            let offer = max(0, remaining / Double(kids.count - n))
            let (a, c) = parts(size(kids[k], prop(offer)))
            out[k] = (a, c, prop(offer))
            remaining -= a
        }
        return out
    }

    /// Place `node` in `rect` (the size it chose), recording labelled subviews' frames.
    static func place(_ node: Node, _ rect: Rect, into frames: inout [String: Rect]) {
        switch node {
        case .fill, .spacer:
            return
        case .named(let name, let c):
            frames[name] = rect
            place(c, rect, into: &frames)
        case .fixedFrame(let c, let w, let h, let ah, let av):
            let inner = size(c, Proposal(w: w ?? rect.w, h: h ?? rect.h))
            place(c, aligned(inner, in: rect, ah, av), into: &frames)
        case .flexibleFrame(let c, let minW, let maxW, let minH, let maxH, let ah, let av):
            let inner = size(c, Proposal(w: clamp(rect.w, minW, maxW), h: clamp(rect.h, minH, maxH)))
            place(c, aligned(inner, in: rect, ah, av), into: &frames)
        case .padding(let c, let t, let l, let b, let r):
            place(c, Rect(x: rect.x + l, y: rect.y + t, w: max(0, rect.w - l - r), h: max(0, rect.h - t - b)), into: &frames)
        case .fixedSize(let c, _, _):
            place(c, rect, into: &frames)
        case .offset(let c, let x, let y):
            place(c, Rect(x: rect.x + x, y: rect.y + y, w: rect.w, h: rect.h), into: &frames)
        case .overlay(let c, let o, let ah, let av):
            place(c, rect, into: &frames)
            place(o, aligned(size(o, Proposal(w: rect.w, h: rect.h)), in: rect, ah, av), into: &frames)
        case .zstack(let ah, let av, let kids):
            for kid in kids {
                place(kid, aligned(size(kid, Proposal(w: rect.w, h: rect.h)), in: rect, ah, av), into: &frames)
            }
        case .stack(let axis, let cross, let spacing, let kids):
            let d = distribute(axis, spacing, kids, Proposal(w: rect.w, h: rect.h))
            var cursor = axis == .horizontal ? rect.x : rect.y
            for (k, kid) in kids.enumerated() {
                let (a, c) = (d[k].along, d[k].cross)
                if axis == .horizontal {
                    place(kid, Rect(x: cursor, y: rect.y + (rect.h - c) * cross.f, w: a, h: c), into: &frames)
                } else {
                    place(kid, Rect(x: rect.x + (rect.w - c) * cross.f, y: cursor, w: c, h: a), into: &frames)
                }
                cursor += a + spacing
            }
        }
    }

    static func aligned(_ s: Size, in r: Rect, _ ah: Align, _ av: Align) -> Rect {
        Rect(x: r.x + (r.w - s.w) * ah.f, y: r.y + (r.h - s.h) * av.f, w: s.w, h: s.h)
    }

    /// Lay out `root` on a screen of `width` × `height` (the body is offered the screen).
    static func layout(_ root: Node, width: Double, height: Double) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        let s = size(root, Proposal(w: width, h: height))
        place(root, aligned(s, in: Rect(x: 0, y: 0, w: width, h: height), .center, .center), into: &frames)
        return frames
    }
}

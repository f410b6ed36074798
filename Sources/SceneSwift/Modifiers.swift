// View modifiers as frames: `.padding`, `.frame`, `.background`, `.overlay`, `.clipShape`,
// `.mask`, `.cornerRadius`, `.containerShape`, `.glassEffect`.
import SwiftSyntax
import SceneLang

extension ViewReader {
    /// The frame `call` (a modifier on `cur`) makes, or `cur` when it keeps the frame.
    mutating func apply(_ call: FunctionCallExprSyntax, to cur: ViewNode) -> ViewNode {
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self) else { return cur }
        let range = m.period.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
        return apply(m.declName.baseName.text, call, range: range, to: cur)
    }

    /// The modifier `name` with `call`'s arguments, written at `range`.
    mutating func apply(_ name: String, _ call: FunctionCallExprSyntax, range: Range<Int>, to cur: ViewNode) -> ViewNode {
        let args = Array(call.arguments)
        let closure = call.trailingClosure ?? args.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
        switch name {
        case "padding": return padding(args, range: range, on: cur)
        case "frame": return frame(args, range: range, on: cur)
        case "background", "overlay", "clipShape", "mask":
            let inShape = args.first { $0.label?.text == "in" }?.expression
            let content = inShape ?? args.first { $0.label == nil }?.expression
            var outline: SwiftShape? = nil
            if let content {
                outline = shapeOf(content, modifier: name, range: range)
            } else if let closure {
                let views = builder(closure.statements)
                if views.count == 1 { outline = outlineOf(views[0], modifier: name, range: range) }
                else if !views.isEmpty { explain(.skipped, range, "`.\(name) { … }` with \(views.count) views: not an outline") }
            }
            guard let outline else { return cur }
            return outlined(cur, outline, range: range, clip: name == "clipShape" || name == "mask")
        case "cornerRadius":
            guard let r = args.first?.expression else { return cur }
            do throws(Dynamic) {
                let n = try decls.constants.number(r)
                guard n.value >= 0 else { throw Dynamic(reason: "a negative radius", range: n.range) }
                var s = SwiftShape(kind: .rect(n), range: range, swift: ".cornerRadius(\(ConstantTable.short(r.trimmedDescription)))")
                s.circular = true
                return outlined(cur, s, range: range, clip: true)
            } catch {
                explain(.skipped, error, "`.cornerRadius`: " + error.reason)
                return moved(cur, range: range, why: "`.cornerRadius` with a radius decided at run time")
            }
        case "offset": return offset(args, range: range, on: cur)
        case "containerShape":
            guard let e = args.first?.expression, var s = shapeOf(e, modifier: name, range: range) else { return cur }
            s.declaredBy = decls.constants.helpers.site?.swift
            if cur.container == nil { cur.container = s; return cur }
            let w = ViewNode(range: range)
            w.container = s; w.children = [cur]; w.fills = cur.fills
            return w
        case "glassEffect":
            var s = SwiftShape(kind: .capsule, range: range, swift: "the default glass capsule")
            if let e = args.first(where: { $0.label?.text == "in" })?.expression {
                guard let given = shapeOf(e, modifier: name, range: range) else { return cur }
                s = given
            } else {
                explain(.assumed, range, "`.glassEffect` without `in:` draws a capsule")
            }
            let n = outlined(cur, s, range: range, clip: false)
            n.glass = true
            return n
        default:
            if frameKeepingModifiers.contains(name) { return cur }
            // A modifier the files declare as one modifier (Helpers.swift): that one, here.
            // What its body writes is said at the call (`HelperStack.site`).
            if let (f, binding) = decls.constants.modifierFunction(name, args), let (inner, body) = HelperFunction.modifierCall(f.body),
               decls.constants.enter(f, binding, site: range, swift: ConstantTable.short(".\(name)(\(call.arguments.trimmedDescription))")) {
                defer { decls.constants.leave() }
                return apply(inner, body, range: range, to: cur)
            }
            if frameMovingModifiers.contains(name) {
                return moved(cur, range: range, why: "`.\(name)` moves or resizes it at run time")
            }
            explain(.skipped, range, "`.\(name)(…)` is not known to keep the frame: what it wraps is not measured against what wraps it")
            return moved(cur, range: range, why: "`.\(name)(…)` is not a modifier the reader knows keeps the frame")
        }
    }

    /// `cur` in a new frame whose place is not certain.
    func moved(_ cur: ViewNode, range: Range<Int>, why: String) -> ViewNode {
        let w = ViewNode(range: range)
        cur.uncertain = cur.uncertain ?? why
        w.children = [cur]
        w.unsized = why
        return w
    }

    /// `cur` with `shape` as its outline: drawn on `cur`'s own frame when it has none yet.
    func outlined(_ cur: ViewNode, _ shape: SwiftShape, range: Range<Int>, clip: Bool) -> ViewNode {
        // A clip on a frame with views in it also cuts them (`clip` in the scene): a
        // row flush with a clipped section's corner has its corner drawn by the clip
        // (a grouped list: `Rectangle()` rows were each called pinched against the
        // section's 26). The frame still shows the clip's outline as its own shape.
        // (Only where the clip is the frame's outline: on a frame that already draws a
        // shape, what shows is the rounder of the two, below, as before.)
        if cur.shape == nil && !cur.glass {
            cur.shape = shape
            if clip, !cur.children.isEmpty, cur.clip == nil { cur.clip = shape }
            return cur
        }
        // A clip on a frame that already draws a shape: what shows is where both are, so the
        // rounder of the two at each corner. Never a shape measured against its own clip.
        if clip, let drawn = cur.shape, cur.container == nil {
            if Self.roundness(shape) >= Self.roundness(drawn) { cur.shape = shape }
            return cur
        }
        let w = ViewNode(range: range)
        w.shape = shape
        if clip { w.clip = shape }
        w.children = [cur]
        w.fills = cur.fills
        w.unsized = cur.unsized
        return w
    }

    /// One of the nine alignments written as `.topLeading` or `Alignment.topLeading`;
    /// nil for anything else (a ternary, a variable, `Alignment(horizontal:vertical:)`:
    /// decided at run time or not read, never guessed).
    static func alignment(_ e: ExprSyntax) -> Alignment? {
        guard let m = e.as(MemberAccessExprSyntax.self), m.declName.argumentNames == nil else { return nil }
        if let base = m.base, base.trimmedDescription != "Alignment" { return nil }
        return Alignment(rawValue: m.declName.baseName.text)
    }

    static let alignedAtRunTime = "placed by an alignment the code decides at run time, or one the reader does not read"

    /// How round a shape's corners are at most (a capsule or circle: all the way).
    static func roundness(_ s: SwiftShape) -> Double {
        switch s.kind {
        case .rect(let r): return r.value
        case .uneven(let rs): return rs.map(\.value).max() ?? 0
        case .rectangle: return 0
        case .capsule, .circle: return .infinity
        case .relative, .concentric: return .infinity
        }
    }

    /// The shape a modifier's argument gives, read as a shape or as a view that is one.
    mutating func shapeOf(_ e: ExprSyntax, modifier: String, range: Range<Int>) -> SwiftShape? {
        do {
            if let s = try ShapeRead.shape(e, &decls.constants) { return s }
        } catch {
            explain(.skipped, error, "`.\(modifier)`: " + error.reason)
            return nil
        }
        return outlineOf(view(e), modifier: modifier, range: range)
    }

    /// A view used as a background or clip: its outline when it is one shape filling the frame.
    mutating func outlineOf(_ v: ViewNode, modifier: String, range: Range<Int>) -> SwiftShape? {
        if let s = v.shape, v.children.isEmpty, v.fills, v.uncertain == nil, v.width == nil, v.height == nil, v.pad.isEmpty {
            return s
        }
        if v.shape == nil, v.children.isEmpty { return nil }   // a colour, a material: no outline
        explain(.skipped, range, "`.\(modifier)`'s content is not one shape filling the frame: not an outline")
        return nil
    }

    /// `.offset(x:y:)`, `.offset(CGSize(width:height:))`, `.offset(.zero)`: the scene's
    /// `offset X Y`, which moves the drawing after layout (its corners are checked where it
    /// is drawn). A second offset on the same frame, or one decided at run time, is not followed.
    mutating func offset(_ args: [LabeledExprSyntax], range: Range<Int>, on cur: ViewNode) -> ViewNode {
        func zero() -> Num { Num(scene: "0", swift: "0", range: 0..<0, value: 0, named: false) }
        var x = zero(), y = zero()
        do throws(Dynamic) {
            if args.count == 1, args[0].label == nil {
                let e = args[0].expression
                if let m = e.as(MemberAccessExprSyntax.self), m.base == nil, m.declName.baseName.text == "zero" {
                } else if let c = e.as(FunctionCallExprSyntax.self), ["CGSize", ".init"].contains(c.calledExpression.trimmedDescription),
                          c.arguments.allSatisfy({ ["width", "height"].contains($0.label?.text ?? "") }) {
                    for a in c.arguments {
                        let n = try decls.constants.number(a.expression)
                        if a.label?.text == "width" { x = n } else { y = n }
                    }
                } else {
                    throw Dynamic(reason: "`\(ConstantTable.short(e.trimmedDescription))` is not a size the reader takes", range: e.trimmedRange)
                }
            } else {
                for a in args {
                    switch a.label?.text {
                    case "x": x = try decls.constants.number(a.expression)
                    case "y": y = try decls.constants.number(a.expression)
                    default: throw Dynamic(reason: "an argument the reader does not take", range: a.trimmedRange)
                    }
                }
            }
        } catch {
            explain(.skipped, error, "`.offset`: " + error.reason + ": what it moves is not measured against what is around it")
            return moved(cur, range: range, why: "`.offset` by an amount decided at run time")
        }
        if x.value == 0 && y.value == 0 && x.named == false && y.named == false { return cur }
        guard cur.offset == nil else {
            explain(.skipped, range, "a second `.offset` on the same view: not followed")
            return moved(cur, range: range, why: "a second `.offset`")
        }
        cur.offset = (x, y)
        return cur
    }

    // MARK: - padding and frame

    mutating func padding(_ args: [LabeledExprSyntax], range: Range<Int>, on cur: ViewNode) -> ViewNode {
        var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
        var amount: Num? = nil
        var insets = Insets()
        var fromInsets = false
        for a in args {
            if let c = a.expression.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "EdgeInsets" {
                fromInsets = true
                for e in c.arguments {
                    guard let label = e.label?.text else { continue }
                    do {
                        let n = try decls.constants.number(e.expression)
                        switch label {
                        case "top": insets.top = n
                        case "leading": insets.leading = n
                        case "bottom": insets.bottom = n
                        case "trailing": insets.trailing = n
                        default: break
                        }
                    } catch { return moved(cur, range: range, why: "`.padding`: " + error.reason) }
                }
            } else if let set = Self.edgeSet(a.expression) {
                edges = set
            } else {
                do { amount = try decls.constants.number(a.expression) } catch {
                    explain(.skipped, error, "`.padding`: " + error.reason)
                    return moved(cur, range: range, why: "`.padding` by an amount decided at run time")
                }
            }
        }
        if !fromInsets {
            if amount == nil {
                explain(.assumed, range, "`.padding` without an amount: the platform's default, 16 pt on iOS")
            }
            let n = amount ?? Num(scene: "16", swift: "16", range: range, value: 16, named: false)
            if edges.contains("top") { insets.top = n }
            if edges.contains("leading") { insets.leading = n }
            if edges.contains("bottom") { insets.bottom = n }
            if edges.contains("trailing") { insets.trailing = n }
        }
        let w = ViewNode(range: range)
        cur.pad = insets
        w.children = [cur]
        w.fills = cur.fills
        w.unsized = cur.unsized
        return w
    }

    /// `.horizontal`, `.top`, `[.top, .leading]`, `.all` as edges; nil when not an edge set.
    static func edgeSet(_ e: ExprSyntax) -> Set<String>? {
        func one(_ x: ExprSyntax) -> Set<String>? {
            guard let m = x.as(MemberAccessExprSyntax.self) else { return nil }
            switch m.declName.baseName.text {
            case "all": return ["top", "leading", "bottom", "trailing"]
            case "horizontal": return ["leading", "trailing"]
            case "vertical": return ["top", "bottom"]
            case "top", "leading", "bottom", "trailing": return [m.declName.baseName.text]
            default: return nil
            }
        }
        if let arr = e.as(ArrayExprSyntax.self) {
            var s: Set<String> = []
            for el in arr.elements { guard let o = one(el.expression) else { return nil }; s.formUnion(o) }
            return s
        }
        return one(e)
    }

    mutating func frame(_ args: [LabeledExprSyntax], range: Range<Int>, on cur: ViewNode) -> ViewNode {
        var width: Num? = nil, height: Num? = nil
        var infinite: Set<String> = []
        var aligned = false
        var alignment: Alignment? = nil
        for a in args {
            let label = a.label?.text ?? ""
            if label == "alignment" {
                alignment = Self.alignment(a.expression)
                aligned = alignment != .center
                continue
            }
            if a.expression.trimmedDescription.hasSuffix(".infinity") { infinite.insert(label); continue }
            guard label == "width" || label == "height" else {
                if a.expression.trimmedDescription != "nil" {
                    return moved(cur, range: range, why: "`.frame(\(label):)` sizes it between bounds at run time")
                }
                continue
            }
            do throws(Dynamic) {
                let n = try decls.constants.number(a.expression)
                guard n.value >= 0 else { throw Dynamic(reason: "a negative size", range: n.range) }
                if label == "width" { width = n } else { height = n }
            } catch {
                explain(.skipped, error, "`.frame`: " + error.reason)
                return moved(cur, range: range, why: "`.frame` with a size decided at run time")
            }
        }
        // …and so it does through `.padding` (`HStack { … Spacer() … }.padding(16).frame(width: 338)`):
        // the frame offers it its length less the padding along its axis.
        if cur.stack == nil, cur.shape == nil, cur.container == nil, cur.clip == nil, !cur.glass, cur.uncertain == nil,
           cur.width == nil, cur.height == nil, cur.offset == nil, cur.children.count == 1, let s = cur.children.first,
           let axis = s.stack, axis != "zstack", s.children.contains(where: { $0.spacer }), s.uncertain == nil,
           s.width == nil, s.height == nil, !aligned, infinite.isEmpty, let length = axis == "hstack" ? width : height {
            let (a, b) = axis == "hstack" ? (s.pad.leading, s.pad.trailing) : (s.pad.top, s.pad.bottom)
            let inner = [a, b].compactMap { $0 }.reduce(length) { l, p in
                Num(scene: "\(l.scene) - (\(p.scene))", swift: "\(l.swift) - (\(p.swift))", range: l.range,
                    value: l.value - p.value, named: l.named || p.named)
            }
            if inner.value >= 0 {
                if axis == "hstack" { s.width = inner } else { s.height = inner }
                for c in s.children where c.uncertain == Self.spacerPlaced { c.uncertain = nil }
            }
        }
        // A stack with a spacer fills the length a frame gives it along its axis: its views are
        // then placed for certain (`spacerPlaced`).
        if let axis = cur.stack, axis != "zstack", cur.children.contains(where: { $0.spacer }), cur.uncertain == nil,
           cur.width == nil, cur.height == nil, !aligned, infinite.isEmpty,
           let length = axis == "hstack" ? width : height {
            if axis == "hstack" { cur.width = length } else { cur.height = length }
            for c in cur.children where c.uncertain == Self.spacerPlaced { c.uncertain = nil }
        }
        // A shape given its size: the same frame, written on the shape itself (so siblings
        // in a stack are the shapes the checker compares).
        if cur.fills, cur.width == nil, cur.height == nil, width != nil, height != nil, infinite.isEmpty, cur.uncertain == nil {
            cur.width = width; cur.height = height
            return cur
        }
        let w = ViewNode(range: range)
        w.width = width; w.height = height
        w.children = [cur]
        w.fills = infinite.contains("maxWidth") && infinite.contains("maxHeight")
            || (infinite.isEmpty && width == nil && height == nil && cur.fills)
        if width == nil || height == nil { w.unsized = cur.unsized ?? (infinite.isEmpty ? nil : "as wide or tall as it is offered") }
        settle(cur, in: w, infinite: infinite, aligned: aligned, alignment: alignment)
        return w
    }

    /// How `cur` sits in the frame `w` (`frame`): where `alignment:` puts it, filling it,
    /// centred, or not certain. `aligned`: an `alignment:` other than centre, which is
    /// `alignment` (nil: one decided at run time).
    func settle(_ cur: ViewNode, in w: ViewNode, infinite: Set<String>, aligned: Bool, alignment: Alignment?) {
        // The content has a size the code gives and sits where the frame's `alignment:`
        // puts it (`align topLeading`; it was read as centred), or it fills the frame
        // (a shape), or it has a size the code gives and sits centred.
        if aligned, cur.naturalSize != nil, cur.align == nil, cur.uncertain == nil {
            if let a = alignment { cur.align = a.rawValue } else { cur.uncertain = Self.alignedAtRunTime }
        } else if !(cur.fills && (infinite.isEmpty || w.fills)) {
            // (`.frame(maxWidth: .infinity)` alone around content of a fixed size: the frame is
            // as wide as it is offered, not as the content, and where what is drawn on the
            // frame meets the content's corners is not certain.)
            if cur.naturalSize == nil || aligned || (!infinite.isEmpty && !w.fills) {
                cur.uncertain = cur.uncertain ?? "sizes itself inside `.frame`"
            }
        }
    }
}

// SwiftUI shape expressions as scene shapes: `RoundedRectangle(cornerRadius:)`,
// `.rect(cornerRadius:)`, `.rect(cornerRadii:)`, `UnevenRoundedRectangle`, `Capsule`,
// `Circle`, `Rectangle`, `ContainerRelativeShape` and `ConcentricRectangle`'s initialisers.
import SwiftSyntax

/// Paint and hit-testing modifiers a shape may carry that leave its outline as it is.
let outlineKeepingShapeModifiers: Set<String> = [
    "fill", "stroke", "strokeBorder", "foregroundStyle", "foregroundColor", "opacity", "shadow",
    "tint", "blendMode", "accessibilityHidden", "allowsHitTesting", "contentShape", "id",
]

enum ShapeRead {
    /// The shape an expression builds, nil when it is not a shape; throws when it is a shape
    /// whose numbers are dynamic.
    static func shape(_ e0: ExprSyntax, _ consts: inout ConstantTable) throws(Dynamic) -> SwiftShape? {
        guard var s = try read(e0, &consts) else { return nil }
        // Written in the body of a modifier read in place (Helpers.swift): said at the call.
        if let site = consts.helpers.site, site.file != consts.currentFile || !site.range.contains(s.range.lowerBound) {
            s.range = site.range
            s.swift = site.swift
        }
        return s
    }

    private static func read(_ e0: ExprSyntax, _ consts: inout ConstantTable) throws(Dynamic) -> SwiftShape? {
        // A helper's parameter (Helpers.swift): the shape the call passes, read where the call is.
        if let d = e0.as(DeclReferenceExprSyntax.self), let arg = consts.arguments[d.baseName.text] {
            let saved = consts.toCaller()  // (the argument is the caller's expression)
            defer { consts.back(saved) }
            return try shape(arg, &consts)
        }
        var e = e0
        // `RoundedRectangle(cornerRadius: 8).fill(.white)`: the outline is the shape's.
        while let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = m.base, outlineKeepingShapeModifiers.contains(m.declName.baseName.text) {
            e = base
        }
        let range = e.trimmedRange
        let swift = ConstantTable.short(e.trimmedDescription)
        func make(_ k: SwiftShape.Kind) -> SwiftShape { SwiftShape(kind: k, range: range, swift: swift) }
        // `.rect`, `.capsule`, `Circle()` without a call, as a shape-style member.
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            switch m.declName.baseName.text {
            case "rect", "rectangle": return make(.rectangle)
            case "capsule": return make(.capsule)
            case "circle": return make(.circle)
            case "containerRelative": return make(.relative)
            default: return nil
            }
        }
        guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        let args = Array(call.arguments)
        var shape: SwiftShape
        switch callee {
        case "RoundedRectangle", ".rect", "Rectangle.rect", ".rounded":
            shape = make(try roundedRectangle(callee, args, &consts, swift: swift, range: range))
        case "UnevenRoundedRectangle":
            if let radii = arg(args, "cornerRadii") { shape = make(.uneven(try uneven(radii, &consts))) } else { shape = make(.uneven(try corners(args, &consts))) }
        case "Capsule", ".capsule": shape = make(.capsule)
        case "Circle", ".circle": shape = make(.circle)
        case "Rectangle": shape = make(.rectangle)
        case "ContainerRelativeShape", ".containerRelative": shape = make(.relative)
        case "AnyShape":
            // The type-erased shape is the shape it wraps.
            guard args.count == 1, args[0].label == nil, var s = try ShapeRead.shape(args[0].expression, &consts) else { return nil }
            s.range = range
            s.swift = swift
            return s
        case "ConcentricRectangle", ".concentric":
            let (text, nums) = try concentric(args, &consts, swift: swift, range: range)
            shape = make(.concentric(text, nums))
        default:
            return try shapeFunction(callee, args, &consts, swift: swift, range: range)
        }
        if let style = arg(args, "style")?.trimmedDescription, style.hasSuffix("circular") { shape.circular = true }
        return shape
    }

    /// The argument labelled `label`.
    static func arg(_ args: [LabeledExprSyntax], _ label: String) -> ExprSyntax? {
        args.first { $0.label?.text == label }?.expression
    }

    /// A radius: a number the reader can work out, not negative.
    static func radius(_ x: ExprSyntax, _ consts: inout ConstantTable) throws(Dynamic) -> Num {
        let n = try consts.number(x)
        guard n.value >= 0 else { throw Dynamic(reason: "a negative radius", range: n.range) }
        return n
    }

    /// `RoundedRectangle(cornerRadius:)`, `(cornerSize:)`, `.rect(cornerRadii:)`, `.rect(topLeadingRadius:…)`,
    /// `.rect(corners:…)` (concentric corners) and the bare `.rect()`.
    static func roundedRectangle(_ callee: String, _ args: [LabeledExprSyntax], _ consts: inout ConstantTable,
                                 swift: String, range: Range<Int>) throws(Dynamic) -> SwiftShape.Kind {
        let labels = args.map { $0.label?.text ?? "" }
        if let r = arg(args, "cornerRadius") { return .rect(try radius(r, &consts)) }
        if let size = arg(args, "cornerSize") {
            guard let c = size.as(FunctionCallExprSyntax.self),
                  let w = c.arguments.first(where: { $0.label?.text == "width" })?.expression,
                  let h = c.arguments.first(where: { $0.label?.text == "height" })?.expression else {
                throw Dynamic(reason: "`\(swift)`: a corner size the reader does not take", range: range)
            }
            let nw = try radius(w, &consts), nh = try radius(h, &consts)
            guard nw.value == nh.value else { throw Dynamic(reason: "`\(swift)`: elliptical corners", range: range) }
            return .rect(nw)
        }
        if let radii = arg(args, "cornerRadii") { return .uneven(try uneven(radii, &consts)) }
        if callee == ".rect", labels.contains(where: { $0.hasSuffix("Radius") }) { return .uneven(try corners(args, &consts)) }
        if callee == ".rect", labels.contains(where: { $0 == "corners" || $0.hasSuffix("Corner") || $0.hasSuffix("Corners") }) {
            let (text, nums) = try concentric(args, &consts, swift: swift, range: range)
            return .concentric(text, nums)
        }
        if callee == ".rect", args.isEmpty { return .rectangle }
        throw Dynamic(reason: "`\(swift)`: arguments the reader does not take", range: range)
    }

    /// A function of this file that builds a shape from its parameters, called with arguments.
    static func shapeFunction(_ callee: String, _ args: [LabeledExprSyntax], _ consts: inout ConstantTable,
                              swift: String, range: Range<Int>) throws(Dynamic) -> SwiftShape? {
        guard let (f, binding) = consts.shapeFunction(callee, args), consts.enter(f, binding, site: range, swift: swift) else { return nil }
        defer { consts.leave() }
        guard var s = try ShapeRead.shape(f.body, &consts) else { return nil }
        s.range = range
        s.swift = swift
        s.swiftIsShape = f.returnsShape
        return s
    }

    /// `RectangleCornerRadii(topLeading:bottomLeading:bottomTrailing:topTrailing:)` or `.init(…)`:
    /// the scene's order, clockwise from top leading (tl, tr, br, bl).
    static func uneven(_ e: ExprSyntax, _ consts: inout ConstantTable) throws(Dynamic) -> [Num] {
        guard let c = e.as(FunctionCallExprSyntax.self) else {
            throw Dynamic(reason: "`\(ConstantTable.short(e.trimmedDescription))`: corner radii decided at run time", range: e.trimmedRange)
        }
        return try corners(Array(c.arguments), &consts, suffix: "")
    }

    static func corners(_ args: [LabeledExprSyntax], _ consts: inout ConstantTable, suffix: String = "Radius") throws(Dynamic) -> [Num] {
        var out: [Num] = []
        for corner in ["topLeading", "topTrailing", "bottomTrailing", "bottomLeading"] {
            if let a = args.first(where: { $0.label?.text == corner + suffix }) {
                let n = try consts.number(a.expression)
                guard n.value >= 0 else { throw Dynamic(reason: "a negative radius", range: n.range) }
                out.append(n)
            } else {
                out.append(Num(scene: "0", swift: "0", range: 0..<0, value: 0, named: false))
            }
        }
        return out
    }

    /// `ConcentricRectangle(…)`'s arguments as the scene's `concentric …`, with where each
    /// number is written in that text.
    static func concentric(_ args: [LabeledExprSyntax], _ consts: inout ConstantTable, swift: String, range: Range<Int>) throws(Dynamic) -> (String, [NumAt]) {
        /// A style's text and its numbers (offsets in that text).
        func style(_ e: ExprSyntax) throws(Dynamic) -> (String, [NumAt]) {
            if let m = e.as(MemberAccessExprSyntax.self), m.base == nil, m.declName.baseName.text == "concentric" { return ("concentric", []) }
            if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil {
                let inner = Array(c.arguments)
                switch m.declName.baseName.text {
                case "concentric":
                    if let mn = inner.first(where: { $0.label?.text == "minimum" }) {
                        // The minimum is an `Edge.Corner.Style`: a number is `.fixed(number)`, and the
                        // export writes it so (`.concentric(minimum: .fixed(Tokens.inner))`).
                        var e = mn.expression
                        if let f = e.as(FunctionCallExprSyntax.self), let fm = f.calledExpression.as(MemberAccessExprSyntax.self),
                           fm.base == nil, fm.declName.baseName.text == "fixed", f.arguments.count == 1, let x = f.arguments.first {
                            e = x.expression
                        }
                        let n = try consts.number(e)
                        return ("concentric min " + n.scene, [NumAt(offset: "concentric min ".utf8.count, num: n)])
                    }
                    return ("concentric", [])
                case "fixed":
                    if let r = inner.first {
                        let n = try consts.number(r.expression)
                        return ("fixed " + n.scene, [NumAt(offset: "fixed ".utf8.count, num: n)])
                    }
                default: break
                }
            }
            throw Dynamic(reason: "`\(swift)`: a corner style the reader does not take", range: range)
        }
        var base = ("concentric", [NumAt]())
        var clauses: [(String, [NumAt])] = []
        var uniform = false
        for a in args {
            let label = a.label?.text ?? ""
            switch label {
            case "corners":
                let s = try style(a.expression)
                if s.0.hasPrefix("fixed") { clauses.append(("all: " + s.0, s.1.map { NumAt(offset: $0.offset + 5, num: $0.num) })) } else { base = s }
            case "isUniform":
                uniform = consts.bound(a.expression).0.trimmedDescription == "true"
            case "topLeadingCorner", "topTrailingCorner", "bottomLeadingCorner", "bottomTrailingCorner":
                let head = String(label.dropLast("Corner".count)) + ": "
                let s = try style(a.expression)
                clauses.append((head + s.0, s.1.map { NumAt(offset: $0.offset + head.utf8.count, num: $0.num) }))
            case "uniformTopCorners", "uniformBottomCorners", "uniformLeadingCorners", "uniformTrailingCorners":
                let set = String(label.dropFirst("uniform".count).dropLast("Corners".count))
                let head = set.prefix(1).lowercased() + set.dropFirst() + ": "
                let s = try style(a.expression)
                clauses.append((head + s.0 + " uniform", s.1.map { NumAt(offset: $0.offset + head.utf8.count, num: $0.num) }))
            default:
                throw Dynamic(reason: "`\(swift)`: an argument the reader does not take (`\(label)`)", range: range)
            }
        }
        var text = base.0
        var nums = base.1
        if uniform { text += " uniform" }
        if !clauses.isEmpty {
            text += text == "concentric" ? "(" : " ("
            for (k, c) in clauses.enumerated() {
                if k > 0 { text += ", " }
                nums += c.1.map { NumAt(offset: $0.offset + text.utf8.count, num: $0.num) }
                text += c.0
            }
            text += ")"
        }
        return (text, nums)
    }
}

import SceneLang

/// Swift source text for the pieces of a scene: names, numbers, expressions as
/// written, colours and shapes. Pure functions of their input (no state).
enum SwiftSource {
    /// Swift's reserved words: a binding or label with one of these names is written in backticks.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// A scene name as a Swift identifier: backticks around a reserved word; `Type` and
    /// `Protocol` mean the metatype after a dot even in backticks, so they get a `_`.
    /// A name that is a type the file uses (`Color`, `CGFloat`) or one of the enum's helpers
    /// (`rect`, `nested`) would shadow it inside the enum, so it gets a `_` too.
    static func identifier(_ name: String) -> String {
        if name == "Type" || name == "Protocol" || SwiftNames.types.contains(name) || name == "rect" || name == "nested" {
            return name + "_"
        }
        return reserved.contains(name) ? "`\(name)`" : name
    }

    /// A number as a Swift literal, exact: `28`, `47.33`, `0.5` (never `.5`).
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// Binding strength of an expression's top operator (higher binds tighter).
    static func precedence(_ e: Expr) -> Int {
        switch e {
        case .chain(_, let ops, _): return ops.first == .add || ops.first == .sub ? 1 : 2
        case .negate: return 3
        default: return 4
        }
    }

    /// An expression as written, with `prefix` before each name (`Corners.` outside the enum).
    /// Parentheses are kept where the grouping needs them (an operand of equal strength after
    /// the first too, so `a - (b - c)` stays as written). A chain is printed in a loop.
    static func expr(_ e: Expr, prefix: String) -> String {
        switch e {
        case .number(let v, _): return number(v)
        case .name(let n, _): return prefix + identifier(n)
        case .negate(let x, _):
            let inner = expr(x, prefix: prefix)
            return precedence(x) < 3 || inner.hasPrefix("-") ? "-(\(inner))" : "-" + inner
        case .chain(let operands, let ops, _):
            let p = precedence(e)
            var out = ""
            for (n, operand) in operands.enumerated() {
                var text = expr(operand, prefix: prefix)
                let q = precedence(operand)
                if q < p || (n > 0 && q == p) { text = "(\(text))" }
                out += n == 0 ? text : " \(ops[n - 1].rawValue) " + text
            }
            return out
        case .call(let f, let args, _):
            return f.rawValue + "(" + args.map { expr($0, prefix: prefix) }.joined(separator: ", ") + ")"
        case .invalid: return "0"
        }
    }

    /// `.red` for a named colour, else `Color(red:green:blue:opacity:)` in exact 255ths.
    static func color(_ c: Color) -> String {
        if let name = c.name { return "." + name }
        func part(_ v: UInt8) -> String { v == 0 ? "0" : v == 255 ? "1" : "0x\(hex(v)) / 255" }
        var s = "Color(red: \(part(c.r)), green: \(part(c.g)), blue: \(part(c.b))"
        if c.a != 255 { s += ", opacity: \(part(c.a))" }
        return s + ")"
    }

    static func hex(_ v: UInt8) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    /// A file or label name as an UpperCamelCase type name: `flared-corner-fixed` → `FlaredCornerFixed`.
    static func typeName(from base: String) -> String {
        var out = "", upper = true
        for ch in base {
            if ch.isLetter || ch.isNumber {
                out += upper ? ch.uppercased() : String(ch)
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty { return "Scene" }
        if let f = out.first, f.isNumber { out = "Scene" + out }
        return reserved.contains(out) ? out + "Scene" : out
    }

    /// Whether `name` can be a Swift type name as given (`--name`).
    static func isTypeName(_ name: String) -> Bool {
        guard let f = name.first, f.isLetter || f == "_", !reserved.contains(name) else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Alignment names in SwiftUI (`Alignment`, `HorizontalAlignment`, `VerticalAlignment`).
    static func alignment(_ a: Alignment) -> String { "." + a.rawValue }
    static func horizontal(_ fx: Double) -> String { fx == 0 ? ".leading" : fx == 1 ? ".trailing" : ".center" }
    static func vertical(_ fy: Double) -> String { fy == 0 ? ".top" : fy == 1 ? ".bottom" : ".center" }

    /// `.padding(…)` for a node's `pad` items, as written where the edges allow:
    /// one value, horizontal/vertical, or per edge.
    static func padding(_ edges: [(Edge, Expr)], prefix: String) -> [String] {
        // The last value written for each edge wins (as the evaluator reads them).
        var top: Expr?, leading: Expr?, bottom: Expr?, trailing: Expr?
        for (edge, e) in edges {
            let s = edge.sides
            if s.top { top = e }
            if s.leading { leading = e }
            if s.bottom { bottom = e }
            if s.trailing { trailing = e }
        }
        let t = top.map { expr($0, prefix: prefix) }, l = leading.map { expr($0, prefix: prefix) }
        let b = bottom.map { expr($0, prefix: prefix) }, r = trailing.map { expr($0, prefix: prefix) }
        if let t, t == l, t == b, t == r { return [".padding(\(t))"] }
        var out: [String] = []
        if let l, l == r { out.append(".padding(.horizontal, \(l))") } else {
            if let l { out.append(".padding(.leading, \(l))") }
            if let r { out.append(".padding(.trailing, \(r))") }
        }
        if let t, t == b { out.append(".padding(.vertical, \(t))") } else {
            if let t { out.append(".padding(.top, \(t))") }
            if let b { out.append(".padding(.bottom, \(b))") }
        }
        if out.count > 2 {
            return [".padding(EdgeInsets(top: \(t ?? "0"), leading: \(l ?? "0"), bottom: \(b ?? "0"), trailing: \(r ?? "0")))"]
        }
        return out
    }
}

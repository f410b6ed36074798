import SceneLang

/// The arithmetic behind a number, said one way wherever it is shown: the checker's
/// findings, the REPL's `:show` and edit lines, the watch page's panel and the editor's
/// hover all call these (so `34 − 12 = 22` reads the same in each).
extension Format {
    /// A concentric radius, R − d: `34 − 12 = 22`, or `18 − 52 → 0 (clamped)` when d is
    /// the larger (a radius is never negative). `distance` is d as written when it is more
    /// than a number (`max(12, 140)`, the larger of dx and dy).
    public static func concentric(_ R: Double, minus d: Double, written distance: String? = nil) -> String {
        var p = Prose()
        p.concentric(R, minus: d, written: distance)  // (`WordSink.concentric`: said the same into any sink)
        return p.string
    }

    /// A number with a real minus sign, as in the sums around it (`−106`).
    public static func signed(_ v: Double) -> String {
        var p = Prose()
        p.signed(v)
        return p.string
    }

    /// An expression with each name's value put in, and what it comes to: for
    /// `map - inset` with map 34 and inset 12, (`34 − 12`, 22). Nil when a name has
    /// no value or the expression does not evaluate (a division by zero).
    public static func arithmetic(_ e: Expr, values: [String: Double]) -> (sum: String, value: Double)? {
        guard let v = ExprValue.eval(e, values), let sum = substituted(e, values) else { return nil }
        return (sum, v)
    }

    static func symbol(_ op: Expr.BinaryOp) -> String {
        switch op {
        case .add: "+"
        case .sub: "−"
        case .mul: "×"
        case .div: "÷"
        }
    }

    static func substituted(_ e: Expr, _ values: [String: Double]) -> String? {
        switch e {
        case .number(let v, _): return signed(v)
        case .name(let n, _): return values[n].map { $0 < 0 ? "(\(signed($0)))" : signed($0) }
        case .negate(let x, _):
            guard let s = substituted(x, values) else { return nil }
            if case .chain = x { return "−(\(s))" }
            return "−" + s
        case .chain(let operands, let ops, _):
            var out = ""
            for (k, x) in operands.enumerated() {
                guard var s = substituted(x, values) else { return nil }
                // A chain inside a chain came from parentheses, unless it binds tighter
                // (`a + b * c`): then none are needed.
                if case .chain(_, let inner, _) = x, !(inner.allSatisfy { $0 == .mul || $0 == .div }
                                                        && ops.allSatisfy { $0 == .add || $0 == .sub }) {
                    s = "(\(s))"
                }
                out += k == 0 ? s : " \(symbol(ops[k - 1])) " + s
            }
            return out
        case .call(let f, let args, _):
            var parts: [String] = []
            for a in args {
                guard let s = substituted(a, values) else { return nil }
                parts.append(s)
            }
            return "\(f.rawValue)(\(parts.joined(separator: ", ")))"
        case .invalid: return nil
        }
    }
}

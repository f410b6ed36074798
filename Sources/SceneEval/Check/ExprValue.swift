// Expressions worked out against the scene's bindings, for the checker's helps and fixes
// (which name a `let` to change, and solve for its new value).
import SceneLang

/// A pure evaluation of an expression against the scene's bindings.
enum ExprValue {
    /// A literal's value, which needs no bindings (nil for anything else).
    @inline(__always) static func constant(_ e: Expr) -> Double? {
        if case .number(let v, _) = e { return v }
        return nil
    }

    /// `name` set to `value`, when given, instead of what `env` holds (no copy of `env`).
    static func eval(_ e: Expr, _ env: [String: Double], setting name: String? = nil, to value: Double = 0) -> Double? {
        switch e {
        case .number: return constant(e)
        case .name(let n, _): return n == name ? value : env[n]
        case .negate(let x, _): return eval(x, env, setting: name, to: value).map { -$0 }
        case .chain(let operands, let ops, _):
            guard var x = eval(operands[0], env, setting: name, to: value) else { return nil }
            for (op, b) in zip(ops, operands.dropFirst()) {
                guard let y = eval(b, env, setting: name, to: value), op != .div || y != 0 else { return nil }
                x = op.apply(x, y)
            }
            return x
        case .call(let f, let args, _):
            let vs = args.compactMap { eval($0, env, setting: name, to: value) }
            guard vs.count == args.count else { return nil }
            return f == .min ? vs.min() : vs.max()
        case .invalid: return nil
        }
    }

    static func names(_ e: Expr) -> [String] {
        var out: [String] = []
        names(e, into: &out)
        return out
    }

    /// Appends in place: a long chain is one pass, not a concatenation per operand.
    static func names(_ e: Expr, into out: inout [String]) {
        switch e {
        case .name(let n, _): out.append(n)
        case .negate(let x, _): names(x, into: &out)
        case .chain(let xs, _, _): for x in xs { names(x, into: &out) }
        case .call(_, let args, _): for x in args { names(x, into: &out) }
        default: break
        }
    }

    /// The value `name` needs so that `e` comes out as `target`, when `e`
    /// changes linearly with it near its current value.
    static func solve(_ e: Expr, for name: String, target: Double, _ env: [String: Double]) -> Double? {
        guard let v0 = env[name], let y0 = eval(e, env) else { return nil }
        guard let y1 = eval(e, env, setting: name, to: v0 + 1) else { return nil }
        let slope = y1 - y0
        guard abs(slope) > 1e-9 else { return nil }
        let v = v0 + (target - y0) / slope
        guard let check = eval(e, env, setting: name, to: v), abs(check - target) < 1e-6 else { return nil }
        return v
    }
}

/// A corner whose fixed radius is off the concentric one (flared or pinched).

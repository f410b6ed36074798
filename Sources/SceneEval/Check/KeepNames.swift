// A fix never writes a number over a name. When a radius written with names
// (`p * 2`, `r + 4`, `r`) must come out as another value and no `let` can be
// set to do it (setting it would move the content too, break another node, or
// the name is computed from others), the expression is kept and adjusted by
// what it lacks: a trailing number is changed (`r + 4` → `r + 12`, `r - 4` →
// `r + 8`), else the difference is added (`p * 2` → `p * 2 + 4`). What the
// result comes out as is computed from its parts, as written: an adjustment
// that does not come out exactly (within a thousandth, on the safe side) is
// not offered. (No parse: a grid of findings builds one each.)
import SceneLang

extension Context {
    /// A number as the fix writes it, rounded up to the thousandth (the
    /// precision `Format.number` writes) so that the result is never below.
    func up(_ v: Double) -> String { n((v * 1000 - 1e-6).rounded(.up) / 1000) }
    /// What is subtracted, rounded down for the same reason.
    func down(_ v: Double) -> String { n((v * 1000 + 1e-6).rounded(.down) / 1000) }

    /// `e`'s text changed so that it evaluates to `target` under `env`
    /// (the file's, unless given), rounded up to the thousandth (`below`:
    /// down, for a radius that must not exceed a limit); nil when no such
    /// text comes out exact.
    func adjusted(_ e: Expr, to target: Double, env: [String: Double]? = nil, below: Bool = false) -> String? {
        let env = env ?? self.env
        guard let now = ExprValue.eval(e, env) else { return nil }
        let delta = target - now
        // What is added rounds the way the result must; what is subtracted, the other way.
        func plus(_ v: Double) -> String { below ? down(v) : up(v) }
        func minus(_ v: Double) -> String { below ? up(v) : down(v) }
        // `base` plus or minus a number, and what that comes out as (`+` and
        // `-` bind loosest and left to right, so appending one adds to the whole).
        func term(_ base: String, _ baseValue: Double, _ c: Double) -> (String, Double?) {
            if abs(c) < 1e-9 { return (base, baseValue) }
            let written = c > 0 ? plus(c) : minus(-c)
            return (base + (c > 0 ? " + " : " - ") + written, Double(written).map { baseValue + (c > 0 ? $0 : -$0) })
        }
        var (out, v): (String, Double?)
        if case .number = e {
            // A number is written over.
            (out, v) = (plus(target), Double(plus(target)))
        } else if case .chain(let operands, let ops, _) = e, ops.last == .add || ops.last == .sub,
                  case .number(let last, let r) = operands[operands.count - 1],
                  let head = Self.dropOperator(text(SourceRange(e.range.start, r.start))),
                  case let tail = text(SourceRange(r.end, e.range.end)), tail.allSatisfy({ $0 == ")" || $0 == " " }) {
            // A trailing number is changed: `r + 4` → `r + 12`, `(r + 4)` → `(r + 12)`.
            let signed = ops.last == .add ? last : -last
            (out, v) = term(head, now - signed, signed + delta)
            out += tail
        } else {
            (out, v) = term(text(e.range), now, delta)
        }
        // (Parentheses as written: the number changed sits inside them.)
        guard out.filter({ $0 == "(" }).count == out.filter({ $0 == ")" }).count else { return nil }
        guard let v, below ? v <= target + 1e-9 && v >= target - 1e-3 - 1e-9
                           : v >= target - 1e-9 && v <= target + 1e-3 + 1e-9 else { return nil }
        return out
    }

    /// Expression `text`, read as the file would read it, evaluated under `env` (the file's unless given).
    func value(of text: String, _ env: [String: Double]? = nil) -> Double? {
        let parsed = Parser.parse(SourceFile(name: file.name, text: "let x_ = \(text)\n"))
        guard !parsed.diagnostics.hasErrors, parsed.scene.statements.count == 1,
              case .binding(_, let e, _) = parsed.scene.statements[0] else { return nil }
        return ExprValue.eval(e, env ?? self.env)
    }

    /// An expression as written after `concentric min`, where an opening
    /// parenthesis would read as the function `min(…)` (`ambiguous-min`):
    /// `(b - 2) * 2` → `0 + (b - 2) * 2`.
    func minimumText(_ s: String) -> String { s.hasPrefix("(") ? "0 + " + s : s }

    /// Whether node `i`'s item at `range` is written with a name.
    func hasNames(_ i: Int, at range: SourceRange) -> Bool {
        var names: [String] = []
        for it in nodes.items(i) where it.range == range { ExprValue.names(it.value, into: &names) }
        return !names.isEmpty
    }

    /// `a * 2 + ` → `a * 2`: the text before a chain's last operand, without
    /// its operator; nil unless that is all that follows it.
    static func dropOperator(_ s: String) -> String? {
        var t = Substring(s)
        while t.last == " " || t.last == "\t" { t.removeLast() }
        guard t.last == "+" || t.last == "-" else { return nil }
        t.removeLast()
        while t.last == " " || t.last == "\t" { t.removeLast() }
        return t.isEmpty ? nil : String(t)
    }

    /// The radius of node `i`'s drawn `rect` (one radius).
    func drawnRect(_ i: Int) -> Expr? {
        for it in nodes.items(i) {
            if case .shape(.radii(.rect, let es)) = it.value, es.count == 1 { return es[0] }
        }
        if case .radii(.rect, let es)? = drawnLayer(i)?.shape, es.count == 1 { return es[0] }
        return nil
    }

    /// The `rect` radius node `j` draws, when it draws the radius it declares
    /// (within the tolerance): raising the declared one raises it alike.
    func drawnAlike(_ j: Int) -> Expr? {
        guard let cr = scene.shapes[j].containerRadii, cr.isUniform else { return nil }
        for it in nodes.items(j) {
            guard case .shape(.radii(.rect, let es)) = it.value, es.count == 1 else { continue }
            guard let v = ExprValue.eval(es[0], env), abs(v - cr.topLeading) <= Checker.tolerance else { return nil }
            return es[0]
        }
        // (Its drawn glass shape or background, grammar rule 2.)
        guard case .radii(.rect, let es)? = drawnLayer(j)?.shape, es.count == 1,
              let v = ExprValue.eval(es[0], env), abs(v - cr.topLeading) <= Checker.tolerance else { return nil }
        return es[0]
    }

    /// Container `j`'s declared radius (the expression at `r`), and a drawn one
    /// alike, raised to `needed`, keeping their names: the help and the edits.
    /// No edit when an adjustment would not come out exact: the help says what
    /// value is needed where.
    func keptRaise(_ j: Int, at r: SourceRange, to needed: Double) -> (String, [TextEdit]) {
        let who = "`\(scene.shapes[j].id)`"
        guard let e = declaredExpr(j, at: r), let declared = adjusted(e, to: needed) else {
            let at = file.location(of: r.start)
            return ("raise \(who)'s radius `\(text(r))` to \(n(needed)), not lower the minimum: no edit keeps its names exactly, "
                    + "so none is made: write a radius of \(n(needed)) at \(at.line):\(at.column) by hand", [])
        }
        var edits = [TextEdit(e.range, declared)]
        var written = "container rect \(declared)"
        if let d = drawnAlike(j) {
            guard let t = text(d.range) == text(e.range) ? declared : adjusted(d, to: needed) else {
                return ("raise \(who)'s radius to \(n(needed)) (`\(written)`), and the radius it draws, `\(text(d.range))`, alike by hand, not lower the minimum", [])
            }
            edits.insert(TextEdit(d.range, t), at: 0)
            written = (drawnLayer(j).map { "\($0.word) " } ?? "") + "rect \(t) " + written
        }
        let names = listNames([e] + (drawnAlike(j).map { [$0] } ?? []))
        guard !names.isEmpty else { return ("raise \(who)'s radius to \(n(needed)) (`\(written)`), not lower the minimum", edits) }
        return ("raise \(who)'s radius `\(text(e.range))` to \(n(needed)) (`\(written)`, keeping \(names)), not lower the minimum", edits)
    }

    /// The names `es` use, each once, as the help lists them: `` `a`, `b` ``.
    func listNames(_ es: [Expr]) -> String {
        var seen = Set<String>()
        return es.flatMap(ExprValue.names).filter { seen.insert($0).inserted }.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Fixed shape `i`, drawn `rect E` with `E` written with names, as `uneven(…)` of the
    /// concentric radii corner by corner, each corner it keeps written `E` as before: a
    /// thumbnail's token stays on the corners far from the card's (`uneven(8, thumbR,
    /// thumbR, 8)`), and its `let` stays used.
    func unevenKeepingNames(_ i: Int, _ e: Expr, _ concentric: Radii) -> String {
        let written = text(e.range), drawn = scene.shapes[i].radii
        let args = zip(concentric.values, drawn.values).map { c, d in abs(c - d) <= Checker.tolerance ? written : n(c) }
        return "uneven(" + args.joined(separator: ", ") + ")"
    }
}

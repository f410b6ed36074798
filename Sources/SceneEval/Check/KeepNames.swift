// A fix never writes a number over a name. When a radius written with names
// (`p * 2`, `r + 4`, `r`) must come out as another value and no `let` can be
// set to do it (setting it would move the content too, break another node, or
// the name is computed from others), the expression is kept and adjusted by
// what it lacks: a trailing number is changed (`r + 4` → `r + 12`, `r - 4` →
// `r + 8`), else the difference is added (`p * 2` → `p * 2 + 4`). The result
// is read back and evaluated: an adjustment that does not come out exactly
// (within a thousandth, never below) is not offered.
import SceneLang

extension Context {
    /// A number as the fix writes it, rounded up to the thousandth (the
    /// precision `Format.number` writes) so that the result is never below.
    func up(_ v: Double) -> String { n((v * 1000 - 1e-6).rounded(.up) / 1000) }
    /// What is subtracted, rounded down for the same reason.
    func down(_ v: Double) -> String { n((v * 1000 + 1e-6).rounded(.down) / 1000) }

    /// `e`'s text changed so that it evaluates to `target` under `env`
    /// (the file's, unless given); nil when no such text comes out exact.
    func adjusted(_ e: Expr, to target: Double, env: [String: Double]? = nil) -> String? {
        let env = env ?? self.env
        guard let now = ExprValue.eval(e, env) else { return nil }
        let delta = target - now
        // A number is written over (exact: `up` never rounds below).
        if case .number = e { return up(target) }
        var out = text(e.range) + (abs(delta) < 1e-9 ? "" : delta > 0 ? " + " + up(delta) : " - " + down(-delta))
        if case .chain(let operands, let ops, _) = e, ops.last == .add || ops.last == .sub,
           case .number(let v, let r) = operands[operands.count - 1],
           let head = Self.dropOperator(text(SourceRange(e.range.start, r.start))) {
            let c = (ops.last == .add ? v : -v) + delta
            out = abs(c) < 1e-9 ? head : head + (c > 0 ? " + " + up(c) : " - " + down(-c))
        }
        guard exact(out, target, env) else { return nil }
        return out
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

    /// Whether `text`, read as the file would read it, comes out as `target`
    /// (never below, at most a thousandth above) under `env`.
    func exact(_ text: String, _ target: Double, _ env: [String: Double]) -> Bool {
        let parsed = Parser.parse(SourceFile(name: file.name, text: "let x_ = \(text)\n"))
        guard !parsed.diagnostics.hasErrors, parsed.scene.statements.count == 1,
              case .binding(_, let e, _) = parsed.scene.statements[0], let v = ExprValue.eval(e, env) else { return false }
        return v >= target - 1e-9 && v <= target + 1e-3 + 1e-9
    }

    /// The `rect` radius node `j` draws, when it draws the radius it declares
    /// (within the tolerance): raising the declared one raises it alike.
    func drawnAlike(_ j: Int) -> Expr? {
        guard let cr = scene.shapes[j].containerRadii, cr.isUniform else { return nil }
        for it in nodes[j].items {
            guard case .shape(.radii(.rect, let es)) = it.value, es.count == 1 else { continue }
            guard let v = ExprValue.eval(es[0], env), abs(v - cr.topLeading) <= Checker.tolerance else { return nil }
            return es[0]
        }
        return nil
    }

    /// Container `j`'s declared radius (the expression at `r`), and a drawn one
    /// alike, raised to `needed`, keeping their names: the help and the edits.
    /// No edit when an adjustment would not come out exact: the help says what
    /// value is needed where.
    func keptRaise(_ j: Int, at r: SourceRange, to needed: Double) -> (String, [TextEdit]) {
        let who = "`\(scene.shapes[j].id)`"
        guard let e = declaredRadius(j, at: r), let declared = adjusted(e, to: needed) else {
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
            written = "rect \(t) " + written
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
}

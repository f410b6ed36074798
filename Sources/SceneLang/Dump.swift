/// Text dumps of tokens and syntax trees, with `@line:col` positions: used by
/// `scene tokens`, `scene ast`, the REPL's `:tokens` / `:ast`, and the tests.
public enum Dump {
    public static func tokens(_ tokens: [Token], in file: SourceFile) -> String {
        var o = ""
        // Positions in one pass: a 1 MB line is read once, not once per token.
        var locator = Locator(file: file)
        for t in tokens {
            let loc = locator.location(of: t.range.start)
            // The class names of grammar.md's token table.
            let kind: String
            switch t.kind {
            case .identifier: kind = t.keyword != nil ? "keyword" : "name"
            case .color: kind = "colour"
            case .plus, .minus, .star, .slash, .lparen, .rparen, .comma, .colon, .equals, .less, .greater, .semicolon:
                kind = "punctuation \(t.kind.rawValue)"
            default: kind = t.kind.rawValue
            }
            var line = "\(loc.line):\(loc.column) \(kind)"
            switch t.kind {
            case .number: line += " \(Token.format(t.number))"
            case .identifier, .color, .invalid: line += " \(file.text(t.range.start..<t.range.end).debugDescription)"
            default: break
            }
            o += line + "\n"
        }
        return o
    }

    public static func scene(_ s: Scene, in file: SourceFile) -> String {
        var o = ""
        for st in s.statements { statement(st, file, &o) }
        return o
    }

    public static func statement(_ st: Statement, _ file: SourceFile, _ o: inout String) {
        switch st {
        case .binding(let n, let e, let r):
            o += "let \(n.name) = \(expr(e)) @\(file.location(of: r.start))\n"
        case .screen(let spec, let r):
            switch spec {
            case .preset(let n, let size, let radius):
                o += "screen \(n.name)"
                if let (w, h) = size { o += " size \(expr(w)) x \(expr(h))" }
                if let radius { o += " radius \(expr(radius))" }
            case .custom(let w, let h, let radius):
                o += "screen \(expr(w)) x \(expr(h))"
                if let radius { o += " radius \(expr(radius))" }
            }
            o += " @\(file.location(of: r.start))\n"
        case .target(let t, let r): o += "target \(t.value.rawValue) @\(file.location(of: r.start))\n"
        case .margin(let e, let r): o += "margin \(expr(e)) @\(file.location(of: r.start))\n"
        case .node(let n): node(n, 0, file, &o)
        }
    }

    public static func node(_ n: Node, _ depth: Int, _ file: SourceFile, _ o: inout String) {
        // Iterative, so a deep tree cannot exhaust the stack here either.
        var stack: [(Node, Int)] = [(n, depth)]
        while let (n, d) = stack.popLast() {
            let ind = String(repeating: "  ", count: d)
            o += ind + "node" + (n.label.map { " \($0.name):" } ?? "") + " @\(file.location(of: n.range.start))\n"
            for it in n.items {
                o += ind + "  " + item(it.value) + " @\(file.location(of: it.range.start))\n"
            }
            for c in n.children.reversed() { stack.append((c, d + 1)) }
        }
    }

    public static func item(_ i: Item) -> String {
        switch i {
        case .shape(let s): return shape(s)
        case .container(let s): return "container " + shape(s)
        case .size(let w, let h): return "size \(expr(w)) x \(expr(h))"
        case .width(let e): return "width \(expr(e))"
        case .height(let e): return "height \(expr(e))"
        case .pad(let edges): return "pad " + edges.map { ($0.0 == .all ? "" : "\($0.0.rawValue) ") + expr($0.1) }.joined(separator: " ")
        case .align(let a): return "align \(a.rawValue)"
        case .stack(let a, let s): return a.rawValue + (s.map { " spacing \(expr($0))" } ?? "")
        case .fill(let c): return "fill \(c.written)"
        case .style(let s): return "style \(s.rawValue)"
        case .glass(let s): return "glass" + (s.map { " " + shape($0) } ?? "")
        case .clip(let s): return "clip " + shape(s)
        case .background(let s): return "background " + shape(s)
        case .hit(let s): return "hit " + shape(s)
        case .transition(let s): return "transition " + shape(s)
        case .role(let r): return "role \(r.rawValue)"
        case .spacer(let m): return "spacer" + (m.map { " min \(expr($0))" } ?? "")
        case .offset(let x, let y): return "offset \(expr(x)) \(expr(y))"
        }
    }

    public static func shape(_ s: ShapeExpr) -> String {
        switch s {
        case .plain(let k): return k.rawValue
        case .radii(let k, let es):
            return k.arguments == .radius && es.count == 1 ? "\(k.rawValue) \(expr(es[0]))"
                : k.rawValue + "(" + es.map(expr).joined(separator: ", ") + ")"
        case .concentric(let base, let uniform, let clauses):
            var o = "concentric"
            if case .concentric(let m?) = base { o += " min \(expr(m))" }
            if uniform { o += " uniform" }
            if !clauses.isEmpty {
                o += "(" + clauses.map { c in
                    let spec: String
                    switch c.spec {
                    case .concentric(let m): spec = "concentric" + (m.map { " min \(expr($0))" } ?? "")
                    case .fixed(let e): spec = "fixed \(expr(e))"
                    }
                    return "\(c.set.rawValue): \(spec)" + (c.uniform ? " uniform" : "")
                }.joined(separator: ", ") + ")"
            }
            return o
        }
    }

    /// Fully parenthesised, so precedence is visible.
    public static func expr(_ e: Expr) -> String {
        var o = ""
        expr(e, into: &o)
        return o
    }

    /// A chain prints as the left-nested tree it stands for, `((a + b) - c)`,
    /// written in one pass (recursion only into parentheses, bounded by the parser).
    static func expr(_ e: Expr, into o: inout String) {
        switch e {
        case .number(let v, _): o += Token.format(v)
        case .name(let n, _): o += n
        case .negate(let x, _): o += "(-"; expr(x, into: &o); o += ")"
        case .chain(let xs, let ops, _):
            o += String(repeating: "(", count: ops.count)
            expr(xs[0], into: &o)
            for (op, x) in zip(ops, xs.dropFirst()) {
                o += " \(op.rawValue) "
                expr(x, into: &o)
                o += ")"
            }
        case .call(let f, let args, _):
            o += "\(f.rawValue)("
            for (i, a) in args.enumerated() {
                if i > 0 { o += ", " }
                expr(a, into: &o)
            }
            o += ")"
        case .invalid: o += "<invalid>"
        }
    }
}

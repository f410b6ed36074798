import SceneLang
import SceneEval

// Moving what an unchanged statement compiled to when the text before it
// grew or shrank: every source range `delta` bytes on. Cheaper than parsing
// and evaluating it again, and exactly what that would give (the parser's
// ranges are byte offsets, nothing else in a statement depends on where it is).

enum Shift {
    static func range(_ r: SourceRange, _ d: Int) -> SourceRange { SourceRange(r.start + d, r.end + d) }

    static func statement(_ s: Statement, _ d: Int) -> Statement {
        switch s {
        case .binding(let n, let e, let r): return .binding(name: identifier(n, d), value: expr(e, d), range: range(r, d))
        case .screen(let spec, let r): return .screen(screen(spec, d), range: range(r, d))
        case .target(let t, let r): return .target(Located(t.value, range(t.range, d)), range: range(r, d))
        case .margin(let e, let r): return .margin(expr(e, d), range: range(r, d))
        case .node(let n): return .node(node(n, d))
        }
    }

    static func identifier(_ i: Identifier, _ d: Int) -> Identifier { Identifier(i.name, range(i.range, d)) }

    static func screen(_ s: ScreenSpec, _ d: Int) -> ScreenSpec {
        switch s {
        case .preset(let n, let size, let radius):
            return .preset(identifier(n, d), size: size.map { (expr($0.0, d), expr($0.1, d)) }, radius: radius.map { expr($0, d) })
        case .custom(let w, let h, let radius):
            return .custom(expr(w, d), expr(h, d), radius: radius.map { expr($0, d) })
        }
    }

    /// Iterative over the tree: depth never touches the call stack. Post-order:
    /// a node is rebuilt once its children are, which wait on one stack of
    /// finished nodes (each node is copied out of its parent once).
    static func node(_ root: Node, _ d: Int) -> Node {
        // A tree's items go into shared chunks, not one each; a node with no
        // children (most statements typed at the prompt) takes a chunk of its size.
        let arena = root.children.isEmpty ? nil : ItemShiftArena()
        let move: (Located<Item>) -> Located<Item> = { Located(item($0.value, d), range($0.range, d)) }
        var stack: [(node: Node, next: Int)] = [(root, 0)]
        var done: [Node] = []
        while !stack.isEmpty {
            let top = stack.count - 1
            let next = stack[top].next
            if next < stack[top].node.children.count {
                stack[top].next += 1
                stack.append((stack[top].node.children[next], 0))
                continue
            }
            var n = stack.removeLast().node
            let k = n.children.count
            if k > 0 {
                n.children = Array(done[(done.count - k)...])
                done.removeLast(k)
            }
            if let l = n.label { n.label = identifier(l, d) }
            n.items = arena.map { n.items.shifted(by: d, into: $0, whole: move) } ?? n.items.shifted(by: d, whole: move)
            if let b = n.block { n.block = range(b, d) }
            n.range = range(n.range, d)
            done.append(n)
        }
        return done[0]
    }

    static func item(_ i: Item, _ d: Int) -> Item {
        switch i {
        case .shape(let s): return .shape(shape(s, d))
        case .container(let s): return .container(shape(s, d))
        case .size(let w, let h): return .size(expr(w, d), expr(h, d))
        case .width(let w): return .width(expr(w, d))
        case .height(let h): return .height(expr(h, d))
        case .pad(let edges): return .pad(edges.map { ($0.0, expr($0.1, d)) })
        case .stack(let axis, let spacing): return .stack(axis, spacing: spacing.map { expr($0, d) })
        case .glass(let s): return .glass(s.map { shape($0, d) })
        case .clip(let s): return .clip(shape(s, d))
        case .background(let s): return .background(shape(s, d))
        case .hit(let s): return .hit(shape(s, d))
        case .transition(let s): return .transition(shape(s, d))
        case .spacer(let m): return .spacer(minimum: m.map { expr($0, d) })
        case .offset(let x, let y): return .offset(expr(x, d), expr(y, d))
        case .align, .fill, .style, .role: return i
        }
    }

    static func shape(_ s: ShapeExpr, _ d: Int) -> ShapeExpr {
        switch s {
        case .plain: return s
        case .radii(let k, let es): return .radii(k, es.map { expr($0, d) })
        case .concentric(let base, let uniform, let clauses):
            return .concentric(base: corner(base, d), uniform: uniform, clauses: clauses.map { c in
                var c = c
                c.spec = corner(c.spec, d)
                c.range = range(c.range, d)
                return c
            })
        }
    }

    static func corner(_ c: CornerSpec, _ d: Int) -> CornerSpec {
        switch c {
        case .concentric(let m): return .concentric(minimum: m.map { expr($0, d) })
        case .fixed(let e): return .fixed(expr(e, d))
        }
    }

    /// Expressions nest only as deep as the parser allows (`Parser.maxExprDepth`).
    static func expr(_ e: Expr, _ d: Int) -> Expr {
        switch e {
        case .number(let v, let r): return .number(v, range(r, d))
        case .name(let n, let r): return .name(n, range(r, d))
        case .negate(let x, let r): return .negate(expr(x, d), range(r, d))
        case .chain(let xs, let ops, let r): return .chain(xs.map { expr($0, d) }, ops, range(r, d))
        case .call(let f, let args, let r): return .call(f, args.map { expr($0, d) }, range(r, d))
        case .invalid(let r): return .invalid(range(r, d))
        }
    }

    /// A resolved shape whose node moved `d` bytes.
    static func shape(_ s: inout ResolvedShape, _ d: Int) { s.shift(by: d) }
}

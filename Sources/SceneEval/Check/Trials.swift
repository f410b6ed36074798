// Trying a candidate binding edit for container-too-tight's help ("set `r` =
// 48"): does the edited file still compile, and is the shape no longer too
// tight in it?
//
// Without compiling the edited file. The edit replaces one `let`'s number, so
// the edited file parses to the same tree with that binding's value changed;
// what can go wrong elsewhere is an expression the value reaches (a binding
// computed from it, a node item using those) turning negative, too large or a
// division by zero, so those, and only those, are evaluated again. A top-level
// node is laid out and resolved on the screen by itself (nothing in one
// depends on another; a test holds every example to that), so the shape is
// judged in its top-level node evaluated alone with the edit: a hundred nodes,
// not the whole scene.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLang

/// The edits tried (or to be tried) in one check, and what trying showed.
/// Shared by the copies of one check's `Findings` (a session keeps them and
/// builds a finding when it is read), so what trying showed is read and
/// written under a lock; the trying itself runs outside it (two readers may
/// try the same edit, with the same outcome).
final class Trials: @unchecked Sendable {
    struct Key: Hashable {
        var start: Int
        var replacement: String
        init(_ e: TextEdit) { start = e.range.start; replacement = e.replacement }
    }

    private let lock = Lock()
    /// Whether edits are tried at all: not in the checks a trial makes of the
    /// nodes an edit reaches (`leavesUsersRight`), which read only where the
    /// findings are and what they are, never a help, and must not try edits of
    /// their own.
    let trying: Bool
    init(trying: Bool = true) { self.trying = trying }
    /// The edits admitted for trying, the first `Checker.maxVerifications` asked for.
    private var admitted: Set<Key> = []
    /// How many times `admit` was asked (the incremental check reuses no part that asked).
    private(set) var asked = 0
    /// Per admitted edit: the file's statements other than nodes, edited; nil
    /// when the edited file would not compile.
    private var heads: [Key: [Statement]?] = [:]
    /// Per edit: the top-level node last evaluated alone with it (findings are
    /// read in document order, so one per edit is enough).
    private var lastRoot: [Key: (root: Int, scene: ResolvedScene?)] = [:]
    /// Binding name → the nodes whose items use it (built on the first trial).
    private var users: [String: [Int]]? = nil
    /// Per edit: whether it leaves every node it reaches with no new finding (`leavesUsersRight`).
    private var usersRight: [Key: Bool] = [:]

    /// Whether `edit` may be tried: it was already, or fewer than the maximum were.
    func admit(_ edit: TextEdit) -> Bool {
        let k = Key(edit)
        return lock.withLock {
            asked += 1
            guard trying else { return false }
            if admitted.contains(k) { return true }
            guard admitted.count < Checker.maxVerifications else { return false }
            admitted.insert(k)
            return true
        }
    }

    func head(_ k: Key) -> [Statement]?? { lock.withLock { heads[k] } }
    func setHead(_ k: Key, _ h: [Statement]?) { lock.withLock { heads[k] = .some(h) } }
    func last(_ k: Key) -> (root: Int, scene: ResolvedScene?)? { lock.withLock { lastRoot[k] } }
    func setLast(_ k: Key, _ v: (root: Int, scene: ResolvedScene?)) { lock.withLock { lastRoot[k] = v } }
    func knownUsers() -> [String: [Int]]? { lock.withLock { users } }
    func usersRight(_ k: Key) -> Bool? { lock.withLock { usersRight[k] } }
    func setUsersRight(_ k: Key, _ v: Bool) { lock.withLock { usersRight[k] = v } }
    func setUsers(_ u: [String: [Int]]) { lock.withLock { users = u } }
}

/// A finding where `leavesUsersRight` compares them: its code, its range, and the shape it is at.
struct PlacedFinding: Hashable {
    var code: DiagnosticCode
    var lo: Int, hi: Int
    var shape: Int
}

/// A mutual-exclusion lock (the library has no Foundation).
final class Lock: @unchecked Sendable {
    private let m: UnsafeMutablePointer<pthread_mutex_t>
    init() {
        m = .allocate(capacity: 1)
        pthread_mutex_init(m, nil)
    }
    deinit {
        pthread_mutex_destroy(m)
        m.deallocate()
    }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(m)
        defer { pthread_mutex_unlock(m) }
        return try body()
    }
}

extension Context {
    /// Whether shape `i` is no longer too tight once `edit` (to binding `name`)
    /// is applied, and the edited file compiles.
    func works(_ edit: TextEdit, name: String, for i: Int) -> Bool {
        let key = Trials.Key(edit)
        let head: [Statement]?
        if let known = trials.head(key) { head = known } else {
            head = editedHead(edit, name: name)
            trials.setHead(key, head)
        }
        guard let head else { return false }
        var root = i
        while let p = scene.shapes[root].parent { root = p }
        let alone: ResolvedScene?
        if let last = trials.last(key), last.root == root { alone = last.scene } else {
            let e = Evaluator.evaluate(Scene(statements: head + [.node(nodes[root])]))
            alone = e.diagnostics.hasErrors ? nil : e.scene
            trials.setLast(key, (root, alone))
        }
        guard let s = alone, i - root < s.shapes.count else { return false }
        // Judged as the rule judges it (AtCorner.swift): content inset only by
        // padding is at the corner however far in, so a value that moves it
        // by its padding (`pad r`) as far as the new radius does not fix it.
        let local = i - root
        var padding: Insets? = nil
        if case .node(let c) = s.shapes[local].enclosing {
            var edited: [String: Double] = [:]
            for b in s.bindings { edited[b.name] = b.value }
            var p = Insets()
            var at: Int? = local
            while let a = at, a != c {
                p = p + ownPadding(root + a, env: edited)
                at = s.shapes[a].parent
            }
            padding = p
        }
        let fits = zip(Corner.allCases, s.reasons(for: local)).allSatisfy { k, r in
            guard let R = r.containerRadius, let d = r.distance, let m = r.minimum, let c = r.computed, c < m - Checker.tolerance else { return true }
            guard let p = padding else { return d >= R }
            return !Context.atCorner(k, r, padding: p)
        }
        return fits && leavesUsersRight(key, head: head, name: name)
    }

    /// The most nodes the top-level nodes an edit reaches may hold for
    /// `leavesUsersRight` to check them; past it the edit is not made (the
    /// help keeps the name and adjusts the expression, which reaches no other node).
    static let usersCheckedAtMost = 5_000

    /// Whether the edited `let` leaves every node that uses it (or a binding
    /// computed from it) with no finding it did not have before (docs/lint.md:
    /// the `let` changes only when the change "leaves every node that uses the
    /// name without a finding"): `chip: rect r size 120x40` beside the card
    /// whose raise sets `r` = 24 would overflow, and the next round of `--fix`
    /// would make it a capsule. The top-level nodes holding those nodes are
    /// evaluated and checked alone, as they are and as edited, and compared:
    /// which finding (code and range) is at which of those nodes.
    func leavesUsersRight(_ key: Trials.Key, head: [Statement], name: String) -> Bool {
        if let known = trials.usersRight(key) { return known }
        let users = users(of: reached(from: name))
        // The top-level shapes in order: each one's shapes run from it to the next
        // (pre-order), so a user's root is the last one at or before it.
        var tops: [Int] = []
        for k in scene.shapes.indices where scene.shapes[k].parent == nil { tops.append(k) }
        func top(_ k: Int) -> Int {
            var lo = 0, hi = tops.count
            while lo < hi { let mid = (lo + hi) / 2; if tops[mid] <= k { lo = mid + 1 } else { hi = mid } }
            return lo - 1
        }
        var rootOf: [Int: Int] = [:]
        for k in users { rootOf[k] = tops[top(k)] }
        let roots = Set(rootOf.values).sorted()
        var size = 0
        var offsets: [Int: Int] = [:]
        for r in roots {
            offsets[r] = size
            let t = top(r)
            size += (t + 1 < tops.count ? tops[t + 1] : scene.shapes.count) - r
        }
        var right = false
        if size <= Self.usersCheckedAtMost {
            let nodesAlone = roots.map { Statement.node(nodes[$0]) }
            let unedited = statements.filter { if case .node = $0 { return false } else { return true } }
            // Each user and everything inside it: a raised card's other content is
            // measured against it (a child drawn `rect 4` 12 pt into `card3: rect r`
            // is pinched once `r` is 24).
            var local = Set<Int>()
            for k in users {
                let base = offsets[rootOf[k]!]! - rootOf[k]!
                var end = k + 1
                while end < scene.shapes.count, scene.shapes[end].depth > scene.shapes[k].depth { end += 1 }
                for x in k..<end { local.insert(base + x) }
            }
            if let before = placedFindings(unedited + nodesAlone, at: local),
               let after = placedFindings(head + nodesAlone, at: local) {
                right = after.isSubset(of: before)
            }
        }
        trials.setUsersRight(key, right)
        return right
    }

    /// The findings of `statements` (the file's bindings and some of its
    /// top-level nodes), evaluated and checked with no edit tried, that are at
    /// one of the shapes `at` (the deepest shape whose node holds the
    /// finding's start): each as its code, its range and that shape. Nil when
    /// they do not evaluate without errors.
    func placedFindings(_ statements: [Statement], at: Set<Int>) -> Set<PlacedFinding>? {
        let ast = Scene(statements: statements)
        let e = Evaluator.evaluate(ast)
        guard !e.diagnostics.hasErrors else { return nil }
        let s = e.scene
        var c = Context(scene: s, ast: ast, file: file)
        c.trials = Trials(trying: false)
        c.run()
        let found = c.finish(after: [])
        var out: Set<PlacedFinding> = []
        for f in found.indices {
            let r = found.range(at: f)
            // The last shape starting at or before it, then out to the one that holds it.
            var lo = 0, hi = s.shapes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if s.shapes[mid].range.start <= r.start { lo = mid + 1 } else { hi = mid }
            }
            var k = lo - 1
            while k >= 0, !(s.shapes[k].range.start <= r.start && r.start < s.shapes[k].range.end) {
                guard let p = s.shapes[k].parent else { k = -1; break }
                k = p
            }
            if k >= 0, at.contains(k) { out.insert(PlacedFinding(code: found.code(at: f), lo: r.start, hi: r.end, shape: k)) }
        }
        return out
    }

    /// The statements other than nodes with `edit` applied to `let name`, when
    /// the edited file compiles (the original did).
    func editedHead(_ edit: TextEdit, name: String) -> [Statement]? {
        // The new value, read as the file would read it.
        let parsed = Parser.parse(SourceFile(name: file.name, text: "let \(name) = \(edit.replacement)\n"))
        guard !parsed.diagnostics.hasErrors, parsed.scene.statements.count == 1,
              case .binding(_, let value, _) = parsed.scene.statements[0] else { return nil }
        var head: [Statement] = []
        var edited = false
        for s in statements {
            switch s {
            case .node: continue
            case .binding(let id, _, let r) where !edited && id.name == name:
                head.append(.binding(name: id, value: value, range: r))
                edited = true
            default: head.append(s)
            }
        }
        // Bindings, screen and margin, then every node item the new value reaches.
        var evaluator = Evaluator(file: nil)
        _ = evaluator.run(Scene(statements: head))
        guard !evaluator.diagnostics.hasErrors else { return nil }
        for k in users(of: reached(from: name)) {
            _ = evaluator.props(nodes.items(k))
            if evaluator.diagnostics.hasErrors { return nil }
        }
        return head
    }

    /// `name` and every binding computed from it, directly or not.
    func reached(from name: String) -> Set<String> {
        var out: Set<String> = [name]
        for s in statements {
            guard case .binding(let id, let e, _) = s, !out.contains(id.name) else { continue }
            if ExprValue.names(e).contains(where: out.contains) { out.insert(id.name) }
        }
        return out
    }

    /// The nodes whose items use one of `names`, in document order.
    func users(of names: Set<String>) -> [Int] {
        var known = trials.knownUsers()
        if known == nil {
            var users: [String: [Int]] = [:]
            var used: [String] = []
            for k in nodes.indices {
                used.removeAll(keepingCapacity: true)
                for it in nodes.items(k) { ExprValue.names(it.value, into: &used) }
                for name in Set(used) { users[name, default: []].append(k) }
            }
            trials.setUsers(users)
            known = users
        }
        var out: Set<Int> = []
        for name in names { out.formUnion(known?[name] ?? []) }
        return out.sorted()
    }
}

extension ExprValue {
    /// The names a node's items use, in order: only the items that can name a
    /// binding are read (`Items.eachNaming`: any other compact item holds only numbers). Debug builds
    /// check this against every item's names.
    static func names(of items: Items, into out: inout [String]) {
        let before = out.count
        items.eachNaming { names($0, into: &out) }
        assert({
            var all: [String] = []
            for it in items { names(it.value, into: &all) }
            return all == Array(out[before...])
        }())
    }

    /// The names an item's expressions use.
    static func names(_ item: Item, into out: inout [String]) {
        func shape(_ s: ShapeExpr) {
            switch s {
            case .plain: break
            case .radii(_, let es): for e in es { names(e, into: &out) }
            case .concentric(let base, _, let clauses):
                corner(base)
                for c in clauses { corner(c.spec) }
            }
        }
        func corner(_ c: CornerSpec) {
            switch c {
            case .concentric(let m): if let m { names(m, into: &out) }
            case .fixed(let e): names(e, into: &out)
            }
        }
        switch item {
        case .shape(let s), .container(let s), .clip(let s), .background(let s), .hit(let s), .transition(let s): shape(s)
        case .glass(let s): if let s { shape(s) }
        case .size(let w, let h): names(w, into: &out); names(h, into: &out)
        case .width(let e), .height(let e): names(e, into: &out)
        case .pad(let edges): for (_, e) in edges { names(e, into: &out) }
        case .stack(_, let spacing): if let spacing { names(spacing, into: &out) }
        case .spacer(let m): if let m { names(m, into: &out) }
        case .offset(let x, let y): names(x, into: &out); names(y, into: &out)
        case .align, .fill, .style, .role: break
        }
    }
}

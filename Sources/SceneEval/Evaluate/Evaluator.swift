// IMPLEMENTATION NOTES
//
// Pipeline: `Scene` (AST) → bindings, screen, target → flattened nodes in
// document order → measure (reverse order: children before parents) → place
// (forward order: parents before children) → resolve radii (forward order:
// every container is resolved before its descendants). Each pass is a loop
// over the flat array, so scene depth never touches the call stack.
//
// Invariants: frames are absolute canvas points, y down; radii are final
// (minimum, uniform groups and the half-shorter-side clamp applied); every
// model decision (a rule Apple does not document) goes through `ModelDecision`.
//
// Error policy: an expression that fails (undefined name, division by zero, …)
// reports one diagnostic and evaluates to nil; its item is then ignored, so
// one mistake gives one error. Callers stop after a stage with errors.
import SceneLang

public struct Evaluation: Sendable {
    public var scene: ResolvedScene
    public var diagnostics: [Diagnostic]
}

struct Props {
    var shape: ShapeValue?
    var shapeRange: SourceRange?
    var container: ShapeValue?
    var containerRange: SourceRange?
    var width: Double?
    var height: Double?
    var pad = Insets()
    var align = Alignment.center
    var stack: StackAxis?
    var spacing = 0.0
    var fill: Color?
    var fillRange: SourceRange?
    var style = CornerStyle.continuous
    var glass = false
    var glassShape: ShapeValue?
    var layers: [(ShapeUse, ShapeValue, SourceRange)] = []
    var role: Role?
    /// The first `background SHAPE`: the drawn shape of a node with no shape or glass shape.
    var backgroundShape: ShapeValue? { layers.first(where: { $0.0 == .background })?.1 }
    /// `spacer [min M]`: the minimum length (SwiftUI's default spacing when none is given).
    var spacer: Double?
    var spacerRange: SourceRange?
    /// `offset X Y`.
    var offset: Offset?
}

public struct Evaluator {
    /// SwiftUI's usual stack spacing when none is given.
    public static let defaultSpacing = 8.0
    /// The checker's default margin from a phone screen's edges.
    public static let defaultMargin = 16.0
    /// Largest magnitude an evaluated length may have.
    public static let maxValue = 1_000_000_000.0

    let file: SourceFile?
    var diagnostics: [Diagnostic] = []
    var env: [String: Double] = [:] { didSet { nameValues.removeAll(); clausesMemo.removeAll(); propsMemo.removeAll() } }
    /// `env`'s values by the names' numbers in `nameStore` (`quickLength`).
    var nameValues: [Double?] = [], nameStore: ExprStore? = nil
    /// What `concentric` items' clauses came to, by their slots, in this `env` and `nameStore`;
    /// what shared items came to, in this `env` (PropsMemo.swift).
    var clausesMemo = ClausesMemo(), propsMemo = PropsMemo()
    /// The overflow arrays and boxes of drawn numbers shapes share (`SharedExtras`).
    var sharedExtras = SharedExtras()
    var envRanges: [String: SourceRange] = [:]
    var laterBindings: [String: SourceRange] = [:]
    /// The binding whose expression is being evaluated.
    var defining: String? = nil
    var targetOverride: Target? = nil
    /// `--compare`'s fallback panel: a Mac window takes macOS 15's radius.
    var olderWindow = false
    /// The window macOS 26 draws, where `olderWindow` gave the scene macOS 15's: the
    /// `resolved` fallback writes macOS 26's radii, measured against it (`ResolveContext.newerScreen`).
    var newerScreen: Screen? = nil
    /// How concentric shapes are drawn under `target ios18` (`--fallback`).
    var fallbackStyle = FallbackStyle.minimum
    /// The REPL's memo of the same nodes, and whether to leave one (FlatMemo.swift).
    var reuse: FlatMemo? = nil
    var keepsMemo = false
    var madeMemo: FlatMemo? = nil
    var madeNames: [[String]] = []
    var replayed = 0
    /// Whether flatten left every shape at the frame it had in the memo, layout's result (FlatMemo.swift).
    var framesKept = false

    init(file: SourceFile?) { self.file = file }

    /// Evaluate a parsed scene. `target` overrides the scene's own `target`
    /// statement (for `--compare ios18`).
    /// With `olderWindow`, a Mac window is drawn as macOS 15 drew it: the
    /// `mac-window-15` preset's radius (`Pipeline.comparison`).
    /// `fallback` is how concentric shapes are drawn under `target ios18` (`--fallback`).
    public static func evaluate(_ scene: Scene, file: SourceFile? = nil, target: Target? = nil,
                                olderWindow: Bool = false, fallback: FallbackStyle = .minimum) -> Evaluation {
        var e = Evaluator(file: file)
        e.targetOverride = target
        e.olderWindow = olderWindow
        e.fallbackStyle = fallback
        return e.run(scene)
    }

    func lineOf(_ r: SourceRange) -> String {
        guard let f = file else { return "" }
        return " at line \(f.location(of: r.start).line)"
    }

    mutating func error(_ code: DiagnosticCode, _ msg: String, _ r: SourceRange, help: String? = nil, notes: [String] = []) {
        diagnostics.append(Diagnostic(code, msg, at: r, help: help, notes: notes))
    }

    // MARK: - Statements

    mutating func run(_ scene: Scene) -> Evaluation {
        var screen = Screen.defaultScreen
        var screenRange: SourceRange? = nil
        var target = Target.ios26
        var targetRange: SourceRange? = nil
        var margin = Self.defaultMargin
        var bindings: [(String, Double, SourceRange)] = []
        var roots: [Node] = []

        for s in scene.statements {
            if case .binding(let name, _, _) = s, laterBindings[name.name] == nil { laterBindings[name.name] = name.range }
        }
        for s in scene.statements {
            switch s {
            case .binding(let name, let expr, _):
                if let first = envRanges[name.name] {
                    error(.duplicateBinding, "`\(name.name)` is already defined", name.range,
                          help: "rename it, or remove one of the two", notes: ["first defined\(lineOf(first))"])
                    continue
                }
                // (Its own name in its expression is an error of its own, not "failed, already
                // reported": `let w = w` went through silently, and every use of `w` with it.)
                defining = name.name
                envRanges[name.name] = name.range
                let v = value(expr)
                defining = nil
                if let v {
                    env[name.name] = v
                    bindings.append((name.name, v, name.range))
                }
            case .screen(let spec, let range):
                if let first = screenRange {
                    error(.duplicateScreen, "the screen is already set", range,
                          help: "keep one `screen` statement", notes: ["first set\(lineOf(first))"])
                    continue
                }
                screenRange = range
                if let s = evalScreen(spec) { screen = s }
            case .target(let t, let range):
                if let first = targetRange {
                    error(.duplicateTarget, "the target is already set", range,
                          help: "keep one `target` statement", notes: ["first set\(lineOf(first))"])
                    continue
                }
                targetRange = range
                target = t.value
            case .margin(let e, _):
                if let v = value(e) {
                    if v < 0 { error(.negativeSize, "the margin cannot be negative", e.range) } else { margin = v }
                }
            case .node(let n):
                roots.append(n)
            }
        }
        if let t = targetOverride { target = t }
        if olderWindow, screen.isWindow, let r = ScreenPreset.macOS15Window.radius, r != screen.radius {
            newerScreen = screen
            screen.radius = r
        }
        let shapes = layout(roots, screen: screen, target: target)
        var resolved = ResolvedScene(screen: screen, target: target, margin: margin, shapes: shapes,
                                     bindings: bindings.map { (name: $0.0, value: $0.1, range: $0.2) })
        resolved.fallback = fallbackStyle
        resolved.newerScreen = newerScreen
        return Evaluation(scene: resolved, diagnostics: diagnostics)
    }

    mutating func evalScreen(_ spec: ScreenSpec) -> Screen? {
        switch spec {
        case .preset(let name, let size, let radius):
            guard var s = Screen.preset(name.name) else {
                let sug = Suggest.closest(to: name.name, among: ScreenPreset.names)
                error(.unknownScreen, "unknown screen preset `\(name.name)`", name.range,
                      help: sug.map { "did you mean `\($0)`?" } ?? "presets: " + ScreenPreset.names.joined(separator: ", ") + "; or give a size: `screen 400x300 radius 20`")
                return nil
            }
            if let (we, he) = size {
                guard let w = length(we, what: "screen width"), let h = length(he, what: "screen height") else { return nil }
                s.width = w; s.height = h
            }
            if let re = radius { guard let r = length(re, what: "screen radius", code: .negativeRadius) else { return nil }; s.radius = r }
            // Never a guessed radius: a preset no source gives one for needs `radius R`.
            if radius == nil, let p = ScreenPreset.named(name.name), p.radius == nil {
                error(.unpublishedRadius, "the \(p.device)'s \(p.radiusName) is not published", name.range, help: p.missingRadiusHelp)
                return nil
            }
            return s
        case .custom(let we, let he, let radius):
            guard let w = length(we, what: "screen width"), let h = length(he, what: "screen height") else { return nil }
            var r = 0.0
            if let re = radius { guard let v = length(re, what: "screen radius", code: .negativeRadius) else { return nil }; r = v }
            return Screen(name: nil, width: w, height: h, radius: r)
        }
    }

    // MARK: - Expressions

    /// Evaluate; on failure report once and return nil.
    mutating func value(_ e: Expr) -> Double? {
        guard let v = eval(e) else { return nil }
        if !v.isFinite || abs(v) > Self.maxValue {
            error(.numberTooLarge, "value is too large", e.range,
                  help: "lengths are points; keep them below \(Format.number(Self.maxValue))")
            return nil
        }
        return v
    }

    mutating func eval(_ e: Expr) -> Double? {
        switch e {
        case .number(let v, _): return v
        case .name(let n, let r):
            if let v = env[n] { return v }
            // `map-12pt`: the lexer reads `12pt` after a glued dash as a name part
            // (for `iphone-16e`); in an expression it is a number with a unit.
            if let d = n.firstIndex(where: { !$0.isNumber }), d != n.startIndex {
                error(.invalidNumber, "invalid number `\(n)`", r,
                      help: Lexer.gluedNumberHelp(String(n[..<d]), String(n[d...])))
                return nil
            }
            if n == defining {
                error(.undefinedName, "`\(n)` is used in its own definition", r,
                      help: "a `let` cannot use its own name: give its value, or use a binding defined above it")
                return nil
            }
            if envRanges[n] != nil { return nil }  // its own definition failed, already reported
            if let later = laterBindings[n] {
                error(.undefinedName, "`\(n)` is used before it is defined", r,
                      help: "move `let \(n) = …`\(lineOf(later)) above this line")
                return nil
            }
            let known = Array(env.keys) + Array(laterBindings.keys)
            let s = Suggest.closest(to: n, among: Array(Set(known)).sorted())
            error(.undefinedName, "undefined name `\(n)`", r,
                  help: s.map { "did you mean `\($0)`?" } ?? "define it first: `let \(n) = …`")
            return nil
        case .negate(let x, _):
            return eval(x).map { -$0 }
        case .chain(let operands, let ops, let r):
            // Left to right in a loop: a million-term sum is a million steps, no recursion.
            guard var x = eval(operands[0]) else { return nil }
            for (k, op) in ops.enumerated() {
                let b = operands[k + 1]
                guard let y = eval(b) else { return nil }
                if op == .div, y == 0 {
                    error(.divisionByZero, "division by zero", (k + 1 == ops.count ? r : operands[0].range).to(b.range),
                          help: "`\(describe(b))` is 0 here")
                    return nil
                }
                x = op.apply(x, y)
            }
            return x
        case .call(let f, let args, _):
            // Folded as `Sequence.min()` and `max()` fold an array of the values
            // (the same comparisons, so the same result for −0 beside 0), with
            // no array of them built.
            var result: Double? = nil
            for a in args {
                guard let v = eval(a) else { return nil }
                if let r = result {
                    if f == .min ? v < r : r < v { result = v }
                } else {
                    result = v
                }
            }
            return result
        case .invalid: return nil
        }
    }

    func describe(_ e: Expr) -> String {
        if let f = file { return f.text(e.range.start..<e.range.end) }
        return "the divisor"
    }

    /// A length that must be ≥ 0.
    mutating func length(_ e: Expr, what: String, code: DiagnosticCode = .negativeSize) -> Double? {
        guard let v = value(e) else { return nil }
        if v < 0 {
            error(code, "\(what) is negative (\(Format.number(v)))", e.range,
                  help: "a \(what) must be 0 or more")
            return nil
        }
        return v
    }

    // MARK: - Items

    mutating func shapeValue(_ s: ShapeExpr) -> ShapeValue? {
        switch s {
        case .plain(let k): return .plain(k)
        case .radii(let k, let es):
            var vs: [Double] = []
            for e in es { guard let v = length(e, what: "radius", code: .negativeRadius) else { return nil }; vs.append(v) }
            // One radius for every corner, or four clockwise from top-leading.
            return .radii(k, k.arguments == .fourRadii ? Radii(vs[0], vs[1], vs[2], vs[3]) : Radii(all: vs[0]))
        case .concentric(let base, let uniform, let clauses):
            guard let b = cornerValue(base) else { return nil }
            var spec = ConcentricBuilder(base: b, uniform: uniform)
            for c in clauses {
                guard let v = cornerValue(c.spec) else { return nil }
                spec.add(c.set, v, uniform: c.uniform)
            }
            return .concentric(spec.spec)
        }
    }

    /// A `concentric` shape with clauses, its expressions worked out from their
    /// flat steps (`quickLength`); nil when one of them needs a diagnostic (the
    /// item is then evaluated whole, by `shapeValue`, which reports it).
    mutating func quickValue(_ c: ConcentricClauses) -> ShapeValue? {
        // (The store borrowed, and each expression read where its steps are: a
        // `CompactExpr` made for each held the store, counted and uncounted.)
        c.withStore { store in quickValue(c, store) }
    }

    private mutating func quickValue(_ c: ConcentricClauses, _ store: ExprStore) -> ShapeValue? {
        if nameStore !== store { nameStore = store; nameValues.removeAll(); clausesMemo.removeAll() }
        // Items written alike come to the same value (their slots: `ConcentricClauses.words`):
        // a list's rows, a card's rows in every card. (Direct-mapped: a clash forgets the older.)
        clausesMemo.asked += 1
        // (An evaluator of a few items, as the REPL makes one an entry, keeps none.)
        guard clausesMemo.asked >= ClausesMemo.startAt else { return quickClauses(c, store) }
        if clausesMemo.asked == ClausesMemo.startAt || clausesMemo.asked == ClausesMemo.growAt { clausesMemo.make() }
        var scratch = SIMD16<UInt64>()
        let key = withUnsafeMutableBytes(of: &scratch) { c.words(into: $0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
        var slot = 0
        if let key {
            slot = Int(truncatingIfNeeded: key.hash) & (clausesMemo.hashes.count - 1)
            if clausesMemo.hashes[slot] == key.hash, clausesMemo.counts[slot] == key.count {
                var same = true
                for k in 0..<key.count where clausesMemo.words[slot * 16 + k] != scratch[k] { same = false; break }
                if same, let v = clausesMemo.values[slot] { return v }
            }
        }
        guard let v = quickClauses(c, store) else { return nil }
        if let key {
            clausesMemo.hashes[slot] = key.hash
            clausesMemo.counts[slot] = key.count
            for k in 0..<key.count { clausesMemo.words[slot * 16 + k] = scratch[k] }
            clausesMemo.values[slot] = v
        }
        return v
    }

    /// What `concentric` items' clauses came to, by their slots (`quickValue`), in one
    /// `env` and `nameStore`: slots of a hash, up to 16 words, and the value; none for
    /// an evaluator's first `startAt` items, 8 until `growAt`, then `slots` (the REPL
    /// makes an evaluator an entry: 256 slots made for each cost a `let` edit of 3,000
    /// entries 20 %).
    struct ClausesMemo {
        static let slots = 256, firstSlots = 8, startAt = 16, growAt = 256
        var hashes: [UInt64] = []
        var counts: [Int] = []
        var words: [UInt64] = []
        var values: [ShapeValue?] = []
        /// Items asked of it.
        var asked = 0
        /// Empty slots: `firstSlots` at first, `slots` once `growAt` items were asked.
        mutating func make() {
            let n = asked < Self.growAt ? Self.firstSlots : Self.slots
            hashes = Array(repeating: 0, count: n)
            counts = Array(repeating: 0, count: n)
            words = Array(repeating: 0, count: 16 * n)
            values = Array(repeating: nil, count: n)
        }
        mutating func removeAll() { self = ClausesMemo() }
    }

    private mutating func quickClauses(_ c: ConcentricClauses, _ store: ExprStore) -> ShapeValue? {
        var b = CornerValue.concentric(minimum: nil)
        if let m = c.minimumSteps {
            guard let v = quickLength(c, m, store) else { return nil }
            b = .concentric(minimum: v)
        }
        var spec = ConcentricBuilder(base: b, uniform: c.uniform)
        for k in 0..<c.count {
            // (The head, then the value alone: a whole `Clause` was copied several times.)
            let clause = c.head(k)
            var v = CornerValue.concentric(minimum: nil)
            if clause.hasValue {
                guard let x = quickLength(c, c.valueSteps(k), store) else { return nil }
                v = clause.fixed ? .fixed(x) : .concentric(minimum: x)
            }
            spec.add(clause.set, v, uniform: clause.uniform)
        }
        return .concentric(spec.spec)
    }

    /// What `length` gives for the expression whose steps `c` keeps at `steps`,
    /// when that needs no diagnostic; else nil. A name's value is looked up in
    /// `env` once and kept by its number in the store (`nameStore`, which is `store`).
    private mutating func quickLength(_ c: ConcentricClauses, _ steps: ConcentricClauses.Steps, _ store: ExprStore) -> Double? {
        let v = c.value(of: steps) { id in
            if id < nameValues.count, let v = nameValues[id] { return v }
            guard let v = env[store.name(id)] else { return nil }
            if id >= nameValues.count { nameValues += repeatElement(nil, count: id + 1 - nameValues.count) }
            nameValues[id] = v
            return v
        }
        guard let v, Self.isQuietLength(v) else { return nil }
        return v
    }

    mutating func cornerValue(_ s: CornerSpec) -> CornerValue? {
        switch s {
        case .concentric(let m):
            guard let m else { return .concentric(minimum: nil) }
            return length(m, what: "minimum", code: .negativeRadius).map { .concentric(minimum: $0) }
        case .fixed(let e):
            return length(e, what: "radius", code: .negativeRadius).map { .fixed($0) }
        }
    }

    /// A node's items, read from their compact slots: a literal number is
    /// checked and used as it is (no `Item` or `Expr` built back for it); an
    /// item kept whole goes through `apply`.
    mutating func props(_ items: Items) -> Props {
        var p = Props()
        props(items, into: &p)
        return p
    }

    /// The same, into `p` (a new `Props`): returned, the 300-byte value was copied
    /// twice more and once through its value witness, for every node evaluated.
    mutating func props(_ items: Items, into p: inout Props) {
        withUnsafePointer(to: items) { props(at: $0, into: &p) }
    }

    /// `props` of the items at `items` (a node's, in the tree: `Items.fold(at:)`).
    mutating func props(at items: UnsafePointer<Items>, into p: inout Props) {
        Items.fold(at: items) { part in
            switch part {
            case .item(let item, let range): apply(item, at: range, to: &p)
            case .padEdge(let edge, let v, let r): pad(edge, literal(v, r), &p)
            case .shape(let use, let shape, let range): apply(use, compactValue(shape), range, &p)
            case .concentric(let use, let shape, let range):
                if let v = quickValue(shape) {
                    apply(use, v, range, &p)
                } else {
                    let (item, r) = shape.item
                    apply(item, at: r, to: &p)
                }
            case .dimension(.width, let v, let r): p.width = literalLength(v, r, what: "width")
            case .dimension(.height, let v, let r): p.height = literalLength(v, r, what: "height")
            case .dimension(.square, let v, let r):
                p.width = literalLength(v, r, what: "size")
                p.height = p.width
            case .stack(let axis, let spacing, let r):
                p.stack = axis
                p.spacing = spacing.flatMap { literal($0, r) } ?? Self.defaultSpacing
            }
        }
    }

    /// A literal number as `value` takes it (the check without building the expression).
    mutating func literal(_ v: Double, _ r: SourceRange) -> Double? {
        v.isFinite && abs(v) <= Self.maxValue ? v : value(.number(v, r))
    }

    /// A literal number as `length` takes it.
    mutating func literalLength(_ v: Double, _ r: SourceRange, what: String, code: DiagnosticCode = .negativeSize) -> Double? {
        Self.isQuietLength(v) ? v : length(.number(v, r), what: what, code: code)
    }

    /// Whether `length` takes `v` as it is, with nothing to report (finite, within
    /// `maxValue`, not negative): the one test the quick paths make before it.
    @inline(__always) static func isQuietLength(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxValue && !(v < 0) }

    /// A compact shape's value, as `shapeValue` gives it for the shape written out.
    mutating func compactValue(_ s: CompactShape) -> ShapeValue? {
        switch s {
        case .plain(let k): return .plain(k)
        case .radius(let k, let v, let r):
            return literalLength(v, r, what: "radius", code: .negativeRadius).map { .radii(k, Radii(all: $0)) }
        case .concentric(let minimum, let r, let uniform):
            var spec: ConcentricSpec
            if let minimum {
                guard let m = literalLength(minimum, r, what: "minimum", code: .negativeRadius) else { return nil }
                spec = ConcentricSpec(all: .concentric(minimum: m))
            } else {
                spec = ConcentricSpec(all: .concentric(minimum: nil))
            }
            if uniform { spec.groupMasks = 0xF }
            return .concentric(spec)
        case .fourRadii(let k, let f):
            // Each as `shapeValue` takes it, in order, up to the first it reports.
            guard let a = literalLength(f.values.0, f.ranges.0, what: "radius", code: .negativeRadius),
                  let b = literalLength(f.values.1, f.ranges.1, what: "radius", code: .negativeRadius),
                  let c = literalLength(f.values.2, f.ranges.2, what: "radius", code: .negativeRadius),
                  let d = literalLength(f.values.3, f.ranges.3, what: "radius", code: .negativeRadius) else { return nil }
            return .radii(k, Radii(a, b, c, d))
        }
    }

    mutating func pad(_ edge: Edge, _ v: Double?, _ p: inout Props) {
        guard let v else { return }
        p.pad.set(edge, v)
    }

    /// A shape item: the node's shape, its container shape, or a layer.
    func apply(_ use: ShapeUse, _ v: ShapeValue?, _ range: SourceRange, _ p: inout Props) {
        switch use {
        case .shape: p.shape = v; p.shapeRange = range
        case .container: p.containerRange = range; p.container = v
        case .glass:
            p.glass = true
            if let v { p.glassShape = v; p.layers.append((use, v, range)) }
        case .clip, .background, .hit, .transition: if let v { p.layers.append((use, v, range)) }
        }
    }

    mutating func apply(_ item: Item, at range: SourceRange, to p: inout Props) {
        switch item {
        case .shape(let s): apply(.shape, shapeValue(s), range, &p)
        case .container(let s): apply(.container, shapeValue(s), range, &p)
        case .size(let w, let h):
            p.width = length(w, what: w == h ? "size" : "width")
            p.height = w == h ? p.width : length(h, what: "height")
        case .width(let w): p.width = length(w, what: "width")
        case .height(let h): p.height = length(h, what: "height")
        case .pad(let edges):
            for (edge, e) in edges { pad(edge, value(e), &p) }
        case .align(let a): p.align = a
        case .stack(let axis, let spacing):
            p.stack = axis
            p.spacing = spacing.flatMap { value($0) } ?? Self.defaultSpacing
        case .fill(let c): p.fill = c; p.fillRange = range
        case .style(let s): p.style = s
        case .glass(let s):
            if let s { apply(.glass, shapeValue(s), range, &p) } else { p.glass = true }
        case .clip(let s): apply(.clip, shapeValue(s), range, &p)
        case .background(let s): apply(.background, shapeValue(s), range, &p)
        case .hit(let s): apply(.hit, shapeValue(s), range, &p)
        case .transition(let s): apply(.transition, shapeValue(s), range, &p)
        case .role(let r): p.role = r
        case .spacer(let m):
            // A negative minimum is reported; the spacer then keeps the default.
            p.spacer = m.flatMap { length($0, what: "spacer minimum") } ?? Self.defaultSpacing
            p.spacerRange = range
        case .offset(let x, let y):
            if let dx = value(x), let dy = value(y) { p.offset = Offset(x: dx, y: dy) }
        }
    }
}

/// A `concentric` shape's corners, clause by clause: the one way both
/// `shapeValue` (from the tree) and `quickValue` (from flat steps) build it.
struct ConcentricBuilder {
    private var value: ConcentricSpec
    private let uniform: Bool
    private var groups: UInt16 = 0, count = 0, clauses = 0

    init(base: CornerValue, uniform: Bool) {
        value = ConcentricSpec(all: base)
        self.uniform = uniform
    }

    /// The corners as masks (`ConcentricSpec.groupMasks`: up to four groups, in
    /// clause order), no array of corners built.
    mutating func add(_ set: CornerSet, _ v: CornerValue, uniform: Bool) {
        clauses += 1
        let mask = set.cornerMask
        // (The mask's set bits in turn, not all four corners each tested.)
        var bits = mask
        while bits != 0 {
            value[Corner(rawValue: bits.trailingZeroBitCount)!] = v
            bits &= bits &- 1
        }
        if uniform, mask.nonzeroBitCount > 1 {
            if count < 4 { groups |= UInt16(mask) << UInt16(4 * count) }
            count += 1
        }
    }

    var spec: ConcentricSpec {
        var spec = value
        if clauses == 0 {
            if uniform { spec.groupMasks = 0xF }
        } else {
            spec.groupMasks = uniform ? 0xF : groups
        }
        return spec
    }
}

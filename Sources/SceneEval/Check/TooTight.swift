// The `container-too-tight` rule (docs/lint.md), and the findings built when read.
//
// A scene can have a finding on nearly every shape (a grid of content padded
// away from its container's corner is at the corner by the rule: 98 warnings in
// every 100 nodes of such a list). A report shows 50 and counts the rest, so
// the checker records what it found (shape, corners, numbers, how the help will
// raise the container) and builds message, help, values and fixes only for a
// finding that is read. Which candidate binding edits are tried, and so what
// every help says, is settled while checking, in finding order, exactly as when
// everything was built at once; only the trying (see `Trials`) waits until a
// help that needs it is read.
import SceneLang

/// One finding: built, or a record of one to build when read (container-too-tight,
/// radius-overflow, uneven-siblings).
enum Finding {
    /// (Boxed: a Diagnostic is larger than the records beside it.)
    indirect case built(Diagnostic)
    case tooTight(TooTight)
    /// A radius-overflow finding (RadiusOverflow.swift).
    case overflow(Context.Overflow)
    /// An uneven-siblings finding (UnevenSiblings.swift).
    case uneven(Context.Uneven)
}

extension Finding {
    /// A built finding's severity (nil for a record).
    var builtSeverity: Diagnostic.Severity? {
        if case .built(let d) = self { return d.severity }
        return nil
    }
}

/// What a container-too-tight finding needs to be built.
/// (A grid may keep one for nearly every node: 48 bytes, the three numbers,
/// the raise in 9 — what is larger is shared or boxed, `Raise` — the corners'
/// byte, then the shape and the joint as 32-bit indices.)
struct TooTight {
    var R: Double, d: Double, m: Double
    var raise: Raise
    /// The corners named, in `Corner.allCases` order (bit k: corner k).
    var corners: UInt8
    private var shapeIndex: Int32
    private var jointIndex: Int32 = -1

    init(shape: Int, R: Double, d: Double, m: Double, raise: Raise, corners: UInt8) {
        (self.R, self.d, self.m, self.raise, self.corners) = (R, d, m, raise, corners)
        shapeIndex = Int32(shape)  // (as `ResolvedShape` keeps its parent: a scene has far fewer than 2^31 shapes)
    }

    /// The shape found too tight.
    var shape: Int { Int(shapeIndex) }

    /// Set by `reconcile`: the joint help, fixes and needed radius (index into `overrides`).
    var joint: Int? {
        get { jointIndex < 0 ? nil : Int(jointIndex) }
        set { jointIndex = newValue.map { Int32($0) } ?? -1 }
    }
}

/// How the help raises the container.
enum Raise {
    /// Against the screen (its radius is fixed).
    case screen
    /// The container's radius is not one `rect` expression: say what it needs.
    case plain
    /// `rect 20`: write the number (and over a drawn radius alike: KeepNames.swift).
    case literal(SourceRange)
    /// `rect a + b`: keep the expression, adjusted (no binding change worked; KeepNames.swift).
    case expression(SourceRange)
    /// More than the container may have (HelpCaps.swift): no automatic fix.
    /// (The bound is the container's, shared by its findings.)
    case bounded(Context.RadiusBound)
    /// `rect r`: set the binding, once trying it shows it works (`works` nil:
    /// not yet tried; false: as `expression`).
    indirect case binding(name: String, value: Double, edit: TextEdit, expression: SourceRange, works: Bool?)
}

/// The checker's findings after the compiler's diagnostics, each built when read.
/// Reading one may try an edit: what trying showed is shared by the copies
/// (under a lock, see `Trials`).
public struct Findings: RandomAccessCollection, Sendable {
    let leading: [Diagnostic]
    let records: [Finding]
    let context: Context?

    public var startIndex: Int { 0 }
    public var endIndex: Int { leading.count + records.count }

    public subscript(position: Int) -> Diagnostic {
        if position < leading.count { return leading[position] }
        switch records[position - leading.count] {
        case .built(let d): return d
        case .tooTight(let t): return context!.diagnostic(t)
        case .overflow(let o): return context!.overflowDiagnostic(o)
        case .uneven(let u): return context!.unevenDiagnostic(u)
        }
    }

    /// Finding `position` as `scene run --json` writes it (`JSONWriter`): a
    /// container-too-tight one straight from its words, a radius-overflow one
    /// from its template's, any other built.
    func appendJSON(at position: Int, fileName: SVGBuffer.Bytes, start: SourceLocation, end: SourceLocation,
                    to o: inout SVGBuffer) {
        guard position >= leading.count else {
            JSONWriter.appendDiagnostic(leading[position], fileName: fileName, start: start, end: end, to: &o)
            return
        }
        switch records[position - leading.count] {
        case .tooTight(let t): context!.appendJSON(t, fileName: fileName, start: start, end: end, to: &o)
        case .overflow(let v): context!.appendOverflowJSON(v, fileName: fileName, start: start, end: end, to: &o)
        case .built(let d): JSONWriter.appendDiagnostic(d, fileName: fileName, start: start, end: end, to: &o)
        case .uneven(let u): JSONWriter.appendDiagnostic(context!.unevenDiagnostic(u), fileName: fileName, start: start, end: end, to: &o)
        }
    }

    /// A finding's code, without building it.
    public func code(at position: Int) -> DiagnosticCode {
        if position < leading.count { return leading[position].id }
        switch records[position - leading.count] {
        case .built(let d): return d.id
        case .tooTight: return .containerTooTight
        case .overflow: return .radiusOverflow
        case .uneven: return .unevenSiblings
        }
    }

    /// The range a finding points at, without building it.
    public func range(at position: Int) -> SourceRange {
        if position < leading.count { return leading[position].range }
        switch records[position - leading.count] {
        case .built(let d): return d.range
        case .tooTight(let t): return context!.shapeRange(t.shape)
        case .overflow(let o): return o.range
        case .uneven(let u): return context!.shapeRange(u.shape)
        }
    }

    /// None.
    public static let none = Findings(leading: [], records: [], context: nil)

    public var errorCount: Int { count(.error) }
    public var warningCount: Int { count(.warning) }
    public var hasErrors: Bool { count(.error) > 0 }

    /// Counted without building a finding.
    func count(_ severity: Diagnostic.Severity) -> Int {
        var n = leading.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
        // (Each record read in place: `for r in records` copied every one, its
        // references counted and dropped, 4 % of checking a grid that warns on every node.)
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                let code: DiagnosticCode
                switch records[i] {
                case .built: n += records[i].builtSeverity == severity ? 1 : 0; continue
                case .tooTight: code = .containerTooTight
                case .overflow: code = .radiusOverflow
                case .uneven: code = .unevenSiblings
                }
                if code.severity == severity { n += 1 }
            }
        }
        return n
    }
}

/// The corners container-too-tight reports, and the one that needs the most.
struct TightCorners {
    var corners: UInt8 = 0
    var worst: (R: Double, d: Double, m: Double)? = nil

    /// Corner k, whose concentric radius is below its minimum.
    mutating func consider(_ k: Corner, _ r: CornerReason, atCorner: Bool) {
        guard atCorner, let R = r.containerRadius, let d = r.distance, let m = r.minimum else { return }
        corners |= 1 << k.rawValue
        if worst == nil || m + d > worst!.m + worst!.d { worst = (R, d, m) }
    }
}

extension Context {
    mutating func tooTight(_ i: Int) -> Bool {
        let (corners, worst) = tightCorners(i)
        assert(corners == tightCornersByReasons(i).corners && worst.map { [$0.R, $0.d, $0.m] } == tightCornersByReasons(i).worst.map { [$0.R, $0.d, $0.m] })
        guard let w = worst else { return false }
        let needed = w.m + w.d
        var raise = Raise.screen
        if case .node(let j) = scene.shapes[i].container {
            demand(j, needed, finding: findings.count)
            // The container may not be that round: no radius fixes it.
            // (The bound, once per container: a grid of content reports on nearly every child.)
            // (The last container's first: a container's children come one after another.)
            // (Set only when the container changes, and read in place: copied out and
            // set back for every child, the bound was counted four times a finding.)
            if lastBound?.j != j {
                let bound: RadiusBound
                if let known = boundMemo[j] { bound = known } else {
                    bound = radiusBound(j)
                    boundMemo[j] = bound
                }
                lastBound = (j, bound)
            }
            raise = needed > lastBound!.bound.radius + Checker.tolerance ? .bounded(lastBound!.bound) : planRaise(j, to: needed, for: i)
        }
        record(.tooTight(TooTight(shape: i, R: w.R, d: w.d, m: w.m, raise: raise, corners: corners)))
        return true
    }

    /// The corners of shape `i` whose concentric radius is below its minimum and
    /// that are at the container's corner (`atCorner`), and of those the one that
    /// needs the most (minimum + distance). On iOS 26 each corner with a minimum is
    /// read alone (`ResolvedScene.concentricReason`), so no shape's four reasons
    /// are built: every row of a list asks, and most are far from any corner. Otherwise (the iOS 18 fallback),
    /// from the resolver's reasons.
    mutating func tightCorners(_ i: Int) -> (corners: UInt8, worst: (R: Double, d: Double, m: Double)?) {
        // (Only a concentric corner has a minimum.)
        guard let spec = scene.shapes[i].concentricSpec else { return (0, nil) }
        guard scene.target != .ios18 else { return tightCornersByReasons(i) }
        let enclosing = scene.shapes[i].enclosing
        let outer: Outer
        if let last = lastOuter, last.of == enclosing { outer = last.outer } else {
            outer = scene.outer(of: enclosing)
            lastOuter = (enclosing, outer)
        }
        var tight = TightCorners()
        let frame = scene.shapes[i].frame
        // `atCorner(i, k, R:d:dx:dy:)` for each corner, with what it reads of the
        // shape read once: whether its container is a node, and its padding, when
        // a corner first needs it (every row of a list: each corner is tight, and
        // only the padding says it is far from the container's corner).
        let inNode = scene.shapes[i].enclosingIndex >= 0
        var pad: Insets? = nil
        for k in Corner.four {
            guard case .concentric(let m?) = spec[k] else { continue }
            // The rule's numbers first, and the corner's reason only for a corner that
            // is tight and at the container's corner (`scene.concentricReason`: the
            // same rule): most rows of a list are tight, far from any corner.
            let R = outer.radii[k]
            let rule = ResolveContext.concentric(k, frame: frame, in: outer.frame, R: R)
            guard rule.radius < m - Checker.tolerance, R > 0 else { continue }
            if rule.distance >= R {
                guard inNode else { continue }
                if pad == nil { pad = padding(i) }
                guard Self.atCorner(k, R: R, d: rule.distance, dx: rule.dx, dy: rule.dy, padding: pad!) else { continue }
            }
            assert(atCorner(i, k, R: R, d: rule.distance, dx: rule.dx, dy: rule.dy))
            tight.consider(k, scene.concentricReason(k, of: i, outer: outer, minimum: m), atCorner: true)
        }
        return (tight.corners, tight.worst)
    }

    /// `tightCorners` from the reasons the resolver gives each corner.
    mutating func tightCornersByReasons(_ i: Int) -> (corners: UInt8, worst: (R: Double, d: Double, m: Double)?) {
        let reasons = scene.reasons(for: i)
        guard reasons.count == 4 else { return (0, nil) }
        var tight = TightCorners()
        for k in Corner.four {
            let r = reasons[k.rawValue]
            guard let m = r.minimum, let computed = r.computed, r.containerRadius != nil, r.distance != nil,
                  computed < m - Checker.tolerance else { continue }
            tight.consider(k, r, atCorner: atCorner(i, k, r))
        }
        return (tight.corners, tight.worst)
    }

    /// How to raise container `j`'s radius to `needed` for shape `i`: which
    /// binding to change (when its radius is an expression of bindings). A
    /// binding change is only offered once trying it shows that it works (a
    /// binding may move the shape too: `pad p`); at most
    /// `Checker.maxVerifications` different changes are tried per check, the
    /// first ones asked for. Which those are is settled here; the trying waits
    /// for the help to be read, unless a later candidate depends on its outcome.
    mutating func planRaise(_ j: Int, to needed: Double, for i: Int) -> Raise {
        var radiusExpr: Expr? = nil
        for it in nodes.items(j) { if case .container(.radii(.rect, let es)) = it.value { radiusExpr = es.first } }
        guard let e = radiusExpr else { return .plain }
        if case .number = e { return .literal(e.range) }
        var candidates: [(name: String, value: Double, edit: TextEdit)] = []
        for name in ExprValue.names(e) {
            guard let v = ExprValue.solve(e, for: name, target: needed, env),
                  let (be, br) = bindingExprs[name], case .number = be else { continue }
            candidates.append((name, v, TextEdit(br, n(v))))
        }
        for (k, c) in candidates.enumerated() {
            guard trials.admit(c.edit) else { continue }
            if k == candidates.count - 1 {
                return .binding(name: c.name, value: c.value, edit: c.edit, expression: e.range, works: nil)
            }
            if works(c.edit, name: c.name, for: i) {
                return .binding(name: c.name, value: c.value, edit: c.edit, expression: e.range, works: true)
            }
        }
        return .expression(e.range)
    }

    /// The finding, built.
    func diagnostic(_ t: TooTight) -> Diagnostic {
        let w = words(t)
        var d = Diagnostic(.containerTooTight, w.message.string, at: shapeRange(t.shape), help: w.help.string,
                           values: Dictionary(uniqueKeysWithValues: w.values))
        d.fixes = w.fixes
        return d
    }

    /// The finding written straight into `scene run --json`'s document, as
    /// `diagnostic(t)` would be: its words go into the JSON string as they are
    /// said (`JSONWords`), with no text of their own. Debug builds compare the bytes.
    func appendJSON(_ t: TooTight, fileName: SVGBuffer.Bytes, start: SourceLocation, end: SourceLocation,
                    to o: inout SVGBuffer) {
        func write(_ o: inout SVGBuffer) {
            TooTightJSON.head.withUnsafeBufferPointer { o.raw(bytes: $0) }
            // (One sink for the message and the help: the ids the message names
            // are copied where the help names them again.)
            withUnsafeMutablePointer(to: &o) { b in
                var w = JSONWords(o: b)
                message(t, to: &w)
                b.pointee.byte(0x22)
                JSONWriter.appendPlace(fileName: fileName, start: start, end: end, to: &b.pointee)
                b.pointee.raw(", \"help\": \"")
                _ = help(t, to: &w)
            }
            o.byte(0x22)
            let v = valueNumbers(t)
            for k in 0..<4 {
                TooTightJSON.beforeValue[k].withUnsafeBufferPointer { o.raw(bytes: $0) }
                JSONWriter.num(v[k], &o)
            }
            o.raw("}}")  // (the values', then the finding's: `appendTail`'s ends)
        }
        assert(JSONWriter.bytes(write) == JSONWriter.bytes {
            JSONWriter.appendDiagnostic(diagnostic(t), fileName: fileName, start: start, end: end, to: &$0)
        })
        write(&o)
    }

    /// A container-too-tight finding's message, help, fixes and values (in key order).
    func words(_ t: TooTight) -> (message: Prose, help: Prose, fixes: [TextEdit], values: [(key: String, value: Double)]) {
        var m = Prose(capacity: 160), h = Prose(capacity: 512)
        message(t, to: &m)
        let fixes = help(t, to: &h)
        return (m, h, fixes, values(t))
    }

    /// The finding's values, in key order.
    func values(_ t: TooTight) -> [(key: String, value: Double)] {
        let v = valueNumbers(t)
        return TooTightJSON.valueKeys.indices.map { (TooTightJSON.valueKeys[$0], v[$0]) }
    }

    /// The values' numbers, in `TooTightJSON.valueKeys`' order.
    func valueNumbers(_ t: TooTight) -> SIMD4<Double> {
        SIMD4(t.R, t.d, t.m, t.joint.map { joints[$0].target } ?? t.m + t.d)
    }

    /// The finding's message, said into `w`.
    func message<W: WordSink>(_ t: TooTight, to w: inout W) {
        let i = t.shape
        say(scene.shapes[i].container, to: &w)
        w.literal(" is too tight for `")
        w.id(i, in: scene.shapes)
        w.literal("`: at ")
        var first = true
        for k in Corner.four where t.corners & (1 << k.rawValue) != 0 {
            if !first { w.literal(", ") }
            w.text(k.name)
            first = false
        }
        w.literal(" the concentric radius ")
        w.concentric(t.R, minus: t.d)
        w.literal(" is below the minimum ")
        w.number(t.m)
    }

    /// The finding's help, said into `w`, and its fixes.
    func help<W: WordSink>(_ t: TooTight, to w: inout W) -> [TextEdit] {
        if let o = t.joint {
            w.text(joints[o].help)
            return joints[o].fixes
        }
        guard case .node(let j) = scene.shapes[t.shape].container else {
            w.prose("the \(scene.screen.outline)'s corner radius is \(n: t.R); inset this shape at most \(n: max(0, t.R - t.m)) pt from the corner, or let the minimum show")
            return []
        }
        return raiseHelp(j, t, to: &w)
    }

    /// The help that raises container `j`'s radius to what `t` needs, said into
    /// `w`, and its edits.
    func raiseHelp<W: WordSink>(_ j: Int, _ t: TooTight, to w: inout W) -> [TextEdit] {
        let needed = t.m + t.d
        switch t.raise {
        case .screen, .plain:
            w.prose("raise `\(scene.shapes[j].id)`'s radius to \(n: t.m) + \(n: t.d) = \(n: needed), not lower the minimum")
            return []
        case .bounded(let b):
            boundHelp(j, b, content: t.shape, m: t.m, d: t.d, to: &w)
            return []
        case .literal(let r), .expression(let r):
            let (help, fixes) = keptRaise(j, at: r, to: needed)
            w.text(help)
            return fixes
        case .binding(let name, let v, let edit, let r, let known):
            guard known ?? works(edit, name: name, for: t.shape) else {
                let (help, fixes) = keptRaise(j, at: r, to: needed)
                w.text(help)
                return fixes
            }
            w.prose("raise `\(scene.shapes[j].id)`'s radius `\(text(r))` to \(n: needed): set `\(name)` = \(n: v) (now \(n: env[name] ?? 0)), not lower the minimum")
            return [edit]
        }
    }

    /// The radius expression node `j` declares (`container rect e`), at `r`.
    func declaredExpr(_ j: Int, at r: SourceRange) -> Expr? {
        for it in nodes.items(j) {
            if case .container(.radii(.rect, let es)) = it.value, es.count == 1, es[0].range == r { return es[0] }
        }
        return nil
    }
}

/// A container-too-tight finding's JSON around its words, made once by
/// `JSONWriter`'s own functions (`appendHead`, `appendValueKey`): nearly every
/// node of a grid writes one. (`WordSinkTests` compares whole documents with the
/// built findings'; debug builds compare each finding.)
enum TooTightJSON {
    /// The values' keys, in key order (`Context.valueNumbers` gives their numbers).
    static let valueKeys = ["containerRadius", "distance", "minimum", "neededRadius"]
    /// Up to the message's opening quote.
    static let head: [UInt8] = JSONWriter.bytes {
        JSONWriter.appendHead(severity: DiagnosticCode.containerTooTight.severity, code: DiagnosticCode.containerTooTight.rawValue, to: &$0)
        $0.byte(0x22)
    }
    /// What goes before each value's number: `, "values": {"containerRadius": `, `, "distance": `, …
    static let beforeValue: [[UInt8]] = valueKeys.indices.map { k in
        JSONWriter.bytes { JSONWriter.appendValueKey(k, valueKeys[k], to: &$0) }
    }
}

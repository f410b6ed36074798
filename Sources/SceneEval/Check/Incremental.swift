// The checker after an edit (the REPL, `scene lsp`): a top-level node's
// findings are made again only when the edit may have changed them.
//
// Every rule about a shape reads that shape, the shapes up its chain of
// containers and parents (all in its top-level node), the node's text, the
// values of the bindings that text names, and the screen, target and margin.
// So what a top-level node's shapes found (pass by pass, `Context.passes`: the
// one list `run` iterates too) is kept
// per node and reused when the caller says its subtree and statement are the
// ones last checked (its `version`; only moved in the text, then every range
// moves with it), at the same place among the scene's shapes (so its
// unlabelled `node-N` names are too), under the same screen, target and margin.
//
// What crosses top-level nodes is made again every time, over the reused and
// the new parts together: the joint fixes (`reconcile`, which reads every
// node's demands and the whole file's uses of a name), and the verification
// budget — a part whose check asked to try a binding edit
// (`Checker.maxVerifications`, the first ones asked for in document order,
// each tried against the whole file) is never reused, so every part that asks
// asks again, in order, as a full check would. IncrementalCheckTests compares
// the result with a full check after every random edit.
import SceneLang

/// One top-level node, as the caller knows it across edits.
public struct CheckRoot: Sendable {
    /// Stable across edits (the REPL's entry id).
    public var id: Int
    /// Changes whenever the node's statement or resolved subtree may have
    /// changed other than by moving in the text.
    public var version: Int
    /// The statement's byte offset in the file.
    public var offset: Int

    public init(id: Int, version: Int, offset: Int) {
        self.id = id; self.version = version; self.offset = offset
    }
}

/// What one check left for the next, per top-level node.
public struct CheckCache: Sendable {
    struct Part: Sendable {
        var version: Int
        /// The node's first shape in the scene, and how many its subtree has.
        var base: Int
        var count: Int
        /// The text offset its findings' ranges are for.
        var offset: Int
        /// Its findings, pass after pass (`Context.passes`); `ends[k]` is where pass k's end.
        var findings: [Finding] = []
        var ends: [Int] = []
        /// `Context.demands` and `containerEdits` for its containers, findings numbered within `findings`.
        var demands: [(j: Int, needed: Double, findings: [Int])] = []
        var containerEdits: [(i: Int, findings: [Int])] = []
        /// The names its subtree uses (`Context.namesUsed(by:)`, for `unusedBindings`),
        /// and the top-level node's items they were read from: while a later check's
        /// node has the very same items (`Items.sameStorage`), its text is the same,
        /// and so are the names, whatever else changed (a binding's value).
        var names: [String] = []
        var namesFrom: Items = []

        mutating func shift(by d: Int) {
            for k in findings.indices { findings[k].shift(by: d) }
            offset += d
        }
    }

    var parts: [Int: Part] = [:]
    var screen: Screen? = nil
    var target: Target? = nil
    var margin: Double? = nil
    /// For tests only: reuse a part whatever its version says (a broken cache
    /// that IncrementalCheckTests must catch).
    var ignoresVersions = false

    public init() {}

    /// Nothing kept.
    public mutating func clear() {
        parts = [:]
        screen = nil
    }

    /// How many top-level nodes the last check reused (for tests and timing).
    public internal(set) var reused = 0
}

extension Checker {
    /// Every finding, as `findings(_:ast:file:after:)` gives them, reusing what
    /// `cache` kept for each top-level node that is unchanged (`roots`: one per
    /// top-level node, in order; see `CheckRoot`), and the cache for the next check.
    public static func findings(_ scene: ResolvedScene, ast: Scene, file: SourceFile, after leading: [Diagnostic] = [],
                                roots: [CheckRoot], cache: CheckCache) -> (Findings, CheckCache) {
        var c = Context(scene: scene, ast: ast, file: file)
        var next = CheckCache()
        next.screen = scene.screen
        next.target = scene.target
        next.margin = scene.margin
        next.ignoresVersions = cache.ignoresVersions
        var starts: [Int] = []
        starts.reserveCapacity(roots.count)
        for i in scene.shapes.indices where scene.shapes[i].parent == nil { starts.append(i) }
        guard starts.count == roots.count else {
            c.run()
            return (c.finish(after: leading), next)
        }
        let sameSettings = cache.screen == scene.screen && cache.target == scene.target && cache.margin == scene.margin
        var parts: [CheckCache.Part] = []
        parts.reserveCapacity(roots.count)
        for (k, root) in roots.enumerated() {
            let base = starts[k], end = k + 1 < starts.count ? starts[k + 1] : scene.shapes.count
            if var p = cache.parts[root.id], p.base == base, p.count == end - base,
               cache.ignoresVersions || (sameSettings && p.version == root.version) {
                if p.offset != root.offset { p.shift(by: root.offset - p.offset) }
                p.version = root.version
                next.reused += 1
                next.parts[root.id] = p
                parts.append(p)
            } else {
                let known = cache.parts[root.id].flatMap { $0.namesFrom.sameStorage(as: c.nodes.items(base)) ? $0.names : nil }
                let (p, reusable) = c.checkPart(base..<end, version: root.version, offset: root.offset, names: known)
                if reusable { next.parts[root.id] = p }
                parts.append(p)
            }
        }
        c.assemble(parts)
        c.rootNames = parts.map(\.names)
        c.reconcile()
        return (c.finish(after: leading), next)
    }
}

extension Context {
    /// The findings of shapes `range` (one top-level node's subtree), and
    /// whether they may be reused: not when checking them asked to try an edit.
    /// `names`: the names the subtree uses, when known from an earlier check of the same text.
    mutating func checkPart(_ range: Range<Int>, version: Int, offset: Int, names: [String]? = nil) -> (CheckCache.Part, Bool) {
        let asked = trials.asked
        var p = CheckCache.Part(version: version, base: range.lowerBound, count: range.count, offset: offset)
        findings = []
        demands = [:]
        containerEdits = [:]
        // The same passes as `run`, over this subtree; findings numbered within it.
        for pass in Self.passes {
            pass.run(&self, range)
            p.ends.append(findings.count)
        }
        p.findings = findings
        findings = []
        for (j, d) in demands { p.demands.append((j, d.needed, d.findings)) }
        for (i, f) in containerEdits { p.containerEdits.append((i, f)) }
        assert(names == nil || names! == Self.namesUsed(by: nodes[range.lowerBound]))
        p.names = names ?? Self.namesUsed(by: nodes[range.lowerBound])
        p.namesFrom = nodes.items(range.lowerBound)
        return (p, trials.asked == asked)
    }

    /// The parts' findings in the order a full check makes them (pass by pass,
    /// each over every part in order), with the demands and container edits
    /// `reconcile` reads.
    mutating func assemble(_ parts: [CheckCache.Part]) {
        var total = 0
        for p in parts { total += p.findings.count }
        var records: [Finding] = []
        records.reserveCapacity(total)
        demands = [:]
        containerEdits = [:]
        // Where part q's pass k starts among the records, less where it starts in the part.
        var starts = [[Int]](repeating: [], count: parts.count)
        for k in Self.passes.indices {
            for (q, p) in parts.enumerated() {
                let from = k == 0 ? 0 : p.ends[k - 1]
                starts[q].append(records.count - from)
                records += p.findings[from..<p.ends[k]]
            }
        }
        // (`reconcile` reads the demands only for a container that another finding edits.)
        if parts.contains(where: { !$0.containerEdits.isEmpty }) {
            for (q, p) in parts.enumerated() {
                func at(_ f: Int) -> Int { f + starts[q][p.ends.firstIndex { f < $0 } ?? 0] }
                for d in p.demands { demands[d.j] = (d.needed, d.findings.map(at)) }
                for e in p.containerEdits { containerEdits[e.i] = e.findings.map(at) }
            }
        }
        findings = records
    }
}

extension Finding {
    /// Every source range `d` bytes on (the statement moved in the text).
    mutating func shift(by d: Int) {
        guard d != 0 else { return }
        func r(_ x: SourceRange) -> SourceRange { SourceRange(x.start + d, x.end + d) }
        switch self {
        case .built(var diag):
            diag.range = r(diag.range)
            for k in diag.fixes.indices { diag.fixes[k].range = r(diag.fixes[k].range) }
            self = .built(diag)
        case .tooTight(var t):
            switch t.raise {
            case .literal(let x): t.raise = .literal(r(x))
            case .expression(let x): t.raise = .expression(r(x))
            case .binding(let name, let value, let edit, let x, let works):
                // (Never kept: a part that asks to try an edit is checked again.)
                t.raise = .binding(name: name, value: value, edit: TextEdit(r(edit.range), edit.replacement), expression: r(x), works: works)
            case .screen, .plain, .bounded: break
            }
            self = .tooTight(t)
        case .overflow(var o):
            o.range = r(o.range)
            self = .overflow(o)
        case .uneven:
            break  // (no range kept: read from the shapes when built)
        }
    }
}

extension Findings {
    /// Every finding's code and range in order, as `code(at:)` and
    /// `range(at:)` give them, in one pass (the REPL keys each finding of two
    /// checks by them after every edit: one read of the context, not one a finding).
    public var codesAndRanges: [(code: DiagnosticCode, range: SourceRange)] {
        var out: [(code: DiagnosticCode, range: SourceRange)] = []
        out.reserveCapacity(count)
        for d in leading { out.append((d.id, d.range)) }
        guard let c = context else {
            for r in records { if case .built(let d) = r { out.append((d.id, d.range)) } }  // (no context: all built)
            return out
        }
        for r in records {
            switch r {
            case .built(let d): out.append((d.id, d.range))
            case .tooTight(let t): out.append((.containerTooTight, c.shapeRange(t.shape)))
            case .overflow(let o): out.append((.radiusOverflow, o.range))
            case .uneven(let u): out.append((.unevenSiblings, c.shapeRange(u.shape)))
            }
        }
        return out
    }
}

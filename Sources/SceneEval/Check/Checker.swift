// The concentric-corner checklist, applied by machine (docs/lint.md has a section per rule).
//
// Each rule reads the resolved scene (frames, radii, containers) and, where it
// needs what the user wrote (a container's radius expression, the `concentric`
// keyword to add a minimum after), the AST node of the same shape: the
// evaluator numbers shapes in document order, and so does `astNodes`.
// Findings are warnings (notes for `glass-unavailable`) with the numbers
// involved in `values` and, where the fix is mechanical, `fixes`.
import SceneLang

public enum Checker {
    /// Rule codes, in the order docs/lint.md lists them.
    public static let rules = DiagnosticCode.lintRules.map(\.rawValue)
    /// The checker's one tolerance, for every rule (docs/lint.md, "Tolerance"): a
    /// radius within this of the one a rule asks for is that radius, so a rule
    /// fires only when a radius is off by more (exactly 0.5 pt is not off).
    /// Rules that compare shapes with each other (`uneven-siblings`) allow it on
    /// each side: two radii each within it of one value are even.
    public static let tolerance = 0.5
    /// How many candidate binding changes one check compiles at most.
    public static let maxVerifications = 4
    /// The corner scale's inner radius (photos, small cards): the largest minimum suggested.
    public static let innerRadius = 16.0

    /// Every finding, built in full (help, values, fixes).
    public static func check(_ scene: ResolvedScene, ast: Scene, file: SourceFile) -> [Diagnostic] {
        Array(findings(scene, ast: ast, file: file))
    }

    /// The findings, each built when it is read (see `Findings`): what a report
    /// that shows some and counts the rest needs.
    public static func findings(_ scene: ResolvedScene, ast: Scene, file: SourceFile,
                                after leading: [Diagnostic] = []) -> Findings {
        var c = Context(scene: scene, ast: ast, file: file)
        c.run()
        return c.finish(after: leading)
    }

    /// The AST nodes in document (pre-)order: index i is `scene.shapes[i]`.
    static func astNodes(_ ast: Scene) -> [Node] {
        var out: [Node] = []
        var roots: [Node] = []
        for s in ast.statements { if case .node(let n) = s { roots.append(n) } }
        // Sibling arrays and positions on the stack, not copies of every node.
        var stack: [(siblings: [Node], next: Int)] = [(roots, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let at = stack[top].next
            guard at < stack[top].siblings.count else { stack.removeLast(); continue }
            stack[top].next += 1
            out.append(stack[top].siblings[at])
            if !stack[top].siblings[at].children.isEmpty { stack.append((stack[top].siblings[at].children, 0)) }
        }
        return out
    }
}

struct CornerMiss {
    var corner: Corner
    /// As drawn.
    var radius: Double
    /// R − d at that corner.
    var concentric: Double
    /// d there.
    var distance: Double = 0
}

/// One pass of rules over a run of shapes: the whole scene, or one top-level
/// node's subtree (see `Context.passes`).
struct RulePass: Sendable {
    let name: String
    let run: @Sendable (inout Context, Range<Int>) -> Void
}

struct Context {
    let scene: ResolvedScene
    let file: SourceFile
    /// The AST node of each shape (`NodeIndex`: found when asked for, not copied).
    let nodes: NodeIndex
    let env: [String: Double]
    let bindingExprs: [String: (Expr, SourceRange)]
    let statements: [Statement]
    /// The findings so far: built, or (container-too-tight, radius-overflow,
    /// uneven-siblings) to be built when read.
    var findings: [Finding] = []
    /// Findings the next one recorded takes room for (`record`): set by `run`
    /// to one a shape, spent by the first finding, 0 otherwise.
    var findingRoom = 0
    /// Candidate binding edits and what trying them showed (see `works`); shared
    /// with the `Findings`, which try the edits their findings' helps need.
    var trials = Trials()
    /// Radius-overflow findings built once per kind of node (RadiusOverflow.swift).
    let overflowTemplates = OverflowTemplates()
    /// The fixes `reconcile` computed together, for container-too-tight findings (`TooTight.joint`).
    var joints: [(help: String, fixes: [TextEdit], target: Double)] = []
    /// Container node → the radius its content needs (container-too-tight)
    /// and those findings; container node → findings that edit its declared
    /// container (shape-mismatch, flared/pinched). See `reconcile`.
    var demands: [Int: (needed: Double, findings: [Int])] = [:]
    var containerEdits: [Int: [Int]] = [:]
    /// The last flared/pinched finding's edit of its node's drawn shape (`fixedNearCorner`),
    /// which shape-mismatch on the same node follows when it draws the declared container.
    var drawnFix: (node: Int, edit: TextEdit, code: DiagnosticCode)? = nil
    /// Node → the padding between it and its container (see `padding(_:)`).
    var paddingMemo = PaddingMemo()
    /// Container → how round it may be (`radiusBound`), for the containers content was too tight in.
    var boundMemo: [Int: RadiusBound] = [:]
    /// The last of them asked for (`tooTight`), read before the table.
    var lastBound: (j: Int, bound: RadiusBound)? = nil
    /// The last container's outline `tightCorners` asked for (`ResolvedScene.outer(of:)`):
    /// siblings come one after another, and each would read its container's box again.
    var lastOuter: (of: ContainerRef, outer: Outer)? = nil
    /// Rounded ancestor that declares no container → the radius its concentric
    /// content needs (AncestorTight.swift), for `missing-container-shape`'s fix.
    var ancestorNeeds: [Int: Double] = [:]
    /// Each shape's nearest ancestor that clips to a rounded shape (ClipAbove.swift).
    let clipAbove: ClipAbove
    var rootNames: [[String]]? = nil  // each top-level node's used names, kept by Incremental.swift (nil: walk them)

    init(scene: ResolvedScene, ast: Scene, file: SourceFile) {
        self.scene = scene
        self.file = file
        self.nodes = NodeIndex(ast, shapes: scene.shapes)
        self.clipAbove = ClipAbove(scene)
        self.statements = ast.statements
        var env: [String: Double] = [:]
        for b in scene.bindings { env[b.name] = b.value }
        self.env = env
        var exprs: [String: (Expr, SourceRange)] = [:]
        for s in ast.statements { if case .binding(let n, let e, _) = s, exprs[n.name] == nil { exprs[n.name] = (e, e.range) } }
        self.bindingExprs = exprs
    }

    var ios26: Bool { scene.target == .ios26 }
    func n(_ v: Double) -> String { Format.number(v) }
    func text(_ r: SourceRange) -> String { file.text(r.start..<r.end) }

    mutating func add(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                      help: String?, values: [String: Double] = [:], fixes: [TextEdit] = []) {
        var d = Diagnostic(code, message, at: range, help: help, values: values)
        d.fixes = fixes
        record(.built(d))
    }

    /// Appends finding `f`. While a whole check's rules run (`run`), the first
    /// takes room for a finding on every shape (`findingRoom`, then spent): a
    /// scene where every node warns fills it without copying it as it grows, and
    /// one where no rule finds anything takes none. (`finish` hands over a
    /// right-sized copy when far fewer came, so a result kept by the REPL or the
    /// language server does not hold the room; the incremental checker's parts,
    /// each a top-level node's, and `finish`'s own findings take none.)
    mutating func record(_ f: Finding) {
        if findingRoom > 0 {
            findings.reserveCapacity(findings.count + findingRoom)
            findingRoom = 0
        }
        findings.append(f)
    }

    /// The container a shape sits in: the nearest ancestor that declares one, else the screen.
    func context(of i: Int) -> ContainerRef { scene.shapes[i].enclosing }

    func name(_ ref: ContainerRef) -> String {
        var p = Prose(capacity: 24)
        say(ref, to: &p)
        return p.string
    }

    /// `name(ref)`, said into `w`.
    func say<W: WordSink>(_ ref: ContainerRef, to w: inout W) {
        switch ref {
        case .node(let j): w.literal("`"); w.id(j, in: scene.shapes); w.literal("`")
        default: w.literal("the "); w.text(scene.screen.noun)
        }
    }

    /// The range to underline for shape `i`: the clause that draws it (grammar
    /// rule 2): its own shape, else its glass shape (`glass concentric min 30`),
    /// else its first background (`drawnClause`'s range, without its text), else
    /// its container's, else the whole node.
    func shapeRange(_ i: Int) -> SourceRange {
        scene.shapes[i].shapeRange ?? drawnLayer(i)?.item ?? scene.shapes[i].containerRange ?? scene.shapes[i].range
    }

    /// The item node `i` draws its shape from, and that shape as written (without
    /// `glass` or `background`): its shape item, else its drawn layer; nil when it draws
    /// none of these.
    func drawnClause(_ i: Int) -> (range: SourceRange, written: String)? {
        if let r = scene.shapes[i].shapeRange { return (r, text(r)) }
        return drawnLayer(i).map { ($0.item, text($0.range)) }
    }

    /// The layer node `i` draws, when it has no shape item (grammar rule 2): its glass
    /// shape, else its first `background`; with its item's range, its word (`glass`,
    /// `background`) and the range of the shape as written inside the item (`rect 20` in
    /// `background rect 20`), where a fix rewrites the drawn shape.
    func drawnLayer(_ i: Int) -> (shape: ShapeExpr, item: SourceRange, range: SourceRange, word: String)? {
        guard scene.shapes[i].shapeRange == nil, scene.shapes[i].kind != .group,
              let d = nodes.items(i).drawnItem, d.use == .glass || d.use == .background else { return nil }
        let inner = SourceRange(d.range.end - Self.afterWord(text(d.range)).utf8.count, d.range.end)
        return (d.shape, d.range, inner, d.use.layerName)
    }

    /// The range of the shape node `i` draws as written: its shape item, else its drawn layer's shape.
    func drawnShapeRange(_ i: Int) -> SourceRange? {
        scene.shapes[i].shapeRange ?? drawnLayer(i)?.range
    }

    /// An item's text after its first word (`glass rect 20` → `rect 20`).
    static func afterWord(_ s: String) -> String {
        String(s.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" })
    }

    /// The rule passes, in the order their findings come out: the one list that
    /// `run()` and the incremental checker (Incremental.swift) both iterate. A
    /// rule about one shape goes into `checkShape`; a rule over a run of shapes
    /// (a subtree: never reading another top-level node) is a pass here. What
    /// crosses top-level nodes is `reconcile`, run after every pass.
    static let passes: [RulePass] = [
        RulePass(name: "per-shape") { c, shapes in for i in shapes { c.checkShape(i) } },
        RulePass(name: "missing-container-shape") { c, shapes in c.missingContainers(in: shapes) },
        RulePass(name: "uneven-siblings") { c, shapes in c.unevenSiblings(in: shapes) },
    ]

    mutating func run() {
        findingRoom = scene.shapes.count
        for pass in Self.passes { pass.run(&self, scene.shapes.indices) }
        findingRoom = 0  // (none came: `finish`'s unused bindings take no room)
        reconcile()
    }

    /// The rules about one shape (its findings in the order `run` makes them).
    mutating func checkShape(_ i: Int) {
        // Each rule reads a field or two of the shape before it copies it: most
        // shapes pass most rules, and a copy of a shape is a dozen reference counts.
        let kind = scene.shapes[i].kind
        if kind == .group { return }
        // (Set by this shape's fixedNearCorner, read by its containerMatchesDrawn; tested first:
        // storing nil over nil still released the old value's string, every shape.)
        if drawnFix != nil { drawnFix = nil }
        var reported = false
        if ios26, kind == .concentric, tooTight(i) || tightAgainstAncestor(i) { reported = true }
        if fixedNearCorner(i) { reported = true }
        if !reported { inversion(i) }
        missingMinimum(i)
        relativeInsets(i)
        pill(i)
        layers(i)
        containerMatchesDrawn(i)
        screenEdge(i)
        radiusOverflow(i)
        squareFallback(i)
        glassOnGlass(i)
        if scene.shapes[i].glass, !ios26 {
            let window = scene.screen.isWindow
            add(.glassUnavailable, "Liquid Glass is not available before \(Target.ios26.release(onWindow: window))", at: glassRange(i),
                help: "under `target \(Target.ios18.name(onWindow: window))` draw a material or a plain fill instead")
        }
    }

    func glassRange(_ i: Int) -> SourceRange {
        let node = nodes[i]
        for it in node.items { if case .glass = it.value { return it.range } }
        return scene.shapes[i].range
    }

    // MARK: flared-corner / pinched-corner

    mutating func fixedNearCorner(_ i: Int) -> Bool {
        guard scene.shapes[i].kind.hasFixedCorners else { return false }
        // Its declared container, or a nearer ancestor that is visibly rounded
        // and declares none (`ResolvedScene.nestingReference`).
        let ref = scene.nestingReference(of: i)
        let (flared, pinched, concentric, uncapped) = concentricCorners(i, against: ref)
        guard let first = flared.first ?? pinched.first else { return false }
        let sh = scene.shapes[i]  // (copied only for a finding)
        let isFlared = !flared.isEmpty
        let list = isFlared ? flared : pinched
        let want = first.concentric
        let code: DiagnosticCode = isFlared ? .flaredCorner : .pinchedCorner
        // Capped at half the shorter side: that radius, or the capsule it makes.
        let capped = uncapped > 0 && abs(want - radiusCap(i)) < 1e-9
        let capsule = capped && concentric.isUniform ? ", or `capsule`" : ""
        let how = isFlared ? "rounder" : "squarer"
        let (help, fixes, extra) = fixedCornerHelp(i, ref, first, isFlared: isFlared, concentric: concentric, capsule: capsule,
                                                   missed: Set((flared + pinched).map(\.corner)))
        if sh.isContainer, fixes.contains(where: { $0.range == sh.containerRange }) { containerEdit(i, finding: findings.count) }
        if sh.isContainer, let r = drawnShapeRange(i), let e = fixes.first(where: { $0.range == r }) { drawnFix = (i, e, code) }
        add(code,
            "`\(sh.id)` is \(how) than \(name(ref)) at \(list.map(\.corner.name).joined(separator: ", ")): radius \(n(first.radius)), concentric would be \(capped ? "\(n(uncapped)), at most \(n(want)) (half its shorter side)" : n(want))",
            at: shapeRange(i), help: help, values: extra.merging(["radius": first.radius, "concentricRadius": want]) { a, _ in a }, fixes: fixes)
        return true
    }

    /// Fixed shape `i`'s corners against `ref`: those flared and pinched as drawn, each
    /// corner as the concentric radius would draw it (the ones at the corner), and the
    /// largest concentric radius the cap at half the shorter side held back (0: none).
    func concentricCorners(_ i: Int, against ref: NestingReference)
        -> (flared: [CornerMiss], pinched: [CornerMiss], concentric: Radii, uncapped: Double) {
        var flared: [CornerMiss] = [], pinched: [CornerMiss] = []
        var concentric = scene.shapes[i].radii  // (the radii alone: the shape is not copied)
        // No corner can be rounder than half the shape's shorter side (radius-overflow
        // and the clamp): the concentric radius is capped there (HelpCaps.swift), so no
        // help leads into another finding (`rect 32`, or `capsule`, for a 64 × 64 shape that would be 38).
        var uncapped = 0.0
        let outer = scene.outer(of: ref, for: i)
        for k in Corner.four {
            let (R, d, full) = scene.concentricRadius(k, of: i, in: outer)
            let want = allowedRadius(full, for: i)
            // The display clips what runs into its corner: full-bleed is fine there.
            if ref.ancestor == .screen, d == 0 { continue }
            // Away from the corner it stays, but never rounder than the corner
            // there (radius-inversion).
            guard d < R else { if R > 0 { concentric[k] = min(concentric[k], R) }; continue }
            concentric[k] = want
            if want < full { uncapped = max(uncapped, full) }
            // As drawn: a corner cut by an ancestor's clip takes the clip's curve.
            let r = scene.drawnRadius(k, of: i) { j in clipAbove[j] }
            if r > want + Checker.tolerance { flared.append(CornerMiss(corner: k, radius: r, concentric: want, distance: d)) }
            else if r < want - Checker.tolerance { pinched.append(CornerMiss(corner: k, radius: r, concentric: want, distance: d)) }
        }
        return (flared, pinched, concentric, uncapped)
    }

    /// The help and fixes of a flared or pinched shape `i`: `concentric` is each
    /// corner as the concentric radius draws it (capped at half the shorter side),
    /// the others as they are; `first` the corner the message names.
    mutating func fixedCornerHelp(_ i: Int, _ ref: NestingReference, _ first: CornerMiss, isFlared: Bool,
                                  concentric: Radii, capsule: String, missed: Set<Corner> = Set(Corner.allCases))
        -> (String, [TextEdit], [String: Double]) {
        let sh = scene.shapes[i]
        let want = first.concentric
        // The concentric radius as a shape: one number, or each corner its own.
        let drawn = concentric.isUniform ? "rect \(n(want))" : "uneven(\(concentric.values.map(n).joined(separator: ", ")))"
        // A minimum no other rule objects to once it is concentric (container-too-tight, radius-inversion).
        let largest = minimumCap(i)
        var m = allowedMinimum(min(first.radius, want).rounded(), for: i)
        var minimum = n(m)
        // Pinched: the radius as written becomes the minimum (`rect r` → `concentric min r`).
        var named = false
        if !isFlared, first.radius <= largest, let e = drawnRect(i), !ExprValue.names(e).isEmpty {
            minimum = minimumText(text(e.range))
            named = true
        }
        // One of a row of the same shape in the container: keep the row even (AncestorRow.swift).
        if ref.outline == .container, case .node = ref.ancestor, let row = rowHelp(i, ref, isFlared: isFlared, declared: true) {
            return (row.help, row.fixes, row.values)
        }
        // The corners the finding is not about keep what they draw (KeepCorners.swift);
        // a node that declares a container keeps one radius (fixed with its content, `reconcile`).
        var cornerByCorner = false
        if !named, sh.containerRange == nil {
            let kept = keptCorners(i, ref, missed: missed, minimum: m, concentric: concentric)
            if let lower = kept.minimum { m = lower; minimum = n(m) }
            cornerByCorner = kept.cornerByCorner
        }
        guard let r = drawnShapeRange(i) else {
            // The container shape is what is drawn: it cannot become concentric.
            let decl = Radii(all: want).containerDeclaration
            return ("use the concentric radius: `\(decl)`", sh.containerRange.map { [TextEdit($0, decl)] } ?? [], [:])
        }
        // Against an ancestor that declares no container, `concentric` would follow
        // the container above it: the fix is the concentric number, and the help
        // gives the iOS 26 spelling too (declare the ancestor's shape, follow it).
        if ref.outline != .container, case .node(let a) = ref.ancestor {
            // One of a row of the same shape: keep the row even (AncestorRow.swift).
            if let row = rowHelp(i, ref, isFlared: isFlared) { return (row.help, row.fixes, row.values) }
            var fixed = drawn, fixes = [TextEdit(r, drawn)]
            // A radius written with names keeps them (KeepNames.swift): adjusted, or, corner by
            // corner, on the corners it keeps (`uneven(8, thumbR, thumbR, 8)`).
            if let e = drawnRect(i), !ExprValue.names(e).isEmpty {
                if concentric.isUniform {
                    fixes = []
                    if let kept = adjusted(e, to: want) { fixed = "rect " + kept; fixes = [TextEdit(e.range, kept)] }
                } else {
                    fixed = unevenKeepingNames(i, e, concentric)
                    fixes = [TextEdit(r, fixed)]
                }
            }
            let decl = scene.outer(of: ref).radii.containerDeclaration, who = scene.shapes[a].id
            let raise = isFlared ? raiseAncestorWords(i, ref, a) : ""
            // An ancestor that only clips (a grouped list's section) draws nothing: a container
            // declared there would be drawn (grammar rule 2), so that way is not offered.
            if scene.shapes[a].kind == .group { return ("use the concentric radius: `\(fixed)`\(capsule)\(raise)", fixes, [:]) }
            return ("use the concentric radius: `\(fixed)`\(capsule)\(raise); or, on iOS 26, declare `\(who)`'s shape as its container and follow it: `\(decl)` on `\(who)`, `concentric min \(minimum)` on `\(sh.id)`", fixes, [:])
        }
        // Switch the drawn shape to concentric, keeping a minimum no larger than
        // the concentric radius; a container declared with the same radii follows.
        var fixes = [TextEdit(r, cornerByCorner ? drawn : "concentric min \(minimum)")]
        if let cr = sh.containerRange, sh.containerRadii == sh.radii, sh.containerKind?.hasFixedCorners == true {
            fixes.append(TextEdit(cr, cornerByCorner ? concentric.containerDeclaration : Radii(all: want).containerDeclaration))
        }
        if cornerByCorner {
            return ("use the concentric radius where it is off, keeping the other corners: `\(drawn)`\(capsule); or make it concentric (`concentric min \(minimum)`), which changes those too", fixes, [:])
        }
        return ("make it concentric (`concentric min \(minimum)`), or use the concentric radius: `\(drawn)`\(capsule)", fixes, [:])
    }

    /// What a finding measured against: the container, or an ancestor's clip or outline.
    func name(_ ref: NestingReference) -> String {
        switch (ref.outline, ref.ancestor) {
        case (.clip, .node(let a)): return "`\(scene.shapes[a].id)`'s clip"
        case (.drawn, .node(let a)): return "`\(scene.shapes[a].id)`'s outline (it declares no container)"
        default: return name(ref.ancestor)
        }
    }

    // MARK: radius-inversion

    mutating func inversion(_ i: Int) {
        // Capsules and circles are concentric by nature (buttons, badges, pills).
        guard !scene.shapes[i].kind.concentricByNature else { return }
        guard case .node(let j) = context(of: i), let cr = scene.shapes[j].containerRadii else { return }
        let radii = scene.shapes[i].radii
        func isInverted(_ k: Corner) -> Bool { radii[k] > cr[k] + Checker.tolerance && cr[k] > 0 }
        // (Nothing copied or built for the nodes, nearly all, with none.)
        guard Corner.four.contains(where: isInverted) else { return }
        let sh = scene.shapes[i]
        let inverted = Corner.four.filter(isInverted)
        guard let k = inverted.first else { return }
        let c = scene.shapes[j].id
        let how = sh.kind == .concentric ? "lower `\(sh.id)`'s minimum" : "make `\(sh.id)` concentric"
        // Every corner involved: one pair of numbers when they share it, else each its own.
        let same = inverted.allSatisfy { sh.radii[$0] == sh.radii[k] && cr[$0] == cr[k] }
        let at = same
            ? inverted.map(\.name).joined(separator: ", ") + ": \(n(sh.radii[k])) inside \(n(cr[k]))"
            : inverted.map { "\($0.name) (\(n(sh.radii[$0])) inside \(n(cr[$0])))" }.joined(separator: ", ")
        let highest = inverted.map { sh.radii[$0] }.max() ?? sh.radii[k]
        add(.radiusInversion,
            "`\(sh.id)` has a larger radius than its container `\(c)` at \(at)",
            at: shapeRange(i),
            help: "never put a larger radius inside a smaller one: raise `\(c)`'s radius to at least \(n(highest)), or \(how)",
            values: ["radius": sh.radii[k], "containerRadius": cr[k]])
    }

    // MARK: missing-minimum

    mutating func missingMinimum(_ i: Int) {
        guard let spec = scene.shapes[i].concentricSpec,
              Corner.four.contains(where: { spec.isBare($0) })
        else { return }
        let sh = scene.shapes[i]
        // A square corner in a square container corner is right: only corners whose
        // container is rounded there count.
        let cr = scene.outer(of: context(of: i)).radii
        var square: [String] = []
        for k in Corner.four {
            if spec.isBare(k), sh.radii[k] == 0, cr[k] > 0 { square.append(k.name) }
        }
        guard !square.isEmpty else { return }
        // Suggest its smallest rounded corner, else its container's radius, capped
        // at the corner scale's inner radius for photos and small cards (16).
        var outer = 0.0
        if case .node(let j) = context(of: i) { outer = scene.shapes[j].containerRadii?.max ?? 0 }
        // …and no larger than what it may keep at the container's corner (no container-too-tight follows).
        let suggestion = allowedMinimum(Self.suggestedMinimum(sh.radii, containerRadius: outer), for: i)
        let why = ios26 ? "resolves to a square corner at \(square.joined(separator: ", "))"
            : "falls back to square corners under `target ios18` (at \(square.joined(separator: ", ")))"
        var help = "add a minimum, e.g. `concentric min \(n(suggestion))`: the radius it keeps when it stands alone"
        if suggestion < 1, let (d, R) = farCorner(i) {
            // No rounded minimum fits: it would win over R − d at a corner (container-too-tight).
            // `min 0` says square is meant; a rounded corner needs the container rounder, or the shape nearer.
            let want = Self.suggestedMinimum(sh.radii, containerRadius: R)
            var rounder = "give the container a radius of at least \(n(d + want)) (\(n(d)) + \(n(want))) for a \(n(want))-pt corner"
            if case .node(let j) = scene.shapes[i].enclosing {
                // No rounder than the container may be (half its side, its own container: HelpCaps.swift).
                let bound = radiusBound(j)
                if d + want > bound.radius + Checker.tolerance {
                    let most = (bound.radius - d).rounded(.down)
                    rounder = most >= 1
                        ? "give the container a radius of \(n(d + most)), the most it may have (\(bound.why)), for a \(n(most))-pt corner"
                        : "the container may be at most \(n(bound.radius)) round (\(bound.why)): move it nearer the corner"
                }
            } else {
                rounder = "move it within \(n(R - want)) pt of the screen's corner for a \(n(want))-pt corner"
            }
            help = "no rounded minimum fits: it is \(n(d)) pt in from its container's \(n(R))-pt corner, so any minimum "
                + "would win over R − d (`container-too-tight`); \(rounder), or write `concentric min 0` if square is meant"
        }
        add(.missingMinimum, "`\(sh.id)` has no minimum and \(why)", at: shapeRange(i),
            help: help, values: ["suggestedMinimum": suggestion], fixes: minimumEdits(i, suggestion))
    }

    /// Insert `min N` after each `concentric` that has none.
    func minimumEdits(_ i: Int, _ m: Double) -> [TextEdit] {
        let node = nodes[i]
        // The keyword as the shape-kind table spells it.
        let word = ShapeKind.concentric.rawValue
        var edits: [TextEdit] = []
        for it in node.items {
            let shape: ShapeExpr
            switch it.value {
            case .shape(let s), .glass(let s?): shape = s
            case .background(let s) where drawnLayer(i)?.item == it.range: shape = s
            default: continue
            }
            guard case .concentric(let base, _, let clauses) = shape else { continue }
            let itemBytes = Array(file.bytes[it.range.start..<it.range.end])
            let covered = Set(clauses.flatMap { $0.set.corners })
            if case .concentric(nil) = base, covered.count < 4, let at = find(word, in: itemBytes) {
                let pos = it.range.start + at + word.utf8.count
                edits.append(TextEdit(SourceRange(pos, pos), " min \(n(m))"))
            }
            for c in clauses {
                guard case .concentric(nil) = c.spec else { continue }
                let bytes = Array(file.bytes[c.range.start..<c.range.end])
                if let at = find(word, in: bytes) {
                    let pos = c.range.start + at + word.utf8.count
                    edits.append(TextEdit(SourceRange(pos, pos), " min \(n(m))"))
                }
            }
            break
        }
        return edits
    }

    func find(_ word: String, in bytes: [UInt8]) -> Int? {
        let w = Array(word.utf8)
        guard bytes.count >= w.count else { return nil }
        for s in 0...(bytes.count - w.count) where Array(bytes[s..<s + w.count]) == w { return s }
        return nil
    }

    // MARK: pill-not-capsule

    mutating func pill(_ i: Int) {
        guard scene.shapes[i].role != nil else { return }
        let sh = scene.shapes[i]
        let pill = ShapeKind.pill
        guard let role = sh.role, sh.kind != pill else { return }
        var fixes: [TextEdit] = []
        if let r = sh.shapeRange {
            fixes = [TextEdit(r, pill.rawValue)]
            // Layers that matched the old shape follow it.
            for layer in sh.layers where layer.radii == sh.radii && layer.role != "transition" {
                fixes.append(TextEdit(layer.range, "\(layer.role) \(pill.rawValue)"))
            }
        }
        add(.pillNotCapsule, "`\(sh.id)` is a \(role.rawValue) but its shape is `\(sh.kind.rawValue)`, not a capsule",
            at: shapeRange(i), help: "buttons, badges and pills use `capsule`: concentric by nature", fixes: fixes)
    }

    // MARK: shape-mismatch, transition-shape

    mutating func layers(_ i: Int) {
        // (The box and two fields read through a pointer to the shape: a copy of it
        // is a dozen reference counts, every node of a glass list has a layer, and
        // `scene.shapes[i].extras` copied it.)
        let (extras, radii, kind) = scene.shapes.withUnsafeBufferPointer { b in
            precondition(b.indices.contains(i))  // (as `ResolvedShape.id(of:in:)`: a pointer is not bounds-checked)
            let p = b.baseAddress! + i
            return (p.pointee.extras, p.pointee.radii, p.pointee.kind)
        }
        // (A drawn glass layer, `glassIsDrawn`, is the shape itself: nothing to find.)
        guard let box = extras, box.hasLayers else { return }
        let layers = box.layers
        for layer in layers {
            if layer.role == "transition" {
                let regular = radii.max
                if layer.kind != .rect {
                    add(.transitionShape, "`transition` takes a `rect`, not `\(layer.kind.rawValue)`",
                        at: layer.range,
                        help: "matchedTransitionSource's clipShape accepts only RoundedRectangle: use `transition rect \(n(regular))`, the content's regular radius",
                        fixes: [TextEdit(layer.range, "transition rect \(n(regular))")])
                }
                continue
            }
            if layer.radii != radii || layer.kind.centredSquare != kind.centredSquare {
                add(.shapeMismatch,
                    "`\(scene.shapes[i].id)`'s \(layer.role) shape (\(layer.kind.rawValue) \(layer.radii)) differs from its shape (\(kind.rawValue) \(radii))",
                    at: layer.range,
                    help: "clip, background, glass and hit-testing use the same shape: remove `\(layer.role) …` or give it the node's shape")
            }
        }
    }
}

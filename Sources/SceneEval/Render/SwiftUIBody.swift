import SceneLang

/// Writes the View: the body mirrors the scene tree (see SwiftUIWriter's notes).
struct SwiftUIEmitter {
    let file: SourceFile
    let scene: ResolvedScene
    let fallback: ResolvedScene
    /// Under `--fallback relative`, the scene's minimum fallback, to tell which shape the fallback draws.
    var minimumFallback: ResolvedScene?
    let target: Target
    let viewName: String
    let enumName: String
    /// The syntax tree's nodes in pre-order (the resolved shapes' order), their items and tree links.
    var nodes: [Node] = []
    var items: [NodeItems] = []
    var parents: [Int?] = []
    var children: [[Int]] = []
    var roots: [Int] = []
    var definiteW: [Bool] = []
    var definiteH: [Bool] = []
    /// Each labelled node's subview name (lowerCamel from its label, never a type, member or keyword).
    var subviewNames: [Int: String] = [:]
    /// Each node's alignment of its children, and the screen's of the top-level nodes (SwiftUILayout).
    var alignments: [(fx: Double, fy: Double)] = []
    var rootAlignment: (fx: Double, fy: Double) = (0.5, 0.5)
    let bindings: [(name: Identifier, value: Expr, range: SourceRange)]
    /// The bindings' values, for the radii a shape cannot hold.
    let env: [String: Double]

    // What the code uses, so only that is written.
    var usesRect = false
    var usesNested = false
    /// The enum's ConcentricRectangles: name, code, and the nodes that use it (indices).
    var concentricShapes: [(name: String, code: ConcentricCode, users: [Int], asShape: Bool, filled: Bool)] = []
    /// `nested(minimum:uniform:fill:)`, the filled form of `nested`, is used.
    var usesNestedFill = false
    var usesGlass = false
    /// Adjacent glass siblings are grouped (`GlassGroup`, iOS 26's GlassEffectContainer).
    var usesGlassGroup = false
    /// A `role button` with glass is a Button in the glass button style (`glassButton`).
    var usesGlassButton = false
    /// The colour constants (`SwiftUIColors`): name, `Color(…)` code, first user.
    var colours: [(code: String, first: Int, depth: Int?, name: String)] = []
    var usesTransition = false
    var containerTypes: [String] = []
    /// Labelled nodes' subviews, by node index (written in document order).
    var subviews: [(index: Int, code: String)] = []
    var warnings: [Diagnostic] = []
    /// Notes raised while writing the current node's shapes, written above its code.
    var pending: [String] = []
    /// The radii SwiftUI draws for the shape just written, where they differ from the
    /// scene's (set by `shape`, read by `resolves`).
    var drawnOverride: Radii?

    init(ast: Scene, file: SourceFile, scene: ResolvedScene, fallback: ResolvedScene, target: Target,
         viewName: String, enumName: String) {
        self.file = file; self.scene = scene; self.fallback = fallback; self.target = target
        self.viewName = viewName; self.enumName = enumName
        var bs: [(Identifier, Expr, SourceRange)] = []
        var top: [Node] = []
        for s in ast.statements {
            switch s {
            case .binding(let n, let v, let r): bs.append((n, v, r))
            case .node(let n): top.append(n)
            default: break
            }
        }
        bindings = bs
        env = Dictionary(scene.bindings.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        flatten(top)
        nameSubviews()
        prepareAlignments()
    }

    /// Subview names, unique, in document order: `flared_corner` → `flaredCorner`; a name the
    /// file uses otherwise (`body`, `frame`) or a keyword (`self`) gets `View` after it.
    mutating func nameSubviews() {
        var taken: Set<String> = []
        for i in nodes.indices {
            guard let label = nodes[i].label?.name else { continue }
            let stem = SwiftNames.lowerCamel(label)
            var name = SwiftNames.isFree(stem) ? stem : stem + "View"
            var n = 2
            while taken.contains(name) || !SwiftNames.isFree(name) { name = stem + "View\(n)"; n += 1 }
            taken.insert(name)
            subviewNames[i] = name
        }
    }

    /// Pre-order, as the evaluator flattens (iteratively: nesting never touches the call stack).
    mutating func flatten(_ top: [Node]) {
        var stack: [(Node, Int?)] = top.reversed().map { ($0, nil) }
        while let (node, parent) = stack.popLast() {
            let i = nodes.count
            nodes.append(node); items.append(NodeItems(node)); parents.append(parent); children.append([])
            if let parent { children[parent].append(i) } else { roots.append(i) }
            for c in node.children.reversed() { stack.append((c, i)) }
        }
        definiteW = items.map { $0.width != nil }
        definiteH = items.map { $0.height != nil }
        // A spacer is 0 across its stack (and flexible along it).
        for i in nodes.indices where items[i].spacer != nil {
            switch parents[i].flatMap({ items[$0].stack }) {
            case .hstack?: definiteH[i] = true
            case .vstack?: definiteW[i] = true
            default: break
            }
        }
        // A stack fits its children on an axis where every child is definite (the evaluator's measure).
        for i in stride(from: nodes.count - 1, through: 0, by: -1) where items[i].stack != nil {
            if !definiteW[i] { definiteW[i] = children[i].allSatisfy { definiteW[$0] } }
            if !definiteH[i] { definiteH[i] = children[i].allSatisfy { definiteH[$0] } }
        }
    }

    var prefix: String { enumName + "." }
    /// The release the code targets and the one its fallback draws for: iOS 26 and iOS 18,
    /// or on a Mac window macOS 26 and macOS 15.
    var newRelease: String { scene.screen.isWindow ? "macOS 26" : "iOS 26" }
    var oldRelease: String { scene.screen.isWindow ? "macOS 15" : "iOS 18" }
    /// The platforms the file is for: a Mac window is a macOS view.
    var platforms: String { scene.screen.isWindow ? "os(macOS)" : "os(iOS) || os(macOS)" }

    mutating func note(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) -> String {
        warnings.append(Diagnostic(code, message, at: range, help: help))
        return "// note: " + message
    }

    // MARK: - The View

    /// The View. Nodes are written children first (reverse pre-order, a loop: nesting
    /// never touches the call stack), each from its children's finished code.
    mutating func viewStruct() -> String {
        var refs = [[String]](repeating: [], count: nodes.count)
        for i in stride(from: nodes.count - 1, through: 0, by: -1) {
            let kids = children[i].map { refs[$0] }
            for c in children[i] { refs[c] = [] }
            let code = view(i, kids)
            refs[i] = reference(i, code)
        }
        var lines = ["struct \(viewName): View {"]
        // The screen: the top-level nodes over it, as a node with children lays them out.
        let a = rootAlignment
        let name = Self.alignmentName(a.fx, a.fy)
        let along = name == ".center" ? "" : ", alignment: \(name)"
        var content: [String] = []
        if roots.count == 1 {
            content = refs[roots[0]]
        } else {
            content.append(name == ".center" ? "ZStack {" : "ZStack(alignment: \(name)) {")
            for r in roots { content += indent(refs[r], 4) }
            content.append("}")
            content = glassGroup(roots, content, spacing: nil)
        }
        content = modified(content, [".frame(maxWidth: .infinity, maxHeight: .infinity\(along))", ".ignoresSafeArea()"])
        let body = ["var body: some View {"] + indent(content, 4) + ["}"]
        let namespace = usesTransition ? ["@Namespace private var namespace", ""] : []
        lines += indent(namespace + body, 4)
        for s in subviews.sorted(by: { $0.index < $1.index }) { lines.append(""); lines.append(s.code) }
        lines.append("}")
        warnings.sort { $0.range.start < $1.range.start }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Siblings two or more of which are glass, in a `GlassGroup` (GlassEffectContainer on
    /// iOS 26, so that they blend and morph together as Apple's guidance asks).
    mutating func glassGroup(_ siblings: [Int], _ lines: [String], spacing: String?) -> [String] {
        guard siblings.filter({ items[$0].glass }).count >= 2 else { return lines }
        usesGlassGroup = true
        return [spacing.map { "GlassGroup(spacing: \($0)) {" } ?? "GlassGroup {"] + indent(lines, 4) + ["}"]
    }

    /// `code` with `modifiers` after it, the way Xcode indents them: under a closing brace at
    /// its level, else one level in (as the modifiers already there are).
    func modified(_ code: [String], _ modifiers: [String]) -> [String] {
        guard !modifiers.isEmpty, let first = code.first, let last = code.last else { return code + modifiers }
        let lead = { (s: String) in s.prefix { $0 == " " }.count }
        let trimmed = last.drop { $0 == " " }
        let n = trimmed.hasPrefix(".") ? lead(last) - lead(first) : trimmed.hasPrefix("}") ? lead(last) - lead(first) : 4
        return code + indent(modifiers, max(0, n))
    }

    func indent(_ lines: [String], _ n: Int) -> [String] {
        let pad = String(repeating: " ", count: n)
        return lines.map { $0.isEmpty ? $0 : pad + $0 }
    }

    /// How node i appears in its parent: its subview's name when labelled, else its code
    /// inline; then where it goes in the parent (its padding and alignment frame), so that
    /// a subview is the node itself, in the frame the scene gives it.
    mutating func reference(_ i: Int, _ code: [String]) -> [String] {
        if items[i].spacer != nil { return code }
        let place = placement(i)
        guard let label = nodes[i].label?.name, let name = subviewNames[i] else { return modified(code, place) }
        var doc = "    /// `\(label)`"
        if let role = items[i].role { doc += ", role \(role.rawValue)" }
        let property = [doc, "    private var \(name): some View {"] + indent(code, 8) + ["    }"]
        subviews.append((i, property.joined(separator: "\n")))
        return modified([name], place)
    }

    /// Node i's code from its children's: its content, then its modifiers (indented under
    /// it) in the order that keeps the scene's meaning, with the notes on it above.
    mutating func view(_ i: Int, _ kids: [[String]]) -> [String] {
        pending = []
        if let minimum = items[i].spacer {
            // A view of its own, inline (its label as a comment): nothing to place or draw.
            let label = nodes[i].label.map { "  // \($0.name)" } ?? ""
            return [(minimum.map { "Spacer(minLength: \(SwiftSource.expr($0, prefix: prefix)))" } ?? "Spacer()") + label]
        }
        var lines = content(i, kids)
        if items[i].role == .button { lines = button(lines) }
        var modifiers = frames(i)
        modifiers += shapeModifiers(i)
        let notes = placementNotes(i) + pending
        return notes + modified(lines, modifiers)
    }

    /// A stack, the children over the node (ZStack; the child itself when it is the only
    /// one), the filled shape of a leaf, or nothing drawn.
    mutating func content(_ i: Int, _ kids: [[String]]) -> [String] {
        let it = items[i]
        if it.stack == nil || it.stack == .zstack, kids.count == 1 { return kids[0] }
        if it.stack != nil || !kids.isEmpty {
            var lines = [stackOpening(i)]
            for code in kids { lines += indent(code, 4) }
            return glassGroup(children[i], lines + ["}"], spacing: it.stack == .zstack || it.stack == nil ? nil : spacing(i))
        }
        if let s = it.filled {
            let colour = fill(i)
            return [shape(s, i, fill: colour) + resolves(i, role: nil)]
        }
        return ["Color.clear"]
    }

    func spacing(_ i: Int) -> String {
        items[i].spacing.map { SwiftSource.expr($0, prefix: prefix) } ?? SwiftSource.number(Evaluator.defaultSpacing)
    }

    /// `.frame(width:height:)` for the sizes written; `.frame(maxWidth: .infinity, …)` on the
    /// axes where a stack or a node with children fills what it is given.
    /// `.fixedSize(…)` where a fitting stack holds an alignment frame; `.frame(width:height:)`
    /// for the sizes written; `.frame(maxWidth: .infinity, …)` on the axes where a stack or a
    /// node with children fills what it is given. A parent's frames repeat its children's
    /// alignment.
    func frames(_ i: Int) -> [String] {
        let it = items[i]
        var out: [String] = []
        let fixed = fixedAxes(i)
        if fixed.w && fixed.h {
            out.append(".fixedSize()")
        } else if fixed.w || fixed.h {
            out.append(".fixedSize(horizontal: \(fixed.w), vertical: \(fixed.h))")
        }
        let align = frameAlignment(i)
        var sized: [String] = []
        if let w = it.width { sized.append("width: " + SwiftSource.expr(w, prefix: prefix)) }
        if let h = it.height { sized.append("height: " + SwiftSource.expr(h, prefix: prefix)) }
        if !sized.isEmpty { out.append(".frame(\(sized.joined(separator: ", "))\(align))") }
        guard it.stack != nil || !children[i].isEmpty else { return out }
        var flexible: [String] = []
        if !definiteW[i] { flexible.append("maxWidth: .infinity") }
        if !definiteH[i] { flexible.append("maxHeight: .infinity") }
        if !flexible.isEmpty { out.append(".frame(\(flexible.joined(separator: ", "))\(align))") }
        return out
    }

}

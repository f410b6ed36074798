import SceneLang
import SceneEval

/// What changed between two resolved scenes: the screen and target, the
/// bindings, and shapes added, removed or changed.
///
/// Shapes are matched by a key that survives edits: the label when there is
/// one; for an unlabelled top-level node, the id of the session entry it came
/// from; for an unlabelled child, its parent's key and its place among the
/// parent's unlabelled children. So deleting statement 2 does not make every
/// later `node-N` look changed.
public struct SceneDiff: Sendable {
    public struct BindingChange: Sendable, Equatable {
        public var name: String
        public var old: Double?
        public var new: Double?
    }

    public var screen: (old: Screen, new: Screen)? = nil
    public var target: (old: Target, new: Target)? = nil
    public var margin: (old: Double, new: Double)? = nil
    public var bindings: [BindingChange] = []
    /// Indices into the new scene.
    public var added: [Int] = []
    /// Indices into the old scene.
    public var removed: [Int] = []
    /// Shapes whose drawn result differs (frame, radii, kind, container, look).
    public var changed: [(old: Int, new: Int)] = []
    /// Shapes that look the same but whose container changed around them, so
    /// the reasoning behind their radii may have changed.
    public var context: [(old: Int, new: Int)] = []

    public var isEmpty: Bool {
        screen == nil && target == nil && margin == nil && bindings.isEmpty && added.isEmpty
            && removed.isEmpty && changed.isEmpty && context.isEmpty
    }

    /// Stable keys for the shapes of `scene` (see the type's comment).
    public static func keys(of scene: ResolvedScene, nodeEntryIDs: [Int]) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(scene.shapes.count)
        var ordinal = [Int](repeating: 0, count: scene.shapes.count)
        var top = 0
        for sh in scene.shapes {
            if let l = sh.label {
                keys.append("#" + l)
            } else if let p = sh.parent {
                keys.append(keys[p] + "/" + String(ordinal[p]))
                ordinal[p] += 1
            } else {
                keys.append(top < nodeEntryIDs.count ? "@" + String(nodeEntryIDs[top]) : "@?" + String(top))
            }
            if sh.parent == nil { top += 1 }
        }
        return keys
    }

    /// The diff, matching shapes by `keys(of:nodeEntryIDs:)`. The keys are
    /// built only when the scenes differ in structure: when every shape has
    /// the label and parent it had and the entry ids are the same (an edit of
    /// a value), every key is what it was, so shape i matches shape i.
    public static func between(_ a: ResolvedScene, nodeEntryIDs ia: [Int], _ b: ResolvedScene, nodeEntryIDs ib: [Int]) -> SceneDiff {
        guard sameStructure(a, ia, b, ib) else {
            return between(a, keys: keys(of: a, nodeEntryIDs: ia), b, keys: keys(of: b, nodeEntryIDs: ib))
        }
        var shared: [String]? = nil
        return between(a, b, match: nil, removed: []) { x, y in
            switch (x, y) {
            case (.node(let i), .node(let j)) where i == j: return true
            case (.screen, .screen), (.none, .none): return true   // (what `containerKey` gives both)
            default: break
            }
            if shared == nil { shared = keys(of: a, nodeEntryIDs: ia) }
            return containerKey(x, shared!) == containerKey(y, shared!)
        }
    }

    /// Whether every shape's key in `a` is the one at the same index in `b`
    /// (what `keys(of:nodeEntryIDs:)` reads is the same for both).
    static func sameStructure(_ a: ResolvedScene, _ ia: [Int], _ b: ResolvedScene, _ ib: [Int]) -> Bool {
        guard a.shapes.count == b.shapes.count, ia == ib else { return false }
        for k in a.shapes.indices {
            guard a.shapes[k].parent == b.shapes[k].parent, a.shapes[k].label == b.shapes[k].label else { return false }
        }
        return true
    }

    public static func between(_ a: ResolvedScene, keys ka: [String], _ b: ResolvedScene, keys kb: [String]) -> SceneDiff {
        // Fast path: the same keys in the same order (a value edit).
        guard ka != kb else {
            return between(a, b, match: nil, removed: []) { x, y in containerKey(x, ka) == containerKey(y, kb) }
        }
        var match = [Int?](repeating: nil, count: b.shapes.count)   // new → old
        var index: [String: Int] = [:]
        index.reserveCapacity(ka.count)
        for (i, k) in ka.enumerated() where index[k] == nil { index[k] = i }
        var used = [Bool](repeating: false, count: a.shapes.count)
        for (j, k) in kb.enumerated() {
            if let i = index[k], !used[i] { match[j] = i; used[i] = true }
        }
        let removed = a.shapes.indices.filter { !used[$0] }
        return between(a, b, match: match, removed: removed) { x, y in containerKey(x, ka) == containerKey(y, kb) }
    }

    /// The diff given which old shape each new one matches (`nil`: shape i
    /// matches shape i) and whether two matched shapes' containers have the same key.
    static func between(_ a: ResolvedScene, _ b: ResolvedScene, match: [Int?]?, removed: [Int],
                        sameContainer: (ContainerRef, ContainerRef) -> Bool) -> SceneDiff {
        var d = SceneDiff()
        if a.screen != b.screen { d.screen = (a.screen, b.screen) }
        if a.target != b.target { d.target = (a.target, b.target) }
        if a.margin != b.margin { d.margin = (a.margin, b.margin) }

        var oldValues: [String: Double] = [:]
        for bd in a.bindings { oldValues[bd.name] = bd.value }
        var seen = Set<String>()
        for bd in b.bindings {
            seen.insert(bd.name)
            if oldValues[bd.name] != bd.value { d.bindings.append(BindingChange(name: bd.name, old: oldValues[bd.name], new: bd.value)) }
        }
        for bd in a.bindings where !seen.contains(bd.name) {
            d.bindings.append(BindingChange(name: bd.name, old: bd.value, new: nil))
        }
        d.removed = removed
        let screenChanged = d.screen != nil || d.target != nil
        // (Each pair read in place: a copy of a shape takes and drops its box's
        // reference count, twice per shape of a 10k-node scene on every edit.)
        a.shapes.withUnsafeBufferPointer { sa in
            b.shapes.withUnsafeBufferPointer { sb in
                for j in sb.indices {
                    guard let i = match.map({ $0[j] }) ?? j else { d.added.append(j); continue }
                    let (differs, cx, cy) = ResolvedShape.compare(sa, i, sb, j)
                    if differs || !sameContainer(cx, cy) {
                        d.changed.append((i, j))
                    } else if contextChanged(cx, sa, cy, sb, screenChanged) {
                        d.context.append((i, j))
                    }
                }
            }
        }
        return d
    }

    static func containerKey(_ c: ContainerRef, _ keys: [String]) -> String {
        switch c {
        case .screen: return "screen"
        case .node(let i): return keys[i]
        case .none: return ""
        }
    }

    /// Whether the container a shape resolved against moved or changed radius.
    static func contextChanged(_ x: ContainerRef, _ a: UnsafeBufferPointer<ResolvedShape>, _ y: ContainerRef,
                               _ b: UnsafeBufferPointer<ResolvedShape>, _ screenChanged: Bool) -> Bool {
        switch (x, y) {
        case (.node(let i), .node(let j)):
            return ResolvedShape.containerDiffers(a, i, b, j)
        case (.screen, .screen):
            return screenChanged
        default:
            return false
        }
    }
}

// The `uneven-siblings` rule (docs/lint.md): siblings in a stack drawn with one
// shape at one size that resolve to different corners. Apple's rule at work —
// the siblings next to the container's corners follow them, the ones in the
// middle fall to their minimum (or 0) — and a surprise to developers every time.
import SceneLang

extension Context {
    /// How many siblings a message names before it says "and N more".
    static let siblingsNamed = 6

    /// Rows among shapes `range` (whole top-level subtrees: a row's parent is in the same one).
    mutating func unevenSiblings(in range: Range<Int>) {
        // The children of each hstack / vstack, in document order: counted per
        // parent, then placed in one array (no dictionary: a list re-checked after
        // every edit has a hundred rows a card).
        let lo = range.lowerBound
        var count = [Int32](repeating: 0, count: range.count)
        var parents: [Int] = []
        for i in range {
            guard let p = stackParent(i), range.contains(p) else { continue }
            if count[p - lo] == 0 { parents.append(p) }
            count[p - lo] += 1
        }
        guard !parents.isEmpty else { return }
        var start = [Int32](repeating: 0, count: range.count)
        var total: Int32 = 0
        for p in parents { start[p - lo] = total; total += count[p - lo] }
        var children = [Int](repeating: 0, count: Int(total))
        var next = start
        for i in range {
            guard let p = stackParent(i), range.contains(p) else { continue }
            children[Int(next[p - lo])] = i
            next[p - lo] += 1
        }
        for p in parents {
            // Siblings of the same shape (as evaluated) and size; only shapes whose
            // radii depend on where they sit can differ.
            // (Bucketed by size and the spec's numbers, so a long row of different
            // shapes stays linear; a sibling like the one before it joins its group first.)
            var groups: [[Int]] = []
            var keys: [SiblingKey] = []
            var buckets: [SiblingKey: [Int]] = [:]
            var last: Int? = nil
            for i in children[Int(start[p - lo])..<Int(start[p - lo] + count[p - lo])] {
                // (Fields read in place: a copy of each sibling is a dozen reference counts.)
                guard scene.shapes[i].kind.followsContainer, scene.shapes[i].hasSpec else { continue }
                let frame = scene.shapes[i].frame
                let key = SiblingKey(width: frame.width, height: frame.height, spec: scene.shapes[i].specValues.simd)
                if let l = last, keys[l] == key, sameShape(groups[l][0], i) {
                    groups[l].append(i)
                } else if let g = buckets[key]?.first(where: { sameShape(groups[$0][0], i) }) {
                    groups[g].append(i)
                    last = g
                } else {
                    buckets[key, default: []].append(groups.count)
                    last = groups.count
                    groups.append([i])
                    keys.append(key)
                }
            }
            for g in groups where g.count > 1 { reportUneven(g) }
        }
    }

    /// The shape's parent, when it is an hstack or a vstack.
    func stackParent(_ i: Int) -> Int? {
        guard let p = scene.shapes[i].parent, let axis = scene.shapes[p].stack, axis != .zstack else { return nil }
        return p
    }

    /// What two siblings of the same shape and size share: their size and their
    /// spec's numbers (so a row whose siblings' corner clauses differ is not one
    /// bucket compared shape by shape). Equal specs have equal numbers (0 and −0
    /// hash alike); `sameShape` decides within a bucket.
    struct SiblingKey: Hashable {
        var width: Double, height: Double
        var spec: SIMD4<Double>
    }

    /// Shapes `a` and `b` have the same shape (as evaluated) and style; the size is the bucket's.
    func sameShape(_ a: Int, _ b: Int) -> Bool {
        scene.shapes.withUnsafeBufferPointer { s in
            ResolvedShape.sameSpec(s.baseAddress! + a, s.baseAddress! + b) && s[a].style == s[b].style
        }
    }

    /// Whether two shapes have the same corners, wherever they are (mirror images match):
    /// each within the tolerance of one value, so at most twice it apart (1 pt of
    /// centring slack, `6 6 6 7` beside `6 6 6 6`, is even).
    func sameCorners(_ a: Radii, _ b: Radii) -> Bool {
        let x = Self.sorted(a), y = Self.sorted(b), t = 2 * Checker.tolerance
        return abs(x.0 - y.0) <= t && abs(x.1 - y.1) <= t && abs(x.2 - y.2) <= t && abs(x.3 - y.3) <= t
    }

    /// The four radii in ascending order (no array: this runs for every sibling of every row).
    static func sorted(_ r: Radii) -> (Double, Double, Double, Double) {
        var (a, b, c, d) = (r.topLeading, r.topTrailing, r.bottomTrailing, r.bottomLeading)
        if a > b { swap(&a, &b) }
        if c > d { swap(&c, &d) }
        if a > c { swap(&a, &c) }
        if b > d { swap(&b, &d) }
        if b > c { swap(&b, &c) }
        return (a, b, c, d)
    }

    /// An uneven-siblings finding, built when read (`unevenDiagnostic`): the row
    /// found uneven and which of it is underlined. (Its message names six siblings
    /// and their corners, its help tries the row's minimum edits: most reports show
    /// a few findings and count the rest, so only those shown are worded. Nothing
    /// it keeps is a range: the shapes' ranges are read when it is built, so an
    /// incremental check that reuses it after the text moved needs no shift.)
    struct Uneven {
        var group: [Int32]
        /// The position in `group` underlined, and the outer shape (the first drawn
        /// with the row's largest radius) and that radius: kept as the rule found
        /// them, so building the finding derives nothing again (a finding kept past a
        /// change it should not have outlived is then worded wrong, never a trap).
        var inner: Int32
        var outerIndex: Int32
        var outerRadius: Double
        /// The shape underlined.
        var shape: Int { Int(group[Int(inner)]) }
    }

    /// Records an uneven-siblings finding when `group` (siblings of one shape and
    /// size) has a shape whose corners differ from the outer ones' (the largest
    /// radius in the row).
    mutating func reportUneven(_ group: [Int]) {
        // (Found without copying the row: most rows are even and report nothing.)
        guard let (outerRadius, outerIndex, inner) = unevenRow(group) else { return }
        record(.uneven(Uneven(group: group.map { Int32(truncatingIfNeeded: $0) }, inner: Int32(inner),
                                       outerIndex: Int32(outerIndex), outerRadius: outerRadius)))
    }

    /// The largest radius in the row, the first shape drawn with it, and the
    /// first position whose corners differ from that shape's; nil when the row is even.
    func unevenRow(_ group: [Int]) -> (outerRadius: Double, outerIndex: Int, inner: Int)? {
        var outerRadius = -Double.infinity
        for i in group { outerRadius = max(outerRadius, scene.shapes[i].radii.max) }
        guard let outerIndex = group.first(where: { scene.shapes[$0].radii.max == outerRadius }) else { return nil }
        let outerRadii = scene.shapes[outerIndex].radii
        guard let inner = group.firstIndex(where: { !sameCorners(scene.shapes[$0].radii, outerRadii) }) else { return nil }
        return (outerRadius, outerIndex, inner)
    }

    /// The finding `u` records, worded.
    func unevenDiagnostic(_ u: Uneven) -> Diagnostic {
        let group = u.group.map { Int($0) }
        // The outer ones: the largest radius in the row, and the first drawn with it.
        let outerRadius = u.outerRadius, oi = Int(u.outerIndex)
        let shapes = group.map { scene.shapes[$0] }
        let innerShape = shapes[Int(u.inner)]
        let minimum = shapes[0].minimum ?? 0
        let listed = shapes.prefix(Self.siblingsNamed).map { "`\($0.id)` \($0.radii)" }.joined(separator: ", ")
            + (shapes.count > Self.siblingsNamed ? " and \(shapes.count - Self.siblingsNamed) more" : "")
        let ctx = shapes[0].container
        let parent = shapes[0].parent.map { "`\(scene.shapes[$0].id)`" } ?? "the stack"

        // How far the outer ones are from the container's corner they follow.
        var values: [String: Double] = ["outerRadius": outerRadius, "innerRadius": innerShape.radii.max, "minimum": minimum]
        var lower = ""
        let reasons = scene.reasons(for: oi)
        let near = reasons.filter { ($0.computed ?? -1) > minimum && $0.containerRadius != nil && $0.distance != nil }
        if let r = near.max(by: { $0.computed! < $1.computed! }), let R = r.containerRadius, let d = r.distance {
            values["containerRadius"] = R
            values["distance"] = d
            values["neededContainerRadius"] = minimum + d
            let who = ctx == .screen ? "the \(scene.screen.outline)" : name(ctx)
            let radius = ctx == .screen ? "" : "\(who)'s radius \(n(minimum + d)) (\(n(minimum)) + \(n(d)), now \(n(R))) or "
            lower = "; or let the outer ones fall to the minimum \(n(minimum)) too: \(radius)\(n(R - minimum)) pt between them and \(who)'s corners (now \(n(d)))"
        }
        // A minimum written with names is kept, adjusted (KeepNames.swift): the help shows what is written.
        let edits = siblingMinimumEdits(group, outerRadius)
        let kept = Set(edits.map(\.replacement)).subtracting([n(outerRadius)]).sorted().map { "`concentric min \($0)`" }
        let written = kept.isEmpty ? "" : " (written \(kept.joined(separator: ", ")), keeping the names)"
        let help = "give every sibling the outer ones' concentric radius as its minimum, `concentric min \(n(outerRadius))`\(written)\(lower). "
            + "`uniform` alone does not: it evens each shape's own corners, not the row"
        var d = Diagnostic(.unevenSiblings,
            "siblings in \(parent) have the same shape and size but different corners: \(listed); those next to \(name(ctx))'s corners follow them (\(n(outerRadius))), the others fall to \(minimum > 0 ? "their minimum \(n(minimum))" : "0")",
            at: shapeRange(u.shape), help: help, values: values)
        d.fixes = edits
        return d
    }

    /// Set each sibling's minimum to `m`: only when every sibling is a plain
    /// `concentric min M [uniform]` (no corner clauses), so the row is fixed whole.
    func siblingMinimumEdits(_ group: [Int], _ m: Double) -> [TextEdit] {
        var edits: [TextEdit] = []
        for i in group {
            guard let it = nodes.items(i).first(where: { if case .shape = $0.value { return true }; return false }),
                  case .shape(.concentric(let base, _, let clauses)) = it.value, clauses.isEmpty,
                  case .concentric(let minimum) = base else { return [] }
            // A sibling with no minimum gets one from `missing-minimum` first
            // (two insertions at one place would collide); the next round evens the row.
            guard let e = minimum, let t = adjusted(e, to: m) else { return [] }
            edits.append(TextEdit(e.range, t))
        }
        return edits
    }
}

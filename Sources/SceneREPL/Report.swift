import SceneLang
#if canImport(Glibc)
import Glibc
#endif
import SceneEval

/// ANSI styling, or none (pipes, `NO_COLOR`).
public struct Painter: Sendable {
    public var color: Bool
    public init(color: Bool) { self.color = color }
    func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { paint(s, "1") }
    func dim(_ s: String) -> String { paint(s, "2") }
    func green(_ s: String) -> String { paint(s, "32") }
    func red(_ s: String) -> String { paint(s, "31") }
    func yellow(_ s: String) -> String { paint(s, "33") }
    func cyan(_ s: String) -> String { paint(s, "36") }
}

/// Text the REPL prints about a scene: what changed, why a corner is what it
/// is, one shape in detail, the statement list. Pure functions of values.
public enum Report {
    static func n(_ v: Double) -> String { Format.number(v) }
    static func n(_ v: Double?) -> String { v.map(Format.number) ?? "-" }

    static func frame(_ f: Frame) -> String { "\(n(f.x)),\(n(f.y)) \(n(f.width))×\(n(f.height))" }

    /// `28` when all four corners agree, else `28 28 0 0` (tl tr br bl).
    static func radii(_ r: Radii) -> String { r.isUniform ? n(r.topLeading) : r.description }

    static func screen(_ s: Screen) -> String {
        "\(s.name ?? "custom") \(n(s.width))×\(n(s.height)) radius \(n(s.radius))"
    }

    /// Which rule gave one corner its radius, with the numbers: the arithmetic is
    /// `Format.concentric`'s, the checker's words (`map 34 − 12 = 22`,
    /// `map 34 − max(12, 140) → 0 (clamped)`).
    /// (`window`: on a Mac window the fallback is macOS 15's.)
    public static func why(_ r: CornerReason, container: String, window: Bool = false) -> String {
        let concentric = "\(container) " + sum(r)
        switch r.rule {
        case .fixed: return "fixed"
        case .shape: return "half the shorter side"
        case .concentric: return "concentric: " + concentric + (r.minimum.map { ", minimum \(n($0))" } ?? "")
        case .minimum: return "minimum \(n(r.minimum)); concentric: \(concentric)"
        case .uniform:
            return "uniform: its group's largest corner" + (r.computed != nil ? " (own: \(concentric))" : "")
        case .fallback: return "\(Target.ios18.release(onWindow: window)) fallback: RoundedRectangle of the minimum, \(n(r.minimum ?? 0))"
        case .relative: return "relative: " + concentric
        case .clamped: return "clamped to half the shorter side"
        }
    }

    /// R − d for one corner, as `Format.concentric` says it; d is written
    /// `max(dx, dy)` when the two differ.
    static func sum(_ r: CornerReason) -> String {
        let distance = r.dx.flatMap { dx in r.dy.flatMap { dy in dx != dy ? "max(\(n(dx)), \(n(dy)))" : nil } }
        return Format.concentric(r.containerRadius ?? 0, minus: r.distance ?? 0, written: distance)
    }

    /// R − d before it is clamped at 0 (nil when the corner has no such sum).
    static func rawDifference(_ r: CornerReason) -> Double? {
        guard let R = r.containerRadius, let d = r.distance, r.computed != nil else { return nil }
        return R - d
    }

    /// One reason per corner, or empty for a shape with no drawn form.
    static func whys(_ scene: ResolvedScene, _ i: Int) -> [String] {
        let cname = scene.shapes[i].container == .screen ? scene.screen.noun : scene.containerName(scene.shapes[i].container) ?? "-"
        return scene.reasons(for: i).map { why($0, container: cname, window: scene.screen.isWindow) }
    }

    // MARK: - Diff

    /// What changed, one line per shape, at most `limit` shape lines.
    public static func diff(_ d: SceneDiff, old a: ResolvedScene, new b: ResolvedScene,
                            limit: Int = 20, paint p: Painter) -> String {
        var out = ""
        if let s = d.screen { out += "screen \(screen(s.old)) → \(screen(s.new))\n" }
        if let t = d.target { out += "target \(t.old.rawValue) → \(t.new.rawValue)\n" }
        if let m = d.margin { out += "margin \(n(m.old)) → \(n(m.new))\n" }
        for bc in d.bindings {
            switch (bc.old, bc.new) {
            case (nil, let v?): out += "\(p.bold(bc.name)) = \(n(v))\n"
            case (let o?, let v?): out += "\(p.bold(bc.name)) = \(n(v)) (was \(n(o)))\n"
            case (let o?, nil): out += "\(p.bold(bc.name)) removed (was \(n(o)))\n"
            default: break
            }
        }
        var lines: [(String, String, [String])] = []   // mark+id, text, sub-lines
        var more = 0
        func room() -> Bool { lines.count < limit }
        for i in d.removed {
            if !room() { more += 1; continue }
            let s = a.shapes[i]
            lines.append(("- " + s.id, p.dim("was \(s.kind.rawValue) \(frame(s.frame))" + (s.kind == .group ? "" : ", radius \(radii(s.radii))")), []))
        }
        for j in d.added {
            if !room() { more += 1; continue }
            lines.append(("+ " + b.shapes[j].id, describe(b, j), []))
        }
        for (i, j) in d.changed {
            if !room() { more += 1; continue }
            lines.append(changeLine(a, i, b, j))
        }
        for (i, j) in d.context where room() {
            if let l = contextLine(a, i, b, j) { lines.append(l) }
        }
        let width = min(16, lines.map { $0.0.count }.max() ?? 0)
        for (head, text, subs) in lines {
            let mark = head.prefix(1)
            let painted = mark == "+" ? p.green(head) : mark == "-" ? p.red(head) : p.yellow(head)
            out += painted + String(repeating: " ", count: max(1, width - head.count + 2)) + text + "\n"
            for s in subs { out += "    " + s + "\n" }
        }
        if more > 0 { out += p.dim("… and \(more) more shape\(more == 1 ? "" : "s") changed (`:show` lists them all)") + "\n" }
        return out
    }

    /// `concentric 33,457 336×88, radius 16 against map, container 16`.
    static func describe(_ scene: ResolvedScene, _ j: Int) -> String {
        let s = scene.shapes[j]
        var t = "\(s.kind.rawValue) \(frame(s.frame))"
        if s.kind != .group {
            t += (s.radii.isUniform ? ", radius " : ", radii ") + radii(s.radii)
            if case .node = s.container, let c = scene.containerName(s.container) { t += " against \(c)" }
            else if s.container == .screen { t += " against the \(scene.screen.noun)" }
        }
        if let c = s.containerRadii { t += ", container \(radii(c))" }
        if s.glass { t += ", glass" }
        if let m = s.spacerMinimum { t += ", spacer min \(n(m))" }
        if let o = s.offset { t += ", offset \(n(o.x)) \(n(o.y))" }
        return t
    }

    /// Corners that share a text, named as SwiftUI groups them where it can:
    /// `top corners`, `leading corners`, `all corners`, else one by one.
    static func grouped(_ items: [(Corner, String)]) -> [(String, String)] {
        var order: [String] = []
        var sets: [String: [Corner]] = [:]
        for (c, t) in items {
            if sets[t] == nil { order.append(t) }
            sets[t, default: []].append(c)
        }
        return order.map { t in (name(of: sets[t]!), t) }
    }

    static func name(of corners: [Corner]) -> String {
        let set = Set(corners)
        for cs in CornerSet.allCases where Set(cs.corners) == set {
            return cs.corners.count == 1 ? cs.rawValue : cs == .all ? "all corners" : "\(cs.rawValue) corners"
        }
        return corners.map(\.name).joined(separator: ", ")
    }

    static func subLines(_ groups: [(String, String)]) -> [String] {
        let w = groups.map { $0.0.count }.max() ?? 0
        return groups.map { $0.0.padding(toLength: w + 2, withPad: " ", startingAt: 0) + $0.1 }
    }

    static func changeLine(_ a: ResolvedScene, _ i: Int, _ b: ResolvedScene, _ j: Int) -> (String, String, [String]) {
        let x = a.shapes[i], y = b.shapes[j]
        var parts: [String] = []
        var subs: [String] = []
        if x.kind != y.kind { parts.append("\(x.kind.rawValue) → \(y.kind.rawValue)") }
        if x.frame != y.frame { parts.append("frame \(frame(x.frame)) → \(frame(y.frame))") }
        let xc = a.containerName(x.container), yc = b.containerName(y.container)
        if x.radii != y.radii, y.kind != .group {
            let whys = whys(b, j)
            if x.radii.isUniform, y.radii.isUniform {
                var t = "radius \(n(x.radii.topLeading)) → \(n(y.radii.topLeading))"
                let groups = whys.count == 4 ? grouped(Corner.four.map { ($0, whys[$0.rawValue]) }) : []
                if groups.count == 1, groups[0].1 != "fixed" { t += " (\(groups[0].1))" }
                else if groups.count > 1 { subs = subLines(groups) }
                parts.append(t)
            } else {
                parts.append("radii \(x.radii.description) → \(y.radii.description)")
                subs = subLines(grouped(Corner.four.filter { x.radii[$0] != y.radii[$0] }.map { k in
                    (k, "\(n(x.radii[k])) → \(n(y.radii[k]))" + (whys.count == 4 ? "  " + whys[k.rawValue] : ""))
                }))
            }
        }
        if xc != yc { parts.append("against \(xc ?? "none") → \(yc ?? "none")") }
        switch (x.containerRadii, y.containerRadii) {
        case (nil, let r?): parts.append("now a container \(radii(r))")
        case (_?, nil): parts.append("no longer a container")
        case (let r?, let s?) where r != s: parts.append("container \(radii(r)) → \(radii(s))")
        default: break
        }
        if x.fill != y.fill { parts.append("fill \(x.fill?.hex ?? "none") → \(y.fill?.hex ?? "none")") }
        if x.glass != y.glass { parts.append(y.glass ? "glass added" : "glass removed") }
        if x.style != y.style { parts.append("style \(x.style.rawValue) → \(y.style.rawValue)") }
        if x.role != y.role { parts.append("role \(x.role?.rawValue ?? "none") → \(y.role?.rawValue ?? "none")") }
        // Extra shapes (clip, glass, …) only when they differ from the shape itself.
        if x.layers.map(\.radii) != y.layers.map(\.radii), y.layers.contains(where: { $0.radii != y.radii }) {
            parts.append("layers " + y.layers.map { "\($0.role) \(radii($0.radii))" }.joined(separator: ", "))
        }
        if parts.isEmpty, x.radii == y.radii {
            // Edited, but it draws the same: say what decides it now.
            let nw = whys(b, j)
            let groups = nw.count == 4 ? grouped(Corner.four.map { ($0, nw[$0.rawValue]) }) : []
            parts.append("radius \(radii(y.radii)) unchanged" + (groups.count == 1 ? " (\(groups[0].1))" : ""))
            if groups.count > 1 { subs = subLines(groups) }
        }
        return ("~ " + y.id, parts.joined(separator: ", "), subs)
    }

    /// A shape whose container changed but whose radii did not: worth a line
    /// only where a different rule now decides a corner (`minimum` → `concentric`).
    static func contextLine(_ a: ResolvedScene, _ i: Int, _ b: ResolvedScene, _ j: Int) -> (String, String, [String])? {
        let or = a.reasons(for: i), nr = b.reasons(for: j)
        guard or.count == 4, nr.count == 4 else { return nil }
        let y = b.shapes[j]
        let oc = a.containerName(a.shapes[i].container) ?? "-", nc = b.containerName(y.container) ?? "-"
        let changed = Corner.four.filter { or[$0.rawValue].rule != nr[$0.rawValue].rule }
        guard !changed.isEmpty else { return nil }
        let groups = grouped(changed.map { k in
            (k, "now \(why(nr[k.rawValue], container: nc)) (was \(why(or[k.rawValue], container: oc)))")
        })
        if groups.count == 1 {
            return ("~ " + y.id, "radius \(radii(y.radii)) unchanged; \(groups[0].0) \(groups[0].1)", [])
        }
        return ("~ " + y.id, "radius \(radii(y.radii)) unchanged; the rule changed", subLines(groups))
    }

    // MARK: - One shape

    /// `:show LABEL`: the shape, its container, and each corner's reasoning.
    /// (`syntax`: the scene `file` parses to, when the caller has it; else it is parsed here.)
    public static func detail(_ scene: ResolvedScene, _ i: Int, file: SourceFile, syntax: Scene? = nil, paint p: Painter) -> String {
        let s = scene.shapes[i]
        var out = p.bold(s.id) + "  \(s.kind.rawValue)"
        if s.glass { out += ", glass" }
        // The corner style, where the outline has corners drawn in it (a circle's are always circular).
        if s.kind != .group {
            switch Outline(shape: s) {
            case .roundedRect, .capsule: out += ", \(s.style.rawValue) corners"
            case .circle, .ellipse: break
            }
        }
        out += "  " + p.dim("(\(file.name):\(file.location(of: s.range.start)))") + "\n"
        out += "  frame      x \(n(s.frame.x))  y \(n(s.frame.y))  width \(n(s.frame.width))  height \(n(s.frame.height))\n"
        if let parent = s.parent { out += "  parent     \(scene.shapes[parent].id)\n" }
        switch s.container {
        case .screen: out += "  against    the \(scene.screen.noun) (\(screen(scene.screen)))\n"
        case .node(let c):
            let cs = scene.shapes[c]
            out += "  against    \(cs.id): container \(cs.containerKind?.rawValue ?? "rect") \(radii(cs.containerRadii ?? Radii(all: 0))) at \(frame(cs.frame))\n"
        case .none: break
        }
        // What was written for its radii, worked out: `(map - inset = 34 − 12 = 22)`.
        let w = written(s, file: file, syntax: syntax, values: scene.bindings)
        if !w.radius.isEmpty { out += "  radius     \(radii(s.radii))\(w.radius)\n" }
        if let m = s.minimum { out += "  minimum    \(n(m))\(w.minimum)\n" }
        if s.uniform { out += "  uniform    yes: every corner takes the largest\n" }
        if let r = s.containerRadii {
            out += "  publishes  container \(s.containerKind?.rawValue ?? "rect") \(radii(r)) to its children\(w.container)\n"
        }
        if let o = s.offset {
            out += "  offset     x \(n(o.x))  y \(n(o.y)): drawn there, with its content; laid out at x \(n(s.frame.x - o.x))  y \(n(s.frame.y - o.y))\n"
        }
        if let m = s.spacerMinimum {
            out += "  draws nothing: a spacer, taking its stack's free space, at least \(n(m))\n"
        } else if s.kind == .group {
            out += "  draws nothing (a layout group)\n"
        } else {
            let reasons = scene.reasons(for: i)
            let cname = s.container == .screen ? scene.screen.noun : scene.containerName(s.container) ?? "-"
            let window = scene.screen.isWindow
            // Each corner's radius and why, the arithmetic in words, corners that agree
            // on one line (what a narrow panel or hover shows whole)…
            let groups = grouped(Corner.four.map { k in
                (k, "\(n(s.radii[k])): " + (k.rawValue < reasons.count ? why(reasons[k.rawValue], container: cname, window: window) : "-"))
            })
            let names = groups.map { $0.0 == "all corners" ? "corners" : $0.0 }
            let width = max(11, (names.map(\.count).max() ?? 0) + 2)
            for (g, (_, t)) in zip(names, groups) { out += "  " + g.padding(toLength: width, withPad: " ", startingAt: 0) + t + "\n" }
            // …then, where a container was measured against, the numbers behind it.
            let fixedOnly = reasons.count == 4 && reasons.allSatisfy { $0.rule == .fixed || $0.rule == .shape }
            if !fixedOnly {
                var rows: [[String]] = [["corner", "radius", "rule", "container R", "dx", "dy", "distance", "R − d", "minimum"]]
                for k in Corner.four {
                    let r = k.rawValue < reasons.count ? reasons[k.rawValue] : nil
                    rows.append([k.name, n(s.radii[k]), r?.rule.rawValue ?? "-", n(r?.containerRadius), n(r?.dx), n(r?.dy),
                                 n(r?.distance), r.map { rawDifference($0).map(Format.signed) ?? n($0.computed) } ?? "-", n(r?.minimum)])
                }
                out += table(rows, numeric: [1, 3, 4, 5, 6, 7, 8], indent: "  ")
            }
        }
        for l in s.layersBesidesDrawn { out += "  \(l.role.padding(toLength: 10, withPad: " ", startingAt: 0)) \(l.kind.rawValue), radius \(radii(l.radii))\n" }
        // The model's own decisions, in the table's words with what they mean.
        let window = scene.screen.isWindow
        for d in s.decisions.list {
            guard let words = NoteWords.phrase(d, window: window) else { continue }
            out += "  note: \(words): \(NoteWords.meaning(d, window: window))\n"
        }
        if !s.overflows.isEmpty {
            out += "  iOS 26 traps on this radius, drawn clamped as iOS 18 did: " + s.overflows.map(\.description).joined(separator: "; ") + "\n"
        }
        return out
    }

    static func table(_ rows: [[String]], numeric: Set<Int>, indent: String) -> String {
        var widths = [Int](repeating: 0, count: rows[0].count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        var out = ""
        for r in rows {
            var line = indent
            for (i, c) in r.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - c.count)
                line += (numeric.contains(i) ? pad + c : c + pad) + (i == r.count - 1 ? "" : "  ")
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    // MARK: - Statements

    /// `:list`: each statement with its number; continuation lines aligned.
    public static func list(_ s: Session, paint p: Painter) -> String {
        guard !s.entries.isEmpty else { return "(empty scene)\n" }
        let w = String(s.entries.count).count
        var out = ""
        for (i, e) in s.entries.enumerated() {
            for (k, line) in e.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let num = k == 0 ? String(i + 1) : ""
                out += p.dim(String(repeating: " ", count: w - num.count) + num) + "  " + line + "\n"
            }
        }
        return out
    }

    /// One line per finding an edit made go away. With `width` (a terminal's
    /// columns) a long message is cut so the line fits on one row; without it
    /// (a pipe, a file) the message is whole.
    public static func resolved(old: Findings, in oldFile: SourceFile, new: Findings, in newFile: SourceFile,
                                width: Int? = nil, paint p: Painter) -> String {
        resolved(newFindings(old: new, in: newFile, new: old, in: oldFile), in: oldFile, width: width, paint: p)
    }

    /// The lines for findings `gone` (in `oldFile`) an edit made go away.
    public static func resolved(_ gone: [Diagnostic], in oldFile: SourceFile, width: Int? = nil, paint p: Painter) -> String {
        gone.map { d in
            let loc = oldFile.location(of: d.range.start)
            let head = ": \(d.severity.rawValue)[\(d.code)] (was at \(loc.line):\(loc.column)) "
            var msg = d.message
            if let width {
                // A terminal wraps at its last column: keep the line one short of it.
                let room = max(20, width - 1 - "resolved".count - head.count)
                if msg.count > room { msg = String(msg.prefix(room - 1)) + "…" }
            }
            return p.green("resolved") + head + msg + "\n"
        }.joined()
    }

    /// Checker findings (or evaluator warnings) in `new` that `old` did not
    /// have. Two findings are the same when they have the same code and point
    /// at the same source text, so a finding whose numbers changed with the
    /// edit is not announced again.
    public static func newFindings(old: [Diagnostic], in oldFile: SourceFile, new: [Diagnostic], in newFile: SourceFile) -> [Diagnostic] {
        fresh(old.count, { (old[$0].id, old[$0].range) }, oldFile, new.count, { (new[$0].id, new[$0].range) }, newFile).map { new[$0] }
    }

    /// The same, reading each finding's code and range without building it:
    /// only the new ones are built.
    public static func newFindings(old: Findings, in oldFile: SourceFile, new: Findings, in newFile: SourceFile) -> [Diagnostic] {
        let ok = old.codesAndRanges, nk = new.codesAndRanges
        return fresh(ok.count, { ok[$0] }, oldFile, nk.count, { nk[$0] }, newFile).map { new[$0] }
    }

    /// Codes not announced as an edit's new (or resolved) finding: a `let` is
    /// typed before the node that uses it, so every one would be "unused" for
    /// an edit. `:check`, `scene check` and the editor still list them.
    static let unannounced: Set<DiagnosticCode> = [.unusedBinding]

    /// The positions in `new` of the findings `old` did not have.
    static func fresh(_ oldCount: Int, _ old: (Int) -> (DiagnosticCode, SourceRange), _ oldFile: SourceFile,
                      _ newCount: Int, _ new: (Int) -> (DiagnosticCode, SourceRange), _ newFile: SourceFile) -> [Int] {
        changes(oldCount, old, oldFile, newCount, new, newFile).fresh.filter { !unannounced.contains(new($0).0) }
    }

    /// Findings an edit resolved (in `old`) and made (in `new`), as
    /// `resolved` and `newFindings` choose them, in one pass: only these are built.
    public static func changes(old: Findings, in oldFile: SourceFile, new: Findings, in newFile: SourceFile)
        -> (resolved: [Diagnostic], new: [Diagnostic]) {
        let ok = old.codesAndRanges, nk = new.codesAndRanges
        let c = changes(ok.count, { ok[$0] }, oldFile, nk.count, { nk[$0] }, newFile)
        return (c.gone.filter { !unannounced.contains(ok[$0].0) }.map { old[$0] },
                c.fresh.filter { !unannounced.contains(nk[$0].0) }.map { new[$0] })
    }

    /// The code and the bytes a finding points at, as a slice of the file (no copy), hashed in one piece.
    struct FindingKey: Hashable {
        var code: DiagnosticCode
        var text: ArraySlice<UInt8>
        init(_ d: Span, _ f: SourceFile) {
            code = d.code
            text = f.bytes[d.lo..<d.hi]
        }
        func hash(into h: inout Hasher) {
            h.combine(code)
            text.withUnsafeBytes { h.combine(bytes: $0) }
        }
    }

    /// A finding's code and the bytes it points at, clamped into its file.
    struct Span {
        var code: DiagnosticCode
        var lo: Int, hi: Int
        init(_ d: (DiagnosticCode, SourceRange), _ f: SourceFile) {
            lo = max(0, min(d.1.start, f.bytes.count))
            hi = max(lo, min(d.1.end, f.bytes.count))
            code = d.0
        }
    }

    /// How many findings at the start (`prefix`) and then at the end
    /// (`suffix`) of the two lists have the same code and source text:
    /// compared in place, no slice of either file made.
    static func common(_ os: [Span], _ oldFile: SourceFile, _ ns: [Span], _ newFile: SourceFile) -> (prefix: Int, suffix: Int) {
        oldFile.bytes.withUnsafeBufferPointer { ob in
            newFile.bytes.withUnsafeBufferPointer { nb in
                func same(_ a: Span, _ b: Span) -> Bool {
                    a.code == b.code && a.hi - a.lo == b.hi - b.lo
                        && (a.hi == a.lo || memcmp(ob.baseAddress! + a.lo, nb.baseAddress! + b.lo, a.hi - a.lo) == 0)
                }
                let shorter = min(os.count, ns.count)
                var p = 0
                while p < shorter, same(os[p], ns[p]) { p += 1 }
                var s = 0
                while s < shorter - p, same(os[os.count - 1 - s], ns[ns.count - 1 - s]) { s += 1 }
                return (p, s)
            }
        }
    }

    /// A finding in `new` is new unless it is among the first k with its key,
    /// where `old` has k with that key; one in `old` is gone likewise.
    ///
    /// An edit changes the findings of a stretch of the scene: the lists agree
    /// on a prefix and a suffix, and only the middles are counted by key. The
    /// prefix's findings are never new (each is among the first with its key
    /// on both sides). A suffix finding can be new only when the new middle
    /// has more with its key than the old middle (then the last that many of
    /// the suffix's findings with that key are), and gone likewise: so the
    /// suffix is searched only for those few keys, by comparison, not hashing.
    static func changes(_ oldCount: Int, _ old: (Int) -> (DiagnosticCode, SourceRange), _ oldFile: SourceFile,
                        _ newCount: Int, _ new: (Int) -> (DiagnosticCode, SourceRange), _ newFile: SourceFile)
        -> (fresh: [Int], gone: [Int]) {
        let os = (0..<oldCount).map { Span(old($0), oldFile) }, ns = (0..<newCount).map { Span(new($0), newFile) }
        let (p, s) = common(os, oldFile, ns, newFile)
        // The usual edit: the same findings, at the same source text, in the same order.
        if p == oldCount, p == newCount { return ([], []) }
        let oldEnd = oldCount - s, newEnd = newCount - s
        var ok = [FindingKey?](repeating: nil, count: oldCount), nk = [FindingKey?](repeating: nil, count: newCount)
        for i in p..<oldEnd { ok[i] = FindingKey(os[i], oldFile) }
        for i in p..<newEnd { nk[i] = FindingKey(ns[i], newFile) }
        // Per key of the middles: how many each middle has.
        var counts: [FindingKey: (old: Int, new: Int)] = [:]
        for k in ok[p..<oldEnd] { counts[k!, default: (0, 0)].old += 1 }
        for k in nk[p..<newEnd] { counts[k!, default: (0, 0)].new += 1 }
        // The keys the middles have unequally many of: where each is in the suffix.
        let uneven = counts.filter { $0.value.old != $0.value.new }.map(\.key)
        var inSuffix = [[Int]](repeating: [], count: uneven.count)
        if !uneven.isEmpty {
            let slot = uneven.count > 8 ? Dictionary(uniqueKeysWithValues: uneven.enumerated().map { ($1, $0) }) : nil
            // (A key is made only for a finding whose code and length are an uneven key's.)
            let sizes = uneven.map { ($0.code, $0.text.count) }
            for u in 0..<s {
                let sp = ns[newEnd + u]
                if slot == nil, !sizes.contains(where: { $0.0 == sp.code && $0.1 == sp.hi - sp.lo }) { continue }
                let k = FindingKey(sp, newFile)
                if let slot { if let j = slot[k] { inSuffix[j].append(u) } }
                else if let j = uneven.firstIndex(of: k) { inSuffix[j].append(u) }
            }
        }
        var suffixCount: [FindingKey: Int] = [:]
        for (j, k) in uneven.enumerated() { suffixCount[k] = inSuffix[j].count }
        func middle(_ keys: [FindingKey?], _ range: Range<Int>, _ other: (Int, Int) -> Int) -> [Int] {
            var seen: [FindingKey: Int] = [:], out: [Int] = []
            for i in range {
                let k = keys[i]!, c = counts[k]!, t = seen[k, default: 0]
                seen[k] = t + 1
                if t >= other(c.old, c.new) + (suffixCount[k] ?? 0) { out.append(i) }
            }
            return out
        }
        var fresh = middle(nk, p..<newEnd) { o, _ in o }, gone = middle(ok, p..<oldEnd) { _, n in n }
        var freshTail: [Int] = [], goneTail: [Int] = []
        for (j, k) in uneven.enumerated() {
            let c = counts[k]!
            if c.new > c.old { freshTail += inSuffix[j].suffix(c.new - c.old).map { newEnd + $0 } }
            else { goneTail += inSuffix[j].suffix(c.old - c.new).map { oldEnd + $0 } }
        }
        fresh += freshTail.sorted()
        gone += goneTail.sorted()
        return (fresh, gone)
    }
}

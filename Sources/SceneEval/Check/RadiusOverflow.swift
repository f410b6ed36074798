// The `radius-overflow` rule (docs/lint.md): a fixed radius the shape cannot
// hold. Up to iOS 18 the renderer clamped it silently; iOS 26 renders shapes
// through a signed-distance field and traps instead (HedvigInsurance/ugglan
// pull request 2631). The limit is per edge: two adjacent corners' radii may
// not add up to more than the edge they share.
import SceneLang
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Context {
    /// A radius-overflow finding, built when read (`overflowDiagnostic`): the
    /// shape, and the range of its first item that overflows.
    struct Overflow {
        var shape: Int
        var range: SourceRange
    }

    /// One fixed-radius item of a node: what it is called, the radii as written
    /// (concentric corners as resolved), which corners are fixed, and how to rewrite it.
    struct FixedRadii {
        var item: Located<Item>
        /// `""` for the drawn shape, else `container`, `glass`, `clip`, `background`, `transition`.
        var role: String
        var shape: ShapeExpr
        var radii: Radii
        var fixed: Set<Corner>
    }

    /// The items of node `i` that draw a shape with fixed radii (`hit` is not
    /// drawn and cannot trap; it follows the drawn shape's fix).
    func fixedRadiusItems(_ i: Int) -> [FixedRadii] {
        var out: [FixedRadii] = []
        for it in nodes.items(i) {
            let role: String, shape: ShapeExpr
            switch it.value {
            case .shape(let s): (role, shape) = ("", s)
            case .container(let s): (role, shape) = ("container", s)
            case .glass(let s?): (role, shape) = ("glass", s)
            case .clip(let s): (role, shape) = ("clip", s)
            case .background(let s): (role, shape) = ("background", s)
            case .transition(let s): (role, shape) = ("transition", s)
            default: continue
            }
            switch shape {
            case .radii(let kind, let es):
                // One radius for every corner, or four (the table's `arguments`).
                let vs = es.compactMap { ExprValue.eval($0, env) }
                guard vs.count == es.count, !vs.isEmpty else { continue }
                let radii = kind.arguments == .fourRadii && vs.count == 4 ? Radii(vs[0], vs[1], vs[2], vs[3]) : Radii(all: vs[0])
                out.append(FixedRadii(item: it, role: role, shape: shape, radii: radii, fixed: Set(Corner.allCases)))
            case .concentric:
                // Fixed corners as written; the others as they resolved (the
                // drawn shape's radii, or the layer's).
                guard let spec = fixedCorners(shape), !spec.isEmpty,
                      var r = role.isEmpty ? scene.shapes[i].radii : scene.shapes[i].layers.first(where: { $0.range == it.range })?.radii
                else { continue }
                for (k, v) in spec { r[k] = v }
                out.append(FixedRadii(item: it, role: role, shape: shape, radii: r, fixed: Set(spec.keys)))
            case .plain:
                continue
            }
        }
        return out
    }

    /// Whether shape `i` draws no fixed radius: concentric at every corner,
    /// and no container, clip, background, transition or glass shape.
    /// (Mutating, though it changes nothing: asked of every shape from a mutating
    /// rule, a plain method was handed a 408-byte copy of the context.)
    mutating func noFixedRadius(_ i: Int) -> Bool {
        guard let spec = drawnConcentricOnly(i) else { return false }
        for k in Corner.four { if case .fixed = spec[k] { return false } }
        return true
    }

    /// The drawn shape's corners, when it is concentric and nothing else of node `i`
    /// draws a shape (no container, clip, background, transition or glass shape): then
    /// the drawn shape is the only item that may have fixed radii.
    func drawnConcentricOnly(_ i: Int) -> ConcentricSpec? {
        // (Read in place: this asks of every node.)
        scene.shapes.withUnsafeBufferPointer { s in
            guard s[i].kind == .concentric, !s[i].isContainer, !s[i].glass, !s[i].hasLayers,
                  let spec = s[i].concentricSpec else { return nil }
            return spec
        }
    }

    /// A concentric shape's fixed corners and their values (nil when one does not evaluate).
    func fixedCorners(_ shape: ShapeExpr) -> [Corner: Double]? {
        guard case .concentric(let base, _, let clauses) = shape else { return nil }
        var out: [Corner: Double] = [:]
        var covered = Set<Corner>()
        for c in clauses {
            for k in c.set.corners where !covered.contains(k) {
                covered.insert(k)
                if case .fixed(let e) = c.spec { guard let v = ExprValue.eval(e, env) else { return nil }; out[k] = v }
            }
        }
        if case .fixed(let e) = base {
            guard let v = ExprValue.eval(e, env) else { return nil }
            for k in Corner.four where !covered.contains(k) { out[k] = v }
        }
        return out
    }

    // MARK: radius-overflow

    mutating func radiusOverflow(_ i: Int) {
        let w = scene.shapes[i].frame.width, h = scene.shapes[i].frame.height
        // Nothing is drawn in an empty frame.
        guard w > 0, h > 0 else { return }
        // Most shapes have no fixed radius at all (a concentric shape with no
        // fixed corner, no container, layer or glass): known without reading
        // the node's items into arrays.
        if noFixedRadius(i) {
            assert(fixedRadiusItems(i).isEmpty)
            return
        }
        // The resolver asked every drawn item's fixed radii the same question
        // (`ResolveContext.overflow`: the drawn shape, its container, glass and
        // layers but `hit`) and marks the shape when any breaks the limit: with
        // no mark there is no finding, and the items need not be read (a deep
        // chain of `rect R` containers; debug builds check the two agree).
        guard scene.shapes[i].decisions.contains(.radiusOverflowClamped) else {
            assert(!fixedRadiusItems(i).contains { EdgeLimit.worst($0.radii, width: w, height: h, only: $0.fixed) != nil })
            return
        }
        // Marked, and only the drawn shape has fixed corners (`concentric(top: fixed
        // 30, …)`): the finding is on that shape's item, whose range the shape keeps,
        // so the node's items need not be read here; they are when it is built.
        if drawnConcentricOnly(i) != nil, let range = scene.shapes[i].shapeRange {
            assert(fixedRadiusItems(i).contains { EdgeLimit.worst($0.radii, width: w, height: h, only: $0.fixed) != nil })
            assert(fixedRadiusItems(i).first?.item.range == range)
            record(.overflow(Overflow(shape: i, range: range)))
            return
        }
        // Found here; message, help and fixes are built when the finding is read
        // (`overflowDiagnostic`): a report shows 50 of a scene's findings.
        for f in fixedRadiusItems(i) where EdgeLimit.worst(f.radii, width: w, height: h, only: f.fixed) != nil {
            record(.overflow(Overflow(shape: i, range: f.item.range)))
            return
        }
    }

    /// The radius-overflow finding on shape `o.shape`, built (what `radiusOverflow` found).
    /// A list repeats its rows: a finding on a node whose items are written alike, in a
    /// frame of the same size with the same resolved radii, is the one built for the
    /// first such node, moved to this one's place and named by its id
    /// (`OverflowTemplates`); debug builds build it afresh too and compare.
    func overflowDiagnostic(_ o: Overflow) -> Diagnostic {
        guard let (key, base) = overflowKey(o.shape) else { return buildOverflow(o).diagnostic }
        let id = scene.shapes[o.shape].id
        if let t = overflowTemplates.get(key) {
            let d = t.instance(at: base, id: id)
            assert(d == buildOverflow(o).diagnostic)
            return d
        }
        let built = buildOverflow(o)
        if !built.positional, let t = OverflowTemplates.Template(built.diagnostic, key: key, base: base, id: id) {
            overflowTemplates.put(t)
        }
        return built.diagnostic
    }

    /// Radius-overflow finding `o` as `scene run --json` writes it (`JSONWriter`): from
    /// its template's words, escaped once for every node of its kind, when it has
    /// one; else built (which makes the template for the next).
    func appendOverflowJSON(_ o: Overflow, fileName: SVGBuffer.Bytes, start: SourceLocation, end: SourceLocation,
                            to out: inout SVGBuffer) {
        guard let t = overflowTemplate(o.shape) else {
            JSONWriter.appendDiagnostic(overflowDiagnostic(o), fileName: fileName, start: start, end: end, to: &out)
            return
        }
        func write(_ out: inout SVGBuffer) {
            t.jsonHead.withUnsafeBufferPointer { out.raw(bytes: $0) }
            // (The id said into the string, as `JSONWriter.appendID` writes it: no `node-N` built.)
            out.raw("\"`")
            withUnsafeMutablePointer(to: &out) { var w = JSONWords(o: $0); ResolvedShape.say(idOf: o.shape, in: scene.shapes, to: &w) }
            out.raw("`'s")
            t.jsonAfterID.withUnsafeBufferPointer { out.raw(bytes: $0) }
            out.byte(0x22)
            JSONWriter.appendPlace(fileName: fileName, start: start, end: end, to: &out)
            t.jsonTail.withUnsafeBufferPointer { out.raw(bytes: $0) }
        }
        // (Debug builds: the very bytes the built finding writes.)
        assert(JSONWriter.bytes(write) == JSONWriter.bytes {
            JSONWriter.appendDiagnostic(overflowDiagnostic(o), fileName: fileName, start: start, end: end, to: &$0)
        })
        write(&out)
    }

    /// What decides shape `i`'s finding, apart from where it is and its id: its items as
    /// written, its frame's size, its resolved radii and its layers', whether it has a
    /// role; and where its items start.
    func overflowKey(_ i: Int) -> (OverflowTemplates.Key, Int)? {
        // (The span read from the slots: the items are not built back.)
        guard let span = nodes.items(i).span, span.start < span.end else { return nil }
        let (lo, hi) = (span.start, span.end)
        // (Read in place: a copy of the shape is a dozen reference counts, for every finding written.)
        return scene.shapes.withUnsafeBufferPointer { s in
            var radii = s[i].radii.values
            for l in s[i].layers { radii += l.radii.values }
            return (OverflowTemplates.Key(items: text(SourceRange(lo, hi)), width: s[i].frame.width,
                                          height: s[i].frame.height, radii: radii, role: s[i].role != nil), lo)
        }
    }

    /// The template of shape `i`'s finding (`overflowKey`'s key), found from the
    /// shape's fields and its items' bytes read in place: no key is built (its text
    /// and radii are two allocations, and freeing them, for each finding written).
    /// Nil when there is none yet, or the node has no items.
    func overflowTemplate(_ i: Int) -> OverflowTemplates.Template? {
        guard let span = nodes.items(i).span, span.start < span.end, span.end <= file.bytes.count else { return nil }
        typealias Key = OverflowTemplates.Key
        return scene.shapes.withUnsafeBufferPointer { s in
            let (w, h, role) = (s[i].frame.width, s[i].frame.height, s[i].role != nil)
            let layers = s[i].layers
            // The radii in `overflowKey`'s order: the shape's, then each layer's.
            func radius(_ k: Int) -> Double {
                let r = k < 4 ? s[i].radii : layers[k / 4 - 1].radii
                switch k % 4 {
                case 0: return r.topLeading
                case 1: return r.topTrailing
                case 2: return r.bottomTrailing
                default: return r.bottomLeading
                }
            }
            let count = 4 * (1 + layers.count)
            var d = Key.seed(role: role, width: w, height: h)
            for k in 0..<count { d = Key.mix(d, Key.bits(radius(k))) }
            return file.bytes.withUnsafeBufferPointer { all in
                let items = UnsafeBufferPointer(rebasing: all[span.start..<span.end])
                return overflowTemplates.get(digest: Key.finish(d, items)) { key in
                    key.width == w && key.height == h && key.role == role && key.radii.count == count
                        && (0..<count).allSatisfy { key.radii[$0] == radius($0) } && Self.sameBytes(key.items, items)
                }
            }
        }
    }

    /// Whether `s` is the bytes `b` (compared in place: `elementsEqual` on a
    /// string's UTF-8 view goes a byte at a time through its index).
    static func sameBytes(_ s: String, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { a in
            a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
        } ?? s.utf8.elementsEqual(b)
    }

    /// The finding on shape `o.shape`, and whether it says where it is (a help that
    /// names a line and column), which no other node's can share.
    func buildOverflow(_ o: Overflow) -> (diagnostic: Diagnostic, positional: Bool) {
        let i = o.shape
        let w = scene.shapes[i].frame.width, h = scene.shapes[i].frame.height
        let over = fixedRadiusItems(i).compactMap { f in EdgeLimit.worst(f.radii, width: w, height: h, only: f.fixed).map { (f, $0) } }
        let (first, edge) = over[0]
        let sh = scene.shapes[i]
        // A button, pill or track (elongated, or with a role) is fully rounded on
        // its short axis, which is what earlier versions drew: a capsule. A
        // squarish shape keeps its kind with the largest radius that fits. Either
        // way the fix draws exactly what was drawn before.
        let capsule = sh.role != nil || max(w, h) >= 1.25 * min(w, h)
        var fixes: [TextEdit] = []
        var firstFix: OverflowFix? = nil
        var positional = false
        for (f, _) in over {
            let fix = overflowFix(f, width: w, height: h, capsule: capsule)
            fixes += fix.edits
            positional = positional || fix.positional
            if firstFix == nil { firstFix = fix }
            // A hit shape written like the drawn shape follows it.
            if f.role.isEmpty {
                let written = text(f.item.range)
                for it in nodes.items(i) {
                    guard case .hit = it.value, text(it.range).dropFirst(3).drop(while: { $0 == " " || $0 == "\t" }) == written else { continue }
                    fixes.append(TextEdit(it.range, "hit " + fix.text))
                }
            }
        }
        var d = Diagnostic(.radiusOverflow, overflowMessage(sh, first, edge), at: first.item.range, help: firstFix?.help,
                           values: ["radius": max(first.radii[edge.a], first.radii[edge.b]), "edge": edge.length, "maxRadius": min(w, h) / 2])
        d.fixes = fixes
        return (d, positional)
    }

    func overflowMessage(_ sh: ResolvedShape, _ f: FixedRadii, _ edge: EdgeLimit.Edge) -> String {
        let who = "`\(sh.id)`'s" + (f.role.isEmpty ? "" : " \(f.role)")
        let w = sh.frame.width, h = sh.frame.height, half = min(w, h) / 2
        let trap = "iOS 26 traps at render time on such a shape; earlier versions clamped it to "
        if case .radii(let kind, _) = f.shape, kind.arguments == .radius {
            return "\(who) radius \(n(f.radii.topLeading)) is more than half its \(n(min(w, h))) pt \(w == h ? "side" : w < h ? "width" : "height"): " + trap + n(half)
        }
        var clamped = f.radii
        for k in Corner.four { clamped[k] = min(clamped[k], half) }
        let a = f.radii[edge.a], b = f.radii[edge.b]
        let others = EdgeLimit.overflowing(f.radii, width: w, height: h, only: f.fixed).filter { $0 != edge }.map(\.name)
        let also = others.isEmpty ? "" : " (and on the \(others.joined(separator: " and ")) \(others.count == 1 ? "edge" : "edges"))"
        return "\(who) \(describeRadii(f)) \(f.fixed.count == 1 ? "does" : "do") not fit its \(n(w))×\(n(h)) frame: \(edge.a.name) and \(edge.b.name) (\(n(a)) + \(n(b))) are more than the \(n(edge.length)) pt \(edge.name) edge they share\(also); "
            + trap + (clamped.isUniform ? n(half) : clamped.description)
    }

    /// How the radius is described in the message: `radius 36`, `radii 32 32 0 0`,
    /// `fixed radius 24 at topLeading, topTrailing`.
    func describeRadii(_ f: FixedRadii) -> String {
        switch f.shape {
        case .radii(let kind, _):
            return kind.arguments == .radius ? "radius \(n(f.radii.topLeading))" : "radii \(f.radii)"
        case .plain, .concentric:
            let ks = Corner.four.filter { f.fixed.contains($0) }
            let vs = Set(ks.map { f.radii[$0] })
            let v = vs.count == 1 ? n(vs.first!) : ks.map { n(f.radii[$0]) }.joined(separator: ", ")
            return "fixed radius \(v) at \(ks.map(\.name).joined(separator: ", "))"
        }
    }

    struct OverflowFix {
        var edits: [TextEdit]
        /// The item's new text (`capsule`, `rect 16`, `container uneven(20, 20, 0, 0)`).
        var text: String
        var help: String
        /// The help names a line and column (`byHand`).
        var positional = false
    }

    /// The edits that make one item fit, its new text, and the help that says so.
    func overflowFix(_ f: FixedRadii, width w: Double, height h: Double, capsule: Bool) -> OverflowFix {
        let prefix = f.role.isEmpty ? "" : f.role + " "
        let fitted = EdgeLimit.drawn(f.radii, width: w, height: h)
        switch f.shape {
        case .radii(let kind, let es) where kind.arguments == .radius:
            let e = es[0]
            // `transition` takes only a rect.
            if capsule, f.role != "transition" {
                let text = prefix + ShapeKind.pill.rawValue
                return OverflowFix(edits: [TextEdit(f.item.range, text)], text: text,
                                   help: "a button, pill or track is fully rounded on its short axis: use `\(text)`, what earlier versions drew, at any size")
            }
            // (A name is kept: `rect r` → `rect r - 10`, KeepNames.swift.)
            guard let t = adjusted(e, to: fitted.topLeading, below: true) else { return byHand(f, fitted) }
            let text = prefix + "\(kind.rawValue) \(t)"
            return OverflowFix(edits: [TextEdit(e.range, t)], text: text,
                               help: "use the largest radius that fits: `\(text)`")
        case .radii(let kind, let es):
            var edits: [TextEdit] = []
            var parts: [String] = []
            for k in Corner.four {
                let e = es[k.rawValue]
                guard fitted[k] != f.radii[k] else { parts.append(n(fitted[k])); continue }
                guard let t = adjusted(e, to: fitted[k], below: true) else { return byHand(f, fitted) }
                edits.append(TextEdit(e.range, t))
                parts.append(t)
            }
            let text = prefix + "\(kind.rawValue)(\(parts.joined(separator: ", ")))"
            return OverflowFix(edits: edits, text: text, help: "use the radii it is drawn with, which fit: `\(text)`")
        case .concentric(let base, _, let clauses):
            // Lower each fixed corner's expression to what is drawn; a clause (or
            // the base) naming several corners takes the smallest of their values.
            var edits: [TextEdit] = []
            var parts: [String] = []
            let covered = Set(clauses.flatMap { $0.set.corners })
            let sources = clauses.map { ($0.spec, $0.set.corners) } + [(base, Corner.four.filter { !covered.contains($0) })]
            for (spec, corners) in sources {
                guard case .fixed(let e) = spec, let v = corners.map({ fitted[$0] }).min(),
                      corners.contains(where: { f.radii[$0] > v }) else { continue }
                guard let t = adjusted(e, to: v, below: true) else { return byHand(f, fitted) }
                edits.append(TextEdit(e.range, t))
                parts.append("`fixed \(t)` at \(corners.map(\.name).joined(separator: ", "))")
            }
            return OverflowFix(edits: edits, text: "", help: "lower the fixed corners to the radius they are drawn with, which fits: " + parts.joined(separator: "; "))
        case .plain:
            return OverflowFix(edits: [], text: "", help: "")
        }
    }

    /// No edit keeps the radius's names exactly: say what it must be, by hand.
    func byHand(_ f: FixedRadii, _ fitted: Radii) -> OverflowFix {
        let at = file.location(of: f.item.range.start)
        return OverflowFix(edits: [], text: "", help: "lower the radius to what it is drawn with, \(fitted), at \(at.line):\(at.column) by hand (no edit keeps its names exactly)",
                           positional: true)
    }
}

/// Radius-overflow findings built once per kind of node (`overflowDiagnostic`): a
/// template per key, the finding of the first node with that key. Shared by the
/// `Findings` of one check, which may be read from several threads.
final class OverflowTemplates: @unchecked Sendable {
    struct Key: Hashable {
        let items: String
        let width: Double, height: Double
        let radii: [Double]
        let role: Bool
        /// The fields hashed once, as the key is made (`--json` looks one up for every
        /// finding, and Swift's hash of the items' text and of the radii cost more than
        /// the finding's words): the table is keyed by this number alone.
        let digest: UInt64

        init(items: String, width: Double, height: Double, radii: [Double], role: Bool) {
            self.items = items; self.width = width; self.height = height; self.radii = radii; self.role = role
            var h = Self.seed(role: role, width: width, height: height)
            for r in radii { h = Self.mix(h, Self.bits(r)) }
            var text = items
            digest = text.withUTF8 { Self.finish(h, $0) }
        }

        /// The digest's parts, in order (`Context.overflowTemplate` hashes a node's
        /// fields read in place with them): the role and the frame's size, then each
        /// radius (`mix(h, bits(r))`), then the items' bytes.
        @inline(__always) static func seed(role: Bool, width: Double, height: Double) -> UInt64 {
            mix(mix(role ? 0x9E37_79B9_7F4A_7C15 : 0, bits(width)), bits(height))
        }

        @inline(__always) static func finish(_ h: UInt64, _ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var g = mix(h, UInt64(b.count))
            var i = 0
            if let p = b.baseAddress {
                while i + 8 <= b.count { g = mix(g, UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: UInt64.self)); i += 8 }
            }
            var tail: UInt64 = 0
            while i < b.count { tail = tail << 8 | UInt64(b[i]); i += 1 }
            return mix(g, tail)
        }

        @inline(__always) static func mix(_ h: UInt64, _ x: UInt64) -> UInt64 {
            let m = (h ^ x) &* 0xBF58_476D_1CE4_E5B9
            return m ^ m >> 31
        }

        /// A number's bits, a zero's sign dropped (as `==` ignores it): equal numbers, equal bits.
        @inline(__always) static func bits(_ v: Double) -> UInt64 { v == 0 ? 0 : v.bitPattern }

        /// Equal digests and fields, the items equal byte for byte (as
        /// `Context.overflowTemplate` matches them), not only canonically: a
        /// template's fixes are ranges and text of the node it was made from, so
        /// `café` and `cafe` + U+0301, one byte longer, must not share one, even
        /// were their digests to collide.
        static func == (a: Key, b: Key) -> Bool {
            guard a.digest == b.digest, a.width == b.width, a.height == b.height, a.role == b.role, a.radii == b.radii else {
                return false
            }
            var items = b.items
            return items.withUTF8 { Context.sameBytes(a.items, $0) }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// A built finding, its positions relative to where its node's items start, its
    /// message without the node's id. (A class, immutable: a lookup for every
    /// finding of a list hands out a reference, not a copy of the diagnostic.)
    final class Template: Sendable {
        /// What it was kept for (the table is keyed by the key's digest).
        let key: Key
        let diagnostic: Diagnostic
        let base: Int
        /// The message after "`ID`'s", which starts every radius-overflow message.
        let afterID: Substring
        /// For `scene run --json` (`Context.appendOverflowJSON`), escaped once for every
        /// node of the kind: the object's start up to the message's opening quote
        /// (`JSONWriter.appendHead`), `afterID` as it goes inside the message's quotes,
        /// and the object's end after its place (`JSONWriter.appendTail`).
        let jsonHead: [UInt8]
        let jsonAfterID: [UInt8]
        let jsonTail: [UInt8]

        init?(_ d: Diagnostic, key: Key, base: Int, id: String) {
            let prefix = "`\(id)`'s"
            guard d.message.hasPrefix(prefix) else { return nil }
            self.key = key
            diagnostic = d
            self.base = base
            let after = d.message.dropFirst(prefix.count)
            afterID = after
            jsonHead = JSONWriter.bytes { JSONWriter.appendHead(severity: d.severity, code: d.code, to: &$0) }
            jsonAfterID = JSONWriter.bytes { JSONWriter.appendContent(String(after), to: &$0) }
            jsonTail = JSONWriter.bytes {
                JSONWriter.appendTail(help: d.help, notes: d.notes, values: d.values.sorted { $0.key < $1.key }, to: &$0)
            }
        }

        /// The finding on a node whose items start at `base`, with id `id`.
        func instance(at newBase: Int, id: String) -> Diagnostic {
            let delta = newBase - base
            func moved(_ r: SourceRange) -> SourceRange { SourceRange(r.start + delta, r.end + delta) }
            var d = diagnostic
            d.message = "`\(id)`'s" + afterID
            d.range = moved(d.range)
            d.fixes = d.fixes.map { TextEdit(moved($0.range), $0.replacement) }
            return d
        }
    }

    private let lock = Lock()
    /// By digest, each with its key: a digest's second key (a collision) is not
    /// kept, and its findings are built each time.
    private var table: [UInt64: Template] = [:]

    func get(_ key: Key) -> Template? { get(digest: key.digest) { $0 == key } }

    /// The template whose key has digest `digest`, if `matches` holds for that key.
    func get(digest: UInt64, where matches: (Key) -> Bool) -> Template? {
        lock.withLock { table[digest].flatMap { matches($0.key) ? $0 : nil } }
    }

    func put(_ t: Template) {
        lock.withLock {
            if let kept = table[t.key.digest], kept.key != t.key { return }
            table[t.key.digest] = t
        }
    }
}

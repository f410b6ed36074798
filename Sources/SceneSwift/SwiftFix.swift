// `scene check --fix View.swift`: rewrite each number a finding's fix names, in place
// (the expression only: the rest of the line, the names and the layout stay), then read
// again, until nothing changes.
//
// A fix is the checker's own, on the views' scene, said in Swift: each edit of the scene
// must rewrite one number the scene took from the Swift (a radius, a container's radius,
// a `.concentric(minimum:)`, a padding) or the value of a `let` written from a constant
// (`static let card: CGFloat = 20`, edited at its declaration, as the scene fixer sets a
// `let`); otherwise the finding gets no fix. A round whose edits would add a finding, or a
// finding the reader cannot be sure of, is not written: each finding's edits are then
// tried alone, and only those that add none are kept.
import SceneLang
import SwiftSyntax

/// One edit of one of the Swift files read (by index).
public struct SwiftEdit: Sendable, Equatable {
    public var file: Int
    public var edit: TextEdit
    public init(file: Int, edit: TextEdit) { self.file = file; self.edit = edit }
}

public enum SwiftFix {
    public struct Outcome: Sendable {
        public var text: String
        /// Edits that changed the file.
        public var applied: Int
        /// Its findings before any fix (a fix may change another file: a token declared there).
        public var found: Int = 0
    }

    public static let maxRounds = 8
    /// How many findings' edits a round tries one by one when all of them together would
    /// add a finding.
    public static let maxTrials = 16

    /// Each file's fixed text and how many edits changed it.
    public static func run(_ files: [SourceFile], library: [SourceFile] = []) -> [Outcome] {
        var current = files
        var applied = [Int](repeating: 0, count: files.count)
        var results = SwiftRead(current, library: library).check()
        let found = results.map(\.diagnostics.count)
        for _ in 0..<maxRounds {
            let before = findingKeys(results)
            // Each finding's edits that change the bytes, as one group.
            var groups: [[SwiftEdit]] = []
            var seen = Set<String>()
            for r in results {
                for g in r.fixGroups {
                    let changing = g.filter { e in
                        Array(current[e.file].bytes[e.edit.range.start..<e.edit.range.end]) != Array(e.edit.replacement.utf8)
                    }
                    let key = changing.map { "\($0.file):\($0.edit.range.start):\($0.edit.replacement)" }.joined(separator: ";")
                    if !changing.isEmpty, seen.insert(key).inserted { groups.append(changing) }
                }
            }
            guard !groups.isEmpty else { break }
            /// `edits` applied to `base`, and the check of the result when it adds no finding.
            func attempt(_ edits: [SwiftEdit], on base: [SourceFile]) -> ([SourceFile], [Int], [SwiftFileResult])? {
                var next = base
                var counts = [Int](repeating: 0, count: base.count)
                for f in Set(edits.map(\.file)) {
                    let out = TextEdit.apply(edits.filter { $0.file == f }.map(\.edit), to: base[f].bytes)
                    counts[f] = out.applied
                    next[f] = SourceFile(name: base[f].name, bytes: out.bytes)
                }
                let after = SwiftRead(next, library: library).check()
                guard findingKeys(after).isSubset(of: before) else { return nil }
                return (next, counts, after)
            }
            if let (next, counts, after) = attempt(groups.flatMap { $0 }, on: current) {
                current = next
                for i in counts.indices { applied[i] += counts[i] }
                results = after
                continue
            }
            // Together they add a finding: each alone, keeping those that add none. Each
            // group's places are in the text the round began with: moved past the edits
            // already kept (`rebased`), or skipped when it touches one of them.
            var any = false
            var kept: [SwiftEdit] = []
            for g in groups.prefix(maxTrials) {
                guard let moved = rebased(g, after: kept),
                      let (next, counts, after) = attempt(moved, on: current) else { continue }
                current = next
                for i in counts.indices { applied[i] += counts[i] }
                results = after
                kept += g
                any = true
            }
            if !any { break }
        }
        return current.enumerated().map { i, f in
            Outcome(text: String(decoding: f.bytes, as: UTF8.self), applied: applied[i], found: i < found.count ? found[i] : 0)
        }
    }

    /// `edits`, placed in a text as it was before `earlier` (edits that do not overlap
    /// one another), moved to where they fall once `earlier` are applied: nil when one
    /// of them overlaps an earlier one (or inserts where it does), which would no longer
    /// say what it said.
    static func rebased(_ edits: [SwiftEdit], after earlier: [SwiftEdit]) -> [SwiftEdit]? {
        var out: [SwiftEdit] = []
        for e in edits {
            var shift = 0
            for d in earlier where d.file == e.file {
                let (a, b) = (d.edit.range, e.edit.range)
                // Two insertions at one place: which goes first is not known.
                if a.start == a.end, b.start == b.end, a.start == b.start { return nil }
                if a.end <= b.start {
                    shift += d.edit.replacement.utf8.count - (a.end - a.start)
                } else if b.end > a.start {
                    return nil  // overlapping
                }
            }
            let r = e.edit.range
            out.append(SwiftEdit(file: e.file, edit: TextEdit(SourceRange(r.start + shift, r.end + shift), e.edit.replacement)))
        }
        return out
    }

    /// Every finding, reported or not (one the reader is not sure of counts too), as
    /// `file:line code`: a fix may not add one.
    static func findingKeys(_ results: [SwiftFileResult]) -> Set<String> {
        var keys = Set<String>()
        for (i, r) in results.enumerated() {
            for d in r.diagnostics { keys.insert("\(i):\(r.file.location(of: d.range.start).line) \(d.code)") }
            for u in r.unreported { keys.insert("\(i):\(u)") }
        }
        return keys
    }
}

extension SwiftRead {
    /// A scene name as the Swift writes it (`v_Radius_card` → `Radius.card`).
    var swiftNames: [String: String] {
        var names: [String: String] = [:]
        for c in decls.constants.used {
            names[c.sceneName] = c.qualified.hasPrefix("local.") ? String(c.qualified.dropFirst(6)) : c.qualified
        }
        return names
    }

    /// A scene expression (a fix's replacement) in Swift: the names as the code writes them.
    func swiftExpression(_ scene: String) -> String {
        let names = swiftNames
        var out = "", word = ""
        func flush() { out += names[word] ?? word; word = "" }
        for ch in scene {
            if ch.isLetter || ch.isNumber || ch == "_" || (ch == "." && !word.isEmpty && word.allSatisfy(\.isNumber)) {
                word.append(ch)
            } else {
                flush()
                out.append(ch)
            }
        }
        flush()
        return out
    }

    /// The finding's scene fixes as edits of the Swift files, or nil when one of them does
    /// not rewrite a number the Swift writes (then the finding has no fix): each edit must
    /// replace a number read from the Swift (a radius, a minimum, a padding), a drawn `rect R`
    /// (the ancestor raised: `rect 28 container rect 28` is `cornerRadius: 28`), or the value
    /// of a `let` written from a constant whose declaration is a literal the reader sees every
    /// use of. `uncertainViews`: views with a finding the reader is not sure of, whose numbers
    /// a fix leaves alone.
    func swiftEdits(_ fixes: [TextEdit], uncertainViews: Set<Int>) -> [SwiftEdit]? {
        guard !fixes.isEmpty else { return nil }
        var out: [SwiftEdit] = []
        for e in fixes {
            let r = e.range.start..<e.range.end
            if let s = scene.numSpans.first(where: { $0.scene == r }) {
                guard let edit = numberEdit(s.num, node: s.node, to: e.replacement, uncertainViews: uncertainViews) else { return nil }
                out.append(edit)
            } else if let (k, s) = scene.rectSpans.first(where: { $0.value.scene == r }) {
                // `rect X` → `capsule` (a radius past half the short side): the shape becomes a capsule.
                if e.replacement == "capsule" {
                    guard let edit = capsuleEdit(k) else { return nil }
                    out.append(edit)
                    continue
                }
                // `rect X` → `rect Y container rect Y` (or `rect Y`): the drawn radius becomes Y.
                var rep = Substring(e.replacement)
                guard rep.hasPrefix("rect ") else { return nil }
                rep = rep.dropFirst(5)
                if let c = rep.firstRange(of: " container rect ") {
                    guard rep[c.upperBound...] == rep[..<c.lowerBound] else { return nil }
                    rep = rep[..<c.lowerBound]
                }
                guard let edit = numberEdit(s.radius, node: k, to: String(rep), uncertainViews: uncertainViews) else { return nil }
                out.append(edit)
            } else if let (k, s) = scene.containerSpans.first(where: { $0.value.scene == r }), e.replacement.hasPrefix("container rect ") {
                // `container rect X` → `container rect Y`: the declared radius becomes Y.
                guard let edit = numberEdit(s.radius, node: k, to: String(e.replacement.dropFirst(15)), uncertainViews: uncertainViews) else { return nil }
                out.append(edit)
            } else if let (k, span) = scene.shapeSpans.first(where: { $0.value.lowerBound <= r.lowerBound && r.upperBound <= $0.value.upperBound }) {
                // A concentric shape given a minimum (`concentric` → `concentric min 0`).
                guard let edit = minimumEdit(k, span: span, edit: e) else { return nil }
                out.append(edit)
            } else if let (k, span) = scene.clipSpans.first(where: { $0.value.lowerBound <= r.lowerBound && r.upperBound <= $0.value.upperBound }),
                      scene.nodes[k].clip?.range == scene.nodes[k].shape?.range,
                      fixes.contains(where: { f in f.range != e.range && (scene.rectSpans[k]?.scene == f.range.start..<f.range.end
                          || scene.shapeSpans[k].map { $0.lowerBound <= f.range.start && f.range.end <= $0.upperBound } == true) }) {
                // The clip is the shape the node draws, one `.clipShape` in the Swift:
                // the edit of the drawn shape writes it (`rect 14 clip rect 14` → `capsule clip capsule`).
                _ = span
                continue
            } else if let l = scene.letSpans.first(where: { $0.scene == r }) {
                guard let edit = declarationEdit(l.constant, to: e.replacement, uncertainViews: uncertainViews) else { return nil }
                out.append(edit)
            } else {
                return nil
            }
        }
        // One place, one text.
        var byPlace: [String: String] = [:]
        var unique: [SwiftEdit] = []
        for e in out {
            let key = "\(e.file):\(e.edit.range.start):\(e.edit.range.end)"
            if let t = byPlace[key] { guard t == e.edit.replacement else { return nil }; continue }
            byPlace[key] = e.edit.replacement
            unique.append(e)
        }
        return unique
    }

    /// Node `k`'s drawn rounded rectangle written as a capsule: `Capsule()`, `.capsule`, or
    /// `.clipShape(Capsule())` for `.cornerRadius(r)`; none for a shape with a `style:` or
    /// built by a function of the code. (A capsule never overflows, wherever the shape is read.)
    private func capsuleEdit(_ k: Int) -> SwiftEdit? {
        let n = scene.nodes[k], f = n.file
        guard let shape = n.shape, f >= 0, f < files.count, shape.range.upperBound <= files[f].bytes.count else { return nil }
        let text = files[f].text(shape.range)
        guard !text.contains("style:") else { return nil }
        let written: String
        if text.hasPrefix("RoundedRectangle(") { written = "Capsule()" }
        else if text.hasPrefix(".rect(") { written = ".capsule" }
        else if text.hasPrefix(".cornerRadius(") { written = ".clipShape(Capsule())" }
        else { return nil }
        return SwiftEdit(file: f, edit: TextEdit(SourceRange(shape.range.lowerBound, shape.range.upperBound), written))
    }

    /// Node `k`'s `ConcentricRectangle` as scene `edit` leaves it, when that is a plain
    /// `concentric min X [uniform]`: `.concentric(minimum: X)` written where the Swift says
    /// its corners (`corners: .concentric` → `corners: .concentric(minimum: X)`;
    /// `ConcentricRectangle()` → `ConcentricRectangle(corners: .concentric(minimum: X))`); or
    /// a `ContainerRelativeShape()` made that ConcentricRectangle.
    private func minimumEdit(_ k: Int, span: Range<Int>, edit e: TextEdit) -> SwiftEdit? {
        let n = scene.nodes[k], f = n.file
        guard let shape = n.shape, f >= 0, f < files.count, shape.range.upperBound <= files[f].bytes.count else { return nil }
        let relative: Bool
        switch shape.kind {
        case .concentric: relative = false
        case .relative: relative = true
        default: return nil
        }
        let bytes = Array(scene.text.utf8)
        let after = String(decoding: bytes[span.lowerBound..<e.range.start], as: UTF8.self) + e.replacement
            + String(decoding: bytes[e.range.end..<span.upperBound], as: UTF8.self)
        let words = after.split(separator: " ")
        guard words.count >= 3, words.count <= 4, words[0] == "concentric", words[1] == "min",
              words.count == 3 || words[3] == "uniform" else { return nil }
        let minimum = ".concentric(minimum: \(swiftExpression(String(words[2]))))"
        let text = files[f].text(shape.range)
        var written: String
        if relative {
            // `ContainerRelativeShape()` → a ConcentricRectangle (relative-uneven-insets).
            let uniform = words.count == 4 ? ", isUniform: true" : ""
            if text == "ContainerRelativeShape()" { written = "ConcentricRectangle(corners: \(minimum)\(uniform))" }
            else if text == ".containerRelative" { written = ".rect(corners: \(minimum)\(uniform))" }
            else { return nil }
        } else if let c = text.firstRange(of: "corners: .concentric()") ?? text.firstRange(of: "corners: .concentric") {
            written = text
            written.replaceSubrange(c, with: "corners: " + minimum)
            // (Not `.concentric(minimum: …)` already, nor `.concentricity`.)
            guard !text[c.upperBound...].hasPrefix("("), text[c.upperBound...].first.map({ !$0.isLetter }) ?? true else { return nil }
        } else if text == "ConcentricRectangle()" {
            written = "ConcentricRectangle(corners: \(minimum))"
        } else if text.hasPrefix("ConcentricRectangle("), !text.contains("Corner"), !text.contains("corners:") {
            written = "ConcentricRectangle(corners: \(minimum), " + text.dropFirst("ConcentricRectangle(".count)
        } else {
            return nil
        }
        return SwiftEdit(file: f, edit: TextEdit(SourceRange(shape.range.lowerBound, shape.range.upperBound), written))
    }

    /// Number `num` (of node `node`) written as scene expression `replacement`.
    private func numberEdit(_ num: Num, node: Int, to replacement: String, uncertainViews: Set<Int>) -> SwiftEdit? {
        let f = scene.nodes[node].file
        guard f >= 0, f < files.count, !num.range.isEmpty, num.range.upperBound <= files[f].bytes.count,
              // The number is written where it is read (not `.padding()`'s default, not a shape function's body).
              files[f].text(num.range) == num.swift else { return nil }
        // The same Swift text read in a view whose finding is not certain: left alone.
        for s in scene.numSpans where s.num.range == num.range && scene.nodes[s.node].file == f {
            if uncertainViews.contains(scene.viewOf[s.node]) { return nil }
        }
        return SwiftEdit(file: f, edit: TextEdit(SourceRange(num.range.lowerBound, num.range.upperBound), swiftExpression(replacement)))
    }

    /// Constant `c`'s declaration set to `replacement` (a number), when it is written as a
    /// literal and every use of its name in the files is one the scene has, in views whose
    /// findings are certain.
    private func declarationEdit(_ c: Constant, to replacement: String, uncertainViews: Set<Int>) -> SwiftEdit? {
        guard c.file >= 0, c.file < files.count, let value = Double(replacement), value.isFinite else { return nil }
        // A literal, so the type stays: `24` or `24.0` (a `CGFloat` annotation takes either).
        var lit = ExprSyntax(c.initializer)
        if let p = lit.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" { lit = p.expression }
        let isFloat = lit.is(FloatLiteralExprSyntax.self)
        guard isFloat || lit.is(IntegerLiteralExprSyntax.self) else { return nil }
        let annotated = c.initializer.parent?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation != nil
        var written = ConstantTable.format(value)
        if !annotated {
            if isFloat, !written.contains(".") { written += ".0" }
            if !isFloat, written.contains(".") { return nil }
        }
        // Every scene name that depends on it, and the views whose nodes use one of them.
        var reached: Set<String> = [c.sceneName]
        var grew = true
        while grew {
            grew = false
            for u in decls.constants.used where !reached.contains(u.sceneName) {
                let t = decls.constants.sceneText[u.sceneName] ?? ""
                if reached.contains(where: { Self.containsWord(t, $0) }) { reached.insert(u.sceneName); grew = true }
            }
        }
        var known: [(file: Int, range: Range<Int>)] = [(c.file, c.range)]
        for s in scene.numSpans where reached.contains(where: { Self.containsWord(s.num.scene, $0) }) {
            if uncertainViews.contains(scene.viewOf[s.node]) { return nil }
            known.append((scene.nodes[s.node].file, s.num.range))
        }
        for u in decls.constants.used where reached.contains(u.sceneName) { known.append((u.file, u.range)) }
        // Nodes that use it in numbers a fix cannot see (a concentric clause, a size from content).
        let text = Array(scene.text.utf8)
        for (k, span) in scene.nodeSpans.enumerated() where uncertainViews.contains(scene.viewOf[k]) {
            let line = String(decoding: text[span], as: UTF8.self)
            if reached.contains(where: { Self.containsWord(line, $0) }) { return nil }
        }
        // Every place the Swift spells the name: a use the scene has, or the declaration.
        let name = String(c.qualified.split(separator: ".").last ?? "")
        guard !name.isEmpty else { return nil }
        for (f, file) in files.enumerated() where Prefilter.contains(file.bytes, Array(name.utf8)) {
            // The identifiers the code spells (not a word in a comment or a string).
            let uses = Self.parse(file).tokens(viewMode: .sourceAccurate).filter { t in
                if case .identifier(let id) = t.tokenKind { return id == name } else { return false }
            }.map(\.positionAfterSkippingLeadingTrivia.utf8Offset)
            for at in uses {
                if known.contains(where: { $0.file == f && $0.range.contains(at) }) { continue }
                // The declaration: `card` then `: CGFloat =` or ` =` up to its value.
                if f == c.file, at < c.range.lowerBound, c.range.lowerBound - at < 80,
                   !file.bytes[at..<c.range.lowerBound].contains(UInt8(ascii: "\n")) { continue }
                return nil
            }
        }
        return SwiftEdit(file: c.file, edit: TextEdit(SourceRange(c.range.lowerBound, c.range.upperBound), written))
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    /// Where `word` stands alone in `bytes`.
    static func wordOffsets(_ bytes: [UInt8], _ word: [UInt8]) -> [Int] {
        guard !word.isEmpty, bytes.count >= word.count else { return [] }
        var out: [Int] = []
        var i = 0
        while i + word.count <= bytes.count {
            if bytes[i] == word[0], bytes[i..<i + word.count].elementsEqual(word),
               i == 0 || !isWordByte(bytes[i - 1]), i + word.count == bytes.count || !isWordByte(bytes[i + word.count]) {
                out.append(i)
                i += word.count
            } else { i += 1 }
        }
        return out
    }

    static func containsWord(_ text: String, _ word: String) -> Bool {
        !wordOffsets(Array(text.utf8), Array(word.utf8)).isEmpty
    }
}

// A checker finding on the views' scene, said in Swift: at the Swift file's line and
// column, naming the Swift shapes, with a help line in Swift and a fix that rewrites
// the radius expression, keeping the user's names where the numbers allow.
import SceneLang
import SceneEval

extension SwiftRead {
    /// How a scene name reads in Swift (`v_Radius_card` → `Radius.card`; the label `` `n3` ``
    /// → the shape as written, `` `RoundedRectangle(cornerRadius: 24)` (line 9) ``).
    func swiftWords(_ text: String, primary: Int) -> String {
        var names: [String: String] = [:]
        for c in decls.constants.used {
            names[c.sceneName] = c.qualified.hasPrefix("local.") ? String(c.qualified.dropFirst(6)) : c.qualified
        }
        var out = "", word = ""
        var quoted = false
        func flush(closing: Bool) {
            if let n = names[word] { out += n }
            else if quoted, closing, word.hasPrefix("n"), let k = Int(word.dropFirst()), k < scene.nodes.count, word == "n\(k)",
                    out.last == "`" {
                out.removeLast()
                out += describe(k, primary: k == primary, from: max(0, scene.nodes[primary].file))
                word = ""
                return
            } else { out += word }
            word = ""
            if closing { out.append("`") }
        }
        for ch in text {
            if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch); continue }
            if ch == "`" {
                let wasQuoted = quoted
                flush(closing: wasQuoted)
                if !wasQuoted { out.append("`") }
                quoted.toggle()
            } else {
                flush(closing: false)
                out.append(ch)
            }
        }
        flush(closing: false)
        return out
    }

    /// `RoundedRectangle(cornerRadius: 24)` (line 9), as a finding names a frame.
    func describe(_ k: Int, primary: Bool, from file: Int) -> String {
        let n = scene.nodes[k]
        let f = max(0, n.file)
        let drawn = n.shape.map(\.swift), declared = n.container.map { $0.declaredBy ?? ".containerShape(\($0.swift))" }
        // A frame with no shape: the code that makes it, its first line.
        let code = n.range.isEmpty || n.range.upperBound > files[f].bytes.count ? "the view"
            : ConstantTable.short(String(files[f].text(n.range).prefix { $0 != "\n" }) + (files[f].text(n.range).contains("\n") ? " …" : ""))
        let what = "`" + ((primary ? drawn ?? declared : declared ?? drawn) ?? code) + "`"
        if primary { return what }
        let at = files[f].location(of: ((declared != nil ? n.container?.range : nil) ?? n.shape?.range ?? n.range).lowerBound)
        return what + " (" + (f == file ? "line \(at.line)" : "\(files[f].name):\(at.line)") + ")"
    }

    /// How one edit of a fix reads in a help: `` `cornerRadius: 28` ``, or ``set `Radius.card` =
    /// 28 where it is declared (line 7)``; nil for several edits.
    func fixWords(_ edits: [SwiftEdit]?, in file: Int) -> String? {
        guard let edits, edits.count == 1, let e = edits.first else { return nil }
        if let l = scene.letSpans.first(where: { $0.constant.file == e.file && $0.constant.range == e.edit.range.start..<e.edit.range.end }) {
            let name = l.constant.qualified.hasPrefix("local.") ? String(l.constant.qualified.dropFirst(6)) : l.constant.qualified
            let at = files[e.file].location(of: e.edit.range.start)
            return "set `\(name)` = \(e.edit.replacement) where it is declared (\(e.file == file ? "line \(at.line)" : "\(files[e.file].name):\(at.line)"))"
        }
        // The label the number is written after (`cornerRadius:`, `minimum:`), or `.cornerRadius(`.
        let before = files[e.file].text(max(0, e.edit.range.start - 16)..<e.edit.range.start)
        if before.hasSuffix(".cornerRadius(") { return "`.cornerRadius(\(e.edit.replacement))`" }
        if let colon = before.lastIndex(of: ":") {
            let label = before[..<colon].reversed().prefix { $0.isLetter }.reversed()
            if !label.isEmpty { return "`\(String(label)): \(e.edit.replacement)`" }
        }
        return "`\(e.edit.replacement)`"
    }

    /// The finding `d` (on node `i`) in Swift, with its fix as edits of the files (nil: none).
    func swiftDiagnostic(_ d: Diagnostic, node i: Int, uncertainViews: Set<Int> = [])
        -> (file: Int, diagnostic: Diagnostic, edits: [SwiftEdit]?)? {
        let n = scene.nodes[i]
        let f = max(0, n.file)
        let radius = n.shape?.radius
        let range = radius.flatMap { $0.range.isEmpty ? nil : $0.range } ?? n.shape?.range ?? n.range
        // The checker's words, with its backquoted labels and names in Swift.
        let message = swiftWords(d.message, primary: i)
        var out = Diagnostic(d.id, message, at: SourceRange(range.lowerBound, range.upperBound),
                             help: d.help.map { swiftWords($0, primary: i) }, notes: [], values: d.values)
        var edits: [SwiftEdit]? = nil
        switch d.id {
        case .pinchedCorner, .flaredCorner:
            // One of a row of the same shape: the row is fixed whole (the checker's AncestorRow.swift),
            // by the edits the checker makes (the shape around them raised, or every one of the row).
            if let each = d.values["rowRadius"] {
                out.help = rowHelp(i, each: each, ancestor: d.values["rowAncestorRadius"], flared: d.id == .flaredCorner,
                                   count: Int(d.values["rowCount"] ?? 0), radius: d.values["radius"] ?? each)
                edits = swiftEdits(d.fixes, uncertainViews: uncertainViews)
                break
            }
            guard let want = d.values["concentricRadius"] else { break }
            // An UnevenRoundedRectangle: the corners named set to the concentric radius, each.
            if let (help, fix) = unevenShapeFix(i, d, want: want) {
                out.help = help
                if !fix.isEmpty { edits = fix }
                break
            }
            // Corners that want different radii (a shape moved by `.offset`): no one radius fixes it.
            if let help = unevenRadiiHelp(d) { out.help = help; break }
            let (help, fix) = radiusHelp(i, want: want)
            out.help = help
            if let fix { edits = [SwiftEdit(file: f, edit: fix)] }
        case .unevenSiblings, .missingMinimum, .relativeUnevenInsets:
            // Every sibling's minimum raised, a minimum given, or a ConcentricRectangle for a
            // ContainerRelativeShape; the scene's words in Swift.
            edits = swiftEdits(d.fixes, uncertainViews: uncertainViews)
            out.help = out.help.map(Self.concentricWords)
            if d.id == .relativeUnevenInsets { out.help = out.help?.replacing("`.concentric(minimum: ", with: "`ConcentricRectangle(corners: .concentric(minimum: ").replacing(")` follows", with: "))` follows") }
        case .shapeMismatch:
            // The declared radius raised or lowered to the one drawn (the checker's edit);
            // or, when the drawn shape is the one off (flared or pinched), its fix.
            edits = swiftEdits(d.fixes, uncertainViews: uncertainViews)
            // In Swift it is `.containerShape` that declares the container, not the shape drawn.
            if let c = n.container, let s = n.shape {
                let at = files[f].location(of: c.range.lowerBound).line
                out.message = "`\(c.declaredBy ?? ".containerShape(\(c.swift))")` (line \(at)) declares a container that differs from the shape drawn with it, `\(s.swift)`"
            }
            if d.values["drawnFixRadius"] != nil {
                let fix = fixWords(edits, in: f) ?? "`cornerRadius: \(ConstantTable.format(d.values["drawnFixRadius"]!))`"
                out.help = "what it contains follows the declared corners, and it is the drawn shape that is off: \(fix), the fix of the corner finding, makes the two agree"
            } else if let s = n.shape {
                let written = s.shapeValue
                out.help = "what it contains follows the declared corners: declare the shape drawn, `.containerShape(\(written))`"
            }
        case .containerTooTight:
            if let need = d.values["neededRadius"] {
                edits = swiftEdits(d.fixes, uncertainViews: uncertainViews)
                out.help = tightHelp(need: need, edits: edits, againstAncestor: d.values["againstAncestor"] != nil, in: f)
            }
        case .radiusOverflow:
            // The checker's fix draws a capsule: `Capsule()` in Swift.
            edits = swiftEdits(d.fixes, uncertainViews: uncertainViews)
            if let most = d.values["maxRadius"] {
                out.help = "a fully rounded short side is `Capsule()`, what earlier versions drew; or at most `cornerRadius: \(ConstantTable.format((most * 100).rounded(.down) / 100))`"
            }
        case .radiusInversion:
            if let want = d.values["containerRadius"] {
                out.help = "a corner is never rounder than the one around it: at most `\(ConstantTable.format(want))` here"
            }
        default: break
        }
        return (f, out, edits)
    }

    /// The corners a flared or pinched finding names (`at bottomTrailing, bottomLeading:`),
    /// and each corner's concentric radius as the checker's help gives it (`uneven(a, b, c,
    /// d)` or `rect R`; else `want` for all), clockwise from top leading.
    func namedCorners(_ d: Diagnostic, want: Double) -> (named: [String], radii: [String]) {
        var named: [String] = []
        if let end = d.message.firstRange(of: ": radius"), let at = d.message[..<end.lowerBound].ranges(of: " at ").last {
            named = d.message[at.upperBound..<end.lowerBound].split(separator: ",").map { String($0).trimmingSpaces }
        }
        var radii = Array(repeating: ConstantTable.format((want * 100).rounded() / 100), count: 4)
        if let h = d.help, let a = h.firstRange(of: "`uneven("), let b = h[a.upperBound...].firstIndex(of: ")") {
            let r = h[a.upperBound..<b].split(separator: ",").map { swiftExpression(String($0).trimmingSpaces) }
            if r.count == 4 { radii = r }
        } else if let h = d.help, let a = h.firstRange(of: "`rect "), let b = h[a.upperBound...].firstIndex(of: "`") {
            radii = Array(repeating: swiftExpression(String(h[a.upperBound..<b])), count: 4)
        }
        return (named, radii)
    }

    /// An `UnevenRoundedRectangle` flared or pinched at the corners named: each of those set
    /// to its concentric radius where it is written (`bottomLeadingRadius: 0` → `12`); the
    /// help names them. No edit for a corner left out (its 0 is not written) or written with
    /// a name; nil for any other shape.
    func unevenShapeFix(_ i: Int, _ d: Diagnostic, want: Double) -> (String, [SwiftEdit])? {
        let n = scene.nodes[i]
        guard let shape = n.shape, case .uneven(let nums) = shape.kind, nums.count == 4 else { return nil }
        let labels = ["topLeadingRadius", "topTrailingRadius", "bottomTrailingRadius", "bottomLeadingRadius"]
        let names = ["topLeading", "topTrailing", "bottomTrailing", "bottomLeading"]
        let (named, radii) = namedCorners(d, want: want)
        guard !named.isEmpty else { return nil }
        var said: [String] = [], edits: [SwiftEdit] = []
        var fixable = true
        for k in 0..<4 where named.contains(names[k]) {
            said.append("`\(labels[k]): \(radii[k])`")
            let x = nums[k]
            guard !x.range.isEmpty, !x.named, x.range.upperBound <= files[max(0, n.file)].bytes.count,
                  files[max(0, n.file)].text(x.range) == x.swift else { fixable = false; continue }
            edits.append(SwiftEdit(file: max(0, n.file), edit: TextEdit(SourceRange(x.range.lowerBound, x.range.upperBound), radii[k])))
        }
        return ("use the concentric radius at the corners named: " + said.joined(separator: ", ")
                + "; or, on iOS 26, `ConcentricRectangle()` inside `\(containerDeclaration(around: i))`", fixable ? edits : [])
    }

    /// The help of a flared or pinched shape whose corners at the corner around it want
    /// different radii (the checker's help names them: `uneven(6, 12, 12, 6)`), said as an
    /// `UnevenRoundedRectangle`; nil when the corners named want one radius (that is the fix).
    func unevenRadiiHelp(_ d: Diagnostic) -> String? {
        guard let h = d.help, let a = h.firstRange(of: "`uneven("), let b = h[a.upperBound...].firstIndex(of: ")") else { return nil }
        let r = h[a.upperBound..<b].split(separator: ",").map { swiftExpression(String($0).trimmingSpaces) }
        // Only the corners named (those at the corner around it) count: when they want
        // one radius, that radius is the fix (the others may take it too).
        let names = ["topLeading", "topTrailing", "bottomTrailing", "bottomLeading"]
        var named: [String] = []
        if let end = d.message.firstRange(of: ": radius"), let at = d.message[..<end.lowerBound].ranges(of: " at ").last {
            named = d.message[at.upperBound..<end.lowerBound].split(separator: ",").map { String($0).trimmingSpaces }
        }
        let wanted = Set(zip(names, r).filter { named.contains($0.0) }.map(\.1))
        guard r.count == 4, !named.isEmpty, wanted.count > 1 else { return nil }
        return "its corners sit at different distances from the corners around them, so no one radius is concentric: "
            + "`UnevenRoundedRectangle(topLeadingRadius: \(r[0]), bottomLeadingRadius: \(r[3]), bottomTrailingRadius: \(r[2]), topTrailingRadius: \(r[1]))`"
            + " (no automatic fix: it replaces the shape)"
    }

    /// The scene's `concentric min N` and `uniform` in a help, as Swift writes them.
    static func concentricWords(_ help: String) -> String {
        var help = help
        while let r = help.firstRange(of: "`concentric min "), let end = help[r.upperBound...].firstIndex(of: "`") {
            help.replaceSubrange(r.lowerBound...end, with: "`.concentric(minimum: \(help[r.upperBound..<end]))`")
        }
        return help.replacing("`uniform` alone", with: "`isUniform: true` alone")
    }

    /// Several edits that write one number (a container's radius in `.containerShape` and
    /// in the `.background` drawn with it): `` `cornerRadius: 22` on lines 11 and 12 ``; nil
    /// for one edit, or edits that write different things.
    func sameNumberWords(_ edits: [SwiftEdit]?, in file: Int) -> String? {
        guard let edits, edits.count > 1, Set(edits.map(\.edit.replacement)).count == 1,
              edits.allSatisfy({ $0.file == file }), let first = fixWords([edits[0]], in: file), !first.hasPrefix("set") else { return nil }
        let lines = Array(Set(edits.map { files[file].location(of: $0.edit.range.start).line })).sorted()
        if lines.count == 1 { return "\(first), \(edits.count == 2 ? "twice" : "\(edits.count) times") on line \(lines[0])" }
        let listed = lines.dropLast().map(String.init).joined(separator: ", ") + " and \(lines.last!)"
        return "\(first) on lines \(listed)"
    }

    /// `container-too-tight`'s help in Swift, saying the fix written (`edits`) when there is one.
    func tightHelp(need: Double, edits: [SwiftEdit]?, againstAncestor: Bool, in f: Int) -> String {
        let r = ConstantTable.format((need * 100).rounded() / 100)
        let fix = fixWords(edits, in: f) ?? sameNumberWords(edits, in: f)
        if againstAncestor {
            // The shape around it declares no container: raise it, and on iOS 26 declare it.
            let written = edits?.count == 1 && fix?.hasPrefix("set") == false ? edits![0].edit.replacement : r
            return "raise the radius of the shape around it to \(r) (\(fix ?? "`cornerRadius: \(r)`")), not lower the minimum; on iOS 26 declare it the container: `.containerShape(.rect(cornerRadius: \(written)))`"
        }
        // (Not "or lower the minimum": the corner scale raises the container, docs/lint.md.)
        guard let fix else { return "raise the container's radius to \(r), not lower the minimum" }
        return fix.hasPrefix("set") ? "raise the container's radius to \(r): \(fix), not lower the minimum"
            : "raise the container's radius to \(r) (\(fix)), not lower the minimum"
    }

    /// The help for one of a row of `count` views drawn with the same shape, whose outer
    /// ones are flared or pinched against the shape around them: fixing one alone would
    /// leave the row uneven, so the help is for the row (its fix, the checker's, edits every
    /// view or the shape around them: `swiftEdits`).
    /// `radius`: what they draw now.
    func rowHelp(_ i: Int, each: Double, ancestor: Double?, flared: Bool, count: Int, radius: Double) -> String {
        func f(_ v: Double) -> String { ConstantTable.format((v * 100).rounded() / 100) }
        let fromModifier = scene.nodes[i].shape?.swift.hasPrefix(".cornerRadius") == true
        let every = fromModifier ? "`.cornerRadius(\(f(each)))`" : "`cornerRadius: \(f(each))`"
        var around = "the shape around them"
        var declared = containerDeclaration(around: i)
        if let a = self.ancestor(of: i), let r = scene.nodes[a].container?.radius ?? scene.nodes[a].shape?.radius {
            around = "`\(scene.nodes[a].shape?.swift ?? r.swift)`"
        }
        var help = "these \(count) views are one row of the same shape: fixing this one alone would leave the row uneven. To keep it even, "
        switch (flared, ancestor) {
        case (true, let t?): help += "raise \(around)'s radius to \(f(t)), and every one keeps its radius; or give every one \(every)"
        case (false, let t?): help += "give every one \(every); or lower \(around)'s radius to \(f(t))"
        default: help += "give every one \(every)"
        }
        // On iOS 26: concentric with a minimum, so the ones far from the corners keep it.
        var minimum = each
        if flared, let t = ancestor { declared = ".containerShape(.rect(cornerRadius: \(f(t))))"; minimum = radius }
        return help + "; or, on iOS 26, `ConcentricRectangle(corners: .concentric(minimum: \(f(minimum))))` inside `\(declared)`"
    }

    /// How the shape around node `i` is declared its container on iOS 26, in the code's
    /// words: `.containerShape(.rect(cornerRadius: 24))` for a rounded rectangle (its
    /// radius as written), `.containerShape(Capsule())` for a shape of no radius (it said
    /// `.rect(cornerRadius: R)`, a placeholder, of a capsule); `R` when there is none.
    func containerDeclaration(around i: Int) -> String {
        if let a = ancestor(of: i) {
            let an = scene.nodes[a]
            if let r = an.container?.radius ?? an.shape?.radius { return ".containerShape(.rect(cornerRadius: \(r.swift)))" }
            if let shape = an.container ?? an.shape {
                // A shape that follows another's corners is no container shape: its corners as resolved.
                switch shape.kind {
                case .concentric, .relative:
                    guard let r = an.resolvedRadii, r.count == 4 else { break }
                    let v = r.map { ConstantTable.format(($0 * 100).rounded() / 100) }
                    if Set(v).count == 1 { return ".containerShape(.rect(cornerRadius: \(v[0])))" }
                    return ".containerShape(.rect(topLeadingRadius: \(v[0]), bottomLeadingRadius: \(v[3]), "
                        + "bottomTrailingRadius: \(v[2]), topTrailingRadius: \(v[1])))"
                default: return ".containerShape(\(shape.shapeValue))"
                }
            }
        }
        return ".containerShape(.rect(cornerRadius: R))"
    }

    /// The help and fix for a fixed radius that should be `want`: the concentric number,
    /// written with the user's names when they give it, and the iOS 26 spelling.
    func radiusHelp(_ i: Int, want: Double) -> (String, TextEdit?) {
        let n = scene.nodes[i]
        let number = ConstantTable.format((want * 100).rounded() / 100)
        var written = number
        var named: String? = nil
        if let a = ancestor(of: i) {
            let an = scene.nodes[a]
            let r = an.container?.radius ?? an.shape?.radius
            // One padding between them, the same on every edge: R − d in the code's words.
            var pads: [Num] = []
            var j = i, one = true
            while j != a {
                let p = scene.nodes[j].pad.all.compactMap { $0 }
                if !p.isEmpty {
                    if p.count == 4, p.allSatisfy({ $0.swift == p[0].swift }) { pads.append(p[0]) } else { one = false }
                }
                j = scene.parents[j]
            }
            if one, pads.count == 1, let r, r.named || pads[0].named, abs(r.value - pads[0].value - want) < 1e-9 {
                let d = pads[0].swift.contains(" ") ? "(\(pads[0].swift))" : pads[0].swift
                named = "\(r.swift) - \(d)"
                written = named!
            }
        }
        let fromModifier = n.shape?.swift.hasPrefix(".cornerRadius") == true
        let f = max(0, n.file)
        var help = "use the concentric radius: " + (fromModifier ? "`.cornerRadius(\(number))`"
            : Self.helperCall(n.shape, in: files[f], with: written) ?? "`cornerRadius: \(number)`")
        // Written in a helper's body, which every call shares (Helpers.swift): said so.
        if let sh = n.shape, let r = sh.radius, r.range == sh.range, sh.range.upperBound <= files[f].bytes.count,
           files[f].text(r.range) != r.swift {
            help = "use the concentric radius, \(number): its radius is written inside the function `\(sh.swift)` calls, which every call of it shares (no automatic fix)"
        }
        if let named { help += " (`\(named)`, keeping the names)" }
        // (A container declared already is followed as it is: it is not declared again.)
        if let a = ancestor(of: i), let c = scene.nodes[a].container {
            help += "; or, on iOS 26, `ConcentricRectangle()`, which follows `\(c.declaredBy ?? ".containerShape(\(c.swift))")`"
        } else {
            help += "; or, on iOS 26, `ConcentricRectangle()` inside `\(containerDeclaration(around: i))`"
        }
        // The number edited where it is written (not in a helper's body, which every call
        // shares: the reader says such a number at the call, Helpers.swift).
        guard let r = n.shape?.radius, !r.range.isEmpty, f < files.count, r.range.upperBound <= files[f].bytes.count,
              files[f].text(r.range) == r.swift else { return (help, nil) }
        return (help, TextEdit(SourceRange(r.range.lowerBound, r.range.upperBound), written))
    }
}

extension SwiftRead {
    /// A shape drawn by a helper's call (`Corners.rect(Corners.tile)`, Helpers.swift) with its
    /// radius, an argument of the call, written `radius` instead: the help in the code's words.
    /// Nil for a shape written out (`RoundedRectangle(cornerRadius: 8)`), or a radius not in the call.
    static func helperCall(_ shape: SwiftShape?, in file: SourceFile, with radius: String) -> String? {
        guard let shape, let r = shape.radius, !r.range.isEmpty, shape.range.lowerBound <= r.range.lowerBound,
              r.range.upperBound <= shape.range.upperBound, shape.range.upperBound <= file.bytes.count else { return nil }
        let text = file.text(shape.range)
        guard !text.contains("cornerRadius"), !text.hasPrefix("."), file.text(r.range) == r.swift else { return nil }
        let bytes = Array(text.utf8)
        let lo = r.range.lowerBound - shape.range.lowerBound, hi = r.range.upperBound - shape.range.lowerBound
        let written = String(decoding: bytes[..<lo], as: UTF8.self) + radius + String(decoding: bytes[hi...], as: UTF8.self)
        return "`\(ConstantTable.short(written))`"
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

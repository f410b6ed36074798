// `--fix` keeps names: where a finding's fix writes a number over an
// expression written with names (`container rect outer` → `container rect 22`)
// and one `let` change makes that expression come out at the number, the
// `let` is changed instead (`let outer = 22`), when doing so clears the
// finding and adds none anywhere: every other node that uses the name moves
// with it and stays right. The names stay where they were written.
//
// The edit's text and its replacement are compared: what differs, after the
// longest common prefix and suffix widened to whole words, must be an
// expression with names on the left and a plain number on the right. Each
// name in it whose `let` is a plain number is solved for; each candidate is
// tried by compiling and checking the file with that one change (at most
// `maxLetTrials` per round, none tried twice), and the first whose findings
// are a strict subset of the current ones, by line and code, is the round's
// only edit: the next round computes the rest from the new value.
import SceneLang

extension Fixer {
    /// How many `let` changes one round tries at most.
    static let maxLetTrials = 4

    /// A `let` edit to apply instead of the round's edits, when one clears a
    /// finding whose fix would write a number over a name and adds none.
    static func letInstead(of findings: [Diagnostic], in c: Compilation, bytes: [UInt8],
                           tried: inout Set<String>, findingsOf: (Compilation) -> [Diagnostic]) -> TextEdit? {
        guard let scene = c.scene else { return nil }
        var lets: [String: Expr] = [:]
        for s in c.parse.scene.statements {
            if case .binding(let id, let e, _) = s, lets[id.name] == nil { lets[id.name] = e }
        }
        guard !lets.isEmpty else { return nil }
        var env: [String: Double] = [:]
        for b in scene.bindings { env[b.name] = b.value }
        func key(_ f: Diagnostic) -> String {
            "\(c.file.location(of: f.range.start).line):\(f.code)"
        }
        let before = Set(findings.map(key))
        var trials = 0
        // For the edits that keep a name (below): every use of each name, and the round's
        // edits by what they replace and write, made once (not once an edit: a file of N
        // such findings was N² work), and each name's answer kept.
        var uses: [String: [SourceRange]]? = nil
        var editsByText: [String: [SourceRange]]? = nil
        var allUsesEdited: [String: Bool] = [:]
        for f in findings {
            for e in f.fixes {
                let overNumber = numberOverNames(e, bytes: bytes)
                guard let (written, value) = overNumber ?? expressionOverNames(e, bytes: bytes, env) else { continue }
                let parsed = Parser.parse(SourceFile(name: c.file.name, text: "let x_ = \(written)\n"))
                guard !parsed.diagnostics.hasErrors, parsed.scene.statements.count == 1,
                      case .binding(_, let expr, _) = parsed.scene.statements[0] else { continue }
                var seen = Set<String>()
                for name in ExprValue.names(expr) where seen.insert(name).inserted {
                    guard let le = lets[name], case .number = le,
                          let v = ExprValue.solve(expr, for: name, target: value, env), v >= 0 else { continue }
                    // An edit that keeps the name (`rect thumbR + 2`) is the `let`'s to make only when
                    // every use of the name, anywhere in the file (a size, a padding, `screen`,
                    // `margin`, another `let`), lies inside an edit that replaces the same text with
                    // the same: a row's siblings, all at once. Else a use drawn right with it keeps
                    // it as it is, and the edit keeps the name.
                    if overNumber == nil {
                        let old = String(decoding: bytes[e.range.start..<e.range.end], as: UTF8.self)
                        let k = name + "\u{0}" + old + "\u{0}" + e.replacement
                        if allUsesEdited[k] == nil {
                            if uses == nil { uses = nameUses(in: c.file, names: Set(lets.keys)) }
                            if editsByText == nil { editsByText = editRanges(findings, bytes: bytes) }
                            let inside = (editsByText![old + "\u{0}" + e.replacement] ?? []).sorted { $0.start < $1.start }
                            allUsesEdited[k] = (uses![name] ?? []).allSatisfy { u in
                                // The last edit starting at or before the use, holding it.
                                var lo = 0, hi = inside.count
                                while lo < hi { let mid = (lo + hi) / 2; if inside[mid].start <= u.start { lo = mid + 1 } else { hi = mid } }
                                return lo > 0 && inside[lo - 1].end >= u.end
                            }
                        }
                        if allUsesEdited[k] != true { continue }
                    }
                    let text = Format.number(v)
                    // The number as written must come out at the value, as the fix's would.
                    guard let back = Double(text), abs(back - v) < 1e-9 else { continue }
                    guard tried.insert("\(name)=\(text)").inserted, trials < maxLetTrials else { continue }
                    trials += 1
                    let edit = TextEdit(le.range, text)
                    let (next, _) = TextEdit.apply([edit], to: bytes)
                    let nc = Pipeline.compile(SourceFile(name: c.file.name, bytes: next))
                    guard nc.scene != nil else { continue }
                    let left = findingsOf(nc)
                    let after = Set(left.map { "\(nc.file.location(of: $0.range.start).line):\($0.code)" })
                    guard after.isSubset(of: before), after.count < before.count else { continue }
                    // Every finding on a node that uses the name is gone: it fixed them all.
                    let users = lines(using: name, in: nc)
                    if !left.contains(where: { users.contains(nc.file.location(of: $0.range.start).line) }) { return edit }
                }
            }
        }
        return nil
    }

    /// Where each of `names` is used in `file`: every identifier token spelt so, but the
    /// name a `let` defines (`let r = …`'s `r`).
    static func nameUses(in file: SourceFile, names: Set<String>) -> [String: [SourceRange]] {
        var out: [String: [SourceRange]] = [:]
        var lexer = Lexer(file)
        var previous: Token? = nil
        while true {
            let t = lexer.next()
            if t.kind == .eof { break }
            if t.kind == .identifier, t.keyword == nil {
                let word = file.text(t.range.start..<t.range.end)
                if names.contains(word), !(previous?.kind == .identifier && previous?.keyword == .let) {
                    out[word, default: []].append(t.range)
                }
            }
            previous = t
        }
        return out
    }

    /// The round's edits by the text they replace and what they write (`old\0new`).
    static func editRanges(_ findings: [Diagnostic], bytes: [UInt8]) -> [String: [SourceRange]] {
        var out: [String: [SourceRange]] = [:]
        for f in findings {
            for x in f.fixes where x.range.start <= x.range.end && x.range.end <= bytes.count {
                out[String(decoding: bytes[x.range.start..<x.range.end], as: UTF8.self) + "\u{0}" + x.replacement, default: []].append(x.range)
            }
        }
        return out
    }

    /// The first lines of the nodes whose items use `name`, or a binding computed from it.
    static func lines(using name: String, in c: Compilation) -> Set<Int> {
        var reached: Set<String> = [name]
        var roots: [Node] = []
        for s in c.parse.scene.statements {
            switch s {
            case .binding(let id, let e, _): if ExprValue.names(e).contains(where: reached.contains) { reached.insert(id.name) }
            case .node(let n): roots.append(n)
            default: break
            }
        }
        var out = Set<Int>()
        var stack = roots
        var names: [String] = []
        while let n = stack.popLast() {
            names.removeAll(keepingCapacity: true)
            for it in n.items { ExprValue.names(it.value, into: &names) }
            if names.contains(where: reached.contains) { out.insert(c.file.location(of: n.range.start).line) }
            stack.append(contentsOf: n.children)
        }
        return out
    }

    /// An edit that writes an expression over one written with names, as a fix that keeps
    /// the names does (`rect thumbR` → `rect thumbR + 2`, a row's every sibling): the text
    /// replaced and the value the replacement comes out at, so the `let` may be set instead
    /// (`let thumbR = 12`); nil when the replacement does not evaluate, or either has no name.
    static func expressionOverNames(_ e: TextEdit, bytes: [UInt8], _ env: [String: Double]) -> (String, Double)? {
        guard e.range.start < e.range.end, e.range.end <= bytes.count else { return nil }
        let written = String(decoding: bytes[e.range.start..<e.range.end], as: UTF8.self).trimmedSpaces
        guard written.contains(where: { $0.isLetter || $0 == "_" }),
              e.replacement.contains(where: { $0.isLetter || $0 == "_" }) else { return nil }
        let parsed = Parser.parse(SourceFile(name: "fix", text: "let x_ = \(e.replacement)\n"))
        guard !parsed.diagnostics.hasErrors, parsed.scene.statements.count == 1,
              case .binding(_, let expr, _) = parsed.scene.statements[0],
              let v = ExprValue.eval(expr, env), v.isFinite else { return nil }
        return (written, v)
    }

    /// What an edit writes a number over: the expression with names it
    /// replaces (as written) and the number, when that is all that differs.
    static func numberOverNames(_ e: TextEdit, bytes: [UInt8]) -> (String, Double)? {
        guard e.range.start <= e.range.end, e.range.end <= bytes.count else { return nil }
        let old = Array(bytes[e.range.start..<e.range.end]), new = Array(e.replacement.utf8)
        func word(_ b: UInt8) -> Bool {
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b == 46
        }
        var p = 0
        while p < old.count, p < new.count, old[p] == new[p] { p += 1 }
        while p > 0, word(old[p - 1]) { p -= 1 }
        var s = 0
        while s < old.count - p, s < new.count - p, old[old.count - 1 - s] == new[new.count - 1 - s] { s += 1 }
        while s > 0, word(old[old.count - s]) { s -= 1 }
        let written = String(decoding: old[p..<(old.count - s)], as: UTF8.self).trimmedSpaces
        let number = String(decoding: new[p..<(new.count - s)], as: UTF8.self).trimmedSpaces
        guard let v = Double(number), v.isFinite, !written.isEmpty,
              written.contains(where: { $0.isLetter || $0 == "_" }) else { return nil }
        return (written, v)
    }
}

extension String {
    fileprivate var trimmedSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

import SceneLang

/// `scene check --fix`: apply every mechanical fix the checker computed, then
/// check again (a fix can reveal the next one), until nothing changes. The
/// text is only ever edited where a finding points, so comments and layout stay.
///
/// The checker computes its fixes together (see `Context.reconcile`), so they
/// converge; should they not, a text seen before ends the run as a cycle
/// rather than looping (settling on the cycle's first text, so fixing the
/// result again changes nothing), and so does `maxRounds`.
public enum Fixer {
    public static let maxRounds = 32
    /// What `--fix` says of a file it changed nothing in because nothing was found
    /// (not "no fix changed the file", which reads as fixes that failed).
    public static let nothingToFix = "nothing to fix: no findings"

    /// Why the rounds ended.
    public enum Stop: Sendable, Equatable {
        /// Nothing left that a fix changes.
        case settled
        /// The fixes lead back to a text already seen: they undo each other.
        case cycle(rounds: Int)
        /// `maxRounds` rounds, each changing the text.
        case limit
        /// The next fixes would break the scene (not applied).
        case broken
        /// The text given does not compile (its errors are the compilation's): nothing was tried.
        case notCompiled
    }

    public struct Outcome: Sendable {
        /// The fixed text; nil when nothing changed.
        public var text: String?
        /// Edits that changed the text (an edit writing what is already there is not counted).
        public var applied: Int
        public var rounds: Int
        public var stop: Stop
        /// The findings of the text as fixed (the original when nothing changed).
        public var left: [Diagnostic]
        /// Of `left`, those with no automatic fix.
        public var withoutFix: [Diagnostic] { left.filter { $0.fixes.isEmpty } }

        /// `--fix`'s report: edits that changed the file, why the rounds stopped when
        /// not settled, and what is left without an automatic fix.
        public func summary(_ path: String, in file: SourceFile) -> String {
            if stop == .notCompiled { return "\(path): nothing fixed: the scene has errors (below); --fix needs a scene that compiles\n" }
            if applied == 0, left.isEmpty { return "\(path): \(Fixer.nothingToFix)\n" }
            var out = applied == 0 ? "\(path): no fix changed the file" : "\(path): applied \(applied) fix\(applied == 1 ? "" : "es")"
            switch stop {
            case .settled: break
            case .cycle(let rounds): out += "; stopped after \(rounds) rounds: the fixes undo each other (a cycle)"
            case .limit: out += "; stopped after \(Fixer.maxRounds) rounds, still changing"
            case .broken: out += "; stopped: the next fixes would break the scene"
            case .notCompiled: break
            }
            let manual = withoutFix
            if manual.isEmpty {
                out += "\n"
            } else {
                out += "; \(manual.count) left without an automatic fix: "
                    + manual.map { d in
                        let at = file.location(of: d.range.start)
                        return "\(d.code) at \(at.line):\(at.column)"
                    }.joined(separator: ", ") + "\n"
            }
            return out
        }
    }

    /// The fixed text (nil when nothing changed) and how many edits changed it.
    public static func fixAll(_ file: SourceFile) -> (text: String?, applied: Int) {
        let o = run(file)
        return (o.text, o.applied)
    }

    public static func run(_ file: SourceFile) -> Outcome {
        run(file) { c in Array(c.checked()) }
    }

    /// The rounds, with `findings` standing for the checker (tests give one whose fixes cycle).
    static func run(_ file: SourceFile, findings: (Compilation) -> [Diagnostic]) -> Outcome {
        var bytes = file.bytes
        var applied = 0, rounds = 0
        var seen: Set<[UInt8]> = [bytes]
        var stop = Stop.limit
        var left: [Diagnostic] = []
        var tried = Set<String>()
        while true {
            let c = Pipeline.compile(SourceFile(name: file.name, bytes: bytes))
            guard c.scene != nil else { stop = rounds == 0 ? .notCompiled : .broken; break }
            left = findings(c)
            var edits = changing(left.flatMap(\.fixes), in: bytes)
            guard !edits.isEmpty else { stop = .settled; break }
            // One `let` change instead, where it clears a finding whose fix writes a number over a name.
            if let keep = letInstead(of: left.filter { !$0.fixes.isEmpty }, in: c, bytes: bytes, tried: &tried, findingsOf: findings) {
                edits = [keep]
            }
            guard rounds < maxRounds else { stop = .limit; break }
            let (next, n) = TextEdit.apply(edits, to: bytes)
            if next == bytes { stop = .settled; break }
            if Pipeline.compile(SourceFile(name: file.name, bytes: next)).scene == nil { stop = .broken; break }
            rounds += 1
            if seen.contains(next) {
                // A cycle: settle on its first text (the one already seen), so
                // fixing the result again changes nothing.
                stop = .cycle(rounds: rounds)
                bytes = next
                applied += n
                break
            }
            seen.insert(next)
            bytes = next
            applied += n
        }
        let changed = bytes != file.bytes
        return Outcome(text: changed ? String(decoding: bytes, as: UTF8.self) : nil,
                       applied: changed ? applied : 0, rounds: rounds, stop: stop, left: left)
    }

    /// The edits that change `bytes`, each once (several findings may carry the same fix).
    static func changing(_ edits: [TextEdit], in bytes: [UInt8]) -> [TextEdit] {
        var out: [TextEdit] = []
        var keys = Set<String>()
        for e in edits where keys.insert("\(e.range.start):\(e.range.end):\(e.replacement)").inserted {
            guard e.range.start <= e.range.end, e.range.end <= bytes.count else { continue }
            if Array(bytes[e.range.start..<e.range.end]) != Array(e.replacement.utf8) { out.append(e) }
        }
        return out
    }
}

import Testing
import SceneLang
@testable import SceneEval
@testable import SceneREPL

/// The checker's incremental check (Check/Incremental.swift) in the REPL:
/// after every edit of random sequences, the session's findings (each node's
/// reused when it did not change) must be exactly a whole check's, in order,
/// text, values and fixes; and with the cache broken on purpose (a node's
/// findings reused whatever changed) the same sequences must show a difference.
@Suite struct IncrementalCheckTests {
    /// Findings of every kind, and the rules that cross top-level nodes: binding
    /// edits tried for container-too-tight (more candidates than
    /// `Checker.maxVerifications`), joint fixes, uneven rows, unlabelled nodes.
    static let base = """
        let r = 20
        let r2 = 14
        let r3 = 10
        let r4 = 12
        let r5 = 16
        let r6 = 18
        let p = 12
        screen iphone-16-pro
        margin 16
        concentric min 4 size 30x30 align topLeading pad 200
        a: container rect r size 200x200 align topLeading pad leading 20 top 60 <
          concentric min 16 size 40x40 align topLeading pad p
          concentric min 8 size 30x30 align bottomTrailing pad 6
        >
        b: container rect r2 size 150x150 align topTrailing pad top 300 trailing 20 <
          k: concentric min 20 size 40x40 align topTrailing pad 8
        >
        container rect r3 size 120x120 align bottomLeading pad 30 <
          concentric min 12 size 30x30 align bottomLeading pad 4
        >
        c: container rect r4 size 100x100 align center <
          concentric min 14 size 20x20 align topLeading pad 2
        >
        container rect r5 size 100x100 align bottom pad bottom 200 < concentric min 19 size 20x20 align topLeading pad 3 >
        d: container rect r6 size 90x90 align trailing <
          concentric min 22 size 20x20 align bottomTrailing pad 1
        >
        e: rect 30 container rect 12 size 160x120 align bottomTrailing pad 40 <
          concentric min 14 size 50x50 align topLeading pad 4
          f: rect 40 size 40x40 align bottomTrailing
        >
        row: container rect 24 size 300x80 align bottom pad bottom 100 <
          hstack spacing 8 pad 8 <
            concentric min 8 size 60x60
            concentric min 8 size 60x60
            concentric min 8 size 60x60
          >
        >
        g: rect 18 size 100x60 align top pad top 120 <
          concentric min 6 size 40x20 pad 4
        >
        pill: rect 8 size 80x30 role button align top pad top 10
        w: glass concentric min 12 size 120x60 align leading pad leading 5

        """

    /// One random input: settings, nodes replaced (text longer or shorter, so
    /// later ones move), the first node replaced (later ones renumbered) or added at the end,
    /// deletions, undo, redo.
    static func edit(_ g: inout RecompileTests.Rng) -> String {
        let n = g.int(40)
        switch g.int(20) {
        case 0: return "let r = \(g.pick([8, 20, 28, 40, 64]))"
        // (The same value in another form is a change too: `let r4 = 6 + 6` → `let r4 = 12`.)
        case 1: return "let r\(g.pick([2, 3, 4, 5, 6])) = \(g.pick(["6", "10", "14", "30", "50", "5 + 5", "10.0", "12", "6 + 6", "p"]))"
        case 2: return "let p = \(g.pick([0, 4, 12, 20]))"
        case 3: return g.pick(["margin \(n % 24)", "target ios18", "target ios26", "screen iphone-16-pro", "screen 400 x 900 radius \(n)"])
        case 4: return "a: container rect r size \(150 + n)x200 align topLeading pad leading \(n) top 60 < concentric min \(n % 20) size 40x40 align topLeading pad p >"
        case 5: return "k: concentric min \(n) size 40x40 align topTrailing pad \(n % 10)"
        case 6: return "c: container rect \(g.pick(["r4", "r", "9", "r4 + 2"])) size 100x100 align center < concentric min \(n % 25) size 20x20 align topLeading pad \(n % 5) >"
        case 7: return "e: rect \(n) container rect \(n % 15) size 160x120 align bottomTrailing pad 40 < concentric min 14 size 50x50 align topLeading pad 4 >"
        case 8: return "row: container rect \(n) size 300x80 align bottom pad bottom 100 < hstack spacing \(n % 9) pad 8 < concentric min 8 size 60x60; concentric min \(g.pick([8, 9])) size 60x60; concentric min 8 size 60x60 > >"
        case 9: return "g: rect \(n) size 100x60 align top pad top \(100 + n) < concentric min 6 size 40x20 pad 4 >"
        case 10: return g.int(2) == 0 ? ":first concentric min \(n % 30) size 30x30 align topLeading pad \(n % 7)"
            : ":first container rect \(n) size 60x60 align topLeading pad 200 < concentric min 12 size 20x20 pad 2 >"
        case 11: return "x\(g.int(3)): container rect \(g.pick(["r", "r2", "7"])) size 80x80 align topLeading pad \(n) < concentric min 12 size 20x20 align topLeading pad 2 >"
        case 12: return ":delete \(g.pick(["1", "9", "12", "b", "d", "x0", "x1", "let r6", "margin", "pill"]))"
        case 13: return ":undo"
        case 14: return ":redo"
        case 15: return "pill: \(g.pick(["rect 8", "capsule", "rect \(n)"])) size 80x30 role button align top pad top \(n)"
        case 16: return "w: glass concentric min \(n % 20) size 120x60 align leading pad leading \(n % 12)"
        // Rounded ancestors that declare no container: a row of fixed chips, a concentric minimum.
        case 17: return "h: rect \(g.pick(["r", "r5", "20", "\(n)"])) size 298x100 align top pad top 300 < hstack spacing 8 pad 12 < rect \(n % 24) size 86x76; rect \(n % 24) size 86x76; rect \(n % 24) size 86x76 > >"
        case 18: return "t: rect \(g.pick(["r2", "r", "12"])) size 200x120 align bottom pad bottom 200 < concentric min \(n % 30) pad \(n % 16) >"
        default: return "d: container rect r6 size \(60 + n)x90 align trailing < concentric min \(n) size 20x20 align bottomTrailing pad 1 >"
        }
    }

    func apply(_ s: Session, _ input: String, first: Int) -> Session {
        if input == ":undo" { return s.undoing()?.0 ?? s }
        if input == ":redo" { return s.redoing()?.0 ?? s }
        if input.hasPrefix(":delete ") {
            guard case .success(.accepted(let n, _)) = s.deleting(String(input.dropFirst(8))) else { return s }
            return n
        }
        if input.hasPrefix(":first ") {
            // The first node replaced: one of another size renumbers every later one.
            guard case .accepted(let n, _) = s.applying(String(input.dropFirst(7)), replacingEntry: first) else { return s }
            return n
        }
        guard case .accepted(let n, _) = s.applying(input) else { return s }
        return n
    }

    /// The first edit (of 80 from `seed`) after which the session's findings
    /// differ from a whole check's, and how many edits reused a node's findings.
    func run(seed: UInt64, breakingTheCache: Bool) -> (mismatch: String?, reusing: Int, edits: Int) {
        var g = RecompileTests.Rng(state: seed &* 6_364_136_223)
        guard case .accepted(var s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: Self.base), what: ":load") else {
            return ("the base scene does not load", 0, 0)
        }
        s.cache.check.ignoresVersions = breakingTheCache
        guard let first = s.entries.first(where: { $0.text.hasPrefix("concentric min 4") })?.id else { return ("no first node", 0, 0) }
        var reusing = 0, edits = 0
        for k in 0..<80 {
            let input = Self.edit(&g)
            let next = apply(s, input, first: first)
            if next.text != s.text { edits += 1 }
            s = next
            if s.cache.check.reused > 0 { reusing += 1 }
            let whole = Session.findings(of: Pipeline.compile(SourceFile(name: s.displayName, text: s.text)))
            let mine = Array(s.findings), expected = Array(whole)
            if mine != expected {
                let at = (0..<min(mine.count, expected.count)).first { mine[$0] != expected[$0] } ?? min(mine.count, expected.count)
                return ("seed \(seed), edit \(k) `\(input)`: finding \(at) of \(mine.count) (whole check: \(expected.count)) differs:\n"
                        + "\(at < mine.count ? String(describing: mine[at]) : "none")\nexpected\n"
                        + "\(at < expected.count ? String(describing: expected[at]) : "none")\n\(s.text)", reusing, edits)
            }
        }
        return (nil, reusing, edits)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomEditsMatchAWholeCheck(seed: UInt64) {
        let (mismatch, reusing, edits) = run(seed: seed, breakingTheCache: false)
        if let mismatch { Issue.record(Comment(rawValue: mismatch)) }
        // The test is about reuse: most edits must reuse some node's findings.
        #expect(reusing * 2 >= edits, "only \(reusing) of \(edits) edits reused a node's findings")
    }

    /// The same sequences with the cache broken on purpose: the comparison
    /// must catch it (or the test above proves nothing).
    @Test func aBrokenCacheIsCaught() {
        var caught = 0
        for seed: UInt64 in 1...8 where run(seed: seed, breakingTheCache: true).mismatch != nil { caught += 1 }
        #expect(caught >= 6, "a cache that ignores every change went unnoticed in \(8 - caught) of 8 sequences")
    }

    /// The findings a check kept for a node point where the node now is: a
    /// node before it grew, so it moved, and its findings' ranges moved too.
    @Test func keptFindingsMoveWithTheirNode() throws {
        guard case .accepted(var s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: Self.base), what: ":load"),
              case .accepted(let moved, _) = s.applying("a: container rect r size 200x200 align topLeading pad leading 20 top 60 < concentric min 16 size 40x40 align topLeading pad p >  # longer")
        else { Issue.record("the scene does not load or take the edit"); return }
        s = moved
        #expect(s.cache.check.reused > 0)
        let tight = try #require(s.findings.first { $0.code == "container-too-tight" && $0.message.contains("`d`") })
        #expect(s.file.text(tight.range.start..<tight.range.end) == "concentric min 22")
    }

    /// A row whose outer siblings follow `card`'s corners (14) and the middle one
    /// falls to its minimum (4): one uneven-siblings finding, on `b`.
    static let unevenRow = """
        card: container rect 24 size 216x80 hstack spacing 8 pad 10 <
          a: concentric min 4 size 60x60
          b: concentric min 4 size 60x60
          c: concentric min 4 size 60x60
        >
        """

    /// An uneven-siblings finding is kept as its row (shape numbers, no range)
    /// and worded when read: reused for a node that moved, it underlines where the
    /// shape now is, names the same siblings and fixes the same text as a whole
    /// check of the moved file.
    @Test func keptUnevenSiblingsMoveWithTheirNode() throws {
        guard case .accepted(var s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: "r: rect 8 size 10x10\n" + Self.unevenRow), what: ":load"),
              case .accepted(let moved, _) = s.applying("r: rect 8 size 10x10 pad 40 # longer")
        else { Issue.record("the scene does not load or take the edit"); return }
        s = moved
        #expect(s.cache.check.reused > 0)
        let uneven = try #require(Array(s.findings).first { $0.code == "uneven-siblings" })
        #expect(s.file.text(uneven.range.start..<uneven.range.end) == "concentric min 4")
        #expect(uneven.message.contains("`a`") && uneven.message.contains("`b`"))
        #expect(!uneven.fixes.isEmpty && uneven.fixes.allSatisfy { s.file.text($0.range.start..<$0.range.end) == "4" })
        let whole = Session.findings(of: Pipeline.compile(SourceFile(name: s.displayName, text: s.text)))
        #expect(Array(s.findings) == Array(whole))
        #expect(s.findings.codesAndRanges.map(\.range) == Array(s.findings).map(\.range))
    }

    /// A kept uneven finding that should not have been kept (the cache broken on
    /// purpose: reused after its row became even) is worded from what it recorded,
    /// wrong but whole: reading it never traps (it re-derived the row, and trapped
    /// when it was even), so a broken cache shows as a difference.
    @Test func aStaleUnevenFindingIsReadWithoutTrapping() throws {
        guard case .accepted(var s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: Self.unevenRow), what: ":load")
        else { Issue.record("the scene does not load"); return }
        #expect(Array(s.findings).contains { $0.code == "uneven-siblings" })
        s.cache.check.ignoresVersions = true
        guard case .accepted(let even, _) = s.applying(Self.unevenRow.replacingOccurrences(of: "rect 24", with: "rect 4"))
        else { Issue.record("the edit is not taken"); return }
        let kept = Array(even.findings)  // (trapped here)
        let whole = Array(Session.findings(of: Pipeline.compile(SourceFile(name: even.displayName, text: even.text))))
        #expect(!whole.contains { $0.code == "uneven-siblings" })
        #expect(kept != whole, "the broken cache went unnoticed")
    }

    /// `codesAndRanges` (what the report keys findings by, read in one pass)
    /// is each finding's `code(at:)` and `range(at:)`, built or not.
    @Test func codesAndRangesAreEachFindingsCodeAndRange() throws {
        guard case .accepted(let s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: Self.base), what: ":load")
        else { Issue.record("the scene does not load"); return }
        let f = s.findings
        #expect(f.count > 10)
        #expect(f.codesAndRanges.map(\.code) == f.indices.map { f.code(at: $0) })
        #expect(f.codesAndRanges.map(\.range) == f.indices.map { f.range(at: $0) })
        #expect(f.codesAndRanges.map(\.range) == Array(f).map(\.range))
    }

    /// A binding rewritten in another form with the same value (`6 + 6` → `12`)
    /// changes what a whole check says (a plain number is offered as "set `r4`
    /// = …", an expression is not), so the node that reads it is checked again.
    @Test func aBindingsNewFormWithTheSameValueIsAChange() throws {
        let text = Self.base.replacingOccurrences(of: "let r4 = 12", with: "let r4 = 6 + 6")
        guard case .accepted(let s, _) = Session().replacingAll(with: SourceFile(name: "t.scene", text: text), what: ":load"),
              case .accepted(let next, _) = s.applying("let r4 = 12")
        else { Issue.record("the scene does not load or take the edit"); return }
        let whole = Session.findings(of: Pipeline.compile(SourceFile(name: next.displayName, text: next.text)))
        let help = try #require(Array(whole).first { $0.code == "container-too-tight" && $0.message.contains("`c`") }?.help)
        #expect(help.contains("set `r4` = "))
        #expect(Array(next.findings) == Array(whole))
    }

    /// `Report.changes` (one pass, both directions, nothing built that is not
    /// reported) chooses exactly the findings the counting rule does: a finding
    /// is new unless it is among the first k with its code and source text,
    /// where the other side has k.
    @Test func reportChangesFollowTheCountingRule() {
        func reference(_ a: [(DiagnosticCode, String)], _ b: [(DiagnosticCode, String)]) -> [Int] {
            var counts: [String: Int] = [:]
            for x in a { counts[x.0.rawValue + "|" + x.1, default: 0] += 1 }
            var out: [Int] = []
            for (i, x) in b.enumerated() {
                let k = x.0.rawValue + "|" + x.1
                if let c = counts[k], c > 0 { counts[k] = c - 1 } else { out.append(i) }
            }
            return out
        }
        var g = RecompileTests.Rng(state: 99)
        let words = ["rect 8", "rect 9", "capsule", "concentric min 8"]
        let codes: [DiagnosticCode] = [.containerTooTight, .flaredCorner, .unevenSiblings]
        for _ in 0..<300 {
            // Two files of random words; findings pointing at random ones.
            func side() -> (SourceFile, [(DiagnosticCode, SourceRange)], [(DiagnosticCode, String)]) {
                var text = "", ranges: [(DiagnosticCode, SourceRange)] = [], keys: [(DiagnosticCode, String)] = []
                for _ in 0..<g.int(12) {
                    let w = g.pick(words), c = g.pick(codes)
                    ranges.append((c, SourceRange(text.utf8.count, text.utf8.count + w.utf8.count)))
                    keys.append((c, w))
                    text += w + "\n"
                }
                return (SourceFile(name: "f", text: text), ranges, keys)
            }
            let (fa, ra, ka) = side(), (fb, rb, kb) = side()
            let c = Report.changes(ra.count, { ra[$0] }, fa, rb.count, { rb[$0] }, fb)
            #expect(c.fresh == reference(ka, kb))
            #expect(c.gone == reference(kb, ka))
        }
        // What an edit does: the same findings before and after a stretch that
        // changed (so the lists share a prefix and a suffix, and few keys
        // repeat many times, as on a scene where every node has one finding).
        for round in 0..<600 {
            let few = round % 2 == 0 ? Array(words.prefix(2)) : words
            func keys(_ n: Int) -> [(DiagnosticCode, String)] { (0..<n).map { _ in (g.pick(Array(codes.prefix(round % 3 == 0 ? 1 : 3))), g.pick(few)) } }
            let ka = keys(g.int(30)), lo = g.int(ka.count + 1), hi = lo + g.int(ka.count - lo + 1)
            let kb = Array(ka[..<lo]) + keys(g.int(8)) + Array(ka[hi...])
            func file(_ ks: [(DiagnosticCode, String)]) -> (SourceFile, [(DiagnosticCode, SourceRange)]) {
                var text = "", ranges: [(DiagnosticCode, SourceRange)] = []
                for (c, w) in ks {
                    ranges.append((c, SourceRange(text.utf8.count, text.utf8.count + w.utf8.count)))
                    text += w + "\n"
                }
                return (SourceFile(name: "f", text: text), ranges)
            }
            let (fa, ra) = file(ka), (fb, rb) = file(kb)
            let c = Report.changes(ra.count, { ra[$0] }, fa, rb.count, { rb[$0] }, fb)
            #expect(c.fresh == reference(ka, kb), "\(ka.map(\.1)) → \(kb.map(\.1))")
            #expect(c.gone == reference(kb, ka), "\(ka.map(\.1)) → \(kb.map(\.1))")
        }
    }
}

import Testing
import SceneLang
@testable import SceneEval
@testable import SceneREPL

/// The REPL's incremental re-evaluation (Recompile.swift) against compiling
/// the whole text: after every edit of random sequences, the session's
/// compilation and findings must be exactly what `Pipeline.compile` gives.
@Suite struct RecompileTests {
    static let base = """
        # a scene with settings, nesting, labelled and unlabelled nodes
        let r = 28
        let inset = 12
        let m = 8
        screen 400 x 800 radius 40
        a: container rect r size 300x300 align topLeading pad leading 10 top 10 <
          concentric min m size 30x30 align topLeading pad leading 6 top 6
          b: concentric min 4 size 60x60 align bottomTrailing pad inset container rect r - inset <
            concentric size 20x20
          >
        >
        concentric min 10 size 50x50 align bottom pad 20
        c: rect 12 container rect 12 size 200x100 align center <  # trailing comment
          capsule size 40x20
          d: concentric min m size 60x40 pad inset
        >
        vstack spacing 4 <
          rect inset size 30x30
          concentric min 3 size 20x20
        >

        """

    /// SplitMix64: the same sequence on every machine.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
    }

    /// One random input: a setting, a (nested) node replaced or added, a deletion, undo or redo.
    static func edit(_ g: inout Rng, _ k: Int) -> String {
        let n = g.int(70)
        switch g.int(16) {
        case 0, 1: return "let r = \(g.pick([0, 4, 9, 12, 28, 40, 100, 1000]))"
        case 2: return "let inset = \(g.pick([0, 6, 12, 30, 150]))"
        case 3: return "let m = \(g.int(40))"
        case 4: return "let z\(g.int(4)) = \(n)"
        case 5: return "a: container rect r size \(200 + n)x300 align topLeading pad leading 10 top \(n) < concentric min m size 40x40 >"
        case 6: return "b: concentric min \(n) size 60x\(40 + n) align topTrailing pad \(g.pick(["inset", "4", "m + 1"]))"
        case 7: return "d: rect \(n) size 60x40 pad \(g.pick(["inset", "2", "r"]))"
        case 8: return "concentric min \(n % 20) size \(10 + n)x30 align \(g.pick(["top", "leading", "bottomTrailing"])) pad \(n % 30)"
        case 9: return "e\(g.int(5)): capsule size \(20 + n)x20 pad \(g.pick(["inset", "5"]))"
        case 10: return ":delete \(g.pick(["1", "3", "5", "6", "8", "b", "d", "e1", "let z1", "margin"]))"
        case 11: return g.pick(["screen 400 x 800 radius \(n)", "target ios18", "target ios26", "margin \(n % 20)", "screen iphone-16-pro"])
        case 12: return ":undo"
        case 13: return ":redo"
        case 14: return "let r = nope\(k)"   // refused: an undefined name
        default: return "c: rect \(n) container rect \(n) size 200x\(100 + n) align center < capsule size 40x20\n d: concentric min m size 60x40 pad inset >"
        }
    }

    /// A session of `text` loaded whole (a load keeps no memo); nil, recorded, when it does not load.
    static func load(_ text: String, as name: String = "t.scene") -> Session? {
        guard case .accepted(let s, _) = Session().replacingAll(with: SourceFile(name: name, text: text), what: ":load") else {
            Issue.record("`\(name)` does not load")
            return nil
        }
        return s
    }

    func apply(_ s: Session, _ input: String) -> Session {
        if input == ":undo" { return s.undoing()?.0 ?? s }
        if input == ":redo" { return s.redoing()?.0 ?? s }
        if input.hasPrefix(":delete ") {
            guard case .success(.accepted(let n, _)) = s.deleting(String(input.dropFirst(8))) else { return s }
            return n
        }
        guard case .accepted(let n, _) = s.applying(input) else { return s }
        return n
    }

    /// The session's compilation and findings against the whole text compiled.
    func same(_ s: Session, _ context: String) -> Bool {
        let full = Pipeline.compile(SourceFile(name: s.displayName, text: s.text))
        let c = s.compilation
        guard let scene = c.scene, let expected = full.scene else {
            Issue.record("\(context): the session's scene does not compile")
            return false
        }
        let ok = c.parse.scene == full.parse.scene && c.parse.diagnostics == full.parse.diagnostics
            && c.diagnostics == full.diagnostics && scene == expected
            && scene.bindings.map(\.range) == expected.bindings.map(\.range)
            && Array(s.findings) == Array(Session.findings(of: full))
        if !ok {
            let shapes = zip(scene.shapes, expected.shapes).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("\(context): incremental ≠ whole; first differing shape: \(String(describing: shapes))\n\(s.text)")
        }
        return ok
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomEditsMatchTheWholeText(seed: UInt64) {
        var g = Rng(state: seed &* 7919)
        guard var s = RecompileTests.load(Self.base, as: "t.scene") else { return }
        var incremental = 0, accepted = 0
        for k in 0..<60 {
            let input = Self.edit(&g, k)
            let next = apply(s, input)
            if next.text != s.text || next.timing != s.timing {
                accepted += 1
                if next.timing.incremental { incremental += 1 }
            }
            s = next
            if !same(s, "seed \(seed), edit \(k) `\(input)`") { return }
        }
        // The test is about the incremental path: most edits must take it.
        #expect(incremental * 2 >= accepted, "only \(incremental) of \(accepted) edits were incremental")
    }

    /// The cases the incremental path exists for: a binding no node uses, one
    /// node replaced, a binding every container uses; each re-evaluates incrementally.
    @Test func typicalEditsTakeTheIncrementalPath() {
        guard var s = RecompileTests.load(Self.base, as: "t.scene") else { return }
        // (`let r = 100` and `b: …` change the length of text before other
        // statements: those move, their ranges shifted rather than parsed again.)
        for input in ["let inset = 14", "extra: concentric min 8 size 30x30 pad 20", "let r = 32", "extra: concentric min 9 size 30x30 pad 20",
                      "b: concentric min 6 size 60x60", "let r = 100", "a: container rect r size 300x300 align topLeading pad leading 120 top 10"] {
            s = apply(s, input)
            #expect(s.timing.incremental, "`\(input)`")
            _ = same(s, "`\(input)`")
        }
    }
}

/// `scene lsp`'s re-evaluation (TextCompiler): random edits of the text, as
/// typed in an editor, compile to exactly what the whole text compiles to.
@Suite struct TextCompilerTests {
    static let snippets = ["1", "0", "7", " ", "\n", "x", "let q = 3\n", "concentric min 4 size 10x10\n", "<", ">",
                           "# note\n", ";", "f: capsule size 9x9\n", "r", "-", "pad 3 "]

    /// One edit: mostly a digit retyped (what keeps a scene valid), else a snippet
    /// inserted or a few bytes deleted anywhere.
    static func edit(_ text: [UInt8], _ g: inout RecompileTests.Rng) -> [UInt8] {
        var t = text
        let digits = t.indices.filter { t[$0] >= 0x30 && t[$0] <= 0x39 }
        switch g.int(10) {
        case 0..<6 where !digits.isEmpty:
            let i = g.pick(digits)
            if g.int(3) == 0 { t.insert(UInt8(0x30 + g.int(10)), at: i) } else { t[i] = UInt8(0x30 + g.int(10)) }
        case 6, 7:
            t.insert(contentsOf: Array(g.pick(snippets).utf8), at: g.int(t.count + 1))
        default:
            guard !t.isEmpty else { break }
            let i = g.int(t.count)
            t.removeSubrange(i..<min(t.count, i + 1 + g.int(5)))
        }
        return t
    }

    @Test(arguments: [11, 12, 13, 14, 15])
    func randomTypingMatchesTheWholeText(seed: UInt64) {
        var g = RecompileTests.Rng(state: seed &* 104_729)
        var compiler = TextCompiler()
        var text = Array(RecompileTests.base.utf8)
        var incremental = 0, clean = 0
        for k in 0..<150 {
            // Now and then go back to the valid base (an undo in the editor).
            text = k % 25 == 24 ? Array(RecompileTests.base.utf8) : Self.edit(text, &g)
            let file = SourceFile(name: "doc.scene", bytes: text)
            let c = compiler.compile(file)
            let full = Pipeline.compile(file)
            if compiler.lastWasIncremental { incremental += 1 }
            if full.diagnostics.isEmpty { clean += 1 }
            let same = c.parse.scene == full.parse.scene && c.diagnostics == full.diagnostics && c.scene == full.scene
                && c.scene?.bindings.map(\.range) == full.scene?.bindings.map(\.range)
                && c.check() == full.check()
                && (c.scene == nil ? c.diagnostics : Array(compiler.findings(c))) == full.diagnostics + full.check()   // the server's incremental check
            if !same {
                Issue.record("seed \(seed), edit \(k): incremental ≠ whole for\n\(String(decoding: text, as: UTF8.self))")
                return
            }
        }
        // Most clean versions follow a clean one: those must mostly be incremental.
        #expect(incremental * 3 >= clean, "only \(incremental) of \(clean) clean versions were incremental")
    }
}

/// An edit of bindings alone: each node evaluated again is either read afresh
/// (its items name a changed binding) or taken from what flatten made of it
/// last time (FlatMemo.swift). Whatever is taken, the result must be what the
/// whole text gives, over every kind of item a node can hold.
@Suite struct FlatMemoTests {
    static let base = """
        let r = 28
        let p = 6
        let s = 4
        let g = 10
        let w = 300
        screen 400 x 900 radius 40
        a: container rect r size w x 400 vstack spacing s align topLeading pad leading p top p <
          concentric min 8 height 30 pad h p
          concentric min 8 height 30 pad h 6
          hstack spacing g <
            glass rect 12 size 40x40
            spacer min s
            clip concentric min 4 size 40x40 offset p 2
            capsule size 30x30 background rect r fill #336699
          >
          concentric(top: fixed min(r, 20) uniform, bottom: concentric min 8) height 30 pad h 6
          b: concentric min 4 size 60x60 align bottomTrailing container rect r - p <
            concentric size 20x20 pad p
          >
        >
        c: rect 12 container rect 12 size 200x100 offset 0 g <
          capsule size 40x20
          concentric min s size 60x40 pad g
        >

        """

    static func edit(_ g: inout RecompileTests.Rng) -> String {
        switch g.int(7) {
        case 0: return "let r = \(g.pick([0, 4, 12, 28, 40, 100, 1000]))"
        case 1: return "let p = \(g.pick([0, 2, 6, 12, 30]))"
        case 2: return "let s = \(g.pick([0, 4, 8, 16]))"
        case 3: return "let g = \(g.pick([2, 10, 24]))"
        case 4: return "let w = \(g.pick([250, 300, 360]))"
        case 5: return "let s = \(g.pick([4, 8])) # the same value, or not, in another form"
        default: return "let unused\(g.int(3)) = \(g.int(50))"
        }
    }

    @Test(arguments: [21, 22, 23, 24])
    func bindingEditsMatchTheWholeText(seed: UInt64) {
        var g = RecompileTests.Rng(state: seed &* 6151)
        let t = RecompileTests()
        guard var s = RecompileTests.load(Self.base, as: "m.scene") else { return }
        var reused = 0
        for k in 0..<40 {
            let input = Self.edit(&g)
            s = t.apply(s, input)
            reused += s.cache.pieces.values.reduce(0) { $0 + ($1.memo?.reused ?? 0) }
            if !t.same(s, "seed \(seed), edit \(k) `\(input)`") { return }
        }
        // The memo must have been used, on many edits: most nodes name no binding.
        #expect(reused > 40, "only \(reused) nodes were taken from a memo")
    }

    /// Each input of layout a binding can change, alone: a spacer's minimum, an
    /// offset, a stack's spacing, a padding, a size. Each edit moves a node, so
    /// layout must place again (no frame kept), and the result must be the whole text's.
    @Test(arguments: [("let s = 40", "sp"), ("let o = 30", "k"), ("let g = 20", "st"), ("let p = 9", "q"), ("let w = 70", "z")])
    func eachLayoutInputMovesWhatItReaches(_ edit: String, _ label: String) throws {
        let base = """
            let s = 8
            let o = 4
            let g = 2
            let p = 3
            let w = 50
            screen 400 x 800 radius 40
            sp: hstack size 100x20 align topLeading pad leading 10 top 10 <
              spacer min s
              rect 4 size 90x20
            >
            k: rect 4 size 40x40 align topLeading pad leading 10 top 60 offset o 0
            st: vstack spacing g align topLeading pad leading 10 top 120 <
              rect 4 size 40x20
              rect 4 size 40x20
            >
            q: rect 4 size 40x20 align topLeading pad leading p top 200
            z: rect 4 size w x 20 align topLeading pad leading 10 top 240

            """
        let t = RecompileTests()
        guard var s = RecompileTests.load(base, as: "l.scene") else { return }
        // Each node is evaluated again once, leaving its memo (a whole load leaves none).
        for name in ["s", "o", "g", "p", "w"] { s = t.apply(s, "let \(name) = 1"); #expect(t.same(s, "let \(name) = 1")) }
        s = t.apply(s, edit)
        #expect(t.same(s, edit))
        let start = try #require(s.text.range(of: "\n\(label): ")).lowerBound
        let offset = s.text.utf8.distance(from: s.text.utf8.startIndex, to: start) + 1
        let piece = try #require(s.cache.pieces.values.first { $0.offset == offset })
        let memo = try #require(piece.memo)
        #expect(!memo.keptFrames, "`\(edit)` moves `\(label)`")
    }

    /// A memo is a copy of a subtree's nodes, kept for the next change of bindings:
    /// a subtree that names none is never evaluated again for one, and keeps none.
    @Test func onlyASubtreeThatNamesABindingKeepsAMemo() throws {
        let t = RecompileTests()
        let text = "let r = 12\nscreen 400 x 800 radius 40\na: rect r size 40x40\nb: rect 4 size 40x40 pad 50\n"
        guard var s = RecompileTests.load(text, as: "n.scene") else { return }
        s = t.apply(s, "screen 400 x 800 radius 44")  // every subtree evaluated again
        #expect(t.same(s, "screen"))
        let a = try #require(s.cache.pieces.values.first { $0.text.hasPrefix("a:") })
        let b = try #require(s.cache.pieces.values.first { $0.text.hasPrefix("b:") })
        #expect(a.memo != nil && b.memo == nil)
    }

    /// `let r` reaches only the nodes that name `r`: the other nodes of `a`
    /// (all but the container and the two that name it) are taken from the memo.
    @Test func aBindingReachesOnlyTheNodesThatNameIt() throws {
        let t = RecompileTests()
        guard var s = RecompileTests.load(Self.base, as: "m.scene") else { return }
        s = t.apply(s, "let r = 30")  // evaluated afresh: no memo yet (a whole load keeps none)
        s = t.apply(s, "let r = 32")  // now from the memo
        #expect(t.same(s, "let r = 32"))
        let a = try #require(s.cache.pieces.values.first { $0.memo?.count == 11 }?.memo)
        // Of a's 11 nodes, four name r: a itself, the capsule (`background rect r`), the
        // fourth row (`fixed min(r, 20)`) and b (`container rect r - p`).
        #expect(a.reused == 7)
        // A radius moves nothing: layout keeps the memo's frames.
        #expect(a.keptFrames)
        s = t.apply(s, "let r = 1000 # longer")  // a later statement moves: its memo is shifted
        #expect(t.same(s, "let r = 1000"))
        // A padding moves the nodes it pads: layout places every node again.
        s = t.apply(s, "let p = 9")
        #expect(t.same(s, "let p = 9"))
        let moved = try #require(s.cache.pieces.values.first { $0.memo?.count == 11 }?.memo)
        #expect(!moved.keptFrames && moved.reused > 0)
    }
}

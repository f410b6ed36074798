import Foundation
import Testing
@testable import SceneLang
import SceneTestSupport

/// The line memo (Parser+LineMemo.swift) copies a node's items where the same text
/// was read before: the tree, every range and every diagnostic must be what reading
/// the text again gives.
struct LineMemoTests {
    /// Reads `text` with the memo and without; returns how many nodes' items were shared.
    @discardableResult
    static func sameBothWays(_ text: String, _ name: String = "t.scene", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let file = SourceFile(name: name, text: text)
        let on = Parser.parse(file, lineMemo: true), off = Parser.parse(file, lineMemo: false)
        #expect(off.replays == 0, sourceLocation: sourceLocation)
        // (Compared apart: a failure prints the name, not two whole trees.)
        let sameTree = on.result.scene == off.result.scene, sameDiagnostics = on.result.diagnostics == off.result.diagnostics
        #expect(sameTree, "\(name): the trees differ", sourceLocation: sourceLocation)
        #expect(sameDiagnostics, "\(name): \(on.result.diagnostics.prefix(3)) vs \(off.result.diagnostics.prefix(3))",
                sourceLocation: sourceLocation)
        return on.replays
    }

    /// Every member of the bench family, 3,000 nodes: the same tree both ways, and
    /// the members whose lines come again have most of their items copied.
    @Test(arguments: BenchFamily.members) func everyBenchMemberReadsTheSameBothWays(_ member: String) throws {
        let text = BenchFamily.scene(member, nodes: 3000)
        #expect(!text.isEmpty)
        let replays = Self.sameBothWays(text, member)
        if ["list", "list-labels", "grid", "grid-labels", "lets"].contains(member) {
            #expect(replays > 1500, "\(member): \(replays) of 3,000 nodes copied")
        }
    }

    @Test func theFamilyIsRead() { #expect(BenchFamily.members.count >= 9, "\(BenchFamily.members)") }

    @Test func everyExampleReadsTheSameBothWays() throws {
        let examples = try BenchFamily.examples()
        #expect(examples.count > 20)
        for (name, text) in examples { Self.sameBothWays(text, name) }
    }

    /// Texts that come again around what the memo must not get wrong: comments and
    /// colours, carriage returns and tabs, a block opened after the items, `;`, a
    /// duplicate item (a diagnostic: never kept), an invalid byte, a label or none,
    /// the last line without a newline, and numbers glued to `x`.
    @Test func repeatedLinesOfEveryKindReadTheSame() {
        let rows = [
            "concentric min 15 height 30 pad h 6",
            "concentric min 15 height 30 pad h 6 # a note",
            "rect 4 fill #ff0000 size 30x30",
            "rect 4\tsize 30x30\r",
            "rect 4 size 30 x 30 size 10x10",
            "rect 4 size 30x30 \u{7}",
            "concentric(top: fixed min(k, k - 2 / 2) uniform, bottom: concentric min 8) height 30",
            "rect 4 size 30x30 < rect 2 >",
            "rect 4 size 30x30; rect 5 size 30x30",
            "rect 4 pad leading 3 top 4 size 30x30",
        ]
        var text = "let k = 12\nscreen 400x4000 radius 40\nc: container rect 40 size 390x3990 vstack <\n"
        for (i, r) in rows.enumerated() {
            for k in 0..<3 { text += "  " + r + "\n"; text += "  l\(i)_\(k): " + r + "\n" }
        }
        text += ">\nc2: container rect 40 size 100x100 <\n  rect 4 size 30x30 >\nrect 4 size 30x30"
        let replays = Self.sameBothWays(text)
        #expect(replays >= 20, "\(replays)")
        // A text kept and then met with a different end: a comment where it ended.
        Self.sameBothWays("screen 400x400\nrect 4 size 30x30\nrect 4 size 30x30# glued\nrect 4 size 30x30 <\n rect 1 >\n")
    }

    /// Nodes written alike share one run of slots, each counted from its own place
    /// (`Items.origin`): a thousand rows of three texts are three runs, and each
    /// node's items still read back at its own place.
    @Test func nodesWrittenAlikeShareTheirSlots() {
        let texts = ["concentric min 15 height 30 pad h 6", "rect 4 size 30x30 pad leading 3", "capsule width 40 height 20"]
        var text = "screen 400x40000\nc: container rect 40 vstack <\n"
        for i in 0..<1000 { text += "  r\(i): " + texts[i % 3] + "\n" }
        text += ">\n"
        let file = SourceFile(name: "t.scene", text: text)
        let on = Parser.parse(file, lineMemo: true), off = Parser.parse(file, lineMemo: false)
        func runs(_ scene: Scene) -> (runs: Int, nodes: [Node]) {
            guard case .node(let c)? = scene.statements.last else { return (0, []) }
            let ids = Set(c.children.map { "\(ObjectIdentifier($0.items.chunk!).hashValue):\($0.items.start)" })
            return (ids.count, c.children)
        }
        let (shared, nodes) = runs(on.result.scene), (copied, _) = runs(off.result.scene)
        #expect(nodes.count == 1000)
        #expect(shared <= 6, "\(shared) runs of slots for 1,000 nodes of three texts")
        #expect(copied == 1000)
        for (i, n) in nodes.enumerated() {
            let first = n.items.first!.range
            let written = file.text(first.start..<first.end)
            #expect(texts[i % 3].hasPrefix(written) && !written.isEmpty, "row \(i): \(written)")
        }
        #expect(on.result.scene == off.result.scene)
    }

    /// Two texts whose hashes share a bucket, written in turn, are both kept (the memo's
    /// buckets hold two): each is read once and copied every time after. A third in the
    /// bucket drops the one used longer ago, which is read again where it comes next.
    @Test func twoTextsOfOneBucketAreBothKept() {
        func text(_ i: Int) -> String { "rect 4 size \(i)x30" }
        func bucket(_ i: Int) -> Int {
            let t = Array(text(i).utf8)
            // The first table's (64 slots, two a bucket), as `LineMemo.slot` takes it.
            return t.withUnsafeBytes { Int(truncatingIfNeeded: Parser.hash($0.baseAddress!, t.count, first: true)) & (LineMemo.firstSlots - 2) }
        }
        let a = 1, b = (2...).first { bucket($0) == bucket(a) }!, c = ((b + 1)...).first { bucket($0) == bucket(a) }!
        var scene = "screen 400x400\n"
        for _ in 0..<10 { scene += text(a) + "\n" + text(b) + "\n" }
        #expect(Self.sameBothWays(scene) == 18)  // all but the first of each
        // a, b, c, a: c drops a (used longer ago than b), so a is read again; then b, c stay.
        scene += text(c) + "\n" + text(a) + "\n" + text(c) + "\n"
        #expect(Self.sameBothWays(scene) == 19)  // the 18, then c again
    }

    /// A scene of lines each written once turns the memo off after a window of them.
    @Test func aSceneWithoutRepeatsTurnsItOff() {
        var text = "screen 40000x40000\n"
        for i in 0..<(LineMemo.window + 100) { text += "rect 4 size \(i)x30\n" }
        text += String(repeating: "rect 4 size 30x30\n", count: 100)
        #expect(Self.sameBothWays(text) == 0)
    }
}

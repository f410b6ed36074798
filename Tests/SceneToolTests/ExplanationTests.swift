import Foundation
import Testing
import SceneLang
import SceneEval
import SceneREPL
import SceneLSP
import SceneWatch

/// One explanation of a shape, with its arithmetic, wherever it is shown: the watch
/// page's panel, the REPL's `:show` and the editor's hover are `Report.detail`, and
/// every R − d in them and in the checker's findings is `Format.concentric`.
@Suite(.serialized) struct ExplanationTests {
    /// The map before its fix (`let map = 28`: the card is 16, too tight for its thumbnails).
    static let mapText = (try? String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/check/map-too-tight.scene"), encoding: .utf8)) ?? ""
    /// The map after the README's edit: the card is 34 − 12 = 22.
    static let edited = mapText.replacingOccurrences(of: "let map = 28", with: "let map = 34")

    @Test func theSumReadsTheSameWhetherItStaysPositiveOrIsClamped() {
        #expect(Format.concentric(34, minus: 12) == "34 − 12 = 22")
        #expect(Format.concentric(18, minus: 52) == "18 − 52 → 0 (clamped)")
        #expect(Format.concentric(12, minus: 12) == "12 − 12 = 0")
        #expect(Format.concentric(34, minus: 140, written: "max(12, 140)") == "34 − max(12, 140) → 0 (clamped)")
        #expect(Format.concentric(20.5, minus: 8.25) == "20.5 − 8.25 = 12.25")
    }

    /// The card after `let map = 34`, as `:show card` prints it.
    static func cardDetail() throws -> String {
        let file = SourceFile(name: "map.scene", text: edited)
        let scene = try #require(Pipeline.compile(file).scene)
        let card = try #require(scene.shapes.firstIndex { $0.id == "card" })
        return Report.detail(scene, card, file: file, paint: Painter(color: false))
    }

    @Test func theCardShowsItsArithmeticAfterTheEdit() throws {
        let detail = try Self.cardDetail()
        // The card's minimum and the container it declares are written `map - inset`: worked out.
        #expect(detail.contains("  minimum    22 (map - inset = 34 − 12 = 22)\n"), "\(detail)")
        #expect(detail.contains("  publishes  container rect 22 to its children (map - inset = 34 − 12 = 22)\n"))
        // Each group of corners on one line with its R − d, clamped where d is the larger.
        #expect(detail.contains("  top corners     22: minimum 22; concentric: map 34 − max(64, 140) → 0 (clamped)\n"))
        #expect(detail.contains("  bottom corners  22: minimum 22; concentric: map 34 − max(64, 12) → 0 (clamped)\n"))
        for line in detail.split(separator: "\n") where line.contains(" = ") || line.contains(" → ") {
            #expect(line.count <= 100, "a line of arithmetic fits the panel: \(line)")
        }
    }

    @Test func writtenRadiiAreWorkedOutWithTheirNames() throws {
        let text = """
        let r = 20
        let gap = 4
        screen 400 x 400 radius 40
        box: container rect r + gap * 2 size 300x200 <
          a: rect min(r, 30) - gap size 40x40
          b: uneven(r, 0, r / 2, 12) size 40x40
          c: rect 6 size 40x40
        >

        """
        let file = SourceFile(name: "t.scene", text: text)
        let scene = try #require(Pipeline.compile(file).scene)
        func show(_ id: String) throws -> String {
            Report.detail(scene, try #require(scene.shapes.firstIndex { $0.id == id }), file: file, paint: Painter(color: false))
        }
        #expect(try show("box").contains("publishes  container rect 28 to its children (r + gap * 2 = 20 + 4 × 2 = 28)"))
        #expect(try show("a").contains("  radius     16 (min(r, 30) - gap = min(20, 30) − 4 = 16)\n"))
        #expect(try show("b").contains("  radius     20 0 10 12 (r = 20; r / 2 = 20 ÷ 2 = 10)\n"))
        // A radius written as a number says itself: no line for it.
        #expect(!(try show("c").contains("  radius ")))
        // Parentheses the grouping needs are kept; a sum of two is the checker's R − d.
        let e = Parser.parse(SourceFile(name: "e", text: "let x = (a - b) * (c + d) - (a - b)\n")).scene.statements
        guard case .binding(_, let expr, _)? = e.first else { Issue.record("no binding"); return }
        #expect(Format.arithmetic(expr, values: ["a": 9, "b": 2, "c": 1, "d": 3])?.sum == "(9 − 2) × (1 + 3) − (9 − 2)")
        let two = Parser.parse(SourceFile(name: "e", text: "let x = m - i\n")).scene.statements
        guard case .binding(_, let pair, _)? = two.first else { Issue.record("no binding"); return }
        let worked = try #require(Format.arithmetic(pair, values: ["m": 34, "i": 12]))
        #expect("\(worked.sum) = \(Format.number(worked.value))" == Format.concentric(34, minus: 12))
    }

    @Test func theWatchPanelIsTheShowText() throws {
        let live = Live(file: SourceFile(name: "map.scene", text: Self.mapText))
        #expect(live.detail(id: "card", ViewOptions())?.contains("(map - inset = 28 − 12 = 16)") == true)
        live.update(SourceFile(name: "map.scene", text: Self.edited))
        let panel = try #require(live.detail(id: "card", ViewOptions()))
        #expect(panel == (try Self.cardDetail()))
        #expect(panel.contains("34 − 12 = 22"))
    }

    @Test func theHoverIsTheShowTextAndTheFindingSaysTheSumAlike() throws {
        let c = try LSPClient()
        _ = c.initialize()
        let uri = "file://" + CLI.root.appendingPathComponent("examples/map.scene").path
        c.open(uri, Self.mapText)
        // The checker's finding and the hover over the thumbnail say 16 − 12 = 4 in the same words.
        let findings = try #require(c.diagnostics(for: uri))
        let message = findings.first?["message"]?.string ?? ""
        #expect(message.contains("the concentric radius " + Format.concentric(16, minus: 12) + " is below"))
        let doc: JSON = ["uri": JSON(uri)]
        let onT1 = LSPText.find("t1: concentric", in: Self.mapText, after: 5)
        let t1 = c.request("textDocument/hover", ["textDocument": doc, "position": onT1])?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(t1.contains("concentric: card " + Format.concentric(16, minus: 12)))
        // After the edit, the card's hover holds `:show card` whole.
        c.change(uri, Self.edited, version: 2)
        _ = c.diagnostics(for: uri)
        let onCard = LSPText.find("card: glass", in: Self.edited)
        let hover = c.request("textDocument/hover", ["textDocument": doc, "position": onCard])?["result"]?["contents"]?["value"]?.string ?? ""
        let detail = try Self.cardDetail()
        // (The hover names the file by its path; the rest is the same text.)
        let body = detail.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(hover.contains(body), "\(hover)")
        #expect(hover.contains("34 − 12 = 22"))
        #expect(c.finish() == 0)
    }
}

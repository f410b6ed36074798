import Foundation
import Testing
@testable import SceneLang

/// The grammar-driven completion engine (issue 14 §4): at each position exactly
/// what the grammar allows next, from the item, shape-kind, preset and target tables.
@Suite struct CompleterTests {
    func words(_ text: String, names: [String] = ["gap"], labels: [String] = [], rebinding: Bool = false) -> [String] {
        Completer.complete(text, names: names, labels: labels, rebinding: rebinding).words
    }

    /// The items a node with no item yet may take, `<` first (sorted), as offered after a label.
    static let allItems = (["<"] + ItemSyntax.all.map(\.keyword.rawValue)).sorted()
    /// What follows an item: every item but one that stands alone (`spacer`).
    static let itemsAfterAnItem = (["<"] + ItemSyntax.all.filter { !$0.alone }.map(\.keyword.rawValue)).sorted()
    /// The same without the shapes: what follows a node's shape.
    static let itemsAfterShape = (["<"] + ItemSyntax.all.filter { $0.slots != .shape && !$0.alone }.map(\.keyword.rawValue)).sorted()

    @Test func afterAValueOnlyWhatMayFollowIt() {
        // The case: after `concentric min 12` the node's other items, the
        // concentric options not given yet and `<`; no edge, corner or alignment word.
        let w = words("thumb: concentric min 12 ")
        #expect(w == ["(", "<", "align", "background", "clip", "container", "fill", "glass", "height", "hit", "hstack",
                      "offset", "pad", "role", "size", "style", "transition", "uniform", "vstack", "width", "zstack"])
        for never in ["topLeading", "h", "v", "all", "top", "min", "max", "gap", "rect", "concentric", "spacing", "let"] {
            #expect(!w.contains(never), "\(never)")
        }
        #expect(words("x: concentric m") == ["min"])
        #expect(words("x: concentric min 4 uniform ") == ["("] + Self.itemsAfterShape.filter { $0 != "(" })
        #expect(words("x: concentric min 4 uniform (top: 8) ", names: []) == Self.itemsAfterShape)
        #expect(words("x: rect 12 ") == Self.itemsAfterShape)
        #expect(words("x: rect gap ") == Self.itemsAfterShape)
        #expect(words("x: rect (gap + 2) * 3 ") == Self.itemsAfterShape)
    }

    @Test func itemsAreOfferedOncePerNode() {
        #expect(words("x: ") == Self.allItems)
        #expect(words("x: size 10x20 ").filter { ["size", "width", "height"].contains($0) } == [])
        #expect(words("x: width 10 ").contains("height") && !words("x: width 10 ").contains("size"))
        // `pad` may repeat; `fill`, `align`, `container` may not.
        let w = words("x: rect 2 pad 4 fill red align top container rect 8 ")
        #expect(w.contains("pad") && !w.contains("fill") && !w.contains("align") && !w.contains("container"))
        #expect(words("x: glass ").contains("rect") && !words("x: glass ").contains("glass"))
        #expect(words("x: glass capsule ") == Self.itemsAfterAnItem.filter { $0 != "glass" })
    }

    /// `spacer` stands alone: offered where a node starts, then only its `min`; `offset`
    /// takes two values (a `-` after the first starts the second).
    @Test func spacerAndOffset() {
        #expect(words("x: ").contains("spacer"))
        #expect(words("row: hstack <\n  ").contains("spacer"))
        #expect(!words("x: rect 4 ").contains("spacer"))
        #expect(words("row: hstack <\n  gap: spacer ") == [">", "min"])
        #expect(words("row: hstack <\n  gap: spacer min ") == ["gap", "max", "min"])
        #expect(words("row: hstack <\n  gap: spacer min 8 ") == [">"])
        #expect(words("x: spacer ") == ["min"])
        #expect(words("x: rect 4 offset ") == ["gap", "max", "min"])
        #expect(words("x: rect 4 offset 10 ") == ["gap", "max", "min"])
        #expect(words("x: rect 4 offset 10 -") == ["gap", "max", "min"])
        #expect(words("x: rect 4 offset 10 -gap ") == Self.itemsAfterShape.filter { $0 != "offset" })
    }

    @Test func argumentsOfEachItemKeyword() {
        #expect(words("x: pad ") == ["bottom", "gap", "h", "leading", "max", "min", "top", "trailing", "v"])
        #expect(words("x: pad t") == ["top", "trailing"])
        let afterPad = words("x: pad 12 ")
        #expect(afterPad.contains("top") && afterPad.contains("h") && afterPad.contains("pad") && afterPad.contains("<"))
        #expect(!afterPad.contains("gap"))
        #expect(words("x: pad top ") == ["gap", "max", "min"])
        // Containers publish only the kinds their row allows: no concentric (an error), no relative (ignored).
        #expect(words("x: container ") == ["capsule", "circle", "rect", "rectangle", "uneven"])
        #expect(words("x: clip ") == ["capsule", "circle", "concentric", "rect", "rectangle", "relative", "uneven"])
        #expect(words("x: size 10 ") == (["x"] + Self.itemsAfterAnItem.filter { !["size", "width", "height"].contains($0) }).sorted())
        #expect(words("x: size 10 x ") == ["gap", "max", "min"])
        #expect(words("x: align ") == Alignment.allCases.map(\.rawValue).sorted())
        #expect(words("x: fill b") == ["black", "blue", "brown"])
        #expect(words("x: style ") == ["circular", "continuous"])
        #expect(words("x: role ") == ["badge", "button", "pill"])
        #expect(words("x: hstack ").first == "<" && words("x: hstack ").contains("spacing"))
        #expect(words("x: hstack spacing ") == ["gap", "max", "min"])
        #expect(!words("x: hstack spacing 8 ").contains("spacing"))
        #expect(words("x: rect ") == ["gap", "max", "min"])
        #expect(words("x: uneven") == ["uneven"])
        #expect(words("x: uneven ") == ["("])
        #expect(words("x: uneven(1, 2, 3 ") == [","])
        #expect(words("x: uneven(1, 2, 3, 4 ") == [")"])
        #expect(words("x: uneven(1, ") == ["gap", "max", "min"])
    }

    @Test func cornerClauses() {
        #expect(words("x: concentric (") == CornerSet.allCases.map(\.rawValue).sorted())
        #expect(words("x: concentric (top: fixed 8, ") == [")", "bottom", "bottomLeading", "bottomTrailing"])
        #expect(words("x: concentric (top: ") == ["concentric", "fixed", "gap", "max", "min"])
        #expect(words("x: concentric (top: concentric ") == [")", ",", "min", "uniform"])
        #expect(words("x: concentric (topLeading: 8 ") == [")", ","])
        #expect(words("x: concentric (all: 8 uniform ") == [")", ","])
    }

    @Test func statementsScreensTargetsAndNames() {
        #expect(words("") == (Keyword.statements.map(\.rawValue) + Self.allItems).sorted())
        #expect(words("t") == ["target", "transition"])
        #expect(words("target ") == ["ios18", "ios26", "macos15", "macos26"])
        #expect(words("target mac") == ["macos15", "macos26"])
        #expect(words("target ios26 ") == [])
        #expect(words("screen iphone-16-p") == ["iphone-16-pro", "iphone-16-pro-max"])
        let r = Completer.complete("screen iphone-16-p")
        #expect(r.word == "iphone-16-p" && r.wordStart == 7)
        #expect(words("screen ", names: []) == (ScreenPreset.names + ["max", "min"]).sorted())
        #expect(words("screen mac-window ", names: []) == ["max", "min", "radius"])
        #expect(words("screen 400 ") == ["x"])
        #expect(words("screen 400x300 ") == ["radius"])
        #expect(words("margin ") == ["gap", "max", "min"])
        #expect(words("let ") == [])
        #expect(words("let ", rebinding: true) == ["gap"])
        #expect(words("let a ") == ["="])
        #expect(words("let a = ") == ["gap", "max", "min"])
        // Names bound earlier in the text are values too.
        #expect(words("let inset = 12\nx: rect in", names: []) == ["inset"])
        // A name that starts a node is a label: `:` follows.
        #expect(words("thumb ") == [":"])
        // Labels where a node starts, when asked for (the REPL replaces a node so), never after one.
        #expect(words("th", labels: ["thumb"]) == ["thumb"])
        #expect(words("x: th", labels: ["thumb"]) == [])
        #expect(words("a: rect 2 < th", labels: ["thumb"]) == ["thumb"])
    }

    @Test func blocksAndExpressions() {
        // Inside a block: no statement keywords; `>` closes it.
        let inside = words("map: rect 2 <\n  ")
        #expect(inside.contains(">") && inside.contains("concentric") && !inside.contains("let") && !inside.contains("screen"))
        #expect(words("map: rect 2 < b: rect 1 ").contains(">"))
        #expect(words("a: rect 2 < b: rect 1 > ") == [])
        #expect(words("a: < b: < c: rect 1 > ") == [">"])
        #expect(words("a: rect 2 < b: rect 1 >\n").contains("let"))
        #expect(words("x: rect min(1, ") == ["gap", "max", "min"])
        #expect(words("x: rect min(1, 2 ") == [")", ","])
        #expect(words("x: rect max") == ["max"])
        #expect(words("x: rect max ") == ["("])
        #expect(words("x: rect (gap ") == [")"])
        #expect(words("x: rect gap - ") == ["gap", "max", "min"])
        // After a mistake the walk goes on: the node's items again.
        #expect(words("x: rect 12 foo ") == Self.itemsAfterShape)
        // In a comment there is nothing to complete.
        #expect(words("x: rect 2 # fi") == [])
        #expect(words("x: rect 2 fill #4a8 ") == Self.itemsAfterShape.filter { $0 != "fill" })
    }

    /// Completeness on real scenes: cut every example before each word or
    /// punctuation the grammar lets completion offer; the word that is really
    /// there must be among the candidates.
    @Test func everyNextWordOfTheExamplesIsOffered() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scene") }.sorted()
        #expect(files.count >= 5)
        var checked = 0
        for f in files {
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            let file = SourceFile(name: f, text: text)
            let parsed = Parser.parse(file)
            guard !parsed.diagnostics.hasErrors else { continue }
            let tokens = Lexer.tokenize(file).0
            let names = tokens.indices.compactMap { k -> String? in
                k > 0 && tokens[k - 1].keyword == .let ? file.text(tokens[k].range.start..<tokens[k].range.end) : nil
            }
            for (k, t) in tokens.enumerated() {
                let word = file.text(t.range.start..<t.range.end)
                let next = k + 1 < tokens.count ? tokens[k + 1] : nil
                let prev = k > 0 ? tokens[k - 1] : nil
                switch t.kind {
                case .identifier:
                    // New labels and new `let` names are the user's to invent; a preset's later dashed parts are one word.
                    if next?.kind == .colon || prev?.keyword == .let || prev?.kind == .minus && prev!.range.end == t.range.start { continue }
                case .less, .greater, .lparen, .rparen, .comma, .colon, .equals: break
                default: continue
                }
                var expected = word
                if prev?.keyword == .screen, t.kind == .identifier {
                    // The whole dashed preset name.
                    var end = t.range.end, j = k + 1
                    while j + 1 < tokens.count, tokens[j].kind == .minus, tokens[j].range.start == end, tokens[j + 1].range.start == tokens[j].range.end {
                        end = tokens[j + 1].range.end; j += 2
                    }
                    expected = file.text(t.range.start..<end)
                }
                // Punctuation glued to a word: the cursor after a space (right after the word, the word is completed).
                let glued = t.kind != .identifier && prev.map { $0.range.end == t.range.start && ($0.kind == .identifier || $0.kind == .number) } == true
                let offered = Completer.complete(file.text(0..<t.range.start) + (glued ? " " : ""), names: names).words
                #expect(offered.contains(expected), "\(f):\(file.location(of: t.range.start)): `\(expected)` not among \(offered)")
                checked += 1
            }
        }
        #expect(checked > 300, "only \(checked) positions")
    }

    /// The item table's slots are the parser's duplicate rule: two items clash
    /// (`duplicate-item`) exactly when their slots meet.
    @Test func itemSlotsMatchTheParsersDuplicateCheck() {
        for a in ItemSyntax.all {
            for b in ItemSyntax.all {
                let text = "n: \(itemSample(a)) \(itemSample(b))"
                let parsed = Parser.parse(SourceFile(name: "", text: text))
                let clash = parsed.diagnostics.contains { $0.id == .duplicateItem }
                #expect(clash == !a.slots.isDisjoint(with: b.slots), "\(text): \(parsed.diagnostics.map(\.message))")
            }
        }
    }

    /// The item table is the parser's list of item keywords (the parser's
    /// did-you-mean and items help are derived from it): a keyword starts an item
    /// (`parseItem` takes it) exactly when it has a row, so a keyword the parser
    /// learns without a row, or a row the parser does not take, fails here.
    @Test func theItemTableIsTheParsersItemKeywords() {
        let refused: Set<DiagnosticCode> = [.unknownKeyword, .misplacedKeyword, .misplacedStatement]
        for k in Keyword.allCases {
            let parsed = Parser.parse(SourceFile(name: "", text: "n: " + k.rawValue))
            let starts = !parsed.diagnostics.contains { refused.contains($0.id) && $0.range.start == 3 }
            #expect(starts == (ItemSyntax.row(k) != nil), "`\(k.rawValue)`: \(parsed.diagnostics.map(\.message))")
        }
        #expect(Parser.itemKeywords == ItemSyntax.all.map(\.keyword.rawValue))
    }

    /// Nothing typed makes completion crash or hang: deep nesting stops the walk
    /// (no recursion past the parser's expression depth), and at cut points of
    /// every kept fuzz input the candidates are sorted, distinct and start with the word.
    @Test func anyTextCompletesSafely() throws {
        #expect(words("x: rect " + String(repeating: "(", count: 100_000)) == [])
        #expect(words("x: rect " + String(repeating: "-", count: 100_000)) == [])
        #expect(words("x: rect " + String(repeating: "min(", count: 50_000)) == [])
        #expect(words(String(repeating: "a: <", count: 100_000) + " ").contains(">"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Tests/Fixtures/fuzz/corpus/parse")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count > 100)
        for f in files {
            let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent(f)), as: UTF8.self)
            let chars = Array(text)
            for cut in Set([0, chars.count / 3, chars.count / 2, chars.count * 2 / 3, chars.count]) {
                let r = Completer.complete(String(chars[..<cut]), names: ["gap"], labels: ["card"], rebinding: true)
                #expect(r.words == r.words.sorted() && Set(r.words).count == r.words.count, "\(f) at \(cut)")
                #expect(r.words.allSatisfy { $0.hasPrefix(r.word) }, "\(f) at \(cut)")
            }
        }
    }
}

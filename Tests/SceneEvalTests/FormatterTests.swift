import Foundation
import Testing
import SceneLang
import SceneTestSupport
@testable import SceneEval

/// `scene fmt`: goldens, idempotence and meaning on every example and on
/// random scenes written carelessly.
struct FormatterTests {
    /// Format, expecting a scene that parses; the formatted text.
    func format(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        switch SourceFormat.format(SourceFile(name: "t.scene", text: text)) {
        case .formatted(let out): return out
        case .errors(let ds):
            Issue.record("refused: \(ds.map(\.message))", sourceLocation: sourceLocation)
        case .changedMeaning:
            Issue.record("the formatted text means something else", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Formatting `text` keeps its meaning (checked on its own, not only by the
    /// formatter's guard) and formatting again changes nothing.
    func checkRoundTrip(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        guard let once = format(text, sourceLocation: sourceLocation) else { return nil }
        let a = Pipeline.compile(SourceFile(name: "t.scene", text: text))
        let b = Pipeline.compile(SourceFile(name: "t.scene", text: once))
        #expect(a.scene.map(SourceFormat.meaning) == b.scene.map(SourceFormat.meaning), "meaning changed:\n\(once)",
                sourceLocation: sourceLocation)
        #expect(a.diagnostics.map(\.code) == b.diagnostics.map(\.code), sourceLocation: sourceLocation)
        #expect(format(once, sourceLocation: sourceLocation) == once, "not idempotent:\n\(once)", sourceLocation: sourceLocation)
        return once
    }

    /// A `×` written with a space on either side is spaced on both, else glued; a cross `x`
    /// is glued (a spaced `x` is the word, spaced as a word).
    @Test func theTimesSignKeepsItsSpacing() {
        let out = checkRoundTrip("let btn = 44\nscreen 400 × 400\nb: rect 8 size btn × btn\nc: rect 8 size 40×30\n"
            + "d: rect 8 size 40 ×30\ne: rect 8 size 400x300\nf: rect 8 size 40  x  30\n")
        #expect(out == "let btn = 44\nscreen 400 × 400\nb: rect 8 size btn × btn\nc: rect 8 size 40×30\n"
            + "d: rect 8 size 40 × 30\ne: rect 8 size 400x300\nf: rect 8 size 40 x 30\n", "\(out ?? "")")
    }

    @Test func goldenLayout() throws {
        let dir = packageRoot.appendingPathComponent("Tests/Fixtures/format")
        let input = try String(contentsOf: dir.appendingPathComponent("layout.scene"), encoding: .utf8)
        guard let out = checkRoundTrip(input) else { return }
        try Golden.check(out, at: dir.appendingPathComponent("layout.formatted"), filter: "FormatterTests")
    }

    @Test func rules() {
        #expect(format("let a=1;let b=-a*(2+a)\n") == "let a = 1\nlet b = -a * (2 + a)\n")
        #expect(format("a: rect 2 < b: capsule; c: circle >\n") == "a: rect 2 <\n  b: capsule\n  c: circle\n>\n")
        #expect(format("a: rect 2\n<\n  b:\n>\n") == "a: rect 2 <\n  b:\n>\n")
        #expect(format("\n\n# c\n\n\n\nx: rect 1\n\n\n") == "# c\n\nx: rect 1\n")
        #expect(format("screen iphone-16-pro 1024x768\n") == "screen iphone-16-pro 1024x768\n")
        #expect(format("x: concentric ( top : 4 ) size 4 x 4\n") == "x: concentric(top: 4) size 4 x 4\n")
        #expect(format("let m = min (1, 2)\nlet n = max(1,2)\n") == "let m = min (1, 2)\nlet n = max(1, 2)\n")
        #expect(format("\u{FEFF}let a = 1\r\nlet bb = 2 # two\r\n") == "let a = 1\nlet bb = 2  # two\n")
        #expect(format("a: fill #abc # a comment\n") == "a: fill #abc  # a comment\n")
        // Trailing comments align within a run at one indentation, numbers stay as written.
        #expect(format("let a = 1.50 # x\nlet long = .5 # y\n") == "let a = 1.50   # x\nlet long = .5  # y\n")
        #expect(format("") == "")
    }

    @Test func refusesWhatDoesNotParse() {
        for bad in ["x: rect (1\n", "let = 3\n", "a <\n", "x: rect 12pt\n", "\u{1}\n"] {
            guard case .errors(let ds) = SourceFormat.format(SourceFile(name: "t", text: bad)) else {
                Issue.record("formatted a scene that does not parse: \(bad.debugDescription)")
                continue
            }
            #expect(ds.hasErrors)
        }
        // A scene whose syntax is fine but whose meaning is not is formatted, like gofmt.
        #expect(format("x:rect undefinedName\n") == "x: rect undefinedName\n")
    }

    @Test(arguments: ExampleTests.files)
    func examplesAreFormatted(_ path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        guard let once = checkRoundTrip(text) else { return }
        if path.hasPrefix("examples/") { #expect(once == text, "\(path) is not formatted: run scene fmt \(path)") }
        // A carelessly spaced copy formats back to the same text.
        var rng = SplitMix(seed: UInt64(path.utf8.count))
        let messy = Self.mess(once, &rng)
        #expect(format(messy) == once, "\(path), messed up:\n\(messy)")
    }

    @Test func randomScenes() {
        var rng = SplitMix(seed: 13)
        for n in 0..<300 {
            let text = RandomScene.generate(&rng)
            guard let once = checkRoundTrip(text) else { Issue.record("scene \(n):\n\(text)"); return }
            #expect(format(Self.mess(once, &rng)) == once, "scene \(n)")
        }
    }

    /// The same scene with different spacing: extra spaces and tabs between
    /// tokens, trailing blanks, blank lines doubled, spaces dropped where no
    /// token needs them.
    static func mess(_ text: String, _ rng: inout SplitMix) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.isEmpty { out += rng.below(2) == 0 ? "\n\n" : "\n"; continue }
            var s = ""
            var inComment = false
            for ch in line {
                if ch == "#" { inComment = true }
                if !inComment, ch == " " {
                    s += [" ", "  ", "\t", " \t "][rng.below(4)]
                } else {
                    s.append(ch)
                }
                if !inComment, "(,:".contains(ch), rng.below(2) == 0 { s += " " }
            }
            out += s + (rng.below(3) == 0 ? "   " : "") + "\n"
        }
        return out
    }
}

extension SplitMix {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}

/// Random valid scenes in careless layouts: `;` between statements, blocks on
/// one line, `<` on the next line, comments, blank lines, broken parentheses.
enum RandomScene {
    static func generate(_ rng: inout SplitMix) -> String {
        var out = rng.below(2) == 0 ? "# random\n" : ""
        let r = rng.below(40) + 8, p = rng.below(12)
        out += "let r = \(r)"
        out += sep(&rng)
        out += "let p = \(p)"
        out += sep(&rng)
        if rng.below(2) == 0 { out += "screen \(rng.pick(["iphone-16-pro", "ipad-air", "400x300 radius 20", "mac-window 800x600"]))\n" }
        var label = 0
        for _ in 0..<(rng.below(3) + 1) { out += node(&rng, depth: 0, label: &label) + sep(&rng) }
        return out
    }

    static func sep(_ rng: inout SplitMix) -> String { rng.pick(["\n", "\n\n\n", " ; ", ";", "  # note\n"]) }

    static func expr(_ rng: inout SplitMix) -> String {
        rng.pick(["r", "p", "r-p", "r - p", "(r+p)/2", "-p+r", "max(r,p)", "min( r , 2 )", "12", "4.5", "r*2-p"])
    }

    static func node(_ rng: inout SplitMix, depth: Int, label: inout Int) -> String {
        label += 1
        var s = rng.below(4) == 0 ? "" : "n\(label):"
        // One of each kind at most: a node may not give an item twice.
        let kinds: [[String]] = [
            ["concentric min " + rng.pick(["r", "r - p", "max(r, p)", "4"]), "concentric(top: fixed 4 uniform,\nbottom: concentric)", "uneven(1,2, 3 ,4)", "capsule"],
            ["container rect " + expr(&rng)], ["size \(rng.below(90) + 10)x\(rng.below(90) + 10)", "size 20 x 30"],
            ["pad " + expr(&rng), "pad h 4 v -2"], ["hstack spacing 4", "vstack"], ["fill #abc", "fill red"],
            ["align topLeading"], ["glass"], ["style circular"],
        ]
        var used = Set<Int>()
        for _ in 0..<(rng.below(3) + 1) {
            let k = rng.below(kinds.count)
            if used.insert(k).inserted { s += " " + rng.pick(kinds[k]) }
        }
        if depth < 3, rng.below(2) == 0 {
            s += rng.pick([" <", "\n<", "<"])
            let sepInside = rng.pick(["\n", ";", " ; "])
            for i in 0..<(rng.below(3) + 1) {
                let before: String = i == 0 ? rng.pick(["\n", " "]) : sepInside
                s += before
                s += node(&rng, depth: depth + 1, label: &label)
            }
            s += rng.pick(["\n>", " >", ">"])
        }
        return s
    }
}

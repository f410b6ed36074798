import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SceneLang
@testable import SceneEval
import SceneTestSupport

/// Issue 10: input decides lengths, never stack depth or quadratic work.
/// (Speed is measured by scripts/bench-lines, not here.)
struct RobustnessTests {
    static func sum(_ n: Int, _ term: String = "1", _ op: String = "+") -> String {
        var s = "let a = " + term
        s.reserveCapacity(n * (term.utf8.count + op.utf8.count + 2) + 64)
        for _ in 1..<n { s += " \(op) \(term)" }
        return s + "\nx: rect a / \(n) size 10x10\n"
    }

    /// 50,000 terms overflowed the stack before; a million evaluate. (Expectations
    /// compare Booleans: a failure must not print a megabyte.)
    @Test(arguments: [50_000, 1_000_000])
    func aLongSumEvaluatesThroughEveryStage(_ n: Int) throws {
        let file = SourceFile(name: "sum.scene", text: Self.sum(n))
        let c = Pipeline.compile(file)
        #expect(c.diagnostics.isEmpty)
        let scene = try #require(c.scene)
        #expect(scene.bindings.first?.value == Double(n))
        #expect(scene.shapes.first?.radii.topLeading == 1)
        // The AST dump writes the left-nested tree the chain stands for.
        let dump = Dump.scene(c.parse.scene, in: file)
        let nested = dump.hasPrefix("let a = " + String(repeating: "(", count: n - 1) + "1 + 1) + 1)")
        #expect(nested)
        // A long sum is one flat chain: nothing in the tree is deeper than one level.
        guard case .binding(_, .chain(let operands, let ops, _), _)? = c.parse.scene.statements.first else {
            Issue.record("not a chain"); return
        }
        #expect(operands.count == n && ops.count == n - 1)
        // Every later stage once, on the smaller one (each is linear; debug builds are slow).
        guard n <= 50_000 else { return }
        _ = c.check()
        let unchanged = Fixer.fixAll(file).text == nil
        #expect(unchanged)
        let json = JSONWriter.write(scene, diagnostics: [], file: file)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        #expect(SVGWriter.bytes(scene).count > 100)
    }

    @Test(arguments: [
        ("1 + 2 * 3 - 4 / 2", 5.0, "((1 + (2 * 3)) - (4 / 2))"),
        ("10 - 2 - 3", 5, "((10 - 2) - 3)"),
        ("100 / 10 / 5", 2, "((100 / 10) / 5)"),
        ("2 * 3 + 4 * 5 * 2", 46, "((2 * 3) + ((4 * 5) * 2))"),
        ("-(1 - 2) * 3", 3, "((-(1 - 2)) * 3)"),
        ("min(1 + 1, 3) * (2 + 3 - 1)", 8, "(min((1 + 1), 3) * ((2 + 3) - 1))"),
    ])
    func chainsKeepPrecedenceAndLeftToRight(_ text: String, _ value: Double, _ dump: String) throws {
        let file = SourceFile(name: "e.scene", text: "let a = \(text)\n")
        let c = Pipeline.compile(file)
        #expect(try #require(c.scene).bindings.first?.value == value)
        #expect(Dump.scene(c.parse.scene, in: file).hasPrefix("let a = \(dump) @"))
    }

    @Test func divisionByZeroInsideAChainPointsAtThatStep() {
        let c = compile("let a = 8 / 2 / 0 + 1\n")
        let d = c.diagnostics.first { $0.code == "division-by-zero" }
        #expect(d?.range == SourceRange(8, 17))
    }

    @Test func longProductsAndMixedChainsEvaluate() throws {
        let c = compile(Self.sum(200_000, "1", "*") + "let b = " + Array(repeating: "2 * 3 - 5", count: 100_000).joined(separator: " + ") + "\n")
        let s = try #require(c.scene)
        #expect(s.bindings.map(\.value) == [1, 100_000])
    }

    // MARK: - Positions

    /// Columns from the checkpoints equal counting from the line's start, on a
    /// line long enough to have many, with multi-byte and invalid bytes in it.
    @Test func positionsOnALongLineMatchCountingFromItsStart() {
        var bytes: [UInt8] = Array("# first line\n".utf8)
        var rng = SeededGenerator(seed: 10)
        let pieces: [[UInt8]] = [Array("ab ".utf8), Array("é".utf8), Array("×".utf8), [0xFF], [0xE2, 0x82], Array("😀".utf8), [0x0D]]
        while bytes.count < 50_000 { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
        bytes += Array("\nlast".utf8)
        let file = SourceFile(name: "p", bytes: bytes)
        for _ in 0..<500 {
            let offset = Int(rng.next() % UInt64(bytes.count + 1))
            let line = file.lineStarts.lastIndex { $0 <= offset }!
            let expected = SourceFile.columns(bytes, from: file.lineStarts[line], to: offset) + 1
            let loc = file.location(of: offset)
            #expect(loc.line == line + 1 && loc.column == expected, "offset \(offset)")
        }
    }

    @Test func tokenDumpPositionsOnALongLine() {
        let text = "let a = min(" + Array(repeating: "3", count: 20_000).joined(separator: ", ") + ")\nb: rect a\n"
        let file = SourceFile(name: "t", text: text)
        let tokens = Lexer.tokenize(file).tokens
        let lines = Dump.tokens(tokens, in: file).split(separator: "\n")
        #expect(lines.count == tokens.count)
        for (t, line) in zip(tokens, lines) where t.range.start % 97 == 0 || t.kind == .eof {
            let loc = file.location(of: t.range.start)
            #expect(line.hasPrefix("\(loc.line):\(loc.column) "))
        }
        #expect(lines.last == "3:1 eof")
    }

    @Test func aDiagnosticOnAMegabyteLineShowsAWindowAroundIt() {
        let text = String(repeating: "1 + ", count: 250_000) + "1 +\n"
        let file = SourceFile(name: "w.scene", text: "let a = " + text)
        let c = Pipeline.compile(file)
        let d = try! #require(c.diagnostics.first)
        let out = DiagnosticRenderer().render(d, in: file)
        let shown = out.split(separator: "\n")
        #expect(shown[0].hasPrefix("w.scene:1:1000011: error[missing-operand]"))
        // The source line is cut to a window: "…" then about 160 columns.
        #expect(shown[2].hasPrefix("1 | …") && shown[2].count < 200)
        // The caret sits under the `+`.
        let caret = shown[3].firstIndex(of: "^")!
        let plus = shown[2].index(shown[2].startIndex, offsetBy: shown[3].distance(from: shown[3].startIndex, to: caret))
        #expect(shown[2][plus] == "+")
    }

    // MARK: - Limits

    @Test func unreadableTokensAreCountedPastOneThousand() {
        let c = compile(String(repeating: "1a ", count: 3_000) + "\n")
        #expect(c.diagnostics.count == 1001)
        #expect(c.diagnostics.last?.code == "too-many-errors")
        #expect(c.diagnostics.last?.message == "2000 more syntax errors not reported")
    }

    @Test func pastTheStatementLimitOneErrorAndNothingKept() {
        let text = "let a = 1\n" + String(repeating: "rect 1 <\n rect 2\n>\n", count: 30)
        let file = SourceFile(name: "n.scene", text: text)
        let r = Parser.parse(file, maxStatements: 40)
        let errors = r.diagnostics.filter { $0.code == "too-many-nodes" }
        #expect(errors.count == 1)
        #expect(errors.first?.message == "the scene has more than 40 statements and nodes")
        // 1 binding + 19 nodes with one child each = 39 kept; the 20th node's child is the 40th.
        #expect(r.scene.statements.count == 20)
        #expect(Parser.parse(file).diagnostics.isEmpty)
    }

    @Test(arguments: [1e15, 9.1e15, 1e16, -2.5e17, 1e19, -3e300])
    func hugeNumbersFormatWithoutTrapping(_ v: Double) {
        let s = Format.number(v)
        #expect(Double(s).map { abs($0 - v) <= abs(v) * 1e-12 } == true, "\(v) → \(s)")
    }

    /// Astronomical spacing and sizes: coordinates far past any screen, every
    /// output still finite, SVG well-formed, JSON valid.
    @Test func astronomicalLayoutsStayFiniteInEveryWriter() throws {
        let text = "big: vstack spacing 1000000 * 1000 <\n"
            + String(repeating: "rect 4 size 1000000 * 1000\n", count: 3_000) + ">\n"
            + "wide: hstack spacing 999999 * 1000 pad -1000000 * 1000 <\n" + String(repeating: "concentric min 3 size 1000000x1000000\n", count: 2_000) + ">\n"
        let file = SourceFile(name: "huge.scene", text: text)
        let c = Pipeline.compile(file)
        let scene = try #require(c.scene)
        #expect(scene.shapes.allSatisfy { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) })
        let json = JSONWriter.write(scene, diagnostics: c.diagnostics, file: file)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        let svg = SVGWriter.bytes(scene, options: SVGOptions(centers: true, labels: true))
        let parser = XMLParser(data: Data(svg))
        #expect(parser.parse(), "SVG not well-formed: \(String(describing: parser.parserError))")
        let lower = String(decoding: svg, as: UTF8.self).lowercased()
        #expect(!lower.contains("nan") && !lower.contains("inf"))
        #expect(!TextWriter.write(scene).contains("nan"))
    }
}


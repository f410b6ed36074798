import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The words a finding says piece by piece (`WordSink`) read the same as the
/// strings they stand for, into `Prose` and straight into `--json`'s text.
struct WordSinkTests {
    /// What `words` says into a `Prose`, and into a JSON string (`JSONWords`,
    /// without its quotes).
    func said(_ words: (inout Prose) -> Void, json: (inout JSONWords) -> Void) -> (prose: String, json: String) {
        var p = Prose()
        words(&p)
        let bytes = JSONWriter.bytes { o in withUnsafeMutablePointer(to: &o) { var w = JSONWords(o: $0); json(&w) } }
        return (p.string, String(decoding: bytes, as: UTF8.self))
    }

    /// `signed` is `Format.number`'s text with a leading `-` made `−`, for
    /// values that round to zero either way, halves, and beyond the fast path.
    @Test func signedIsTheNumberWithARealMinus() {
        let values: [Double] = [0, -0.0, 1, -1, 0.0004, -0.0004, 0.0005, -0.0005, -0.0015, 12.5, -12.5, -106, 999.9996,
                                -999.9996, 1234.567, -1234.567, 1e12, -1e12, -3e15, .infinity, -.infinity, .nan]
        for v in values + (0..<500).map({ Double($0 - 250) * 0.0371 }) {
            let n = Format.number(v)
            let expected = n.hasPrefix("-") ? "−" + n.dropFirst() : n
            #expect(Format.signed(v) == expected, "\(v)")
            let s = said({ $0.signed(v) }, json: { $0.signed(v) })
            #expect(s.prose == expected && s.json == expected, "\(v)")
        }
    }

    /// `concentric` says `R − d = r`, or `→ 0 (clamped)`, the same into either sink
    /// (the fixed strings below are what the old `Format.concentric` wrote).
    @Test func concentricReadsTheSameIntoEitherSink() {
        for (R, d) in [(34.0, 12.0), (18, 52), (-3, 4), (28, 0.0004), (10, -2.5)] {
            let s = said({ $0.concentric(R, minus: d) }, json: { $0.concentric(R, minus: d) })
            #expect(s.prose == Format.concentric(R, minus: d) && s.json == s.prose)
        }
        #expect(Format.concentric(34, minus: 12) == "34 − 12 = 22")
        #expect(Format.concentric(18, minus: 52) == "18 − 52 → 0 (clamped)")
        #expect(Format.concentric(-3, minus: -4) == "−3 − −4 = 1")
        #expect(Format.concentric(20, minus: 140, written: "max(12, 140)") == "20 − max(12, 140) → 0 (clamped)")
    }

    /// `id(of:)` says `ResolvedShape.id`: the label, escaped in JSON, or
    /// `node-N` for every place a scene can hold.
    @Test func idOfIsTheShapesId() {
        func shape(_ index: Int, _ label: String?) -> ResolvedShape {
            ResolvedShape(index: index, label: label, parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 1, height: 1),
                          style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: nil,
                          range: SourceRange(0, 1), shapeRange: nil, containerRange: nil)
        }
        for index in [0, 1, 8, 9, 98, 99, 999, 1_000, 99_999, 1_000_000, Int(Int32.max) - 1] {
            let s = shape(index, nil)
            let w = said({ $0.id(of: s) }, json: { $0.id(of: s) })
            #expect(w.prose == s.id && w.json == s.id, "\(index)")
        }
        let labelled = shape(3, "card")
        #expect(said({ $0.id(of: labelled) }, json: { $0.id(of: labelled) }) == ("card", "card"))
        let quoted = shape(3, "a\"b")
        #expect(said({ $0.id(of: quoted) }, json: { $0.id(of: quoted) }) == ("a\"b", "a\\\"b"))
        // Read from a scene's shapes in place (`id(_:in:)`, `JSONWriter.appendID(_:in:to:)`): the same words.
        let shapes = [shape(0, nil), labelled, quoted, shape(7, "café"), shape(99_999, nil)]
        for j in shapes.indices {
            let w = said({ $0.id(j, in: shapes) }, json: { $0.id(j, in: shapes) })
            let expected = said({ $0.id(of: shapes[j]) }, json: { $0.id(of: shapes[j]) })
            #expect(w == expected && w.prose == shapes[j].id, "\(j)")
            let bytes = JSONWriter.bytes { JSONWriter.appendID(j, in: shapes, to: &$0) }
            #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.string(shapes[j].id), "\(j)")
        }
        // `--json`'s shapes write their ids (and their parents' and containers') this way.
        for s in [0, 8, 99_999, Int(Int32.max) - 1].map({ shape($0, nil) }) + [labelled, quoted, shape(4, "café")] {
            let bytes = withUnsafePointer(to: s) { p in JSONWriter.bytes { JSONWriter.appendID(p, to: &$0) } }
            #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.string(s.id), "\(s.id)")
        }
    }

    /// `JSONWords` copies an id it said a moment ago from where it wrote it: the
    /// same bytes as each id said afresh, for ids said in turn and again, labels
    /// that need escaping, 1 to 20 bytes long, and the words starting anywhere near
    /// the end of the buffer's chunk (an id split by a flush, or after one, is
    /// said afresh).
    @Test func idsSaidAgainAreCopiedAsSaid() {
        func shape(_ index: Int, _ label: String?) -> ResolvedShape {
            ResolvedShape(index: index, label: label, parent: nil, depth: 0, frame: Frame(x: 0, y: 0, width: 1, height: 1),
                          style: .continuous, fill: nil, glass: false, role: nil, stack: nil, spec: nil,
                          range: SourceRange(0, 1), shapeRange: nil, containerRange: nil)
        }
        let shapes = [shape(0, nil), shape(1, "c0"), shape(2, "a\"b"), shape(3, "g0_6"), shape(4, "café"),
                      shape(5, String(repeating: "w", count: 20)), shape(99_999, nil)]
        let order = [1, 3, 1, 3, 3, 1, 0, 1, 2, 2, 4, 5, 5, 4, 6, 6, 1, 0, 3]
        let spaces = [UInt8](repeating: 0x20, count: SVGBuffer.chunkSize)
        for before in (SVGBuffer.chunkSize - 120)...SVGBuffer.chunkSize {
            func written(copying: Bool) -> [UInt8] {
                JSONWriter.bytes { o in
                    spaces[..<before].withUnsafeBufferPointer { o.raw(bytes: $0) }
                    withUnsafeMutablePointer(to: &o) { b in
                        var w = JSONWords(o: b)
                        for j in order {
                            if copying { w.id(j, in: shapes) } else { var fresh = JSONWords(o: b); fresh.id(j, in: shapes) }
                            w.literal(" ")
                        }
                    }
                }
            }
            let copied = written(copying: true), fresh = written(copying: false)
            if copied != fresh {
                let tail = String(decoding: copied[before...], as: UTF8.self)
                Issue.record("starting \(SVGBuffer.chunkSize - before) bytes before the chunk's end: \(tail)")
                break
            }
        }
        // An id said, then nearly a chunk of other bytes (a flush, and the place it
        // was written written over), then said again.
        let filler = [UInt8](repeating: 0x78, count: SVGBuffer.chunkSize)
        for gap in [SVGBuffer.chunkSize - 40, SVGBuffer.chunkSize - 4, SVGBuffer.chunkSize, SVGBuffer.chunkSize + 7] {
            let bytes = JSONWriter.bytes { o in withUnsafeMutablePointer(to: &o) { b in
                var w = JSONWords(o: b)
                w.id(3, in: shapes)
                filler[..<min(gap, filler.count)].withUnsafeBufferPointer { b.pointee.raw(bytes: $0) }
                if gap > filler.count { filler[..<(gap - filler.count)].withUnsafeBufferPointer { b.pointee.raw(bytes: $0) } }
                w.id(3, in: shapes)
            } }
            #expect(bytes.count == 8 + gap && bytes.prefix(4) == bytes.suffix(4) && bytes.suffix(4) == Array("g0_6".utf8), "gap \(gap)")
        }
        let text = order.map { String(JSONWriter.string(shapes[$0].id).dropFirst().dropLast()) + " " }.joined()
        let once = JSONWriter.bytes { o in withUnsafeMutablePointer(to: &o) { b in
            var w = JSONWords(o: b)
            for j in order { w.id(j, in: shapes); w.literal(" ") }
        } }
        #expect(String(decoding: once, as: UTF8.self) == text)
    }

    /// `scene run --json` writes each finding straight from its words (`Findings`);
    /// the same findings built one by one write the same document, byte for byte,
    /// on every example and on a scene whose helps take every branch: raise a
    /// binding, raise a literal, a container bounded by the screen with content
    /// padded far in or only a little, and content too tight against the screen.
    @Test func findingsWriteTheJSONTheirBuiltDiagnosticsWrite() throws {
        var files: [SourceFile] = []
        for dir in ["examples", "examples/lint"] {
            let url = packageRoot.appendingPathComponent(dir)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".scene") {
                files.append(SourceFile(name: name, text: try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        let grid = """
            let r = 28
            screen 400 x 400 radius 40
            c0: container rect r size 200x200 align topLeading pad leading 0 top 0 <
              concentric min 8 size 30x30 align topLeading pad leading 40 top 6
              concentric min 30 size 30x30 align topLeading pad leading 6 top 6
              far_in: concentric min 12 size 30x30 align topLeading pad leading 140 top 100
            >
            c1: container rect 10 size 100x100 pad leading 200 <
              concentric min 12 size 30x30 align topLeading pad leading 2 top 2
              concentric min 12 size 40x40 align topLeading
            >
            c2: container rect r size 120x120 align bottomLeading pad leading 100 bottom 20 <
              concentric min 30 size 30x30 align topLeading pad leading 12 top 12
            >
            concentric min 50 size 100x100 align bottomTrailing

            """
        files.append(SourceFile(name: "grid.scene", text: grid))
        var tooTight = 0
        for file in files {
            let c = Pipeline.compile(file)
            let findings = c.checked()
            tooTight += findings.indices.filter { findings.code(at: $0) == .containerTooTight }.count
            let direct = JSONWriter.write(c.scene, diagnostics: findings, file: file)
            let built = JSONWriter.write(c.scene, diagnostics: Array(findings), file: file)
            #expect(direct == built, "\(file.name)")
            if file.name == "grid.scene" {
                for words in ["set `r` = ", "(`container rect 14`)", "placed there by padding", "move `node-9` within",
                              "the screen is too tight for `node-10`", "inset this shape at most"] {
                    #expect(direct.contains(words), "\(words)")
                }
            }
        }
        #expect(tooTight >= 8)
    }
}

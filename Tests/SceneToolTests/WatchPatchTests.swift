import Foundation
import Testing
import SceneLang
import SceneEval
import SceneLSP
import SceneWatch

/// `scene watch` sends a patch of the page's picture when only the shapes' attributes
/// changed: applied as the page applies it (each element's `d` is its move and a shared
/// tail; a changed line replaces its element), it must give the new SVG exactly.
@Suite struct WatchPatchTests {
    static func svg(_ text: String) throws -> [UInt8] {
        let scene = try #require(Pipeline.compile(SourceFile(name: "p.scene", text: text)).scene)
        return SVGWriter.bytes(scene, compare: nil, options: SVGOptions(centers: false, labels: false))
    }

    /// The page's work, on text: the old SVG with the patch applied.
    static func apply(_ patch: JSON, to old: [UInt8]) throws -> String {
        var lines = String(decoding: old, as: UTF8.self).components(separatedBy: "\n")
        func index(of id: String) throws -> Int {
            try #require(lines.firstIndex { $0.hasPrefix("<") && $0.contains(" id=\"\(id)\"") }, "no element \(id)")
        }
        let bodies = (patch["bodies"]?.array ?? []).map { $0.string ?? "" }
        for e in patch["d"]?.array ?? [] {
            let parts = e.array ?? []
            let id = parts.first?.string ?? "", move = parts.count > 1 ? parts[1].string ?? "" : ""
            let body = parts.count > 2 ? parts[2].int ?? -1 : -1
            try #require(bodies.indices.contains(body), "the tail of \(id)")
            let k = try index(of: id)
            let line = lines[k]
            let start = try #require(line.range(of: " d=\"")).upperBound
            let end = try #require(line[start...].firstIndex(of: "\""))
            lines[k] = String(line[..<start]) + move + bodies[body] + String(line[end...])
        }
        for e in patch["lines"]?.array ?? [] {
            let parts = e.array ?? []
            let k = try index(of: parts.first?.string ?? "")
            lines[k] = parts.count > 1 ? parts[1].string ?? "" : ""
        }
        return lines.joined(separator: "\n")
    }

    static let list = """
    let r = 28
    let row = 30
    screen 800 x 800 radius 40
    c0: container rect r size 360x400 vstack spacing 4 align topLeading pad leading 0 top 0 <
      concentric min 15 height row pad h 6
      concentric min 15 height row pad h 6
      concentric min 15 height row pad h 6
      card: concentric min 15 height row pad h 6 fill #ff9500
    >
    c1: container rect r size 360x400 vstack spacing 4 align topLeading pad leading 400 top 0 <
      concentric min 15 height row pad h 6
    >

    """

    @Test func aPatchGivesTheNewPictureExactly() throws {
        let old = try Self.svg(Self.list)
        for (from, to, what) in [("let r = 28", "let r = 30", "radius"), ("let row = 30", "let row = 28", "every row moves"),
                                 ("#ff9500", "#34c759", "a fill"), ("let r = 28\nlet row = 30", "let r = 20\nlet row = 29", "both")] {
            let text = Self.list.replacingOccurrences(of: from, with: to)
            let new = try Self.svg(text)
            #expect(old != new, "\(what): the edit changes the picture")
            let bytes = try #require(SVGPatch.between(old, new), "\(what): a patch")
            let patch = try #require(JSON.parse(bytes), "\(what): the patch is JSON")
            #expect(try Self.apply(patch, to: old) == String(decoding: new, as: UTF8.self), "\(what)")
            if what == "a fill" {
                #expect(patch["d"]?.array?.isEmpty == true && patch["lines"]?.array?.count == 1)
            } else {
                #expect(patch["lines"]?.array?.isEmpty == true, "\(what): only `d` changed")
            }
        }
        // Rows of one size share their tail: it is sent once.
        let moved = try Self.svg(Self.list.replacingOccurrences(of: "let row = 30", with: "let row = 28"))
        let rowsBytes = try #require(SVGPatch.between(old, moved))
        let rows = try #require(JSON.parse(rowsBytes))
        #expect((rows["d"]?.array?.count ?? 0) >= 5)
        #expect(rows["bodies"]?.array?.count == 1)
    }

    @Test func aChangeOfStructureIsNoPatch() throws {
        let old = try Self.svg(Self.list)
        // The same picture; a shape added; the screen (its clip path has no id) changed.
        #expect(SVGPatch.between(old, old) == nil)
        let added = Self.list.replacingOccurrences(of: "c1: container", with: "extra: rect 4 size 10x10\nc1: container")
        #expect(SVGPatch.between(old, try Self.svg(added)) == nil)
        let screen = Self.list.replacingOccurrences(of: "radius 40", with: "radius 44")
        #expect(SVGPatch.between(old, try Self.svg(screen)) == nil)
        // Not an SVG at all, and lines that are not elements.
        #expect(SVGPatch.between(Array("a\nb".utf8), Array("a\nc".utf8)) == nil)
        #expect(SVGPatch.between(Array("<p id=\"x\" d=\"M1 2h3\"/>".utf8), Array("<p id=\"y\" d=\"M1 2h3\"/>".utf8)) == nil)
    }

    @Test func quotesAndControlBytesAreEscaped() throws {
        let old = Array("<p id=\"a\" t=\"1\"/>".utf8), new = Array("<p id=\"a\" t=\"\\\u{1}\"/>".utf8)
        let bytes = try #require(SVGPatch.between(old, new))
        let patch = try #require(JSON.parse(bytes))
        #expect(patch["lines"]?.array?.first?.array?[1].string == "<p id=\"a\" t=\"\\\u{1}\"/>")
    }
}

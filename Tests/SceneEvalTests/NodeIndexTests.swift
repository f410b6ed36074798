import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// The checker finds node i of the syntax tree through `NodeIndex` (no copy of
/// every node): the same nodes, in the same order, as copying them out.
struct NodeIndexTests {
    func same(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let c = compile(text)
        guard let scene = c.scene else { Issue.record("did not compile", sourceLocation: sourceLocation); return }
        let index = NodeIndex(c.parse.scene, shapes: scene.shapes)
        let copied = Checker.astNodes(c.parse.scene)
        #expect(index.count == copied.count, sourceLocation: sourceLocation)
        #expect(index.elementsEqual(copied), sourceLocation: sourceLocation)
        // Out of order too (a rule may look back at a container).
        for i in copied.indices.reversed() where index[i] != copied[i] {
            Issue.record("node \(i) differs", sourceLocation: sourceLocation)
        }
    }

    @Test func nestedSiblingsAndStatementsBetween() {
        same("""
        let r = 20
        a: rect r <
          concentric min 4 <
            circle
            capsule <
              rectangle
            >
          >
          rect 2
        >
        screen iphone-16-pro
        rectangle
        let s = 3
        b: rect s <
          rect 1
          rect 2 <
            rect 3
          >
          rect 4
        >
        """)
    }

    @Test func deepChain() {
        var text = ""
        for d in 0..<300 { text += String(repeating: " ", count: d) + "rect \(d % 7) <\n" }
        text += String(repeating: " ", count: 300) + "capsule\n"
        for d in stride(from: 299, through: 0, by: -1) { text += String(repeating: " ", count: d) + ">\n" }
        text += "rectangle\n"
        same(text)
    }

    @Test func everyExample() throws {
        for folder in ["examples", "examples/lint"] {
            let dir = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".scene") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                if compile(text).scene != nil { same(text) }
            }
        }
    }
}

/// The checker reads each shape's nearest rounded-clip ancestor from one table
/// (`ResolvedScene.clipAncestors`) instead of walking up for every corner: the
/// table must name the ancestor the walk finds, and the drawn radius through it
/// must be the walk's, on every example and on clips nested among plain nodes.
struct ClipAncestorTests {
    func same(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let scene = compile(text).scene else { Issue.record("did not compile", sourceLocation: sourceLocation); return }
        let table = scene.clipAncestors()
        // The checker's lazy table (Checker.swift), read bottom up: the same entries.
        let lazy = ClipAbove(scene)
        for i in scene.shapes.indices.reversed() {
            #expect(lazy[i] == (table[i] >= 0 ? Int(table[i]) : nil), "lazy, shape \(i)", sourceLocation: sourceLocation)
        }
        for i in scene.shapes.indices {
            var at = scene.shapes[i].parent
            while let a = at, scene.clipLayer(of: a) == nil { at = scene.shapes[a].parent }
            #expect(table[i] == Int32(at ?? -1), "shape \(i)", sourceLocation: sourceLocation)
            for k in Corner.allCases {
                let fast = scene.drawnRadius(k, of: i) { j in table[j] >= 0 ? Int(table[j]) : nil }
                #expect(fast == scene.drawnRadius(k, of: i), "shape \(i) \(k)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func nestedClips() {
        same("""
        screen 400x400 radius 40
        a: rect 30 clip rect 30 size 300x300 <
          rect 10 <
            b: rect 20 clip rect 12 pad 0 <
              rect 4 pad 0
              rect 8 <
                rect 30 pad 0
              >
            >
          >
          rect 40 pad 0
        >
        rect 5
        """)
    }

    @Test func everyExample() throws {
        for folder in ["examples", "examples/lint"] {
            let dir = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".scene") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                if compile(text).scene != nil { same(text) }  // (a lint example of an error has no scene)
            }
        }
    }
}

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

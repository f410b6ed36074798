// The frames as scene text, with a map from each span of the scene back to the Swift
// it came from, so the checker's findings, ranges and fixes can be said in Swift.

/// A scene written from Swift views, and where each of its parts came from.
struct SceneText {
    var text = ""
    /// Scene span → Swift span (file index, bytes); the innermost containing span wins.
    var spans: [(scene: Range<Int>, file: Int, swift: Range<Int>)] = []
    /// Nodes in the order written (the scene's labels are `n0`, `n1`, …), their parents and files.
    var nodes: [ViewNode] = []
    var parents: [Int] = []
    var files: [Int] = []
    /// Node index → the view (its name) it was written for.
    var viewOf: [Int] = []
    var viewNames: [String] = []
    /// Each node's span in the scene (its line).
    var nodeSpans: [Range<Int>] = []
    /// The numbers a fix may rewrite: each one's span in the scene, its node and the number
    /// as written in Swift (a shape's or container's radius, a minimum, a padding, a size).
    var numSpans: [(scene: Range<Int>, node: Int, num: Num)] = []
    /// Each `let`'s value in the scene and the constant it was written from.
    var letSpans: [(scene: Range<Int>, constant: Constant)] = []
    /// Each node's drawn `rect R` (without `glass `) in the scene, and its radius.
    var rectSpans: [Int: (scene: Range<Int>, radius: Num)] = [:]
    /// Each node's drawn shape in the scene (`concentric min 8`, without `glass `).
    var shapeSpans: [Int: Range<Int>] = [:]
    /// Per node with a `clip` (the same Swift shape it draws): the `clip …` item in the scene text.
    var clipSpans: [Int: Range<Int>] = [:]
    /// Each node's declared `container rect R` in the scene, and its radius.
    var containerSpans: [Int: (scene: Range<Int>, radius: Num)] = [:]

    /// Writes `let`s for the constants used, then every view's frames.
    init(views: [(name: String, root: ViewNode, file: Int)], constants: ConstantTable) {
        // A custom screen with square corners far from every frame: no finding measures a
        // view against a display it may not fill.
        text = "screen 4000x4000 radius 0\n"
        for c in constants.used {
            text += "let \(c.sceneName) = "
            let at = text.utf8.count
            text += constants.sceneText[c.sceneName] ?? "0"
            letSpans.append((at..<text.utf8.count, c))
            text += "\n"
        }
        for (i, v) in views.enumerated() {
            viewNames.append(v.name)
            write(v.root, parent: -1, depth: 0, view: i)
        }
    }

    private mutating func write(_ n: ViewNode, parent: Int, depth: Int, view: Int) {
        let index = nodes.count
        n.label = "n\(index)"
        nodes.append(n); parents.append(parent); files.append(n.file); viewOf.append(view)
        let start = text.utf8.count
        text += String(repeating: "  ", count: depth) + n.label + ":"
        // A spacer stands alone on its node, in an hstack or vstack (elsewhere: an empty view).
        if n.spacer, parent >= 0, let axis = nodes[parent].stack, axis == "hstack" || axis == "vstack" {
            text += " spacer"
            if let m = n.spacerMin { num("min ", m, node: index) }
            nodeSpans.append(start..<text.utf8.count)
            text += "\n"
            return
        }
        writeShapes(n, index)
        if let w = n.width, let h = n.height {
            num("size ", w, node: index); num("x ", h, node: index)
        } else if let size = n.naturalSize {
            item("size \(ConstantTable.format(size.0))x\(ConstantTable.format(size.1))")
        } else {
            // A length the content fixes (a stack hugging children of fixed height), written
            // as a number so the frame hugs it in the scene too.
            if let w = n.width { num("width ", w, node: index) } else if let l = n.naturalLength(0) { item("width " + ConstantTable.format(l)) }
            if let h = n.height { num("height ", h, node: index) } else if let l = n.naturalLength(1) { item("height " + ConstantTable.format(l)) }
        }
        if let a = n.align { item("align " + a) }
        let p = n.pad.all
        if !n.pad.isEmpty {
            if p.allSatisfy({ $0 != nil && $0!.scene == p[0]!.scene }) {
                num("pad ", p[0]!, node: index)
            } else {
                text += " pad"
                for (edge, x) in zip(["top", "leading", "bottom", "trailing"], p) { if let x { num(edge + " ", x, node: index) } }
            }
        }
        if let (x, y) = n.offset {
            // Each value a term: a number or a name as it is, anything else in parentheses.
            text += " offset"
            for v in [x, y] {
                let simple = !v.scene.contains(" ") && !v.scene.contains("(")
                if simple { num("", v, node: index) } else { text += " ("; num("", v, node: index, space: false); text += ")" }
            }
        }
        if let s = n.stack {
            item(s)
            if let sp = n.spacing { num("spacing ", sp, node: index) }
        }
        nodeSpans.append(start..<text.utf8.count)
        if n.children.isEmpty { text += "\n"; return }
        text += " <\n"
        for c in n.children { write(c, parent: index, depth: depth + 1, view: view) }
        text += String(repeating: "  ", count: depth) + ">\n"
    }

    /// One item: a space, then `s`.
    private mutating func item(_ s: String) {
        text += " " + s
    }

    /// A number of node `node` after `prefix`, with where it came from in the Swift.
    private mutating func num(_ prefix: String, _ x: Num, node: Int, space: Bool = true) {
        text += (space ? " " : "") + prefix
        let at = text.utf8.count
        text += x.scene
        if !x.range.isEmpty {
            spans.append((at..<text.utf8.count, nodes[node].file, x.range))
            numSpans.append((at..<text.utf8.count, node, x))
        }
    }

    /// Node `n`'s drawn shape and declared container, with the spans a fix maps back through.
    private mutating func writeShapes(_ n: ViewNode, _ index: Int) {
        if let s = n.shape {
            let at = text.utf8.count + 1
            item((n.glass ? "glass " : "") + s.scene)
            spans.append((at..<text.utf8.count, n.file, s.range))
            shapeSpans[index] = at + (n.glass ? 6 : 0)..<text.utf8.count
            if let r = s.radius, !r.range.isEmpty {
                // The radius itself: `rect ` is 5 bytes before it (after `glass ` when glass).
                let rAt = at + (n.glass ? 6 : 0) + 5
                spans.append((rAt..<rAt + r.scene.utf8.count, n.file, r.range))
                numSpans.append((rAt..<rAt + r.scene.utf8.count, index, r))
                rectSpans[index] = (rAt - 5..<rAt + r.scene.utf8.count, r)
            }
            if case .concentric(_, let nums) = s.kind {
                let kAt = at + (n.glass ? 6 : 0)
                for x in nums where !x.num.range.isEmpty {
                    numSpans.append((kAt + x.offset..<kAt + x.offset + x.num.scene.utf8.count, index, x.num))
                }
            }
        }
        if let c = n.clip {
            let at = text.utf8.count + 1
            item("clip " + c.scene)
            spans.append((at..<text.utf8.count, n.file, c.range))
            clipSpans[index] = at..<text.utf8.count
        }
        if let c = n.container {
            if case .concentric = c.kind {} else {
                let at = text.utf8.count + 1
                item("container " + c.scene)
                spans.append((at..<text.utf8.count, n.file, c.range))
                if let r = c.radius, !r.range.isEmpty {
                    // `container rect ` is 15 bytes before it.
                    numSpans.append((at + 15..<at + 15 + r.scene.utf8.count, index, r))
                    containerSpans[index] = (at..<text.utf8.count, r)
                }
            }
        }
    }

    /// The Swift span (file, bytes) the scene span starting at `offset` came from: the
    /// innermost recorded span, else the node's own.
    func swift(at offset: Int) -> (file: Int, range: Range<Int>)? {
        var best: (scene: Range<Int>, file: Int, swift: Range<Int>)? = nil
        for s in spans where s.scene.contains(offset) || (s.scene.isEmpty && s.scene.lowerBound == offset) {
            if best == nil || s.scene.count < best!.scene.count { best = s }
        }
        if let best { return (best.file, best.swift) }
        if let i = node(at: offset) { return (nodes[i].file, nodes[i].range) }
        return nil
    }

    /// The node whose line holds `offset`.
    func node(at offset: Int) -> Int? {
        var lo = 0, hi = nodeSpans.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if nodeSpans[mid].upperBound < offset { lo = mid + 1 }
            else if nodeSpans[mid].lowerBound > offset { hi = mid - 1 }
            else { return mid }
        }
        return nil
    }
}

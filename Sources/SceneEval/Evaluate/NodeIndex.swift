import SceneLang

/// The AST nodes of a scene in document (pre-)order, index i being
/// `scene.shapes[i]` (the evaluator numbers shapes in the same order), found
/// when asked for instead of copied out: four bytes a node (its place among
/// its parent's children) where a copy of every node took 64 and a reference
/// count on each of its parts. Node i is reached from its top-level node
/// through the shapes' parents, as many steps as it is deep.
struct NodeIndex: RandomAccessCollection {
    let shapes: [ResolvedShape]
    /// The top-level nodes, in order (one copy of each: their children are not copied).
    let roots: [Node]
    /// Each node's place among its parent's children (a top-level node's among the top-level nodes).
    let positions: [Int32]

    init(_ ast: Scene, shapes: [ResolvedShape]) {
        self.shapes = shapes
        var roots: [Node] = []
        for s in ast.statements { if case .node(let n) = s { roots.append(n) } }
        self.roots = roots
        // Pre-order: the path from the top down to the last node seen, each
        // with how many children it has had so far.
        var positions = [Int32](repeating: 0, count: shapes.count)
        var path: [(node: Int32, children: Int32)] = []
        var rootCount: Int32 = 0
        for i in shapes.indices {
            let p = shapes[i].parentIndex
            while let last = path.last, last.node != p { path.removeLast() }
            if path.isEmpty {
                positions[i] = rootCount; rootCount += 1
            } else {
                positions[i] = path[path.count - 1].children; path[path.count - 1].children += 1
            }
            path.append((Int32(i), 0))
        }
        self.positions = positions
    }

    var startIndex: Int { 0 }
    var endIndex: Int { shapes.count }

    subscript(i: Int) -> Node {
        let p = shapes[i].parentIndex
        if p < 0 { return roots[Int(positions[i])] }
        let q = shapes[Int(p)].parentIndex
        // A top-level node's child, the usual case: read in place, one copy.
        if q < 0 { return roots[Int(positions[Int(p)])].children[Int(positions[i])] }
        var depth = 0, j = i
        while shapes[j].parentIndex >= 0 { depth += 1; j = Int(shapes[j].parentIndex) }
        var n = roots[Int(positions[j])]
        // The places from the top down, on the stack (no array per lookup).
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { path in
            var k = i
            for level in stride(from: depth - 1, through: 0, by: -1) {
                path[level] = positions[k]
                k = Int(shapes[k].parentIndex)
            }
            for level in 0..<depth { n = n.children[Int(path[level])] }
        }
        return n
    }
}

import SceneLang

/// The AST nodes of a scene in document (pre-)order, index i being
/// `scene.shapes[i]` (the evaluator numbers shapes in the same order), found
/// when asked for instead of copied out: eight bytes a node (its place among
/// its parent's children, and which list of children is its own) and one
/// reference a parent (its `children` array, shared, not copied), where a copy
/// of every node took 64 and a reference count on each of its parts. Node i is
/// its parent's list of children at its place: one step at any depth (a walk
/// down from the top cost as many steps as the node is deep).
struct NodeIndex: RandomAccessCollection {
    let shapes: [ResolvedShape]
    /// The top-level nodes, in order (one copy of each: their children are not copied).
    let roots: [Node]
    /// Each node's place among its parent's children (a top-level node's among the top-level nodes).
    let positions: [Int32]
    /// The children of each node that has some, in the order the nodes come.
    let lists: [[Node]]
    /// Each node's own list of children in `lists` (-1: it has none).
    let listOf: [Int32]

    init(_ ast: Scene, shapes: [ResolvedShape]) {
        self.shapes = shapes
        var roots: [Node] = []
        for s in ast.statements { if case .node(let n) = s { roots.append(n) } }
        self.roots = roots
        // Pre-order: the path from the top down to the last node seen, each
        // with how many children it has had so far.
        var positions = [Int32](repeating: 0, count: shapes.count)
        var listOf = [Int32](repeating: -1, count: shapes.count)
        var lists: [[Node]] = []
        var path: [(node: Int32, children: Int32)] = []
        var rootCount: Int32 = 0
        for i in shapes.indices {
            let p = shapes[i].parentIndex
            while let last = path.last, last.node != p { path.removeLast() }
            let children: [Node]
            if path.isEmpty {
                positions[i] = rootCount; rootCount += 1
                children = roots[Int(positions[i])].children
            } else {
                let at = path[path.count - 1].children
                positions[i] = at; path[path.count - 1].children += 1
                children = lists[Int(listOf[Int(p)])][Int(at)].children
            }
            if !children.isEmpty { listOf[i] = Int32(lists.count); lists.append(children) }
            path.append((Int32(i), 0))
        }
        self.positions = positions
        self.lists = lists
        self.listOf = listOf
    }

    var startIndex: Int { 0 }
    var endIndex: Int { shapes.count }

    /// Node `i`'s items, read straight from the arrays (the checker asks of most
    /// nodes, and through `self[i]` each ask ran the accessor's coroutine, its frame allocated).
    @inline(__always) func items(_ i: Int) -> Items {
        let p = shapes[i].parentIndex
        return p < 0 ? roots[Int(positions[i])].items : lists[Int(listOf[Int(p)])][Int(positions[i])].items
    }

    /// Node `i`, lent in place: `nodes[i].items` copies the items alone, not the
    /// whole node (its label box, items and children: three reference counts
    /// taken and dropped on every look, which the checker does per rule per node).
    subscript(i: Int) -> Node {
        _read {
            let p = shapes[i].parentIndex
            if p < 0 { yield roots[Int(positions[i])] } else { yield lists[Int(listOf[Int(p)])][Int(positions[i])] }
        }
    }
}

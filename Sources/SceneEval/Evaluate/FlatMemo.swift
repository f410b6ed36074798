import SceneLang

/// What flatten made of a scene's nodes, before layout and resolution, with the
/// bindings it was made under: kept by the REPL for each top-level node, so that
/// when only bindings change (`let r = 32` in a scene of cards) the next
/// evaluation re-reads only the nodes whose own items name a changed one, and
/// takes every other node's box and shape description from here
/// (`Evaluator.evaluate(_:file:reusing:)`). Layout and resolution then run on
/// the whole as always: a reused node is exactly what reading it again gives,
/// since nothing else a node's items hold depends on the bindings.
/// (`RecompileTests` compares the REPL's result with the whole text's after
/// random edits, binding edits among them.)
public struct FlatMemo: Sendable {
    var flat: Flattened
    /// Every binding's value when it was made.
    var env: [String: Double]
    /// The names each node's items use (`ExprValue.names(of:)`), by index: what
    /// decides which nodes a change of bindings reaches.
    var names: [[String]]
    /// How many of its nodes were taken from the memo before it (tests read it).
    var reused = 0

    /// The nodes' count.
    public var count: Int { flat.boxes.count }

    /// Moved `d` bytes on, as the statement it was made from moved (the REPL's
    /// `Shift`): every source range in it.
    public func shifted(by d: Int) -> FlatMemo {
        guard d != 0 else { return self }
        func moved(_ r: SourceRange) -> SourceRange { SourceRange(r.start + d, r.end + d) }
        var m = self
        for i in m.flat.shapes.indices { m.flat.shapes[i].shift(by: d) }
        for i in m.flat.containers.indices { m.flat.containers[i].value.1 = moved(m.flat.containers[i].value.1) }
        for i in m.flat.layerSpecs.indices { m.flat.layerSpecs[i].range = moved(m.flat.layerSpecs[i].range) }
        return m
    }
}

extension Evaluator {
    /// Evaluate `scene`, reusing `memo` (made from the same nodes, at the same
    /// place in the text, under the same screen) for every node whose items name
    /// no binding whose value changed since; and the memo this evaluation leaves
    /// for the next (nil when it reported anything: a node's diagnostics are not kept).
    public static func evaluate(_ scene: Scene, file: SourceFile?, reusing memo: FlatMemo?) -> (Evaluation, FlatMemo?) {
        var e = Evaluator(file: file)
        e.reuse = memo
        e.keepsMemo = true
        let out = e.run(scene)
        return (out, out.diagnostics.isEmpty ? e.madeMemo : nil)
    }

    /// The names whose value differs between `old` and the bindings now (to the
    /// bit: 0 and −0 are written differently), or that only one of them has.
    func changedNames(since old: [String: Double]) -> Set<String> {
        var out = Set<String>()
        for (name, v) in env where old[name]?.bitPattern != v.bitPattern { out.insert(name) }
        for name in old.keys where env[name] == nil { out.insert(name) }
        return out
    }
}

/// Where flatten stands in a memo's side lists while it walks the same nodes
/// (each list is in document order, so a cursor, not a search, finds a node's entries).
struct MemoCursor {
    var spacing = 0
    var container = 0
    var layer = 0
    /// Set once a node is not where the memo has it (a different tree after all):
    /// from then on every node is read afresh.
    var lost = false
    /// The nodes replayed.
    var replayed = 0

    /// Node `index`'s box, shape and side entries from `old`, appended to `flat`
    /// as `add` appends them.
    mutating func replay(_ old: Flattened, _ index: Int, to flat: inout Flattened) {
        let ob = old.boxes[index]
        let pad = old.pads[Int(ob.pad)]
        if let last = flat.pads.last, last.top.bitPattern == pad.top.bitPattern,
           last.leading.bitPattern == pad.leading.bitPattern, last.bottom.bitPattern == pad.bottom.bitPattern,
           last.trailing.bitPattern == pad.trailing.bitPattern {
        } else {
            flat.pads.append(pad)
        }
        var box = ob
        box.pad = Int32(flat.pads.count - 1)
        box.end = Int32(index + 1)
        flat.boxes.append(box)
        if box.flags & Box.spacerBit != 0 { flat.spacers[index] = old.spacers[index] }
        if box.flags & Box.offsetBit != 0 { flat.offsets[index] = old.offsets[index] }
        if box.stack != nil { flat.spacings.append(old.spacings[spacing]) }
        while container < old.containers.count, old.containers[container].index == index {
            flat.containers.append(old.containers[container])
            container += 1
        }
        while layer < old.layerSpecs.count, old.layerSpecs[layer].index == index {
            flat.layerSpecs.append(old.layerSpecs[layer])
            layer += 1
        }
        flat.shapes.append(old.shapes[index])
        skip(old, index)
        replayed += 1
    }

    /// Past node `index`'s entries in `old` (read afresh, or replayed).
    mutating func skip(_ old: Flattened, _ index: Int) {
        guard index < old.boxes.count else { return }
        if old.boxes[index].stack != nil { spacing += 1 }
        while container < old.containers.count, old.containers[container].index <= index { container += 1 }
        while layer < old.layerSpecs.count, old.layerSpecs[layer].index <= index { layer += 1 }
    }
}

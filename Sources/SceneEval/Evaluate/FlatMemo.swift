import SceneLang

/// What flatten made of a scene's nodes, before layout and resolution, with the
/// bindings it was made under: kept by the REPL for each top-level node, so that
/// when only bindings change (`let r = 32` in a scene of cards) the next
/// evaluation re-reads only the nodes whose own items name a changed one, and
/// takes every other node's box and shape description from here
/// (`Evaluator.evaluate(_:file:reusing:)`): a reused node is exactly what reading
/// it again gives, since nothing else a node's items hold depends on the
/// bindings. The shapes are kept placed, with their frames: when every node read
/// again is laid out as before (its box, padding, spacing, spacer and offset the
/// same: `MemoCursor.compareLayout`), so is every other, and layout keeps
/// those frames; else it measures and places all as always. Resolution runs on
/// the whole.
/// (`RecompileTests` compares the REPL's result with the whole text's after
/// random edits, binding edits among them.)
public struct FlatMemo: Sendable {
    var flat: Flattened
    /// Every binding's value when it was made.
    var env: [String: Double]
    /// The names each node's items use (`ExprValue.names(of:)`), by index: what
    /// decides which nodes a change of bindings reaches.
    var names: [[String]]
    /// How many of its nodes were taken from the memo before it, and whether
    /// layout kept that memo's frames (tests read both).
    var reused = 0
    var keptFrames = false

    /// The nodes' count.
    public var count: Int { flat.boxes.count }

    /// Moved `d` bytes on, as the statement it was made from moved (the REPL's
    /// `Shift`): every source range in it.
    public func shifted(by d: Int) -> FlatMemo {
        guard d != 0 else { return self }
        func moved(_ r: SourceRange) -> SourceRange { SourceRange(r.start + d, r.end + d) }
        var m = self
        for i in m.flat.shapes.indices { m.flat.shapes[i].shift(by: d) }
        for i in m.flat.containers.indices { m.flat.containers[i].range = moved(m.flat.containers[i].range) }
        for i in m.flat.layerSpecs.indices { m.flat.layerSpecs[i].range = moved(m.flat.layerSpecs[i].range) }
        return m
    }
}

extension Evaluator {
    /// Evaluate `scene`, reusing `memo` for every node whose items name no
    /// binding whose value changed since; and the memo this evaluation leaves for
    /// the next (nil when it reported anything: a node's diagnostics are not kept).
    /// The caller vouches that `memo` was made from the same statements' text, at
    /// the same place in the file (`FlatMemo.shifted`), under the same screen and
    /// target: a node is matched to the memo's by its range alone, so a `rect 30`
    /// written over a `rect 10` would be taken for it (`Recompile` passes a memo
    /// only for an entry whose text is unchanged).
    /// With `keepingMemo` false no memo is made (nil): a subtree that names no
    /// binding is never evaluated again for a change of bindings.
    public static func evaluate(_ scene: Scene, file: SourceFile?, reusing memo: FlatMemo?,
                                keepingMemo: Bool = true) -> (Evaluation, FlatMemo?) {
        var e = Evaluator(file: file)
        e.reuse = memo
        e.keepsMemo = keepingMemo
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
    /// Whether every node read afresh has the box, padding, spacing, spacer and
    /// offset the memo has for it: then layout places every node where it placed
    /// it before, and the memo's frames stand.
    var layoutSame = true

    /// Node `index`'s box, shape and side entries from `old`, appended to `flat`
    /// as `add` appends them.
    mutating func replay(_ old: Flattened, _ index: Int, to flat: inout Flattened) {
        let ob = old.boxes[index]
        let pad = old.pads[Int(ob.pad)]
        var box = ob
        box.pad = flat.appendPad(pad, seen: index + 1)
        box.end = Int32(index + 1)
        flat.boxes.append(box)
        if box.flags & Box.spacerBit != 0 { flat.spacers[index] = old.spacers[index] }
        if box.flags & Box.offsetBit != 0 { flat.offsets[index] = old.offsets[index] }
        if box.stack != nil { flat.spacings.append(old.spacings[spacing]) }
        while container < old.containers.count, old.containers[container].index == index {
            let c = old.containers[container]
            // (Its own value again, unless it is the node's drawn shape, replayed below.)
            flat.appendContainer(index: index, c.value == DeclaredContainer.drawn ? nil : old.containerValues[Int(c.value)],
                                 range: c.range, drawn: c.value == DeclaredContainer.drawn)
            container += 1
        }
        while layer < old.layerSpecs.count, Int(old.layerSpecs[layer].index) == index {
            flat.layerSpecs.append(old.layerSpecs[layer])
            layer += 1
        }
        flat.shapes.append(old.shapes[index])
        skip(old, index)
        replayed += 1
    }

    /// Node `index`, read afresh into `flat`, against the memo: whether layout
    /// sees it as before (`layoutSame`), and if so its frame, the one the memo
    /// placed it at. (Before `skip`: the spacing cursor is at its stack's.)
    mutating func compareLayout(_ old: Flattened, _ index: Int, _ flat: inout Flattened) {
        let ob = old.boxes[index], nb = flat.boxes[index]
        let op = old.pads[Int(ob.pad)], np = flat.pads[Int(nb.pad)]
        var same = ob.width.bitPattern == nb.width.bitPattern && ob.height.bitPattern == nb.height.bitPattern
            && ob.align == nb.align && ob.stack == nb.stack && ob.flags == nb.flags
            && op.sameBits(np)
        if same, nb.stack != nil { same = old.spacings[spacing].bitPattern == flat.spacings.last?.bitPattern }
        if same, nb.flags & Box.spacerBit != 0 { same = old.spacers[index]?.bitPattern == flat.spacers[index]?.bitPattern }
        if same, nb.flags & Box.offsetBit != 0 {
            same = old.offsets[index]?.x.bitPattern == flat.offsets[index]?.x.bitPattern
                && old.offsets[index]?.y.bitPattern == flat.offsets[index]?.y.bitPattern
        }
        if same { flat.shapes[index].frame = old.shapes[index].frame } else { layoutSame = false }
    }

    /// Past node `index`'s entries in `old` (read afresh, or replayed).
    mutating func skip(_ old: Flattened, _ index: Int) {
        guard index < old.boxes.count else { return }
        if old.boxes[index].stack != nil { spacing += 1 }
        while container < old.containers.count, Int(old.containers[container].index) <= index { container += 1 }
        while layer < old.layerSpecs.count, Int(old.layerSpecs[layer].index) <= index { layer += 1 }
    }
}

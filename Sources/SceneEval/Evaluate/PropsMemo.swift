import SceneLang

/// What a node's items came to (`Props`), kept by their slots, for the nodes
/// written alike.
///
/// The parser shares one run of slots among the nodes whose item text is the
/// same (`Parser.replayLine`: a list's rows, a grid's cells, the same level of
/// every chain), each reading it from its own place (`Items.origin`). Folded in
/// one `env`, the same slots come to the same properties, every range the
/// distance between the two places further on: so the first node of a run that
/// reads them from another place keeps what they came to, and the next takes
/// it, its ranges moved, rather than folding them again (their numbers checked,
/// their clauses worked out, their paddings summed). Only what came to no
/// diagnostic is kept (a diagnostic is said once for each node: it is folded
/// each time). `env` changing empties it, as the clauses' memo.
/// (`PropsMemoTests` evaluates every bench member, every example and repeated
/// rows of each kind with and without it and compares the scenes and diagnostics;
/// it checks that `Props.move` moves every range `Props` holds.)
struct PropsMemo {
    /// Direct-mapped by the slots' place: a clash forgets the older. Made at the
    /// `startAt`-th shared run asked (an evaluator of a few nodes, as the REPL
    /// makes, keeps none; only runs of `fewestSlots` or more are counted), `slots`
    /// long, as the line memo (4,096 keys and places, 96 KB); what they came to (328
    /// bytes each) is kept beside, one for each slot in use.
    static let slots = 4096, startAt = 64
    /// Runs of fewer slots are folded, not looked for: two (`deep`'s `container rect
    /// 1018 pad 1`) fold in about the time a look takes, which cost `deep` 1.4 % more
    /// instructions than folding them.
    static let fewestSlots: UInt32 = 3
    struct Key: Equatable {
        var storage: UnsafeRawPointer? = nil
        var start: UInt32 = 0, count: UInt32 = 0
    }
    var keys: [Key] = []
    /// The origin each was read from, and its place in `props` and `held`.
    var entries: [(origin: Int32, at: Int32)] = []
    var props: [Props] = []
    /// The items each was made from: their storage held, so that its address names
    /// no other while it is kept (the evaluator may outlive the tree).
    var held: [Items] = []
    /// Shared runs asked; of them found.
    var asked = 0, found = 0
    /// Off: every node's items folded (the tests compare the two).
    var on = true

    mutating func removeAll() { let on = on; self = PropsMemo(); self.on = on }

    mutating func make() {
        keys = Array(repeating: Key(), count: Self.slots)
        entries = Array(repeating: (0, -1), count: Self.slots)
    }

    @inline(__always) static func slot(_ k: Key) -> Int {
        let h = UInt64(k.start) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(UInt(bitPattern: k.storage) >> 4) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: h >> 52) & (slots - 1)
    }

    /// Keeps `p`, made from `items` read at `origin`, in `slot` for `key`.
    mutating func keep(_ p: Props, _ items: Items, origin: Int32, key: Key, slot: Int) {
        keys[slot] = key
        var at = Int(entries[slot].at)
        if at < 0 {
            at = props.count
            props.append(p)
            held.append(items)
        } else {
            props[at] = p
            held[at] = items
        }
        entries[slot] = (origin, Int32(at))
    }
}

extension Props {
    /// Every range `d` bytes on.
    mutating func move(by d: Int) {
        @inline(__always) func moved(_ r: SourceRange?) -> SourceRange? { r.map { SourceRange($0.start + d, $0.end + d) } }
        shapeRange = moved(shapeRange)
        containerRange = moved(containerRange)
        fillRange = moved(fillRange)
        spacerRange = moved(spacerRange)
        if !layers.isEmpty {
            for k in layers.indices { layers[k].2 = SourceRange(layers[k].2.start + d, layers[k].2.end + d) }
        }
    }
}

extension Evaluator {
    /// `props(at:into:)`, taken from `propsMemo` for items shared with a node folded
    /// before (and kept there for the next) when that came to no diagnostic.
    mutating func sharedProps(at items: UnsafePointer<Items>, into p: inout Props) {
        guard propsMemo.on, let s = Items.sharedSlots(at: items), s.slots >= PropsMemo.fewestSlots else {
            return props(at: items, into: &p)
        }
        propsMemo.asked += 1
        guard propsMemo.asked >= PropsMemo.startAt else { return props(at: items, into: &p) }
        if propsMemo.keys.isEmpty { propsMemo.make() }
        let key = PropsMemo.Key(storage: s.storage, start: s.start, count: s.slots)
        let slot = PropsMemo.slot(key)
        if propsMemo.keys[slot] == key {
            propsMemo.found += 1
            let e = propsMemo.entries[slot]
            p = propsMemo.props[Int(e.at)]
            p.move(by: Int(s.origin) - Int(e.origin))
            return
        }
        let said = diagnostics.count
        props(at: items, into: &p)
        guard diagnostics.count == said else { return }
        propsMemo.keep(p, items.pointee, origin: s.origin, key: key, slot: slot)
    }
}

// Whether two nodes are the same node of the same parse, not only equal: the
// incremental checker keeps what it learnt from a top-level node's text (the
// names it uses) while the text is the one it read.
extension Items {
    /// Whether `other` is these very items: the same slots of the same storage,
    /// which a parse fills once and never changes, counted from the same place
    /// (nodes written alike share their slots, each from its own `origin`). Holding a copy keeps the
    /// storage alive, so it cannot be another parse's at the same address. A node
    /// with the same items is the same node of the same parse, with the same
    /// subtree (a re-parsed or shifted statement has new storage). Items with no
    /// storage (a node with none) are never the same as anything.
    public func sameStorage(as other: Items) -> Bool {
        guard let a = chunk, let b = other.chunk else { return false }
        return a === b && start == other.start && slots == other.slots && origin == other.origin
    }
}

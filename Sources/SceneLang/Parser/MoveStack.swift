/// A stack the parser builds node and item lists on: a finished list is moved
/// out into an array of exactly its length (one allocation, no reference
/// counting, no spare capacity), where appending to a fresh array each time
/// would grow it 1 → 2 → 4 → … with a copy per step and keep the slack.
/// Nested lists share it: an inner list is taken before the outer one goes on.
final class MoveStack<Element> {
    private var buffer: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    /// Takes the element over (consumed: moved in, not copied and released;
    /// inlined, so a node built in the call goes straight into the buffer).
    @inline(__always)
    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (buffer + count).initialize(to: element)
        count += 1
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }

    /// The top element, moved out.
    func pop() -> Element {
        precondition(count > 0, "pop from an empty MoveStack")
        count -= 1
        return (buffer + count).move()
    }

    /// The elements from `base` up, moved out in order; the stack is back to `base`.
    /// (Appended one by one to an array of room for all of them, not handed to
    /// `Array(unsafeUninitializedCapacity:)`: that one allocates through a
    /// stdlib function that is never inlined nor specialized, which looks the
    /// array's storage type up in the runtime's table of generic metadata, behind
    /// a lock, every time: 2.5 % of `deep --svg`, whose every node has a block.)
    func take(from base: Int) -> [Element] {
        let n = count - base
        guard n > 0 else { return [] }
        let source = buffer + base
        count = base
        // One element (`deep`'s every block): an array literal of it, made in
        // place, not room reserved and then appended to.
        if n == 1 { return [source.move()] }
        var out: [Element] = []
        out.reserveCapacity(n)
        for k in 0..<n { out.append((source + k).move()) }
        return out
    }
}

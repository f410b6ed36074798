// The store of a parse's flat expression steps (ItemsExpr.swift writes and
// reads them; this keeps them, the names they use, and the runs shared).

/// The steps of every compact item's expressions of one parse and the names
/// they use, in pages that are never moved (no big array copied as it grows).
/// Written while parsing, never changed after.
public final class ExprStore: @unchecked Sendable {
    /// Steps a page (a power of two).
    @inline(__always) static var pageSize: Int { 4096 }
    @inline(__always) static var pageShift: Int { 12 }
    /// (Not checked for exclusive access at run time: the store is written by one
    /// parse, on one thread, and only read after it; every read of a step and
    /// every lookup of a name went through those checks.)
    @exclusivity(unchecked) private var pages: [UnsafeMutablePointer<ExprCode>] = []
    /// Steps used in the last page.
    @exclusivity(unchecked) private var used = 4096
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// The names' bytes one after another (name k is `nameBytes[nameEnds[k - 1]..<nameEnds[k]]`),
    /// and a table of their numbers by their bytes' hash (open addressing; −1: empty).
    @exclusivity(unchecked) private var nameBytes: [UInt8] = []
    @exclusivity(unchecked) private var nameEnds: [Int] = []
    @exclusivity(unchecked) private var table = [Int32](repeating: -1, count: 64)
    /// The numbers a `Float` does not hold to the bit, kept whole (`ExprCode.wideNumber`).
    @exclusivity(unchecked) private(set) var numbers: [Double] = []
    /// Runs of steps written lately, by their codes' hash (`share`): each slot −1
    /// or a run's first step and its length (`first << 16 | count`); then as many
    /// slots of wide numbers (`wide`), each −1 or a place in `numbers`. A fixed,
    /// small table, overwritten on a clash: no memory grows with the scene. Made
    /// at the first use, of 64 slots, and made again, empty, of `largestRecent` once
    /// it has been asked four times as often (runs and wide numbers counted
    /// together: a small file, or one of a thousand checked together, does not
    /// clear 64 KB).
    @exclusivity(unchecked) private var recent: UnsafeMutablePointer<Int64>? = nil
    @exclusivity(unchecked) private var recentSlots = 0
    @exclusivity(unchecked) private var recentWrites = 0
    static let largestRecent = 4096
    /// Runs `share` found already kept (the tests read it).
    @exclusivity(unchecked) private(set) var shared = 0
    /// Steps kept, in every page (each page but the last full, or left short by a run that did not fit).
    var pageSteps: Int { (pages.count - 1) * Self.pageSize + used }

    public init() {}

    deinit {
        for p in pages { p.deallocate() }
        recent?.deallocate()
    }

    /// The table of recent runs and numbers, made (or made larger, empty: it is
    /// only a cache) when it is missing or small for the writes so far.
    @inline(__always) private func recentTable() -> UnsafeMutablePointer<Int64> {
        recentWrites += 1
        if let recent, recentSlots == Self.largestRecent || recentWrites <= 4 * recentSlots { return recent }
        recent?.deallocate()
        recentSlots = recent == nil ? 64 : Self.largestRecent
        let table = UnsafeMutablePointer<Int64>.allocate(capacity: 2 * recentSlots)
        table.initialize(repeating: -1, count: 2 * recentSlots)
        recent = table
        return table
    }

    /// The name with number `id`.
    public func name(_ id: Int) -> String { names[id] }

    func id(of name: String) -> UInt32 {
        var name = name
        return name.withUTF8 { id(of: $0) }
    }

    /// The number of the name spelt by `bytes` (the parser's tokens are looked up
    /// by their bytes: no string built or hashed for a name already seen).
    func id(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        // (The three arrays read through pointers, once each: a name is looked up
        // for every use of it in every expression, and each read of a class's array
        // is an access checked at run time.)
        let n = bytes.count
        let probe: Int = table.withUnsafeBufferPointer { t in
            nameEnds.withUnsafeBufferPointer { ends in
                nameBytes.withUnsafeBufferPointer { nb in
                    let mask = t.count - 1
                    var i = Self.hash(bytes) & mask
                    while true {
                        let k = Int(t[i])
                        if k < 0 { return -1 - i }  // not there: the empty slot it goes in
                        let lo = k == 0 ? 0 : ends[k - 1]
                        if ends[k] - lo == n, Self.same(nb.baseAddress, lo, bytes.baseAddress, n) { return k }
                        i = (i + 1) & mask
                    }
                }
            }
        }
        if probe >= 0 { return UInt32(probe) }
        let i = -1 - probe
        let k = names.count
        names.append(String(decoding: bytes, as: UTF8.self))
        nameBytes.append(contentsOf: bytes)
        nameEnds.append(nameBytes.count)
        table[i] = Int32(k)
        if 2 * names.count > table.count { rehash() }
        return UInt32(k)
    }

    /// Whether the `n` bytes at `a + offset` and at `b` are the same (no bytes: the same).
    @inline(__always) static func same(_ a: UnsafePointer<UInt8>?, _ offset: Int, _ b: UnsafePointer<UInt8>?, _ n: Int) -> Bool {
        guard n > 0 else { return true }
        guard let a, let b else { return false }
        for j in 0..<n where a[offset + j] != b[j] { return false }
        return true
    }

    /// FNV-1a of the bytes, its high bits folded in.
    @inline(__always) static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private func rehash() {
        table = [Int32](repeating: -1, count: 2 * table.count)
        let mask = table.count - 1
        for k in names.indices {
            let lo = k == 0 ? 0 : nameEnds[k - 1]
            var i = Self.hash(nameBytes[lo..<nameEnds[k]]) & mask
            while table[i] >= 0 { i = (i + 1) & mask }
            table[i] = Int32(k)
        }
    }

    /// The step for `t`, whose range is `offset` bytes from its item's start
    /// (`fits` said it may be kept); a number a `Float` does not hold goes in `numbers`.
    func code(_ t: FlatStep, offset: Int) -> ExprCode {
        let apply = t.op == .apply
        var op = UInt32(t.op.rawValue), payload = UInt32(truncatingIfNeeded: t.payload)
        if t.op == .number {
            let v = Double(bitPattern: t.payload), f = Float(v)
            if Double(f).bitPattern == t.payload {
                payload = f.bitPattern
            } else {
                op = ExprCode.wideNumber
                payload = wide(v)
            }
        }
        return ExprCode(op: op, payload: payload, offset: apply ? 0 : offset, length: apply ? 0 : t.range.length)
    }

    /// The place of `v` in `numbers`: the place it was given lately, when it was
    /// (the wide numbers met lately, by their bits' hash, in the same table
    /// `share` uses, from its far end), so that rows writing `min 0.1` alike keep the
    /// same steps, and `share` finds them the same.
    private func wide(_ v: Double) -> UInt32 {
        let bits = v.bitPattern
        let recent = recentTable()
        let slot = recentSlots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 52) & (recentSlots - 1)
        let k = recent[slot]
        if k >= 0, numbers[Int(k)].bitPattern == bits { return UInt32(k) }
        recent[slot] = Int64(numbers.count)
        numbers.append(v)
        return UInt32(numbers.count - 1)
    }

    /// Whether step `t`, `offset` bytes from its item's start, can be kept as an `ExprCode`.
    @inline(__always) func fits(_ t: FlatStep, offset: Int) -> Bool {
        t.op == .apply
            || (offset >= 0 && offset <= ExprCode.maxOffset && t.range.length <= ExprCode.maxLength
                && (t.op == .number || t.payload <= UInt64(UInt32.max)) && numbers.count < Int(UInt32.max))
    }

    /// `body` with the wide numbers in place (nil when there are none: no array access on the usual path).
    @inline(__always) func withNumbers<R>(_ body: (UnsafePointer<Double>?) -> R) -> R {
        numbers.isEmpty ? body(nil) : numbers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// Where step `i` is (a run of steps never crosses a page: read it from its first's place).
    @inline(__always) func pointer(_ i: Int) -> UnsafeMutablePointer<ExprCode> {
        pages[i >> Self.pageShift] + (i & (Self.pageSize - 1))
    }

    @inline(__always) subscript(i: Int) -> ExprCode { pointer(i).pointee }

    /// The run of `n` steps just written at `run` (the last `reserve`), or an
    /// earlier run of the same codes, which is then kept instead: `run`'s room
    /// is given back. Steps are never changed once written and a run's codes
    /// are counted from its item's start (names as numbers of this store), so
    /// every item whose expressions read the same (a list whose rows all say
    /// `fixed min(k3, k21 - inset / 2)`) reads one run. `lets`, 99 clauses
    /// over and over, kept 65 bytes of steps a node, 6.5 MB at 100k nodes.
    /// Only the runs met lately are asked (`recent`): a scene whose every
    /// expression differs costs a hash and a probe a run, and no memory.
    func share(_ run: Int, _ n: Int) -> Int {
        guard n > 0 else { return run }
        let p = pointer(run)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(n)
        for i in 0..<n {
            let c = UInt64(p[i].payload) | UInt64(p[i].packed) << 32
            h = (h ^ c) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 31
        }
        let recent = recentTable()
        let slot = Int(truncatingIfNeeded: h) & (recentSlots - 1)
        let entry = recent[slot]
        if entry >= 0, Int(entry & 0xFFFF) == n {
            let old = pointer(Int(entry >> 16))
            var same = true
            for i in 0..<n where old[i].payload != p[i].payload || old[i].packed != p[i].packed { same = false; break }
            if same {
                assert(used >= n && run == ((pages.count - 1) << Self.pageShift) + used - n,
                       "share asks of the last run reserved")
                used -= n
                shared += 1
                return Int(entry >> 16)
            }
        }
        recent[slot] = Int64(run) << 16 | Int64(n)
        return run
    }

    /// Room for `n` steps in one page (n ≤ pageSize): the first's number and place.
    func reserve(_ n: Int) -> (Int, UnsafeMutablePointer<ExprCode>) {
        if used + max(n, 1) > Self.pageSize {  // (no steps still get a place in a page)
            pages.append(.allocate(capacity: Self.pageSize))
            used = 0
        }
        let i = ((pages.count - 1) << Self.pageShift) + used
        used += n
        return (i, pointer(i))
    }
}

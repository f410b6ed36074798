/// Whether `scene` should start itself again with malloc's heap in huge pages,
/// and with what `GLIBC_TUNABLES` (the executable's HugePages.swift does the
/// start; docs/architecture.md, "Large inputs"). Pure, so the tests can ask it
/// every case: which arguments are inputs, the threshold, the user's tunables.
public enum HugePageStart {
    /// Input files totalling fewer bytes than this start once (a 100k-node list is 3.9 MB).
    public static let threshold = 2 << 20
    public static let variable = "GLIBC_TUNABLES"
    public static let setting = "glibc.malloc.hugetlb=1"
    /// With it, unless the user sets the threshold (this tunable, or glibc's older
    /// `MALLOC_MMAP_THRESHOLD_` variable): every block under 32 MiB (the most glibc
    /// allows) comes from the heap, not a mapping of its own. glibc's threshold
    /// otherwise starts at 128 KiB and rises only as mapped blocks are freed, so a
    /// growing array's early copies are each mapped, zeroed by the kernel page by
    /// page, and unmapped again; in the heap, space one array frees is reused by
    /// the next, already touched (docs/architecture.md, "Large inputs").
    public static let heapSetting = "glibc.malloc.mmap_threshold=33554432"
    /// The commands that read files once and exit; not the REPL, watch or the language server.
    public static let commands: Set<String> = ["run", "check", "fmt", "bench", "tokens", "ast"]
    /// Options whose value is an output, not an input (`bench FILE --svg OUT`, `run … -o OUT`):
    /// a large file already at OUT says nothing about the work.
    static func isOutputOption(_ command: String, _ a: String) -> Bool {
        a == "-o" || a == "--output" || (command == "bench" && a == "--svg")
    }

    /// The tunables to start again with: `current` (the variable as this process
    /// started, nil when unset) with `setting` added after the user's own (and
    /// `heapSetting`, unless `current` names `glibc.malloc.mmap_threshold` or
    /// `thresholdVariableSet`: the user set `MALLOC_MMAP_THRESHOLD_`), when
    /// `command`'s input files (each argument not an option nor an output option's
    /// value; `size` gives a regular file's size, nil for anything else) hold at
    /// least `threshold` bytes. Nil (start once) for another command, for smaller
    /// inputs, and when `current` names `glibc.malloc.hugetlb` already: set by the
    /// first start, or the user's own choice, either way.
    public static func tunables(command: String, arguments: [String], current: String?,
                                thresholdVariableSet: Bool = false, size: (String) -> Int?) -> String? {
        guard commands.contains(command) else { return nil }
        let current = current ?? ""
        guard !current.contains("glibc.malloc.hugetlb") else { return nil }
        var total = 0, i = 0
        while i < arguments.count, total < threshold {
            let a = arguments[i]
            if isOutputOption(command, a) { i += 2; continue }
            if !a.hasPrefix("-") { total += size(a) ?? 0 }
            i += 1
        }
        guard total >= threshold else { return nil }
        let own = thresholdVariableSet || current.contains("glibc.malloc.mmap_threshold")
        let added = own ? setting : setting + ":" + heapSetting
        return current.isEmpty ? added : current + ":" + added
    }

    /// Whether `current` (the variable as this process started) asks for huge pages.
    public static func asked(_ current: String?) -> Bool {
        (current ?? "").split(separator: ":").contains { $0 == setting[...] }
    }
}

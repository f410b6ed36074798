// Large inputs run with malloc's heap in transparent huge pages (Linux).
//
// A scene of 100,000 nodes touches 40–70 MB of heap, page by page: 10,000 to
// 17,000 page faults, about a third of the whole process's CPU time in the
// kernel. glibc's malloc asks for huge pages on its heap (`madvise`, 2 MB a
// page) when its `glibc.malloc.hugetlb=1` tunable is set, which leaves about
// 3,000 faults, most of them the program's own pages; but a tunable is read only from the environment, as
// the process starts. So `scene`, given files of at least `threshold` bytes,
// sets it and starts itself again (`execv` of the path /proc/self/exe names, the same
// arguments: the cost of one more exec, about 0.5 ms, against 7–30 ms saved at
// 100k nodes, 6–28 % of each path's CPU time; docs/architecture.md, "Large
// inputs"). Smaller inputs, where it saves nothing, start once as before. The
// setting is left in the environment, which is how the second start knows it
// is the second, and what a child (`scene-swift`) inherits. Where the kernel
// gives no huge pages (`transparent_hugepage` set to `never`) glibc's `madvise`
// changes nothing; where exec fails the process carries on as it was. To start
// once whatever the input (to profile the one process under valgrind, say), set
// `GLIBC_TUNABLES=glibc.malloc.hugetlb=0`: a choice of it is left alone.
#if os(Linux)
import Glibc

enum HugePages {
    /// Input files totalling fewer bytes than this start once (a 100k-node list is 3.9 MB).
    static let threshold = 2 << 20
    static let variable = "GLIBC_TUNABLES"
    static let setting = "glibc.malloc.hugetlb=1"
    /// The commands that read files once and exit; not the REPL, watch or the language server.
    static let commands: Set<String> = ["run", "check", "fmt", "bench", "tokens", "ast"]

    /// Whether this process runs with the setting (the tunable as the process started).
    static var active: Bool {
        guard let v = getenv(variable) else { return false }
        return String(cString: v).split(separator: ":").contains { $0 == setting[...] }
    }

    /// Starts this process again with the setting when `command`'s regular files
    /// (every argument naming one, options' values included: a few bytes of
    /// `stat`) hold at least `threshold` bytes, unless `GLIBC_TUNABLES` already
    /// names `glibc.malloc.hugetlb` (set by us, or chosen by the user). Returns
    /// only when it does not start again.
    static func relaunchForLargeInputs(_ command: String, _ args: [String]) {
        guard commands.contains(command) else { return }
        let current = getenv(variable).map { String(cString: $0) } ?? ""
        guard !current.contains("glibc.malloc.hugetlb") else { return }
        var total = 0
        for a in args where !a.hasPrefix("-") {
            var st = stat()
            if stat(a, &st) == 0, st.st_mode & S_IFMT == S_IFREG { total += Int(st.st_size) }
            if total >= threshold { break }
        }
        guard total >= threshold, let me = executable() else { return }
        setenv(variable, current.isEmpty ? setting : current + ":" + setting, 1)
        execv(me, CommandLine.unsafeArgv)
        // Not started again: carry on with the environment as it was.
        if current.isEmpty { unsetenv(variable) } else { setenv(variable, current, 1) }
    }

    /// This executable's path, as /proc/self/exe names it (nil without /proc). Its
    /// path, not the link itself: under valgrind the link is valgrind's own tool,
    /// which cannot be run directly, while reading it gives the program's path (and
    /// valgrind runs what a program execs natively, as it does any child).
    static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#else
enum HugePages {
    static var active: Bool { false }
    static func relaunchForLargeInputs(_ command: String, _ args: [String]) {}
}
#endif

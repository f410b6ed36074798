// Large inputs run with malloc's heap in transparent huge pages (Linux).
//
// A scene of 100,000 nodes touches 40–70 MB of heap, page by page: 8,000 to
// 17,000 page faults, about a third of the whole process's CPU time in the
// kernel. glibc's malloc asks for huge pages on its heap (`madvise`, 2 MB a
// page) when its `glibc.malloc.hugetlb=1` tunable is set, which leaves about
// 3,000 faults, most of them the program's own pages; but a tunable is read
// only from the environment, as the process starts. So `scene`, given input
// files of at least 2 MiB (`HugePageStart` in SceneREPL decides, and says which
// arguments are inputs), sets it and starts itself again: `execv` of the path
// /proc/self/exe names, the same arguments, before anything is read. That costs
// one more exec, about 0.5 ms, against 7–30 ms saved at 100k nodes, 8–26 % of
// each path's CPU time (docs/architecture.md, "Large inputs"). Smaller inputs,
// where it saves nothing, start once as before. The same start sets
// `glibc.malloc.mmap_threshold` (32 MiB, unless the user names it), so blocks
// under that come from the heap, reused as arrays grow, not mapped and zeroed
// afresh each time (`HugePageStart.heapSetting`).
//
// The setting stays in the environment: every child inherits it (`scene-swift`,
// the raster helper). It starts again at most once: `SCENE_STARTED_AGAIN` marks
// the second start (which removes it, so a `scene` it runs decides afresh), and
// a process glibc starts in secure mode (setuid, file capabilities), which drops
// such tunables, starts once. Where the kernel gives no huge pages
// (`transparent_hugepage` set to `never`) glibc's `madvise` changes nothing;
// where exec fails the process carries on as it was. To start once whatever the
// input (to profile the one process under valgrind, say), set
// `GLIBC_TUNABLES=glibc.malloc.hugetlb=0`: a choice of it is left alone.
import SceneREPL
#if os(Linux)
import Glibc

enum HugePages {
    static let marker = "SCENE_STARTED_AGAIN"

    /// Whether this process was started with the setting.
    static var active: Bool { HugePageStart.asked(getenv(HugePageStart.variable).map { String(cString: $0) }) }

    /// Starts this process again with the setting when `HugePageStart` says so.
    /// Returns only when it does not start again.
    static func relaunchForLargeInputs(_ command: String, _ args: [String]) {
        if getenv(marker) != nil { unsetenv(marker); return }
        guard !secure() else { return }
        let current = getenv(HugePageStart.variable).map { String(cString: $0) }
        guard let tunables = HugePageStart.tunables(command: command, arguments: args, current: current,
                                                    thresholdVariableSet: getenv("MALLOC_MMAP_THRESHOLD_") != nil, size: { path in
            var st = stat()
            return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int(st.st_size) : nil
        }), let me = ownExecutablePath() else { return }
        guard setenv(HugePageStart.variable, tunables, 1) == 0, setenv(marker, "1", 1) == 0 else { restore(current); return }
        execv(me, CommandLine.unsafeArgv)
        restore(current)  // not started again: carry on with the environment as it was
    }

    /// Whether glibc started this process in secure mode (AT_SECURE in the aux
    /// vector: setuid, setgid, file capabilities), read from /proc/self/auxv
    /// (Glibc's module has no `getauxval`); without it, whether the ids differ.
    static func secure() -> Bool {
        let fd = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return getuid() != geteuid() || getgid() != getegid() }
        defer { close(fd) }
        var pairs = [UInt64](repeating: 0, count: 128)
        let n = pairs.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        var i = 0
        while 2 * i + 1 < max(0, n) / 8 {
            if pairs[2 * i] == 23 { return pairs[2 * i + 1] != 0 }  // AT_SECURE
            if pairs[2 * i] == 0 { break }  // AT_NULL
            i += 1
        }
        return getuid() != geteuid() || getgid() != getegid()
    }

    static func restore(_ current: String?) {
        unsetenv(marker)
        if let current { setenv(HugePageStart.variable, current, 1) } else { unsetenv(HugePageStart.variable) }
    }
}
#else
enum HugePages {
    static var active: Bool { false }
    static func relaunchForLargeInputs(_ command: String, _ args: [String]) {}
}
#endif

// `scene watch FILE [--port N] [--open] [--screen PRESET]`: the live page (SceneWatch).
import SceneLang
import SceneREPL
import SceneWatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The port `scene watch` takes unless told: fixed, so a page left open finds the
/// server again after a restart.
let defaultWatchPort = 7464

func watch(_ args: [String]) -> Int32 {
    var path: String? = nil, port = defaultWatchPort, open = false, screen: String? = nil
    var i = 0
    while i < args.count {
        let a = args[i]
        switch a {
        case "--port":
            i += 1
            guard i < args.count, let p = Int(args[i]), (0...65535).contains(p) else {
                usageError("`--port` takes a port number from 0 to 65535 (0: any free port)")
            }
            port = p
        case "--open": open = true
        case "--screen":
            i += 1
            guard i < args.count else { usageError("`--screen` needs a preset name (`scene presets` lists them)") }
            guard ScreenPreset.names.contains(args[i]) else {
                let s = Suggest.closest(to: args[i], among: ScreenPreset.names)
                usageError("unknown screen preset `\(args[i])`" + (s.map { "; did you mean `\($0)`?" } ?? "; `scene presets` lists them"))
            }
            screen = args[i]
        default:
            if a.hasPrefix("-") { usageError("unknown option `\(a)`") }
            if path != nil { usageError("`scene watch` takes one file") }
            path = a
        }
        i += 1
    }
    guard let path else { usageError("`scene watch` needs a file") }
    guard path != "-" else { usageError("`scene watch` follows a file on disk, not standard input") }
    let live = Live(file: load(path))
    let server: WatchServer
    do { server = try WatchServer(live: live, port: port, defaultScreen: screen) } catch {
        fail(error.message + (error == .portInUse(port) ? "; choose another with `--port N` (0: any free port)" : ""), Exit.unavailable)
    }
    Console.out("scene watch: \(server.url) (\(path); Ctrl-C stops)\n")
    tell(live, first: true)
    // Ctrl-C, SIGTERM and SIGHUP end the server, whatever mask or disposition a parent left.
    var set = sigset_t()
    sigemptyset(&set)
    for s in [SIGINT, SIGTERM, SIGHUP] { signal(s, SIG_DFL); sigaddset(&set, s) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    if open { openInBrowser(server.url) }
    server.run(watching: path, read: {
        if case .success(let bytes) = Console.read(path) { return SourceFile(name: path, bytes: bytes) }
        return nil
    }, changed: { tell(live, first: false) })
}

/// What the terminal is told of each version of the watched file, on stderr: its errors in
/// full (as `scene run` prints them; the page shows them too, over the last good picture),
/// or one line when it compiles. At start, only errors: the URL line has been printed.
func tell(_ live: Live, first: Bool) {
    let (c, findings) = live.findings(screen: nil)
    let errors = c.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
        report(errors, in: live.file)
        let n = errors.count
        Console.err("scene watch: version \(live.version): \(n) error\(n == 1 ? "" : "s"); the page keeps the last picture that compiled\n")
    } else if !first {
        let n = findings.filter { $0.severity == .warning }.count
        Console.err("scene watch: version \(live.version) drawn, \(n) warning\(n == 1 ? "" : "s")\n")
    }
}

/// The desktop's opener (`open` on macOS, `xdg-open` elsewhere), when there is one.
func openInBrowser(_ url: String) {
    #if os(macOS)
    let opener = "open"
    #else
    let opener = "xdg-open"
    #endif
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
    defer { for a in argv { free(a) } }
    if posix_spawnp(&pid, opener, nil, nil, argv, environ) != 0 {
        Console.err("scene watch: no `\(opener)` to open the page; open \(url) in a browser\n")
    }
}

/// What the REPL's `:watch` starts.
func livePage() -> any PagePublisher { WatchFeed() }

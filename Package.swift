// swift-tools-version:6.0
import PackageDescription
import Foundation

// Release executables are static (`-static-executable`): the Swift runtime, Foundation,
// readline and glibc are inside, so a run maps one file, resolves no symbols and applies
// no relocations. Loading shared libraries and relocating a position-independent image
// cost ~3 ms of a small scene's ~5 ms (scripts/bench). The modules that import Foundation
// are compiled with the flag too, so they link its static parts. Static readline needs
// its terminal library named (`tinfo`, from libncurses-dev, which libreadline-dev pulls in).
//
// glibc's user and group look-ups (NSS: getpwnam, getpwuid_r, getgrgid_r, … — the link
// warns of them) load the host's NSS modules into a static executable at run time, and one
// (libnss_systemd, asked about an id with no /etc/passwd entry) crashed it. They come from
// readline (`~name`, username completion, its home directory), CoreFoundation and
// FoundationEssentials (a file's owner and group names, the home directory). `scene`
// reaches none of them (OutputFile and Console are plain system calls); the REPL sets
// files-only look-ups and $HOME from /etc/passwd first (Console.lookUpUsersInFilesOnly,
// ensureHome). scripts/release-smoke checks both as an id with no entry, and traces them.
//
// Not position-independent (`-static-pie`), measured 2026-11-30 on swift 6.3.1 (glibc
// 2.36): the default linker here, gold, cannot link one (`--no-dynamic-linker: unknown
// option`); lld can, but SwiftPM's `-rpath=$ORIGIN` makes glibc's start-up assert
// (static PIE forbids DT_RUNPATH: `swift build --disable-local-rpath` would be needed),
// and without it the image applies 78,794 relative relocations at every start:
// `scene run examples/map.scene --svg -o F`, perf stat -r 200, 4 interleaved rounds on a
// loaded machine: 251 → 497 page faults, 1.6–2.4 → 2.1–2.4 ms CPU (packed RELR
// relocations: 471 faults, 2.2–3.0 ms). A cost on every run for address randomisation of
// a tool that reads local files: not adopted.
let staticStdlib: [LinkerSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release)),
                                     .linkedLibrary("tinfo", .when(configuration: .release))]
let staticStdlibSwift: [SwiftSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release))]

// Release code asks for a concrete generic type's metadata through its accessor, not by
// mangled name: looking a name up demangles it and scans every protocol conformance in
// the (static, Foundation-sized) executable for each requirement, ~40% of a small
// scene's run the first time each type is met. Measured 2026-11-30 (swift 6.3.1), the
// same sources built with and without it, perf stat -r 200, 4 interleaved rounds:
// `scene run examples/map.scene --svg -o F` 1.32–1.65 ms CPU with it, 1.83–2.22 without
// (output identical); `scene bench` of the 100k list: 66.4 vs 66.7 ms best of 5 (no
// difference on big scenes).
// The flag is undocumented (a frontend flag, not a driver option), so a new toolchain
// may reject it: scripts/release-smoke tries it on a one-line file before building and
// then says so. To drop it, make `metadataAccessors` empty (`[]`): everything works the
// same without it, small runs ~0.4 ms slower.
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

// The Swift reader (`scene check View.swift`) parses with swift-syntax as the toolchain ships it:
// the SwiftSyntax and SwiftParser modules and shared libraries in the toolchain's
// `lib/swift/host`, beside `bin/swift` (docs/swift-check.md: why this and not a fetched
// swift-syntax package, measured). It links them, so it cannot be static: the reader is its
// own executable, `scene-swift`, which `scene` hands `.swift` inputs to. SCENE_SWIFT_HOST
// names another folder; `swift build` finds the toolchain from `swift` on the PATH.
func toolchainHost() -> String {
    let env = ProcessInfo.processInfo.environment
    if let given = env["SCENE_SWIFT_HOST"], !given.isEmpty { return given }
    for dir in (env["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
        let host = swift.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/host")
        if FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftParser.swiftmodule").path) {
            return host.path
        }
    }
    // macOS: `/usr/bin/swift` is a shim; Xcode's own toolchain holds the modules (for macros).
    let developer = env["DEVELOPER_DIR"] ?? "/Applications/Xcode.app/Contents/Developer"
    let xcode = developer + "/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host"
    if FileManager.default.fileExists(atPath: xcode) { return xcode }
    return "/opt/swift/usr/lib/swift/host"
}
let host = toolchainHost()
let swiftSyntaxSettings: [SwiftSetting] = [.unsafeFlags(["-I", host])]
let swiftSyntaxLinking: [LinkerSetting] = [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]),
                                           .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser")]

let package = Package(
    name: "SceneLang",
    products: [
        .library(name: "SceneLang", targets: ["SceneLang"]),
        .library(name: "SceneEval", targets: ["SceneEval"]),
        .executable(name: "scene", targets: ["scene"]),
        .executable(name: "scene-repl", targets: ["scene-repl"]),
        .executable(name: "scene-swift", targets: ["scene-swift"]),
        // `scene check` for an app's SwiftUI targets (docs/swift-check.md): inline on every
        // build, and `swift package scene-check [--fix]`.
        .plugin(name: "SceneCheckBuild", targets: ["SceneCheckBuild"]),
        .plugin(name: "SceneCheckCommand", targets: ["SceneCheckCommand"]),
        .executable(name: "scene-raster", targets: ["scene-raster"]),
    ],
    targets: [
        // Source files, tokens, lexer, AST, parser, diagnostics and their rendering.
        .target(name: "SceneLang", swiftSettings: metadataAccessors, linkerSettings: [.linkedLibrary("m")]),
        // Layout, container resolution, per-corner radii, text / JSON / SVG writers.
        .target(name: "SceneEval", dependencies: ["SceneLang", "CPrefetch"], swiftSettings: metadataAccessors),
        // A cache prefetch hint (Swift has none): one static inline C function.
        .target(name: "CPrefetch", path: "Sources/CPrefetch"),
        // GNU readline (Debian: libreadline-dev), reached through a small C shim.
        .systemLibrary(name: "CReadline", path: "Sources/CReadline",
                       providers: [.apt(["libreadline-dev"])]),
        // librsvg + cairo for `-o x.png` / `-o x.pdf`, loaded at run time (dlopen) by a small C
        // shim, so `scene` builds and runs where they are absent (docs/raster.md).
        .target(name: "CRsvg", path: "Sources/CRsvg",
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "SceneRaster", dependencies: ["CRsvg"], swiftSettings: staticStdlibSwift + metadataAccessors),
        // What the static release `scene` runs to draw PNG and PDF: a dynamic executable,
        // since glibc cannot load librsvg into a static process (docs/raster.md).
        .executableTarget(name: "scene-raster", dependencies: ["CRsvg"]),
        // `scene watch`: file notification (inotify, kqueue) in a small C target, and the
        // live page's server, its routes and the page itself.
        .target(name: "CWatch", path: "Sources/CWatch"),
        .target(name: "SceneWatch", dependencies: ["SceneLang", "SceneEval", "SceneREPL", "CWatch"],
                swiftSettings: staticStdlibSwift + metadataAccessors),
        // Output files written whole or not at all, and devices and pipes straight
        // (`OutputFile`): `scene`, the REPL and `scene-swift` alike.
        .target(name: "CFiles", path: "Sources/CFiles"),
        .target(name: "SceneFiles", dependencies: ["CFiles"], swiftSettings: metadataAccessors),
        // The REPL session: a value-level engine (testable) plus the terminal loop.
        // The REPL's signal flags, compiled once (static inline in a header, each module had its own).
        .target(name: "CSignals", path: "Sources/CSignals"),
        .target(name: "SceneREPL", dependencies: ["SceneLang", "SceneEval", "SceneFiles", "CReadline", "CSignals"],
                swiftSettings: staticStdlibSwift + metadataAccessors),
        // The language server (`scene lsp`): JSON-RPC over any byte stream, testable in-process.
        .target(name: "SceneLSP", dependencies: ["SceneLang", "SceneEval", "SceneREPL", "SceneWatch"],
                swiftSettings: staticStdlibSwift + metadataAccessors),
        .executableTarget(name: "scene", dependencies: ["SceneLang", "SceneEval", "SceneREPL", "SceneLSP", "SceneRaster", "SceneWatch"],
                          swiftSettings: staticStdlibSwift + metadataAccessors, linkerSettings: staticStdlib),
        .executableTarget(name: "scene-repl", dependencies: ["SceneREPL", "SceneWatch"],
                          swiftSettings: staticStdlibSwift + metadataAccessors, linkerSettings: staticStdlib),
        // SwiftUI source in, the same scene model out: `scene check View.swift` (docs/swift-check.md).
        .target(name: "SceneSwift", dependencies: ["SceneLang", "SceneEval"],
                swiftSettings: swiftSyntaxSettings, linkerSettings: swiftSyntaxLinking),
        // `scene check|run|import` of `.swift` files: dynamic (the toolchain's swift-syntax).
        .executableTarget(name: "scene-swift", dependencies: ["SceneLang", "SceneEval", "SceneSwift", "SceneFiles"],
                          swiftSettings: swiftSyntaxSettings, linkerSettings: swiftSyntaxLinking),
        .plugin(name: "SceneCheckBuild", capability: .buildTool(), dependencies: ["scene-swift"]),
        .plugin(name: "SceneCheckCommand",
                capability: .command(intent: .custom(verb: "scene-check", description: "check the corners of the package's SwiftUI views"),
                                     permissions: [.writeToPackageDirectory(reason: "`--fix` rewrites radius expressions in place")]),
                dependencies: ["scene-swift"]),
        // Shared by the test targets: golden files (one record switch), a seeded generator.
        .target(name: "SceneTestSupport", path: "Tests/SceneTestSupport"),
        .testTarget(name: "SceneLangTests", dependencies: ["SceneLang", "SceneTestSupport"]),
        .testTarget(name: "SceneEvalTests", dependencies: ["SceneLang", "SceneEval", "SceneRaster", "SceneTestSupport"]),
        .testTarget(name: "SceneSwiftTests", dependencies: ["SceneLang", "SceneEval", "SceneSwift", "SceneTestSupport"],
                    swiftSettings: swiftSyntaxSettings, linkerSettings: swiftSyntaxLinking),
        .testTarget(name: "SceneToolTests", dependencies: ["SceneLang", "SceneEval", "SceneFiles", "SceneREPL", "SceneLSP", "SceneWatch", "scene", "scene-repl", "scene-swift", "scene-raster", "SceneTestSupport"]),
    ]
)

// swift-tools-version:6.0
import PackageDescription

// Release executables are static (`-static-executable`): the Swift runtime, Foundation,
// readline and glibc are inside, so a run maps one file, resolves no symbols and applies
// no relocations. Loading shared libraries and relocating a position-independent image
// cost ~3 ms of a small scene's ~5 ms (scripts/bench). The modules that import Foundation
// are compiled with the flag too, so they link its static parts. Static readline needs
// its terminal library named (`tinfo`, from libncurses-dev, which libreadline-dev pulls in).
let staticStdlib: [LinkerSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release)),
                                     .linkedLibrary("tinfo", .when(configuration: .release))]
let staticStdlibSwift: [SwiftSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release))]

// Release code asks for a concrete generic type's metadata through its accessor, not by
// mangled name: looking a name up demangles it and scans every protocol conformance in
// the (static, Foundation-sized) executable for each requirement, ~40% of a small
// scene's run the first time each type is met.
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

let package = Package(
    name: "SceneLang",
    products: [
        .library(name: "SceneLang", targets: ["SceneLang"]),
        .library(name: "SceneEval", targets: ["SceneEval"]),
        .executable(name: "scene", targets: ["scene"]),
        .executable(name: "scene-repl", targets: ["scene-repl"]),
    ],
    targets: [
        // Source files, tokens, lexer, AST, parser, diagnostics and their rendering.
        .target(name: "SceneLang", swiftSettings: metadataAccessors, linkerSettings: [.linkedLibrary("m")]),
        // Layout, container resolution, per-corner radii, text / JSON / SVG writers.
        .target(name: "SceneEval", dependencies: ["SceneLang"], swiftSettings: metadataAccessors),
        // GNU readline (Debian: libreadline-dev), reached through a small C shim.
        .systemLibrary(name: "CReadline", path: "Sources/CReadline",
                       providers: [.apt(["libreadline-dev"])]),
        // The REPL session: a value-level engine (testable) plus the terminal loop.
        .target(name: "SceneREPL", dependencies: ["SceneLang", "SceneEval", "CReadline"],
                swiftSettings: staticStdlibSwift + metadataAccessors),
        // The language server (`scene lsp`): JSON-RPC over any byte stream, testable in-process.
        .target(name: "SceneLSP", dependencies: ["SceneLang", "SceneEval", "SceneREPL"],
                swiftSettings: staticStdlibSwift + metadataAccessors),
        .executableTarget(name: "scene", dependencies: ["SceneLang", "SceneEval", "SceneREPL", "SceneLSP"],
                          swiftSettings: staticStdlibSwift + metadataAccessors, linkerSettings: staticStdlib),
        .executableTarget(name: "scene-repl", dependencies: ["SceneREPL"],
                          swiftSettings: staticStdlibSwift + metadataAccessors, linkerSettings: staticStdlib),
        // Shared by the test targets: golden files (one record switch), a seeded generator.
        .target(name: "SceneTestSupport", path: "Tests/SceneTestSupport"),
        .testTarget(name: "SceneLangTests", dependencies: ["SceneLang", "SceneTestSupport"]),
        .testTarget(name: "SceneEvalTests", dependencies: ["SceneLang", "SceneEval", "SceneTestSupport"]),
        .testTarget(name: "SceneToolTests", dependencies: ["SceneLang", "SceneEval", "SceneREPL", "SceneLSP", "scene", "scene-repl", "SceneTestSupport"]),
    ]
)

import SceneLang

/// What the REPL's `:watch` starts: `scene watch`'s page following the REPL's scene
/// (SceneWatch's `WatchFeed`, handed in by the executable: SceneREPL cannot depend on it).
public protocol PagePublisher: Sendable {
    /// The page's address once started.
    var address: String? { get }
    /// Starts the server with `file` on 127.0.0.1:`port` (0: any free port); its address or why not.
    func start(_ file: SourceFile, port: Int) -> Result<String, PageStartError>
    /// The scene as it is now (after an edit): the page redraws.
    func post(_ file: SourceFile)
}

public struct PageStartError: Error, Sendable { public var message: String; public init(_ m: String) { message = m } }

extension Shell {
    /// `:watch [PORT]`: start the live page (once), or say where it is.
    func watchPage(_ arg: String) -> Reply {
        guard let page = settings.page else { return .error("this REPL was started without the live page (`scene repl` has it)") }
        if let url = page.address { return Reply(out: "the page follows this scene at \(url)\n") }
        var port = 0
        if !arg.isEmpty {
            guard let p = Int(arg), (0...65535).contains(p) else { return .error("`:watch` takes a port number from 0 to 65535") }
            port = p
        }
        switch page.start(session.file, port: port) {
        case .success(let url): return Reply(out: "the page follows this scene at \(url) (open it in a browser)\n")
        case .failure(let e): return .error("cannot start the page: \(e.message)")
        }
    }
}

import SceneLang
import SceneREPL
import SceneWatch

/// The command `scene.watch` (`workspace/executeCommand`, its argument the document's URI):
/// starts `scene watch`'s page for that document on 127.0.0.1 and answers its address
/// (`{"url": …}`); the page then follows the document as it is edited, unsaved changes
/// included. An editor shows or opens the address (docs/editors.md).
struct LivePages {
    static let command = "scene.watch"
    var pages: [String: WatchFeed] = [:]

    func post(_ uri: String, _ file: SourceFile) { pages[uri]?.post(file) }
}

extension Server {
    func executeCommand(_ params: JSON) -> Result<JSON, RPCError> {
        guard params["command"]?.string == LivePages.command else {
            return .failure(.params("the only command is `\(LivePages.command)`"))
        }
        let argument = params["arguments"]?.array?.first
        guard let uri = argument?.string ?? argument?["uri"]?.string else {
            return .failure(.params("`\(LivePages.command)` takes the document's URI"))
        }
        guard let doc = documents[uri] else { return .failure(.params("`\(uri)` is not open")) }
        // A SwiftUI file is not a scene: its page would show the Swift's parse errors.
        guard !doc.isSwift else {
            return .failure(.params("`\(LivePages.command)` shows a scene; for a SwiftUI file, `scene import FILE.swift -o FILE.scene` writes one to watch"))
        }
        if let url = pages.pages[uri]?.address { return .success(["url": JSON(url)]) }
        let feed = WatchFeed()
        switch feed.start(doc.file, port: 0) {
        case .success(let url):
            pages.pages[uri] = feed
            return .success(["url": JSON(url)])
        case .failure(let e):
            return .failure(RPCError(code: RPCError.requestFailed, message: "cannot start the page: \(e.message)"))
        }
    }
}

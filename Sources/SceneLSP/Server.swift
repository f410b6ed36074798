import SceneLang
import SceneEval

/// What the server needs from where it runs.
public struct ServerOptions: Sendable {
    /// The `docs/` folder, for `codeDescription` links to each rule's section.
    public var docsDirectory: String?
    /// Overrides the links' base (`https://…/docs/`); else `file://` links into `docsDirectory`.
    public var docsBaseURL: String?
    /// Reads open `.swift` documents (SwiftUI views) for their findings; none: they get none.
    public var swiftReader: (any SwiftReader)?
    public init(docsDirectory: String? = nil, docsBaseURL: String? = nil, swiftReader: (any SwiftReader)? = nil) {
        self.docsDirectory = docsDirectory
        self.docsBaseURL = docsBaseURL
        self.swiftReader = swiftReader
    }
}

/// A JSON-RPC error: the code and message sent back for one request.
struct RPCError: Error {
    var code: Int
    var message: String
    static let parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    static let serverNotInitialized = -32002, requestFailed = -32803
    static func params(_ m: String) -> RPCError { RPCError(code: invalidParams, message: m) }
}

/// The language server: messages in, messages out. It never prints and never
/// exits; `LSPMain` moves the bytes and `exitCode` says when to stop.
public final class Server {
    /// Set by the `exit` notification: 0 after `shutdown`, else 1.
    public private(set) var exitCode: Int32? = nil
    var initialized = false
    var shuttingDown = false
    var encoding: PositionEncoding = .utf16
    var documents: [String: Document] = [:]
    /// `scene.watch`: a live page per document that asked, following its text.
    var pages = LivePages()
    /// Documents changed since their diagnostics were last published.
    var unpublished: Set<String> = []
    /// The client pulls diagnostics (`textDocument/diagnostic`): none are pushed.
    var pulls = false
    var links: DocLinks
    let swiftReader: (any SwiftReader)?
    /// Messages for the client not answering anything (`window/showMessage`), sent with the next flush.
    var messages: [JSON] = []
    var told: Set<String> = []

    public init(options: ServerOptions = ServerOptions()) {
        links = DocLinks(directory: options.docsDirectory, base: options.docsBaseURL)
        swiftReader = options.swiftReader
    }

    /// A header block that could not be read: one error response (id null), and on.
    public func badFrame(_ reason: String) -> [JSON] { [Self.badFrameReply(reason)] }

    public static func badFrameReply(_ reason: String) -> JSON {
        error(id: .null, RPCError(code: RPCError.parseError, message: "bad message header: \(reason)"))
    }

    /// One message body: the messages to send back (responses, notifications).
    public func receive(_ body: [UInt8]) -> [JSON] {
        guard let message = JSON.parse(body) else {
            return [Self.error(id: .null, RPCError(code: RPCError.parseError, message: "the message is not valid JSON"))]
        }
        guard case .object(let m) = message else {
            return [Self.error(id: .null, RPCError(code: RPCError.invalidRequest, message: "a message must be a JSON object"))]
        }
        let id = m["id"]
        guard let method = m["method"]?.string else {
            // A response to a request of ours (we send none), or nonsense with an id.
            if m["result"] != nil || m["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, RPCError(code: RPCError.invalidRequest, message: "a request needs a `method`"))]
        }
        let params = m["params"] ?? .null
        guard let id else {
            notify(method, params)
            return []
        }
        switch id {
        case .number, .string: break
        default: return [Self.error(id: .null, RPCError(code: RPCError.invalidRequest, message: "a request id is a number or a string"))]
        }
        // Diagnostics still owed go out before the server stops listening.
        let owed = method == "shutdown" && initialized && !shuttingDown ? takeUnpublished().map(publication) : []
        switch request(method, params) {
        case .success(let result): return owed + [["jsonrpc": "2.0", "id": id, "result": result]]
        case .failure(let e): return [Self.error(id: id, e)]
        }
    }

    static func error(id: JSON, _ e: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": JSON(e.code), "message": JSON(e.message)]]
    }

    /// `textDocument/publishDiagnostics` for every document changed since the
    /// last call, as message bodies: the transport calls this when no more
    /// input is waiting, so a burst of edits is evaluated once. The bodies are
    /// written straight to bytes (`publicationBody`): on a large scene a publish
    /// carries thousands of diagnostics.
    public func flush() -> [[UInt8]] {
        var bodies = takeUnpublished().map(publicationBody)
        bodies += messages.map(\.bytes)
        messages.removeAll()
        return bodies
    }

    /// The documents changed since diagnostics were last published, sorted; none after.
    func takeUnpublished() -> [String] {
        defer { unpublished.removeAll() }
        return pulls ? [] : unpublished.sorted()
    }

    // MARK: - Notifications

    func notify(_ method: String, _ params: JSON) {
        if method == "exit" { exitCode = shuttingDown ? 0 : 1; return }
        guard initialized, !shuttingDown else { return }
        let uri = params["textDocument"]?["uri"]?.string
        switch method {
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.string else { return }
            documents[uri] = Document(uri: uri, version: params["textDocument"]?["version"]?.int ?? 0, text: text,
                                      swift: Document.isSwift(uri: uri, languageId: params["textDocument"]?["languageId"]?.string))
            unpublished.insert(uri)
        case "textDocument/didChange":
            guard let uri, let doc = documents[uri] else { return }
            // Full sync: the last change holds the whole text.
            guard let text = params["contentChanges"]?.array?.last?["text"]?.string else { return }
            doc.replace(text: text, version: params["textDocument"]?["version"]?.int ?? doc.version + 1)
            unpublished.insert(uri)
            pages.post(uri, doc.file)
        case "textDocument/didClose":
            guard let uri else { return }
            documents[uri] = nil
            unpublished.insert(uri)
        default:
            break  // initialized, didSave, $/cancelRequest, $/setTrace, …: nothing to do
        }
    }

    // MARK: - Requests

    func request(_ method: String, _ params: JSON) -> Result<JSON, RPCError> {
        if method == "initialize" { return .success(initialize(params)) }
        guard initialized else {
            return .failure(RPCError(code: RPCError.serverNotInitialized, message: "`initialize` must come first"))
        }
        if shuttingDown {
            return .failure(RPCError(code: RPCError.invalidRequest, message: "the server is shutting down"))
        }
        if method == "shutdown" { shuttingDown = true; return .success(.null) }
        if method == "workspace/executeCommand" { return executeCommand(params) }
        guard let handler = handler(method) else {
            return .failure(RPCError(code: RPCError.methodNotFound, message: "method `\(method)` is not supported"))
        }
        guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.params("`textDocument.uri` is missing")) }
        guard let doc = documents[uri] else { return .failure(.params("`\(uri)` is not open")) }
        // A Swift document has diagnostics only: the rest is the Swift language server's.
        if doc.isSwift, method != "textDocument/diagnostic" { return .success(.null) }
        return handler(doc, params)
    }

    func handler(_ method: String) -> ((Document, JSON) -> Result<JSON, RPCError>)? {
        switch method {
        case "textDocument/hover": return hover
        case "textDocument/inlayHint": return inlayHints
        case "textDocument/completion": return completion
        case "textDocument/definition": return definition
        case "textDocument/documentSymbol": return documentSymbols
        case "textDocument/formatting": return formatting
        case "textDocument/codeAction": return codeActions
        case "textDocument/diagnostic": return pullDiagnostics
        default: return nil
        }
    }

    func initialize(_ params: JSON) -> JSON {
        initialized = true
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        pulls = params["capabilities"]?["textDocument"]?["diagnostic"] != nil
        if let base = params["initializationOptions"]?["docsBaseURL"]?.string { links.base = base }
        let capabilities: JSON = [
            "positionEncoding": JSON(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 1],
            "hoverProvider": true,
            "inlayHintProvider": true,
            "completionProvider": ["triggerCharacters": [":", "(", ","]],
            "definitionProvider": true,
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll"]],
            "executeCommandProvider": ["commands": [JSON(LivePages.command)]],
            "diagnosticProvider": ["identifier": "scene", "interFileDependencies": false, "workspaceDiagnostics": false],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "scene lsp", "version": "0.1.0"]]
    }

    /// `textDocument/diagnostic` (pull diagnostics, LSP 3.17): the diagnostics a publish
    /// would carry, with a `resultId` that names the list (a hash of its bytes); asked again
    /// with that id as `previousResultId` while the list is the same, it answers
    /// `unchanged`, and sends none.
    func pullDiagnostics(_ doc: Document, _ params: JSON) -> Result<JSON, RPCError> {
        let (items, id) = doc.pulled(encoding) { self.items(of: doc) }
        if params["previousResultId"]?.string == id { return .success(["kind": "unchanged", "resultId": JSON(id)]) }
        return .success(["kind": "full", "resultId": JSON(id), "items": .encoded(items)])
    }
}

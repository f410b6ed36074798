/// What `scene lsp` keeps so that a crashed server process can be replaced
/// without losing the session: the `initialize` request, the open documents'
/// latest text, and the requests still waiting for an answer. The executable
/// runs the server in a child process, passes messages through this log, and
/// when the child dies answers the waiting requests with an error and starts a
/// new child with `replay()`.
public struct SessionLog: Sendable {
    var initialize: JSON? = nil
    var documents: [String: (version: Int, text: String, language: String)] = [:]
    var order: [String] = []
    /// Client requests sent to the server and not answered yet.
    public private(set) var waiting: [JSON] = []
    /// `shutdown` or `exit` was sent: the server is expected to stop.
    public private(set) var ending = false
    /// Ids of the requests `replay()` made (their answers are not for the client).
    var replayIDs: Set<String> = []
    var replays = 0

    public init() {}

    /// A message from the client, before it goes to the server.
    public mutating func fromClient(_ m: JSON) {
        let method = m["method"]?.string ?? ""
        if let id = m["id"], m["method"] != nil { waiting.append(id) }
        let doc = m["params"]?["textDocument"]
        switch method {
        case "initialize": initialize = m
        case "shutdown", "exit": ending = true
        case "textDocument/didOpen":
            guard let uri = doc?["uri"]?.string, let text = doc?["text"]?.string else { return }
            if documents[uri] == nil { order.append(uri) }
            documents[uri] = (doc?["version"]?.int ?? 0, text, doc?["languageId"]?.string ?? "scene")
        case "textDocument/didChange":
            guard let uri = doc?["uri"]?.string, let text = m["params"]?["contentChanges"]?.array?.last?["text"]?.string else { return }
            documents[uri] = (doc?["version"]?.int ?? (documents[uri]?.version ?? 0) + 1, text, documents[uri]?.language ?? "scene")
        case "textDocument/didClose":
            guard let uri = doc?["uri"]?.string else { return }
            documents[uri] = nil
            order.removeAll { $0 == uri }
        default: break
        }
    }

    /// A message body from the server: whether the client should see it (then
    /// as it is: only its `id` and whether it has a `method` are read, so a
    /// publish of thousands of diagnostics is not parsed again). A body that is
    /// not a JSON object is dropped.
    public mutating func fromServer(body: [UInt8]) -> Bool {
        guard let m = JSON.members(["id", "method"], of: body) else { return false }
        return fromServer(.object(m))
    }

    /// A message from the server: whether the client should see it.
    public mutating func fromServer(_ m: JSON) -> Bool {
        guard m["method"] == nil, let id = m["id"] else { return true }
        if replayIDs.remove(id.serialized) != nil { return false }
        waiting.removeAll { $0 == id }
        return true
    }

    /// The server died: an error for each request it did not answer.
    public mutating func crashed() -> [JSON] {
        defer { waiting.removeAll() }
        return waiting.map {
            ["jsonrpc": "2.0", "id": $0, "error": ["code": -32603, "message": "internal error: the server stopped on this request and was restarted; the session goes on"]]
        }
    }

    /// What a new server needs to carry on: `initialize`, `initialized`, and
    /// every open document as it is now.
    public mutating func replay() -> [JSON] {
        guard var first = initialize?.object else { return [] }
        replays += 1
        let id = JSON("scene-replay-\(replays)")
        first["id"] = id
        replayIDs.insert(id.serialized)
        var out: [JSON] = [.object(first), ["jsonrpc": "2.0", "method": "initialized", "params": [:]]]
        for uri in order {
            guard let d = documents[uri] else { continue }
            out.append(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": JSON(uri), "languageId": JSON(d.language), "version": JSON(d.version), "text": JSON(d.text)]]])
        }
        return out
    }
}

import SceneLang
import SceneEval

/// What reads Swift source for the server: the findings `scene check FILE.swift` gives
/// (SwiftUI views read by swift-syntax), at byte ranges of the text. The server library
/// does not link swift-syntax; the `scene` executable passes one that asks `scene-swift`.
public protocol SwiftReader: AnyObject, Sendable {
    /// The findings for Swift source `text` (named `name`), or why Swift cannot be read.
    func check(name: String, text: [UInt8]) -> Result<[Diagnostic], SwiftReaderError>
}

public struct SwiftReaderError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Document {
    /// A Swift document (by its language id, else its name): its diagnostics come from the
    /// Swift reader, and the scene features (hover, hints, completion, …) answer nothing.
    static func isSwift(uri: String, languageId: String?) -> Bool {
        languageId.map { $0 == "swift" } ?? uri.hasSuffix(".swift")
    }
}

extension Server {
    /// The diagnostics of `doc`: the scene pipeline's, or for a Swift document the reader's
    /// (asked once per version of the text). A reader that cannot read Swift leaves the
    /// list empty and says why once, in a `window/showMessage`.
    func diagnostics(_ doc: Document) -> DiagnosticList {
        guard doc.isSwift else { return doc.analysis.diagnostics }
        if let cached = doc.swiftDiagnostics { return DiagnosticList(built: cached) }
        var found: [Diagnostic] = []
        if let reader = swiftReader {
            switch reader.check(name: doc.file.name, text: doc.file.bytes) {
            case .success(let ds): found = ds
            case .failure(let e): tell(e.message)
            }
        } else {
            tell("this `scene lsp` cannot read Swift: `scene-swift` is not beside it")
        }
        doc.swiftDiagnostics = found
        return DiagnosticList(built: found)
    }

    /// A warning shown once a session (`window/showMessage`).
    func tell(_ message: String) {
        guard !told.contains(message) else { return }
        told.insert(message)
        messages.append(["jsonrpc": "2.0", "method": "window/showMessage", "params": ["type": 2, "message": JSON(message)]])
    }
}

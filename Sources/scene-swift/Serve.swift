// `scene-swift serve`: the Swift reader for `scene lsp`, which cannot link swift-syntax
// (it is a static executable): the language server starts this once and sends it each
// open `.swift` document as it changes; it answers with the findings `scene check` gives.
//
// Over standard input and output, one request and one answer at a time:
//   request  `NAME_BYTES TEXT_BYTES\n`, then the name (the file's path) and the text
//   answer   `JSON_BYTES\n`, then `{"diagnostics":[{"code","message","help"?,"notes",
//            "start","end"}, …]}`, where start and end are byte offsets into the text
// A text that names no shape the reader reads (`Prefilter`) is not parsed: no findings.
import Foundation
import SceneLang
import SceneEval
import SceneSwift

func serveCommand(_ args: [String]) -> Int32 {
    guard args.isEmpty else { usageError("`serve` takes no arguments") }
    var input = FramedInput(fd: 0)
    while let (name, text) = input.request() {
        let file = SourceFile(name: name, bytes: text)
        var diagnostics: [Diagnostic] = []
        if Prefilter.isCandidate(file.bytes) {
            diagnostics = SwiftRead([file]).check().first?.diagnostics ?? []
        }
        var body = "{\"diagnostics\":["
        for (k, d) in diagnostics.enumerated() {
            if k > 0 { body += "," }
            body += "{\"code\":\(JSONWriter.string(d.code)),\"message\":\(JSONWriter.string(d.message))"
            if let h = d.help { body += ",\"help\":\(JSONWriter.string(h))" }
            body += ",\"notes\":[" + d.notes.map(JSONWriter.string).joined(separator: ",") + "]"
            body += ",\"start\":\(d.range.start),\"end\":\(d.range.end)}"
        }
        body += "]}"
        let bytes = Array(body.utf8)
        // (When the server has gone, the write ends this process: SIGPIPE.)
        FileHandle.standardOutput.write(Data(Array("\(bytes.count)\n".utf8) + bytes))
    }
    return 0
}

/// Requests read from a file descriptor: a header line of two numbers, then that many bytes.
struct FramedInput {
    let fd: Int32
    var buffer: [UInt8] = []
    var start = 0

    /// The next request, or nil at the end of the input (or on a malformed header).
    mutating func request() -> (String, [UInt8])? {
        guard let header = line(), case let parts = header.split(separator: " "), parts.count == 2,
              let n = Int(parts[0]), let t = Int(parts[1]), n >= 0, t >= 0, n <= 1 << 16, t <= 256 << 20,
              let name = bytes(n), let text = bytes(t) else { return nil }
        return (String(decoding: name, as: UTF8.self), text)
    }

    mutating func line() -> String? {
        while true {
            if let nl = buffer[start...].firstIndex(of: 10) {
                defer { start = nl + 1 }
                return String(decoding: buffer[start..<nl], as: UTF8.self)
            }
            guard fill() else { return nil }
        }
    }

    mutating func bytes(_ n: Int) -> [UInt8]? {
        while buffer.count - start < n { guard fill() else { return nil } }
        defer { start += n }
        return Array(buffer[start..<start + n])
    }

    mutating func fill() -> Bool {
        if start > 0 { buffer.removeFirst(start); start = 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let r = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if r > 0 { buffer += chunk[0..<r]; return true }
            if r < 0, errno == EINTR { continue }
            return false
        }
    }
}

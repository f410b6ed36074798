import Foundation
import SceneLang
import SceneEval

/// Where each diagnostic code is explained: a lint rule's section in
/// `docs/lint.md`, else the section of `docs/diagnostics.md` whose table lists it.
struct DocLinks {
    var base: String?
    /// Code → `page.md#anchor`.
    var anchors: [String: String] = [:]

    init(directory: String?, base: String?) {
        self.base = base ?? directory.map { "file://" + ($0.hasSuffix("/") ? $0 : $0 + "/") }
        guard let directory else { return }
        for page in ["diagnostics.md", "lint.md"] {
            guard let text = try? String(contentsOfFile: directory + "/" + page, encoding: .utf8) else { continue }
            var section: String? = nil
            for line in text.split(separator: "\n") where line.hasPrefix("#") || line.hasPrefix("| `") {
                if line.hasPrefix("#") {
                    section = Self.slug(String(line.drop(while: { $0 == "#" })))
                    // `## \`flared-corner\` / \`pinched-corner\``: each code named by the heading.
                    for code in Self.backticked(String(line)) { anchors[code] = page + "#" + section! }
                } else if let section, let code = Self.backticked(String(line)).first, anchors[code] == nil {
                    anchors[code] = page + "#" + section
                }
            }
        }
    }

    func url(for code: String) -> String? {
        guard let base, let anchor = anchors[code] else { return nil }
        return base + anchor
    }

    /// GitHub's heading anchors: lowercase, punctuation dropped, spaces to `-`.
    static func slug(_ heading: String) -> String {
        var out = ""
        for ch in heading.trimmingCharacters(in: .whitespaces).lowercased() {
            if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" { out.append(ch) } else if ch == " " { out.append("-") }
        }
        return out
    }

    /// The texts between pairs of backticks (one scan of the bytes: this runs
    /// twice for each of thousands of diagnostics).
    static func backticked(_ s: String) -> [String] {
        var out: [String] = []
        var s = s
        s.withUTF8 { u in
            var open: Int? = nil
            for i in u.indices where u[i] == UInt8(ascii: "`") {
                if let o = open {
                    out.append(String(decoding: UnsafeBufferPointer(rebasing: u[(o + 1)..<i]), as: UTF8.self))
                    open = nil
                } else {
                    open = i
                }
            }
        }
        return out
    }
}

extension Server {
    /// A diagnostic as LSP sends it: range, severity, stable code, a link to the
    /// rule's docs, `help:` in the message, notes and the shapes it names as
    /// related locations.
    func lspDiagnostic(_ d: Diagnostic, in doc: Document) -> JSON {
        let p = parts(d, in: doc)
        var o: [String: JSON] = [
            "range": doc.range(d.range, encoding),
            "severity": JSON(p.severity),
            "code": JSON(d.code),
            "source": "scene",
            "message": JSON(p.message),
        ]
        if let href = p.href { o["codeDescription"] = ["href": JSON(href)] }
        if !p.related.isEmpty {
            o["relatedInformation"] = .array(p.related.map {
                ["location": ["uri": JSON(doc.uri), "range": doc.range($0.range, encoding)], "message": JSON($0.message)]
            })
        }
        if !d.fixes.isEmpty { o["data"] = ["fixable": true] }
        return .object(o)
    }

    /// What `lspDiagnostic` says, before it is JSON (the publish writer writes the same).
    func parts(_ d: Diagnostic, in doc: Document) -> (severity: Int, message: String, href: String?,
                                                       related: [(range: SourceRange, message: String)]) {
        var related: [(range: SourceRange, message: String)] = d.notes.map { (d.range, $0) }
        // Shapes and names the message talks about (`card`, `map`): where they are.
        let a = doc.isSwift ? nil : doc.analysis
        for name in a == nil ? [] : DocLinks.backticked(d.message) + DocLinks.backticked(d.help ?? "") {
            guard let target = a?.declaration(of: name), target.start != d.range.start,
                  !related.contains(where: { $0.message.hasPrefix("`\(name)`") }) else { continue }
            related.append((target, "`\(name)` is declared here"))
        }
        return (d.severity == .error ? 1 : d.severity == .warning ? 2 : 3, d.message + (d.help.map { "\nhelp: " + $0 } ?? ""),
                links.url(for: d.code), related)
    }

    /// The most diagnostics sent for a document at once, pushed or pulled (a publish
    /// resends the whole list on every change): past it, the first `publishLimit` and one
    /// more that says how many were left out (`scene check` lists them all).
    static let publishLimit = 1000

    /// The `textDocument/publishDiagnostics` message for `uri`.
    func publication(_ uri: String) -> JSON {
        guard let doc = documents[uri] else {
            return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": JSON(uri), "diagnostics": []]]
        }
        let all = diagnostics(doc)
        var list = all.prefix(Self.publishLimit).map { lspDiagnostic($0, in: doc) }
        if let more = more(all, in: doc) {
            list.append(["message": JSON(more.message), "range": doc.range(more.range, encoding),
                         "severity": JSON(more.severity), "source": "scene"])
        }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                "params": ["uri": JSON(uri), "version": JSON(doc.version), "diagnostics": .array(list)]]
    }

    /// The last item of a list cut at `publishLimit`: at the first one left out, as severe
    /// as the most severe of them (read without building them), saying how many there are
    /// and where to see them all.
    func more(_ all: DiagnosticList, in doc: Document) -> (message: String, range: SourceRange, severity: Int)? {
        guard all.count > Self.publishLimit else { return nil }
        let rest = Self.publishLimit..<all.count
        let severities = Set(rest.map { all.severity(at: $0) })
        let severity = severities.contains(.error) ? 1 : severities.contains(.warning) ? 2 : 3
        let first = all.range(at: Self.publishLimit).start
        return ("\(rest.count) more diagnostics not shown: an editor is sent the first \(Self.publishLimit); "
                + "`scene check \(doc.file.name)` lists them all", SourceRange(first, first), severity)
    }

    /// The diagnostics of `doc` as a JSON array's bytes, cut at `publishLimit` (what a
    /// pull answers, and a publish carries).
    func items(of doc: Document) -> [UInt8] {
        var w = JSONWriter()
        w.raw("[")
        writeItems(of: doc, to: &w)
        w.raw("]")
        return w.out
    }

    /// The items, comma-separated, without the brackets.
    func writeItems(of doc: Document, to w: inout JSONWriter) {
        let all = diagnostics(doc)
        let shown = all.prefix(Self.publishLimit)
        // (About 760 bytes a diagnostic on the grid scene: room for all at once.)
        w.out.reserveCapacity(w.out.count + shown.count * 1024 + 512)
        for (k, d) in shown.enumerated() {
            if k > 0 { w.raw(",") }
            write(d, in: doc, to: &w)
        }
        if let more = more(all, in: doc) {
            w.raw(",{\"message\":")
            w.string(more.message)
            w.raw(",\"range\":")
            w.range(more.range, doc, encoding)
            w.raw(",\"severity\":")
            w.int(more.severity)
            w.raw(",\"source\":\"scene\"}")
        }
    }

    /// The same message written straight to bytes: exactly `publication(uri).bytes`
    /// (keys in sorted order), without building a tree of thousands of values
    /// first (LSPPublishTests compares the two).
    func publicationBody(_ uri: String) -> [UInt8] {
        var w = JSONWriter()
        w.raw("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"diagnostics\":[")
        guard let doc = documents[uri] else {
            w.raw("],\"uri\":")
            w.string(uri)
            w.raw("}}")
            return w.out
        }
        writeItems(of: doc, to: &w)
        w.raw("],\"uri\":")
        w.string(uri)
        w.raw(",\"version\":")
        w.int(doc.version)
        w.raw("}}")
        return w.out
    }

    /// One diagnostic as `lspDiagnostic(d, in: doc).bytes` has it.
    func write(_ d: Diagnostic, in doc: Document, to w: inout JSONWriter) {
        let p = parts(d, in: doc)
        w.raw("{\"code\":")
        w.string(d.code)
        if let href = p.href {
            w.raw(",\"codeDescription\":{\"href\":")
            w.string(href)
            w.raw("}")
        }
        if !d.fixes.isEmpty { w.raw(",\"data\":{\"fixable\":true}") }
        w.raw(",\"message\":")
        w.string(p.message)
        w.raw(",\"range\":")
        w.range(d.range, doc, encoding)
        if !p.related.isEmpty {
            w.raw(",\"relatedInformation\":[")
            for (k, r) in p.related.enumerated() {
                w.raw(k > 0 ? ",{\"location\":{\"range\":" : "{\"location\":{\"range\":")
                w.range(r.range, doc, encoding)
                w.raw(",\"uri\":")
                w.string(doc.uri)
                w.raw("},\"message\":")
                w.string(r.message)
                w.raw("}")
            }
            w.raw("]")
        }
        w.raw(",\"severity\":")
        w.int(p.severity)
        w.raw(",\"source\":\"scene\"}")
    }
}

/// Compact JSON appended to a byte buffer as `JSON.bytes` writes it; the caller
/// writes each object's keys in sorted order.
struct JSONWriter {
    var out: [UInt8] = []

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func string(_ s: String) { JSON.quote(s, to: &out) }

    mutating func int(_ n: Int) { JSON.number(Double(n), to: &out) }

    /// `{"end":{"character":…,"line":…},"start":{…}}`, as `Document.range` gives it.
    mutating func range(_ r: SourceRange, _ doc: Document, _ encoding: PositionEncoding) {
        let (sl, sc) = doc.lineAndCharacter(r.start, encoding), (el, ec) = doc.lineAndCharacter(r.end, encoding)
        raw("{\"end\":{\"character\":")
        int(ec)
        raw(",\"line\":")
        int(el)
        raw("},\"start\":{\"character\":")
        int(sc)
        raw(",\"line\":")
        int(sl)
        raw("}}")
    }
}

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
        var o: [String: JSON] = [
            "range": doc.range(d.range, encoding),
            "severity": JSON(d.severity == .error ? 1 : d.severity == .warning ? 2 : 3),
            "code": JSON(d.code),
            "source": "scene",
            "message": JSON(d.message + (d.help.map { "\nhelp: " + $0 } ?? "")),
        ]
        if let href = links.url(for: d.code) { o["codeDescription"] = ["href": JSON(href)] }
        var related: [JSON] = d.notes.map { note in
            ["location": ["uri": JSON(doc.uri), "range": doc.range(d.range, encoding)], "message": JSON(note)]
        }
        // Shapes and names the message talks about (`card`, `map`): where they are.
        let a = doc.analysis
        for name in DocLinks.backticked(d.message) + DocLinks.backticked(d.help ?? "") {
            guard let target = a.declaration(of: name), target.start != d.range.start,
                  !related.contains(where: { $0["message"]?.string?.hasPrefix("`\(name)`") == true }) else { continue }
            related.append(["location": ["uri": JSON(doc.uri), "range": doc.range(target, encoding)],
                            "message": JSON("`\(name)` is declared here")])
        }
        if !related.isEmpty { o["relatedInformation"] = .array(related) }
        if !d.fixes.isEmpty { o["data"] = ["fixable": true] }
        return .object(o)
    }
}

/// The generated file's lines held to at most 120 columns, as an engineer would break
/// them: a comment is wrapped at spaces under its own marker (`//`, `///`); a trailing
/// comment goes on its own line above the code; a call's arguments go one a line
/// (the leftmost argument list with more than one argument); a closure on one line
/// (`.background { … }`) opens onto its own lines. Applied once to the whole file, so
/// the writer's parts build lines without measuring them.
enum SwiftLines {
    static let limit = 120

    static func fit(_ code: String) -> String {
        var out: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) { fit(String(line), into: &out) }
        return out.joined(separator: "\n")
    }

    static func fit(_ line: String, into out: inout [String]) {
        guard line.count > limit else { out.append(line); return }
        let indent = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(indent.count))
        if body.hasPrefix("//") { return wrapComment(body, indent: indent, into: &out) }
        let chars = Array(body)
        if let c = trailingComment(chars) {
            let code = String(chars[..<c]).trimmingSpaces()
            fit(indent + String(chars[c...]), into: &out)
            return fit(indent + code, into: &out)
        }
        if let (open, close, commas) = argumentList(chars) {
            fit(indent + String(chars[...open]), into: &out)
            var start = open + 1
            for k in commas + [close] {
                let arg = String(chars[start..<k]).trimmingSpaces()
                fit(indent + "    " + arg + (k == close ? "" : ","), into: &out)
                start = k + 1
            }
            return fit(indent + String(chars[close...]), into: &out)
        }
        if let (open, close) = closure(chars) {
            fit(indent + String(chars[...open]).trimmingSpaces(), into: &out)
            fit(indent + "    " + String(chars[(open + 1)..<close]).trimmingSpaces(), into: &out)
            return fit(indent + String(chars[close...]).trimmingSpaces(), into: &out)
        }
        out.append(line)
    }

    /// `// words…` broken at spaces into lines of at most `width` columns, each under the
    /// marker; a `code span` is never broken.
    static func wrapComment(_ body: String, indent: String, width: Int = limit, into out: inout [String]) {
        let marker = body.hasPrefix("///") ? "///" : "//"
        var line = indent + marker
        for word in words(body.dropFirst(marker.count)) {
            if line.count > indent.count + marker.count, line.count + 1 + word.count > width {
                out.append(line)
                line = indent + marker
            }
            line += " " + word
        }
        out.append(line)
    }

    /// The words of a comment, a span in backticks kept as one.
    static func words(_ text: Substring) -> [String] {
        var out: [String] = []
        var open = false
        for word in text.split(separator: " ") {
            if open, let last = out.popLast() { out.append(last + " " + word) } else { out.append(String(word)) }
            if word.filter({ $0 == "`" }).count % 2 == 1 { open.toggle() }
        }
        return out
    }

    /// Where a `//` comment starts after code (outside string literals), if one does.
    static func trailingComment(_ chars: [Character]) -> Int? {
        var inString = false
        for k in chars.indices {
            if chars[k] == "\"" { inString.toggle() }
            if !inString, chars[k] == "/", k + 1 < chars.count, chars[k + 1] == "/", k > 0 { return k }
        }
        return nil
    }

    /// The leftmost parenthesised list with top-level commas: its `(`, `)` and commas.
    static func argumentList(_ chars: [Character]) -> (Int, Int, [Int])? {
        var stack: [(open: Int, commas: [Int])] = []
        var found: (Int, Int, [Int])? = nil
        var inString = false
        for k in chars.indices {
            let c = chars[k]
            if c == "\"" { inString.toggle() }
            if inString { continue }
            if c == "(" || c == "[" { stack.append((k, [])) }
            if c == ",", !stack.isEmpty { stack[stack.count - 1].commas.append(k) }
            if c == ")" || c == "]", let top = stack.popLast(), c == ")", !top.commas.isEmpty {
                if found == nil || top.open < found!.0 { found = (top.open, k, top.commas) }
            }
        }
        return found
    }

    /// A `{ … }` closure on one line: its braces.
    static func closure(_ chars: [Character]) -> (Int, Int)? {
        guard let open = chars.firstIndex(of: "{"), let close = chars.lastIndex(of: "}"), open < close,
              close - open > 2 else { return nil }
        return (open, close)
    }
}

fileprivate extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

// Suppression: a comment that silences a finding where the author has
// decided it is right. One mechanism for every front end: a scene's `#`
// comments and a Swift file's `//` comments are read the same way.
//
//     card: rect 20 < photo: rect 4 pad 8 >   # scene: ignore pinched-corner
//     # scene: ignore pinched-corner, flared-corner -- the photo is clipped
//     # scene: ignore-file missing-minimum
//     // scene:ignore pinched-corner          (Swift, on the line before)
//
// A comment whose text starts `scene:` then `ignore` silences the rules it
// names on one line: its own when code precedes it, else the next line that
// holds code (blank and comment-only lines are skipped, so suppressions
// stack). `ignore-file` silences them in the whole file. Any `--` ends the
// list; what follows is the reason, for readers. A finding is on a line when
// its range starts there.
//
// A suppression that silences nothing is itself reported, as
// `unused-suppression` (so is one that names no rule, an unknown rule or an
// error, which nothing may silence), with a fix that deletes it: a rule
// fixed since, or a typo, does not silence anything for ever after.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLang

/// A comment as a front end found it: its range in the file, from the marker
/// (`#`, `//`) to the end of the line, and that marker.
public struct SourceComment: Sendable, Equatable {
    public var range: SourceRange
    public var marker: String
    public init(range: SourceRange, marker: String) { self.range = range; self.marker = marker }
}

/// The `scene:` directives of one file, and which of them silenced something.
public struct Suppressions: Sendable {
    /// One rule named by one directive.
    struct Rule: Sendable {
        var code: DiagnosticCode?
        var word: String
        var range: SourceRange
        var used = false
    }

    struct Directive: Sendable {
        /// The whole comment.
        var comment: SourceRange
        /// The word after `scene:` (`ignore`, `ignore-file`, or a misspelling).
        var verb: String
        var verbRange: SourceRange
        /// The line silenced; nil for the whole file (or a malformed directive).
        var line: Int?
        /// Whether code precedes the comment on its line.
        var trailing: Bool
        var rules: [Rule]
    }

    let file: SourceFile
    var directives: [Directive] = []
    /// Code → the directives (index) that silence it in the whole file.
    var fileWide: [DiagnosticCode: [Int]] = [:]
    /// Line → the directives that silence something there.
    var byLine: [Int: [Int]] = [:]

    public var isEmpty: Bool { directives.isEmpty }

    /// The directives among `comments` (any order) of `file`. Comments that
    /// are not directives are ignored.
    public init(comments: [SourceComment], in file: SourceFile) {
        self.file = file
        let sorted = comments.sorted { $0.range.start < $1.range.start }
        // Lines holding nothing but a comment: skipped when finding "the next line with code".
        var commentOnly = Set<Int>()
        for c in sorted where Self.onlyBlankBefore(c.range.start, in: file) { commentOnly.insert(Self.line(of: c.range.start, in: file)) }
        for c in sorted {
            guard var d = Self.directive(c, in: file) else { continue }
            let line = Self.line(of: c.range.start, in: file)
            d.trailing = !commentOnly.contains(line)
            if d.verb == "ignore" {
                var next = line
                if !d.trailing {
                    next += 1
                    while next <= file.lineStarts.count, commentOnly.contains(next) || Self.isBlank(next, in: file) { next += 1 }
                }
                d.line = next
            }
            let k = directives.count
            directives.append(d)
            switch d.verb {
            case "ignore": if let l = d.line { byLine[l, default: []].append(k) }
            case "ignore-file": for r in d.rules { if let code = r.code { fileWide[code, default: []].append(k) } }
            default: break
            }
        }
    }

    /// The scene's own comments: every `#` that the lexer reads as a comment
    /// (not a colour). A file with no `scene:` in it has none worth reading.
    public static func scene(_ file: SourceFile) -> Suppressions {
        Suppressions(comments: sceneComments(file), in: file)
    }

    static func sceneComments(_ file: SourceFile) -> [SourceComment] {
        guard contains(file.bytes, Array("scene:".utf8)) else { return [] }
        var lexer = Lexer(file)
        var out: [SourceComment] = []
        var end = file.bodyStart
        func gap(_ to: Int) {
            var i = end
            while i < to {
                if file.bytes[i] == UInt8(ascii: "#") {
                    var j = i
                    while j < to, file.bytes[j] != UInt8(ascii: "\n"), file.bytes[j] != UInt8(ascii: "\r") { j += 1 }
                    out.append(SourceComment(range: SourceRange(i, j), marker: "#"))
                    i = j
                } else { i += 1 }
            }
        }
        while true {
            let t = lexer.next()
            gap(t.range.start)
            end = t.range.end
            if t.kind == .eof { break }
        }
        gap(file.bytes.count)
        return out
    }

    /// Whether `code` at `range` is silenced; the directive that does it counts as used.
    /// `anchor`: where the expression the finding is in starts, when a front end knows it
    /// (a Swift shape written over several lines): a directive for that line silences it too.
    public mutating func silences(_ code: DiagnosticCode, at range: SourceRange, anchor: Int? = nil) -> Bool {
        guard !directives.isEmpty, code.severity != .error else { return false }
        if let ks = fileWide[code] {
            for k in ks { mark(k, code) }
            return true
        }
        var lines = [Self.line(of: range.start, in: file)]
        if let a = anchor, a < range.start { lines.append(Self.line(of: a, in: file)) }
        var silenced = false
        for line in lines where !silenced {
            for k in byLine[line] ?? [] where directives[k].rules.contains(where: { $0.code == code }) {
                mark(k, code)
                silenced = true
            }
        }
        return silenced
    }

    private mutating func mark(_ k: Int, _ code: DiagnosticCode) {
        for r in directives[k].rules.indices where directives[k].rules[r].code == code { directives[k].rules[r].used = true }
    }

    /// `findings` without those silenced, then a finding for each directive (or
    /// rule in one) that silenced nothing.
    /// `anchors`: each finding's `anchor` (see `silences`), or none.
    public mutating func apply(_ findings: [Diagnostic], anchors: [Int?] = []) -> [Diagnostic] {
        guard !directives.isEmpty else { return findings }
        var kept: [Diagnostic] = []
        for (k, f) in findings.enumerated() where !silences(f.id, at: f.range, anchor: k < anchors.count ? anchors[k] : nil) {
            kept.append(f)
        }
        kept += unused()
        return kept
    }

    /// Silence what the directives in `comments` name in `findings`: the
    /// findings kept, then a finding for each suppression that silenced nothing.
    public static func apply(_ findings: [Diagnostic], comments: [SourceComment], in file: SourceFile,
                             anchors: [Int?] = []) -> [Diagnostic] {
        var s = Suppressions(comments: comments, in: file)
        return s.apply(findings, anchors: anchors)
    }

    /// The directives, or the rules in them, that silenced nothing so far
    /// (call after every finding went through `silences`), each with a fix
    /// that deletes it. A directive naming `unused-suppression` is never
    /// reported itself, and silences these as it silences anything.
    public mutating func unused() -> [Diagnostic] {
        var out: [Diagnostic] = []
        let rules = DiagnosticCode.allCases.map(\.rawValue)
        for d in directives {
            let spelled = file.text(d.comment.start..<d.comment.end).trimmingTrailingSpaces
            guard d.verb == "ignore" || d.verb == "ignore-file" else {
                let hint = Suggest.closest(to: d.verb, among: ["ignore", "ignore-file"])
                out.append(Diagnostic(.unusedSuppression, "`\(d.verb)` is not a suppression: it silences nothing", at: d.verbRange,
                                      help: hint.map { "did you mean `\($0)`? (`scene: ignore RULE` for a line, `scene: ignore-file RULE` for the file)" }
                                          ?? "write `scene: ignore RULE` (this line or the next) or `scene: ignore-file RULE` (the whole file)"))
                continue
            }
            if d.rules.isEmpty {
                var f = Diagnostic(.unusedSuppression, "`\(spelled)` names no rule: it silences nothing", at: d.verbRange,
                                   help: "name the rule to silence after `\(d.verb)`, e.g. `\(d.verb) pinched-corner`, or remove the comment")
                f.fixes = [deletion(d)]
                out.append(f)
                continue
            }
            if d.rules.contains(where: { $0.code == .unusedSuppression }) { continue }
            let idle = d.rules.indices.filter { !d.rules[$0].used }
            // Only a rule that could have silenced something is deleted by the fix;
            // a misspelt one is the author's to correct.
            let stale = idle.filter { d.rules[$0].code.map { $0.severity != .error } ?? false }
            for r in idle {
                let rule = d.rules[r]
                var f: Diagnostic
                let where_ = d.verb == "ignore-file" ? "in this file" : "on line \(d.line ?? 0)"
                if let code = rule.code, code.severity == .error {
                    f = Diagnostic(.unusedSuppression, "`\(rule.word)` is an error: errors cannot be silenced", at: rule.range,
                                   help: "fix the error; only warnings and notes can be silenced")
                } else if rule.code == nil {
                    let hint = Suggest.closest(to: rule.word, among: rules)
                    f = Diagnostic(.unusedSuppression, "`\(rule.word)` is not a rule: the suppression silences nothing", at: rule.range,
                                   help: hint.map { "did you mean `\($0)`?" } ?? "`scene check` names the rule of each finding in brackets: `warning[pinched-corner]`")
                } else {
                    f = Diagnostic(.unusedSuppression, "`\(d.verb) \(rule.word)` silences nothing: there is no `\(rule.word)` finding \(where_)", at: rule.range,
                                   help: "remove it: the finding it silenced is gone (or it sits on the wrong line)")
                }
                if stale.contains(r) { f.fixes = [stale.count == d.rules.count ? deletion(d) : deletion(rule: r, of: d)] }
                f.values = ["line": Double(d.line ?? 0)]
                out.append(f)
            }
        }
        // A suppression of unused-suppression silences these too.
        return out.filter { !silences($0.id, at: $0.range) }
    }

    /// The edit that deletes directive `d`: its whole line when nothing else is on it,
    /// else the comment and the spaces before it.
    func deletion(_ d: Directive) -> TextEdit {
        let line = Self.line(of: d.comment.start, in: file)
        if !d.trailing {
            let start = line == 1 ? file.bodyStart : file.lineStarts[line - 1]
            let end = line < file.lineStarts.count ? file.lineStarts[line] : file.bytes.count
            return TextEdit(SourceRange(start, end), "")
        }
        var start = d.comment.start
        while start > 0, file.bytes[start - 1] == UInt8(ascii: " ") || file.bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        return TextEdit(SourceRange(start, d.comment.end), "")
    }

    /// The edit that deletes rule `r` from a directive that keeps others:
    /// the rule and the separator before it (after it, for the first).
    func deletion(rule r: Int, of d: Directive) -> TextEdit {
        let rules = d.rules
        if r == 0 { return TextEdit(SourceRange(rules[0].range.start, rules[1].range.start), "") }
        return TextEdit(SourceRange(rules[r - 1].range.end, rules[r].range.end), "")
    }

    // MARK: reading

    /// The directive in comment `c`, or nil when it is a plain comment.
    static func directive(_ c: SourceComment, in file: SourceFile) -> Directive? {
        let b = file.bytes
        var i = c.range.start + c.marker.utf8.count
        // (Never past the file, whatever range a reader gives: a Swift comment's once ran past it.)
        let end = min(c.range.end, b.count)
        guard i <= end else { return nil }
        func spaces() { while i < end, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "\t") { i += 1 } }
        func word() -> SourceRange {
            let s = i
            while i < end, b[i] != UInt8(ascii: " "), b[i] != UInt8(ascii: "\t"), b[i] != UInt8(ascii: ",") { i += 1 }
            return SourceRange(s, i)
        }
        spaces()
        let tag = Array("scene:".utf8)
        guard end - i >= tag.count, Array(b[i..<i + tag.count]) == tag else { return nil }
        i += tag.count
        spaces()
        let verbRange = word()
        let verb = file.text(verbRange.start..<verbRange.end)
        // `scene: a media player` is prose; a word that starts like `ignore` is meant as a directive.
        guard verb.lowercased().hasPrefix("ign") else { return nil }
        var rules: [Rule] = []
        while true {
            while i < end, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "\t") || b[i] == UInt8(ascii: ",") { i += 1 }
            guard i < end else { break }
            if i + 1 < end, b[i] == UInt8(ascii: "-"), b[i + 1] == UInt8(ascii: "-") { break }   // the reason
            let r = word()
            let w = file.text(r.start..<r.end)
            rules.append(Rule(code: DiagnosticCode(rawValue: w), word: w, range: r))
        }
        return Directive(comment: c.range, verb: verb, verbRange: verbRange, line: nil, trailing: false, rules: rules)
    }

    /// The 1-based line holding byte `offset`.
    static func line(of offset: Int, in file: SourceFile) -> Int {
        var lo = 0, hi = file.lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if file.lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    static func onlyBlankBefore(_ offset: Int, in file: SourceFile) -> Bool {
        var i = offset
        let start = file.lineStarts[line(of: offset, in: file) - 1]
        while i > max(start, file.bodyStart) {
            i -= 1
            let c = file.bytes[i]
            if c != UInt8(ascii: " ") && c != UInt8(ascii: "\t") { return false }
        }
        return true
    }

    static func isBlank(_ line: Int, in file: SourceFile) -> Bool {
        file.lineRange(line).allSatisfy { let c = file.bytes[$0]; return c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let last = needle.last else { return false }
        // Each place of the needle's last byte, found by the C library's
        // (vectorised) `memchr`, then the bytes before it compared: every
        // check after an edit asks this of the whole file.
        return bytes.withUnsafeBytes { b in
            needle.withUnsafeBytes { n in
                let base = b.baseAddress!, k = n.count - 1
                var at = k
                while at < b.count, let hit = memchr(base + at, Int32(last), b.count - at) {
                    let i = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + i - k, n.baseAddress!, k) == 0 { return true }
                    at = i + 1
                }
                return false
            }
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}

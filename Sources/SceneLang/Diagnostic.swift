/// Diagnostics are values: a stable kebab-case code from the catalogue
/// (`DiagnosticCode`, which also fixes the severity), a message in one voice
/// (lowercase, no trailing period, code in backticks), the primary source
/// range, and an optional `help:` line carrying the fix.
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable, Comparable {
        case error, warning, note
        private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// The catalogued code; its spelling is `code`, its severity `severity`.
    public var id: DiagnosticCode
    public var severity: Severity { id.severity }
    /// The code as users see it: `error[code]`, `"code"` in JSON.
    public var code: String { id.rawValue }
    public var message: String
    public var range: SourceRange
    public var help: String?
    /// Extra lines shown as `note:` (for example where a name was first defined).
    public var notes: [String]
    /// Numbers a tool may want to act on (the checker's computed fix, for example).
    public var values: [String: Double]
    /// Mechanical source edits that fix the finding (`scene check --fix`).
    public var fixes: [TextEdit] = []

    public init(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                help: String? = nil, notes: [String] = [], values: [String: Double] = [:]) {
        self.id = code
        self.message = message
        self.range = range
        self.help = help
        self.notes = notes
        self.values = values
    }
}

/// Replace the bytes in `range` with `replacement`.
public struct TextEdit: Sendable, Equatable {
    public var range: SourceRange
    public var replacement: String
    public init(_ range: SourceRange, _ replacement: String) { self.range = range; self.replacement = replacement }

    /// Apply non-overlapping edits (later ones first, so offsets stay valid).
    /// Overlapping edits after the first are dropped.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        var out = bytes
        var applied = 0
        var lowest = Int.max
        for e in edits.sorted(by: { ($0.range.start, $0.range.end) > ($1.range.start, $1.range.end) }) {
            guard e.range.end <= lowest, e.range.end <= out.count else { continue }
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.replacement.utf8))
            lowest = e.range.start
            applied += 1
        }
        return (out, applied)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
    public var warningCount: Int { reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }
}

/// Renders diagnostics like a compiler:
///
///     map.scene:3:9: error[undefined-name]: undefined name `mpa`
///       |
///     3 | let x = mpa + 2
///       |         ^^^
///       = help: did you mean `map`?
public struct DiagnosticRenderer: Sendable {
    public var color: Bool
    public init(color: Bool = false) { self.color = color }

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    public func render(_ d: Diagnostic, in file: SourceFile) -> String {
        let loc = file.location(of: d.range.start)
        let sevColor: String
        switch d.severity {
        case .error: sevColor = "1;31"
        case .warning: sevColor = "1;33"
        case .note: sevColor = "1;36"
        }
        var out = paint("\(file.name):\(loc.line):\(loc.column):", "1") + " "
            + paint("\(d.severity.rawValue)[\(d.code)]", sevColor) + ": " + paint(d.message, "1") + "\n"
        let lineRange = file.lineRange(loc.line)
        let gutter = String(loc.line)
        let pad = String(repeating: " ", count: gutter.count)
        var (lineText, caretColumn) = Self.shownLine(file, lineRange, at: d.range.start, column: loc.column)
        lineText = Self.printable(lineText)
        let endInLine = min(d.range.end, lineRange.upperBound)
        // The caret is at most 80 columns wide: count no further than that.
        let spanStart = min(d.range.start, lineRange.upperBound)
        var width = d.range.end > d.range.start
            ? SourceFile.columns(file.bytes, from: spanStart, to: max(spanStart, min(endInLine, spanStart + 4 * 80)))
            : 1
        width = max(1, min(width, 80))
        out += "\(pad) |\n"
        out += paint(gutter, "1;34") + " | " + lineText + "\n"
        out += "\(pad) | " + String(repeating: " ", count: max(0, caretColumn - 1))
            + paint(String(repeating: "^", count: width), sevColor) + "\n"
        for n in d.notes { out += "\(pad) = note: \(n)\n" }
        if let help = d.help { out += "\(pad) = " + paint("help", "1;32") + ": \(help)\n" }
        return out
    }

    /// The source line to show under a message, and the caret's column in it.
    /// Very long lines are cut around the span so the report stays readable; a
    /// line of many kilobytes is read only near the span (a 1 MB line with a
    /// thousand findings must not be decoded a thousand times).
    static func shownLine(_ file: SourceFile, _ line: Range<Int>, at offset: Int, column: Int) -> (String, Int) {
        let maxShown = 160, before = 60
        var lo = line.lowerBound, hi = line.upperBound
        let at = min(max(offset, lo), hi)
        var col = column
        if hi - lo > 4096 {
            lo = max(lo, at - 4 * before)
            while lo < at, file.bytes[lo] & 0xC0 == 0x80 { lo += 1 }
            hi = min(hi, at + 4 * maxShown)
            while hi > at, hi < line.upperBound, file.bytes[hi] & 0xC0 == 0x80 { hi -= 1 }
            col = file.text(lo..<at).unicodeScalars.count + 1
        }
        let text = file.text(lo..<hi)
        let cutBefore = lo > line.lowerBound, cutAfter = hi < line.upperBound
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > maxShown || cutBefore || cutAfter else { return (text, column) }
        let from = max(0, col - 1 - before)
        let to = min(scalars.count, from + maxShown)
        var s = String(String.UnicodeScalarView(scalars[from..<to]))
        var caret = col
        if from > 0 || cutBefore { s = "…" + s; caret = col - from + 1 }
        if to < scalars.count || cutAfter { s += "…" }
        return (s, caret)
    }

    public func render(_ ds: [Diagnostic], in file: SourceFile) -> String {
        ds.map { render($0, in: file) }.joined()
    }

    /// Control characters would corrupt a terminal; show them as visible pictures,
    /// and tabs as one space so the caret lines up.
    static func printable(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if u == "\t" { out.append(" ") }
            else if u.value < 0x20 { out.append(Unicode.Scalar(0x2400 + u.value)!) }
            else if u.value == 0x7F { out.append("\u{2421}") }
            else { out.append(u) }
        }
        return String(out)
    }
}

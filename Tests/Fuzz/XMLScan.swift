// The XML well-formedness check behind Validate.xml: a single forward scan over
// the bytes. Every byte's class comes from one 256-entry table, so the long runs
// (text, attribute values: path data is most of an SVG) cost one load and one
// compare per byte, also under the fuzzer's compare instrumentation. Open tags
// and the current tag's attribute names are kept as offsets into the input, in
// arrays reused for the whole document: nothing is allocated per tag or per byte.
import Foundation

struct XMLScan {
    // Byte classes (bits).
    static let control: UInt8 = 1   // below 0x20 except tab, newline, return
    static let lt: UInt8 = 2        // <
    static let amp: UInt8 = 4       // &
    static let quote: UInt8 = 8     // " '
    static let letterNI: UInt8 = 16 // n N i I: how "nan" and "inf" start
    static let name: UInt8 = 32     // letters, digits, : _ - . and every byte ≥ 0x80
    static let space: UInt8 = 64    // space, tab, newline, return

    static let classes: [UInt8] = (0...255).map { (c: Int) -> UInt8 in
        var k: UInt8 = 0
        if c < 0x20 && c != 9 && c != 10 && c != 13 { k |= control }
        if c == 0x3C { k |= lt }
        if c == 0x26 { k |= amp }
        if c == 0x22 || c == 0x27 { k |= quote }
        if c == 0x6E || c == 0x4E || c == 0x69 || c == 0x49 { k |= letterNI }
        if (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || c == 0x3A || c == 0x5F || c == 0x2D || c == 0x2E || c >= 0x80 { k |= name }
        if c == 0x20 || c == 9 || c == 10 || c == 13 { k |= space }
        return k
    }

    /// Attributes whose values are words, not numbers: exempt from the NaN/infinity check.
    static let wordAttributes: [StaticString] = ["class", "id", "fill", "stroke", "font-family", "text-anchor", "xmlns", "style"]

    let b: UnsafeBufferPointer<UInt8>
    let cls: UnsafeBufferPointer<UInt8>
    var i = 0
    /// Open elements' names, as (start, end) offsets.
    var stack: [(Int, Int)] = []
    /// The current tag's attribute names so far.
    var attrs: [(Int, Int)] = []
    var roots = 0

    init(b: UnsafeBufferPointer<UInt8>, cls: UnsafeBufferPointer<UInt8>) {
        self.b = b
        self.cls = cls
        stack.reserveCapacity(64)
        attrs.reserveCapacity(16)
    }

    @inline(__always) func k(_ j: Int) -> UInt8 { cls[Int(b[j])] }
    @inline(__always) func same(_ x: (Int, Int), _ y: (Int, Int)) -> Bool {
        x.1 - x.0 == y.1 - y.0 && memcmp(b.baseAddress! + x.0, b.baseAddress! + y.0, x.1 - x.0) == 0
    }
    @inline(__always) func at(_ j: Int, _ s: StaticString) -> Bool {
        j + s.utf8CodeUnitCount <= b.count && memcmp(b.baseAddress! + j, s.utf8Start, s.utf8CodeUnitCount) == 0
    }
    func text(_ r: (Int, Int)) -> String { String(decoding: b[r.0..<r.1], as: UTF8.self) }

    mutating func skipSpace() { while i < b.count, k(i) & Self.space != 0 { i += 1 } }
    mutating func skipName() { while i < b.count, k(i) & Self.name != 0 { i += 1 } }

    mutating func run() -> String? {
        if at(0, "<?xml") {
            while i + 1 < b.count, !(b[i] == 0x3F && b[i + 1] == 0x3E) { i += 1 }
            guard i + 1 < b.count else { return "unterminated <?xml" }
            i += 2
        }
        let stop = Self.control | Self.lt | Self.amp
        while i < b.count {
            // Text: one load and one compare per byte until markup or a bad byte.
            if stack.isEmpty {
                while i < b.count, k(i) & Self.space != 0 { i += 1 }
                guard i < b.count else { break }
                guard b[i] == 0x3C else { return "text outside the root at \(i)" }
            } else {
                while i < b.count, k(i) & stop == 0 { i += 1 }
                guard i < b.count else { break }
            }
            let c = k(i)
            if c & Self.control != 0 { return "control byte \(b[i]) at \(i)" }
            if c & Self.amp != 0 { if let e = entity() { return e }; continue }
            if let e = markup() { return e }
        }
        if let open = stack.last { return "unclosed <\(text(open))>" }
        return roots == 1 ? nil : "no root element"
    }

    /// At `<`: a comment, an end tag or a start tag.
    mutating func markup() -> String? {
        if at(i, "<!--") {
            var j = i + 4
            while j + 1 < b.count, !(b[j] == 0x2D && b[j + 1] == 0x2D) {
                if k(j) & Self.control != 0 { return "control byte in a comment at \(j)" }
                j += 1
            }
            guard j + 2 < b.count, b[j + 2] == 0x3E else { return j + 1 < b.count ? "-- inside a comment at \(j)" : "unterminated comment" }
            i = j + 3
            return nil
        }
        if i + 1 < b.count, b[i + 1] == 0x2F {
            i += 2
            let s = i
            skipName()
            guard let open = stack.popLast(), same(open, (s, i)) else { return "mismatched </\(text((s, i)))> at \(s)" }
            skipSpace()
            guard i < b.count, b[i] == 0x3E else { return "bad end tag at \(i)" }
            i += 1
            return nil
        }
        i += 1
        let s = i
        skipName()
        guard i > s else { return "empty tag name at \(i)" }
        let name = (s, i)
        if stack.isEmpty { roots += 1; if roots > 1 { return "second root element" } }
        attrs.removeAll(keepingCapacity: true)
        while true {
            let before = i
            skipSpace()
            guard i < b.count else { return "unterminated tag" }
            if b[i] == 0x3E { i += 1; stack.append(name); return nil }
            if at(i, "/>") { i += 2; return nil }
            guard i > before else { return "no space before an attribute at \(i)" }
            if let e = attribute() { return e }
        }
    }

    /// `name="value"`: unique in its tag, quoted, entities known, no `<`, finite if numeric.
    mutating func attribute() -> String? {
        let a = i
        skipName()
        guard i > a else { return "bad attribute at \(i)" }
        let attr = (a, i)
        for seen in attrs where same(seen, attr) { return "duplicate attribute \(text(attr))" }
        attrs.append(attr)
        skipSpace()
        guard i < b.count, b[i] == 0x3D else { return "attribute without = at \(i)" }
        i += 1
        skipSpace()
        guard i < b.count, k(i) & Self.quote != 0 else { return "unquoted attribute at \(i)" }
        let q = b[i]
        i += 1
        let v = i
        let numeric = !Self.wordAttributes.contains { s in
            attr.1 - attr.0 == s.utf8CodeUnitCount && memcmp(b.baseAddress! + attr.0, s.utf8Start, s.utf8CodeUnitCount) == 0
        }
        let stop = Self.control | Self.lt | Self.amp | Self.quote | (numeric ? Self.letterNI : 0)
        while i < b.count {
            let c = k(i)
            if c & stop == 0 { i += 1; continue }
            if c & Self.quote != 0 { if b[i] == q { break }; i += 1; continue }
            if c & Self.lt != 0 { return "< in attribute at \(i)" }
            if c & Self.control != 0 { return "control byte in attribute" }
            if c & Self.amp != 0 { if let e = entity() { return e }; continue }
            // n N i I in a numeric value: "nan" or "inf", in any case.
            if i + 2 < b.count {
                let two = (b[i + 1] | 0x20, b[i + 2] | 0x20)
                if (b[i] | 0x20 == 0x6E && two == (0x61, 0x6E)) || (b[i] | 0x20 == 0x69 && two == (0x6E, 0x66)) {
                    return "non-finite number in \(text(attr))=\"\(text((v, min(i + 80, b.count))))\""
                }
            }
            i += 1
        }
        guard i < b.count else { return "unterminated attribute" }
        i += 1
        return nil
    }

    /// At `&`: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` or a character reference.
    mutating func entity() -> String? {
        let start = i
        var j = i + 1
        while j < b.count, j - i < 12, b[j] != 0x3B { j += 1 }
        guard j < b.count, b[j] == 0x3B else { return "bad entity at \(start)" }
        let body = (i + 1, j)
        i = j + 1
        for s: StaticString in ["amp", "lt", "gt", "quot", "apos"] where
            body.1 - body.0 == s.utf8CodeUnitCount && memcmp(b.baseAddress! + body.0, s.utf8Start, s.utf8CodeUnitCount) == 0 {
            return nil
        }
        guard body.1 - body.0 >= 2, b[body.0] == 0x23 else { return "bad entity at \(start)" }
        let hex = b[body.0 + 1] == 0x78
        let digits = (body.0 + (hex ? 2 : 1))..<body.1
        guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ hex ? b[$0].isHexDigit : b[$0].isDigit }) else {
            return "bad entity at \(start)"
        }
        return nil
    }
}

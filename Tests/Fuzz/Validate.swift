// Checks run inside the fuzz targets: a failed check is a crash, so libFuzzer
// keeps the input. Everything here is iterative (no recursion on the input).
import Foundation
import SceneLang
import SceneEval

func require(_ ok: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
    if !ok() {
        FileHandle.standardError.write("fuzz check failed: \(what())\n".data(using: .utf8)!)
        abort()
    }
}

enum Validate {
    /// A well-formed XML document: one root element, tags balanced, attributes
    /// quoted and unique, entities known, no control characters; and no numeric
    /// attribute holding NaN or infinity.
    static func xml(_ b: [UInt8]) -> String? {
        var i = 0
        var stack: [ArraySlice<UInt8>] = []
        var roots = 0
        func at(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= b.count && b[i..<i + u.count].elementsEqual(u)
        }
        func isName(_ c: UInt8) -> Bool { c.isASCIILetterOrDigit || c == 58 || c == 95 || c == 45 || c == 46 || c >= 0x80 }
        func skipSpace() { while i < b.count, [32, 9, 10, 13].contains(b[i]) { i += 1 } }
        func entity() -> Bool {  // at '&'
            var j = i + 1
            while j < b.count, j - i < 12, b[j] != 59 { j += 1 }
            guard j < b.count, b[j] == 59 else { return false }
            let name = String(decoding: b[(i + 1)..<j], as: UTF8.self)
            let ok = ["amp", "lt", "gt", "quot", "apos"].contains(name)
                || (name.hasPrefix("#x") && name.count > 2 && UInt32(name.dropFirst(2), radix: 16) != nil)
                || (name.hasPrefix("#") && name.count > 1 && UInt32(name.dropFirst()) != nil)
            i = j + 1
            return ok
        }
        if at("<?xml") { while i < b.count, !at("?>") { i += 1 }; i += 2 }
        while i < b.count {
            let c = b[i]
            if c < 32, ![9, 10, 13].contains(c) { return "control byte \(c) at \(i)" }
            if at("<!--") {
                guard let end = find(b, "-->", from: i + 4) else { return "unterminated comment" }
                i = end + 3
            } else if at("</") {
                i += 2
                let s = i
                while i < b.count, isName(b[i]) { i += 1 }
                guard let open = stack.popLast(), open.elementsEqual(b[s..<i]) else { return "mismatched </\(String(decoding: b[s..<i], as: UTF8.self))> at \(s)" }
                skipSpace()
                guard i < b.count, b[i] == 62 else { return "bad end tag at \(i)" }
                i += 1
            } else if c == 60 {
                i += 1
                let s = i
                while i < b.count, isName(b[i]) { i += 1 }
                guard i > s else { return "empty tag name at \(i)" }
                let name = b[s..<i]
                if stack.isEmpty { roots += 1; if roots > 1 { return "second root element" } }
                var seen = Set<String>()
                while true {
                    skipSpace()
                    guard i < b.count else { return "unterminated tag" }
                    if b[i] == 62 { i += 1; stack.append(name); break }
                    if at("/>") { i += 2; break }
                    let a = i
                    while i < b.count, isName(b[i]) { i += 1 }
                    guard i > a else { return "bad attribute at \(i)" }
                    let attr = String(decoding: b[a..<i], as: UTF8.self)
                    guard seen.insert(attr).inserted else { return "duplicate attribute \(attr)" }
                    skipSpace()
                    guard i < b.count, b[i] == 61 else { return "attribute without = at \(i)" }
                    i += 1; skipSpace()
                    guard i < b.count, b[i] == 34 || b[i] == 39 else { return "unquoted attribute at \(i)" }
                    let q = b[i]; i += 1
                    let v = i
                    while i < b.count, b[i] != q {
                        if b[i] == 60 { return "< in attribute at \(i)" }
                        if b[i] == 38 { if !entity() { return "bad entity at \(i)" }; continue }
                        if b[i] < 32, ![9, 10, 13].contains(b[i]) { return "control byte in attribute" }
                        i += 1
                    }
                    guard i < b.count else { return "unterminated attribute" }
                    let value = String(decoding: b[v..<i], as: UTF8.self).lowercased()
                    if !["class", "id", "fill", "stroke", "font-family", "text-anchor", "xmlns", "style"].contains(attr),
                       value.contains("nan") || value.contains("inf") {
                        return "non-finite number in \(attr)=\"\(value.prefix(80))\""
                    }
                    i += 1
                }
            } else if c == 38 {
                if !entity() { return "bad entity at \(i)" }
            } else {
                if stack.isEmpty, ![32, 9, 10, 13].contains(c) { return "text outside the root at \(i)" }
                i += 1
            }
        }
        if !stack.isEmpty { return "unclosed <\(String(decoding: stack.last!, as: UTF8.self))>" }
        return roots == 1 ? nil : "no root element"
    }

    static func find(_ b: [UInt8], _ s: String, from: Int) -> Int? {
        let u = Array(s.utf8)
        var i = from
        while i + u.count <= b.count {
            if b[i..<i + u.count].elementsEqual(u) { return i }
            i += 1
        }
        return nil
    }

    /// A JSON text (RFC 8259), checked with an explicit stack.
    static func json(_ b: [UInt8]) -> String? {
        var i = 0
        // Each open container: true for an object.
        var stack: [Bool] = []
        func ws() { while i < b.count, [32, 9, 10, 13].contains(b[i]) { i += 1 } }
        func string() -> Bool {
            guard i < b.count, b[i] == 34 else { return false }
            i += 1
            while i < b.count, b[i] != 34 {
                if b[i] < 32 { return false }
                if b[i] == 92 {
                    i += 1
                    guard i < b.count else { return false }
                    if b[i] == 117 {
                        guard i + 4 < b.count, b[(i + 1)...(i + 4)].allSatisfy({ $0.isHexDigit }) else { return false }
                        i += 4
                    } else if !Array("\"\\/bfnrt".utf8).contains(b[i]) { return false }
                }
                i += 1
            }
            guard i < b.count else { return false }
            i += 1
            return true
        }
        func number() -> Bool {
            let s = i
            if i < b.count, b[i] == 45 { i += 1 }
            guard i < b.count, b[i].isDigit else { return false }
            if b[i] == 48 { i += 1 } else { while i < b.count, b[i].isDigit { i += 1 } }
            if i < b.count, b[i] == 46 {
                i += 1
                guard i < b.count, b[i].isDigit else { return false }
                while i < b.count, b[i].isDigit { i += 1 }
            }
            if i < b.count, b[i] == 101 || b[i] == 69 {
                i += 1
                if i < b.count, b[i] == 43 || b[i] == 45 { i += 1 }
                guard i < b.count, b[i].isDigit else { return false }
                while i < b.count, b[i].isDigit { i += 1 }
            }
            return i > s
        }
        func literal(_ w: String) -> Bool {
            let u = Array(w.utf8)
            guard i + u.count <= b.count, b[i..<i + u.count].elementsEqual(u) else { return false }
            i += u.count
            return true
        }
        // Parse one value; containers push and are closed in the loop below.
        ws()
        var expectValue = true
        while true {
            ws()
            if expectValue {
                guard i < b.count else { return "unexpected end" }
                switch b[i] {
                case 123:
                    i += 1; ws()
                    if i < b.count, b[i] == 125 { i += 1; expectValue = false; break }
                    stack.append(true)
                    guard string() else { return "bad key at \(i)" }
                    ws()
                    guard i < b.count, b[i] == 58 else { return "missing : at \(i)" }
                    i += 1
                    continue
                case 91:
                    i += 1; ws()
                    if i < b.count, b[i] == 93 { i += 1; expectValue = false; break }
                    stack.append(false)
                    continue
                case 34: guard string() else { return "bad string at \(i)" }
                case 116: guard literal("true") else { return "bad literal at \(i)" }
                case 102: guard literal("false") else { return "bad literal at \(i)" }
                case 110: guard literal("null") else { return "bad literal at \(i)" }
                default: guard number() else { return "bad value at \(i)" }
                }
                expectValue = false
            } else {
                guard let top = stack.last else { break }
                guard i < b.count else { return "unterminated container" }
                if b[i] == 44 {
                    i += 1
                    if top {
                        ws()
                        guard string() else { return "bad key at \(i)" }
                        ws()
                        guard i < b.count, b[i] == 58 else { return "missing : at \(i)" }
                        i += 1
                    }
                    expectValue = true
                } else if b[i] == (top ? 125 : 93) {
                    i += 1
                    stack.removeLast()
                } else {
                    return "expected , or close at \(i)"
                }
            }
        }
        ws()
        return i == b.count ? nil : "trailing data at \(i)"
    }

    /// What must hold of every resolved scene.
    static func scene(_ s: ResolvedScene) {
        for (i, sh) in s.shapes.enumerated() {
            let f = sh.frame
            require([f.x, f.y, f.width, f.height].allSatisfy(\.isFinite), "shape \(i) has a non-finite frame \(f)")
            let half = f.halfShorterSide
            for r in sh.radii.values {
                require(r.isFinite && r >= 0 && r <= half + 1e-9 * max(1, half),
                        "shape \(i) radius \(r) outside [0, \(half)]")
            }
            if let p = sh.parent { require(p < i, "shape \(i) parent \(p) not before it") }
        }
    }
}

extension UInt8 {
    var isDigit: Bool { self >= 48 && self <= 57 }
    var isHexDigit: Bool { isDigit || (self >= 97 && self <= 102) || (self >= 65 && self <= 70) }
    var isASCIILetterOrDigit: Bool { isDigit || (self >= 97 && self <= 122) || (self >= 65 && self <= 90) }
}

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
    /// quoted and unique, entities known, comments without `--`, no control
    /// characters; and no numeric attribute holding NaN or infinity. One pass
    /// over the bytes, one table load and one compare per byte in the long runs
    /// (text and attribute values), no allocation per byte or per attribute
    /// (this runs on every output of the write and gen targets under ASan).
    static func xml(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { b in
            XMLScan.classes.withUnsafeBufferPointer { cls in
                var scan = XMLScan(b: b, cls: cls)
                return scan.run()
            }
        }
    }

    /// JSON byte classes: 1 a raw control byte, 2 `"` or `\\`, 4 white space.
    static let jsonClasses: [UInt8] = (0...255).map { (c: Int) -> UInt8 in
        (c < 0x20 ? 1 : 0) | (c == 0x22 || c == 0x5C ? 2 : 0) | (c == 0x20 || c == 9 || c == 10 || c == 13 ? 4 : 0)
    }

    /// A JSON text (RFC 8259), checked with an explicit stack; one table load and
    /// one compare per byte inside strings and white space, nothing allocated per value.
    static func json(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { b in jsonClasses.withUnsafeBufferPointer { json(b, $0) } }
    }

    static func json(_ b: UnsafeBufferPointer<UInt8>, _ cls: UnsafeBufferPointer<UInt8>) -> String? {
        var i = 0
        // Each open container: true for an object.
        var stack: [Bool] = []
        func ws() { while i < b.count, cls[Int(b[i])] & 4 != 0 { i += 1 } }
        func string() -> Bool {
            guard i < b.count, b[i] == 34 else { return false }
            i += 1
            while true {
                while i < b.count, cls[Int(b[i])] & 3 == 0 { i += 1 }
                guard i < b.count, b[i] != 34 else { break }
                if b[i] < 32 { return false }
                // A backslash.
                i += 1
                guard i < b.count else { return false }
                switch b[i] {
                case 117:
                    guard i + 4 < b.count, (i + 1...i + 4).allSatisfy({ b[$0].isHexDigit }) else { return false }
                    i += 4
                case 34, 92, 47, 98, 102, 110, 114, 116: break
                default: return false
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
        func literal(_ w: StaticString) -> Bool {
            let n = w.utf8CodeUnitCount
            guard i + n <= b.count, memcmp(b.baseAddress! + i, w.utf8Start, n) == 0 else { return false }
            i += n
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

    /// The checkers must be able to fail: each bad document below is rejected, each
    /// good one accepted, or the fuzz binary stops before fuzzing anything.
    static func selfTest() {
        let svg = #"<?xml version="1.0"?>\#n<svg a="1" b='2'><!-- ok - --><g><path d="M0 0h1z"/></g>&amp;&#x3c;&#60;</svg>\#n"#
        require(xml(Array(svg.utf8)) == nil, "self-test: a good SVG rejected: \(xml(Array(svg.utf8)) ?? "")")
        let badXML = [
            "<svg><g></svg>", "<svg></g>", "<svg a=\"1\" a=\"2\"/>", "<svg d=\"M0 NaN\"/>", "<svg x=\"-inf\"/>",
            "<svg><!-- a -- b --></svg>", "<svg>\u{1}</svg>", "<svg>&bogus;</svg>", "<svg/><svg/>", "<svg a=1/>",
            "<svg a=\"1\"b=\"2\"/>", "<svg a=\"<\"/>", "text<svg/>", "<svg>", "",
        ]
        for bad in badXML { require(xml(Array(bad.utf8)) != nil, "self-test: bad XML accepted: \(bad)") }
        let goodJSON = #"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9"], "b": {}, "c": []}"#
        require(json(Array(goodJSON.utf8)) == nil, "self-test: good JSON rejected: \(json(Array(goodJSON.utf8)) ?? "")")
        let badJSON = ["{\"a\": NaN}", "[1,]", "{\"a\" 1}", "\"open", "[1] 2", "{\"a\": 01}", "[\"\u{1}\"]", "[\"\\q\"]", ""]
        for bad in badJSON { require(json(Array(bad.utf8)) != nil, "self-test: bad JSON accepted: \(bad)") }
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

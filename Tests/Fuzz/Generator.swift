// Structure-aware input for the `gen` target: the fuzzer's bytes are read as
// choices in SceneLang's grammar, so almost every input is a scene that parses
// and reaches the evaluator, checker, fixer and writers. A few choices make
// inputs no byte-level mutation reaches in a 4 KB input: sums of up to 200,000
// terms, 1,500-deep nesting, 20,000 siblings, astronomical spacing and sizes.

struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    init(_ b: UnsafeBufferPointer<UInt8>) { bytes = b }
    var done: Bool { i >= bytes.count }
    mutating func u8() -> Int {
        guard i < bytes.count else { return 0 }
        defer { i += 1 }
        return Int(bytes[i])
    }
    mutating func u16() -> Int { u8() << 8 | u8() }
    mutating func pick<T>(_ xs: [T]) -> T { xs[u8() % xs.count] }
    mutating func chance(_ in256: Int) -> Bool { u8() < in256 }
}

struct SceneGenerator {
    var r: ByteReader
    var out = ""
    var names: [String] = []
    var labels = 0
    static let limit = 3_000_000

    static let presets = ["iphone-16-pro", "iphone-16-pro-max", "iphone-16", "iphone-15-pro", "iphone-14",
                          "iphone-13-mini", "iphone-11", "iphone-se", "ipad-pro-11", "ipad-air", "mac-window",
                          "mac-window-compact", "mac-window-titlebar"]
    static let numbers = ["0", "1", "2", "8", "12", "16", "20", "24", "28", "44", "62", ".5", "0.25", "47.33",
                          "100", "402", "874", "1000", "99999", "1000000", "999999.999"]
    static let corners = ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing",
                          "top", "bottom", "leading", "trailing", "all"]
    static let aligns = ["center", "top", "bottom", "leading", "trailing",
                         "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]
    static let colours = ["red", "blue", "clear", "white", "black", "#4a8", "#4a88", "#123456", "#12345678"]

    init(_ bytes: UnsafeBufferPointer<UInt8>) { r = ByteReader(bytes) }

    static func scene(from bytes: UnsafeBufferPointer<UInt8>) -> String {
        var g = SceneGenerator(bytes)
        g.header()
        for _ in 0..<(g.r.u8() % 5) { g.binding() }
        let top = 1 + g.r.u8() % 4
        for _ in 0..<top where g.out.utf8.count < limit { g.node(depth: 0); g.out += "\n" }
        return g.out
    }

    mutating func header() {
        let h = r.u8()
        if h & 1 != 0 {
            if r.chance(200) {
                out += "screen \(r.pick(Self.presets))"
                if r.chance(40) { out += " \(number())x\(number())" }
            } else {
                out += "screen \(expr(1))x\(expr(1))"
            }
            if r.chance(60) { out += " radius \(expr(1))" }
            out += "\n"
        }
        if h & 2 != 0 { out += "target \(r.chance(160) ? "ios18" : "ios26")\n" }
        if h & 4 != 0 { out += "margin \(expr(1))\n" }
    }

    mutating func binding() {
        let name = "v\(names.count)"
        out += "let \(name) = \(expr(0))\n"
        names.append(name)
    }

    mutating func number() -> String {
        if r.chance(40) { return String(r.u16()) }
        return r.pick(Self.numbers)
    }

    /// An expression; `depth` bounds the generator's own recursion.
    mutating func expr(_ depth: Int) -> String {
        let c = r.u8() % 12
        if depth > 4 { return c & 1 == 0 || names.isEmpty ? number() : r.pick(names) }
        switch c {
        case 0, 1, 2: return number()
        case 3: return names.isEmpty ? number() : r.pick(names)
        case 4, 5: // a short chain
            var s = expr(depth + 1)
            for _ in 0..<(1 + r.u8() % 4) { s += " \(r.pick(["+", "-", "*", "/"])) \(expr(depth + 1))" }
            return s
        case 6: return "(\(expr(depth + 1)))"
        case 7: return "-\(expr(depth + 1))"
        case 8:
            var s = "\(r.pick(["min", "max"]))(\(expr(depth + 1))"
            for _ in 0..<(1 + r.u8() % 3) { s += ", \(expr(depth + 1))" }
            return s + ")"
        case 9: // a long chain: the shape that overflowed the stack
            let n = r.chance(30) ? r.u16() * 3 : r.u8()
            let op = r.pick(["+", "-", "*", "+ 1 -", "/ 1 +"])
            let term = number()
            var s = term
            s.reserveCapacity((op.utf8.count + term.utf8.count + 2) * n)
            for _ in 0..<n where s.utf8.count < Self.limit { s += " \(op) \(term)" }
            return s
        case 10: // deep parentheses or a long unary chain, up to past the limit
            let n = r.u8() + (r.chance(20) ? 200 : 0)
            if r.chance(128) { return String(repeating: "(", count: n) + number() + String(repeating: ")", count: n) }
            return String(repeating: "-", count: n) + number()
        default: // many arguments
            let n = r.chance(30) ? r.u16() : r.u8()
            var s = "min(" + number()
            for _ in 0..<n where s.utf8.count < Self.limit { s += ", " + number() }
            return s + ")"
        }
    }

    mutating func shape(_ depth: Int) -> String {
        switch r.u8() % 9 {
        case 0: return "rect \(expr(depth))"
        case 1: return "uneven(\(expr(depth)), \(expr(depth)), \(expr(depth)), \(expr(depth)))"
        case 2: return "rectangle"
        case 3: return "capsule"
        case 4: return "circle"
        case 5: return "relative"
        default: return concentric(depth)
        }
    }

    mutating func concentric(_ depth: Int) -> String {
        var s = "concentric"
        for _ in 0..<(r.u8() % 3) {
            switch r.u8() % 3 {
            case 0: s += " min \(expr(depth))"
            case 1: s += " uniform"
            default:
                var parts: [String] = []
                for _ in 0..<(1 + r.u8() % 4) {
                    var clause = "\(r.pick(Self.corners)): "
                    switch r.u8() % 3 {
                    case 0: clause += "concentric"
                    case 1: clause += "concentric min \(expr(depth))"
                    default: clause += "\(r.chance(128) ? "fixed " : "")\(expr(depth))"
                    }
                    if r.chance(80) { clause += " uniform" }
                    parts.append(clause)
                }
                s += "(" + parts.joined(separator: ", ") + ")"
            }
        }
        return s
    }

    mutating func item(_ depth: Int) -> String {
        switch r.u8() % 16 {
        case 0, 1: return shape(depth)
        case 2: return "container \(shape(depth))"
        case 3: return "size \(expr(depth))\(r.chance(200) ? "x\(expr(depth))" : "")"
        case 4: return "width \(expr(depth))"
        case 5: return "height \(expr(depth))"
        case 6:
            var s = "pad"
            if r.chance(128) { s += " \(expr(depth))" }
            for _ in 0..<(r.u8() % 3) { s += " \(r.pick(["top", "leading", "bottom", "trailing", "h", "v"])) \(expr(depth))" }
            return s == "pad" ? "pad \(number())" : s
        case 7: return "align \(r.pick(Self.aligns))"
        case 8, 9:
            var s = r.pick(["hstack", "vstack", "zstack"])
            if r.chance(100) { s += " spacing \(r.chance(30) ? "1000000 * 1000" : expr(depth))" }
            return s
        case 10: return "fill \(r.pick(Self.colours))"
        case 11: return "style \(r.chance(128) ? "continuous" : "circular")"
        case 12: return r.chance(128) ? "glass" : "glass \(shape(depth))"
        case 13: return "\(r.pick(["clip", "background", "hit", "transition"])) \(shape(depth))"
        case 14: return "role \(r.pick(["button", "badge", "pill"]))"
        default: return "size 1000000x1000000"
        }
    }

    mutating func node(depth: Int) {
        let kind = r.u8()
        if kind == 255 { deep(); return }
        if kind == 254 { siblings(); return }
        if r.chance(150) {
            labels += 1
            out += "n\(r.chance(10) ? 0 : labels): "
        }
        var items: [String] = []
        for _ in 0..<(r.u8() % 5) { items.append(item(1)) }
        out += items.joined(separator: " ")
        let children = depth < 10 ? r.u8() % 4 : 0
        if children > 0 || items.isEmpty {
            out += " <\n"
            for _ in 0..<children where out.utf8.count < Self.limit { node(depth: depth + 1); out += "\n" }
            out += ">"
        }
    }

    /// Nesting written iteratively, up to past the parser's limit.
    mutating func deep() {
        let n = 1 + r.u16() % 1200
        let item = r.pick(["", "pad 1 ", "container rect 30 ", "concentric min 2 ", "vstack ", "size 10 "])
        for _ in 0..<n { out += "\(item)<\n" }
        out += "leaf: concentric\n"
        for _ in 0..<n { out += ">\n" }
    }

    /// Thousands of children in one stack, with sizes and spacing up to the limits.
    mutating func siblings() {
        let n = r.u16() % 20_000
        let stack = r.pick(["hstack", "vstack", "zstack"])
        let spacing = r.pick(["8", "-8", "1000000", "999999999", "0"])
        let size = r.pick(["10x10", "1000000x1000000", "0x0", "1000000000x1"])
        out += "big: \(stack) spacing \(spacing) <\n"
        for _ in 0..<n where out.utf8.count < Self.limit { out += "rect 4 size \(size)\n" }
        out += ">"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The change from the picture a page shows to the next one, when only the shapes'
/// attributes changed (an edit of a radius, a size, a colour): sent instead of the whole
/// SVG, so the page updates the elements it has rather than parsing a new document.
///
/// The SVG writer puts one element on a line, and each shape's `<path>` has an `id`. Two
/// pictures with the same number of lines, whose differing lines are all elements with
/// the same `id` on both sides, differ by a patch: for each such element either its new
/// `d` (when nothing else on the line changed) or its new line. Anything else (a shape
/// added or removed, a changed line without an `id`) is no patch: the page gets the SVG.
///
/// A path's `d` is `M x y` and then relative commands, so shapes of the same size and
/// corners share everything after the move: the patch sends each such tail once
/// (`bodies`) and per element its move and the tail's index.
public enum SVGPatch {
    /// The patch as JSON, `{"d":[[id, move, body], …],"bodies":[…],"lines":[[id, line], …]}`,
    /// or nil when the pictures are not related so (or are the same).
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> [UInt8]? {
        let a = lines(old), b = lines(new)
        guard a.count == b.count else { return nil }
        return old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { n in patch(o, a, n, b) }
        }
    }

    static func patch(_ o: UnsafeBufferPointer<UInt8>, _ a: [Range<Int>], _ n: UnsafeBufferPointer<UInt8>, _ b: [Range<Int>]) -> [UInt8]? {
        func same(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
            x.count == y.count && (x.isEmpty || memcmp(o.baseAddress! + x.lowerBound, n.baseAddress! + y.lowerBound, x.count) == 0)
        }
        func sameNew(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
            x.count == y.count && (x.isEmpty || memcmp(n.baseAddress! + x.lowerBound, n.baseAddress! + y.lowerBound, x.count) == 0)
        }
        var d: [UInt8] = [], replaced: [UInt8] = [], bodies: [UInt8] = []
        var bodyIndex: [ArraySlice<UInt8>: Int] = [:]
        var last: (range: Range<Int>, index: Int)? = nil
        var changes = 0
        for k in 0..<a.count where !same(a[k], b[k]) {
            let x = a[k], y = b[k]
            guard let idX = attribute(Self.id, o, x), let idY = attribute(Self.id, n, y), same(idX, idY) else { return nil }
            changes += 1
            if let dx = attribute(Self.d, o, x), let dy = attribute(Self.d, n, y),
               same(x.lowerBound..<dx.lowerBound, y.lowerBound..<dy.lowerBound),
               same(dx.upperBound..<x.upperBound, dy.upperBound..<y.upperBound) {
                // Only `d` changed: the move, and the rest once for all who share it.
                var cut = dy.lowerBound + 1
                while cut < dy.upperBound, !isLetter(n[cut]) { cut += 1 }
                let body = cut..<dy.upperBound
                let index: Int
                if let last, sameNew(last.range, body) {
                    index = last.index
                } else if let i = bodyIndex[ArraySlice(n[body])] {
                    index = i
                } else {
                    index = bodyIndex.count
                    bodyIndex[ArraySlice(n[body])] = index
                    if index > 0 { bodies.append(UInt8(ascii: ",")) }
                    quote(n, body, to: &bodies)
                }
                last = (body, index)
                if !d.isEmpty { d.append(UInt8(ascii: ",")) }
                d.append(UInt8(ascii: "["))
                quote(n, idY, to: &d)
                d.append(UInt8(ascii: ","))
                quote(n, dy.lowerBound..<cut, to: &d)
                d.append(UInt8(ascii: ","))
                d += Array(String(index).utf8)
                d.append(UInt8(ascii: "]"))
            } else {
                if !replaced.isEmpty { replaced.append(UInt8(ascii: ",")) }
                replaced.append(UInt8(ascii: "["))
                quote(n, idY, to: &replaced)
                replaced.append(UInt8(ascii: ","))
                quote(n, y, to: &replaced)
                replaced.append(UInt8(ascii: "]"))
            }
        }
        guard changes > 0 else { return nil }
        return Array("{\"d\":[".utf8) + d + Array("],\"bodies\":[".utf8) + bodies + Array("],\"lines\":[".utf8) + replaced + Array("]}".utf8)
    }

    static let id = Array(" id=\"".utf8), d = Array(" d=\"".utf8), hex = Array("0123456789abcdef".utf8)

    /// Bytes `r` of `n` as a JSON string: quotes, backslashes and control bytes escaped.
    static func quote(_ n: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for i in r {
            let c = n[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")); out.append(c) }
            else if c < 0x20 { out += Array("\\u00".utf8) + [hex[Int(c >> 4)], hex[Int(c & 15)]] }
            else { out.append(c) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The ranges of the lines of `bytes` (without their newlines).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        out.reserveCapacity(bytes.count / 256)
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 10 {
            out.append(start..<i)
            start = i + 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// Where the value of ` NAME="…"` (`key`) is on an element's line (`<tag` first), within
    /// its start tag: the indices of the bytes between the quotes.
    static func attribute(_ key: [UInt8], _ n: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
        guard line.count > 1, n[line.lowerBound] == UInt8(ascii: "<"), isLetter(n[line.lowerBound + 1]) else { return nil }
        var i = line.lowerBound
        var quoted = false
        while i < line.upperBound {
            let c = n[i]
            if c == UInt8(ascii: "\"") { quoted.toggle() }
            else if !quoted, c == UInt8(ascii: ">") { return nil }
            else if !quoted, c == UInt8(ascii: " "), i + key.count <= line.upperBound,
                    memcmp(n.baseAddress! + i, key, key.count) == 0 {
                let start = i + key.count
                var end = start
                while end < line.upperBound, n[end] != UInt8(ascii: "\"") { end += 1 }
                return end < line.upperBound ? start..<end : nil
            }
            i += 1
        }
        return nil
    }

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }

}

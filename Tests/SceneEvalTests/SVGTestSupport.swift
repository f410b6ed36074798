import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Helpers for the SVG tests: compiling and rendering scenes, reading path data
/// back, running the external tools (rsvg-convert, xmllint) and decoding the PNGs
/// rsvg-convert writes. Everything is namespaced so it cannot collide with the
/// other test files of this module.
enum SVGTest {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Compile scene source, recording its errors as test failures.
    static func scene(_ source: String, target: Target? = nil,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ResolvedScene? {
        let c = Pipeline.compile(SourceFile(name: "test.scene", text: source), target: target)
        #expect(!c.diagnostics.hasErrors, "scene has errors: \(c.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return c.scene
    }

    static func svg(_ source: String, options: SVGOptions = SVGOptions(),
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        scene(source, sourceLocation: sourceLocation).map { SVGWriter.write($0, options: options) }
    }

    /// The value of `attribute` on the element with `id`.
    static func attribute(_ attribute: String, of id: String, in svg: String) -> String? {
        guard let start = svg.range(of: "id=\"\(id)\"") else { return nil }
        let tagStart = svg[..<start.lowerBound].lastIndex(of: "<")!
        let tagEnd = svg[start.upperBound...].firstIndex(of: ">")!
        let tag = svg[tagStart..<tagEnd]
        guard let a = tag.range(of: " \(attribute)=\"") else { return nil }
        let rest = tag[a.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }

    /// The path of the element with `id`, as absolute segments.
    static func path(_ id: String, in svg: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [PathSegment] {
        guard let d = attribute("d", of: id, in: svg) else {
            Issue.record("no path with id \(id)", sourceLocation: sourceLocation)
            return []
        }
        do { return try PathSegment.parse(d) } catch {
            Issue.record("cannot parse the path data of \(id): \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    // MARK: Tools

    /// An executable on PATH.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The tool, or a failure telling how to install it (never a silent skip).
    static func require(_ name: String, package: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> URL? {
        if let url = tool(name) { return url }
        Issue.record("`\(name)` is not installed; install it with `apt-get install -y \(package)` (the README's test command does)",
                     sourceLocation: sourceLocation)
        return nil
    }

    struct ToolResult { var status: Int32; var stdout: Data; var stderr: String }

    static func run(_ tool: URL, _ arguments: [String]) throws -> ToolResult {
        let p = Process()
        p.executableURL = tool
        p.arguments = arguments
        // stderr goes to a file, so neither pipe can fill up while we wait on the other.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("scene-svg-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = errHandle
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try errHandle.close()
        let errText = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return ToolResult(status: p.terminationStatus, stdout: outData, stderr: errText)
    }

    /// A fresh scratch directory for one test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Rasterise SVG text with rsvg-convert at `zoom` pixels per point, on white.
    static func rasterise(_ svg: String, zoom: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> PNGImage? {
        guard let rsvg = require("rsvg-convert", package: "librsvg2-bin", sourceLocation: sourceLocation) else { return nil }
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let r = try run(rsvg, ["--zoom=\(zoom)", "--background-color=white", "--format=png", input.path])
        guard r.status == 0 else {
            Issue.record("rsvg-convert failed (\(r.status)): \(r.stderr)", sourceLocation: sourceLocation)
            return nil
        }
        return try PNGImage(r.stdout)
    }
}

// MARK: - Path data

/// One segment of parsed path data, in absolute coordinates.
enum PathSegment: Equatable {
    case move(Point)
    case line(Point, Point)
    case cubic(Point, Point, Point, Point)
    case arc(from: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to: Point)
    case close(Point, Point)

    var start: Point {
        switch self {
        case .move(let p): return p
        case .line(let a, _), .cubic(let a, _, _, _), .close(let a, _): return a
        case .arc(let a, _, _, _, _, _, _): return a
        }
    }

    var end: Point {
        switch self {
        case .move(let p): return p
        case .line(_, let b), .cubic(_, _, _, let b), .close(_, let b): return b
        case .arc(_, _, _, _, _, _, let b): return b
        }
    }

    struct ParseError: Error, CustomStringConvertible { var description: String }

    /// Parse the commands the writer uses (M m L l H h V v C c A a Z z), with implicit repeats.
    static func parse(_ d: String) throws -> [PathSegment] {
        let chars = Array(d.utf8)
        var i = 0
        func skip() { while i < chars.count, chars[i] == 0x20 || chars[i] == 0x2C || chars[i] == 0x0A { i += 1 } }
        func number() throws -> Double {
            skip()
            let start = i
            if i < chars.count, chars[i] == 0x2D || chars[i] == 0x2B { i += 1 }
            var dot = false
            while i < chars.count, (chars[i] >= 0x30 && chars[i] <= 0x39) || (chars[i] == 0x2E && !dot) {
                if chars[i] == 0x2E { dot = true }
                i += 1
            }
            guard let v = Double(String(decoding: chars[start..<i], as: UTF8.self)) else {
                throw ParseError(description: "expected a number at \(start)")
            }
            return v
        }
        func flag() throws -> Bool {
            skip()
            guard i < chars.count, chars[i] == 0x30 || chars[i] == 0x31 else { throw ParseError(description: "expected a flag at \(i)") }
            i += 1
            return chars[i - 1] == 0x31
        }
        var out: [PathSegment] = []
        var current = Point(0, 0), subpath = Point(0, 0)
        var command: UInt8 = 0
        while true {
            skip()
            guard i < chars.count else { break }
            let c = chars[i]
            if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) {
                command = c
                i += 1
                if c == 0x5A || c == 0x7A {
                    out.append(.close(current, subpath))
                    current = subpath
                    continue
                }
            } else if command == 0 {
                throw ParseError(description: "path data must start with a command")
            }
            let relative = command >= 0x61
            let base = relative ? current : Point(0, 0)
            func pt() throws -> Point { let x = try number(), y = try number(); return Point(base.x + x, base.y + y) }
            switch command | 0x20 {
            case 0x6D: // m
                current = try pt(); subpath = current
                out.append(.move(current))
                command = relative ? 0x6C : 0x4C  // further pairs are lines
            case 0x6C: // l
                let p = try pt(); out.append(.line(current, p)); current = p
            case 0x68: // h
                let x = try number(); let p = Point(relative ? current.x + x : x, current.y)
                out.append(.line(current, p)); current = p
            case 0x76: // v
                let y = try number(); let p = Point(current.x, relative ? current.y + y : y)
                out.append(.line(current, p)); current = p
            case 0x63: // c
                let a = try pt(), b = try pt(), p = try pt()
                out.append(.cubic(current, a, b, p)); current = p
            case 0x61: // a
                let rx = try number(), ry = try number(), rot = try number()
                let large = try flag(), sweep = try flag()
                let p = try pt()
                out.append(.arc(from: current, rx: rx, ry: ry, rotation: rot, large: large, sweep: sweep, to: p))
                current = p
            default:
                throw ParseError(description: "unsupported command \(Character(UnicodeScalar(command)))")
            }
        }
        return out
    }
}

extension Point {
    func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
}

/// A cubic Bézier evaluated at t.
func bezier(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let s = 1 - t
    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
    return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

// MARK: - PNG

/// Just enough PNG to read rsvg-convert's output: 8-bit RGB or RGBA, not interlaced.
struct PNGImage {
    var width: Int, height: Int
    /// RGBA, row by row.
    var pixels: [UInt8]

    struct DecodeError: Error, CustomStringConvertible { var description: String }

    init(_ data: Data) throws {
        let b = [UInt8](data)
        guard b.count > 8, b[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { throw DecodeError(description: "not a PNG") }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        var i = 8
        var idat: [UInt8] = []
        var w = 0, h = 0, colorType = 0
        while i + 8 <= b.count {
            let length = be32(i)
            let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
            let body = i + 8
            guard body + length <= b.count else { throw DecodeError(description: "truncated \(type) chunk") }
            switch type {
            case "IHDR":
                w = be32(body); h = be32(body + 4)
                colorType = Int(b[body + 9])
                guard b[body + 8] == 8, colorType == 6 || colorType == 2, b[body + 12] == 0 else {
                    throw DecodeError(description: "unsupported PNG: depth \(b[body + 8]), colour type \(colorType), interlace \(b[body + 12])")
                }
            case "IDAT": idat += b[body..<body + length]
            default: break
            }
            i = body + length + 4
        }
        guard w > 0, h > 0, idat.count > 2 else { throw DecodeError(description: "no image data") }
        let raw = try Inflater.inflate(Array(idat.dropFirst(2)))   // skip the zlib header
        let channels = colorType == 6 ? 4 : 3
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw DecodeError(description: "short image data") }
        var px = [UInt8](repeating: 255, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let v = raw[start + 1 + x]
                let a = x >= channels ? Int(row[x - channels]) : 0
                let up = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = up
                case 3: predicted = (a + up) / 2
                case 4:
                    let p = a + up - c
                    let pa = abs(p - a), pb = abs(p - up), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? up : c)
                default: throw DecodeError(description: "bad filter \(filter)")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(v) + predicted)
            }
            for x in 0..<w {
                for k in 0..<channels { px[(y * w + x) * 4 + k] = row[x * channels + k] }
            }
            swap(&previous, &row)
        }
        width = w; height = h; pixels = px
    }

    /// Grey level (0 black … 255 white) of the pixel containing canvas point `p`,
    /// for an image of a document whose viewBox starts at `origin`, drawn at `zoom`.
    func grey(at p: Point, origin: Point, zoom: Double) -> Int? {
        let x = Int(((p.x - origin.x) * zoom).rounded(.down)), y = Int(((p.y - origin.y) * zoom).rounded(.down))
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2])) / 3
    }
}

/// DEFLATE (RFC 1951) decoder, after zlib's `puff.c`: stored, fixed and dynamic blocks.
struct Inflater {
    var input: [UInt8]
    var position = 0
    var bitBuffer = 0, bitCount = 0
    var output: [UInt8] = []

    struct Huffman { var counts: [Int]; var symbols: [Int] }
    struct InflateError: Error, CustomStringConvertible { var description: String }

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var s = Inflater(input: data)
        s.output.reserveCapacity(data.count * 8)
        var last = false
        repeat {
            last = try s.bits(1) == 1
            switch try s.bits(2) {
            case 0: try s.stored()
            case 1: try s.codes(Self.fixedLengths, Self.fixedDistances)
            case 2: try s.dynamic()
            default: throw InflateError(description: "invalid block type")
            }
        } while !last
        return s.output
    }

    mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard position < input.count else { throw InflateError(description: "out of input") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let v = bitBuffer & ((1 << n) - 1)
        bitBuffer >>= n
        bitCount -= n
        return v
    }

    mutating func stored() throws {
        bitBuffer = 0; bitCount = 0
        guard position + 4 <= input.count else { throw InflateError(description: "out of input") }
        let len = Int(input[position]) | Int(input[position + 1]) << 8
        position += 4
        guard position + len <= input.count else { throw InflateError(description: "out of input") }
        output += input[position..<position + len]
        position += len
    }

    static func huffman(_ lengths: [Int]) -> Huffman {
        var counts = [Int](repeating: 0, count: 16)
        for l in lengths { counts[l] += 1 }
        var offsets = [Int](repeating: 0, count: 16)
        for l in 1..<15 { offsets[l + 1] = offsets[l] + counts[l] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (s, l) in lengths.enumerated() where l != 0 {
            symbols[offsets[l]] = s
            offsets[l] += 1
        }
        counts[0] = 0
        return Huffman(counts: counts, symbols: symbols)
    }

    mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for len in 1...15 {
            code |= try bits(1)
            let count = h.counts[len]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw InflateError(description: "bad code")
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                               2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let fixedLengths = huffman((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    static let fixedDistances = huffman([Int](repeating: 5, count: 30))

    mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
        while true {
            let symbol = try decode(lengths)
            if symbol < 256 { output.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            let s = symbol - 257
            guard s < 29 else { throw InflateError(description: "bad length symbol") }
            let length = Self.lengthBase[s] + (try bits(Self.lengthExtra[s]))
            let d = try decode(distances)
            guard d < 30 else { throw InflateError(description: "bad distance symbol") }
            let distance = Self.distanceBase[d] + (try bits(Self.distanceExtra[d]))
            guard distance <= output.count else { throw InflateError(description: "distance too far back") }
            let from = output.count - distance
            for k in 0..<length { output.append(output[from + k]) }
        }
    }

    mutating func dynamic() throws {
        let nlen = try bits(5) + 257, ndist = try bits(5) + 1, ncode = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for k in 0..<ncode { codeLengths[order[k]] = try bits(3) }
        let lencode = Self.huffman(codeLengths)
        var lengths: [Int] = []
        while lengths.count < nlen + ndist {
            let symbol = try decode(lencode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw InflateError(description: "repeat with no length") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == nlen + ndist else { throw InflateError(description: "too many lengths") }
        try codes(Self.huffman(Array(lengths[0..<nlen])), Self.huffman(Array(lengths[nlen...])))
    }
}

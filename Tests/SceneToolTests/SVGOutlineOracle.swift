import Foundation
import Testing
import SceneLang
import SceneEval

/// An SVG path read back into absolute segments, and checked corner by corner
/// against a shape's resolved radii with geometry written out here, apart from
/// the renderer's (semantics.md §1 for the kinds, §7 for continuous corners).
enum SVGOutline {
    enum Kind: Equatable { case line, cubic, arc(Double) }
    struct Segment {
        var kind: Kind; var from: Point; var to: Point
        /// A cubic's control points (absolute).
        var c1 = Point(0, 0), c2 = Point(0, 0)
    }

    /// The segments of path data (`M`, then relative `h v l c a z`), absolute; nil if unreadable.
    static func parse(_ d: Substring) -> [Segment]? {
        var tokens: [Substring] = []
        var i = d.startIndex
        while i < d.endIndex {
            let c = d[i]
            if c.isLetter { tokens.append(d[i...i]); i = d.index(after: i); continue }
            if c == " " || c == "," { i = d.index(after: i); continue }
            let s = i
            i = d.index(after: i)
            while i < d.endIndex, d[i].isNumber || d[i] == "." { i = d.index(after: i) }
            tokens.append(d[s..<i])
        }
        var k = 0
        func num() -> Double? { guard k < tokens.count, let v = Double(tokens[k]) else { return nil }; k += 1; return v }
        var out: [Segment] = []
        var cur = Point(0, 0), start = Point(0, 0)
        while k < tokens.count {
            let cmd = tokens[k]; k += 1
            switch cmd {
            case "M":
                guard let x = num(), let y = num() else { return nil }
                cur = Point(x, y); start = cur
            case "h":
                guard let dx = num() else { return nil }
                out.append(Segment(kind: .line, from: cur, to: Point(cur.x + dx, cur.y)))
            case "v":
                guard let dy = num() else { return nil }
                out.append(Segment(kind: .line, from: cur, to: Point(cur.x, cur.y + dy)))
            case "l":
                guard let dx = num(), let dy = num() else { return nil }
                out.append(Segment(kind: .line, from: cur, to: Point(cur.x + dx, cur.y + dy)))
            case "c":
                var v: [Double] = []
                for _ in 0..<6 { guard let n = num() else { return nil }; v.append(n) }
                out.append(Segment(kind: .cubic, from: cur, to: Point(cur.x + v[4], cur.y + v[5]),
                                   c1: Point(cur.x + v[0], cur.y + v[1]), c2: Point(cur.x + v[2], cur.y + v[3])))
            case "a":
                var v: [Double] = []
                for _ in 0..<7 { guard let n = num() else { return nil }; v.append(n) }
                guard v[0] == v[1], v[2] == 0, v[3] == 0, v[4] == 1 else { return nil }
                out.append(Segment(kind: .arc(v[0]), from: cur, to: Point(cur.x + v[5], cur.y + v[6])))
            case "z":
                if cur != start { out.append(Segment(kind: .line, from: cur, to: start)) }
            default: return nil
            }
            if let last = out.last { cur = last.to }
        }
        return out
    }

    /// One corner as it must be drawn: where it leaves its incoming edge, where it
    /// joins its outgoing edge, and its radius (0: a sharp vertex).
    struct Expected { var entry: Point; var exit: Point; var r: Double; var continuous: Bool }

    /// Every corner of a shape of `kind` in `frame` with resolved `radii`, clockwise
    /// from top-leading: a circle is a true circle in its frame's centred square;
    /// every other kind a rounded rectangle of its radii (a capsule's being half
    /// the shorter side).
    static func corners(kind: ShapeKind, frame f0: Frame, radii: Radii, style: CornerStyle) -> [Expected] {
        var f = f0, rs = radii.values, continuous = style == .continuous
        if kind == .circle {
            let side = min(f0.width, f0.height)
            f = Frame(x: f0.x + (f0.width - side) / 2, y: f0.y + (f0.height - side) / 2, width: side, height: side)
            rs = Array(repeating: side / 2, count: 4)
            continuous = false
        }
        let vertex = [Point(f.minX, f.minY), Point(f.maxX, f.minY), Point(f.maxX, f.maxY), Point(f.minX, f.maxY)]
        // Travel along the edge leaving corner k: right, down, left, up.
        let dir: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        let edge = [f.width, f.height, f.width, f.height]
        // §7: an edge shorter than both corners' 1.528665·r blends their lead-ins.
        func blend(_ e: Int) -> Double {
            let sum = rs[e] + rs[(e + 1) % 4]
            guard continuous, sum > 0 else { return 1 }
            return min(max((edge[e] - sum) / (sum * 0.528665), 0), 1)
        }
        return (0..<4).map { k in
            let r = rs[k], v = vertex[k], inc = dir[(k + 3) % 4], out = dir[k]
            let before = continuous ? r * (1 + 0.528665 * blend((k + 3) % 4)) : r
            let after = continuous ? r * (1 + 0.528665 * blend(k)) : r
            return Expected(entry: Point(v.x - inc.0 * before, v.y - inc.1 * before),
                            exit: Point(v.x + out.0 * after, v.y + out.1 * after), r: r, continuous: continuous)
        }
    }

    /// What is wrong with `segments` as the outline of `corners`; nil when every corner is right.
    static func mismatch(_ segments: [Segment], _ corners: [Expected]) -> String? {
        let scale = corners.map { max(abs($0.entry.x), abs($0.entry.y)) }.max() ?? 0
        let tol = 0.0025 + 1e-9 * scale
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }
        let names = ["topLeading", "topTrailing", "bottomTrailing", "bottomLeading"]
        var curves = 0
        for (k, c) in corners.enumerated() {
            // Too small to draw at output precision: the vertex is all there is.
            if c.r * 1.6 <= tol {
                guard let i = segments.firstIndex(where: { near($0.from, c.entry) }) else {
                    return "\(names[k]): no sharp vertex at \(c.entry)"
                }
                var j = i
                while j < segments.count, j < i + 3, segments[j].kind != .line { curves += 1; j += 1 }
                continue
            }
            let n = c.continuous ? 3 : 1
            guard let i = segments.firstIndex(where: { near($0.from, c.entry) && $0.kind != .line }) else {
                return "\(names[k]): no corner curve starts at \(c.entry) (radius \(c.r))"
            }
            let run = (0..<n).map { segments[(i + $0) % segments.count] }
            for s in run {
                switch s.kind {
                case .line: return "\(names[k]): a line inside the corner"
                case .cubic where !c.continuous: return "\(names[k]): a cubic where a circular arc belongs"
                case .arc where c.continuous: return "\(names[k]): an arc where a continuous corner belongs"
                case .arc(let r) where abs(r - c.r) > tol: return "\(names[k]): arc radius \(r), resolved \(c.r)"
                default: break
                }
            }
            guard let last = run.last, near(last.to, c.exit) else {
                return "\(names[k]): the corner ends at \(run.last?.to ?? c.entry), not \(c.exit) (radius \(c.r))"
            }
            curves += n
        }
        let drawn = segments.filter { $0.kind != .line }.count
        return drawn == curves ? nil : "\(drawn) curve segments, the corners need \(curves)"
    }
}

import SceneLang
import SceneEval

/// `:preview`: the scene drawn in the terminal with braille cells (2 × 4 dots
/// per character), each shape as its rounded outline so nested corners can be
/// compared by eye. Corners are drawn as circular arcs (close enough at this
/// resolution); labels sit on each shape's top edge (above it when that edge's
/// row would reach into a child); colour is optional.
public enum Preview {
    public struct Options: Sendable {
        public var columns: Int
        /// At most this many text rows for the drawing (nil: `Preview.maxRows`).
        public var rows: Int?
        public var color: Bool
        public init(columns: Int, rows: Int? = nil, color: Bool = false) {
            self.columns = columns; self.rows = rows; self.color = color
        }
    }

    /// Rows when the terminal sets none (piped): enough for any screen at any
    /// width, and a bound on the canvas for a scene 1e15 points tall.
    public static let maxRows = 500

    /// Draw the whole screen, or zoom on shape `focus`.
    public static func render(_ scene: ResolvedScene, focus: Int? = nil, options o: Options) -> String {
        var canvas = Canvas(region: region(scene, focus: focus), options: o)
        canvas.draw(scene)
        var cells = Cells(canvas)
        cells.placeLabels(scene, on: canvas)
        var out = cells.text(color: o.color ? { colour(scene, $0) } : nil)
        let what = focus.map { "\(scene.shapes[$0].id) at \(Report.frame(scene.shapes[$0].frame))" }
            ?? "screen \(Report.screen(scene.screen))"
        out += "\(what); 1 dot ≈ \(Format.number(canvas.scale)) pt\n"
        if o.color { out += legend(scene) }
        return out
    }

    /// What is drawn: shape `focus` with a margin, else the screen and
    /// everything that overflows it.
    static func region(_ scene: ResolvedScene, focus: Int?) -> Frame {
        var region: Frame
        if let f = focus {
            let fr = scene.shapes[f].frame
            let m = max(4, 0.06 * max(fr.width, fr.height))
            region = Frame(x: fr.x - m, y: fr.y - m, width: fr.width + 2 * m, height: fr.height + 2 * m)
        } else {
            var minX = 0.0, minY = 0.0, maxX = scene.screen.width, maxY = scene.screen.height
            for s in scene.shapes where s.kind != .group {
                minX = min(minX, s.frame.minX); minY = min(minY, s.frame.minY)
                maxX = max(maxX, s.frame.maxX); maxY = max(maxY, s.frame.maxY)
            }
            let m = 2.0
            region = Frame(x: minX - m, y: minY - m, width: maxX - minX + 2 * m, height: maxY - minY + 2 * m)
        }
        region.width = max(region.width, 1)
        region.height = max(region.height, 1)
        return region
    }

    /// The dots: which shape's outline each belongs to.
    struct Canvas {
        let region: Frame
        /// Points per dot.
        var scale: Double
        var width: Int
        var height: Int
        /// Owner of each dot: -1 the screen, i a shape, Int32.min nothing.
        var owner: [Int32]

        /// Dots per axis: the full width, unless that makes it taller than allowed.
        init(region: Frame, options o: Options) {
            self.region = region
            let cols = max(8, o.columns - 1)
            var s = region.width / Double(cols * 2)
            var dotsW = cols * 2
            var dotsH = Int((region.height / s).rounded(.up))
            let rows = o.rows ?? Preview.maxRows
            if dotsH > max(4, rows) * 4 {
                dotsH = max(4, rows) * 4
                s = region.height / Double(dotsH)
                dotsW = max(2, min(cols * 2, Int((region.width / s).rounded(.up))))
            }
            dotsW += dotsW % 2
            dotsH += (4 - dotsH % 4) % 4
            scale = s
            width = dotsW
            height = dotsH
            owner = [Int32](repeating: .min, count: dotsW * dotsH)
        }

        /// The clip outlines (`clip SHAPE`) a shape is drawn within, as a chain:
        /// each clipping node's outline and the next clipping node above it.
        struct Clips {
            var outline: [Int: Outline] = [:]
            var up: [Int: Int] = [:]

            /// Whether (px, py) is inside every clip from `k` up.
            func contain(_ px: Double, _ py: Double, from k: Int) -> Bool {
                var k = k
                while k >= 0 {
                    if let o = outline[k], !Canvas.inside(px, py, o) { return false }
                    k = up[k] ?? -1
                }
                return true
            }
        }

        /// The screen's outline, then every shape's, as its kind's outline
        /// (`Outline`: the shape-kind table says which geometry each kind draws),
        /// cut to the `clip` shapes of the node and its ancestors, as SwiftUI's
        /// `.clipShape` cuts a view and its content.
        mutating func draw(_ scene: ResolvedScene) {
            draw(Outline(screen: scene.screen), -1)
            var clips = Clips()
            // The nearest node at or above each shape with a clip (-1: none).
            var within = [Int](repeating: -1, count: scene.shapes.count)
            for (k, sh) in scene.shapes.enumerated() {
                let above = sh.parent.map { $0 < k ? within[$0] : -1 } ?? -1
                within[k] = above
                if let clip = sh.layers.first(where: { $0.role == "clip" }) {
                    clips.outline[k] = clip.kind.outline(frame: sh.frame, radii: clip.radii, style: sh.style)
                    clips.up[k] = above
                    within[k] = k
                }
                if sh.kind != .group { draw(Outline(shape: sh), Int32(k), within: within[k], clips) }
            }
        }

        /// The outline `o`: the dots inside it with a neighbour outside, given to
        /// `id`, where they are inside the clips from `within` up. Smaller than a
        /// dot: one dot at its centre.
        mutating func draw(_ o: Outline, _ id: Int32, within: Int = -1, _ clips: Clips = Clips()) {
            let region = self.region, s = scale, dotsW = width, dotsH = height
            let f = o.frame
            // How far in from an edge a dot outside the outline can be.
            let reach: Double
            switch o {
            case .roundedRect(let r), .capsule(let r), .circle(let r): reach = r.radii.max
            case .ellipse(let e): reach = max(e.width, e.height) / 2
            }
            let i0 = max(0, Int(((f.minX - region.x) / s).rounded(.down)) - 1)
            let i1 = min(dotsW - 1, Int(((f.maxX - region.x) / s).rounded(.up)) + 1)
            let j0 = max(0, Int(((f.minY - region.y) / s).rounded(.down)) - 1)
            let j1 = min(dotsH - 1, Int(((f.maxY - region.y) / s).rounded(.up)) + 1)
            guard i0 <= i1, j0 <= j1 else { return }
            // Only a band along the edges can hold outline dots: deeper inside,
            // every dot and its neighbours are inside (the corners are cut within
            // their radius of both edges). So a shape costs its perimeter, not its
            // area, and a thousand nested full-screen shapes draw in a blink.
            let band = Int((reach / s).rounded(.up)) + 3
            var any = false
            for j in j0...j1 {
                let py = region.y + (Double(j) + 0.5) * s
                let full = j - j0 <= band || j1 - j <= band
                var i = i0
                while i <= i1 {
                    if !full, i - i0 > band, i1 - i > band { i = i1 - band; continue }
                    let px = region.x + (Double(i) + 0.5) * s
                    if Self.inside(px, py, o) {
                        any = true
                        if !Self.inside(px - s, py, o) || !Self.inside(px + s, py, o)
                            || !Self.inside(px, py - s, o) || !Self.inside(px, py + s, o),
                           within < 0 || clips.contain(px, py, from: within) {
                            owner[j * dotsW + i] = id
                        }
                    }
                    i += 1
                }
            }
            if !any {
                // Smaller than a dot: one dot at its centre.
                let i = Int(((f.minX + f.width / 2 - region.x) / s).rounded(.down))
                let j = Int(((f.minY + f.height / 2 - region.y) / s).rounded(.down))
                if i >= 0, i < dotsW, j >= 0, j < dotsH { owner[j * dotsW + i] = id }
            }
        }

        /// Whether (px, py) is inside outline `o` (rounded corners drawn circular).
        static func inside(_ px: Double, _ py: Double, _ o: Outline) -> Bool {
            switch o {
            case .roundedRect(let r), .capsule(let r), .circle(let r):
                return inside(px, py, r.frame, r.radii)
            case .ellipse(let f):
                let a = f.width / 2, b = f.height / 2
                guard a > 0, b > 0 else { return false }
                let x = (px - f.x - a) / a, y = (py - f.y - b) / b
                return x * x + y * y <= 1
            }
        }

        /// Whether (px, py) is inside `f` with corner radii `r` (circular corners).
        static func inside(_ px: Double, _ py: Double, _ f: Frame, _ r: Radii) -> Bool {
            guard px >= f.minX, px <= f.maxX, py >= f.minY, py <= f.maxY else { return false }
            func cut(_ cx: Double, _ cy: Double, _ rr: Double, _ inX: Bool, _ inY: Bool) -> Bool {
                rr > 0 && inX && inY && (px - cx) * (px - cx) + (py - cy) * (py - cy) > rr * rr
            }
            let tl = r.topLeading, tr = r.topTrailing, br = r.bottomTrailing, bl = r.bottomLeading
            if cut(f.minX + tl, f.minY + tl, tl, px < f.minX + tl, py < f.minY + tl) { return false }
            if cut(f.maxX - tr, f.minY + tr, tr, px > f.maxX - tr, py < f.minY + tr) { return false }
            if cut(f.maxX - br, f.maxY - br, br, px > f.maxX - br, py > f.maxY - br) { return false }
            if cut(f.minX + bl, f.maxY - bl, bl, px < f.minX + bl, py > f.maxY - bl) { return false }
            return true
        }
    }

    /// The characters: a braille glyph (or a label's letter) per cell and the
    /// owner most of its dots belong to.
    struct Cells {
        let width: Int
        let height: Int
        var glyph: [Character]
        var owner: [Int32]

        init(_ canvas: Canvas) {
            let cellsW = canvas.width / 2, cellsH = canvas.height / 4, dotsW = canvas.width
            width = cellsW
            height = cellsH
            let bit: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
            glyph = [Character](repeating: " ", count: cellsW * cellsH)
            owner = [Int32](repeating: .min, count: cellsW * cellsH)
            for cy in 0..<cellsH {
                for cx in 0..<cellsW {
                    var bits: UInt32 = 0
                    var votes: [(Int32, Int)] = []
                    for dx in 0..<2 {
                        for dy in 0..<4 {
                            let o = canvas.owner[(cy * 4 + dy) * dotsW + cx * 2 + dx]
                            guard o != .min else { continue }
                            bits |= bit[dx][dy]
                            if let v = votes.firstIndex(where: { $0.0 == o }) { votes[v].1 += 1 } else { votes.append((o, 1)) }
                        }
                    }
                    if bits != 0 {
                        glyph[cy * cellsW + cx] = Character(Unicode.Scalar(0x2800 + bits)!)
                        owner[cy * cellsW + cx] = votes.max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }!.0
                    }
                }
            }
        }

        /// Where each label went: shape, row, first column, length (the tests read it).
        var placed: [(shape: Int, row: Int, column: Int, count: Int)] = []

        /// Labels on the top edge, where there is room between the corners, unless
        /// that row reaches into one of the shape's children (where the name would
        /// read as the child's): then on the row just above the shape.
        mutating func placeLabels(_ scene: ResolvedScene, on canvas: Canvas) {
            let region = canvas.region, s = canvas.scale, cellsW = width, cellsH = height
            var taken = [Bool](repeating: false, count: cellsW * cellsH)
            let kids = scene.drawnChildren()
            for (k, sh) in scene.shapes.enumerated() where sh.kind != .group {
                guard let label = sh.label else { continue }
                let outline = Outline(shape: sh), f = outline.frame
                // The top edge's straight run: between the rounded corners, or an
                // ellipse's middle half.
                let lead: Double, trail: Double
                switch outline {
                case .roundedRect(let r), .capsule(let r), .circle(let r): (lead, trail) = (r.radii.topLeading, r.radii.topTrailing)
                case .ellipse(let e): (lead, trail) = (e.width / 4, e.width / 4)
                }
                let top = Int(((f.minY - region.y) / s / 4).rounded(.down))
                let c0 = Int(((f.minX + max(lead, f.width * 0.1) - region.x) / s / 2).rounded(.up)) + 1
                let c1 = Int(((f.maxX - trail - region.x) / s / 2).rounded(.down)) - 1
                let text = " " + label + " "
                guard c0 >= 0, c1 < cellsW, c1 - c0 + 1 >= text.count else { continue }
                // The cells' area in points must not meet a child's frame.
                func clear(_ row: Int) -> Bool {
                    guard row >= 0, row < cellsH else { return false }
                    let x0 = region.x + Double(c0) * 2 * s, x1 = region.x + Double(c0 + text.count) * 2 * s
                    let y0 = region.y + Double(row) * 4 * s, y1 = y0 + 4 * s
                    return !kids[k].contains { j in
                        let c = scene.shapes[j].frame
                        return c.minX < x1 && x0 < c.maxX && c.minY < y1 && y0 < c.maxY
                    } && !(c0..<(c0 + text.count)).contains { taken[row * cellsW + $0] }
                }
                guard let row = [top, top - 1].first(where: clear) else { continue }
                let cells = (c0..<(c0 + text.count)).map { row * cellsW + $0 }
                for (c, ch) in zip(cells, text) { glyph[c] = ch; owner[c] = Int32(k); taken[c] = true }
                placed.append((k, row, c0, text.count))
            }
        }

        /// The lines of text; with `color`, an escape where the owner changes.
        func text(color: ((Int32) -> String)?) -> String {
            let cellsW = width
            var out = ""
            for cy in 0..<height {
                var end = cellsW
                while end > 0, glyph[cy * cellsW + end - 1] == " " { end -= 1 }
                var line = ""
                var current: Int32 = .min
                for cx in 0..<end {
                    let g = glyph[cy * cellsW + cx]
                    let who = owner[cy * cellsW + cx]
                    // Colour changes only where the owner changes.
                    if let color, g != " ", who != .min, who != current {
                        line += "\u{1B}[\(color(who))m"
                        current = who
                    }
                    line.append(g)
                }
                if color != nil, current != .min { line += "\u{1B}[0m" }
                out += line + "\n"
            }
            return out
        }
    }

    /// The SGR colour of owner `o`: grey for the screen, a shape's own fill, else a palette colour.
    static func colour(_ scene: ResolvedScene, _ o: Int32) -> String {
        if o == -1 { return "90" }
        if let f = scene.shapes[Int(o)].fill, f.a > 0 { return "38;2;\(f.r);\(f.g);\(f.b)" }
        let palette = ["36", "35", "33", "32", "34", "31", "96", "95", "93", "92"]
        return palette[Int(o) % palette.count]
    }

    /// In colour: which colour is which labelled shape (the first 12).
    static func legend(_ scene: ResolvedScene) -> String {
        var legend: [String] = []
        for (k, sh) in scene.shapes.enumerated() where sh.kind != .group && sh.label != nil {
            legend.append("\u{1B}[\(colour(scene, Int32(k)))m⣿\u{1B}[0m \(sh.id)")
            if legend.count == 12 { break }
        }
        return legend.isEmpty ? "" : legend.joined(separator: "  ") + "\n"
    }
}

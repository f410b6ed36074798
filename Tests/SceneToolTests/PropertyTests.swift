import Foundation
import Testing
import SceneLang
import SceneEval
import SceneREPL
import SceneTestSupport

/// Differential and property checks on random scenes (issue 10): what must hold
/// of every resolution, whichever way it is reached or written. A failure prints
/// its seed; `SCENE_SEED=N` replays it.
struct PropertyTests {
    static let scenes = 150

    @Test func everyResolvedSceneKeepsTheCornerRules() throws {
        var g = SeededGenerator.fromEnvironment("everyResolvedSceneKeepsTheCornerRules")
        var resolved = 0
        var drawn: [ShapeKind: Int] = [:]
        for n in 0..<Self.scenes {
            let text = PropertyScene.generate(&g)
            let file = SourceFile(name: "p\(n).scene", text: text)
            let c = Pipeline.compile(file)
            guard let scene = c.scene else { continue }
            resolved += 1
            Invariants.check(scene, text)
            // The same scene the other way round, on the other target.
            let other: Target = scene.target == .ios26 ? .ios18 : .ios26
            if let s2 = Pipeline.compile(file, target: other).scene { Invariants.check(s2, text) }
            for k in Invariants.writersAgree(scene, file: file, text) { drawn[k, default: 0] += 1 }
        }
        #expect(resolved > Self.scenes * 3 / 4, "only \(resolved) of \(Self.scenes) random scenes resolved")
        // Every drawn kind had its SVG outline checked, corner by corner, many times.
        for k in ShapeKind.allCases where k != .group {
            #expect(drawn[k, default: 0] >= 10, "only \(drawn[k, default: 0]) \(k) outlines checked")
        }
    }

    /// `scene run --json FILE` and the REPL after `:load FILE` resolve the same scene.
    @Test func theCLIAndTheREPLResolveTheSameScene() throws {
        var g = SeededGenerator.fromEnvironment("theCLIAndTheREPLResolveTheSameScene")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("prop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var compared = 0
        for n in 0..<25 {
            let text = PropertyScene.generate(&g)
            let url = dir.appendingPathComponent("s\(n).scene")
            try text.write(to: url, atomically: true, encoding: .utf8)
            guard case .accepted(let session, _) = Session().replacingAll(with: SourceFile(name: url.path, text: text), what: ":load") else { continue }
            let r = try CLI.run(["run", "--json", url.path])
            guard r.status == 0 else { Issue.record("scene run failed on a scene the REPL accepts:\n\(text)\n\(r.err)"); continue }
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            let shapes = try #require(json["shapes"] as? [[String: Any]])
            #expect(shapes.count == session.scene.shapes.count, "\(text)")
            for (j, sh) in zip(shapes, session.scene.shapes) {
                #expect(j["id"] as? String == sh.id)
                let f = j["frame"] as? [String: Double] ?? [:]
                #expect([f["x"], f["y"], f["width"], f["height"]] == Invariants.rounded([sh.frame.x, sh.frame.y, sh.frame.width, sh.frame.height]), "\(sh.id) in\n\(text)")
                let r = j["radii"] as? [String: Double] ?? [:]
                #expect([r["topLeading"], r["topTrailing"], r["bottomTrailing"], r["bottomLeading"]] == Invariants.rounded(sh.radii.values), "\(sh.id) in\n\(text)")
            }
            compared += 1
        }
        #expect(compared >= 15)
    }
}

enum Invariants {
    static let eps = 1e-6

    /// Printed to 3 decimals, as the writers do.
    static func rounded(_ vs: [Double]) -> [Double?] { vs.map { Double(Format.number($0)) } }

    static func check(_ s: ResolvedScene, _ text: String) {
        for (i, sh) in s.shapes.enumerated() {
            let half = sh.frame.halfShorterSide
            for (k, r) in zip(Corner.allCases, sh.radii.values) {
                #expect(r >= 0 && r <= half + eps, "\(sh.id) \(k.name) = \(r) outside [0, \(half)] in\n\(text)")
            }
            guard case .concentric(let spec)? = sh.spec else { continue }
            // Each corner before uniform: fixed as written, R − d at least the
            // minimum against the recorded container, or (iOS 18) the minimum.
            var before = Radii(all: 0)
            for k in Corner.allCases {
                switch spec[k] {
                case .fixed(let v): before[k] = v
                case .concentric(let m) where s.target == .ios18: before[k] = m ?? 0
                case .concentric(let m):
                    let (frame, R) = container(of: sh, in: s, corner: k)
                    let v = sh.frame
                    let (dx, dy): (Double, Double)
                    switch k {
                    case .topLeading: (dx, dy) = (v.minX - frame.minX, v.minY - frame.minY)
                    case .topTrailing: (dx, dy) = (frame.maxX - v.maxX, v.minY - frame.minY)
                    case .bottomTrailing: (dx, dy) = (frame.maxX - v.maxX, frame.maxY - v.maxY)
                    case .bottomLeading: (dx, dy) = (v.minX - frame.minX, frame.maxY - v.maxY)
                    }
                    let d = max(max(dx, 0), max(dy, 0))
                    before[k] = max(R - d, 0, m ?? 0)
                }
            }
            let groups = spec.groups
            for k in Corner.allCases {
                let group = groups.first { $0.contains(k) }
                let raised = group.map { g in g.map { before[$0] }.max()! } ?? before[k]
                let expected = min(raised, half)
                #expect(abs(sh.radii[k] - expected) <= eps * max(1, expected),
                        "\(sh.id) \(k.name): \(sh.radii[k]), expected \(expected) (before uniform \(before[k])) in\n\(text)")
            }
            // Uniform groups are equal.
            for g in groups {
                #expect(Set(g.map { sh.radii[$0] }).count == 1, "\(sh.id) uniform group \(g.map(\.name)) unequal in\n\(text)")
            }
            _ = i
        }
    }

    /// The frame and radius a concentric corner measures against: its recorded container.
    static func container(of sh: ResolvedShape, in s: ResolvedScene, corner k: Corner) -> (Frame, Double) {
        switch sh.container {
        case .node(let j):
            let c = s.shapes[j]
            let frame = c.containerKind == .circle ? c.frame.centredSquare : c.frame
            return (frame, c.containerRadii?[k] ?? 0)
        default:
            return (s.screen.frame, min(s.screen.radius, s.screen.frame.halfShorterSide))
        }
    }

    /// Text, JSON and SVG say the same radii for every shape.
    /// The kinds of the shapes whose SVG outline was checked.
    @discardableResult
    static func writersAgree(_ s: ResolvedScene, file: SourceFile, _ text: String) -> [ShapeKind] {
        var checked: [ShapeKind] = []
        let json = JSONWriter.write(s, diagnostics: [], file: file)
        guard let obj = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let shapes = obj["shapes"] as? [[String: Any]] else { Issue.record("JSON does not parse"); return [] }
        let rows = TextWriter.write(s).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let svg = SVGWriter.write(s)
        for (sh, j) in zip(s.shapes, shapes) {
            let want = rounded(sh.radii.values)
            let r = j["radii"] as? [String: Double] ?? [:]
            #expect([r["topLeading"], r["topTrailing"], r["bottomTrailing"], r["bottomLeading"]] == want, "JSON radii of \(sh.id) in\n\(text)")
            if sh.kind != .group, let row = rows.first(where: { $0.first == sh.id }), row.count >= 10 {
                #expect(row[6...9].map { Double($0) } == want, "text radii of \(sh.id): \(row) in\n\(text)")
            }
            if svgAgrees(sh, svg, text) { checked.append(sh.kind) }
        }
        return checked
    }

    /// Every corner of every drawn shape in the SVG: where its curve leaves one
    /// edge and joins the next, arc radii, circular or continuous, nothing more
    /// (SVGOutline, geometry written apart from the renderer). Returns whether
    /// the shape was checked (shapes under 0.01 pt are too small to read back).
    @discardableResult
    static func svgAgrees(_ sh: ResolvedShape, _ svg: String, _ text: String) -> Bool {
        guard sh.kind != .group else { return false }
        guard let at = svg.range(of: "<path id=\"\(sh.id)\" d=\"") else {
            let drawable = ([sh.frame.x, sh.frame.y, sh.frame.width, sh.frame.height] + sh.radii.values).allSatisfy(\.isFinite)
            #expect(!drawable, "no SVG path for \(sh.id) in\n\(text)")
            return false
        }
        guard min(sh.frame.width, sh.frame.height) >= 0.01 else { return false }
        let d = svg[at.upperBound...].prefix { $0 != "\"" }
        guard let segments = SVGOutline.parse(d) else { Issue.record("unreadable SVG path of \(sh.id): \(d)"); return false }
        // The oracle is chosen by the outline's geometry, with no `default`: a geometry
        // new to `Outline` is a compile error here until it has an oracle of its own.
        let wrong: String?
        switch sh.kind.outline(frame: sh.frame, radii: sh.radii, style: sh.style) {
        case .roundedRect, .capsule, .circle:
            let corners = SVGOutline.corners(kind: sh.kind, frame: sh.frame, radii: sh.radii, style: sh.style)
            wrong = SVGOutline.mismatch(segments, corners)
        case .ellipse(let frame):
            wrong = SVGOutline.ellipseMismatch(segments, frame)
        }
        if let wrong {
            Issue.record("SVG path of \(sh.id) (\(sh.kind), radii \(sh.radii.values), \(sh.style)): \(wrong)\n\(d)\nin\n\(text)")
        }
        return true
    }
}

/// Random valid scenes: labels, nesting, stacks, every shape kind, each padding
/// form, corner clauses, uniform groups, screens, `target ios18`.
enum PropertyScene {
    /// The kinds written with no arguments, from the shape-kind table (a new kind is drawn
    /// without touching this file), and those of them that publish as a container.
    static let plainKinds = ShapeKind.shapes.filter { $0.row.arguments == .none }.map(\.rawValue)
    static let plainContainers = ShapeKind.shapes.filter { $0.row.arguments == .none && $0.publishesAsContainer }.map(\.rawValue)

    static func generate(_ g: inout SeededGenerator) -> String {
        var out = ""
        if g.below(2) == 0 { out += "screen \(g.pick(["iphone-16-pro", "iphone-se", "ipad-air", "mac-window 800x600", "400x300 radius 20"]))\n" }
        if g.below(4) == 0 { out += "target ios18\n" }
        out += "let r = \(g.below(40) + 4)\nlet p = \(g.below(16))\n"
        var label = 0
        for _ in 0..<(g.below(3) + 1) { node(&g, depth: 0, label: &label, into: &out) }
        return out
    }

    static func node(_ g: inout SeededGenerator, depth: Int, label: inout Int, into out: inout String) {
        label += 1
        var items: [String] = []
        items.append(shape(&g))
        if g.below(2) == 0 { items.append("container " + g.pick(["rect r", "rect \(g.below(60))", "uneven(\(g.below(40)), \(g.below(40)), 0, \(g.below(40)))"] + plainContainers)) }
        if g.below(3) > 0 { items.append(g.pick(["size \(g.below(300) + 20)x\(g.below(300) + 20)", "size \(g.below(200) + 10)", "width \(g.below(300) + 10)", "height \(g.below(200) + 10)"])) }
        if g.below(2) == 0 { items.append(g.pick(["pad p", "pad \(g.below(30))", "pad h \(g.below(20)) v \(g.below(20))", "pad top \(g.below(40)) leading \(g.below(20))", "pad -\(g.below(10))", "pad bottom p trailing \(g.below(9))"])) }
        if g.below(3) == 0 { items.append("align " + g.pick(["center", "top", "bottom", "leading", "trailing", "topLeading", "bottomTrailing"])) }
        let stack = depth < 3 && g.below(3) == 0
        if stack { items.append(g.pick(["hstack", "vstack", "zstack"]) + (g.below(2) == 0 ? " spacing \(g.below(20))" : "")) }
        if g.below(4) == 0 { items.append("style circular") }
        out += String(repeating: "  ", count: depth) + "n\(label): " + items.joined(separator: " ")
        let children = depth < 3 ? g.below(stack ? 4 : 3) : 0
        if children > 0 {
            out += " <\n"
            for _ in 0..<children { node(&g, depth: depth + 1, label: &label, into: &out) }
            out += String(repeating: "  ", count: depth) + ">\n"
        } else {
            out += "\n"
        }
    }

    static func shape(_ g: inout SeededGenerator) -> String {
        switch g.below(9) {
        case 0: return "rect \(g.pick(["r", "\(g.below(80))", "r - p", "min(r, 20)"]))"
        case 1: return "uneven(\(g.below(40)), \(g.below(40)), \(g.below(40)), \(g.below(40)))"
        case 2: return g.pick(plainKinds)
        default:
            var s = "concentric"
            if g.below(2) == 0 { s += " min \(g.below(30))" }
            if g.below(4) == 0 { s += " uniform" }
            if g.below(3) == 0 {
                let sets = [["top", "bottom"], ["leading", "trailing"], ["topLeading", "bottomTrailing"], ["top", "bottomLeading"]]
                let pair = g.pick(sets)
                let clauses = pair.map { c -> String in
                    let style = g.pick(["concentric", "concentric min \(g.below(20))", "fixed \(g.below(40))", "\(g.below(30))"])
                    let grouped = ["top", "bottom", "leading", "trailing"].contains(c) && g.below(2) == 0
                    return "\(c): \(style)\(grouped ? " uniform" : "")"
                }
                s += "(" + clauses.joined(separator: ", ") + ")"
            }
            return s
        }
    }
}

extension SeededGenerator {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}

/// Issue 10 in the REPL: a long line typed, `:edit`ed, `:load`ed and undone.
struct REPLLongInputTests {
    @Test func aFiftyThousandTermSumTypedEditedLoadedAndUndone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sh = Shell(settings: Shell.Settings(color: false, columns: 80, stateDirectory: dir.path))
        let sum = "let a = " + Array(repeating: "1", count: 50_000).joined(separator: " + ")
        let typed = sh.handle(sum)
        #expect(!typed.failed)
        #expect(sh.session.scene.bindings.first?.value == 50_000)
        #expect(!sh.handle("x: rect a / 50000 size 10x10").failed)
        #expect(sh.handle(":list").out.contains("let a = 1 + 1"))
        _ = sh.handle(":ast")
        _ = sh.handle(":json")
        let big = dir.appendingPathComponent("big.scene")
        try ("let b = " + Array(repeating: "2", count: 200_000).joined(separator: " * 1 + ") + "\n").write(to: big, atomically: true, encoding: .utf8)
        #expect(!sh.handle(":load \(big.path)").failed)
        #expect(sh.session.scene.bindings.first?.value == 400_000)
        #expect(!sh.handle(":undo").failed)
        #expect(sh.session.scene.bindings.first?.value == 50_000)
        #expect(!sh.handle(":save \(dir.appendingPathComponent("out.scene").path)").failed)
    }
}

/// `:preview` of scenes past any screen: bounded canvas, outlines by perimeter.
struct PreviewLimitTests {
    @Test func aSceneAThousandTrillionPointsTallPreviewsInBoundedRows() throws {
        let text = "big: vstack spacing 1000000 * 1000 <\n" + String(repeating: "rect 4 size 1000000 * 1000\n", count: 3_000) + ">\n"
        let scene = try #require(Pipeline.compile(SourceFile(name: "tall", text: text)).scene)
        let out = Preview.render(scene, options: Preview.Options(columns: 80))
        #expect(out.split(separator: "\n").count <= Preview.maxRows + 2)
    }

    /// 1,000 of these took minutes (every dot of every shape was tested); the
    /// outline band makes it the perimeter. Same rows as one shape alone.
    @Test func aDeepNestOfFullScreenShapesPreviews() throws {
        var text = ""
        for i in 0..<150 { text += "n\(i): container rect 30 pad 0.5 <\n" }
        text += "leaf: concentric min 2\n" + String(repeating: ">\n", count: 150)
        let scene = try #require(Pipeline.compile(SourceFile(name: "deep", text: text)).scene)
        let out = Preview.render(scene, options: Preview.Options(columns: 60))
        #expect(out.contains("⠁") || out.contains("⡇") || out.contains("⠉"))
        let alone = try #require(Pipeline.compile(SourceFile(name: "one", text: "n0: container rect 30 pad 0.5\n")).scene)
        let one = Preview.render(alone, options: Preview.Options(columns: 60))
        #expect(one.split(separator: "\n").count == out.split(separator: "\n").count)
    }
}

import Foundation

/// Random scenes for the SwiftUI export's property and typecheck tests: every kind of
/// shape and container, each of Apple's nine ConcentricRectangle initialiser forms,
/// stacks (with spacers), padding, alignment, offsets, glass, buttons and the modifier shapes, nested a few levels.
/// Deterministic per seed; every node is labelled (`n1`, `n2`, …) so each has its own subview.
struct SwiftUIRandomScene {
    static let count = 40
    /// The seeds the typecheck, property and style tests run: 1…40, or with `SCENE_RANDOM_SEED=N`
    /// (and `SCENE_RANDOM_COUNT=K`, 40 by default) N…N+K−1, to run more scenes than CI does.
    static var seeds: [UInt64] {
        let env = ProcessInfo.processInfo.environment
        let base = env["SCENE_RANDOM_SEED"].flatMap(UInt64.init) ?? 1
        let n = env["SCENE_RANDOM_COUNT"].flatMap(UInt64.init) ?? UInt64(count)
        return Array(base..<(base + n))
    }
    var state: UInt64
    var next = 0
    var lines: [String] = []

    /// Random scenes that once failed a test, kept as they were generated
    /// (`Tests/Fixtures/swiftui-random/*.scene`): the typecheck and property tests run them too.
    static var fixtures: [(name: String, text: String)] {
        let dir = SVGTest.root.appendingPathComponent("Tests/Fixtures/swiftui-random")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".scene") }.sorted().compactMap { name in
            (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func int(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }

    mutating func radius() -> String { pick(["a", "b", "a - b", "min(a, b)", "12", "16", "b * 2", "(a + b) / 2", "7.5"]) }

    static let concentricForms = [
        "concentric", "concentric min R", "concentric uniform", "concentric min R uniform",
        "concentric(top: fixed 24 uniform, bottom: concentric uniform)",
        "concentric(leading: concentric min R uniform, trailing: 8 uniform)",
        "concentric(top: concentric uniform, bottomLeading: 6, bottomTrailing: concentric min R)",
        "concentric(bottom: concentric min R uniform, topLeading: fixed 2, topTrailing: concentric)",
        "concentric(leading: 8 uniform, topTrailing: concentric min R, bottomTrailing: concentric)",
        "concentric(trailing: concentric uniform, topLeading: 10, bottomLeading: concentric min R)",
        "concentric(topLeading: concentric min R, topTrailing: fixed 24, bottomLeading: concentric, bottomTrailing: fixed 0)",
        "concentric min R (top: fixed 10)", "concentric(all: concentric min R uniform)",
        "concentric(top: fixed R, bottom: concentric min 4)",
    ]

    mutating func concentric() -> String {
        var s = pick(Self.concentricForms)
        while let r = s.range(of: "R") { s.replaceSubrange(r, with: radius()) }
        return s
    }

    mutating func plainShape() -> String {
        pick(["rect \(radius())", "uneven(\(radius()), 4, \(radius()), 0)", "rectangle", "capsule", "circle"])
    }

    mutating func shape() -> String { chance(55) ? concentric() : chance(85) ? plainShape() : "relative" }

    mutating func node(depth: Int) {
        next += 1
        var items = ["n\(next):"]
        if chance(80) { items.append(shape()) }
        if chance(40) { items.append("container " + plainShape()) }
        switch int(4) {
        case 0: items.append("size \(20 + int(200))x\(20 + int(200))")
        case 1: items.append("height \(20 + int(150))")
        case 2: items.append("width \(20 + int(150))")
        default: break
        }
        if chance(60) { items.append(pick(["pad b", "pad 8", "pad h 6 v 10", "pad top 4 leading 2", "pad a"])) }
        if chance(50) { items.append("align " + pick(["top", "bottom", "leading", "trailing", "topLeading", "bottomTrailing", "center"])) }
        let kids = depth < 3 ? int(4) : 0
        if kids > 0, chance(50) { items.append(pick(["hstack", "vstack spacing 4", "zstack", "hstack spacing b"])) }
        if chance(50) { items.append("fill " + pick(["#34c759", "red", "#0a84ff88", "blue", "#fff"])) }
        if chance(15) { items.append("style circular") }
        if chance(20) { items.append(chance(50) ? "glass" : "glass " + shape()) }
        if chance(15) { items.append("clip " + shape()) }
        if chance(10) { items.append("hit " + shape()) }
        if chance(10) { items.append("background " + shape()) }
        if chance(10) { items.append("transition " + (chance(50) ? "rect 12" : shape())) }
        if chance(10) { items.append("role button") }
        // From the node's number, not the generator (the rest of each scene stays as it
        // was): an offset on one node in six, a spacer in every other h/v stack.
        if next % 6 == 1 { items.append("offset b -\(next % 5)") }
        let spacer = items.contains { $0.hasPrefix("hstack") || $0.hasPrefix("vstack") } && next % 2 == 1
            ? (next % 4 == 1 ? "spacer" : "spacer min b") : nil
        let indent = String(repeating: "  ", count: depth)
        if kids == 0 { lines.append(indent + items.joined(separator: " ")); return }
        lines.append(indent + items.joined(separator: " ") + " <")
        for k in 0..<kids {
            node(depth: depth + 1)
            if k == 0, let spacer { lines.append(indent + "  " + spacer) }
        }
        lines.append(indent + ">")
    }

    mutating func scene() -> String {
        lines = ["let a = \(16 + int(30))", "let b = \(2 + int(14))",
                 "screen " + pick(["iphone-16-pro", "iphone-se", "ipad-air", "mac-window", "400x300 radius 20"])]
        if chance(20) { lines.append("target ios18") }
        for _ in 0..<(1 + int(3)) { node(depth: 0) }
        return lines.joined(separator: "\n") + "\n"
    }
}

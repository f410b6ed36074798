// `missing-container-shape` (docs/lint.md): rounded content that resolves past a
// rounded ancestor that declares no container.
import SceneLang

extension Context {
    /// The node's `container …` item when SwiftUI ignores its kind (the row's `.ignored`).
    func ignoredContainer(of a: Int) -> (range: SourceRange, written: String)? {
        guard let item = nodes.items(a).first(where: { if case .container = $0.value { return true }; return false }),
              case .container(let c) = item.value, case .ignored = c.kind.row.container else { return nil }
        return (item.range, text(item.range))
    }

    mutating func missingContainers(in range: Range<Int>) {
        var flagged = Set<Int>()
        for i in range {
            guard scene.shapes[i].kind.followsContainer else { continue }
            let ctx = context(of: i)
            var j = scene.shapes[i].parent
            while let a = j {
                if case .node(a) = ctx { break }
                let p = scene.shapes[a]
                // A concentric (or relative) parent is no container either: it
                // declares the radius it resolves to (a card on a map).
                if p.kind != .group, p.radii.max > 0, !p.isContainer, !flagged.contains(a) {
                    flagged.insert(a)
                    let r = p.radii
                    let decl = r.containerDeclaration
                    var fixes: [TextEdit] = []
                    // The drawn clause, declared as written (`rect r` stays tied to `r`,
                    // `capsule` is `container capsule`), and the help says what the fix writes.
                    var declared = decl
                    if let (range, written) = drawnClause(a) {
                        let same = ShapeKind.shapes.contains { $0.publishesAsContainer && written.hasPrefix($0.rawValue) }
                        if same { declared = "container \(written)" }
                        fixes = [TextEdit(SourceRange(range.end, range.end), " " + declared)]
                    }
                    var help = p.kind.followsContainer
                        ? "a `\(p.kind.rawValue)` shape cannot be a container: declare the radius it resolves to, add `\(declared)`"
                        : "declare its shape as the container: add `\(declared)`"
                    // A container SwiftUI ignores (`container relative`) is there to be replaced, not added to.
                    // (With no drawn clause to declare as written, its resolved radius.)
                    let ignored = ignoredContainer(of: a)
                    if let ignored {
                        let with = fixes.first.map { String($0.replacement.dropFirst()) } ?? decl
                        fixes = [TextEdit(ignored.range, with)]
                        help = "SwiftUI ignores its `\(ignored.written)`: replace it with `\(with)`"
                    }
                    // Its content needs it rounder (container-too-tight against it): the same fix.
                    if let needed = ancestorNeeds[a], needed > r.max + Checker.tolerance {
                        fixes = ancestorRaise(a, to: needed, outline: .drawn)
                        let N = n(needed)
                        help = fixes.isEmpty
                            ? "declare it as the container, as round as its content needs: a shape of radius \(N) and `container rect \(N)`"
                            : "declare it as the container, as round as its content needs (\(N)): "
                                + fixes.map { "`\($0.replacement)`" }.joined(separator: " and ")
                    }
                    let declares = ignored.map { "declares only `\($0.written)`, which SwiftUI ignores" } ?? "declares no container"
                    add(.missingContainerShape,
                        "`\(p.id)` is rounded but \(declares), so `\(scene.shapes[i].id)` resolves against \(name(ctx))",
                        at: shapeRange(a), help: help, fixes: fixes)
                }
                j = p.parent
            }
        }
    }
}

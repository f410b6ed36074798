import Testing
import SceneLang
@testable import SceneEval

/// The shape-kind table's geometry columns, checked against what layout resolves.
struct ShapeKindGeometryTests {
    /// semantics.md §1, written out independently of the table.
    static let frameRadius: [String: Double] = ["rectangle": 0, "capsule": 30, "circle": 30]

    @Test(arguments: ShapeKind.shapes.filter { $0.row.radii == .frame })
    func aFrameDecidedKindResolvesToItsFrameRadius(_ kind: ShapeKind) throws {
        let expected = try #require(Self.frameRadius[kind.rawValue], "\(kind): no expected radius written here")
        let s = try #require(resolve("n: \(kind.rawValue) size 100x60"))
        #expect(s.shapes[0].radii == Radii(all: expected))
        #expect(kind.frameRadius(s.shapes[0].frame) == expected)
        #expect(s.shapes[0].kind == kind)
    }

    @Test(arguments: ShapeKind.allCases)
    func onlyACircleIsMeasuredAndDrawnInItsCentredSquare(_ kind: ShapeKind) {
        let frame = Frame(x: 10, y: 20, width: 100, height: 60)
        let square = Frame(x: 30, y: 20, width: 60, height: 60)
        #expect(kind.measured(frame) == (kind.rawValue == "circle" ? square : frame))
        let outline = kind.outline(frame: frame, radii: Radii(all: 5), style: .continuous)
        #expect(outline.frame == kind.measured(frame))
        // Written out apart from the table: which geometry each kind draws, with which radii.
        let expected: [String: (Outline.Geometry, Radii?)] = [
            "circle": (.circle, Radii(all: 30)), "capsule": (.capsule, Radii(all: 30)), "rect": (.roundedRect, Radii(all: 5)),
            "rectangle": (.roundedRect, Radii(all: 5)), "uneven": (.roundedRect, Radii(all: 5)),
            "concentric": (.roundedRect, Radii(all: 5)), "relative": (.roundedRect, Radii(all: 5)), "group": (.roundedRect, Radii(all: 5)),
        ]
        guard let (geometry, radii) = expected[kind.rawValue] else { Issue.record("\(kind): no geometry written here"); return }
        #expect(outline.geometry == geometry)
        switch outline {
        case .roundedRect(let r), .capsule(let r), .circle(let r): #expect(r.radii == radii)
        case .ellipse: #expect(radii == nil)
        }
    }

    @Test(arguments: ShapeKind.shapes)
    func aContainerOfEachKindPublishesIgnoresOrIsRejectedAsItsRowSays(_ kind: ShapeKind) {
        let item = writtenWithArguments(kind)
        let c = compile("p: size 200x200 container \(item) <\n  c: concentric min 4 pad 10\n>")
        let codes = c.diagnostics.map(\.code)
        switch kind.row.container {
        case .publishes:
            #expect(codes.isEmpty, "\(item): \(codes)")
            #expect(c.scene?.shapes[0].isContainer == true && c.scene?.shapes[1].enclosing == .node(0))
        case .rejected(let code, let why):
            // The code, the message and the reason all come from the kind's row.
            #expect(codes == [code.rawValue])
            #expect(c.diagnostics.first?.message == "a `\(kind.rawValue)` shape cannot be a container")
            #expect(c.diagnostics.first?.help?.hasPrefix(why + "; declare its resolved radius instead: `container ") == true)
        case .ignored(let code, let why):
            #expect(codes == [code.rawValue])
            #expect(c.diagnostics.first?.help?.hasPrefix(why + ";") == true)
            #expect(c.scene?.shapes[1].enclosing == .screen)
        case .never:
            Issue.record("\(kind) has a keyword but cannot follow `container`")
        }
    }
}

/// `kind` written with the arguments its row asks for.
func writtenWithArguments(_ kind: ShapeKind) -> String {
    switch kind.row.arguments {
    case .none: return kind.rawValue
    case .radius: return "\(kind.rawValue) 12"
    case .fourRadii: return "\(kind.rawValue)(1, 2, 3, 4)"
    case .concentric: return "\(kind.rawValue) min 8"
    }
}

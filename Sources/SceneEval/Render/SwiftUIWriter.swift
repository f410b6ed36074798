// IMPLEMENTATION NOTES — the SwiftUI writer (`scene run FILE --swiftui`)
//
// Input: the syntax tree (for expressions as written: `map - inset` stays
// `map - inset`) and the scene resolved twice, for iOS 26 and for the iOS 18
// fallback under `--fallback` (for the fallback shapes, the trailing `// resolves to …`
// comments and the notes). Both
// trees list nodes in the same pre-order, so node i of the AST is shape i.
//
// Output: one Swift file — `import SwiftUI`, the corner scale (an enum with every
// `let` as a `static let`, the corner scale's `rect(_:)` / `nested(minimum:uniform:)` and
// one shape per other ConcentricRectangle, only what the scene uses), one View
// whose body mirrors the scene tree (labelled nodes as named subviews), the
// file-private modifiers that need an availability check, and a `#Preview` at the
// screen's size. Every iOS 26 API sits under `#available(iOS 26.0, macOS 26.0, *)`.
//
// Error policy: the writer never fails on a scene that compiled. What SwiftUI
// cannot express faithfully is still written, with a `// note:` at the place and a
// warning (code `swiftui-…`) returned for stderr.
import SceneLang

public struct SwiftUIOptions: Sendable {
    /// The View's type name (`--name`); by default from the file name (`map.scene` → `MapView`).
    public var typeName: String?
    /// Add the offline verification render (ImageRenderer → PNG, macOS 26).
    public var verifyHarness: Bool
    /// `--previews all`: a preview per preset of the screen's family (every iPhone, or every iPad).
    public var allPreviews: Bool
    /// `--fallback`: what a ConcentricRectangle becomes before iOS 26 (the minimum by default).
    public var fallback: FallbackStyle
    public init(typeName: String? = nil, verifyHarness: Bool = false, allPreviews: Bool = false,
                fallback: FallbackStyle = .minimum) {
        self.typeName = typeName; self.verifyHarness = verifyHarness; self.allPreviews = allPreviews
        self.fallback = fallback
    }
}

public struct SwiftUIExport: Sendable {
    public var code: String
    /// Where the code differs from the scene (each also a `// note:` in the code).
    public var warnings: [Diagnostic]
}

public enum SwiftUIWriter {
    /// Compile `file` for iOS 26 and iOS 18 and write its SwiftUI view; nil when the scene has errors.
    public static func export(_ file: SourceFile, options: SwiftUIOptions = SwiftUIOptions()) -> SwiftUIExport? {
        let own = Pipeline.compile(file)
        guard let scene = own.scene,
              let modern = own.scene?.target == .ios26 ? scene : Pipeline.compile(file, target: .ios26).scene,
              let old = Pipeline.before26(file, style: options.fallback).scene else { return nil }
        // Under `relative` the minimum's radii tell which shapes ContainerRelativeShape draws.
        let minimum = options.fallback == .relative ? Pipeline.before26(file, style: .minimum).scene : nil
        return write(own.parse.scene, file: file, scene: modern, fallback: old, target: scene.target, options: options,
                     minimumFallback: minimum)
    }

    /// The type names for a source name: `examples/map.scene` → (`MapView`, `MapCorners`);
    /// `corners.scene` → (`CornersView`, `Corners`) (the scene's file name).
    public static func typeNames(source: String, typeName: String?) -> (view: String, corners: String) {
        var base = source.split(separator: "/").last.map(String.init) ?? source
        if base.hasSuffix(".scene") { base.removeLast(".scene".count) }
        if base.hasPrefix("<") { base = "Scene" }
        let view = typeName ?? SwiftSource.typeName(from: base) + "View"
        let stem = view.hasSuffix("View") && view.count > 4 ? String(view.dropLast(4)) : view
        let corners = stem.hasSuffix("Corners") ? stem : stem + "Corners"
        // `--name MapCorners`: the enum must not take the view's own name.
        return (view, corners == view ? view + "Scale" : corners)
    }

    /// Whether `--name` is usable as a Swift type name.
    public static func isValidTypeName(_ name: String) -> Bool { typeNameProblem(name) == nil }

    /// Why `--name NAME` cannot be used (not a Swift type name, or a type the file uses), or nil.
    public static func typeNameProblem(_ name: String) -> String? { SwiftNames.typeNameProblem(name) }

    public static func write(_ ast: Scene, file: SourceFile, scene: ResolvedScene, fallback: ResolvedScene,
                             target: Target, options: SwiftUIOptions, minimumFallback: ResolvedScene? = nil) -> SwiftUIExport {
        let names = typeNames(source: file.name, typeName: options.typeName)
        var e = SwiftUIEmitter(ast: ast, file: file, scene: scene, fallback: fallback, target: target,
                               viewName: names.view, enumName: names.corners)
        e.minimumFallback = minimumFallback
        let view = e.viewStruct()
        let body = e.nameColours(in: e.renameShared(in: view))
        var out = e.header(options: options)
        out += e.cornerEnum()
        out += e.colourExtension()
        out += "\n" + body
        out += e.fileprivateModifiers()
        out += e.preview(all: options.allPreviews)
        if options.verifyHarness { out += e.harness() }
        out += "\n#endif\n"
        return SwiftUIExport(code: SwiftLines.fit(out), warnings: e.warnings)
    }
}

/// One node of the syntax tree with its items read out (expressions unevaluated).
struct NodeItems {
    var shape: ShapeExpr?
    var container: ShapeExpr?
    var containerRange: SourceRange?
    var width: Expr?
    var height: Expr?
    var pad: [(Edge, Expr)] = []
    var align = Alignment.center
    var stack: StackAxis?
    var spacing: Expr?
    var fill: Color?
    var style = CornerStyle.continuous
    var glass = false
    var glassShape: ShapeExpr?
    var layers: [(role: String, shape: ShapeExpr, range: SourceRange)] = []
    var role: Role?
    /// `spacer [min M]`: the minimum as written (`.some(nil)` for a bare spacer).
    var spacer: Expr??
    var offset: (x: Expr, y: Expr)?

    init(_ node: Node) {
        for item in node.items {
            switch item.value {
            case .shape(let s): shape = s
            case .container(let s): container = s; containerRange = item.range
            case .size(let w, let h): width = w; height = h
            case .width(let w): width = w
            case .height(let h): height = h
            case .pad(let edges): pad += edges
            case .align(let a): align = a
            case .stack(let axis, let s): stack = axis; spacing = s
            case .fill(let c): fill = c
            case .style(let s): style = s
            case .glass(let s): glass = true; glassShape = s
            case .clip(let s): layers.append(("clip", s, item.range))
            case .background(let s): layers.append(("background", s, item.range))
            case .hit(let s): layers.append(("hit", s, item.range))
            case .transition(let s): layers.append(("transition", s, item.range))
            case .role(let r): role = r
            case .spacer(let m): spacer = .some(m)
            case .offset(let x, let y): offset = (x, y)
            }
        }
        if let d = node.items.drawnItem, d.use == .background { drawnBackground = d.shape }
    }

    /// The drawn shape (grammar rule 2): the shape item, else the glass shape, else the
    /// first background shape, else the container shape; bare `glass` on a node with none
    /// of these is a capsule.
    var drawn: ShapeExpr? {
        shape ?? glassShape ?? drawnBackground ?? container ?? (glass ? .plain(ShapeKind.defaultGlass) : nil)
    }
    /// The first `background SHAPE` when it is the drawn shape (no shape or glass shape:
    /// `Items.drawnItem`, set once from the node's items).
    var drawnBackground: ShapeExpr?
    /// Whether layer `k` is the drawn shape filled as the node's own (`filled` writes it,
    /// so it is not written again as a `.background`): its first background, on a node
    /// without glass whose drawn shape that is.
    func isFilledLayer(_ k: Int) -> Bool {
        !glass && drawnBackground != nil && layers.firstIndex(where: { $0.role == "background" }) == k
    }
    /// The shape the glass is in, when the node has glass.
    var glassIn: ShapeExpr? { glass ? (glassShape ?? drawn) : nil }
    /// The shape filled with the node's colour: glass takes the drawn shape unless
    /// the node names a separate glass shape.
    var filled: ShapeExpr? { glass ? (glassShape != nil ? shape : nil) : drawn }
}

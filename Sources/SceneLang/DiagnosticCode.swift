/// Every diagnostic code, declared once: its spelling (the raw value), its
/// severity, the stage that reports it and a one-line description.
///
/// A `Diagnostic` is built from one of these, never from a string, so a code
/// cannot be misspelt or left out of the catalogue. `docs/diagnostics.md`
/// lists every code with the same severity and description (a test checks
/// both ways); the lint rules have a section each in `docs/lint.md`.
///
/// To add a code: add a case in its group, its row in `entry`, a line in
/// `docs/diagnostics.md` (and a section in `docs/lint.md` for a lint rule).
public enum DiagnosticCode: String, Sendable, CaseIterable {
    // Reading the text: the lexer.
    case invalidUTF8 = "invalid-utf8"
    case invalidCharacter = "invalid-character"
    case invalidNumber = "invalid-number"

    // Reading the text: the parser.
    case unexpectedToken = "unexpected-token"
    case expectedToken = "expected-token"
    case expectedExpression = "expected-expression"
    case missingOperand = "missing-operand"
    case numberTooLarge = "number-too-large"
    case wrongArgumentCount = "wrong-argument-count"
    case expectedName = "expected-name"
    case reservedWord = "reserved-word"
    case expectedTarget = "expected-target"
    case unknownTarget = "unknown-target"
    case expectedScreen = "expected-screen"
    case unknownScreen = "unknown-screen"
    case unknownKeyword = "unknown-keyword"
    case misplacedKeyword = "misplaced-keyword"
    case misplacedStatement = "misplaced-statement"
    case duplicateItem = "duplicate-item"
    case expectedShape = "expected-shape"
    case wrongRadiusCount = "wrong-radius-count"
    case ambiguousMin = "ambiguous-min"
    case expectedCorner = "expected-corner"
    case cornerSpecifiedTwice = "corner-specified-twice"
    case uniformSingleCorner = "uniform-single-corner"
    case expectedAlignment = "expected-alignment"
    case expectedColor = "expected-color"
    case expectedStyle = "expected-style"
    case expectedRole = "expected-role"
    case unmatchedClose = "unmatched-close"
    case unterminatedBlock = "unterminated-block"
    case nestingTooDeep = "nesting-too-deep"
    case tooManyErrors = "too-many-errors"
    /// Swift read by `scene check`/`run`/`import` that swift-syntax cannot parse (a note, not a finding).
    case swiftDoesNotParse = "swift-does-not-parse"
    case tooManyNodes = "too-many-nodes"

    // Evaluating: values, bindings, layout.
    case undefinedName = "undefined-name"
    case duplicateBinding = "duplicate-binding"
    case duplicateScreen = "duplicate-screen"
    case duplicateTarget = "duplicate-target"
    case duplicateLabel = "duplicate-label"
    case negativeSize = "negative-size"
    case negativeRadius = "negative-radius"
    case divisionByZero = "division-by-zero"
    case relativeContainer = "relative-container"
    case unpublishedRadius = "unpublished-radius"
    case misplacedSpacer = "misplaced-spacer"
    case fillDrawsNothing = "fill-draws-nothing"

    // Lint rules, in the order docs/lint.md lists them (`concentric-container`
    // is found by layout, as an error, but documented with the rules).
    case missingContainerShape = "missing-container-shape"
    case containerTooTight = "container-too-tight"
    case flaredCorner = "flared-corner"
    case pinchedCorner = "pinched-corner"
    case radiusInversion = "radius-inversion"
    case concentricContainer = "concentric-container"
    case shapeMismatch = "shape-mismatch"
    case pillNotCapsule = "pill-not-capsule"
    case screenEdgeMargin = "screen-edge-margin"
    case transitionShape = "transition-shape"
    case missingMinimum = "missing-minimum"
    case glassUnavailable = "glass-unavailable"
    case radiusOverflow = "radius-overflow"
    case unevenSiblings = "uneven-siblings"
    case relativeUnevenInsets = "relative-uneven-insets"
    case squareFallback = "square-fallback"
    case glassOnGlass = "glass-on-glass"
    case unusedBinding = "unused-binding"
    case unusedSuppression = "unused-suppression"

    // Writing SwiftUI (`scene run --swiftui`): where the code differs from the scene.
    case swiftuiOverflow = "swiftui-overflow"
    case swiftuiStackPadding = "swiftui-stack-padding"
    case swiftuiConcentricStyle = "swiftui-concentric-style"
    case swiftuiUniformGroups = "swiftui-uniform-groups"
    case swiftuiTransitionShape = "swiftui-transition-shape"
    case swiftuiRelativeContainer = "swiftui-relative-container"
    case swiftuiRadiusOverflow = "swiftui-radius-overflow"
    case swiftuiFallbackRelative = "swiftui-fallback-relative"

    /// Who reports a code.
    public enum Stage: String, Sendable, CaseIterable {
        /// The lexer and the parser: `scene check` on text that does not parse.
        case syntax
        /// The evaluator and layout: names, values, containers.
        case evaluation
        /// The checker (`scene check`): the concentric-corner checklist as rules, each with a section in docs/lint.md.
        case lint
        /// The SwiftUI writer (`scene run --swiftui`): what the generated code cannot say as the scene does.
        case export
    }

    public var severity: Diagnostic.Severity { entry.severity }
    public var stage: Stage { entry.stage }
    /// One line saying what the code means (the same line as in docs/diagnostics.md).
    public var summary: String { entry.summary }
    /// Documented as a rule in docs/lint.md.
    public var isLintRule: Bool { stage == .lint }

    /// The lint rules, in the order docs/lint.md lists them.
    public static var lintRules: [DiagnosticCode] { allCases.filter(\.isLintRule) }

    private typealias Entry = (severity: Diagnostic.Severity, stage: Stage, summary: String)

    /// The catalogue: one row per code.
    private var entry: Entry {
        switch self {
        case .invalidUTF8: return (.error, .syntax, "the file is not valid UTF-8")
        case .invalidCharacter: return (.error, .syntax, "a character the language does not use: quotes, control characters, stray symbols")
        case .invalidNumber: return (.error, .syntax, "a malformed number, such as `12px`, `1.2.3` or `1e3`")
        case .unexpectedToken: return (.error, .syntax, "a token that cannot stand here, such as a second statement on a line")
        case .expectedToken: return (.error, .syntax, "a required `(`, `)`, `,`, `:`, `=` or `x` is missing")
        case .expectedExpression: return (.error, .syntax, "a value is missing where one is needed")
        case .missingOperand: return (.error, .syntax, "an operator or a keyword (`rect`, `pad`, `min`, …) lacks its value")
        case .numberTooLarge: return (.error, .syntax, "a number, written or computed, is beyond ±1,000,000")
        case .wrongArgumentCount: return (.error, .syntax, "`min(…)` or `max(…)` with fewer than two values")
        case .expectedName: return (.error, .syntax, "`let` is not followed by a name")
        case .reservedWord: return (.error, .syntax, "a keyword used as a binding's name or a label")
        case .expectedTarget: return (.error, .syntax, "`target` is not followed by a target")
        case .unknownTarget: return (.error, .syntax, "a target other than `ios26`, `ios18`, `macos26` and `macos15`")
        case .expectedScreen: return (.error, .syntax, "`screen` is not followed by a preset or a size")
        case .unknownScreen: return (.error, .syntax, "a screen preset that does not exist (`scene presets` lists them)")
        case .unknownKeyword: return (.error, .syntax, "a word that starts no statement or item")
        case .misplacedKeyword: return (.error, .syntax, "a keyword that belongs after another one, such as `spacing`, an edge or `min`")
        case .misplacedStatement: return (.error, .syntax, "`let`, `screen`, `target` or `margin` inside a node or a block")
        case .duplicateItem: return (.error, .syntax, "one node gives the same item twice, such as two shapes or two sizes")
        case .expectedShape: return (.error, .syntax, "a shape is missing after `container`, `clip`, `background`, `hit` or `transition`")
        case .wrongRadiusCount: return (.error, .syntax, "`uneven(…)` with other than four radii")
        case .ambiguousMin: return (.error, .syntax, "`concentric min (…)`: the minimum, not the function `min(…)`")
        case .expectedCorner: return (.error, .syntax, "a corner clause that does not start with a corner or a group of corners")
        case .cornerSpecifiedTwice: return (.error, .syntax, "one corner given two styles in a corner clause list")
        case .uniformSingleCorner: return (.error, .syntax, "`uniform` on a single corner (it needs a group)")
        case .expectedAlignment: return (.error, .syntax, "`align` is not followed by an alignment")
        case .expectedColor: return (.error, .syntax, "`fill` is not followed by a colour")
        case .expectedStyle: return (.error, .syntax, "`style` is not followed by `continuous` or `circular`")
        case .expectedRole: return (.error, .syntax, "`role` is not followed by `button`, `badge` or `pill`")
        case .unmatchedClose: return (.error, .syntax, "a `>` with no `<` to close")
        case .unterminatedBlock: return (.error, .syntax, "a `<` that is never closed")
        case .nestingTooDeep: return (.error, .syntax, "nodes nest deeper than 1,000 levels, or an expression deeper than 200")
        case .tooManyErrors: return (.error, .syntax, "more than 1,000 syntax errors: the rest are only counted")
        case .swiftDoesNotParse: return (.note, .syntax, "a Swift file does not parse where it first goes wrong: the views around it may be read wrongly")
        case .tooManyNodes: return (.error, .syntax, "more than 2,000,000 statements and nodes in one scene")
        case .undefinedName: return (.error, .evaluation, "a name that is not defined, or used before its `let`")
        case .duplicateBinding: return (.error, .evaluation, "a name defined twice with `let`")
        case .duplicateScreen: return (.error, .evaluation, "`screen` given twice")
        case .duplicateTarget: return (.error, .evaluation, "`target` given twice")
        case .duplicateLabel: return (.error, .evaluation, "two nodes with the same label")
        case .negativeSize: return (.error, .evaluation, "a size, padding, spacing or margin below zero")
        case .negativeRadius: return (.error, .evaluation, "a radius or minimum below zero")
        case .divisionByZero: return (.error, .evaluation, "a division by zero")
        case .relativeContainer: return (.warning, .evaluation, "`container relative` is ignored, as SwiftUI ignores it")
        case .unpublishedRadius: return (.error, .evaluation, "a screen preset whose corner radius no source gives, without `radius R`")
        case .misplacedSpacer: return (.error, .evaluation, "a `spacer` outside an `hstack` or `vstack`, or with other items or children on its node")
        case .fillDrawsNothing: return (.warning, .evaluation, "a `fill` on a node that draws no shape: nothing is coloured")
        case .missingContainerShape: return (.warning, .lint, "rounded content resolves against an outer container because its node declares none")
        case .containerTooTight: return (.warning, .lint, "a container too tight for its content's inset: the minimum wins over R − d")
        case .flaredCorner: return (.warning, .lint, "a fixed radius larger than R − d at a corner near its container's corner")
        case .pinchedCorner: return (.warning, .lint, "a fixed radius smaller than R − d at a corner near its container's corner")
        case .radiusInversion: return (.warning, .lint, "a corner rounder than its container's corner")
        case .concentricContainer: return (.error, .lint, "a `concentric` shape declared as a container")
        case .shapeMismatch: return (.warning, .lint, "a `clip`, `background`, `glass` or `hit` shape, or a declared container, that differs from the shape drawn")
        case .pillNotCapsule: return (.warning, .lint, "a node with `role button`, `badge` or `pill` whose shape is not a capsule")
        case .screenEdgeMargin: return (.warning, .lint, "on a phone, a top-level shape that pokes out of the display's corner or sits closer than the margin to an edge")
        case .transitionShape: return (.warning, .lint, "a `transition` shape other than a `rect`")
        case .missingMinimum: return (.warning, .lint, "a concentric shape with no minimum that resolves to a square corner in a rounded container")
        case .glassUnavailable: return (.note, .lint, "a `glass` node under `target ios18`, where Liquid Glass does not exist")
        case .radiusOverflow: return (.warning, .lint, "a fixed radius two adjacent corners cannot hold (their sum exceeds the edge they share): iOS 26 traps at render time")
        case .unevenSiblings: return (.warning, .lint, "siblings in a stack of one shape and size whose corners differ: the outer ones follow the container, the inner ones fall to the minimum")
        case .relativeUnevenInsets: return (.warning, .lint, "a `relative` shape with unequal insets: one inset for the whole shape makes a corner more than the tolerance (0.5 pt) rounder than concentric")
        case .squareFallback: return (.warning, .lint, "a concentric shape with no minimum, rounded on iOS 26: before iOS 26 its fallback has square corners")
        case .glassOnGlass: return (.warning, .lint, "a `glass` node inside another `glass` node: Apple's guidance is to avoid glass on glass")
        case .unusedBinding: return (.warning, .lint, "a `let` that no node, `screen`, `margin` or used binding names")
        case .unusedSuppression: return (.warning, .lint, "a `scene: ignore` comment that silences nothing: no such finding on its line or in its file, an unknown rule, or an error")
        case .swiftuiOverflow: return (.warning, .export, "a node outside its parent's frame (or the screen): SwiftUI may place it differently")
        case .swiftuiStackPadding: return (.warning, .export, "flexible children of a stack padded differently along it: SwiftUI shares the space with each child's padding inside its share")
        case .swiftuiConcentricStyle: return (.warning, .export, "`style circular` on a concentric shape: ConcentricRectangle has no corner style")
        case .swiftuiUniformGroups: return (.warning, .export, "uniform corner groups no ConcentricRectangle initialiser has: written per corner")
        case .swiftuiTransitionShape: return (.warning, .export, "a `transition` shape other than a `rect`, written as a RoundedRectangle of its resolved radius")
        case .swiftuiRelativeContainer: return (.warning, .export, "a container kind SwiftUI ignores (`container relative`) is left out of the code")
        case .swiftuiRadiusOverflow: return (.warning, .export, "fixed radii the shape cannot hold (radius-overflow), which iOS 26 traps on: written as drawn, clamped, or as a Capsule")
        case .swiftuiFallbackRelative: return (.warning, .export, "`--fallback relative` where ContainerRelativeShape does not draw the iOS 26 radii: the shape falls back to its minimum")
        }
    }
}

// Helper functions the files declare, read where they are called: a function
// returning a shape (`static func rect(_ r: CGFloat) -> RoundedRectangle`), or a
// view built of one shape (`static func nested(minimum:fill:) -> some View`), and
// a `View` extension's modifier made of one modifier (`func concentricContainer(_
// shape:) -> some View { containerShape(shape) }`). The SwiftUI `scene run
// --swiftui` writes declares all three, so the code it writes is read as the
// scene it came from.
import SwiftSyntax

/// A declared function whose body is one expression, with its parameters.
struct HelperFunction {
    struct Parameter {
        /// The argument label a call writes (nil: `_`, none).
        var label: String?
        /// The name the body uses.
        var name: String
        /// The default value, when it has one.
        var defaultValue: ExprSyntax?
    }
    var parameters: [Parameter]
    /// The one expression it returns, or the modifier call it makes (for a modifier).
    var body: ExprSyntax
    /// The file it is declared in (an index of the files read), and whether it is
    /// `private` or `fileprivate` (seen from that file alone).
    var file = 0
    var isPrivate = false
    /// The type it is declared in (`Theme`, `View` for a `View` extension), nil at file
    /// scope: a bare call in its body is first that type's (`enter` reads it as that type).
    var type: String?
    /// Whether what it returns is a `Shape` (`-> some Shape`, `-> RoundedRectangle`): a
    /// call of it can go in `.containerShape(…)`; one returning `some View` cannot.
    var returnsShape = false

    init(_ f: FunctionDeclSyntax, body: ExprSyntax, file: Int = 0, type: String? = nil) {
        self.file = file
        let returned = f.signature.returnClause?.type.trimmedDescription ?? ""
        returnsShape = returned.hasSuffix("Shape") || ["Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse",
                                                        "UnevenRoundedRectangle", "ConcentricRectangle"].contains(returned)
        self.type = type?.isEmpty == true ? nil : type
        isPrivate = f.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        parameters = f.signature.parameterClause.parameters.map { p in
            let first = p.firstName.text
            return Parameter(label: first == "_" ? nil : first, name: (p.secondName ?? p.firstName).text,
                             defaultValue: p.defaultValue?.value)
        }
        self.body = body
    }

    /// Which helper it is, while it is read (`HelperStack`): its file and where its body starts.
    var key: [Int] { [file, body.position.utf8Offset] }

    /// Each parameter bound to the call's argument, or its default; nil when the
    /// call's labels are not this function's (another overload, or not it).
    func bind(_ args: [LabeledExprSyntax]) -> [String: ExprSyntax]? {
        var out: [String: ExprSyntax] = [:]
        var next = 0
        for p in parameters {
            if next < args.count, args[next].label?.text == p.label {
                out[p.name] = args[next].expression
                next += 1
            } else if let d = p.defaultValue {
                out[p.name] = d
            } else {
                return nil
            }
        }
        return next == args.count ? out : nil
    }

    /// The modifier a `View` extension's one-modifier body calls, on `self` implicitly
    /// or written: `containerShape(s)`, `self.background(s)`.
    static func modifierCall(_ body: ExprSyntax) -> (name: String, call: FunctionCallExprSyntax)? {
        guard let call = body.as(FunctionCallExprSyntax.self) else { return nil }
        var name: String? = nil
        if let d = call.calledExpression.as(DeclReferenceExprSyntax.self) { name = d.baseName.text }
        if let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" {
            name = m.declName.baseName.text
        }
        // (A capitalised name is a type: `RoundedRectangle(…)` is a view, not a modifier.)
        guard let name, name.first?.isLowercase == true else { return nil }
        return (name, call)
    }

    /// The expression a one-statement body gives: its `return`, its expression,
    /// or, for `if #available(iOS 26…) { A } else { … }`, A's (the code the reader
    /// checks is the iOS 26 code; the fallback draws what the export's comments say).
    static func body(_ statements: CodeBlockItemListSyntax?) -> ExprSyntax? {
        guard let statements, statements.count == 1, let e = Declarations.singleExpression(statements.first!.item) else {
            return nil
        }
        if let i = e.as(IfExprSyntax.self) {
            guard i.conditions.count == 1, case .availability(let a) = i.conditions.first!.condition,
                  a.availabilityKeyword.tokenKind == .poundAvailable,
                  a.availabilityArguments.contains(where: { $0.trimmedDescription.hasPrefix("iOS 26") }) else { return nil }
            return body(i.body.statements)
        }
        return e
    }
}

extension ConstantTable {
    /// A shape function called `callee` (by its qualified name or its own) with these
    /// arguments' labels, bound to them; nil when none is declared.
    func shapeFunction(_ callee: String, _ args: [LabeledExprSyntax]) -> (HelperFunction, [String: ExprSyntax])? {
        var name = callee.hasPrefix(".") ? String(callee.dropFirst()) : callee
        if name.hasPrefix("Self."), let t = currentType { name = t + name.dropFirst(4) }
        // A bare name (`badge(size:)`, `.rect`) is the reading type's own when it has one, as
        // Swift's lookup finds a member before anything outside (two views may each have a
        // `badge`, and the other's was read, by the order declared; a `ring` calling itself
        // read another type's `ring`).
        if !name.contains("."), let t = currentType, let own = shapeFunctions[t + "." + name] {
            return choose(own, args)
        }
        // Its qualified name (`Corners.rect`), else one it ends (`Chip.shape` of `Theme.Chip.shape`),
        // else its own name (`rect`, `.rect` of the type the reader is in, `Self.rect`).
        var overloads = shapeFunctions[name] ?? []
        if overloads.isEmpty, name.contains(".") {
            for (k, fs) in shapeFunctions where k.hasSuffix("." + name) { overloads += fs }
        }
        if overloads.isEmpty { overloads = shapeFunctions[String(name.split(separator: ".").last ?? "")] ?? [] }
        return choose(overloads, args)
    }

    /// The overload the call's labels fit, the reading file's own first (two files may
    /// each have a helper of the name; a `private` one is seen from its file alone).
    func choose(_ overloads: [HelperFunction], _ args: [LabeledExprSyntax]) -> (HelperFunction, [String: ExprSyntax])? {
        let here = currentFile
        for own in [true, false] {
            for f in overloads where (f.file == here) == own && (own || !f.isPrivate || here == nil) && !helpers.reading(f) {
                if let b = f.bind(args) { return (f, b) }
            }
        }
        return nil
    }

    /// A `View` extension's modifier `name` with these arguments' labels, bound to
    /// them; nil when none is declared.
    func modifierFunction(_ name: String, _ args: [LabeledExprSyntax]) -> (HelperFunction, [String: ExprSyntax])? {
        choose(modifierFunctions[name] ?? [], args)
    }


    /// Reads `f` from here on, its parameters bound and in its own file, until `leave()`:
    /// false (nothing changed) when `f` is being read already (a helper that calls itself,
    /// or one that calls it) or helpers are nested eight deep. The outermost call is the
    /// site that what the helpers' bodies write is said at.
    mutating func enter(_ f: HelperFunction, _ binding: [String: ExprSyntax], site: Range<Int>, swift: String) -> Bool {
        guard helpers.frames.count < 8, !helpers.reading(f) else { return false }
        helpers.frames.append(.init(arguments: arguments, file: currentFile, type: currentType, key: f.key, setSite: helpers.site == nil))
        if helpers.site == nil { helpers.site = (site, swift, currentFile) }
        arguments = binding
        currentFile = f.file
        currentType = f.type
        return true
    }

    mutating func leave() {
        let top = helpers.frames.removeLast()
        arguments = top.arguments
        currentFile = top.file
        currentType = top.type
        if top.setSite { helpers.site = nil }
    }

    /// Steps out to the caller of the helper being read, whose expression an argument is
    /// (the helper itself may be called there again: `inset(inset(r))`); `back` returns.
    mutating func toCaller() -> (arguments: [String: ExprSyntax], helpers: HelperStack, file: Int?, type: String?) {
        let saved = (arguments, helpers, currentFile, currentType)
        if let top = helpers.frames.popLast() {
            arguments = top.arguments
            currentFile = top.file
            currentType = top.type
        } else {
            arguments = [:]
        }
        return saved
    }

    mutating func back(_ saved: (arguments: [String: ExprSyntax], helpers: HelperStack, file: Int?, type: String?)) {
        (arguments, helpers, currentFile, currentType) = saved
    }

    /// `e`, or the argument it names while a helper is read (in the caller's scope:
    /// no helper's parameters bound), and the bindings to read it with.
    func bound(_ e: ExprSyntax) -> (ExprSyntax, [String: ExprSyntax]) {
        if let d = e.as(DeclReferenceExprSyntax.self), let arg = arguments[d.baseName.text] { return (arg, [:]) }
        return (e, arguments)
    }
}

/// The helpers being read, outermost first: each one's caller's bindings and file, and
/// which helper it is; and the outermost call, where what their bodies write is said.
struct HelperStack {
    struct Frame {
        var arguments: [String: ExprSyntax]
        var file: Int?
        /// The caller's type (`ConstantTable.currentType`).
        var type: String?
        var key: [Int]
        /// Whether this helper's `enter` set `site`.
        var setSite: Bool
    }
    var frames: [Frame] = []
    /// The outermost call's span, text and file.
    var site: (range: Range<Int>, swift: String, file: Int?)?

    func reading(_ f: HelperFunction) -> Bool { frames.contains { $0.key == f.key } }
}

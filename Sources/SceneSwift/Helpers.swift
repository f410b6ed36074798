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

    init(_ f: FunctionDeclSyntax, body: ExprSyntax) {
        parameters = f.signature.parameterClause.parameters.map { p in
            let first = p.firstName.text
            return Parameter(label: first == "_" ? nil : first, name: (p.secondName ?? p.firstName).text,
                             defaultValue: p.defaultValue?.value)
        }
        self.body = body
    }

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
    /// arguments' labels, bound to them; nil when none is declared, or while another is read.
    func shapeFunction(_ callee: String, _ args: [LabeledExprSyntax]) -> (HelperFunction, [String: ExprSyntax])? {
        guard arguments.isEmpty else { return nil }
        let name = callee.hasPrefix(".") ? String(callee.dropFirst()) : callee
        let overloads = shapeFunctions[name] ?? shapeFunctions[String(name.split(separator: ".").last ?? "")] ?? []
        for f in overloads { if let b = f.bind(args) { return (f, b) } }
        return nil
    }

    /// A `View` extension's modifier `name` with these arguments' labels, bound to
    /// them; nil when none is declared, or while one is read (no modifier expands another).
    func modifierFunction(_ name: String, _ args: [LabeledExprSyntax]) -> (HelperFunction, [String: ExprSyntax])? {
        guard arguments.isEmpty else { return nil }
        for f in modifierFunctions[name] ?? [] { if let b = f.bind(args) { return (f, b) } }
        return nil
    }

    /// `e`, or the argument it names while a helper is read (in the caller's scope:
    /// no helper's parameters bound), and the bindings to read it with.
    func bound(_ e: ExprSyntax) -> (ExprSyntax, [String: ExprSyntax]) {
        if let d = e.as(DeclReferenceExprSyntax.self), let arg = arguments[d.baseName.text] { return (arg, [:]) }
        return (e, arguments)
    }
}

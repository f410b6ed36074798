// The first pass over the Swift files: the constants and the views they declare,
// inside `#if` blocks too (a view behind `#if canImport(SwiftUI)` is read on any platform).
import SceneLang
import SwiftSyntax

/// A `View` type (or a `some View` property or function) the files declare.
struct ViewDecl {
    var name: String
    /// The type it belongs to (for `Self.x` and bare constant names).
    var type: String
    var body: CodeBlockItemListSyntax?
    var range: Range<Int>
    var file: Int
    /// A `var` of the view: a caller can set it, so it is not a constant.
    var parameters: Set<String>
}

struct Declarations {
    var constants = ConstantTable()
    /// Inside a `private` or `fileprivate` type or extension (its helpers are the file's own).
    var filePrivate = false
    /// View types by name, in the order written.
    var views: [ViewDecl] = []
    /// `some View` members (`var header: some View`) by type, then name.
    var members: [String: [String: ViewDecl]] = [:]

    mutating func collect(_ tree: SourceFileSyntax, file: Int) {
        for item in tree.statements { collectItem(item.item, in: [], file: file) }
    }

    private mutating func collectItem(_ item: CodeBlockItemSyntax.Item, in scope: [String], file: Int) {
        switch item {
        case .decl(let d): collectDecl(d, in: scope, file: file)
        default: break
        }
    }

    private mutating func collectDecl(_ d: DeclSyntax, in scope: [String], file: Int) {
        // What a `private` or `fileprivate` type or extension declares is seen from its file alone.
        let saved = filePrivate
        defer { filePrivate = saved }
        if let m = d.asProtocol(WithModifiersSyntax.self)?.modifiers, m.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            filePrivate = true
        }
        if let s = d.as(StructDeclSyntax.self) {
            let name = s.name.text
            let isView = s.inheritanceClause?.inheritedTypes.contains { t in
                let n = t.type.trimmedDescription
                return n == "View" || n == "SwiftUI.View"
            } ?? false
            collectMembers(s.memberBlock, in: scope + [name], file: file, view: isView, range: s.trimmedRange)
        } else if let e = d.as(EnumDeclSyntax.self) {
            collectMembers(e.memberBlock, in: scope + [e.name.text], file: file, view: false, range: e.trimmedRange)
        } else if let x = d.as(ExtensionDeclSyntax.self) {
            let name = x.extendedType.trimmedDescription
            let isView = x.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "View" } ?? false
            collectMembers(x.memberBlock, in: [name], file: file, view: isView, range: x.trimmedRange)
        } else if let c = d.as(ClassDeclSyntax.self) {
            collectMembers(c.memberBlock, in: scope + [c.name.text], file: file, view: false, range: c.trimmedRange)
        } else if let f = d.as(FunctionDeclSyntax.self), scope.isEmpty {
            // A file-scope helper (`func photoShape(_ r: CGFloat) -> some Shape`).
            _ = collectHelper(f, type: "", file: file)
        } else if let v = d.as(VariableDeclSyntax.self), scope.isEmpty {
            // A file-scope `let`.
            constantBindings(v, in: scope, file: file)
        } else if let ic = d.as(IfConfigDeclSyntax.self) {
            for clause in ic.clauses {
                switch clause.elements {
                case .statements(let items)?: for i in items { collectItem(i.item, in: scope, file: file) }
                case .decls(let decls)?: for m in decls { collectDecl(m.decl, in: scope, file: file) }
                default: break
                }
            }
        }
    }

    private mutating func collectMembers(_ block: MemberBlockSyntax, in scope: [String], file: Int, view: Bool, range: Range<Int>) {
        let type = scope.joined(separator: ".")
        var body: CodeBlockItemListSyntax? = nil
        var parameters: Set<String> = []
        var viewMembers: [(String, CodeBlockItemListSyntax?, Range<Int>)] = []
        func visit(_ decls: MemberBlockItemListSyntax) {
            for m in decls {
                if let v = m.decl.as(VariableDeclSyntax.self) {
                    let isStatic = v.modifiers.contains { $0.name.text == "static" }
                    if v.bindingSpecifier.text == "var", !isStatic {
                        for b in v.bindings {
                            guard let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                            if case .getter(let items)? = b.accessorBlock?.accessors, Self.returnsView(b.typeAnnotation?.type) {
                                if id == "body" { body = items } else { viewMembers.append((id, items, b.trimmedRange)) }
                            } else if b.accessorBlock == nil {
                                parameters.insert(id)
                            }
                        }
                    } else {
                        constantBindings(v, in: scope, file: file)
                    }
                } else if let f = m.decl.as(FunctionDeclSyntax.self), collectHelper(f, type: type, file: file) {
                    // (A shape, a view of one shape, or a `View` extension's one modifier: Helpers.swift.)
                } else if let f = m.decl.as(FunctionDeclSyntax.self), f.signature.parameterClause.parameters.isEmpty,
                          Self.returnsView(f.signature.returnClause?.type), let items = f.body?.statements {
                    viewMembers.append((f.name.text, items, f.trimmedRange))
                } else if let ic = m.decl.as(IfConfigDeclSyntax.self) {
                    for clause in ic.clauses { if case .decls(let ds)? = clause.elements { visit(ds) } }
                } else {
                    collectDecl(m.decl, in: scope, file: file)
                }
            }
        }
        visit(block.members)
        for (name, items, r) in viewMembers {
            members[type, default: [:]][name] = ViewDecl(name: name, type: type, body: items, range: r, file: file, parameters: parameters)
        }
        if view, let body {
            views.append(ViewDecl(name: type, type: type, body: body, range: range, file: file, parameters: parameters))
        }
    }

    /// A helper function (Helpers.swift), noted; false when `f` is not one: a function
    /// returning a shape, or with parameters a view, whose body is one expression; in a
    /// `View` extension, one made of one modifier.
    mutating func collectHelper(_ f: FunctionDeclSyntax, type: String, file: Int) -> Bool {
        guard let returns = f.signature.returnClause?.type, let body = HelperFunction.body(f.body?.statements) else { return false }
        var helper = HelperFunction(f, body: body, file: file, type: type)
        helper.isPrivate = helper.isPrivate || filePrivate
        if type == "View", Self.returnsView(returns), HelperFunction.modifierCall(body) != nil {
            constants.modifierFunctions[f.name.text, default: []].append(helper)
            return true
        }
        guard Self.shapeTypes.contains(returns.trimmedDescription)
                || (Self.returnsView(returns) && !f.signature.parameterClause.parameters.isEmpty) else { return false }
        if !type.isEmpty { constants.shapeFunctions[type + "." + f.name.text, default: []].append(helper) }
        constants.shapeFunctions[f.name.text, default: []].append(helper)
        return true
    }

    /// What a shape function may return: a kind's SwiftUI type (the shape-kind
    /// table's `swiftUI` column), or an opaque or erased shape.
    static let shapeTypes: Set<String> = Set(ShapeKind.allCases.compactMap(\.row.swiftUI))
        .union(["some Shape", "some InsettableShape", "AnyShape"])

    /// The expression a one-statement body returns.
    static func singleExpression(_ item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        switch item {
        case .expr(let e): return e
        case .stmt(let s):
            if let r = s.as(ReturnStmtSyntax.self) { return r.expression }
            return s.as(ExpressionStmtSyntax.self)?.expression
        default: return nil
        }
    }

    /// `some View`, `AnyView`, `SomeView` written as the type of a member.
    static func returnsView(_ t: TypeSyntax?) -> Bool {
        guard let t else { return false }
        let s = t.trimmedDescription
        return s == "some View" || s == "some SwiftUI.View" || s == "AnyView"
    }

    /// Each `let NAME = literal-ish` (a `static let`, or any `let` with a value: an instance
    /// `let` with a value cannot be set by an initialiser).
    private mutating func constantBindings(_ v: VariableDeclSyntax, in scope: [String], file: Int) {
        guard v.bindingSpecifier.text == "let" else { return }
        for b in v.bindings {
            guard let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
            constants.add((scope + [id]).joined(separator: "."), value, file: file)
        }
    }
}

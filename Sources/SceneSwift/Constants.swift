// Numbers in SwiftUI source, read as the scene language's expressions: literals,
// arithmetic, `min`/`max`, and constants (`static let` in types and extensions, `let`s
// at file scope and in a view's body). Anything else — a `var` (a memberwise init can
// set it), a call, a ternary, an environment value — is dynamic: the reader says why
// and does not guess.
import SwiftSyntax

/// One number as the scene will read it.
struct Num: Sendable {
    /// Scene expression text (`12`, `v_Radius_card - v_Radius_inset`).
    var scene: String
    /// The Swift text as written (`Radius.card - Radius.inset`).
    var swift: String
    /// Where it is in the Swift file (bytes).
    var range: Range<Int>
    var value: Double
    /// Whether it uses a constant's name (a fix can keep it).
    var named: Bool
}

/// A constant the file (or the other files read) defines.
struct Constant: Sendable {
    /// `Radius.card`, `inset`.
    var qualified: String
    var initializer: ExprSyntax
    /// The scene's `let` name.
    var sceneName: String
    /// The initializer's span in its file, and that file's index.
    var range: Range<Int>
    var file: Int
}

/// Why a number is not certain.
struct Dynamic: Error, Sendable {
    var reason: String
    var range: Range<Int>
    /// The file `range` is in, when it is not the file being read: a constant's
    /// initializer declared in another of the files given.
    var file: Int? = nil
}

/// The constants known to a read, and the ones a scene uses (to emit as `let`s, in order).
struct ConstantTable {
    /// By qualified name (`Radius.card`), and by last component for unqualified and
    /// implicit-member look-ups (`.card`, `card` inside `enum Radius`).
    var byName: [String: Constant] = [:]
    var byMember: [String: [Constant]] = [:]
    /// Local `let`s of the view being read: name → constant.
    var locals: [String: Constant] = [:]
    /// The type whose body is being read (`Self.x`, bare `x`).
    var currentType: String?
    /// The `let`s the scene needs, in dependency order, and those being resolved (cycles).
    var used: [Constant] = []
    var usedNames: Set<String> = []
    var resolving: Set<String> = []
    /// Values already computed, and each used constant's scene expression.
    var values: [String: Double] = [:]
    var sceneText: [String: String] = [:]
    /// The last parts of names looked up and not found (`xs` of `Spacing.xs`): the files
    /// passed over by the prefilter that declare them are read for their constants.
    var missing: Set<String> = []
    /// Functions that return a shape built from their parameters (`static func rect(_ r:
    /// CGFloat) -> RoundedRectangle { RoundedRectangle(cornerRadius: r) }`), or a view of
    /// one (Helpers.swift), by name and by qualified name, each name's overloads; and,
    /// while one is read, its parameters bound to the call's arguments.
    var shapeFunctions: [String: [HelperFunction]] = [:]
    /// `View` extensions' modifiers made of one modifier, by name (Helpers.swift).
    var modifierFunctions: [String: [HelperFunction]] = [:]
    var arguments: [String: ExprSyntax] = [:]
    /// The helpers being read (Helpers.swift).
    var helpers = HelperStack()
    /// The file being read (an index of the files read): its own helpers come first.
    var currentFile: Int?

    static func sceneName(_ qualified: String) -> String {
        "v_" + qualified.map { $0 == "." ? "_" : $0 }.map(String.init).joined()
    }

    mutating func add(_ qualified: String, _ initializer: ExprSyntax, file: Int) {
        guard byName[qualified] == nil else { return }
        let c = Constant(qualified: qualified, initializer: initializer, sceneName: Self.sceneName(qualified),
                         range: initializer.trimmedRange, file: file)
        byName[qualified] = c
        let member = qualified.split(separator: ".").last.map(String.init) ?? qualified
        byMember[member, default: []].append(c)
    }

    func lookUp(_ parts: [String]) -> Constant? {
        let joined = parts.joined(separator: ".")
        if parts.count == 1 {
            if let c = locals[joined] { return c }
            if let t = currentType, let c = byName[t + "." + joined] { return c }
            if let c = byName[joined] { return c }
            return nil
        }
        if parts.first == "Self", let t = currentType {
            return byName[([t] + parts.dropFirst()).joined(separator: ".")]
        }
        if let c = byName[joined] { return c }
        // `CGFloat.card` for `extension CGFloat { static let card = … }`, and nested types.
        return byName[parts.suffix(2).joined(separator: ".")]
    }

    /// `.card` (an implicit member): the one static constant of that name.
    func implicitMember(_ name: String) -> Constant? {
        guard let cs = byMember[name], cs.count == 1, cs[0].qualified.contains(".") else { return nil }
        return cs[0]
    }
}

extension SyntaxProtocol {
    /// The node's bytes without its leading and trailing trivia.
    var trimmedRange: Range<Int> {
        positionAfterSkippingLeadingTrivia.utf8Offset..<endPositionBeforeTrailingTrivia.utf8Offset
    }
}

extension ConstantTable {
    /// The expression as a scene number, or why it is dynamic.
    mutating func number(_ e: ExprSyntax) throws(Dynamic) -> Num {
        // A shape function's parameter: the number as the call writes it.
        if let d = e.as(DeclReferenceExprSyntax.self), let arg = arguments[d.baseName.text] {
            let saved = toCaller()  // (the argument is the caller's expression)
            defer { back(saved) }
            return try number(arg)
        }
        let range = e.trimmedRange
        let swift = e.trimmedDescription
        let scene: String, value: Double, named: Bool
        do { (scene, value, named) = try convert(e) } catch {
            // A constant from a file read for its constants only (not one of the files
            // given) has no place to show: say it where the number is used.
            guard let f = error.file, f < 0 else { throw error }
            throw Dynamic(reason: error.reason, range: range)
        }
        // Written in a helper's body, which every call shares: said at the call, and
        // no fix edits it there (`SwiftFix.numberEdit` edits a number where it is written).
        let at = helpers.site.map { $0.file == currentFile && $0.range.contains(range.lowerBound) ? range : $0.range } ?? range
        return Num(scene: scene, swift: swift, range: at, value: value, named: named)
    }

    private mutating func convert(_ e: ExprSyntax) throws(Dynamic) -> (String, Double, Bool) {
        // A helper's parameter inside an expression (`r - inset`): the number is the call's,
        // but a fix would edit the helper every call shares, so it is not followed.
        if let d = e.as(DeclReferenceExprSyntax.self), arguments[d.baseName.text] != nil {
            throw Dynamic(reason: "`\(d.baseName.text)` is a parameter of the function read here: the reader follows a parameter used alone, not one computed with", range: e.trimmedRange)
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            let t = i.literal.text.filter { $0 != "_" }
            guard let v = Double(t), abs(v) <= 1_000_000 else { throw Dynamic(reason: "`\(i.literal.text)` is not a number the reader takes", range: e.trimmedRange) }
            return (Self.format(v), v, false)
        }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            let t = f.literal.text.filter { $0 != "_" }
            guard !t.hasPrefix("0x"), let v = Double(t), v.isFinite, abs(v) <= 1_000_000 else {
                throw Dynamic(reason: "`\(f.literal.text)` is not a number the reader takes", range: e.trimmedRange)
            }
            return (Self.format(v), v, false)
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil {
            let (s, v, n) = try convert(only.expression)
            return ("(" + s + ")", v, n)
        }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            let (s, v, n) = try convert(p.expression)
            return ("-" + s, -v, n)
        }
        if let seq = e.as(SequenceExprSyntax.self) { return try sequence(seq) }
        if let c = e.as(FunctionCallExprSyntax.self) { return try callValue(c) }
        if let parts = Self.nameParts(e) {
            let c: Constant?
            if parts.count == 1, parts[0].hasPrefix(".") { c = implicitMember(String(parts[0].dropFirst())) } else { c = lookUp(parts) }
            guard let c else {
                missing.insert(String(parts.last!.drop { $0 == "." }))
                throw Dynamic(reason: "`\(e.trimmedDescription)` is not a constant (a `let` with a literal value) the reader found", range: e.trimmedRange)
            }
            let v = try resolve(c)
            return (c.sceneName, v, true)
        }
        throw Dynamic(reason: "`\(Self.short(e.trimmedDescription))` is computed at run time", range: e.trimmedRange)
    }

    private mutating func sequence(_ seq: SequenceExprSyntax) throws(Dynamic) -> (String, Double, Bool) {
        // A condition, a comparison or `??` decides the value at run time, whatever its operands.
        for el in seq.elements where el.is(UnresolvedTernaryExprSyntax.self)
            || (el.as(BinaryOperatorExprSyntax.self).map { !["+", "-", "*", "/"].contains($0.operator.text) } ?? false) {
            throw Dynamic(reason: "`\(Self.short(seq.trimmedDescription))` is computed at run time", range: seq.trimmedRange)
        }
        var text = "", named = false
        var operands: [Double] = [], ops: [String] = []
        for el in seq.elements {
            if let op = el.as(BinaryOperatorExprSyntax.self) {
                let o = op.operator.text
                guard ["+", "-", "*", "/"].contains(o) else {
                    throw Dynamic(reason: "`\(Self.short(seq.trimmedDescription))` uses `\(o)`, decided at run time", range: seq.trimmedRange)
                }
                ops.append(o)
                text += " \(o) "
            } else {
                let (s, v, n) = try convert(el)
                operands.append(v)
                named = named || n
                text += s
            }
        }
        guard operands.count == ops.count + 1 else { throw Dynamic(reason: "an expression the reader cannot follow", range: seq.trimmedRange) }
        // * and / first, then + and -, left to right: as Swift and the scene language both do.
        var terms: [Double] = [operands[0]], addOps: [String] = []
        for (o, v) in zip(ops, operands.dropFirst()) {
            switch o {
            case "*": terms[terms.count - 1] *= v
            case "/":
                guard v != 0 else { throw Dynamic(reason: "a division by zero", range: seq.trimmedRange) }
                terms[terms.count - 1] /= v
            default: addOps.append(o); terms.append(v)
            }
        }
        var value = terms[0]
        for (o, v) in zip(addOps, terms.dropFirst()) { value = o == "+" ? value + v : value - v }
        return (text, value, named)
    }

    private mutating func callValue(_ call: FunctionCallExprSyntax) throws(Dynamic) -> (String, Double, Bool) {
        let callee = call.calledExpression.trimmedDescription
        let args = Array(call.arguments)
        // CGFloat(12), Double(inset): the same number.
        if ["CGFloat", "Double", "Float", "Int"].contains(callee), args.count == 1, args[0].label == nil, call.trailingClosure == nil {
            return try convert(args[0].expression)
        }
        if callee == "min" || callee == "max", args.count >= 2, args.allSatisfy({ $0.label == nil }) {
            var parts: [String] = [], values: [Double] = [], named = false
            for a in args {
                let (s, v, n) = try convert(a.expression)
                parts.append(s); values.append(v); named = named || n
            }
            return ("\(callee)(\(parts.joined(separator: ", ")))", callee == "min" ? values.min()! : values.max()!, named)
        }
        throw Dynamic(reason: "`\(Self.short(call.trimmedDescription))` is computed at run time", range: call.trimmedRange)
    }

    /// The constant's value, resolving what it uses first (its `let` goes after theirs).
    private mutating func resolve(_ c: Constant) throws(Dynamic) -> Double {
        if let v = values[c.qualified] { return v }
        guard !resolving.contains(c.qualified) else {
            throw Dynamic(reason: "`\(c.qualified)` is defined in terms of itself", range: c.range, file: c.file)
        }
        resolving.insert(c.qualified)
        defer { resolving.remove(c.qualified) }
        // A constant's own names are looked up in its own type, and no helper's parameters.
        let scope = (arguments, helpers)
        (arguments, helpers) = ([:], HelperStack())
        defer { (arguments, helpers) = scope }
        let saved = currentType
        let parts = c.qualified.split(separator: ".")
        if parts.count > 1 { currentType = parts.dropLast().joined(separator: ".") }
        defer { currentType = saved }
        let n: (String, Double, Bool)
        do { n = try convert(c.initializer) } catch {
            throw Dynamic(reason: "`\(c.qualified)` = `\(Self.short(c.initializer.trimmedDescription))`: \(error.reason)", range: error.range, file: error.file ?? c.file)
        }
        values[c.qualified] = n.1
        if !usedNames.contains(c.sceneName) {
            usedNames.insert(c.sceneName)
            var scened = c
            scened.sceneName = c.sceneName
            used.append(scened)
            sceneText[c.sceneName] = n.0
        }
        return n.1
    }

    /// `Radius.card` → ["Radius", "card"]; `inset` → ["inset"]; `.card` → [".card"].
    static func nameParts(_ e: ExprSyntax) -> [String]? {
        if let d = e.as(DeclReferenceExprSyntax.self) { return [d.baseName.text] }
        if let m = e.as(MemberAccessExprSyntax.self) {
            guard let base = m.base else { return ["." + m.declName.baseName.text] }
            guard let b = nameParts(base), !(b.first?.hasPrefix(".") ?? false) else { return nil }
            return b + [m.declName.baseName.text]
        }
        return nil
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func short(_ s: String) -> String {
        let one = s.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " || $0 == "\t" } }.joined(separator: " ")
        return one.count > 64 ? String(one.prefix(63)) + "…" : one
    }
}

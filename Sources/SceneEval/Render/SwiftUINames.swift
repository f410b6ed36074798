import SceneLang

/// The names the generated file declares, chosen so that none can shadow a type or
/// member the file uses, nor be a Swift keyword: a label `Color` must not turn every
/// `Color(red:…)` into a call of a property, and a label `self` must not make the
/// view contain itself.
enum SwiftNames {
    /// Every type the generated file can name (SwiftUI's, the standard library's and the
    /// harness's). A declared name equal to one of these would shadow it. The shapes are
    /// the shape-kind table's SwiftUI names (its `swiftUI` column), so a new kind's type is here.
    static let types: Set<String> = Set(ShapeKind.allCases.compactMap(\.row.swiftUI)).union([
        "View", "Color", "Shape", "ShapeStyle", "InsettableShape", "HStack", "VStack", "ZStack", "Spacer",
        "AnyShape", "RoundedRectangularShape", "Edge", "Alignment", "HorizontalAlignment",
        "VerticalAlignment", "EdgeInsets", "CGFloat", "CGSize", "Namespace", "Glass", "GlassEffectContainer",
        "Button", "ButtonStyle", "ButtonBorderShape", "BorderedButtonStyle", "PlainButtonStyle", "GlassGroup", "PrimitiveButtonStyle", "GlassButtonStyle", "ViewBuilder", "Preview", "PreviewTrait",
        "ImageRenderer", "URL", "CocoaError", "NSBitmapImageRep", "Material", "Bool", "String", "Double", "Int",
        "Never", "Optional", "Self", "Type", "Protocol", "AppKit", "SwiftUI", "Foundation", "CoreGraphics",
    ])

    /// The members the file uses by name (View modifiers, the helpers it declares, `body`,
    /// `namespace`): a property of the view with one of these names could shadow it.
    static let members: Set<String> = [
        "body", "namespace", "glass", "concentricContainer", "zoomSource", "frame", "padding", "background",
        "overlay", "offset", "fill", "containerShape", "clipShape", "contentShape", "glassEffect",
        "matchedTransitionSource", "ignoresSafeArea", "fixedSize", "buttonStyle", "buttonBorderShape", "glassButton", "rect", "nested", "tint",
        "shape", "id", "regular", "regularMaterial", "action", "label", "content", "spacing", "alignment",
        "render", "renderer", "scale", "url", "png", "image", "source", "cornerRadius", "minimum", "uniform",
    ]

    /// Swift's keywords, contextual ones included (never a declared name, even in backticks).
    static let keywords: Set<String> = SwiftSource.reserved.union([
        "Any", "Self", "self", "super", "init", "deinit", "subscript", "get", "set", "willSet", "didSet",
        "some", "any", "inout", "async", "await", "throws", "rethrows", "nonisolated", "isolated", "consume",
        "copy", "borrowing", "consuming", "actor", "macro", "package", "lazy", "weak", "unowned", "mutating",
        "nonmutating", "override", "required", "convenience", "dynamic", "final", "optional", "indirect",
        "prefix", "postfix", "infix", "open", "associativity", "precedence", "left", "right", "none",
    ])

    /// A label as a lowerCamel Swift name: `flared_corner` → `flaredCorner`, `ZStack` → `zStack`,
    /// `CGFloat` → `cgFloat`. Never empty; never starts with a digit.
    static func lowerCamel(_ label: String) -> String {
        let parts = label.split(separator: "_").map(String.init).filter { !$0.isEmpty }
        var out = ""
        for (n, part) in parts.enumerated() {
            if n == 0 {
                out += lowerFirstRun(part)
            } else {
                out += part.prefix(1).uppercased() + part.dropFirst()
            }
        }
        if out.isEmpty { return "shape" }
        if let f = out.first, f.isNumber { out = "shape" + out }
        return out
    }

    /// The leading capitals lowered (all but the last when a lowercase letter follows them).
    static func lowerFirstRun(_ s: String) -> String {
        let chars = Array(s)
        var run = 0
        while run < chars.count, chars[run].isUppercase { run += 1 }
        guard run > 0 else { return s }
        let lowerCount = run == 1 || run == chars.count ? run : (chars[run].isLowercase ? run - 1 : run)
        return chars[..<lowerCount].map { $0.lowercased() }.joined() + String(chars[lowerCount...])
    }

    /// Whether `name` may be declared as a property of the view or a member of the enum.
    static func isFree(_ name: String) -> Bool {
        !types.contains(name) && !members.contains(name) && !keywords.contains(name)
    }

    /// Why `name` cannot be the view's type name (`--name`), or nil when it can.
    static func typeNameProblem(_ name: String) -> String? {
        if SwiftSource.reserved.contains(name) {
            return "`--name \(name)` is a Swift keyword: a type name cannot be one (`\(name.prefix(1).uppercased() + name.dropFirst())` can)"
        }
        if !SwiftSource.isTypeName(name) {
            return "`--name \(name)` is not a Swift type name (letters, digits and `_`, not starting with a digit)"
        }
        if types.contains(name) || keywords.contains(name) {
            return "`--name \(name)` would shadow `\(name)`, which the generated file uses"
        }
        return nil
    }
}

extension SwiftUIEmitter {
    /// A node as the code's comments name it: its label, or its place in the tree
    /// (`the 2nd child of `row``, `the 1st top-level shape`), never an internal id.
    func describe(_ i: Int) -> String {
        var steps: [Int] = []
        var j = i
        while nodes[j].label == nil, let p = parents[j] {
            steps.append(children[p].firstIndex(of: j)! + 1)
            j = p
        }
        var text: String
        if let l = nodes[j].label?.name {
            text = "`\(l)`"
        } else {
            text = "the \(Self.ordinal(roots.firstIndex(of: j)! + 1)) top-level shape"
        }
        for k in steps.reversed() { text = "the \(Self.ordinal(k)) child of " + text }
        return text
    }

    /// A stable string for node i where code needs one (a transition's id): its label,
    /// or the nearest label above and the child positions (`row.2`).
    func path(_ i: Int) -> String {
        var steps: [String] = []
        var j = i
        while nodes[j].label == nil, let p = parents[j] {
            steps.append(String(children[p].firstIndex(of: j)! + 1))
            j = p
        }
        let head = nodes[j].label?.name ?? "shape\(roots.firstIndex(of: j)! + 1)"
        return ([head] + steps.reversed()).joined(separator: ".")
    }

    static func ordinal(_ n: Int) -> String {
        let tens = n % 100 / 10, unit = n % 10
        let suffix = tens == 1 ? "th" : unit == 1 ? "st" : unit == 2 ? "nd" : unit == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }
}

import Foundation
import SceneLang
@testable import SceneEval

/// Reads the generated view back into `SwiftUIModel.Node`s: the body, each subview (by
/// its `/// `label`` comment), and the layout modifiers the export writes (`frame`,
/// `padding`, `fixedSize`, `offset`, `overlay(alignment:)`); drawing modifiers
/// (`background`, `glass`, `clipShape`, …) do not change layout and are read past.
/// A construct it does not know is an error, so a new one cannot slip through unmodelled.
struct SwiftUIModelReader {
    enum Tok: Equatable { case ident(String), number(String), punct(String), string }
    struct ReadError: Error, CustomStringConvertible { var description: String }

    let generated: GeneratedCode
    var toks: [Tok] = []
    var pos = 0
    /// Subview name → (label, the tokens of its body).
    var subviews: [String: (label: String, body: [Tok])] = [:]
    var bodyTokens: [Tok] = []

    static let drawing: Set<String> = [
        "fill", "background", "glass", "glassEffect", "clipShape", "contentShape", "concentricContainer",
        "containerShape", "zoomSource", "ignoresSafeArea", "buttonStyle", "buttonBorderShape", "glassButton", "tint",
    ]

    init(_ generated: GeneratedCode, viewName: String) throws {
        self.generated = generated
        let all = Self.tokens(generated.code)
        // Labels: `/// `label`…` on the line before `private var name: some View {`.
        var labels: [String: String] = [:]
        let lines = generated.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (n, line) in lines.enumerated() where n > 0 {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("private var "), t.hasSuffix(": some View {") else { continue }
            let name = String(t.dropFirst("private var ".count).prefix { $0 != ":" })
            let doc = lines[n - 1].trimmingCharacters(in: .whitespaces)
            guard doc.hasPrefix("/// `") else { throw ReadError(description: "subview \(name) has no label comment") }
            labels[name] = String(doc.dropFirst(5).prefix { $0 != "`" })
        }
        // Each `var NAME: some View {` … matching `}`.
        var i = 0
        while i + 5 < all.count {
            if all[i] == .ident("var"), case .ident(let name) = all[i + 1], all[i + 2] == .punct(":"),
               all[i + 3] == .ident("some"), all[i + 4] == .ident("View"), all[i + 5] == .punct("{") {
                let start = i + 6
                var depth = 1, j = start
                while j < all.count, depth > 0 {
                    if all[j] == .punct("{") { depth += 1 } else if all[j] == .punct("}") { depth -= 1 }
                    j += 1
                }
                let body = Array(all[start..<(j - 1)])
                if name == "body" { if bodyTokens.isEmpty { bodyTokens = body } } else if let l = labels[name] { subviews[name] = (l, body) }
                i = j
            } else {
                i += 1
            }
        }
        guard !bodyTokens.isEmpty else { throw ReadError(description: "no body in \(viewName)") }
    }

    static func tokens(_ code: String) -> [Tok] {
        var out: [Tok] = []
        let cs = Array(code)
        var i = 0
        while i < cs.count {
            let c = cs[i]
            if c == "/", i + 1 < cs.count, cs[i + 1] == "/" {
                while i < cs.count, cs[i] != "\n" { i += 1 }
            } else if c == "\"" {
                i += 1
                while i < cs.count, cs[i] != "\"" { i += 1 }
                i += 1
                out.append(.string)
            } else if c.isLetter || c == "_" || c == "`" {
                var s = ""
                while i < cs.count, cs[i].isLetter || cs[i].isNumber || cs[i] == "_" || cs[i] == "`" { s.append(cs[i]); i += 1 }
                out.append(.ident(s.replacingOccurrences(of: "`", with: "")))
            } else if c.isNumber {
                var s = ""
                while i < cs.count, cs[i].isNumber || cs[i].isLetter || cs[i] == "." && i + 1 < cs.count && cs[i + 1].isNumber {
                    s.append(cs[i]); i += 1
                }
                out.append(.number(s))
            } else if c.isWhitespace {
                i += 1
            } else {
                out.append(.punct(String(c))); i += 1
            }
        }
        return out
    }

    /// The body as a model node.
    mutating func root() throws -> SwiftUIModel.Node {
        try parseAll(bodyTokens)
    }

    mutating func parseAll(_ tokens: [Tok]) throws -> SwiftUIModel.Node {
        let (saved, savedPos) = (toks, pos)
        toks = tokens; pos = 0
        defer { toks = saved; pos = savedPos }
        let node = try expr()
        guard pos == toks.count else { throw ReadError(description: "unread tokens after an expression: \(toks[pos...].prefix(8))") }
        return node
    }

    var peek: Tok? { pos < toks.count ? toks[pos] : nil }
    mutating func take() -> Tok { defer { pos += 1 }; return toks[pos] }

    /// The tokens between balanced `open` … `close`, the opener at `pos`.
    mutating func group(_ open: String, _ close: String) throws -> [Tok] {
        guard peek == .punct(open) else { throw ReadError(description: "expected \(open)") }
        pos += 1
        let start = pos
        var depth = 1
        while pos < toks.count {
            if toks[pos] == .punct(open) { depth += 1 } else if toks[pos] == .punct(close) { depth -= 1 }
            if depth == 0 { break }
            pos += 1
        }
        defer { pos += 1 }
        return Array(toks[start..<pos])
    }

    /// `label: value` arguments (unlabelled ones under "_0", "_1", …), split at top-level commas.
    static func arguments(_ ts: [Tok]) -> [String: [Tok]] {
        var out: [String: [Tok]] = [:]
        var parts: [[Tok]] = [[]]
        var depth = 0
        for t in ts {
            if t == .punct("(") || t == .punct("{") { depth += 1 }
            if t == .punct(")") || t == .punct("}") { depth -= 1 }
            if t == .punct(","), depth == 0 { parts.append([]) } else { parts[parts.count - 1].append(t) }
        }
        for (n, p) in parts.enumerated() where !p.isEmpty {
            if p.count > 2, case .ident(let l) = p[0], p[1] == .punct(":") { out[l] = Array(p[2...]) } else { out["_\(n)"] = p }
        }
        return out
    }

    func text(_ ts: [Tok]) -> String {
        ts.map { t -> String in
            switch t {
            case .ident(let s), .number(let s), .punct(let s): return s
            case .string: return "\"\""
            }
        }.joined(separator: " ").replacingOccurrences(of: " . ", with: ".")
    }

    func value(_ ts: [Tok]?) throws -> Double? {
        guard let ts else { return nil }
        if ts == [.punct("."), .ident("infinity")] { return .infinity }
        let s = text(ts).replacingOccurrences(of: ". ", with: ".")
        guard let v = generated.value(s) else { throw ReadError(description: "cannot evaluate `\(s)`") }
        return v
    }

    /// `.top`, `.bottomLeading`, … as (horizontal, vertical).
    static func alignment(_ ts: [Tok]?) -> (SwiftUIModel.Align, SwiftUIModel.Align) {
        guard let ts, ts.count == 2, case .ident(let a) = ts[1] else { return (.center, .center) }
        let h: SwiftUIModel.Align = a.lowercased().contains("leading") ? .leading : a.lowercased().contains("trailing") ? .trailing : .center
        let v: SwiftUIModel.Align = a.hasPrefix("top") ? .leading : a.hasPrefix("bottom") ? .trailing : .center
        return (h, v)
    }

    mutating func expr() throws -> SwiftUIModel.Node {
        var node = try primary()
        while peek == .punct("."), pos + 1 < toks.count, case .ident(let m) = toks[pos + 1] {
            pos += 2
            let args = peek == .punct("(") ? try group("(", ")") : []
            let closure = peek == .punct("{") ? try group("{", "}") : nil
            node = try modifier(m, node, Self.arguments(args), closure)
        }
        return node
    }

    mutating func modifier(_ m: String, _ node: SwiftUIModel.Node, _ a: [String: [Tok]], _ closure: [Tok]?) throws
        -> SwiftUIModel.Node {
        switch m {
        case "frame":
            let (ah, av) = Self.alignment(a["alignment"])
            if a["minWidth"] != nil || a["maxWidth"] != nil || a["minHeight"] != nil || a["maxHeight"] != nil {
                return .flexibleFrame(node, minW: try value(a["minWidth"]), maxW: try value(a["maxWidth"]),
                                      minH: try value(a["minHeight"]), maxH: try value(a["maxHeight"]), ah: ah, av: av)
            }
            return .fixedFrame(node, w: try value(a["width"]), h: try value(a["height"]), ah: ah, av: av)
        case "padding":
            if let e = a["_0"], case .ident("EdgeInsets") = e.first {
                let inner = Self.arguments(Array(e.dropFirst(2).dropLast()))
                return .padding(node, top: try value(inner["top"]) ?? 0, leading: try value(inner["leading"]) ?? 0,
                                bottom: try value(inner["bottom"]) ?? 0, trailing: try value(inner["trailing"]) ?? 0)
            }
            if let e = a["_0"], e.first == .punct("."), case .ident(let edge) = e[1] {
                let v = try value(a["_1"]) ?? 16
                switch edge {
                case "horizontal": return .padding(node, top: 0, leading: v, bottom: 0, trailing: v)
                case "vertical": return .padding(node, top: v, leading: 0, bottom: v, trailing: 0)
                case "top": return .padding(node, top: v, leading: 0, bottom: 0, trailing: 0)
                case "bottom": return .padding(node, top: 0, leading: 0, bottom: v, trailing: 0)
                case "leading": return .padding(node, top: 0, leading: v, bottom: 0, trailing: 0)
                case "trailing": return .padding(node, top: 0, leading: 0, bottom: 0, trailing: v)
                default: throw ReadError(description: "padding edge \(edge)")
                }
            }
            let v = try value(a["_0"]) ?? 16
            return .padding(node, top: v, leading: v, bottom: v, trailing: v)
        case "fixedSize":
            if a.isEmpty { return .fixedSize(node, h: true, v: true) }
            return .fixedSize(node, h: a["horizontal"] == [.ident("true")], v: a["vertical"] == [.ident("true")])
        case "offset":
            return .offset(node, x: try value(a["x"]) ?? 0, y: try value(a["y"]) ?? 0)
        case "overlay":
            let (ah, av) = Self.alignment(a["alignment"])
            guard let closure else { throw ReadError(description: "overlay without content") }
            return .overlay(node, try parseAll(closure), ah: ah, av: av)
        default:
            guard Self.drawing.contains(m) else { throw ReadError(description: "unmodelled modifier .\(m)") }
            return node
        }
    }

    mutating func primary() throws -> SwiftUIModel.Node {
        guard case .ident(let name) = take() else { throw ReadError(description: "expected a view at \(pos - 1)") }
        switch name {
        case "HStack", "VStack", "ZStack":
            let a = peek == .punct("(") ? Self.arguments(try group("(", ")")) : [:]
            let inner = try group("{", "}")
            let kids = try children(inner, axis: name == "HStack" ? .horizontal : name == "VStack" ? .vertical : nil)
            let (ah, av) = Self.alignment(a["alignment"])
            switch name {
            case "HStack": return .stack(axis: .horizontal, cross: av, spacing: try value(a["spacing"]) ?? 8, children: kids)
            case "VStack": return .stack(axis: .vertical, cross: ah, spacing: try value(a["spacing"]) ?? 8, children: kids)
            default: return .zstack(h: ah, v: av, children: kids)
            }
        case "Button":
            // `Button { action } label: { label }`: laid out as its label (a plain or
            // glass style with the frame outside, as the export writes it).
            _ = try group("{", "}")
            guard take() == .ident("label"), take() == .punct(":") else { throw ReadError(description: "Button without a label") }
            let kids = try children(try group("{", "}"), axis: nil)
            guard kids.count == 1 else { throw ReadError(description: "Button label of \(kids.count) views") }
            return kids[0]
        case "GlassGroup":
            // GlassEffectContainer around one stack: the stack, laid out as it is.
            if peek == .punct("(") { _ = try group("(", ")") }
            let kids = try children(try group("{", "}"), axis: nil)
            guard kids.count == 1 else { throw ReadError(description: "GlassGroup around \(kids.count) views") }
            return kids[0]
        case "Color":
            guard peek == .punct(".") else { throw ReadError(description: "Color without a member") }
            pos += 2
            return .fill
        default:
            if let sub = subviews[name] {
                return .named(sub.label, try parseAll(sub.body))
            }
            // A shape: `Capsule()`, `Corners.rect(16)`, `Corners.sheetShape`, `Corners.nested(minimum: 4)`.
            guard name.first?.isUppercase == true else { throw ReadError(description: "unknown view `\(name)`") }
            if peek == .punct("(") { _ = try group("(", ")"); return .fill }
            guard peek == .punct(".") else { throw ReadError(description: "shape `\(name)` without a member") }
            pos += 2
            if peek == .punct("(") { _ = try group("(", ")") }
            return .fill
        }
    }

    /// A stack's children: expressions one after another; `Spacer(minLength:)` takes the stack's axis.
    mutating func children(_ ts: [Tok], axis: SwiftUIModel.Axis?) throws -> [SwiftUIModel.Node] {
        let (saved, savedPos) = (toks, pos)
        toks = ts; pos = 0
        defer { toks = saved; pos = savedPos }
        var out: [SwiftUIModel.Node] = []
        while pos < toks.count {
            if peek == .ident("Spacer") {
                pos += 1
                let a = Self.arguments(try group("(", ")"))
                guard let axis else { throw ReadError(description: "Spacer outside an HStack or VStack") }
                out.append(.spacer(axis: axis, min: try value(a["minLength"]) ?? 8))
                continue
            }
            out.append(try expr())
        }
        return out
    }
}

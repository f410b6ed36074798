import Foundation
import Testing
import SceneLang
@testable import SceneEval

/// Typechecking generated SwiftUI on Linux: the interface stub in
/// `Tests/Fixtures/swiftui` (SwiftUI.swift plus the CoreGraphics and AppKit types the
/// harness uses) is compiled once into modules, then every generated file is checked
/// with `swiftc -typecheck -swift-version 6 -warnings-as-errors -I DIR`.
enum SwiftUITest {
    static let stubDir = SVGTest.root.appendingPathComponent("Tests/Fixtures/swiftui")

    /// The modules' directory, built once per run; or the reason it could not be built.
    static let modules: Result<URL, StubError> = buildModules()

    struct StubError: Error, CustomStringConvertible { var description: String }

    static func swiftc() -> URL? { SVGTest.tool("swiftc") }

    static func buildModules() -> Result<URL, StubError> {
        guard let swiftc = swiftc() else { return .failure(StubError(description: "swiftc is not on PATH")) }
        do {
            let dir = try SVGTest.scratch()
            for module in ["CoreGraphics", "SwiftUI", "AppKit"] {
                let r = try SVGTest.run(swiftc, ["-emit-module", "-module-name", module, "-parse-as-library",
                                                 "-swift-version", "6", "-I", dir.path,
                                                 "-emit-module-path", dir.appendingPathComponent("\(module).swiftmodule").path,
                                                 stubDir.appendingPathComponent("\(module).swift").path])
                guard r.status == 0 else { return .failure(StubError(description: "the \(module) stub does not compile:\n\(r.stderr)")) }
            }
            return .success(dir)
        } catch {
            return .failure(StubError(description: "\(error)"))
        }
    }

    /// `#Preview(…) { … }` needs Apple's macro plugin, which Linux lacks: the preview is
    /// checked as the `Preview(…)` value the macro expands to, with the same arguments.
    /// The file is for iOS and macOS (`#if os(iOS) || os(macOS)`, the harness `#if os(macOS)`):
    /// here those branches are made true on Linux, so that they are checked, not skipped.
    static func checkable(_ code: String) -> String {
        var parts = code.components(separatedBy: "\n#Preview(")
        for k in parts.indices.dropFirst() { parts[k] = "\n@MainActor private let previewCheck\(k) = Preview(" + parts[k] }
        return parts.joined()
            .replacingOccurrences(of: "\n#if os(iOS) || os(macOS)\n", with: "\n#if os(iOS) || os(macOS) || os(Linux)\n")
            .replacingOccurrences(of: "\n#if os(macOS)\n", with: "\n#if os(macOS) || os(Linux)\n")
    }

    /// `code` with the line breaks `SwiftLines` makes undone, so that a test can look for a
    /// call or a comment on one line: a call's arguments rejoined, a wrapped comment's
    /// continuation lines joined to it (a line starting `// note:`, `// resolves`, `// draws`
    /// starts a comment of its own). Still Swift that typechecks.
    static func flat(_ code: String) -> String {
        var out: [String] = []
        var previousComment = ""
        for raw in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let t = line.trimmingCharacters(in: .whitespaces)
            let marker = t.hasPrefix("///") ? "///" : t.hasPrefix("//") ? "//" : ""
            let fresh = ["// note:", "// resolves", "// draws", "/// `", "// MARK"].contains { t.hasPrefix($0) }
            if !marker.isEmpty, marker == previousComment, !fresh, let last = out.popLast() {
                out.append(last + " " + t.dropFirst(marker.count).trimmingCharacters(in: .whitespaces))
                continue
            }
            previousComment = marker
            if let last = out.last, last.hasSuffix("(") || last.hasSuffix("[") {
                out[out.count - 1] = last + t
            } else if let last = out.last, last.hasSuffix(","), marker.isEmpty, !last.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                out[out.count - 1] = last + " " + t
            } else if marker.isEmpty, t.hasPrefix(")") || t.hasPrefix("]"), let last = out.last, !last.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                out[out.count - 1] = last + t
            } else {
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Typecheck Swift sources (name → text) together; the compiler's output, or nil when they pass.
    static func typecheck(_ files: [(name: String, code: String)],
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String? {
        let dir: URL
        switch modules {
        case .success(let d): dir = d
        case .failure(let e): return "no stub modules: \(e)"
        }
        let work = try SVGTest.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        var paths: [String] = []
        for f in files {
            let url = work.appendingPathComponent(f.name)
            try checkable(f.code).write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let r = try SVGTest.run(swiftc()!, ["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I", dir.path] + paths)
        let out = r.stderr + String(decoding: r.stdout, as: UTF8.self)
        return r.status == 0 && out.isEmpty ? nil : out
    }
}

/// Reading generated code back: the corner enum's values, the concentric shapes it
/// defines, and each labelled node's subview.
struct GeneratedCode {
    let code: String
    let enumName: String
    /// `static let NAME: CGFloat = EXPR` lines, as scene `let` statements.
    var bindings: [String] = []
    /// Concentric shape properties: name → (initialiser text, fallback text).
    var shapes: [String: (initializer: String, fallback: String)] = [:]

    init(_ code: String, enumName: String) {
        let code = SwiftUITest.flat(code)
        self.code = code; self.enumName = enumName
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (n, line) in lines.enumerated() {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("static let "), let eq = t.range(of: ": CGFloat = ") {
                let name = t.dropFirst("static let ".count).prefix { $0 != ":" }.replacingOccurrences(of: "`", with: "")
                var value = String(t[eq.upperBound...])
                if let c = value.range(of: "  //") { value = String(value[..<c.lowerBound]) }
                bindings.append("let \(name) = \(value.replacingOccurrences(of: "`", with: ""))")
            }
            let filledForm = t.hasPrefix("static func ") && t.hasSuffix(": some ShapeStyle) -> some View {") && !t.contains("minimum:")
            if (t.hasPrefix("static var ") && t.hasSuffix(": AnyShape {")) || filledForm {
                // `if #available(…) {` INITIALISER `} else {` FALLBACK `}`, each over one line or more;
                // the filled form (`static func NAME(fill style: …)`) read as the shape form.
                let name = String(t.dropFirst(filledForm ? "static func ".count : "static var ".count).prefix { $0 != ":" && $0 != "(" })
                var parts: [String] = ["", ""], part = -1, k = n + 1
                while k < lines.count {
                    let l = lines[k].trimmingCharacters(in: .whitespaces)
                    if l.hasPrefix("if #available(") { part = 0 } else if l == "} else {" { part = 1 } else if l == "}" { break }
                    else if part >= 0 { parts[part] += l }
                    k += 1
                }
                if filledForm {
                    parts = parts.map { p in
                        guard let dot = p.range(of: ").fill(", options: .backwards) else { return p }
                        return "AnyShape(" + p[..<dot.lowerBound] + "))"
                    }
                }
                if shapes[name] == nil || !filledForm { shapes[name] = (parts[0], parts[1]) }
            }
        }
    }

    /// Evaluate a Swift expression from the code (names as `Enum.name` or bare) with the enum's values.
    func value(_ swift: String) -> Double? {
        let expr = swift.replacingOccurrences(of: enumName + ".", with: "").replacingOccurrences(of: "`", with: "")
        let text = (bindings + ["let generatedValue = \(expr)"]).joined(separator: "\n")
        let c = Pipeline.compile(SourceFile(name: "generated", text: text))
        return c.scene?.bindings.last { $0.name == "generatedValue" }?.value
    }

    /// The text of `private var NAME: some View { … }` (a labelled node's own code).
    func subview(_ label: String) -> String? {
        let name = SwiftNames.lowerCamel(label)
        guard let start = code.range(of: "    private var \(name): some View {\n")
                ?? code.range(of: "    private var \(name)View: some View {\n") else { return nil }
        guard let end = code.range(of: "\n    }\n", range: start.upperBound..<code.endIndex) else { return nil }
        return String(code[start.upperBound..<end.lowerBound])
    }

    /// `label: value` arguments split at top-level commas.
    static func labelled(_ args: String) -> [String: String] {
        var out: [String: String] = [:]
        var depth = 0, current = ""
        func flush() {
            if let r = current.range(of: ": ") {
                out[current[..<r.lowerBound].trimmingCharacters(in: .whitespaces)] = String(current[r.upperBound...])
            }
            current = ""
        }
        for ch in args {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == ",", depth == 0 { flush() } else { current.append(ch) }
        }
        flush()
        return out
    }

    /// The argument text of each call `prefix(…)` in `text`, balanced parentheses.
    static func arguments(of prefix: String, in text: String) -> [String] {
        var out: [String] = []
        var search = text.startIndex
        while let r = text.range(of: prefix, range: search..<text.endIndex) {
            var depth = 1, i = r.upperBound
            while i < text.endIndex, depth > 0 {
                if text[i] == "(" { depth += 1 } else if text[i] == ")" { depth -= 1 }
                if depth > 0 { i = text.index(after: i) }
            }
            out.append(String(text[r.upperBound..<i]))
            search = i < text.endIndex ? text.index(after: i) : text.endIndex
        }
        return out
    }

    /// Lines of code (comments dropped) in which `needle` occurs outside an
    /// `if #available(iOS 26.0, macOS 26.0, *) { … }` branch.
    func unguarded(_ needle: String) -> [String] {
        var stack: [Bool] = []  // per open brace: is it the iOS 26 branch?
        var found: [String] = []
        for raw in code.split(separator: "\n") {
            var line = String(raw)
            if let c = line.range(of: "//") { line = String(line[..<c.lowerBound]) }
            if line.contains(needle), !stack.contains(true) { found.append(line) }
            for ch in line {
                if ch == "{" { stack.append(line.contains("if #available(iOS 26.0, macOS 26.0, *)") && !line.contains("} else")) }
                if ch == "}", !stack.isEmpty { stack.removeLast() }
            }
        }
        return found
    }
}

import SceneLang

/// The parts around the View: the header, the corner enum, the file-private
/// modifiers that need availability checks, the preview and the verification harness.
extension SwiftUIEmitter {
    func header(options: SwiftUIOptions) -> String {
        let s = scene.screen
        let screen = (s.name.map { "\($0), " } ?? "") + "\(Format.number(s.width)) × \(Format.number(s.height)) pt, \(s.outline) corner radius \(Format.number(s.radius))"
        let flags = options.fallback == .minimum ? "" : " --fallback \(options.fallback.rawValue)"
        let compiles = s.isWindow ? "in a macOS 14+ target in Swift 6 mode, for macOS only (a Mac window)"
            : "in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS only"
        let concentric: String
        switch options.fallback {
        case .minimum: concentric = "each ConcentricRectangle becomes a rounded rectangle of its minimum"
        case .relative: concentric = "each ConcentricRectangle becomes a ContainerRelativeShape where that draws the "
            + "same radii, else a rounded rectangle of its minimum"
        case .resolved: concentric = "each ConcentricRectangle becomes a rounded rectangle of the radii it resolves to on "
            + "\(newRelease) in this layout"
        }
        let text = "\(viewName).swift: SwiftUI for \(file.name), written by `scene run --swiftui\(flags)`.\n"
            + "\(s.isWindow ? "Window" : "Screen"): \(screen). The scene targets \(target.release(onWindow: s.isWindow)).\n"
            + "Compiles \(compiles): every \(newRelease) API is behind `#available(iOS 26.0, macOS 26.0, *)` with the "
            + "\(oldRelease) fallback (\(concentric); glass becomes a material). `// resolves to TL TR BR BL` gives each "
            + "shape's radii (topLeading topTrailing bottomTrailing bottomLeading) as SwiftUI draws them."
        var out = text.split(separator: "\n").map { Self.comment(String($0)) }.joined(separator: "\n")
        out += "\n\nimport SwiftUI\n"
        if options.verifyHarness { out += "#if os(macOS)\nimport AppKit\n#endif\n" }
        // `*` in the availability checks would stand for visionOS, tvOS and watchOS, whose glass
        // differs: the file is for the platforms it names.
        return out + "\n#if \(platforms)\n\n"
    }

    /// `text` as `// ` comment lines of at most 100 columns, broken at spaces.
    static func comment(_ text: String) -> String {
        var lines: [String] = []
        SwiftLines.wrapComment("// " + text, indent: "", width: 100, into: &lines)
        return lines.joined(separator: "\n")
    }

    func trim(_ s: String) -> String {
        String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The text after `#` on the binding's line, if any: the designer's note on the value.
    func trailingComment(_ range: SourceRange) -> String? {
        let loc = file.location(of: range.end)
        let line = file.lineRange(loc.line)
        let rest = trim(file.text(range.end..<line.upperBound))
        guard rest.hasPrefix("#") else { return nil }
        let text = trim(String(rest.dropFirst()))
        return text.isEmpty ? nil : text
    }

    /// The corner scale: every `let` as written, then only the helpers the view uses.
    func cornerEnum() -> String {
        var lines = ["/// The corner scale: every radius the view uses, named once; containers derive from their content.",
                     "enum \(enumName) {"]
        for b in bindings {
            var line = "    static let \(SwiftSource.identifier(b.name.name)): CGFloat = \(SwiftSource.expr(b.value, prefix: ""))"
            if let c = trailingComment(b.range) { line += "  // " + c }
            lines.append(line)
        }
        var helpers: [[String]] = []
        if usesRect {
            helpers.append(["static func rect(_ radius: CGFloat) -> RoundedRectangle {",
                            "    RoundedRectangle(cornerRadius: radius, style: .continuous)", "}"])
        }
        if usesNested {
            helpers.append(["/// Nested content inside a container: concentric, never below `minimum`.",
                            "static func nested(minimum: CGFloat, uniform: Bool = false) -> AnyShape {",
                            "    if #available(iOS 26.0, macOS 26.0, *) {",
                            "        AnyShape(ConcentricRectangle(corners: .concentric(minimum: .fixed(minimum)), isUniform: uniform))",
                            "    } else {", "        AnyShape(rect(minimum))", "    }", "}"])
        }
        if usesNestedFill {
            helpers.append(["/// Nested content inside a container, filled: concentric, never below `minimum`.",
                            "@MainActor @ViewBuilder",
                            "static func nested(minimum: CGFloat, uniform: Bool = false, fill style: some ShapeStyle) -> some View {",
                            "    if #available(iOS 26.0, macOS 26.0, *) {",
                            "        ConcentricRectangle(corners: .concentric(minimum: .fixed(minimum)), isUniform: uniform).fill(style)",
                            "    } else {", "        rect(minimum).fill(style)", "    }", "}"])
        }
        // In document order of their first user (the nodes are written children first).
        for c in concentricShapes.sorted(by: { ($0.users.min() ?? 0) < ($1.users.min() ?? 0) }) {
            let names = c.users.sorted().map { describe($0) }
            let who = names.count == 1 ? names[0] : "Shared by " + names.joined(separator: ", ")
            let doc = "/// \(who): ConcentricRectangle on \(newRelease); before, \(c.code.before)."
            if c.asShape {
                helpers.append([doc, "static var \(c.name): AnyShape {",
                                "    if #available(iOS 26.0, macOS 26.0, *) {",
                                "        AnyShape(\(c.code.initializer))",
                                "    } else {", "        AnyShape(\(c.code.fallbackShape))", "    }", "}"])
            }
            if c.filled {
                // The parameter takes a name no binding has: the initialiser names bindings unprefixed.
                let style = freeName("style")
                let filledDoc = "/// \(who): ConcentricRectangle on \(newRelease), filled with `\(style)`; before, "
                    + "\(c.code.before)."
                helpers.append([c.asShape ? "/// The same, filled with `\(style)`." : filledDoc,
                                "@MainActor @ViewBuilder",
                                "static func \(c.name)(fill \(style): some ShapeStyle) -> some View {",
                                "    if #available(iOS 26.0, macOS 26.0, *) {",
                                "        \(c.code.initializer).fill(\(style))",
                                "    } else {", "        \(c.code.fallbackShape).fill(\(style))", "    }", "}"])
            }
        }
        for h in helpers {
            if lines.count > 2 || !bindings.isEmpty { lines.append("") }
            lines += indent(h, 4)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The modifiers that need an availability check, file-private so that several
    /// generated files can sit in one target.
    func fileprivateModifiers() -> String {
        var blocks: [[String]] = []
        if usesGlass {
            blocks.append([
                "/// Liquid Glass in `shape` on \(newRelease); before, a material (or the tint) in the same shape.",
                "@ViewBuilder func glass(tint: Color? = nil, in shape: some Shape) -> some View {",
                "    if #available(iOS 26.0, macOS 26.0, *) {",
                "        glassEffect(.regular.tint(tint), in: shape)",
                "    } else if let tint {", "        background(tint, in: shape)",
                "    } else {", "        background(.regularMaterial, in: shape)", "    }", "}"])
        }
        if usesGlassButton {
            blocks.append([
                "/// A glass button in `shape`: \(newRelease)'s glass button style; before, a bordered button",
                "/// in the same shape.",
                "@ViewBuilder func glassButton(_ shape: ButtonBorderShape) -> some View {",
                "    if #available(iOS 26.0, macOS 26.0, *) {",
                "        buttonStyle(.glass).buttonBorderShape(shape)",
                "    } else {", "        buttonStyle(.bordered).buttonBorderShape(shape)", "    }", "}"])
        }
        for type in containerTypes {
            blocks.append([
                "/// `shape` as the container of the ConcentricRectangles inside: \(newRelease)'s",
                "/// `containerShape(some RoundedRectangularShape)`; before, the iOS 15 overload.",
                "@ViewBuilder func concentricContainer(_ shape: \(type)) -> some View {",
                "    if #available(iOS 26.0, macOS 26.0, *) {", "        containerShape(shape)",
                "    } else {", "        containerShape(shape)", "    }", "}"])
        }
        if usesTransition {
            blocks.append([
                "/// The source of a zoom transition (\(scene.screen.isWindow ? "macOS 15" : "iOS 18")); its configuration clips to a RoundedRectangle only.",
                "@ViewBuilder func zoomSource(id: String, in namespace: Namespace.ID, cornerRadius: CGFloat) -> some View {",
                "    if #available(iOS 18.0, macOS 15.0, *) {",
                "        matchedTransitionSource(id: id, in: namespace) { source in",
                "            source.clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))",
                "        }",
                "    } else {", "        self", "    }", "}"])
        }
        var group = ""
        if usesGlassGroup {
            group = """

            /// Glass shapes side by side, grouped so that they blend and morph together:
            /// GlassEffectContainer on \(newRelease); before, the content as it is.
            fileprivate struct GlassGroup<Content: View>: View {
                var spacing: CGFloat? = nil
                @ViewBuilder var content: Content

                var body: some View {
                    if #available(iOS 26.0, macOS 26.0, *) {
                        GlassEffectContainer(spacing: spacing) { content }
                    } else {
                        content
                    }
                }
            }

            """
        }
        guard !blocks.isEmpty else { return group }
        var lines = ["", "fileprivate extension View {"]
        for (n, b) in blocks.enumerated() {
            if n > 0 { lines.append("") }
            lines += indent(b, 4)
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n" + group
    }

    /// The preview at the scene's screen; with `all`, one more per other preset of its family
    /// (named after the device), so the view is seen on every iPhone or every iPad.
    func preview(all: Bool) -> String {
        let w = SwiftSource.number(scene.screen.width), h = SwiftSource.number(scene.screen.height)
        var out = "\n#Preview(traits: .fixedLayout(width: \(w), height: \(h))) {\n    \(viewName)()\n}\n"
        guard all, let family = scene.screen.preset?.family else { return out }
        var seen: Set<String> = ["\(w)x\(h)"]
        for p in ScreenPreset.all where p.family == family {
            let pw = SwiftSource.number(p.width), ph = SwiftSource.number(p.height)
            guard seen.insert("\(pw)x\(ph)").inserted else { continue }
            out += "\n#Preview(\"\(p.device)\", traits: .fixedLayout(width: \(pw), height: \(ph))) {\n    \(viewName)()\n}\n"
        }
        return out
    }

    /// An offline check: the view rendered at the screen's size to a PNG.
    func harness() -> String {
        let w = SwiftSource.number(scene.screen.width), h = SwiftSource.number(scene.screen.height)
        return """

        #if os(macOS)
        /// An offline check: renders `\(viewName)` at the screen's size with ImageRenderer and
        /// writes a PNG. Run it on macOS 26 or later; the corners of nested shapes should
        /// visibly share centres.
        @available(macOS 26.0, *)
        @MainActor
        func render\(viewName)(to url: URL, scale: CGFloat = 2) throws {
            let renderer = ImageRenderer(content: \(viewName)().frame(width: \(w), height: \(h)))
            renderer.scale = scale
            guard let image = renderer.cgImage,
                  let png = NSBitmapImageRep(cgImage: image).representation(using: .png, properties: [:]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            try png.write(to: url)
        }
        #endif

        """
    }
}

// The second pass: a view's `body` as frames (`ViewNode`). Stacks, padding, frames,
// backgrounds, overlays, clips, container shapes and glass make frames; the shapes fill
// them; child views declared in the files read are read in place. What the reader cannot
// follow is kept as a frame whose place is not certain, with the reason (`--explain`).
import SwiftSyntax
import SceneLang

/// Modifiers that leave a view's frame and place as they are.
let frameKeepingModifiers: Set<String> = outlineKeepingShapeModifiers.union([
    "font", "fontWeight", "fontDesign", "bold", "italic", "lineLimit", "multilineTextAlignment", "textCase",
    "foregroundStyle", "symbolRenderingMode", "symbolVariant", "imageScale", "resizable", "renderingMode",
    "interpolation", "antialiased", "onTapGesture", "onAppear", "onDisappear", "onChange", "task", "onLongPressGesture",
    "gesture", "simultaneousGesture", "accessibilityLabel", "accessibilityHint", "accessibilityElement",
    "accessibilityAddTraits", "accessibilityIdentifier", "accessibilityValue", "tag", "buttonStyle", "labelStyle",
    "disabled", "animation", "transition", "contentTransition", "sensitoryFeedback", "help", "environment",
    "environmentObject", "preferredColorScheme", "colorScheme", "redacted", "unredacted", "hoverEffect",
    "keyboardShortcut", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "sheet", "alert",
    "confirmationDialog", "fullScreenCover", "popover", "refreshable", "searchable", "listRowBackground",
    "listRowInsets", "listRowSeparator", "matchedGeometryEffect", "brightness", "contrast", "saturation", "grayscale",
    "blur", "compositingGroup", "drawingGroup", "clipped", "scaledToFill", "scaledToFit", "aspectRatio",
    "truncationMode", "minimumScaleFactor", "kerning", "tracking", "monospacedDigit", "privacySensitive",
    "controlSize", "tint", "focused", "focusable", "textSelection", "zIndex", "glassEffectID", "glassEffectUnion",
    "presentationDragIndicator", "presentationDetents", "presentationBackground", "presentationCornerRadius", "onSubmit",
    "textFieldStyle", "navigationBarHidden", "progressViewStyle", "preference", "onReceive", "textInputAutocapitalization",
    "textContentType", "swipeActions", "listStyle", "contextMenu", "autocorrectionDisabled", "tabViewStyle", "submitLabel",
    "lineSpacing", "strikethrough", "underline", "baselineOffset", "onPreferenceChange", "onMove", "onDelete",
    "labelsHidden", "toggleStyle", "listSectionSpacing", "highPriorityGesture", "toolbarBackground",
    "toolbarBackgroundVisibility", "pickerStyle", "onHover", "accessibilityAdjustableAction", "accessibilityAction",
    "accessibilitySortPriority", "accessibilityRepresentation", "selectionDisabled", "navigationDestination", "onOpenURL",
    "scrollContentBackground", "scrollIndicators", "scrollDisabled", "keyboardType", "interactiveDismissDisabled",
    "fileImporter", "onDrag", "onDrop", "draggable", "dropDestination", "symbolEffect", "navigationBarBackButtonHidden",
    "navigationBarItems", "statusBarHidden", "persistentSystemOverlays", "coordinateSpace", "onGeometryChange",
    "datePickerStyle", "menuStyle", "buttonBorderShape", "fontWidth", "dynamicTypeSize", "widgetAccentable",
])

/// Modifiers that move a view or change its frame in a way the reader does not follow.
let frameMovingModifiers: Set<String> = [
    "position", "scaleEffect", "rotationEffect", "rotation3DEffect", "ignoresSafeArea", "fixedSize",
    "layoutPriority", "safeAreaInset", "safeAreaPadding", "alignmentGuide", "edgesIgnoringSafeArea", "contentMargins",
]

/// Views whose one child closure is their content, laid out as it is.
let transparentViews: Set<String> = ["Button", "NavigationLink", "Link", "Group", "Menu", "NavigationStack", "Label"]

struct ViewReader {
    var decls: Declarations
    var explanations: [Explanation] = []
    /// The views being read, outermost first (a view that uses itself is not read again).
    var reading: [String] = []
    /// The views another view's body uses (`CardRow()` in `ListCard`; not a view's use of
    /// itself): what `scene run` draws is the views none uses (`SwiftRead.topViewNames`).
    var used: Set<String> = []
    var depth = 0
    static let maxDepth = 64
    /// The file of the view being read (a local `let` is declared there).
    var file = 0

    init(_ decls: Declarations) { self.decls = decls }

    mutating func explain(_ kind: Explanation.Kind, _ range: Range<Int>, _ text: String) {
        explanations.append(Explanation(kind: kind, file: file, range: range, text: text))
    }

    /// Why a number was not read, where its reason is (the file of the constant it names).
    mutating func explain(_ kind: Explanation.Kind, _ error: Dynamic, _ text: String) {
        explanations.append(Explanation(kind: kind, file: error.file ?? file, range: error.range, text: text))
    }

    /// The view's layout: its body's frames (one root).
    mutating func read(_ view: ViewDecl) -> ViewNode? {
        guard let body = view.body, !reading.contains(view.name), reading.count < 16 else { return nil }
        reading.append(view.name)
        defer { reading.removeLast() }
        let savedType = decls.constants.currentType, savedLocals = decls.constants.locals, savedFile = file
        let savedConstantsFile = decls.constants.currentFile
        // A view read inside a helper (`background { Chip() }`) sees none of its parameters.
        let savedHelpers = (decls.constants.arguments, decls.constants.helpers)
        (decls.constants.arguments, decls.constants.helpers) = ([:], HelperStack())
        decls.constants.currentType = view.type
        file = view.file
        decls.constants.currentFile = view.file
        for p in view.parameters { decls.constants.locals.removeValue(forKey: p) }
        defer {
            decls.constants.currentType = savedType; decls.constants.locals = savedLocals; file = savedFile
            decls.constants.currentFile = savedConstantsFile
            (decls.constants.arguments, decls.constants.helpers) = savedHelpers
        }
        let views = builder(body)
        var root: ViewNode? = views.first
        if views.count > 1 {
            root = ViewNode(range: view.range)
            for v in views { v.uncertain = v.uncertain ?? "one of \(views.count) views side by side in `\(view.name)`'s body, placed by whatever shows it" }
            root!.children = views
        }
        // Every frame made here is in this view's file (those read from other views are set already).
        var stack = root.map { [$0] } ?? []
        while let n = stack.popLast() {
            guard n.file == -1 else { continue }
            n.file = view.file
            stack.append(contentsOf: n.children)
        }
        return root
    }

    /// The views a result-builder closure or body lists; its `let`s become constants.
    mutating func builder(_ items: CodeBlockItemListSyntax) -> [ViewNode] {
        var out: [ViewNode] = []
        for item in items {
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self), v.bindingSpecifier.text == "let" {
                    for b in v.bindings {
                        guard let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
                        let c = Constant(qualified: id, initializer: value, sceneName: ConstantTable.sceneName("local." + id),
                                         range: value.trimmedRange, file: file)
                        decls.constants.locals[id] = c
                    }
                }
            case .expr(let e): out.append(contentsOf: viewOrBranches(e))
            case .stmt(let s):
                if let es = s.as(ExpressionStmtSyntax.self) { out.append(contentsOf: viewOrBranches(es.expression)) }
                else if let r = s.as(ReturnStmtSyntax.self), let e = r.expression { out.append(contentsOf: viewOrBranches(e)) }
            @unknown default: break
            }
        }
        return out
    }

    /// `if`/`switch` in a builder: each branch's views, none of them certain.
    mutating func viewOrBranches(_ e: ExprSyntax) -> [ViewNode] {
        var branches: [CodeBlockItemListSyntax] = []
        if let i = e.as(IfExprSyntax.self) {
            var cur: IfExprSyntax? = i
            while let c = cur {
                branches.append(c.body.statements)
                switch c.elseBody {
                case .ifExpr(let next)?: cur = next
                case .codeBlock(let b)?: branches.append(b.statements); cur = nil
                default: cur = nil
                }
            }
        } else if let s = e.as(SwitchExprSyntax.self) {
            for c in s.cases { if let sc = c.as(SwitchCaseSyntax.self) { branches.append(sc.statements) } }
        } else {
            return [view(e)]
        }
        let why = "inside `\(e.is(IfExprSyntax.self) ? "if" : "switch")` at this place: which branch shows, and beside what, is decided at run time"
        return branches.flatMap { builder($0) }.map { v in v.uncertain = v.uncertain ?? why; return v }
    }

    /// One view expression with its modifiers.
    mutating func view(_ e0: ExprSyntax) -> ViewNode {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else {
            let n = ViewNode(range: e0.trimmedRange)
            n.uncertain = "nested deeper than \(Self.maxDepth) views"
            explain(.skipped, e0.trimmedRange, "views nested deeper than \(Self.maxDepth): not read further")
            return n
        }
        // Peel the modifier chain: `base.m1(…).m2(…)` → base, [m1, m2].
        var modifiers: [FunctionCallExprSyntax] = []
        var e = e0
        while true {
            // `Corners.rect(6)`: a static call on a type (its name is capitalised), not a modifier.
            if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
               !(base.is(DeclReferenceExprSyntax.self) && base.trimmedDescription.first?.isUppercase == true) {
                // `Text("a").bold()` vs `Color.red`: a call on a member access with a base is a modifier.
                modifiers.append(call)
                e = base
            } else { break }
        }
        var cur = base(e)
        if cur.spacer, modifiers.contains(where: { call in
            !frameKeepingModifiers.contains(call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "")
        }) {
            // `Spacer().frame(…)`: not read as a spacer; a view of a size the reader does not know.
            // (Not also "assumed: at least 8 pt": it is no spacer.)
            if let last = explanations.last, last.kind == .assumed, last.text.hasPrefix("`Spacer()`") { explanations.removeLast() }
            explain(.skipped, e0.trimmedRange, "`Spacer()` with a modifier that may size it: read as a view of unknown size, not a `spacer`")
            cur.spacer = false
            cur.spacerMin = nil
            cur.unsized = "`Spacer()` sized by its modifiers"
        }
        for call in modifiers.reversed() { cur = apply(call, to: cur) }
        return cur
    }

    /// The view a modifier chain starts from.
    mutating func base(_ e: ExprSyntax) -> ViewNode {
        let range = e.trimmedRange
        do {
            if let s = try ShapeRead.shape(e, &decls.constants) {
                let n = ViewNode(range: range)
                n.shape = s
                n.fills = true
                return n
            }
        } catch {
            explain(.skipped, error, error.reason)
            let n = ViewNode(range: range)
            n.uncertain = error.reason
            n.fills = true
            return n
        }
        let leaf = ViewNode(range: range)
        leaf.unsized = "`\(ConstantTable.short(e.trimmedDescription))` sizes itself from its content"
        guard let call = e.as(FunctionCallExprSyntax.self) else {
            // `header`: a `some View` member of this type.
            if let d = e.as(DeclReferenceExprSyntax.self), let t = decls.constants.currentType,
               let member = decls.members[t]?[d.baseName.text], let n = read(member) {
                return n
            }
            if e.trimmedDescription.hasPrefix("Color") || e.trimmedDescription.hasPrefix(".") { leaf.fills = true; leaf.unsized = nil }
            return leaf
        }
        let callee = call.calledExpression.trimmedDescription
        if callee == "Spacer" {
            let n = ViewNode(range: range)
            n.spacer = true
            n.unsized = "`Spacer()` takes what its stack leaves"
            if let m = call.arguments.first(where: { $0.label?.text == "minLength" }) {
                do { n.spacerMin = try decls.constants.number(m.expression) } catch {
                    explain(.skipped, error, "`Spacer(minLength:)`: " + error.reason + "; read as a view of unknown size, not a `spacer`")
                    n.spacer = false
                    n.unsized = "`Spacer()` with a length decided at run time"
                }
            } else if call.arguments.isEmpty {
                explain(.assumed, range, "`Spacer()` without `minLength:`: at least 8 pt, the default spacing (`spacer`)")
            }
            return n
        }
        let closures = ([call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure))
            + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        switch callee {
        case "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack":
            return stack(call, callee: callee, closures: closures, range: range)
        case "ScrollView", "List", "ForEach", "LazyVGrid", "LazyHGrid", "Grid", "GeometryReader", "ViewThatFits", "TabView", "Form", "Section":
            let n = ViewNode(range: range)
            n.children = closures.last.map { builder($0.statements) } ?? []
            for c in n.children { c.uncertain = c.uncertain ?? "inside `\(callee)`, which places and sizes it at run time" }
            n.unsized = "`\(callee)` sizes itself at run time"
            return n
        default: break
        }
        if transparentViews.contains(callee) {
            // Button's label: the last closure (`label:`), or the only one.
            let views = closures.last.map { builder($0.statements) } ?? []
            if views.count == 1 { return views[0] }
            let n = ViewNode(range: range)
            n.children = views
            for c in views { c.uncertain = c.uncertain ?? "one of several views in `\(callee)`" }
            return n
        }
        if closures.isEmpty, let n = memberCall(call, range: range, leaf: leaf) { return n }
        if let v = decls.views.first(where: { $0.name == callee || $0.name.hasSuffix("." + callee) }) {
            if v.name != reading.last { used.insert(v.name) }  // (a view that uses itself is not used by another)
            if reading.contains(v.name) { explain(.skipped, range, "`\(callee)` uses itself: not read again"); return leaf }
            if let n = read(v) {
                explain(.read, range, "`\(callee)()` read in place from its declaration")
                return n
            }
        }
        if closures.isEmpty, let n = viewFunction(call, callee: callee, range: range) { return n }
        if callee == "Color" || callee.hasPrefix("Color.") || callee == "LinearGradient" || callee == "RadialGradient" {
            leaf.fills = true; leaf.unsized = nil
        }
        return leaf
    }

    /// `tile()`: a `some View` function of this type, without arguments, read as its
    /// property would be; nil when the call is not one (`leaf` when it uses itself).
    mutating func memberCall(_ call: FunctionCallExprSyntax, range: Range<Int>, leaf: ViewNode) -> ViewNode? {
        guard call.arguments.isEmpty, let d = call.calledExpression.as(DeclReferenceExprSyntax.self),
              let t = decls.constants.currentType, let member = decls.members[t]?[d.baseName.text] else { return nil }
        if reading.contains(member.name) { explain(.skipped, range, "`\(d.baseName.text)()` uses itself: not read again"); return leaf }
        return read(member)
    }

    /// `badge(size: 40)`: a `some View` function of the files with parameters whose body is
    /// more than a shape (`RoundedRectangle(…).frame(width: size, height: size)`, a stack),
    /// read as a view with its parameters bound to the call's arguments (Helpers.swift):
    /// what its body writes is said at the call, as a shape function's is. It was read as
    /// a view of unknown size, and nothing in it checked, without a word. Nil when the
    /// call is not one.
    mutating func viewFunction(_ call: FunctionCallExprSyntax, callee: String, range: Range<Int>) -> ViewNode? {
        let said = ConstantTable.short(call.trimmedDescription)
        guard let (f, binding) = decls.constants.shapeFunction(callee, Array(call.arguments)),
              decls.constants.enter(f, binding, site: range, swift: said) else {
            // A function of the files of that name: being read (it calls itself), eight deep,
            // or not one these labels call.
            let own = decls.constants.currentType.flatMap { decls.constants.shapeFunctions[$0 + "." + callee] }
            if own != nil || decls.constants.shapeFunctions[callee] != nil {
                explain(.skipped, range, "`\(said)` is not read: a function being read already (one that calls itself), eight deep, or one these labels do not call; a view of unknown size")
            }
            return nil
        }
        defer { decls.constants.leave() }
        let savedFile = file
        file = f.file
        let n = view(f.body)
        file = savedFile
        // Its frames are the caller's, in its file (those read from other views are set
        // already); a function in another file makes them at the call, as its shapes are.
        var stack = [n]
        while let m = stack.popLast() {
            guard m.file == -1 else { continue }
            m.file = savedFile
            if f.file != savedFile {
                m.range = range
                m.container?.range = range
                m.clip?.range = range
            }
            stack.append(contentsOf: m.children)
        }
        explain(.read, range, "`\(ConstantTable.short(call.trimmedDescription))` read in place from its declaration, its parameters bound to the call's arguments")
        return n
    }

    /// `VStack(spacing:) { … }` and the other stacks: their children, and which of them
    /// sit where the code says.
    mutating func stack(_ call: FunctionCallExprSyntax, callee: String, closures: [ClosureExprSyntax], range: Range<Int>) -> ViewNode {
        let n = ViewNode(range: range)
        n.stack = callee.hasPrefix("Lazy") ? String(callee.dropFirst(4)).lowercased() : callee.lowercased()
        if let s = call.arguments.first(where: { $0.label?.text == "spacing" }) {
            do { n.spacing = try decls.constants.number(s.expression) } catch {
                explain(.skipped, error, error.reason)
            }
        }
        let alignment = call.arguments.first { $0.label?.text == "alignment" }
        let aligned = alignment != nil
        var children = closures.first.map { builder($0.statements) } ?? []
        // A ZStack's `alignment:` places every child (`ZStack(alignment: .topLeading)`:
        // `align topLeading` on each); one the reader cannot name leaves them uncertain.
        // (They were centred, which the code does not say: a flared corner went unseen.)
        var zAlign: Alignment? = nil
        if n.stack == "zstack", let a = alignment {
            if let known = Self.alignment(a.expression) {
                zAlign = known
            } else {
                explain(.skipped, range,
                        "`alignment: \(a.expression.trimmedDescription)` is not one of the nine alignments written out: the ZStack's views are not placed")
                for c in children { c.uncertain = c.uncertain ?? Self.alignedAtRunTime }
            }
        }
        if let z = zAlign, z != .center { for c in children where c.align == nil { c.align = z.rawValue } }
        // `ZStack { RoundedRectangle(…); content }`: a first shape that fills the stack is its outline.
        if n.stack == "zstack", let first = children.first, first.shape != nil, first.children.isEmpty, first.fills,
           first.width == nil, first.height == nil, first.uncertain == nil {
            n.shape = first.shape
            n.glass = first.glass
            n.container = first.container
            children.removeFirst()
            n.stack = nil
            for c in children where !c.fills { c.uncertain = c.uncertain ?? "sizes itself inside the ZStack" }
            if children.count > 1 {
                for c in children { c.uncertain = c.uncertain ?? "one of several views in the ZStack" }
            }
        } else if children.count > 1 {
            let spacers = n.stack != "zstack" && children.contains { $0.spacer }
            // Or, without spacers, every child's length along the axis is fixed and each
            // fills the stack across it (`RoundedRectangle(…).frame(height: 100)` in a VStack).
            let along = n.stack == "hstack" ? 0 : 1
            let alongOnly = !spacers && n.stack != "zstack" && n.spacing != nil
                && children.allSatisfy { $0.naturalLength(along) != nil && $0.fillsAlong(1 - along) }
            let sized = alongOnly || children.allSatisfy { $0.naturalSize != nil || ($0.spacer && spacers) } && n.spacing != nil && !aligned && n.stack != "zstack"
            for c in children where !sized {
                c.uncertain = c.uncertain ?? "one of \(children.count) views in \(callee)\(n.spacing == nil ? " (spacing left to the platform)" : ""), each sized by its content"
            }
            // Sized views and spacers: where each sits depends on the stack's length, certain
            // once a frame fixes it (`frame`).
            if sized, spacers { for c in children where !c.spacer { c.uncertain = c.uncertain ?? Self.spacerPlaced } }
        }
        n.children = children
        // A stack with a child that fills what it is offered fills it too.
        n.fills = n.shape != nil || children.contains { $0.fills }
        if n.stack != nil, children.count <= 1, !children.contains(where: { $0.spacer }) { n.stack = nil }
        return n
    }

    /// Why a view beside a spacer is not placed for certain until its stack's length is fixed.
    static let spacerPlaced = "placed by a `Spacer` in a stack whose length the code does not fix"
}

// Interface stub of the SwiftUI API that `scene run --swiftui` writes, for
// typechecking the generated code on Linux (where SwiftUI does not exist).
//
// Every declaration copies Apple's: the same labels, parameter types, defaults,
// generic constraints, availability and deprecations (apple-reference.md §1 and
// developer.apple.com/documentation/swiftui). Bodies are placeholders; only the
// interface is under test. It is a subset: what is not declared here does not
// typecheck, so the generated code can use nothing else.
@_exported import Foundation
@_exported import CoreGraphics

// MARK: - Views and the builder

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// What the placeholder bodies return.
nonisolated public struct _StubView: View {
    public init() {}
    public var body: Never { fatalError() }
}

nonisolated public struct EmptyView: View { public init() {}; public var body: Never { fatalError() } }
nonisolated public struct TupleView<T>: View { public init(_ value: T) {}; public var body: Never { fatalError() } }
nonisolated public struct AnyView: View { public init<V: View>(_ view: V) {}; public var body: Never { fatalError() } }
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View { public var body: Never { fatalError() } }
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

// MARK: - Layout

@frozen public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment(), center = HorizontalAlignment(), trailing = HorizontalAlignment()
}
@frozen public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment(), center = VerticalAlignment(), bottom = VerticalAlignment()
}
@frozen public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

@frozen nonisolated public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}
@frozen nonisolated public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}
@frozen nonisolated public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// "A flexible space that expands along the major axis of its containing stack layout."
@frozen nonisolated public struct Spacer: View {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { fatalError() }
}

@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

@frozen public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let all = SafeAreaRegions(rawValue: 7)
}

extension View {
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { _StubView() }
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { _StubView() }
    nonisolated public func padding(_ insets: EdgeInsets) -> some View { _StubView() }
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _StubView() }
    nonisolated public func padding(_ length: CGFloat) -> some View { _StubView() }
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { _StubView() }
    /// "Offset this view by the specified horizontal and vertical distances."
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StubView() }
    /// "Layers the views that you specify in front of this view."
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _StubView() }
    /// "Fixes this view at its ideal size."
    nonisolated public func fixedSize() -> some View { _StubView() }
    /// "Fixes this view at its ideal size in the specified dimensions."
    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { _StubView() }
}

// MARK: - Colours and styles

public protocol ShapeStyle: Sendable {}

@frozen nonisolated public struct Color: View, ShapeStyle, Hashable {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
    public static let red = Color(red: 1, green: 0, blue: 0), orange = red, yellow = red, green = red, mint = red,
        teal = red, cyan = red, blue = red, indigo = red, purple = red, pink = red, brown = red, white = red,
        gray = red, black = red, clear = red, primary = red, secondary = red
}
extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .red }
    public static var yellow: Color { .red }
    public static var green: Color { .red }
    public static var mint: Color { .red }
    public static var teal: Color { .red }
    public static var cyan: Color { .red }
    public static var blue: Color { .red }
    public static var indigo: Color { .red }
    public static var purple: Color { .red }
    public static var pink: Color { .red }
    public static var brown: Color { .red }
    public static var white: Color { .red }
    public static var gray: Color { .red }
    public static var black: Color { .red }
    public static var clear: Color { .red }
}

public struct Material: ShapeStyle {}
extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { Material() }
    public static var thinMaterial: Material { Material() }
}
public struct ForegroundStyle: ShapeStyle { public init() {} }
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

@frozen public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool, isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

// MARK: - Shapes

public struct Path: Sendable { public init() {} }
public protocol Animatable {}

/// SwiftUI's Shape also refines `_RemoveGlobalActorIsolation`: shapes are not main-actor
/// isolated. The stub says so with `nonisolated` on each shape type.
public protocol Shape: Sendable, Animatable, View {
    nonisolated func path(in rect: CGRect) -> Path
}
extension Shape {
    public var body: _StubView { _StubView() }
    nonisolated public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View { _StubView() }
}

public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}

@frozen public enum RoundedCornerStyle: Equatable, Hashable, Sendable { case circular, continuous }

public struct RectangleCornerRadii: Equatable, Sendable {
    public var topLeading: CGFloat, bottomLeading: CGFloat, bottomTrailing: CGFloat, topTrailing: CGFloat
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading; self.bottomLeading = bottomLeading; self.bottomTrailing = bottomTrailing; self.topTrailing = topTrailing
    }
}

@frozen nonisolated public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize; self.style = style }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> RoundedRectangle { self }
}

@available(iOS 16.0, macOS 13.0, *)
@frozen nonisolated public struct UnevenRoundedRectangle: InsettableShape {
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {}
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> UnevenRoundedRectangle { self }
}

@frozen nonisolated public struct Rectangle: InsettableShape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> Rectangle { self }
}

@frozen nonisolated public struct Capsule: InsettableShape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> Capsule { self }
}

@frozen nonisolated public struct Circle: InsettableShape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> Circle { self }
}

@available(iOS 14.0, macOS 11.0, *)
@frozen nonisolated public struct ContainerRelativeShape: InsettableShape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> ContainerRelativeShape { self }
}

@available(iOS 16.0, macOS 13.0, *)
@frozen nonisolated public struct AnyShape: Shape {
    public init<S: Shape>(_ shape: S) {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

// MARK: - Concentric corners (iOS 26 / macOS 26; apple-reference.md §1.1–1.4)

@available(iOS 26.0, macOS 26.0, *)
extension Edge {
    @frozen public enum Corner: Int8, CaseIterable, Sendable {
        case topLeading, topTrailing, bottomLeading, bottomTrailing
        /// A corner can be square, rounded with a fixed-radius curve, or concentric to the container shape.
        public struct Style: Equatable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
            public static func fixed(_ radius: CGFloat) -> Edge.Corner.Style { Style() }
            public static var concentric: Edge.Corner.Style { Style() }
            public static func concentric(minimum: Edge.Corner.Style? = nil) -> Edge.Corner.Style { Style() }
            public init(integerLiteral value: Int) {}
            public init(floatLiteral value: Double) {}
            init() {}
        }
    }
}

@available(iOS 26.0, macOS 26.0, *)
public struct RoundedRectangularShapeCorners: Equatable, Sendable {
    public init(all: Edge.Corner.Style) {}
    public init(topLeading: Edge.Corner.Style, topTrailing: Edge.Corner.Style,
                bottomLeading: Edge.Corner.Style, bottomTrailing: Edge.Corner.Style) {}
}

@available(iOS 26.0, macOS 26.0, *)
public protocol RoundedRectangularShape: InsettableShape {
    typealias Corners = RoundedRectangularShapeCorners
    nonisolated func corners(in size: CGSize?) -> Self.Corners?
}

@available(iOS 26.0, macOS 26.0, *)
extension RoundedRectangle: RoundedRectangularShape {
    nonisolated public func corners(in size: CGSize?) -> RoundedRectangularShapeCorners? { nil }
}
@available(iOS 26.0, macOS 26.0, *)
extension UnevenRoundedRectangle: RoundedRectangularShape {
    nonisolated public func corners(in size: CGSize?) -> RoundedRectangularShapeCorners? { nil }
}
@available(iOS 26.0, macOS 26.0, *)
extension Rectangle: RoundedRectangularShape {
    nonisolated public func corners(in size: CGSize?) -> RoundedRectangularShapeCorners? { nil }
}
@available(iOS 26.0, macOS 26.0, *)
extension Capsule: RoundedRectangularShape {
    nonisolated public func corners(in size: CGSize?) -> RoundedRectangularShapeCorners? { nil }
}
@available(iOS 26.0, macOS 26.0, *)
extension Circle: RoundedRectangularShape {
    nonisolated public func corners(in size: CGSize?) -> RoundedRectangularShapeCorners? { nil }
}

/// Not an InsettableShape, not a RoundedRectangularShape: it cannot be a container.
@available(iOS 26.0, macOS 26.0, *)
nonisolated public struct ConcentricRectangle: Shape {
    public init() {}
    public init(corners: Edge.Corner.Style, isUniform: Bool = false) {}
    public init(topLeadingCorner: Edge.Corner.Style = .concentric, topTrailingCorner: Edge.Corner.Style = .concentric,
                bottomLeadingCorner: Edge.Corner.Style = .concentric, bottomTrailingCorner: Edge.Corner.Style = .concentric) {}
    public init(uniformTopCorners: Edge.Corner.Style = .concentric, uniformBottomCorners: Edge.Corner.Style = .concentric) {}
    public init(uniformLeadingCorners: Edge.Corner.Style = .concentric, uniformTrailingCorners: Edge.Corner.Style = .concentric) {}
    public init(uniformTopCorners: Edge.Corner.Style = .concentric, bottomLeadingCorner: Edge.Corner.Style = .concentric,
                bottomTrailingCorner: Edge.Corner.Style = .concentric) {}
    public init(uniformBottomCorners: Edge.Corner.Style = .concentric, topLeadingCorner: Edge.Corner.Style = .concentric,
                topTrailingCorner: Edge.Corner.Style = .concentric) {}
    public init(uniformLeadingCorners: Edge.Corner.Style = .concentric, topTrailingCorner: Edge.Corner.Style = .concentric,
                bottomTrailingCorner: Edge.Corner.Style = .concentric) {}
    public init(uniformTrailingCorners: Edge.Corner.Style = .concentric, topLeadingCorner: Edge.Corner.Style = .concentric,
                bottomLeadingCorner: Edge.Corner.Style = .concentric) {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

extension View {
    /// iOS 15: "Sets the container shape to use for any container relative shape within this view."
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func containerShape<T: InsettableShape>(_ shape: T) -> some View { _StubView() }
    /// iOS 26: "… for any container relative shape or concentric rectangle within this view."
    @available(iOS 26.0, macOS 26.0, *)
    nonisolated public func containerShape(_ shape: some RoundedRectangularShape) -> some View { _StubView() }
}

// MARK: - Modifiers that take shapes

extension View {
    /// Deprecated (Apple: "Use `background(alignment:content:)` instead"); platform-neutral here so Linux warns.
    @available(*, deprecated, message: "Use `background(alignment:content:)` instead.")
    nonisolated public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View { _StubView() }
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { _StubView() }
    nonisolated public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { _StubView() }
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { _StubView() }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { _StubView() }
}

// MARK: - Liquid Glass (iOS 26 / macOS 26; apple-reference.md §1.7)

@available(iOS 26.0, macOS 26.0, *)
public struct Glass: Equatable, Sendable {
    public static var regular: Glass { Glass() }
    public static var clear: Glass { Glass() }
    public static var identity: Glass { Glass() }
    public func tint(_ color: Color?) -> Glass { self }
    public func interactive(_ isEnabled: Bool = true) -> Glass { self }
}

/// "A view that combines multiple Liquid Glass shapes into a single shape that can morph
/// individual shapes into one another."
@available(iOS 26.0, macOS 26.0, *)
nonisolated public struct GlassEffectContainer<Content: View>: View {
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

@available(iOS 26.0, macOS 26.0, *)
nonisolated public struct DefaultGlassEffectShape: Shape {
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
}

extension View {
    @available(iOS 26.0, macOS 26.0, *)
    nonisolated public func glassEffect(_ glass: Glass = .regular, in shape: some Shape = DefaultGlassEffectShape()) -> some View { _StubView() }
}

// MARK: - Buttons (developer.apple.com/documentation/swiftui/button, /primitivebuttonstyle,
// /buttonbordershape, /glassbuttonstyle)

/// "A control that initiates an action."
nonisolated public struct Button<Label: View>: View {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

/// "A type that applies custom interaction behavior and a custom appearance to all buttons
/// within a view hierarchy." (The stub leaves out `makeBody(configuration:)`.)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

nonisolated public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
@available(iOS 15.0, macOS 12.0, *)
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
/// "A button style that applies glass border artwork based on the button's context."
@available(iOS 26.0, macOS 26.0, *)
nonisolated public struct GlassButtonStyle: PrimitiveButtonStyle { public init() {} }

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    nonisolated public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
@available(iOS 15.0, macOS 12.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    nonisolated public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
@available(iOS 26.0, macOS 26.0, *)
extension PrimitiveButtonStyle where Self == GlassButtonStyle {
    /// "A button style that applies a Liquid Glass effect based on the button's context."
    nonisolated public static var glass: GlassButtonStyle { GlassButtonStyle() }
}

/// "A shape used to draw a button's border."
@available(iOS 15.0, macOS 12.0, *)
nonisolated public struct ButtonBorderShape: InsettableShape, Equatable {
    public static let automatic = ButtonBorderShape()
    public static let capsule = ButtonBorderShape()
    public static let roundedRectangle = ButtonBorderShape()
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape() }
    @available(iOS 17.0, macOS 14.0, *)
    public static let circle = ButtonBorderShape()
    init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path() }
    nonisolated public func inset(by amount: CGFloat) -> ButtonBorderShape { self }
}

extension View {
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _StubView() }
    /// "Sets the border shape for buttons in this view."
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { _StubView() }
}

// MARK: - Zoom transitions (iOS 18 / macOS 15; apple-reference.md §1.8)

@frozen @propertyWrapper public struct Namespace: Sendable {
    public struct ID: Hashable, Sendable {}
    public init() {}
    public var wrappedValue: Namespace.ID { ID() }
}

@available(iOS 18.0, macOS 15.0, *)
public protocol MatchedTransitionSourceConfiguration: Sendable {}

@available(iOS 18.0, macOS 15.0, *)
extension MatchedTransitionSourceConfiguration {
    /// Takes only a RoundedRectangle.
    public func clipShape(_ shape: RoundedRectangle) -> some MatchedTransitionSourceConfiguration { self }
    public func background(_ style: Color) -> some MatchedTransitionSourceConfiguration { self }
}

@available(iOS 18.0, macOS 15.0, *)
public struct EmptyMatchedTransitionSourceConfiguration: MatchedTransitionSourceConfiguration {}

extension View {
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func matchedTransitionSource(id: some Hashable, in namespace: Namespace.ID) -> some View { _StubView() }
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func matchedTransitionSource(
        id: some Hashable, in namespace: Namespace.ID,
        configuration: (EmptyMatchedTransitionSourceConfiguration) -> some MatchedTransitionSourceConfiguration
    ) -> some View { _StubView() }
}

// MARK: - Rendering and previews

@available(iOS 16.0, macOS 13.0, *)
@MainActor public final class ImageRenderer<Content: View> {
    public var content: Content
    public var scale: CGFloat = 1
    public init(content view: Content) { content = view }
    public var cgImage: CGImage? { nil }
}

/// DeveloperToolsSupport (re-exported by SwiftUI): `#Preview` and its traits.
public struct PreviewTrait<T>: Sendable {}
public struct Preview {
    public struct ViewTraits {}
    /// What `#Preview` expands to; the tests typecheck a preview's arguments against it.
    @MainActor public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                           _ additionalTraits: PreviewTrait<Preview.ViewTraits>..., body: @escaping @MainActor () -> any View) {}
    @MainActor public init(_ name: String? = nil, body: @escaping @MainActor () -> any View) {}
}
extension PreviewTrait where T == Preview.ViewTraits {
    @MainActor public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> { PreviewTrait() }
    @MainActor public static var sizeThatFitsLayout: PreviewTrait<Preview.ViewTraits> { PreviewTrait() }
}
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                     _ additionalTraits: PreviewTrait<Preview.ViewTraits>..., body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")

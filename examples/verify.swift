// VerifyView.swift: SwiftUI for examples/verify.scene, written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum VerifyCorners {
    static let inner: CGFloat = 16  // Corners.inner: photos, small cards
    static let padding: CGFloat = 12  // the container's padding
    static let map: CGFloat = 28  // Corners.map: maps and large media
    static let mapInset: CGFloat = 12  // a card on a map → 28 − 12 = 16

    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }

    /// Nested content inside a container: concentric, never below `minimum`.
    static func nested(minimum: CGFloat, uniform: Bool = false) -> AnyShape {
        if #available(iOS 26.0, macOS 26.0, *) {
            AnyShape(ConcentricRectangle(corners: .concentric(minimum: .fixed(minimum)), isUniform: uniform))
        } else {
            AnyShape(rect(minimum))
        }
    }

    /// Nested content inside a container, filled: concentric, never below `minimum`.
    @MainActor @ViewBuilder
    static func nested(minimum: CGFloat, uniform: Bool = false, fill style: some ShapeStyle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            ConcentricRectangle(corners: .concentric(minimum: .fixed(minimum)), isUniform: uniform).fill(style)
        } else {
            rect(minimum).fill(style)
        }
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
    static let depth1Fill = Color(red: 1, green: 0xC3 / 255, blue: 0)
}

struct VerifyView: View {
    var body: some View {
        ZStack(alignment: .top) {
            box
                .padding(.leading, 16)
                .padding(.top, 72)
                .frame(maxWidth: .infinity, alignment: .leading)
            alone
                .padding(.trailing, 28)
                .padding(.top, 84)
                .frame(maxWidth: .infinity, alignment: .trailing)
            map
                .padding(.bottom, 96)
                .frame(maxHeight: .infinity, alignment: .bottom)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        .ignoresSafeArea()
    }

    /// `box`
    private var box: some View {
        contentView
            .padding(VerifyCorners.padding)
            .frame(width: 177, height: 177)
            // resolves to 28 28 28 28 (container)
            .concentricContainer(VerifyCorners.rect(VerifyCorners.inner + VerifyCorners.padding))
            // resolves to 28 28 28 28
            .background { VerifyCorners.rect(VerifyCorners.inner + VerifyCorners.padding).fill(Color.depth0Fill) }
    }

    /// `content`
    private var contentView: some View {
        // resolves to 16 16 16 16 against `box`; iOS 18: 16 16 16 16
        VerifyCorners.nested(minimum: VerifyCorners.inner, fill: Color.depth1Fill)
    }

    /// `alone`
    private var alone: some View {
        // resolves to 16 16 16 16 against the screen; iOS 18: 16 16 16 16
        VerifyCorners.nested(minimum: VerifyCorners.inner, fill: Color.depth0Fill)
            .frame(width: 153, height: 153)
    }

    /// `map`
    private var map: some View {
        card
            .padding(VerifyCorners.mapInset)
            .frame(width: 370, height: 300, alignment: .bottom)
            .concentricContainer(VerifyCorners.rect(VerifyCorners.map))  // resolves to 28 28 28 28 (container)
            .background { VerifyCorners.rect(VerifyCorners.map).fill(Color.depth0Fill) }  // resolves to 28 28 28 28
    }

    /// `card`
    private var card: some View {
        Color.clear
            .frame(height: 88)
            // resolves to 16 16 16 16 against `map`; iOS 18: 16 16 16 16
            .glass(in: VerifyCorners.nested(minimum: VerifyCorners.map - VerifyCorners.mapInset, uniform: true))
    }
}

fileprivate extension View {
    /// Liquid Glass in `shape` on iOS 26; before, a material (or the tint) in the same shape.
    @ViewBuilder func glass(tint: Color? = nil, in shape: some Shape) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            glassEffect(.regular.tint(tint), in: shape)
        } else if let tint {
            background(tint, in: shape)
        } else {
            background(.regularMaterial, in: shape)
        }
    }

    /// `shape` as the container of the ConcentricRectangles inside: iOS 26's
    /// `containerShape(some RoundedRectangularShape)`; before, the iOS 15 overload.
    @ViewBuilder func concentricContainer(_ shape: RoundedRectangle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            containerShape(shape)
        } else {
            containerShape(shape)
        }
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    VerifyView()
}

#endif

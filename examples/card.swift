// CardView.swift: SwiftUI for examples/card.scene, written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum CardCorners {
    static let inner: CGFloat = 16  // photos, small cards
    static let padding: CGFloat = 12  // the card's padding

    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
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
    static let cardFill = Color(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255)
    static let photoFill = Color(red: 0x5E / 255, green: 0x5C / 255, blue: 0xE6 / 255)
}

struct CardView: View {
    var body: some View {
        ZStack {
            card
            alone
                .padding(.top, 120)
                .frame(maxHeight: .infinity, alignment: .top)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .ignoresSafeArea()
    }

    /// `card`
    private var card: some View {
        photo
            .padding(CardCorners.padding)
            .frame(width: 360, height: 200)
            // resolves to 28 28 28 28 (container)
            .concentricContainer(CardCorners.rect(CardCorners.inner + CardCorners.padding))
            // resolves to 28 28 28 28
            .background { CardCorners.rect(CardCorners.inner + CardCorners.padding).fill(Color.cardFill) }
    }

    /// `photo`
    private var photo: some View {
        // resolves to 16 16 16 16 against `card`; iOS 18: 16 16 16 16
        CardCorners.nested(minimum: CardCorners.inner, fill: Color.photoFill)
    }

    /// `alone`
    private var alone: some View {
        // resolves to 16 16 16 16 against the screen; iOS 18: 16 16 16 16
        CardCorners.nested(minimum: CardCorners.inner, fill: Color.photoFill)
            .frame(width: 120, height: 90)
    }
}

fileprivate extension View {
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
    CardView()
}

#endif

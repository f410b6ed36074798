// RelativeUnevenInsetsView.swift: SwiftUI for examples/lint/relative-uneven-insets.scene, written
// by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum RelativeUnevenInsetsCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
    static let depth1Fill = Color(red: 1, green: 0xC3 / 255, blue: 0)
}

struct RelativeUnevenInsetsView: View {
    var body: some View {
        card
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .ignoresSafeArea()
    }

    /// `card`
    private var card: some View {
        panel
            .padding(EdgeInsets(top: 6, leading: 10, bottom: 20, trailing: 14))
            .frame(width: 300, height: 200)
            .concentricContainer(RelativeUnevenInsetsCorners.rect(30))  // resolves to 30 30 30 30 (container)
            .background { RelativeUnevenInsetsCorners.rect(30).fill(Color.depth0Fill) }  // resolves to 30 30 30 30
    }

    /// `panel`
    private var panel: some View {
        ContainerRelativeShape().fill(Color.depth1Fill)  // resolves to 24 24 24 24 against `card`
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
    RelativeUnevenInsetsView()
}

#endif

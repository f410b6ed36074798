// ShapeMismatchView.swift: SwiftUI for examples/lint/shape-mismatch.scene, written by
// `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum ShapeMismatchCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
}

struct ShapeMismatchView: View {
    var body: some View {
        card
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .ignoresSafeArea()
    }

    /// `card`
    private var card: some View {
        ShapeMismatchCorners.rect(20).fill(Color.depth0Fill)  // resolves to 20 20 20 20
            .frame(width: 300, height: 200)
            .clipShape(ShapeMismatchCorners.rect(20))  // resolves to 20 20 20 20
            .contentShape(Rectangle())  // resolves to 0 0 0 0
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    ShapeMismatchView()
}

#endif

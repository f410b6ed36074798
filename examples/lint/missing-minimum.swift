// MissingMinimumView.swift: SwiftUI for examples/lint/missing-minimum.scene, written by
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
enum MissingMinimumCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }

    /// `panel`: ConcentricRectangle on iOS 26, filled with `style`; before, a rectangle with square corners (no corner
    /// has a minimum).
    @MainActor @ViewBuilder
    static func panelShape(fill style: some ShapeStyle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            ConcentricRectangle().fill(style)
        } else {
            rect(0).fill(style)
        }
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
}

struct MissingMinimumView: View {
    var body: some View {
        panel
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
            .ignoresSafeArea()
    }

    /// `panel`
    private var panel: some View {
        // resolves to 0 0 62 62 against the screen; iOS 18: 0 0 0 0
        MissingMinimumCorners.panelShape(fill: Color.depth0Fill)
            .frame(height: 240)
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    MissingMinimumView()
}

#endif

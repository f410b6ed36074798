// GlassUnavailableFixedView.swift: SwiftUI for examples/lint/glass-unavailable-fixed.scene, written
// by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 18.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum GlassUnavailableFixedCorners {
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let barFill = Color(red: 0xE5 / 255, green: 0xE5 / 255, blue: 0xEA / 255)
}

struct GlassUnavailableFixedView: View {
    var body: some View {
        bar
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .ignoresSafeArea()
    }

    /// `bar`
    private var bar: some View {
        Capsule().fill(Color.barFill)  // resolves to 25 25 25 25
            .frame(width: 200, height: 50)
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    GlassUnavailableFixedView()
}

#endif

// ScreenEdgeMarginFixedView.swift: SwiftUI for examples/lint/screen-edge-margin-fixed.scene,
// written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum ScreenEdgeMarginFixedCorners {
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
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
}

struct ScreenEdgeMarginFixedView: View {
    var body: some View {
        ZStack(alignment: .top) {
            banner
                .padding(.top, 100)
            card
                .padding(.top, 8)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        .ignoresSafeArea()
    }

    /// `banner`
    private var banner: some View {
        ScreenEdgeMarginFixedCorners.rect(12).fill(Color.depth0Fill)  // resolves to 12 12 12 12
            .frame(width: 370, height: 60)
    }

    /// `card`
    private var card: some View {
        // resolves to 51 51 51 51 against the screen; iOS 18: 51 51 51 51
        ScreenEdgeMarginFixedCorners.nested(minimum: 51, uniform: true, fill: Color.depth0Fill)
            .frame(width: 380, height: 200)
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    ScreenEdgeMarginFixedView()
}

#endif

// SquareFallbackView.swift: SwiftUI for examples/lint/square-fallback.scene, written by
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
enum SquareFallbackCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }

    /// `player`: ConcentricRectangle on iOS 26; before, a rectangle with square corners (no corner has a minimum).
    static var playerShape: AnyShape {
        if #available(iOS 26.0, macOS 26.0, *) {
            AnyShape(ConcentricRectangle(corners: .concentric, isUniform: true))
        } else {
            AnyShape(rect(0))
        }
    }
}

struct SquareFallbackView: View {
    var body: some View {
        player
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
            .ignoresSafeArea()
    }

    /// `player`
    private var player: some View {
        Color.clear
            .frame(height: 120)
            // resolves to 54 54 54 54 against the screen; iOS 18: 0 0 0 0
            .glass(in: SquareFallbackCorners.playerShape)
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
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    SquareFallbackView()
}

#endif

// RadiusOverflowFixedView.swift: SwiftUI for examples/lint/radius-overflow-fixed.scene, written by
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
enum RadiusOverflowFixedCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let panelFill = Color(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255)
    static let depth1Fill = Color(red: 1, green: 0xC3 / 255, blue: 0)
}

struct RadiusOverflowFixedView: View {
    var body: some View {
        panel
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .ignoresSafeArea()
    }

    /// `panel`
    private var panel: some View {
        ZStack(alignment: .top) {
            done
                .padding(.bottom, 24)
                .frame(maxHeight: .infinity, alignment: .bottom)
            handle
                .padding(.top, 16)
            track
                .padding(.top, 60)
            icon
                .padding(.top, 100)
        }
        .frame(width: 360, height: 300, alignment: .top)
        .concentricContainer(RadiusOverflowFixedCorners.rect(32))  // resolves to 32 32 32 32 (container)
        .background { RadiusOverflowFixedCorners.rect(32).fill(Color.panelFill) }  // resolves to 32 32 32 32
    }

    /// `done`
    private var done: some View {
        Capsule().fill(Color.depth1Fill)  // resolves to 22 22 22 22
            .frame(width: 160, height: 44)
    }

    /// `handle`
    private var handle: some View {
        // resolves to 10 10 0 0
        UnevenRoundedRectangle(
            topLeadingRadius: 10,
            bottomLeadingRadius: 0,
            bottomTrailingRadius: 0,
            topTrailingRadius: 10
        ).fill(Color.depth1Fill)
            .frame(width: 120, height: 20)
    }

    /// `track`
    private var track: some View {
        Capsule().fill(Color.depth1Fill)  // resolves to 4 4 4 4
            .frame(width: 200, height: 8)
    }

    /// `icon`
    private var icon: some View {
        RadiusOverflowFixedCorners.rect(16).fill(Color.depth1Fill)  // resolves to 16 16 16 16
            .frame(width: 32, height: 32)
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
    RadiusOverflowFixedView()
}

#endif

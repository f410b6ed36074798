// PlayerView.swift: SwiftUI for examples/player.scene, written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum PlayerCorners {
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
    static let artFill = Color(red: 1, green: 0x9F / 255, blue: 0x0A / 255)
    static let titleFill = Color(red: 0xD1 / 255, green: 0xD1 / 255, blue: 0xD6 / 255)
    static let playFill = Color(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255)
    static let iconFill = Color(red: 0x34 / 255, green: 0xC7 / 255, blue: 0x59 / 255)
    static let badgeFill = Color(red: 1, green: 0x3B / 255, blue: 0x30 / 255)
}

struct PlayerView: View {
    var body: some View {
        ZStack(alignment: .bottomLeading) {
            bar
                .padding(.horizontal, 16)
                .padding(.bottom, 96)
            icon
                .padding(.leading, 32)
                .padding(.top, 120)
                .frame(maxHeight: .infinity, alignment: .top)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
        .ignoresSafeArea()
    }

    /// `bar`
    private var bar: some View {
        HStack(spacing: 12) {
            art
                .padding(.leading, 8)
            title
            Spacer(minLength: 16)  // gap
            play
            next
                .padding(.trailing, 12)
        }
        .frame(height: 64)
        .frame(maxWidth: .infinity)
        .concentricContainer(Capsule())  // resolves to 32 32 32 32 (container)
        .glass(in: Capsule())  // resolves to 32 32 32 32
    }

    /// `art`
    private var art: some View {
        PlayerCorners.nested(minimum: 8, fill: Color.artFill)  // resolves to 24 8 8 24 against `bar`; iOS 18: 8 8 8 8
            .frame(width: 48, height: 48)
    }

    /// `title`
    private var title: some View {
        PlayerCorners.rect(4).fill(Color.titleFill)  // resolves to 4 4 4 4
            .frame(width: 120, height: 16)
    }

    /// `play`
    private var play: some View {
        Circle().fill(Color.playFill)  // resolves to 20 20 20 20
            .frame(width: 40, height: 40)
    }

    /// `next`
    private var next: some View {
        Circle().fill(Color.playFill)  // resolves to 20 20 20 20
            .frame(width: 40, height: 40)
    }

    /// `icon`
    private var icon: some View {
        badge
            .offset(x: 10, y: -10)
            .frame(width: 64, height: 64, alignment: .topTrailing)
            .background { PlayerCorners.rect(14).fill(Color.iconFill) }  // resolves to 14 14 14 14
    }

    /// `badge`
    private var badge: some View {
        Capsule().fill(Color.badgeFill)  // resolves to 12 12 12 12
            .frame(width: 24, height: 24)
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
    @ViewBuilder func concentricContainer(_ shape: Capsule) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            containerShape(shape)
        } else {
            containerShape(shape)
        }
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    PlayerView()
}

#endif

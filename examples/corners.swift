// CornersView.swift: SwiftUI for examples/corners.scene, written by `scene run --swiftui`.
// Screen: 400 × 400 pt, display corner radius 40. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum Corners {
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

    /// `notes`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of each corner's fixed
    /// radius or minimum (square where a corner has neither).
    @MainActor @ViewBuilder
    static func notesShape(fill style: some ShapeStyle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            ConcentricRectangle(uniformTopCorners: .fixed(24), uniformBottomCorners: .concentric).fill(style)
        } else {
            UnevenRoundedRectangle(
                topLeadingRadius: 24,
                bottomLeadingRadius: 0,
                bottomTrailingRadius: 0,
                topTrailingRadius: 24
            ).fill(style)
        }
    }

    /// `mixed`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of each corner's fixed
    /// radius or minimum (square where a corner has neither).
    @MainActor @ViewBuilder
    static func mixedShape(fill style: some ShapeStyle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            ConcentricRectangle(
                topLeadingCorner: .concentric(minimum: .fixed(12)),
                topTrailingCorner: .fixed(24),
                bottomLeadingCorner: .concentric,
                bottomTrailingCorner: .fixed(0)
            ).fill(style)
        } else {
            UnevenRoundedRectangle(
                topLeadingRadius: 12,
                bottomLeadingRadius: 0,
                bottomTrailingRadius: 0,
                topTrailingRadius: 24
            ).fill(style)
        }
    }

    /// `lead`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of each corner's fixed
    /// radius or minimum (square where a corner has neither).
    @MainActor @ViewBuilder
    static func leadShape(fill style: some ShapeStyle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            ConcentricRectangle(uniformLeadingCorners: .concentric, uniformTrailingCorners: .fixed(8)).fill(style)
        } else {
            UnevenRoundedRectangle(
                topLeadingRadius: 0,
                bottomLeadingRadius: 0,
                bottomTrailingRadius: 8,
                topTrailingRadius: 8
            ).fill(style)
        }
    }
}

/// The scene's colours, each named once: a `fill` after the first shape that has it; the colour of a
/// shape without one after its depth, as `scene run --svg` draws it.
private extension Color {
    static let depth0Fill = Color(red: 0x0A / 255, green: 0x24 / 255, blue: 0x63 / 255)
}

struct CornersView: View {
    var body: some View {
        ZStack(alignment: .topLeading) {
            notes
                .padding(10)
            mixed
                .padding(10)
                .frame(maxWidth: .infinity, alignment: .trailing)
            lead
                .padding(10)
                .frame(maxHeight: .infinity, alignment: .bottom)
            float
                .padding(.horizontal, 10)
                .padding(.vertical, 16)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .ignoresSafeArea()
    }

    /// `notes`
    private var notes: some View {
        Corners.notesShape(fill: Color.depth0Fill)  // resolves to 24 24 0 0 against the screen; iOS 18: 24 24 0 0
            .frame(width: 180, height: 120)
    }

    /// `mixed`
    private var mixed: some View {
        Corners.mixedShape(fill: Color.depth0Fill)  // resolves to 12 24 0 0 against the screen; iOS 18: 12 24 0 0
            .frame(width: 180, height: 120)
    }

    /// `lead`
    private var lead: some View {
        Corners.leadShape(fill: Color.depth0Fill)  // resolves to 30 8 8 30 against the screen; iOS 18: 0 8 8 0
            .frame(width: 180, height: 120)
    }

    /// `float`
    private var float: some View {
        // resolves to 24 24 24 24 against the screen; iOS 18: 12 12 12 12
        Corners.nested(minimum: 12, uniform: true, fill: Color.depth0Fill)
            .frame(width: 180, height: 120)
    }
}

#Preview(traits: .fixedLayout(width: 400, height: 400)) {
    CornersView()
}

#endif

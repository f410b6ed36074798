// SheetView.swift: SwiftUI for examples/sheet.scene, written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum SheetCorners {
    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }

    /// `sheet`: ConcentricRectangle on iOS 26, filled with `style`; before, a rounded rectangle of each corner's fixed
    /// radius or minimum (square where a corner has neither).
    @MainActor @ViewBuilder
    static func sheetShape(fill style: some ShapeStyle) -> some View {
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
    static let sheetFill = Color(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255)
    static let grabberFill = Color(red: 0xC7 / 255, green: 0xC7 / 255, blue: 0xCC / 255)
    static let dividerFill = Color(red: 0xC6 / 255, green: 0xC6 / 255, blue: 0xC8 / 255)
    static let cancelFill = Color(red: 0xE5 / 255, green: 0xE5 / 255, blue: 0xEA / 255)
    static let doneFill = Color(red: 0x0A / 255, green: 0x84 / 255, blue: 1)
    static let panelFill = Color(red: 1, green: 0x9F / 255, blue: 0x0A / 255, opacity: 0x88 / 255)
}

struct SheetView: View {
    var body: some View {
        ZStack(alignment: .bottom) {
            sheet
            panel
                .padding(8)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        .ignoresSafeArea()
    }

    /// `sheet`
    private var sheet: some View {
        ZStack(alignment: .top) {
            grabber
                .padding(.top, 6)
            divider
                .padding(.horizontal, 16)
                .padding(.top, 56)
            buttons
                .padding(.bottom, 34)
                .frame(maxHeight: .infinity, alignment: .bottom)
        }
        .frame(height: 420, alignment: .top)
        .frame(maxWidth: .infinity, alignment: .top)
        // resolves to 24 24 62 62 (container)
        .concentricContainer(UnevenRoundedRectangle(
            topLeadingRadius: 24,
            bottomLeadingRadius: 62,
            bottomTrailingRadius: 62,
            topTrailingRadius: 24
        ))
        // resolves to 24 24 62 62 against the screen; iOS 18: 24 24 0 0
        .background { SheetCorners.sheetShape(fill: Color.sheetFill) }
    }

    /// `grabber`, role pill
    private var grabber: some View {
        Capsule().fill(Color.grabberFill)  // resolves to 2.5 2.5 2.5 2.5
            .frame(width: 36, height: 5)
    }

    /// `divider`
    private var divider: some View {
        Rectangle().fill(Color.dividerFill)  // resolves to 0 0 0 0
            .frame(height: 1)
    }

    /// `buttons`
    private var buttons: some View {
        HStack(spacing: 12) {
            cancel
            done
        }
    }

    /// `cancel`, role button
    private var cancel: some View {
        Button {
            // the button's action
        } label: {
            Capsule().fill(Color.cancelFill)  // resolves to 25 25 25 25
        }
        .frame(width: 150, height: 50)
        .buttonStyle(.plain)
    }

    /// `done`, role button
    private var done: some View {
        Button {
            // the button's action
        } label: {
            Capsule().fill(Color.doneFill)  // resolves to 25 25 25 25
        }
        .frame(width: 150, height: 50)
        .buttonStyle(.plain)
    }

    /// `panel`
    private var panel: some View {
        SheetCorners.panelShape(fill: Color.panelFill)  // resolves to 0 0 54 54 against the screen; iOS 18: 0 0 0 0
            .frame(height: 240)
    }
}

fileprivate extension View {
    /// `shape` as the container of the ConcentricRectangles inside: iOS 26's
    /// `containerShape(some RoundedRectangularShape)`; before, the iOS 15 overload.
    @ViewBuilder func concentricContainer(_ shape: UnevenRoundedRectangle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            containerShape(shape)
        } else {
            containerShape(shape)
        }
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    SheetView()
}

#endif

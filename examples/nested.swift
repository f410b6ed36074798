// NestedView.swift: SwiftUI for examples/nested.scene, written by `scene run --swiftui`.
// Screen: 400 × 400 pt, display corner radius 0. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum NestedCorners {
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

    /// Shared by `a1`, `a2`, `a3`: ConcentricRectangle on iOS 26, filled with `style`; before, a rectangle with square
    /// corners (no corner has a minimum).
    @MainActor @ViewBuilder
    static func concentric(fill style: some ShapeStyle) -> some View {
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
    static let depth1Fill = Color(red: 1, green: 0xC3 / 255, blue: 0)
    static let depth2Fill = Color(red: 0x9D / 255, green: 0x02 / 255, blue: 0x08 / 255)
    static let depth3Fill = Color(red: 0x9B / 255, green: 0xE7 / 255, blue: 0xF0 / 255)
}

struct NestedView: View {
    var body: some View {
        ZStack(alignment: .leading) {
            plain
                .padding(.leading, 20)
            withMinimum
                .padding(.trailing, 20)
                .frame(maxWidth: .infinity, alignment: .trailing)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        .ignoresSafeArea()
    }

    /// `plain`
    private var plain: some View {
        a1
            .padding(8)
            .frame(width: 160, height: 160)
            .concentricContainer(NestedCorners.rect(24))  // resolves to 24 24 24 24 (container)
            .background { NestedCorners.rect(24).fill(Color.depth0Fill) }  // resolves to 24 24 24 24
    }

    /// `a1`
    private var a1: some View {
        a2
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .concentricContainer(NestedCorners.rect(16))  // resolves to 16 16 16 16 (container)
            // resolves to 16 16 16 16 against `plain`; iOS 18: 0 0 0 0
            .background { NestedCorners.concentric(fill: Color.depth1Fill) }
    }

    /// `a2`
    private var a2: some View {
        a3
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .concentricContainer(NestedCorners.rect(8))  // resolves to 8 8 8 8 (container)
            // resolves to 8 8 8 8 against `a1`; iOS 18: 0 0 0 0
            .background { NestedCorners.concentric(fill: Color.depth2Fill) }
    }

    /// `a3`
    private var a3: some View {
        NestedCorners.concentric(fill: Color.depth3Fill)  // resolves to 0 0 0 0 against `a2`; iOS 18: 0 0 0 0
    }

    /// `withMinimum`
    private var withMinimum: some View {
        b1
            .padding(8)
            .frame(width: 160, height: 160)
            .concentricContainer(NestedCorners.rect(24))  // resolves to 24 24 24 24 (container)
            .background { NestedCorners.rect(24).fill(Color.depth0Fill) }  // resolves to 24 24 24 24
    }

    /// `b1`
    private var b1: some View {
        b2
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .concentricContainer(NestedCorners.rect(16))  // resolves to 16 16 16 16 (container)
            // resolves to 16 16 16 16 against `withMinimum`; iOS 18: 6 6 6 6
            .background { NestedCorners.nested(minimum: 6, fill: Color.depth1Fill) }
    }

    /// `b2`
    private var b2: some View {
        b3
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .concentricContainer(NestedCorners.rect(8))  // resolves to 8 8 8 8 (container)
            // resolves to 8 8 8 8 against `b1`; iOS 18: 6 6 6 6
            .background { NestedCorners.nested(minimum: 6, fill: Color.depth2Fill) }
    }

    /// `b3`
    private var b3: some View {
        NestedCorners.nested(minimum: 6, fill: Color.depth3Fill)  // resolves to 6 6 6 6 against `b2`; iOS 18: 6 6 6 6
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

#Preview(traits: .fixedLayout(width: 400, height: 400)) {
    NestedView()
}

#endif

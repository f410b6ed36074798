// MapView.swift: SwiftUI for examples/map.scene, written by `scene run --swiftui`.
// Screen: iphone-16-pro, 402 × 874 pt, display corner radius 62. The scene targets iOS 26.
// Compiles in an iOS 17+ / macOS 14+ target in Swift 6 mode, for iOS (and Mac Catalyst) and macOS
// only: every iOS 26 API is behind `#available(iOS 26.0, macOS 26.0, *)` with the iOS 18 fallback
// (each ConcentricRectangle becomes a rounded rectangle of its minimum; glass becomes a material).
// `// resolves to TL TR BR BL` gives each shape's radii (topLeading topTrailing bottomTrailing
// bottomLeading) as SwiftUI draws them.

import SwiftUI

#if os(iOS) || os(macOS)

/// The corner scale: every radius the view uses, named once; containers derive from their content.
enum MapCorners {
    static let map: CGFloat = 34  // maps and large media
    static let inset: CGFloat = 12  // card on a map → 22
    static let thumb: CGFloat = 64

    static func rect(_ radius: CGFloat) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: radius, style: .continuous)
    }

    /// Nested content inside a container: concentric, never below `minimum`.
    static func nested(minimum: CGFloat, uniform: Bool = false) -> AnyShape {
        if #available(iOS 26.0, macOS 26.0, *) {
            AnyShape(ConcentricRectangle(corners: .concentric(minimum: .fixed(minimum)), isUniform: uniform))
        } else {
            AnyShape(rect(minimum))
        }
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
    static let mapFill = Color(red: 0x34 / 255, green: 0xC7 / 255, blue: 0x59 / 255)
    static let t1Fill = Color(red: 1, green: 0x95 / 255, blue: 0)
    static let t2Fill = Color(red: 1, green: 0x2D / 255, blue: 0x55 / 255)
    static let t3Fill = Color(red: 0x5A / 255, green: 0xC8 / 255, blue: 0xFA / 255)
}

struct MapView: View {
    var body: some View {
        map
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .ignoresSafeArea()
    }

    /// `map`
    private var map: some View {
        card
            .padding(MapCorners.inset)
            .frame(width: 360, height: 240, alignment: .bottom)
            .concentricContainer(MapCorners.rect(MapCorners.map))  // resolves to 34 34 34 34 (container)
            .background { MapCorners.rect(MapCorners.map).fill(Color.mapFill) }  // resolves to 34 34 34 34
    }

    /// `card`
    private var card: some View {
        row
            .padding(12)
            // resolves to 22 22 22 22 (container)
            .concentricContainer(MapCorners.rect(MapCorners.map - MapCorners.inset))
            // resolves to 22 22 22 22 against `map`; iOS 18: 22 22 22 22
            .glass(in: MapCorners.nested(minimum: MapCorners.map - MapCorners.inset, uniform: true))
    }

    /// `row`
    private var row: some View {
        HStack(spacing: 8) {
            t1
            t2
            t3
        }
    }

    /// `t1`
    private var t1: some View {
        // resolves to 10 10 10 10 against `card`; iOS 18: 10 10 10 10
        MapCorners.nested(minimum: 10, fill: Color.t1Fill)
            .frame(width: MapCorners.thumb, height: MapCorners.thumb)
    }

    /// `t2`
    private var t2: some View {
        // resolves to 10 10 10 10 against `card`; iOS 18: 10 10 10 10
        MapCorners.nested(minimum: 10, fill: Color.t2Fill)
            .frame(width: MapCorners.thumb, height: MapCorners.thumb)
    }

    /// `t3`
    private var t3: some View {
        // resolves to 10 10 10 10 against `card`; iOS 18: 10 10 10 10
        MapCorners.nested(minimum: 10, fill: Color.t3Fill)
            .frame(width: MapCorners.thumb, height: MapCorners.thumb)
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
    @ViewBuilder func concentricContainer(_ shape: RoundedRectangle) -> some View {
        if #available(iOS 26.0, macOS 26.0, *) {
            containerShape(shape)
        } else {
            containerShape(shape)
        }
    }
}

#Preview(traits: .fixedLayout(width: 402, height: 874)) {
    MapView()
}

#endif

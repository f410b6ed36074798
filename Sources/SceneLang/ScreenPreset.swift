/// The screen and window presets (`screen iphone-16-pro`): one table that the
/// parser (did-you-mean), the evaluator (`Screen.preset`), `scene presets`,
/// the REPL's `:screen` and completion, the checker (phones only) and
/// `docs/screens.md` all read. A test checks the docs against it.
///
/// To add a device: one row, with where its size and radius come from. A
/// radius nobody has published stays `nil`, never a guess.
public struct ScreenPreset: Sendable, Equatable {
    /// What kind of device: the checker's screen-edge rule applies to phones,
    /// SVG titles say macOS for windows.
    public enum Family: String, Sendable, CaseIterable {
        case phone, tablet, window
    }

    public var name: String
    public var family: Family
    /// Size in points (a window's is a stand-in: windows are user-sized).
    public var width: Double
    public var height: Double
    /// The display's (or window's) corner radius in points; `nil` when no value is published.
    public var radius: Double?
    /// Where the size and radius come from.
    public var source: String

    public init(_ name: String, _ family: Family, _ width: Double, _ height: Double, radius: Double?, source: String) {
        self.name = name
        self.family = family
        self.width = width
        self.height = height
        self.radius = radius
        self.source = source
    }

    /// semantics.md §6 (the model), with the sources of apple-reference.md and devices-2026.md.
    public static let all: [ScreenPreset] = [
        ScreenPreset("iphone-16-pro", .phone, 402, 874, radius: 62, source: Self.phoneSource),
        ScreenPreset("iphone-16-pro-max", .phone, 440, 956, radius: 62, source: Self.phoneSource),
        ScreenPreset("iphone-16", .phone, 393, 852, radius: 55, source: Self.phoneSource),
        ScreenPreset("iphone-15-pro", .phone, 393, 852, radius: 55, source: Self.phoneSource),
        ScreenPreset("iphone-14", .phone, 390, 844, radius: 47.33, source: Self.phoneSource),
        ScreenPreset("iphone-13-mini", .phone, 375, 812, radius: 44, source: Self.phoneSource),
        ScreenPreset("iphone-11", .phone, 414, 896, radius: 41.5, source: Self.phoneSource),
        ScreenPreset("iphone-se", .phone, 375, 667, radius: 0,
                     source: "semantics.md §6 (a home-button iPhone: square display corners)"),
        ScreenPreset("ipad-pro-11", .tablet, 834, 1194, radius: 18,
                     source: Self.phoneSource + "; the pre-M4 model (the M4 is 834×1210, devices-2026.md)"),
        ScreenPreset("ipad-air", .tablet, 820, 1180, radius: 18, source: Self.phoneSource),
        ScreenPreset("mac-window", .window, 1024, 768, radius: 26,
                     source: "semantics.md §6: a toolbar window; reports differ (theclifmeister/toe PR 52 measured 26 on Safari, mrkai77/Loop PR 888 says 24)"),
        ScreenPreset("mac-window-compact", .window, 1024, 768, radius: 20,
                     source: "semantics.md §6: a compact-toolbar window (mrkai77/Loop PR 888)"),
        ScreenPreset("mac-window-titlebar", .window, 1024, 768, radius: 16,
                     source: "semantics.md §6: a title-bar-only window (mrkai77/Loop PR 888; theclifmeister/toe PR 52 measured 16 on Ghostty)"),
    ]

    static let phoneSource = "semantics.md §6; radius confirmed by the kylebshr/ScreenCorners README (2025-03)"

    /// The preset names, in table order.
    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> ScreenPreset? { all.first { $0.name == name } }
}

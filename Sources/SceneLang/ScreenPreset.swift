/// The screen and window presets (`screen iphone-16-pro`): one table that the
/// parser (did-you-mean), the evaluator (`Screen.preset`), `scene presets`,
/// the REPL's `:screen` and completion, the checker (phones only) and
/// `docs/presets.md` all read. A test checks the docs against it.
///
/// To add a device: one row, with where its size and radius come from and how
/// the radius is known. A radius no source gives stays `nil`, never a guess:
/// `screen NAME` is then an error until the scene gives `radius R`.
public struct ScreenPreset: Sendable, Equatable {
    /// What kind of device: the checker's screen-edge rule applies to phones,
    /// SVG titles say macOS for windows.
    public enum Family: String, Sendable, CaseIterable {
        case phone, tablet, window
    }

    /// How the radius is known (docs/presets.md). Apple has no public API for
    /// display or window corner radii.
    public enum Status: String, Sendable, CaseIterable {
        /// Apple states it.
        case published
        /// Read from the system (a private API, in the simulator or on a device) and published.
        case measured
        /// A public third party gives it without saying how, or by eye.
        case reported
        /// No source gives it: the preset has no radius, and a scene must give one.
        case none
    }

    public var name: String
    /// The device or window it stands for: `iPhone 17 Pro`.
    public var device: String
    public var family: Family
    /// Size in points (a window's is a stand-in: windows are user-sized).
    public var width: Double
    public var height: Double
    /// The display's (or window's) corner radius in points; `nil` when no source gives one.
    public var radius: Double?
    public var status: Status
    /// Where the size and radius come from.
    public var source: String
    /// For a preset with no radius: the radius the help shows in `screen NAME
    /// radius R`, and where that number comes from (it is an example, not a value).
    public var example: Double?
    public var exampleWhy: String?

    public init(_ name: String, _ device: String, _ family: Family, _ width: Double, _ height: Double,
                radius: Double?, _ status: Status, source: String, example: Double? = nil, why: String? = nil) {
        self.name = name
        self.device = device
        self.family = family
        self.width = width
        self.height = height
        self.radius = radius
        self.status = status
        self.source = source
        self.example = example
        self.exampleWhy = why
    }

    /// The table. docs/presets.md prints it (a test checks) and explains each source.
    public static let all: [ScreenPreset] = [
        // iPhone. Sizes: Apple HIG, Layout → Specifications (published).
        ScreenPreset("iphone-17", "iPhone 17", .phone, 402, 874, radius: 62, .measured, source: Src.iPhone17),
        ScreenPreset("iphone-17-pro", "iPhone 17 Pro", .phone, 402, 874, radius: 62, .measured, source: Src.iPhone17),
        ScreenPreset("iphone-17-pro-max", "iPhone 17 Pro Max", .phone, 440, 956, radius: 62, .measured, source: Src.iPhone17),
        ScreenPreset("iphone-air", "iPhone Air", .phone, 420, 912, radius: nil, .none,
                     source: "size: Apple HIG; radius not published: the simulator reports 62, which one check found draws cut-off corners (artembolotov.github.io, 2025-09)",
                     example: 62, why: "the simulator's reading, which one check found too large"),
        ScreenPreset("iphone-16e", "iPhone 16e", .phone, 390, 844, radius: 47.33, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-16-pro", "iPhone 16 Pro", .phone, 402, 874, radius: 62, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-16-pro-max", "iPhone 16 Pro Max", .phone, 440, 956, radius: 62, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-16", "iPhone 16", .phone, 393, 852, radius: 55, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-15-pro", "iPhone 15 Pro", .phone, 393, 852, radius: 55, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-14", "iPhone 14", .phone, 390, 844, radius: 47.33, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-13-mini", "iPhone 13 mini", .phone, 375, 812, radius: 44, .measured,
                     source: "size: Apple HIG, the layout size (the current HIG prints the 360×780 panel); radius: kylebshr/ScreenCorners README (2025-03)"),
        ScreenPreset("iphone-11", "iPhone 11", .phone, 414, 896, radius: 41.5, .measured, source: Src.screenCorners),
        ScreenPreset("iphone-se", "iPhone SE (2nd, 3rd gen.)", .phone, 375, 667, radius: 0, .published,
                     source: "size: Apple HIG; a rectangular display: Apple HIG, Adaptivity and Layout"),
        // iPad.
        ScreenPreset("ipad-pro-11-m4", "iPad Pro 11-inch (M4)", .tablet, 834, 1210, radius: nil, .none,
                     source: "size: Apple HIG (5th generation); radius not published", example: 30, why: "the M5 model's simulator reading"),
        ScreenPreset("ipad-pro-13-m4", "iPad Pro 13-inch (M4)", .tablet, 1032, 1376, radius: nil, .none,
                     source: "size: Apple HIG; radius not published", example: 30, why: "the M5 model's simulator reading"),
        ScreenPreset("ipad-pro-11-m5", "iPad Pro 11-inch (M5)", .tablet, 834, 1210, radius: 30, .measured,
                     source: "size: Apple HIG (6th generation); radius: a simulator reading, one source (bcheidemann/flutter_device_geometry, 2026-01)"),
        ScreenPreset("ipad-pro-13-m5", "iPad Pro 13-inch (M5)", .tablet, 1032, 1376, radius: 30, .measured,
                     source: "size: Apple HIG; radius: a simulator reading, one source (bcheidemann/flutter_device_geometry, 2026-01)"),
        ScreenPreset("ipad-mini", "iPad mini (A17 Pro)", .tablet, 744, 1133, radius: 21.5, .measured,
                     source: "size: Apple HIG (8.3-inch); radius: a simulator reading, one source (bcheidemann/flutter_device_geometry, 2026-01)"),
        ScreenPreset("ipad-pro-11", "iPad Pro 11-inch (1st–4th gen.)", .tablet, 834, 1194, radius: 18, .measured,
                     source: "size: Apple HIG (1st–4th generation); radius: kylebshr/ScreenCorners README (2025-03); the pre-M4 model"),
        ScreenPreset("ipad-air", "iPad Air (11-inch)", .tablet, 820, 1180, radius: 18, .measured, source: Src.screenCorners),
        // Mac windows (user-sized: 1024×768 stands in). Apple publishes no window radius.
        ScreenPreset("mac-window-titlebar", "macOS 26 window, title bar only", .window, 1024, 768, radius: 16, .reported,
                     source: "mrkai77/Loop PR 888; read as 16 through the window server (theclifmeister/toe PR 52)"),
        ScreenPreset("mac-window-compact", "macOS 26 window, compact toolbar", .window, 1024, 768, radius: 20, .reported,
                     source: "mrkai77/Loop PR 888; Chrome went from 10 to 20 (brave/brave-browser issue 49107)"),
        ScreenPreset("mac-window-toolbar", "macOS 26 window, toolbar", .window, 1024, 768, radius: 24, .reported,
                     source: "mrkai77/Loop PR 888; a screenshot fit gives 24.0 (theclifmeister/toe)"),
        ScreenPreset("mac-window-sidebar", "macOS 26 window, toolbar and sidebar", .window, 1024, 768, radius: 26, .reported,
                     source: "Safari's windows read 26 through the window server (theclifmeister/toe PR 52); about 25 with a sidebar (mrkai77/Loop issue 887)"),
        ScreenPreset("mac-window", "macOS 26 window (the old name)", .window, 1024, 768, radius: 26, .reported,
                     source: "as mac-window-sidebar, kept so older scenes are unchanged (plain toolbar windows: mac-window-toolbar)"),
        ScreenPreset("mac-window-15", "macOS 15 window", .window, 1024, 768, radius: 10, .reported,
                     source: "the macOS 11–15 value in theclifmeister/toe; Chrome's windows were 10 before macOS 26 (brave/brave-browser issue 49107)"),
    ]

    enum Src {
        static let screenCorners = "size: Apple HIG; radius: kylebshr/ScreenCorners README (2025-03)"
        static let iPhone17 = "size: Apple HIG; radius: the Xcode 26 simulator's reading (artembolotov.github.io, 2025-09; bcheidemann/flutter_device_geometry)"
    }

    /// The preset names, in table order.
    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> ScreenPreset? { all.first { $0.name == name } }
    /// A window as macOS 15 drew it: `--compare macos15` draws its panel's window with this radius.
    public static var macOS15Window: ScreenPreset { named("mac-window-15")! }

    /// `display corner radius`, or `window corner radius`.
    public var radiusName: String { family == .window ? "window corner radius" : "display corner radius" }

    /// What `screen NAME` without `radius R` says when the preset has no radius.
    public var missingRadiusHelp: String {
        let r = example.map(Token.format) ?? "R"
        let why = exampleWhy.map { " (\(r): \($0))" } ?? ""
        return "no source publishes it (docs/presets.md): give the one you measured or decided on, as in `screen \(name) radius \(r)`\(why)"
    }
}

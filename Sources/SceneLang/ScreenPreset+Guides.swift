// The device guides `--guides` draws over a phone preset, portrait: the safe
// area's top and bottom insets (the bottom one is where the home indicator
// sits) and the Dynamic Island. Each value carries its source (docs/presets.md
// lists them); a value no public source gives is left out, never estimated: a
// preset without a row here has no guides, and a row without an island draws none.

extension ScreenPreset {
    /// One preset's guides, in points, each with where it comes from.
    public struct Guides: Sendable, Equatable {
        /// The safe area's insets from the top and bottom edges.
        public var safeTop: Double
        public var safeBottom: Double
        public var safeSource: String
        /// The Dynamic Island (a capsule centred across the top), if its frame is known.
        public var island: Island?

        public struct Island: Sendable, Equatable {
            /// Its top edge's distance from the top of the display, its size.
            public var y: Double, width: Double, height: Double
            public var source: String
        }
    }

    /// The guides of this preset, if any value of them is sourced.
    public var guides: Guides? { Self.guideTable[name] }

    enum GuideSrc {
        static let snapshot = "the device table of swift-snapshot-testing (`ViewImageConfig`, portrait safe area), reported"
        static let island14 = "DynamicIslandUtilities (Suyash Srijan, 2022): 126 × 37.33 at 11 from the top, centred, for the Dynamic Island as the 14 Pro introduced it; DIToast (2024) uses y 11 for the other island iPhones; reported"
        static let island16 = "DIToast, a Dynamic Island toast library (Suykorng): 126 × 37 at 13.5 from the top, centred, on the iPhone 16 Pro and Pro Max (an earlier version said 14); reported"
    }

    /// The table, by preset name.
    static let guideTable: [String: Guides] = [
        "iphone-17": Guides(safeTop: 62, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-17-pro": Guides(safeTop: 62, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-17-pro-max": Guides(safeTop: 62, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-air": Guides(safeTop: 68, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-16e": Guides(safeTop: 47, safeBottom: 34, safeSource: GuideSrc.snapshot + " (as the iPhone 14)"),
        "iphone-16-pro": Guides(safeTop: 62, safeBottom: 34, safeSource: GuideSrc.snapshot + "; useyourloaf.com, iPhone 16 Screen Sizes",
                                island: .init(y: 13.5, width: 126, height: 37, source: GuideSrc.island16)),
        "iphone-16-pro-max": Guides(safeTop: 62, safeBottom: 34, safeSource: GuideSrc.snapshot,
                                    island: .init(y: 13.5, width: 126, height: 37, source: GuideSrc.island16)),
        "iphone-16": Guides(safeTop: 59, safeBottom: 34, safeSource: GuideSrc.snapshot + " (as the iPhone 15 and 14 Pro)",
                            island: .init(y: 11, width: 126, height: 37.33, source: GuideSrc.island14)),
        "iphone-15-pro": Guides(safeTop: 59, safeBottom: 34, safeSource: GuideSrc.snapshot + " (as the iPhone 14 Pro)",
                                island: .init(y: 11, width: 126, height: 37.33, source: GuideSrc.island14)),
        "iphone-14": Guides(safeTop: 47, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-13-mini": Guides(safeTop: 50, safeBottom: 34, safeSource: GuideSrc.snapshot),
        "iphone-se": Guides(safeTop: 20, safeBottom: 0, safeSource: GuideSrc.snapshot + " (the iPhone 8's 375 × 667 layout: the status bar only)"),
        "ipad-pro-11": Guides(safeTop: 24, safeBottom: 20, safeSource: GuideSrc.snapshot + " (iPad Pro 11-inch, 834 × 1194)"),
    ]
}

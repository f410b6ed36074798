// Views behind `#if canImport(SwiftUI)` are read on any platform.
#if canImport(SwiftUI)
import SwiftUI

enum Metrics {
    static let outer: CGFloat = 20
    static let gap: CGFloat = 8
}

struct GuardedCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .padding(Metrics.gap)
            .containerShape(.rect(cornerRadius: Metrics.outer))
    }
}
#endif
// expect warning 12:40 pinched-corner

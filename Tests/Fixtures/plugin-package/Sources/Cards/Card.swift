// The views sit behind `#if canImport(SwiftUI)`: on Linux the target compiles without them,
// and the plugin still reads them.
public enum CardMetrics {
    public static let outer: Double = 24
    public static let inset: Double = 12
}

#if canImport(SwiftUI)
import SwiftUI

struct PhotoCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .padding(CardMetrics.inset)
            .containerShape(.rect(cornerRadius: CardMetrics.outer))
    }
}
#endif

// Environment values are decided at run time.
import SwiftUI

struct SizeClassCard: View {
    @Environment(\.horizontalSizeClass) private var sizeClass
    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .padding(sizeClass == .compact ? 8 : 16)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

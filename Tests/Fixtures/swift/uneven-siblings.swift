// Three thumbnails of one size in a row: the outer ones follow the card's corners, the
// middle one falls to its minimum, so the row looks uneven.
import SwiftUI

struct ThumbRow: View {
    var body: some View {
        HStack(spacing: 8) {
            ConcentricRectangle(corners: .concentric(minimum: 8))
                .frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 8))
                .frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 8))
                .frame(width: 86, height: 76)
        }
        .padding(12)
        .frame(width: 298, height: 100)
        .containerShape(.rect(cornerRadius: 28))
    }
}
// expect warning 10:13 uneven-siblings

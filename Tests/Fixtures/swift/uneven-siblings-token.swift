// A row of thumbnails whose minimum is a token: the outer ones follow the card's corners
// (28 − 12 = 16), the middle one falls to `Thumb.minimum` (8). `--fix` raises every
// minimum to 16 keeping the name (`Thumb.minimum + 8`).
import SwiftUI

enum Thumb {
    static let minimum: CGFloat = 8
    static let gap: CGFloat = 8
}

struct TokenThumbRow: View {
    var body: some View {
        HStack(spacing: Thumb.gap) {
            ConcentricRectangle(corners: .concentric(minimum: Thumb.minimum))
                .frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: Thumb.minimum))
                .frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: Thumb.minimum))
                .frame(width: 86, height: 76)
        }
        .padding(12)
        .frame(width: 298, height: 100)
        .containerShape(.rect(cornerRadius: 28))
    }
}
// expect warning 16:13 uneven-siblings

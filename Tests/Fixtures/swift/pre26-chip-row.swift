// The pre-iOS 26 pattern with a row: three chips `RoundedRectangle(cornerRadius: 16)`
// side by side in `.padding(12)` in `.background(RoundedRectangle(cornerRadius: 20))`,
// no container. The outer chips are flared at the card's corners (20 − 12 = 8); fixing
// them alone would leave the middle one at 16, so the help is for the row: the card at
// 16 + 12 = 28, or `cornerRadius: 8` on every chip.
import SwiftUI

struct ChipRow: View {
    var body: some View {
        HStack(spacing: 8) {
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect warning 11:44 flared-corner (nearest rounded ancestor)
// expect warning 13:44 flared-corner (nearest rounded ancestor)

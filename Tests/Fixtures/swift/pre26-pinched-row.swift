// Three chips `cornerRadius: 4` in `.padding(12)` in a card of radius 20, no container:
// the outer ones are pinched at the card's corners (20 − 12 = 8). Lowering the card to
// 4 + 12 = 16 or giving every chip 8 keeps the row even; `--fix` gives every chip 8.
import SwiftUI

struct PinchedChipRow: View {
    var body: some View {
        HStack(spacing: 8) {
            RoundedRectangle(cornerRadius: 4).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 4).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 4).frame(width: 86, height: 76)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect warning 9:44 pinched-corner (nearest rounded ancestor)
// expect warning 11:44 pinched-corner (nearest rounded ancestor)

// The pre-iOS 26 pattern, no container declared: `RoundedRectangle(cornerRadius: 8)` in
// `.padding(12)` in `.background(RoundedRectangle(cornerRadius: 24))`. 24 − 12 = 12.
import SwiftUI

struct LegacyCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(.gray)
            .padding(12)
            .background(RoundedRectangle(cornerRadius: 24).fill(.white))
    }
}
// expect warning 7:40 pinched-corner (nearest rounded ancestor)

// Two panels of fixed height, 8 pt apart: the VStack hugs them (208 tall), so the top
// panel's top corners and the bottom panel's bottom corners are 12 pt inside the 24 pt
// card's: 24 − 12 = 12 is concentric, and 8 is pinched.
import SwiftUI

struct PanelPair: View {
    var body: some View {
        VStack(spacing: 8) {
            RoundedRectangle(cornerRadius: 8)
                .frame(height: 100)
            RoundedRectangle(cornerRadius: 8)
                .frame(height: 100)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 24))
    }
}
// expect warning 9:44 pinched-corner (nearest rounded ancestor)
// expect warning 11:44 pinched-corner (nearest rounded ancestor)

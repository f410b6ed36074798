// Only the top corners are rounded (at the concentric 20 − 8 = 12), but the bottom ones
// also sit at the card's rounded corners: square there is pinched.
import SwiftUI

struct Header: View {
    var body: some View {
        UnevenRoundedRectangle(topLeadingRadius: 12, bottomLeadingRadius: 0, bottomTrailingRadius: 0, topTrailingRadius: 12)
            .padding(8)
            .containerShape(.rect(cornerRadius: 20))
    }
}
// expect warning 7:9 pinched-corner

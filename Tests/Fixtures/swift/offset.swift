// A constant offset moves the shape after layout: 6 pt right, so its left corners sit
// 12 + 6 = 18 pt from the container's and its right ones 12 − 6 = 6 pt (12 down):
// concentric would be 24 − 18 = 6 on the left and 24 − 12 = 12 on the right, and the
// 4 pt radius is pinched. No one radius fixes it (the help names the uneven radii).
import SwiftUI

struct Shifted: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .offset(x: 6)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect warning 9:40 pinched-corner

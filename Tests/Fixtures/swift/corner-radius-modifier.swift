// `.cornerRadius(_:)` clips: 6 inside 22 − 10 = 12.
import SwiftUI

struct Thumbnail: View {
    var body: some View {
        Color.purple
            .cornerRadius(6)
            .padding(10)
            .containerShape(RoundedRectangle(cornerRadius: 22))
    }
}
// expect warning 7:27 pinched-corner

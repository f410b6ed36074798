// A ConcentricRectangle with a minimum in a rounded background that declares no
// container: it follows whatever is above, so it draws at least its minimum, 16, next
// to a corner whose concentric radius is 20 − 12 = 8. The background is too tight
// (it needs 16 + 12 = 28), whatever the shape follows.
import SwiftUI

struct Photo: View {
    var body: some View {
        ConcentricRectangle(corners: .concentric(minimum: 16))
            .frame(width: 200, height: 120)
            .padding(12)
            .background(RoundedRectangle(cornerRadius: 20))
    }
}

// expect warning 9:9 container-too-tight (nearest rounded ancestor)

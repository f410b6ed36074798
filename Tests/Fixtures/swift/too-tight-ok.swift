// A minimum below 20 − 12 = 8 never wins.
import SwiftUI

struct RoomyCard: View {
    var body: some View {
        ConcentricRectangle(corners: .concentric(minimum: 6))
            .padding(12)
            .containerShape(.rect(cornerRadius: 20))
    }
}
// clean example of: container-too-tight
// expect: clean

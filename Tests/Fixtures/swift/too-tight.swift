// The minimum (16) wins over 20 − 12 = 8: the container is too tight for its content.
import SwiftUI

struct TightCard: View {
    var body: some View {
        ConcentricRectangle(corners: .concentric(minimum: 16), isUniform: true)
            .padding(12)
            .containerShape(.rect(cornerRadius: 20))
    }
}
// expect warning 6:9 container-too-tight

// Glass in a rounded rectangle, declared as the container: the thumbnail inside is pinched.
import SwiftUI

struct GlassPanel: View {
    var body: some View {
        Image("map")
            .resizable()
            .clipShape(RoundedRectangle(cornerRadius: 10))
            .padding(16)
            .glassEffect(.regular, in: .rect(cornerRadius: 28))
            .containerShape(.rect(cornerRadius: 28))
    }
}
// expect warning 8:55 pinched-corner

// The container declared (20) is not the shape drawn (24): content follows the 20.
import SwiftUI

struct MismatchCard: View {
    var body: some View {
        Text("Hello")
            .padding(12)
            .containerShape(.rect(cornerRadius: 20))
            .background(RoundedRectangle(cornerRadius: 24).fill(.white))
    }
}
// expect warning 9:56 shape-mismatch

// The container declared is the shape drawn.
import SwiftUI

struct MatchCard: View {
    var body: some View {
        Text("Hello")
            .padding(12)
            .background(.white, in: RoundedRectangle(cornerRadius: 24))
            .containerShape(RoundedRectangle(cornerRadius: 24))
    }
}
// clean example of: shape-mismatch
// expect: clean

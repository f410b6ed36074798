// A modifier the reader does not know may add padding or a frame: nothing is measured across it.
import SwiftUI

struct StyledCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 3)
            .cardStyle()
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

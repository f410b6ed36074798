// Concentric by the numbers: 24 − 12 = 12.
import SwiftUI

struct GoodCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 12)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// clean example of: pinched-corner
// clean example of: flared-corner
// expect: clean

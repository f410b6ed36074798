// Half of 4 is 2: this radius fits.
import SwiftUI

struct SlimIndicator: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 2)
            .frame(width: 4, height: 32)
    }
}
// clean example of: radius-overflow
// expect: clean

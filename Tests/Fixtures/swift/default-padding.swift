// A bare `.padding()` is the platform's default, 16 pt on iOS (`--explain` says it was assumed).
import SwiftUI

struct DefaultPadded: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .padding()
            .containerShape(.rect(cornerRadius: 28))
    }
}
// expect warning 6:40 pinched-corner

// The text sizes the background: its height is not in the code, so no overflow is claimed.
import SwiftUI

struct Badge: View {
    var body: some View {
        Text("New")
            .padding(.horizontal, 8)
            .background(RoundedRectangle(cornerRadius: 30))
    }
}
// expect: clean

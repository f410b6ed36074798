// Rows in a stack size themselves from their text: where their corners sit is not in the
// code, so nothing is claimed about them.
import SwiftUI

struct Settings: View {
    var body: some View {
        VStack(spacing: 8) {
            Text("One")
                .padding()
                .background(RoundedRectangle(cornerRadius: 4))
            Text("Two")
                .padding()
                .background(RoundedRectangle(cornerRadius: 4))
        }
        .padding(12)
        .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

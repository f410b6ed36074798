// A row declared in the same file, used inside the card's padding: the row's corner is
// reported where the row is written.
import SwiftUI

struct ListCard: View {
    var body: some View {
        CardRow()
            .padding(16)
            .containerShape(.rect(cornerRadius: 26))
    }
}

struct CardRow: View {
    var body: some View {
        Text("Row")
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(RoundedRectangle(cornerRadius: 4).fill(.gray))
    }
}
// expect warning 17:56 pinched-corner

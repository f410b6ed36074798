// A photo inside a card that declares its container shape: 8 where 24 − 12 = 12 is concentric.
import SwiftUI

struct PhotoCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(.gray)
            .padding(12)
            .background(.white)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect warning 6:40 pinched-corner

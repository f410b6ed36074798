// 12 − 16 is below zero: with no minimum the corner comes out square.
import SwiftUI

struct SquareInside: View {
    var body: some View {
        ConcentricRectangle()
            .padding(16)
            .containerShape(.rect(cornerRadius: 12))
    }
}
// expect warning 6:9 missing-minimum

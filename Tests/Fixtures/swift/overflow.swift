// A 4 pt wide indicator with a 6 pt radius: two corners cannot share a 4 pt edge.
import SwiftUI

struct Indicator: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 6)
            .frame(width: 4, height: 32)
    }
}
// expect warning 6:40 radius-overflow

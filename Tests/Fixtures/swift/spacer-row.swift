// A toolbar: two square buttons pushed to the ends of a 300 pt row by a Spacer, 8 pt
// inside a rounded bar with no container. The frame fixes the row's length, so the
// buttons sit in the bar's corners: 20 − 8 = 12 is concentric, and 4 is pinched.
import SwiftUI

struct Toolbar: View {
    var body: some View {
        HStack(spacing: 0) {
            RoundedRectangle(cornerRadius: 4)
                .frame(width: 44, height: 44)
            Spacer(minLength: 16)
            RoundedRectangle(cornerRadius: 4)
                .frame(width: 44, height: 44)
        }
        .frame(width: 300, height: 44)
        .padding(8)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect warning 9:44 pinched-corner (nearest rounded ancestor)
// expect warning 12:44 pinched-corner (nearest rounded ancestor)

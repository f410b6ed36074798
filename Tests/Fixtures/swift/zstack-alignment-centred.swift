// Centred (the default, or said): the badge is 50 pt from every corner of the
// 160 pt tile, far from any, so its 16 is not measured against the outline's 20.
import SwiftUI

struct CentredTile: View {
    var body: some View {
        ZStack(alignment: .center) {
            RoundedRectangle(cornerRadius: 20).fill(.gray)
            RoundedRectangle(cornerRadius: 16).fill(.yellow)
                .frame(width: 60, height: 60)
        }
        .frame(width: 160, height: 160)
    }
}
// expect: clean

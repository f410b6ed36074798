// An alignment decided at run time places nothing for certain: the badge may
// sit at the tile's corner (flared, 16 against 20 − 8) or in its middle, so
// nothing is reported (a guess once read the ternary's last word: a review of
// 2026-12-06).
import SwiftUI

struct CompactTile: View {
    var isCompact = false
    var body: some View {
        ZStack(alignment: isCompact ? .center : .topLeading) {
            RoundedRectangle(cornerRadius: 20).fill(.gray)
            RoundedRectangle(cornerRadius: 16).fill(.yellow)
                .frame(width: 60, height: 60)
                .padding(8)
        }
        .frame(width: 160, height: 160)
    }
}
// expect: clean

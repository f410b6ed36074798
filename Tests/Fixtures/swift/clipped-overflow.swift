// A clip on a frame with a view in it is also the frame's outline: 14 is more
// than half its 20 pt height. The fix writes `Capsule()` in the one
// `.clipShape` that is both (it was dropped once the clip was read as a clip
// too: two edits of one place, a review of 2026-12-06).
import SwiftUI

struct ClippedBadge: View {
    var body: some View {
        VStack { Color.red.frame(width: 10, height: 10) }
            .frame(width: 40, height: 20)
            .clipShape(RoundedRectangle(cornerRadius: 14))
    }
}
// expect warning 11:55 radius-overflow

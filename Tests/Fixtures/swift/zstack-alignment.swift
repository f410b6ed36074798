// A ZStack's `alignment:` places its views: this badge sits 8 pt in from the
// tile's top-leading corner, where 20 − 8 = 12 is concentric and 16 is flared.
// (Read as centred before, and nothing was said: a new user's trial, 2026-12-06.)
import SwiftUI

struct AlignedTile: View {
    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 20).fill(.gray)
            RoundedRectangle(cornerRadius: 16).fill(.yellow)
                .frame(width: 60, height: 60)
                .padding(8)
        }
        .frame(width: 160, height: 160)
    }
}
// expect warning 10:44 flared-corner

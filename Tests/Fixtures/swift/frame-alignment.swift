// A frame's `alignment:` places a view of fixed size inside it: top-leading,
// 8 pt in from the 20 pt outline's corner, where 12 is concentric and 16 flared.
import SwiftUI

struct FramedTile: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 16).fill(.yellow)
            .frame(width: 60, height: 60)
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(RoundedRectangle(cornerRadius: 20).fill(.gray))
            .frame(width: 160, height: 160)
    }
}
// expect warning 7:40 flared-corner

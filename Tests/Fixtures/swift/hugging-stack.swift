// A profile card: a VStack whose one child has a fixed height hugs it, so the 8 pt photo
// sits 12 pt from every edge of the 24 pt card (144 tall): 24 − 12 = 12 is concentric.
import SwiftUI

struct ProfileCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            RoundedRectangle(cornerRadius: 8)
                .fill(Color.blue)
                .frame(height: 120)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 24).fill(Color.gray.opacity(0.2)))
    }
}
// expect warning 8:44 pinched-corner (nearest rounded ancestor)

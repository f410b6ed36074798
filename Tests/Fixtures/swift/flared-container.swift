// The inner radius is rounder than the concentric 24 − 12 = 12.
import SwiftUI

struct FlaredCard: View {
    var body: some View {
        VStack {
            RoundedRectangle(cornerRadius: 20, style: .continuous)
                .fill(.blue)
        }
        .padding(12)
        .containerShape(RoundedRectangle(cornerRadius: 24))
    }
}
// expect warning 7:44 flared-corner

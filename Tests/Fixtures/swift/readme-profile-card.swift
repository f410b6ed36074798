// README's example: the pre-iOS 26 card most apps have, from design tokens. No container is
// declared; the card's rounded background is the outline the photo sits in (a VStack that
// hugs its one fixed-height child, padded 12 inside a 24 pt background: 24 − 12 = 12).
import SwiftUI

enum Radius {
    static let card: CGFloat = 24
    static let inset: CGFloat = 12
    static let photo: CGFloat = 8
}

struct ProfileCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            RoundedRectangle(cornerRadius: Radius.photo)
                .fill(.blue)
                .frame(height: 120)
        }
        .padding(Radius.inset)
        .background(RoundedRectangle(cornerRadius: Radius.card).fill(.white))
    }
}
// expect warning 15:44 pinched-corner (nearest rounded ancestor)

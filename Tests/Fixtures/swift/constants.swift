// Design tokens in an enum: the help and the fix keep the names.
import SwiftUI

enum Radius {
    static let card: CGFloat = 24
    static let inset: CGFloat = 12
    static let photo: CGFloat = 8
}

struct TokenCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: Radius.photo)
            .padding(Radius.inset)
            .containerShape(.rect(cornerRadius: Radius.card))
    }
}
// expect warning 12:40 pinched-corner

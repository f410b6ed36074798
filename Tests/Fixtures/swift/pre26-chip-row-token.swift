// The chip row of pre26-chip-row.swift with the card's radius a token: the row is fixed
// whole by raising the card to 16 + 12 = 28, written with the name (`Card.radius + 8`).
import SwiftUI

enum Card {
    static let radius: CGFloat = 20
}

struct TokenChipRow: View {
    var body: some View {
        HStack(spacing: 8) {
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
            RoundedRectangle(cornerRadius: 16).frame(width: 86, height: 76)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: Card.radius))
    }
}
// expect warning 12:44 flared-corner (nearest rounded ancestor)
// expect warning 14:44 flared-corner (nearest rounded ancestor)

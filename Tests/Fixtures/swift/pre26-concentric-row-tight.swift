// The row of pre26-concentric-row.swift with a minimum of 16: whatever the chips follow,
// the outer ones draw at least 16 in the card's corners, where 20 − 12 = 8 is concentric.
// That much is certain: each is container-too-tight against the card (the middle one
// sits far from its corners), and --fix raises the card to 16 + 12 = 28.
import SwiftUI

struct TightConcentricChips: View {
    var body: some View {
        HStack(spacing: 8) {
            ConcentricRectangle(corners: .concentric(minimum: 16)).frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 16)).frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 16)).frame(width: 86, height: 76)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect warning 10:13 container-too-tight (nearest rounded ancestor)
// expect warning 12:13 container-too-tight (nearest rounded ancestor)

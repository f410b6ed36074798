// modelled on: vladblajovan/Ritualist Ritualist/Features/Overview/Presentation/Components/WeekDateSelector.swift
// The pre-iOS 26 pattern: a chip clipped with `.cornerRadius` inside padding inside a card
// that is also clipped with `.cornerRadius`, no `containerShape`. The chip fills the card's
// padded content, so its corners sit at the card's: 6 where 18 − 8 = 10 is concentric.
import SwiftUI

enum ChipMetrics {
    static let cardRadius: CGFloat = 18
    static let chipRadius: CGFloat = 6
    static let inset: CGFloat = 8
}

struct ReturnToToday: View {
    var body: some View {
        Color.blue.opacity(0.12)
            .cornerRadius(ChipMetrics.chipRadius)
            .padding(ChipMetrics.inset)
            .background(Color.white)
            .cornerRadius(ChipMetrics.cardRadius)
    }
}
// expect warning 16:27 pinched-corner (nearest rounded ancestor)

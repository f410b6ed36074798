// modelled on: vladblajovan/Ritualist RitualistCore/Sources/RitualistCore/Styling/CardDesign.swift
// The card radius is computed by a closure that asks `#available` at run time; the inner
// radius is a plain constant. A radius decided at run time is never a finding.
import SwiftUI

struct CardTokens {
    static let cornerRadius: CGFloat = {
        if #available(iOS 26.0, *) {
            return 25
        } else {
            return 16
        }
    }()
    static let innerCornerRadius: CGFloat = 12
    static let cardPadding: CGFloat = 16
}

struct TokenCard: View {
    var body: some View {
        Text("Today")
            .padding(.horizontal, 10)
            .padding(.vertical, 6)
            .background(Color.blue.opacity(0.12))
            .cornerRadius(CardTokens.innerCornerRadius)
            .padding(CardTokens.cardPadding)
            .background(Color.white)
            .cornerRadius(CardTokens.cornerRadius)
    }
}
// expect: clean

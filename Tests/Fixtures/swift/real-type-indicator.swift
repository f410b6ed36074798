// modelled on: vladblajovan/Ritualist Ritualist/Features/Overview/Presentation/Cards/PersonalityInsightsCard.swift
// A thin coloured type indicator at the end of an insight row: a rounded rectangle whose
// radius is as large as its width. Two corners cannot share its 3 pt edge.
import SwiftUI

struct InsightRow: View {
    var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 4) {
                Text("Consistency")
                Text("You kept 5 of 7 habits")
            }
            Spacer()
            RoundedRectangle(cornerRadius: 3)
                .fill(Color.orange.opacity(0.25))
                .frame(width: 3, height: 28)
        }
        .padding(.vertical, 2)
    }
}
// expect warning 14:44 radius-overflow

// modelled on: adamauthor/MacroBudget MacroBudget/Presentation/DesignSystem/DesignTokens.swift
// Tokens for spacing and radii, and a summary card built from them that declares its
// container; the inner tile takes `CornerRadius.sm`, 10 where 22 − 16 = 6 is concentric.
import SwiftUI

enum Spacing {
    static let xs: CGFloat = 6
    static let md: CGFloat = 16
}

enum CornerRadius {
    static let sm: CGFloat = 10
    static let lg: CGFloat = 22
}

struct SummaryCard: View {
    var body: some View {
        RoundedRectangle(cornerRadius: CornerRadius.sm)
            .fill(Color.green.opacity(0.3))
            .padding(Spacing.md)
            .containerShape(RoundedRectangle(cornerRadius: CornerRadius.lg))
    }
}
// expect warning 18:40 flared-corner

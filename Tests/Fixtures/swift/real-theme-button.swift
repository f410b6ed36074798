// modelled on: anorga/liquid-notes LiquidNotes/Views/SettingsView.swift
// A theme swatch: a gradient-filled rounded rectangle with a selection ring of the same
// radius over it, above a label in a stack.
import SwiftUI

struct ThemeSwatch: View {
    let isSelected: Bool

    var body: some View {
        Button(action: {}) {
            VStack(spacing: 8) {
                RoundedRectangle(cornerRadius: UI2.corner)
                    .fill(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .frame(height: 60)
                    .overlay(
                        RoundedRectangle(cornerRadius: UI2.corner)
                            .stroke(isSelected ? Color.accentColor : Color.clear, lineWidth: 3)
                    )
                Text("Ocean")
            }
        }
    }
}

enum UI2 {
    static let corner: CGFloat = 12
}
// expect: clean

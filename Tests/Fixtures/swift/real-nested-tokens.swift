// modelled on: anorga/liquid-notes LiquidNotes/Utilities/DesignTokens.swift
// Tokens in nested enums (`UI.Corner.l`, `UI.Space.m`), used by a card that declares its
// container: the chip inside keeps the small radius, 8 where 20 − 12 = 8 is concentric.
import SwiftUI

enum UI {
    enum Corner {
        static let s: CGFloat = 8
        static let m: CGFloat = 14
        static let l: CGFloat = 20
    }
    enum Space {
        static let s: CGFloat = 6
        static let m: CGFloat = 12
    }
}

struct NoteCard: View {
    var body: some View {
        Text("Groceries")
            .padding(UI.Space.s)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(RoundedRectangle(cornerRadius: UI.Corner.s).fill(Color.yellow.opacity(0.2)))
            .padding(UI.Space.m)
            .containerShape(.rect(cornerRadius: UI.Corner.l))
    }
}
// expect: clean

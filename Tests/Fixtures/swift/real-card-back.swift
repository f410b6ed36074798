// modelled on: lramirezsuarez/PairsGame-HackingWithSwift SwiftUILiveCoding/Views/CardBack.swift
// A filled card with a border of the same radius laid over it, at a fixed size: the border
// and the fill share one outline, so the corners agree.
import SwiftUI

struct PlayingCardBack: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 14)
            .fill(Color.indigo)
            .frame(width: 120, height: 90)
            .overlay(
                RoundedRectangle(cornerRadius: 14)
                    .strokeBorder(Color.white, lineWidth: 3)
            )
    }
}
// expect: clean

// modelled on: hhp227/OurStory-iOS Application/View/UI/CardView/CardView.swift
// A generic card whose radius is a stored `var` with a default: a caller can pass any
// radius, so its corner is not a constant and nothing is claimed.
import SwiftUI

struct OutlinedCard<Content: View>: View {
    var radius: CGFloat = 12
    var content: () -> Content

    var body: some View {
        VStack(alignment: .leading) {
            content()
                .frame(minWidth: 0, maxWidth: .infinity, alignment: .topLeading)
        }
        .overlay(RoundedRectangle(cornerRadius: radius).stroke(Color.gray, lineWidth: 1))
        .padding([.leading, .trailing], 8)
    }
}
// expect: clean

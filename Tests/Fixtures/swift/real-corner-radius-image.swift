// modelled on: jezstdio/SwiftfulThinkingBootcamp SwiftfulThinkingBootcamp/ImageBootcamp.swift
// A cropped image with `.cornerRadius`: one rounded shape, nothing around it.
import SwiftUI

struct Banner: View {
    var body: some View {
        Image("landscape")
            .resizable()
            .aspectRatio(contentMode: .fill)
            .frame(width: 320, height: 150)
            .clipped()
            .cornerRadius(28)
    }
}
// expect: clean

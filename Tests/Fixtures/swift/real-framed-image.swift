// modelled on: Belladonnixi/TheVeggie_SwiftUI TheVeggie/Helpers/RoundedRectangleImage.swift
// An image clipped to a rounded rectangle with a stroke of the same shape over it.
import SwiftUI

struct FramedPhoto: View {
    var image: Image

    var body: some View {
        image
            .resizable()
            .background(Color.black.opacity(0.2))
            .clipShape(RoundedRectangle(cornerRadius: 12))
            .overlay(
                RoundedRectangle(cornerRadius: 12).stroke(.mint, lineWidth: 2)
            )
            .shadow(radius: 6)
    }
}
// expect: clean

// modelled on: 99Page/SwiftUI SwiftUITest/Modifier/MyClipShape.swift
// A column of fixed-size swatches, each clipped to its own shape: siblings, not nested.
import SwiftUI

struct SwatchColumn: View {
    var body: some View {
        VStack(spacing: 16) {
            Text("")
                .frame(width: 90, height: 44)
                .background(Color.blue)
                .clipShape(RoundedRectangle(cornerRadius: 12))
            Text("")
                .frame(width: 90, height: 44)
                .background(Color.blue)
                .clipShape(Capsule())
            Text("")
                .frame(width: 90, height: 44)
                .background(Color.blue)
                .clipShape(Circle())
        }
    }
}
// expect: clean

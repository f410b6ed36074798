// modelled on: bpradana/SwiftUI_Handbook SwiftUI_Handbook/Tutorial/ClipShapeAndSmoothCorners.swift
// One clipped panel of a fixed size on a coloured screen: nothing nested, nothing to report.
import SwiftUI

struct SmoothPanel: View {
    var body: some View {
        ZStack {
            Color.teal.ignoresSafeArea()
            VStack {
                Text("Smooth corners")
                    .bold()
            }
            .frame(width: 280, height: 180)
            .background(Color.white)
            .clipShape(RoundedRectangle(cornerRadius: 22, style: .continuous))
        }
    }
}
// expect: clean

// modelled on: sang200515/SwiftUIViews SwiftUI_Components/Animation/Youtube/ProgressBar.swift
// A progress bar: a track and a fill, square rectangles in a stack clipped with
// `.cornerRadius`. The clip is what shows at the corners: a square shape under its own
// rounded clip is not pinched.
import SwiftUI

struct ClippedProgress: View {
    var progress: Double
    var body: some View {
        ZStack(alignment: .leading) {
            Rectangle()
                .fill(Color.green.opacity(0.3))
            Rectangle()
                .fill(Color.green)
                .frame(width: 120)
        }
        .cornerRadius(25)
        .frame(height: 50)
    }
}
// expect: clean

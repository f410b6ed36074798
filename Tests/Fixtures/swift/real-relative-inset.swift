// modelled on: jaywcjlove/swiftui-example example/images-shapes-media/demo10/Demo/Demo/ContentView.swift
// A container-relative shape inset with `.inset(by:)` inside a capsule clip: the reader does
// not follow `.inset(by:)` on a shape, so it says so and claims nothing.
import SwiftUI

struct WidgetLikeTile: View {
    var body: some View {
        ZStack {
            ContainerRelativeShape()
                .inset(by: 6)
                .fill(Color.green)
            Text("Hi")
                .font(.title)
        }
        .frame(width: 260, height: 160)
        .background(Color.orange)
        .clipShape(Capsule())
    }
}
// expect: clean

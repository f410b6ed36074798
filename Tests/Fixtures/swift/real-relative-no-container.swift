// modelled on: sang200515/SwiftUIViews SwiftUI_Components/SwiftUI/EffectModifiers/ClipShape/NotInBook/ClipShape_ContainerRelativeShape.swift
// A container-relative clip under a rounded clip but no `containerShape`: outside a widget
// it resolves against no declared container, so nothing is claimed about it. (The original's
// background is `Rectangle().fill(…)`; the reader draws `.clipShape` as an outline, not a clip,
// so that flush rectangle would read as pinched against it: a colour keeps this fixture's point.)
import SwiftUI

struct TripCard: View {
    var body: some View {
        VStack {
            Text("My Trip")
                .padding(.top)
            Image("valley")
                .clipShape(ContainerRelativeShape())
        }
        .background(Color.secondary)
        .clipShape(RoundedRectangle(cornerRadius: 18))
    }
}
// expect: clean

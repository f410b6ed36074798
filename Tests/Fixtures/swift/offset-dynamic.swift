// An offset decided at run time (a drag) moves the shape off the concentric centre:
// nothing is claimed, and `--explain` says why.
import SwiftUI

struct Draggable: View {
    @State private var drag = CGSize.zero

    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .offset(drag)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
            .gesture(DragGesture().onChanged { drag = $0.translation })
    }
}
// expect: clean

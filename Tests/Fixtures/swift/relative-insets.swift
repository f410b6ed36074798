// A container-relative panel with different padding on each edge: one inset for the whole
// shape makes some corners rounder than concentric.
import SwiftUI

struct Panel: View {
    var body: some View {
        ContainerRelativeShape()
            .padding(EdgeInsets(top: 6, leading: 10, bottom: 20, trailing: 14))
            .frame(width: 300, height: 200)
            .containerShape(.rect(cornerRadius: 30))
    }
}
// expect warning 7:9 relative-uneven-insets

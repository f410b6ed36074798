// The same inset on every edge: container-relative is concentric.
import SwiftUI

struct EvenPanel: View {
    var body: some View {
        ContainerRelativeShape()
            .padding(10)
            .frame(width: 300, height: 200)
            .containerShape(.rect(cornerRadius: 30))
    }
}
// clean example of: relative-uneven-insets
// expect: clean

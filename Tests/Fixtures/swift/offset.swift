// An offset moves the shape off the concentric centre at run time: nothing is claimed.
import SwiftUI

struct Shifted: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .offset(x: 6)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

// Local constants in the body count like literals.
import SwiftUI

struct LocalCard: View {
    var body: some View {
        let outer: CGFloat = 30
        let gap = 10.0
        RoundedRectangle(cornerRadius: outer - gap - 4)
            .padding(gap)
            .containerShape(.rect(cornerRadius: outer))
    }
}
// expect warning 8:40 pinched-corner

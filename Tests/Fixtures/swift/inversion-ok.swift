// A badge corner below the container's 12 pt corner, far from its corners.
import SwiftUI

struct QuietBadgePanel: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .frame(width: 100, height: 100)
            .frame(width: 300, height: 300)
            .containerShape(.rect(cornerRadius: 12))
    }
}
// clean example of: radius-inversion
// expect: clean

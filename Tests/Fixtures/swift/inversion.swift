// A 20 pt badge corner inside a 12 pt container, far from its corners: rounder than the
// corner around it.
import SwiftUI

struct BadgePanel: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 20)
            .frame(width: 100, height: 100)
            .frame(width: 300, height: 300)
            .containerShape(.rect(cornerRadius: 12))
    }
}
// expect warning 7:40 radius-inversion

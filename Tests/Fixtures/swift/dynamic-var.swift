// `var radius` can be set by the caller (memberwise init): not a constant.
import SwiftUI

struct ConfigurableCard: View {
    var radius: CGFloat = 4
    var body: some View {
        RoundedRectangle(cornerRadius: radius)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

// iOS 26: ConcentricRectangle follows the declared container; nothing to report.
import SwiftUI

struct Tile: View {
    var body: some View {
        ConcentricRectangle()
            .fill(.orange)
            .padding(12)
            .containerShape(.rect(cornerRadius: 28))
    }
}
// clean example of: missing-minimum
// expect: clean

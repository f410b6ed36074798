// One shape and size in a row, uniform: the minimum is at least what the outer corners get.
import SwiftUI

struct EvenRow: View {
    var body: some View {
        HStack(spacing: 8) {
            ConcentricRectangle(corners: .concentric(minimum: 16))
                .frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 16))
                .frame(width: 86, height: 76)
        }
        .padding(12)
        .frame(width: 204, height: 100)
        .containerShape(.rect(cornerRadius: 28))
    }
}
// clean example of: uneven-siblings
// expect: clean

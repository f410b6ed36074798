// A ConcentricRectangle whose minimum fits the rounded background around it, which
// declares no container: 8 ≤ 20 − 12. Nothing to report.
import SwiftUI

struct Thumb: View {
    var body: some View {
        ConcentricRectangle(corners: .concentric(minimum: 8))
            .frame(width: 200, height: 120)
            .padding(12)
            .background(RoundedRectangle(cornerRadius: 20))
    }
}
// clean example of: container-too-tight
// expect: clean

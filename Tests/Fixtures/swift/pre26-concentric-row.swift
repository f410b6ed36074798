// Three ConcentricRectangles side by side in a rounded card that declares no container.
// By Apple's rule they follow the nearest container shape above them, which the code does
// not declare: the card is not one. What they draw comes from whatever shows the view
// (a sheet, the display's corners, a window): far from its corners each draws its
// minimum, 8, and the row is even; near them the outer ones follow it. Neither the row's
// evenness nor the outer ones' radius is in the code, so nothing is claimed (docs/
// swift-check.md, rule 5). The minimum fits the card's corner (20 − 12 = 8).
import SwiftUI

struct ConcentricChips: View {
    var body: some View {
        HStack(spacing: 8) {
            ConcentricRectangle(corners: .concentric(minimum: 8)).frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 8)).frame(width: 86, height: 76)
            ConcentricRectangle(corners: .concentric(minimum: 8)).frame(width: 86, height: 76)
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect: clean

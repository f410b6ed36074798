// The toolbar of spacer-row.swift without a frame: the row is as long as whatever shows
// it, so where the Spacer leaves the buttons is not in the code. Nothing is claimed.
import SwiftUI

struct LooseToolbar: View {
    var body: some View {
        HStack(spacing: 0) {
            RoundedRectangle(cornerRadius: 4)
                .frame(width: 44, height: 44)
            Spacer()
            RoundedRectangle(cornerRadius: 4)
                .frame(width: 44, height: 44)
        }
        .padding(8)
        .background(RoundedRectangle(cornerRadius: 20))
    }
}
// expect: clean

// A grouped list's section: rows flush with the section, cut by its
// `.clipShape`, so each top and bottom row's outer corners are the clip's 26.
// The rows are not pinched against it (they were each reported so, with a help
// to give `Rectangle()` a `cornerRadius:`: a new user's trial, 2026-12-06).
import SwiftUI

struct GroupedSection: View {
    var body: some View {
        VStack(spacing: 1) {
            Rectangle().fill(.white).frame(height: 52)
            Rectangle().fill(.white).frame(height: 52)
        }
        .clipShape(RoundedRectangle(cornerRadius: 26))
        .padding(.horizontal, 16)
    }
}
// expect: clean

// A radius chosen at run time is never a finding.
import SwiftUI

struct AdaptiveCard: View {
    var isCompact: Bool
    var body: some View {
        RoundedRectangle(cornerRadius: isCompact ? 8 : 30)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

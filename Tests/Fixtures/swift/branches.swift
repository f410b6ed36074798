// Which branch shows is decided at run time.
import SwiftUI

struct MaybeCard: View {
    var expanded: Bool
    var body: some View {
        Group {
            if expanded {
                RoundedRectangle(cornerRadius: 2)
            } else {
                Capsule()
            }
        }
        .padding(12)
        .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

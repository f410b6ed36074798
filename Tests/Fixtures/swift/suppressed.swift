// A finding the author has decided is right, silenced on the line before with the
// suppression scenes use too; a suppression that silences nothing is itself reported.
import SwiftUI

struct DeliberateCard: View {
    var body: some View {
        // scene:ignore pinched-corner -- the photo is deliberately squarer
        RoundedRectangle(cornerRadius: 4)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}

struct CleanCard: View {
    var body: some View {
        // scene:ignore flared-corner
        RoundedRectangle(cornerRadius: 12)
            .padding(12)
            .containerShape(.rect(cornerRadius: 24))
    }
}
// expect warning 16:25 unused-suppression

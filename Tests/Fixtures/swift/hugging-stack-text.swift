// A VStack of a fixed-height photo and a line of text: the text's height is not in the
// code, so neither is the stack's, nor where the photo's corners sit against the card's.
import SwiftUI

struct CaptionCard: View {
    var body: some View {
        VStack(spacing: 8) {
            RoundedRectangle(cornerRadius: 8)
                .frame(height: 120)
            Text("Caption")
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 24))
    }
}
// expect: clean

// Inside a GeometryReader the child's place is decided at run time.
import SwiftUI

struct MeasuredCard: View {
    var body: some View {
        GeometryReader { proxy in
            RoundedRectangle(cornerRadius: 4)
                .frame(width: proxy.size.width / 2)
        }
        .padding(12)
        .containerShape(.rect(cornerRadius: 24))
    }
}
// expect: clean

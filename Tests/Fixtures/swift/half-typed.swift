// Half-typed code: the parser recovers, the reader reads what it can, nothing crashes.
import SwiftUI

struct Unfinished: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 
            .padding(12
            .containerShape(.rect(cornerRadius: 24))
    }
// expect: clean

// Default glass is a capsule; a capsule inside a capsule is concentric by nature.
import SwiftUI

struct GlassPill: View {
    var body: some View {
        Capsule()
            .fill(.blue)
            .padding(6)
            .glassEffect()
    }
}
// expect: clean

// The container's radius is a design token, 20, where the minimum 16 needs 16 + 12 = 28:
// `--fix` sets the token where it is declared (`static let card: CGFloat = 28`), the
// one place the code says it, since every use of it is in this view.
import SwiftUI

enum Radius {
    static let card: CGFloat = 20
    static let inset: CGFloat = 12
}

struct TokenTight: View {
    var body: some View {
        ConcentricRectangle(corners: .concentric(minimum: 16), isUniform: true)
            .padding(Radius.inset)
            .containerShape(.rect(cornerRadius: Radius.card))
    }
}
// expect warning 13:9 container-too-tight

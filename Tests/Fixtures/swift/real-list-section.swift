// modelled on: virgi-septian/SwiftUI-by-Apple-Developer-Documentation SwiftUIByExample/ImagesShapesMedia/ImagesShapesMedia/UseContainerRelativeShape.swift
// A tile inside a List section: the list places and sizes the tile at run time, but the
// shape and the container it declares are both inside the tile, so that nesting is certain.
import SwiftUI

struct SectionTile: View {
    var body: some View {
        List {
            Section {
                RoundedRectangle(cornerRadius: 2)
                    .padding(8)
                    .containerShape(.rect(cornerRadius: 24))
                    .frame(width: 300, height: 200)
            }
        }
    }
}
// expect warning 10:48 pinched-corner

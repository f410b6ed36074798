import SceneLang

// Items a node writes that are the very shape it draws, kept in no box: a
// `container …` or a `glass …` shape on a node with no shape of its own (every
// node of a chain of containers, of a glass list). What they publish or layer is
// then the shape's own radii and kind, and the item's range sits where the shape
// item's would (`shapeOffset`, `shapeLength`: the node has none), when it fits
// there (`fitsSlot`: at most 255 bytes long, starting within 65,533 bytes of the
// node's start; else it is boxed). Once radii are resolved, a change to any of
// their parts boxes them as any other shape keeps them (`unpackDrawnItems`);
// between flatten and `resolveAll`, which list neither (no `DeclaredContainer`, no
// `LayerSpec`), nothing changes them.
extension ResolvedShape {
    /// The range kept in `shapeOffset` and `shapeLength`, against the node's.
    var slotRange: SourceRange {
        let start = nodeRange.start + Int(shapeOffset)
        return SourceRange(start, start + Int(shapeLength))
    }

    /// Whether `r` can be kept in `shapeOffset` and `shapeLength` by a node at
    /// `node`: within reach of the node's start, 255 bytes long at most.
    static func fitsSlot(_ r: SourceRange, node: SourceRange) -> Bool {
        let offset = r.start - node.start
        return offset >= 0 && offset < Int(shapeRangeInExtras) && r.length <= Int(UInt8.max)
    }

    /// Keeps `r` in `shapeOffset` and `shapeLength` when it fits (`fitsSlot`);
    /// false, changing nothing, when not.
    mutating func placeInSlot(_ r: SourceRange) -> Bool {
        guard Self.fitsSlot(r, node: nodeRange) else { return false }
        shapeOffset = UInt16(r.start - nodeRange.start); shapeLength = UInt8(r.length)
        return true
    }

    /// The container it declares is its drawn shape, kept in no box: a node that
    /// draws its `container …` and has no shape of its own (every node of a chain
    /// of containers), whose container publishes the radii it is drawn with. Its
    /// radii and kind are then the shape's, once declared (`isContainer`), and the
    /// `container` item's range is kept where the shape item's would be. (The
    /// box of the three was 80 bytes a node of such a chain, and the resolver
    /// worked the same radii out twice.) Any change to the three boxes them.
    var containerIsDrawn: Bool { bits & Self.drawnContainerBit != 0 }

    /// Its one layer is its `glass` shape, which is the shape it draws (a node
    /// with `glass concentric …` and no shape, nor other layer, of its own: every
    /// node of a glass list): the layer's radii and kind are the shape's, and the
    /// `glass` item's range is kept where the shape item's would be. (Its array of
    /// one layer was 96 bytes of heap a node, and the layer's description 64 more
    /// while radii resolved, which resolved the same spec a second time.)
    var glassIsDrawn: Bool { bits & Self.drawnGlassBit != 0 }

    /// Either: the slot holds that item's range, not the shape item's.
    var slotHoldsDrawnItem: Bool { bits & (Self.drawnContainerBit | Self.drawnGlassBit) != 0 }

    /// The drawn glass layer, read back (`glassIsDrawn`).
    var drawnGlassLayer: ShapeLayer { ShapeLayer(.glass, kind: kind, radii: radii, range: slotRange) }

    /// Whether it has layers, in its box or drawn, read without building them.
    var hasLayers: Bool { glassIsDrawn || extras?.hasLayers == true }

    /// The container's radii, kind and `range` moved into the box, as a drawn
    /// container is kept by a shape that is not (before any of them changes).
    mutating func unpackContainer(range r: SourceRange) {
        guard containerIsDrawn else { return }
        let (radii, kind) = (containerRadii, containerKind)
        flag(Self.drawnContainerBit, false)
        shapeOffset = Self.noShapeRange; shapeLength = 0
        update { $0.containerRadii = radii; $0.containerKind = kind; $0.containerRange = r }
    }

    /// The drawn glass layer, at `range`, moved into the box as any layer is kept.
    mutating func unpackGlass(range r: SourceRange) {
        guard glassIsDrawn else { return }
        var layer = drawnGlassLayer
        layer.range = r
        flag(Self.drawnGlassBit, false)
        shapeOffset = Self.noShapeRange; shapeLength = 0
        layers = [layer]
    }

    /// Whichever drawn item the slot holds, moved into the box with range `r`.
    mutating func unpackDrawnItems(range r: SourceRange) {
        unpackContainer(range: r)
        unpackGlass(range: r)
    }
}

extension ResolvedShape {
    /// Its layers other than the one it draws (grammar rule 2: on a node with no shape
    /// item, its glass shape, else its first background): what the JSON's `layers`
    /// lists, and where the table finds a clip.
    public var layersBesidesDrawn: [ShapeLayer] {
        if glassIsDrawn { return [] }
        guard let all = extras?.layers, !all.isEmpty else { return [] }
        guard shapeRange == nil,
              let k = all.firstIndex(where: { $0.use == .glass }) ?? all.firstIndex(where: { $0.use == .background })
        else { return all }
        var out = all
        out.remove(at: k)
        return out
    }

    /// The radii of the shape it clips what it holds to, if it has a `clip`.
    public var clipRadii: Radii? {
        guard !glassIsDrawn, extras?.hasLayers == true else { return nil }
        return extras?.layers.first(where: { $0.use == .clip })?.radii
    }
}

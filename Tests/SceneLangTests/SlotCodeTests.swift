import Testing
@testable import SceneLang

/// The slot codes are the enums' own bytes (`unsafeBitCast`): checked to round-trip for
/// every type that has them, and the check itself shown to catch a type it would break on.
struct SlotCodeTests {
    @Test func everySlotCodeTypeRoundTrips() {
        #expect(ShapeKind.codesRoundTrip)
        #expect(Edge.codesRoundTrip)
        #expect(Alignment.codesRoundTrip)
        #expect(StackAxis.codesRoundTrip)
        #expect(CornerStyle.codesRoundTrip)
        #expect(Role.codesRoundTrip)
        #expect(Keyword.codesRoundTrip)
        #expect(ShapeSlot.Form.codesRoundTrip)
        #expect(CornerSet.codesRoundTrip)
        #expect(SlotCodes.verified)
    }

    /// The parser reads a corner set from its token's keyword and the evaluator
    /// reads its corners as a mask: both tables are made from the enums, and
    /// agree with `corners` and the sets' names for every keyword and set.
    @Test func cornerSetTablesAgreeWithTheEnums() {
        for set in CornerSet.allCases {
            #expect(Keyword(rawValue: set.rawValue) != nil, "the parser reads `\(set.rawValue)` as a keyword")
            #expect(Int(set.cornerMask) == set.corners.reduce(0) { $0 | 1 << $1.rawValue })
        }
        for k in Keyword.allCases { #expect(CornerSet(keyword: k) == CornerSet(rawValue: k.rawValue)) }
    }

    /// A shape item's and a stack's packed fields decode to what was encoded, and
    /// each form of shape has its own `a`.
    @Test func packedFieldsRoundTrip() {
        var shapes: [ShapeSlot] = ShapeKind.allCases.flatMap { [ShapeSlot.plain($0), .radius($0), .fourRadii($0)] }
        for m in [false, true] {
            for u in [false, true] { shapes += [.concentric(.init(minimum: m, uniform: u)), .clauses(.init(minimum: m, uniform: u))] }
        }
        for x in shapes {
            var s = Slot(tag: .shape, a: 0xff, b: 0xff)
            x.encode(into: &s)
            #expect(ShapeSlot(s) == x)
        }
        #expect(Set(shapes.map(\.fields.a)).count == ShapeSlot.Form.allCases.count)
        #expect(ShapeSlot.concentric(.init(minimum: true, uniform: false)) != .concentric(.init(minimum: false, uniform: true)))
        for axis in StackAxis.allCases {
            for flags in [StackSlot.Flags(), .hasSpacing] {
                var s = Slot(tag: .stack, a: 0xff, b: 0xff)
                StackSlot(axis: axis, flags: flags).encode(into: &s)
                #expect(StackSlot(s) == StackSlot(axis: axis, flags: flags))
            }
        }
    }

    /// One byte, but the byte is a payload, not the case's number.
    enum Payload: SlotCode {
        case value(UInt8)
        static var allCases: [Payload] { [.value(7), .value(9)] }
    }

    /// Two bytes: no one-byte code at all.
    enum Wide: SlotCode {
        case small(UInt8), large(UInt8)
        static var allCases: [Wide] { [.small(0), .large(0)] }
    }

    @Test func theCheckCatchesTypesWhoseBytesAreNotCodes() {
        #expect(!Payload.codesRoundTrip)
        #expect(!Wide.codesRoundTrip)
    }
}

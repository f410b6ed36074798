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
        #expect(SlotCodes.verified)
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

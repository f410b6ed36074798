import Testing
@testable import SceneLang

/// `Corner.four`, the corners walked without an array, against `allCases`.
struct CornerTests {
    @Test func fourIsAllCasesInOrder() {
        #expect(Array(Corner.four) == Corner.allCases)
        #expect(Corner.four.count == Corner.allCases.count)
        for (n, k) in Corner.four.enumerated() { #expect(k.rawValue == n) }
    }
}

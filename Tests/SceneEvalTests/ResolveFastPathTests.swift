import Testing
import SceneLang
@testable import SceneEval

/// The resolver's cheap forms of slower definitions (issue 11): each must agree
/// with the definition it replaces, on every case.
struct ResolveFastPathTests {
    /// `ModelDecision.bit` is a switch; the bits are the cases' places in
    /// declaration order, which `Decisions.list` and the JSON rely on.
    @Test func decisionBitsFollowDeclarationOrder() {
        for (i, d) in ModelDecision.allCases.enumerated() {
            #expect(d.bit == UInt16(1) << UInt16(i), "\(d)")
        }
        let all = Decisions(ModelDecision.allCases)
        #expect(all.list == ModelDecision.allCases)
    }

    /// `EdgeLimit.overflows` (a mask of corners) answers as `worst(…) != nil`
    /// (a set of corners) does: every mask, radii around each edge's limit.
    @Test func overflowsAgreesWithWorst() {
        let values: [Double] = [0, 5, 10, 10.000001, 10.00001, 15, 20, 40]
        let sizes: [(Double, Double)] = [(20, 20), (20, 40), (40, 20), (30, 30)]
        var checked = 0, overflowing = 0
        for (w, h) in sizes {
            for a in values { for b in values { for c in values { for d in [0.0, 10, 25] {
                let r = Radii(a, b, c, d)
                for mask in 0..<16 {
                    let only = Set(Corner.allCases.filter { mask & (1 << $0.rawValue) != 0 })
                    let expected = EdgeLimit.worst(r, width: w, height: h, only: mask == 15 ? nil : only) != nil
                    #expect(EdgeLimit.overflows(r, width: w, height: h, only: UInt8(mask)) == expected,
                            "\(r) in \(w)x\(h), corners \(mask)")
                    checked += 1
                    if expected { overflowing += 1 }
                }
            } } } }
        }
        // Both answers occur (the comparison is not vacuous).
        #expect(overflowing > 0 && overflowing < checked)
    }

    /// `ConcentricSpec.fixedCorners` is the corners whose style is `fixed`.
    @Test func fixedCornersMask() {
        let styles: [CornerValue] = [.concentric(minimum: nil), .concentric(minimum: 4), .fixed(8)]
        for a in styles { for b in styles { for c in styles { for d in styles {
            var spec = ConcentricSpec(all: .concentric(minimum: nil))
            spec.corners = Corners(a, b, c, d)
            var expected: UInt8 = 0
            for k in Corner.allCases { if case .fixed = spec[k] { expected |= 1 << UInt8(k.rawValue) } }
            #expect(spec.fixedCorners == expected)
        } } } }
    }
}

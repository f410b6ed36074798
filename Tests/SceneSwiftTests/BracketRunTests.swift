import Testing
import SceneLang
import SceneEval
@testable import SceneSwift

/// A run of `[` made swift-syntax's look-ahead exponential (the `swift` fuzz target's timeout:
/// `static let g[[[[…[ap: CGFloat = 8` with 70 of them; 24 took over 100 s). The reader reads
/// past `longestBracketRun` of them as spaces, so such a file is read at once, offsets kept.
@Suite struct BracketRunTests {
    static func file(_ n: Int) -> SourceFile {
        let run = String(repeating: "[", count: n)
        return SourceFile(name: "Run.swift", text: """
            import SwiftUI
            enum M {
                static let g\(run)ap: CGFloat = 8
            }
            struct V: View { var body: some View { RoundedRectangle(cornerRadius: 4).padding(8) } }
            """)
    }

    @Test(.timeLimit(.minutes(1))) func aLongRunOfBracketsIsReadAtOnce() {
        let f = Self.file(70)
        let read = SwiftRead([f])
        _ = read.check()
        #expect(SwiftRead.defusingBracketRuns(f.bytes).count == f.bytes.count)
    }

    @Test func onlyTheRunPastTheLimitChanges() {
        let n = SwiftRead.longestBracketRun
        let short = Self.file(n).bytes
        #expect(SwiftRead.defusingBracketRuns(short) == short)
        let long = Self.file(n + 3).bytes
        let out = SwiftRead.defusingBracketRuns(long)
        let changed = zip(long, out).filter { $0 != $1 }
        #expect(changed.count == 3)
        #expect(changed.allSatisfy { $0.0 == UInt8(ascii: "[") && $0.1 == UInt8(ascii: " ") })
        #expect(SwiftRead.defusingBracketRuns(Array("[ [\n[".utf8)) == Array("[ [\n[".utf8))
    }
}

import Testing
import SceneLang
@testable import SceneSwift

/// A `//` comment holding bytes that are not UTF-8: swift-syntax's text of it is
/// longer than its bytes (each bad byte read as U+FFFD, three), and the comments'
/// ranges were summed from those lengths, so a suppression comment after it was
/// read past the file's end (the `swift` fuzz target's crash,
/// Tests/Fixtures/fuzz/crashes/swift-comment-not-utf8).
struct CommentBytesTests {
    @Test func aCommentWithBytesThatAreNotUTF8KeepsEveryCommentInPlace() {
        var bytes = Array("struct A: View {\n    var body: some View {\n        // scene:ignore f".utf8)
        bytes += [UInt8](repeating: 0xF5, count: 40)
        bytes += Array("lared-corner  // and more\n        // scene:ignore pinched-corner -- why\n".utf8)
        bytes += Array("        RoundedRectangle(cornerRadius: 4)\n    }\n}\n".utf8)
        let f = SourceFile(name: "A.swift", bytes: bytes)
        let comments = SwiftRead.comments(f)
        #expect(comments.count == 2)
        for c in comments {
            #expect(c.range.start >= 0 && c.range.end <= bytes.count)
            #expect(Array(bytes[c.range.start..<c.range.start + 2]) == Array("//".utf8))
        }
        let last = comments.last.map { String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self) }
        #expect(last == "// scene:ignore pinched-corner -- why")
    }
}

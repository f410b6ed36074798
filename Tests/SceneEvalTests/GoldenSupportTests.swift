import Foundation
import Testing
import SceneTestSupport

/// The shared golden helper itself: one record switch, writes that throw, folders
/// that must be whole.
struct GoldenSupportTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scene-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func onlyOneRecords() {
        #expect(Golden.isRecording(["SCENE_RECORD": "1"]))
        for value in ["0", "", "true", "yes", "01", " 1"] {
            #expect(!Golden.isRecording(["SCENE_RECORD": value]), "SCENE_RECORD=\(value) must not record")
        }
        #expect(!Golden.isRecording([:]))
    }

    @Test func recordingWritesAndFailsOnPurpose() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.txt")
        withKnownIssue("a recording run fails on purpose") {
            try Golden.check("new\n", at: url, filter: "X", recording: true)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
    }

    @Test func aFailedWriteThrows() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/a.txt")
        #expect(throws: (any Error).self) { try Golden.check("x", at: url, filter: "X", recording: true) }
    }

    @Test func aMissingOrDifferentGoldenFails() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.txt")
        withKnownIssue("missing") { try Golden.check("x", at: url, filter: "X", recording: false) }
        try "one\ntwo\n".write(to: url, atomically: true, encoding: .utf8)
        withKnownIssue("differs") { try Golden.check("one\nthree\n", at: url, filter: "X", recording: false) }
        try Golden.check("one\ntwo\n", at: url, filter: "X", recording: false)
        #expect(Golden.firstDifference("one\nthree\n", "one\ntwo\n")?.line == 2)
        #expect(Golden.firstDifference("a\n", "a\n") == nil)
    }

    @Test func aFolderMustBeWhole() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.in", "a.out", "b.in", "c.out", "README.md"] {
            try "".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let folder = Golden.Folder(dir.path, input: "in", output: "out", minimum: 3)
        #expect(folder.names == ["a", "b"])
        #expect(folder.problems() == ["\(dir.path) holds 2 .in files, expected at least 3",
                                      "\(dir.path)/b.in has no b.out", "\(dir.path)/c.out has no c.in"])
        let gone = Golden.Folder(dir.appendingPathComponent("gone").path, input: "in", output: "out", minimum: 1)
        #expect(gone.names.isEmpty)
        #expect(gone.problems().count == 1 && gone.problems()[0].contains("cannot be read"))
    }
}

// The Swift reader (`scene check View.swift`) on arbitrary bytes: half-typed code, deep
// nesting, non-UTF-8. It must not crash or hang; every finding and explanation lies
// inside the input; the scene it writes compiles whenever it has views; `--fix`'s edits
// stay inside the input.
import SceneLang
import SceneEval
import SceneSwift

extension Targets {
    static func swift(_ data: UnsafeBufferPointer<UInt8>) {
        let f = SourceFile(name: "Fuzz.swift", bytes: Array(data))
        let read = SwiftRead([f])
        for r in read.check() {
            for d in r.diagnostics {
                require(d.range.start <= d.range.end && d.range.end <= f.bytes.count, "finding outside the input: \(d)")
                for e in d.fixes { require(e.range.end <= f.bytes.count, "fix outside the input: \(e)") }
            }
        }
        if !read.viewNames.isEmpty {
            let c = Pipeline.compile(read.sceneFile)
            require(c.scene != nil || c.diagnostics.hasErrors, "the views' scene neither compiles nor says why")
        }
    }
}

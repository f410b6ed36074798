import SceneLang

// The JSON document of a scene read from other source: `scene run FILE.swift --json`,
// whose shapes are said where their code is, not on the lines of the scene made from it.
extension JSONWriter {
    /// `"screen": …, "target": …, "margin": …, "shapes": [` (the document's start is written).
    static func appendSceneHead(_ scene: ResolvedScene, to o: inout SVGBuffer) {
        let s = scene.screen
        o.raw("  \"screen\": {\"name\": ")
        if let name = s.name { appendString(name, to: &o) } else { o.raw("null") }
        o.raw(", \"width\": "); num(s.width, &o)
        o.raw(", \"height\": "); num(s.height, &o)
        o.raw(", \"radius\": "); num(s.radius, &o)
        o.raw("},\n  \"target\": "); appendString(scene.target.rawValue, to: &o)
        o.raw(",\n  \"margin\": "); num(scene.margin, &o)
        o.raw(",\n  \"shapes\": [")
    }

    /// Where a shape's code is, for a scene read from other source (SwiftUI views): its
    /// file's name and the line and column there.
    public struct ShapeOrigin: Sendable {
        public var file: String
        public var location: SourceLocation
        public init(file: String, location: SourceLocation) { self.file = file; self.location = location }
    }

    /// The document for a scene read from other source (`scene run FILE.swift --json`):
    /// each shape's `file`, `line` and `column` say where its code is (`origin`, by the
    /// shape's index; nil: none of the three), not its line in the scene made from it,
    /// and each diagnostic is placed in its own file, as said in that source.
    public static func write(_ scene: ResolvedScene, origin: (Int) -> ShapeOrigin?,
                             diagnostics: [(Diagnostic, SourceFile)], to sink: (UnsafeRawBufferPointer) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var o = SVGBuffer(cacheCorners: false, flush: sink)
            o.raw("{\n")
            appendSceneHead(scene, to: &o)
            scene.shapes.withUnsafeBufferPointer { all in
                for i in all.indices {
                    o.raw(i == 0 ? "\n    " : ",\n    ")
                    let at = origin(i)
                    var name = SVGBuffer.Bytes()
                    if let at { appendString(at.file, to: &name) }
                    appendShape(all.baseAddress! + i, in: scene, index: i, location: at?.location,
                                fileName: at == nil ? nil : name, to: &o)
                }
            }
            o.raw(scene.shapes.isEmpty ? "],\n" : "\n  ],\n")
            o.raw("  \"diagnostics\": [")
            for (k, (d, file)) in diagnostics.enumerated() {
                o.raw(k == 0 ? "\n    " : ",\n    ")
                var name = SVGBuffer.Bytes()
                appendString(file.name, to: &name)
                appendDiagnostic(d, fileName: name, start: file.location(of: d.range.start), end: file.location(of: d.range.end), to: &o)
            }
            o.raw(diagnostics.isEmpty ? "]\n" : "\n  ]\n")
            o.raw("}\n")
            o.finish()
        }
    }
}

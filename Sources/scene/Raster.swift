// `scene run … -o x.png` / `-o x.pdf`: the SVG drawn by librsvg (SceneRaster), written
// whole or not at all; `--scale` and `--background`.
import SceneLang
import SceneEval
import SceneREPL
import SceneRaster

/// `--scale N` (PNG pixels per point; default 2, a Retina screen) and `--background`.
struct RasterOptions {
    var scale = 2.0
    /// Fill the canvas with the screen's colour before drawing (else transparent).
    var screenBackground = false

    /// The largest `--scale`: 16 pixels per point.
    static let maxScale = 16.0

    /// Sets `flag` to `value`; a usage problem when the value is not one it takes.
    mutating func set(_ flag: String, _ value: String) -> String? {
        switch flag {
        case "--scale":
            guard let v = Double(value), v.isFinite, v > 0, v <= Self.maxScale else {
                return "`--scale` takes a number of pixels per point above 0 and at most \(Format.number(Self.maxScale)), not `\(value)`"
            }
            scale = v
        default:
            switch value {
            case "transparent": screenBackground = false
            case "screen": screenBackground = true
            default: return "`--background` takes `transparent` or `screen`, not `\(value)`"
            }
        }
        return nil
    }
}

/// The scene as PNG or PDF into `sink`; a missing library ends the process with 69 and
/// how to install it, a failed drawing with 70; the output file is then left as it was.
func writeRaster(_ scene: ResolvedScene, from file: SourceFile, as request: RunRequest, to sink: OutputFile) {
    let (first, other) = panels(scene, from: file, as: request)
    let svg = SVGWriter.bytes(first, compare: other, options: request.options)
    let background = request.raster.screenBackground ? Raster.Colour(hex: SVGWriter.screenColour) : nil
    switch Raster.render(svg: svg, as: request.format == "pdf" ? .pdf : .png, scale: request.raster.scale,
                         background: background) {
    case .success(let bytes): bytes.withUnsafeBytes { sink.write($0) }
    case .failure(.missing(let why)):
        sink.discard()
        fail("writing \(request.format.uppercased()) needs librsvg, which could not be loaded (\(why));\n"
            + "  help: \(Raster.installHelp), or write SVG with `-o \(svgName(request.output ?? "out"))`", Exit.unavailable)
    case .failure(.failed(let why)):
        sink.discard()
        fail("cannot draw \(request.output ?? "the picture"): \(why)", Exit.software)
    }
}

/// `map.png` → `map.svg`.
func svgName(_ path: String) -> String {
    let ext = outputExtension(path)
    return ext.isEmpty ? path + ".svg" : String(path.dropLast(ext.count)) + "svg"
}

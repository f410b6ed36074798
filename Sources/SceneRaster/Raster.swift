import CRsvg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG and PDF from SVG text, through librsvg and cairo loaded at run time (`CRsvg`):
/// no browser, no `rsvg-convert` process. docs/raster.md says why the libraries are
/// loaded rather than linked, and what was measured.
public enum Raster {
    public enum Format: Sendable { case png, pdf }

    public enum Failure: Error, Equatable, Sendable {
        /// librsvg (or cairo through it) is not installed: `why` is the loader's message.
        case missing(why: String)
        /// The libraries are there but could not draw this SVG.
        case failed(String)
    }

    /// A colour, each channel 0…1.
    public struct Colour: Sendable, Equatable {
        public var red, green, blue, alpha: Double
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
        /// `#rrggbb`, or nil.
        public init?(hex: String) {
            let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
            guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
            self.init(red: Double(v >> 16 & 0xff) / 255, green: Double(v >> 8 & 0xff) / 255, blue: Double(v & 0xff) / 255)
        }
    }

    /// How to install the libraries, for the message `scene` prints when they are missing.
    public static let installHelp: String = {
        #if os(macOS)
        "install librsvg (`brew install librsvg`, which brings cairo)"
        #else
        "install librsvg (Debian and Ubuntu: `apt-get install librsvg2-2`, which brings cairo; Fedora: `dnf install librsvg2`)"
        #endif
    }()

    /// `svg` drawn as `format`: a PNG at `scale` pixels per point, a PDF of the SVG's size in
    /// points; the canvas filled with `background` first (nil: transparent).
    public static func render(svg: [UInt8], as format: Format, scale: Double = 2,
                              background: Colour? = nil) -> Result<[UInt8], Failure> {
        let rgba: [Double] = background.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [0, 0, 0, 0]
        if scene_rsvg_static_process() != 0 { return Helper.render(svg: svg, format: format, scale: scale, rgba: rgba) }
        var message = [CChar](repeating: 0, count: 512)
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        let status = svg.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                scene_rsvg_render(chars.baseAddress!, chars.count, format == .png ? 0 : 1, scale, rgba,
                                  &out, &length, &message, message.count)
            }
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case 0:
            defer { free(out) }
            return .success(out.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? [])
        case 1: return .failure(.missing(why: text))
        default: return .failure(.failed(text))
        }
    }
}

// Interface stub: the AppKit subset the `--verify-harness` render uses, with
// Apple's labels and types (NSBitmapImageRep, developer.apple.com/documentation/appkit).
@_exported import Foundation
@_exported import CoreGraphics

open class NSImageRep {}

open class NSBitmapImageRep: NSImageRep {
    public enum FileType: UInt, Sendable { case tiff, bmp, gif, jpeg, png, jpeg2000 }
    public struct PropertyKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    public init(cgImage: CGImage) {}
    open func representation(using storageType: NSBitmapImageRep.FileType,
                             properties: [NSBitmapImageRep.PropertyKey: Any]) -> Data? { nil }
}

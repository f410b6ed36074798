// What a folder given on the command line stands for: the one walk `scene` (its
// `.scene` files, whether Swift is among them) and `scene-swift` (its `.swift` and
// `.scene` files) both use.
import Foundation

public enum InputFiles {
    /// Whether `path` names a folder.
    public static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// `path` itself when it is not a folder; else the files below it whose names end
    /// in one of `suffixes`, in name order, each as `path/…`. `skippingBuilds`: not
    /// those under a `.build/` folder (SwiftPM's build products and checked-out
    /// packages, which `scene-swift` never reads).
    public static func expand(_ path: String, endingIn suffixes: [String], skippingBuilds: Bool) -> [String] {
        guard isFolder(path) else { return [path] }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.filter { name in
            suffixes.contains { name.hasSuffix($0) } && !(skippingBuilds && name.contains(".build/"))
        }.sorted().map { base + "/" + $0 }
    }
}
